//! Mechanics shared by the sowing (mancala) games: the two sides of the
//! board by name, the text cell of a pit, and the string conversions of a
//! pit type named in JSON. The rules themselves (how a sowing goes on, what
//! it captures, how the game ends) stay each game's own.

use crate::board::Cell;
use crate::{Game, Outcome, Player, Status};
use serde::{Deserialize, Serialize};

/// A side of a two-row pit board by name, as it appears in JSON.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// South, player 0.
    South,
    /// North, player 1.
    North,
}

impl Side {
    /// The side's player.
    pub const fn player(self) -> Player {
        match self {
            Side::South => Player(0),
            Side::North => Player(1),
        }
    }

    /// The player's side.
    pub const fn of(player: Player) -> Side {
        if player.0 == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    /// The side's name, `south` or `north`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

/// One value for each side, as it appears in JSON: `{"south": …, "north": …}`
/// (the stones or the stores of a position).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BySide<T> {
    /// South's (player 0's) value.
    pub south: T,
    /// North's (player 1's) value.
    pub north: T,
}

/// A pit's count in four columns, `.` when empty; bracketed, `[3]`, when
/// `marked` (a count too wide for brackets is flagged `>`).
pub fn cell(n: u8, marked: bool) -> String {
    let count = if n == 0 {
        ".".to_string()
    } else {
        n.to_string()
    };
    match marked {
        false => format!("{count:>4}"),
        true if count.len() <= 2 => format!("{:>4}", format!("[{count}]")),
        true => format!(">{count:>3}"),
    }
}

/// The players at a table seen from `seat` (South's seat when `None`): the
/// one sitting there and the opponent across the board.
pub fn seats(seat: Option<Player>) -> (Player, Player) {
    let me = Player(seat.map_or(0, |p| p.0 & 1));
    (me, me.opponent())
}

/// The display cell of the pit `name` holding `count` stones, owned by
/// `owner`: its count as text, blank when empty.
pub fn pit_cell(name: String, count: u8, owner: Player) -> Cell {
    let text = if count == 0 {
        String::new()
    } else {
        count.to_string()
    };
    Cell::square(name).text(text).owner(owner)
}

/// The status of a position: over, with the outcome `outcome` gives, when
/// `over`; else `to_move` to play. The outcome is worked out only for a
/// finished game (the status is asked for at every ply of a playout).
#[inline(always)]
pub fn status(to_move: Player, over: bool, outcome: impl FnOnce() -> Option<Outcome>) -> Status {
    if over {
        Status::Over(outcome().expect("a finished state has an outcome"))
    } else {
        Status::ToMove(to_move)
    }
}

/// The closing line of a text board, `game over after N moves: …`, for a
/// game ended by `outcome` after `ply` moves.
pub fn game_over_line<G: Game>(game: &G, ply: u32, outcome: &Outcome) -> String {
    format!(
        "game over after {ply} move{}: {}",
        if ply == 1 { "" } else { "s" },
        crate::describe_outcome(game, Some(outcome))
    )
}

/// Implements `From<$pit> for String` (its `Display`) and
/// `TryFrom<String> for $pit` (by `$parse`, a `fn(&str) -> Result<$pit,
/// String>`), the pair a pit type needs to be named by a string in JSON
/// (`#[serde(into = "String", try_from = "String")]`).
#[macro_export]
macro_rules! pit_string_conversions {
    ($pit:ty, $parse:expr) => {
        impl From<$pit> for String {
            fn from(pit: $pit) -> String {
                pit.to_string()
            }
        }

        impl TryFrom<String> for $pit {
            type Error = String;
            fn try_from(text: String) -> Result<$pit, String> {
                let parse: fn(&str) -> Result<$pit, String> = $parse;
                parse(&text)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_four_columns_wide_and_brackets_when_marked() {
        assert_eq!(cell(0, false), "   .");
        assert_eq!(cell(12, false), "  12");
        assert_eq!(cell(0, true), " [.]");
        assert_eq!(cell(12, true), "[12]");
        assert_eq!(cell(123, true), ">123");
        assert_eq!(Side::of(Player(1)), Side::North);
        assert_eq!(Side::South.player(), Player(0));
        assert_eq!(Side::North.name(), "north");
    }
}
