//! The rules parameters (read from `rules-data/oware/*.toml`) and their
//! validation.

use crate::board::MAX_HOUSES;
use plateau::RulesError;
use serde::{Deserialize, Serialize};

/// Oware's rules parameters (O1.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwareParams {
    /// Houses in each player's row (6 in the standard rules).
    pub houses: u32,
    /// Seeds in every house at the start (4 in the standard rules).
    pub seeds: u32,
}

/// The largest `houses × (seeds + 1)`: a position (the seeds in every house
/// and the player to move) must fit one exact 64-bit code (see
/// [`crate::repetition`]).
pub const MAX_SIZE: u32 = 31;

/// Checks the parameters.
pub(crate) fn validate(params: &OwareParams) -> Result<(), RulesError> {
    if !(1..=MAX_HOUSES as u32).contains(&params.houses) {
        return Err(
            RulesError::new(format!("a row has 1 to {MAX_HOUSES} houses (O1.1)"))
                .key("houses")
                .value(params.houses),
        );
    }
    if params.seeds == 0 {
        return Err(
            RulesError::new("every house holds at least 1 seed at the start (O1.1)")
                .key("seeds")
                .value(params.seeds),
        );
    }
    if params.houses.saturating_mul(params.seeds.saturating_add(1)) > MAX_SIZE {
        return Err(RulesError::new(format!(
            "houses × (seeds + 1) is {} × {} here; it must be at most {MAX_SIZE}, so that a \
             position fits one exact 64-bit code (6 houses take up to 4 seeds, 4 houses up to 6)",
            params.houses,
            u64::from(params.seeds) + 1
        ))
        .key("seeds")
        .value(params.seeds));
    }
    Ok(())
}
