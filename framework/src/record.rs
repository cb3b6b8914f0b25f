//! Game records: everything needed to replay a game.

use crate::Outcome;
use serde::{Deserialize, Serialize};

/// The current record format version.
pub const RECORD_FORMAT: u32 = 1;

/// A game record: game id, variant, the full parameters, the seed and the
/// moves in notation, with the outcome once the game is over. Replaying the
/// moves from the seed's start position gives the same state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Record format version.
    pub format: u32,
    /// The game's identifier, e.g. `hus`.
    pub game: String,
    /// The variant (or user rules file) the parameters came from.
    pub variant: String,
    /// The full rules parameters.
    pub params: serde_json::Value,
    /// The seed of the start position.
    pub seed: u64,
    /// The moves in the game's notation, in order.
    pub moves: Vec<String>,
    /// The player who resigned, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<crate::Player>,
    /// The outcome, when the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl GameRecord {
    /// Reads a record from JSON text.
    pub fn from_json(text: &str) -> Result<Self, crate::RecordError> {
        let record: GameRecord =
            serde_json::from_str(text).map_err(|e| crate::RecordError::Format(e.to_string()))?;
        if record.format != RECORD_FORMAT {
            return Err(crate::RecordError::Format(format!(
                "unsupported record format {} (this program reads {RECORD_FORMAT})",
                record.format
            )));
        }
        Ok(record)
    }

    /// The record as pretty JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serializes")
    }
}
