//! The rules parameters (read from `rules-data/hus/*.toml`) and their
//! validation.

use crate::board::{pack, Packed, PITS};
use plateau::RulesError;
use serde::{Deserialize, Serialize};

/// Who moves first (H2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum First {
    /// South (player 0) moves first.
    South,
    /// North (player 1) moves first.
    North,
    /// Drawn by lot from the game's seed.
    Random,
}

/// The start layout (H2.1): each side's 16 pits in index form (H1.4),
/// `a8, a7, …, a1, b1, …, b8`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartLayout {
    /// South's pits at the start.
    pub south: Vec<u32>,
    /// North's pits at the start.
    pub north: Vec<u32>,
}

/// Hus's rules parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HusParams {
    /// Who moves first: `south`, `north` or `random` (H2.2).
    pub first: First,
    /// A move whose sowing has not ended after this many sowings is endless
    /// and not legal (H3.7).
    pub max_sowings: u32,
    /// Engine cap: after this many moves the game is a draw (`0` = none, H4.3).
    pub max_plies: u32,
    /// The stones in every pit at the start (H2.1).
    pub start: StartLayout,
}

/// The fewest stones a game may hold: with more than 32 stones at most one
/// side can be left with only single stones (H4.1), so a move never makes
/// both players lose.
pub const MIN_STONES: u32 = 33;
/// The most stones a game may hold (a pit holds at most 255).
pub const MAX_STONES: u32 = 255;

/// Checks the parameters and gives the packed start sides (south, north).
pub(crate) fn validate(params: &HusParams) -> Result<[Packed; 2], RulesError> {
    if params.max_sowings == 0 {
        return Err(
            RulesError::new("must be at least 1 (the first sowing of a move counts)")
                .key("max_sowings")
                .value(params.max_sowings),
        );
    }
    let south = side("start.south", &params.start.south)?;
    let north = side("start.north", &params.start.north)?;
    let total: u32 = params.start.south.iter().chain(&params.start.north).sum();
    if !(MIN_STONES..=MAX_STONES).contains(&total) {
        return Err(RulesError::new(format!(
            "the start holds {total} stones in all; it must hold {MIN_STONES} to {MAX_STONES} \
             (with 32 or fewer both sides could be left with single stones, H4.1)"
        ))
        .key("start"));
    }
    Ok([pack(south), pack(north)])
}

fn side(key: &str, pits: &[u32]) -> Result<[u8; PITS], RulesError> {
    let shown = || format!("{pits:?}");
    if pits.len() != PITS {
        return Err(RulesError::new(format!(
            "must list 16 pits in index form (a8 … a1, b1 … b8; H1.4), not {}",
            pits.len()
        ))
        .key(key)
        .value(shown()));
    }
    let mut out = [0u8; PITS];
    for (i, &n) in pits.iter().enumerate() {
        out[i] = u8::try_from(n).map_err(|_| {
            RulesError::new(format!("a pit holds at most {MAX_STONES} stones"))
                .key(format!("{key}[{i}]"))
                .value(n)
        })?;
    }
    if !pits.iter().any(|&n| n >= 2) {
        return Err(RulesError::new(
            "no pit holds 2 or more stones: this side could never move (H3.1, H4.1)",
        )
        .key(key)
        .value(shown()));
    }
    Ok(out)
}
