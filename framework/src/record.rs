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
    /// The player whose flag fell (out of time on a match's clock), if one
    /// did: the game ends there, reason `time`. Absent from records without
    /// one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flagged: Option<crate::Player>,
    /// The outcome, when the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Whether the players agreed a draw after the moves (the game ends
    /// drawn, reason `draw-agreed`). Absent from records without one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draw_agreed: bool,
    /// Who played each seat, in player order, when known (a match's record):
    /// a person's name or an agent's spec. Absent when unknown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<RecordPlayer>,
}

/// Who played one seat of a recorded game: a person (by name), an agent (by
/// spec), or nobody known (both absent).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordPlayer {
    /// A person's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// An agent's spec, e.g. `mcts:time=1s`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
}

impl GameRecord {
    /// Reads a record from JSON text.
    pub fn from_json(text: &str) -> Result<Self, crate::RecordError> {
        let mut reader = serde_json::Deserializer::from_str(text);
        let record: GameRecord = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
            let mut path = e.path().to_string();
            let message = e.inner().to_string();
            if message.starts_with("unknown field") {
                // The path ends with the unknown field, which the message names.
                path = path
                    .rsplit_once('.')
                    .map_or("", |(parent, _)| parent)
                    .to_string();
            }
            let plain = crate::plain_words::plain_serde_message(&message);
            let at = crate::plain_words::json_position(&message)
                .map(|(line, column)| format!(" (line {line}, column {column})"))
                .unwrap_or_default();
            crate::RecordError::Format(if matches!(path.as_str(), "." | "?" | "") {
                format!("{plain}{at}")
            } else {
                format!("{path}: {plain}{at}")
            })
        })?;
        if record.format != RECORD_FORMAT {
            return Err(crate::RecordError::Format(format!(
                "unsupported record format {} (this program reads {RECORD_FORMAT})",
                record.format
            )));
        }
        Ok(record)
    }

    /// The record of the same game before any move: its rules, seed and
    /// players, no move, resignation, flag fall, agreed draw or outcome.
    pub fn start(&self) -> GameRecord {
        GameRecord {
            moves: Vec::new(),
            resigned: None,
            flagged: None,
            outcome: None,
            draw_agreed: false,
            ..self.clone()
        }
    }

    /// The record as pretty JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serializes")
    }
}
