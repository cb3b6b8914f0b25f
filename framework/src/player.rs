//! Players, numbered from 0.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player (seat) of a game, numbered from 0 in turn order of the rules
/// (player 0 is Stratego's Red, Hus's South, Quinque's Red).
///
/// Each game names its players ([`crate::Game::player_name`]); the number is
/// what the engine, records and protocols use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Player(pub u8);

impl Player {
    /// The first player, number 0.
    pub const FIRST: Player = Player(0);
    /// The second player, number 1.
    pub const SECOND: Player = Player(1);

    /// The player's number as an index (0 for the first player).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other player of a two-player game. It is not "the player who
    /// moves next": that is [`crate::Game::status`]'s answer, and a player
    /// may act twice in a row (Quinque's second action, Stratego's
    /// reconquest step).
    pub const fn opponent(self) -> Player {
        Player(1 - self.0)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}
