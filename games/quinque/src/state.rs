//! Positions: the tiles in play with their parachutes, the reserves, the
//! supply, whose action it is, and what the end rules need (Q7).

use crate::action::Action;
use crate::legal::FollowedAnalysis;
use crate::repetition::History;
use plateau::{Outcome, Player};
use serde::{Deserialize, Serialize};

/// A tile in play on cell `(x, y)` (Q2.1), with its parachutes.
///
/// The parachutist in column `i`, row `j` of the tile (`0 ≤ i, j <
/// points_per_side`, from the bottom left) is bit `j * points_per_side + i`
/// of the masks; it stands on point `(points_per_side·x + i,
/// points_per_side·y + j)` (Q2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tile {
    /// The cell's column.
    pub x: i32,
    /// The cell's row.
    pub y: i32,
    /// Red parachutes, one bit per parachutist.
    pub red: u16,
    /// Orange parachutes, one bit per parachutist.
    pub orange: u16,
}

impl Tile {
    /// A tile without parachutes on cell `(x, y)`.
    pub fn new(x: i32, y: i32) -> Tile {
        Tile {
            x,
            y,
            red: 0,
            orange: 0,
        }
    }

    /// A tile drawn as a picture: rows from the top, separated by `/`, one
    /// character per parachutist: `R` red, `O` orange, `.` free. `"R./.O"` is
    /// a 2×2 tile with red top left and orange bottom right.
    pub fn parse(x: i32, y: i32, picture: &str) -> Result<Tile, String> {
        let rows: Vec<&str> = picture.split('/').map(str::trim).collect();
        let side = rows.len();
        if side == 0 || side > crate::params::MAX_POINTS_PER_SIDE as usize {
            return Err(format!("tile picture '{picture}': 1 to 4 rows"));
        }
        let mut tile = Tile::new(x, y);
        for (r, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != side {
                return Err(format!(
                    "tile picture '{picture}': row '{row}' has {} parachutists, not {side}",
                    chars.len()
                ));
            }
            let j = side - 1 - r;
            for (i, c) in chars.iter().enumerate() {
                let bit = 1u16 << (j * side + i);
                match c {
                    'R' | 'r' => tile.red |= bit,
                    'O' | 'o' => tile.orange |= bit,
                    '.' => {}
                    other => {
                        return Err(format!(
                            "tile picture '{picture}': '{other}' is not R, O or ."
                        ))
                    }
                }
            }
        }
        Ok(tile)
    }

    /// The parachutes of a colour.
    pub fn of(&self, colour: Player) -> u16 {
        if colour.0 == 0 {
            self.red
        } else {
            self.orange
        }
    }

    /// The parachutists that carry a parachute of either colour.
    pub fn marked(&self) -> u16 {
        self.red | self.orange
    }

    /// The number of parachutes on the tile, both colours (Q6).
    pub fn parachutes(&self) -> u32 {
        self.marked().count_ones()
    }

    /// Puts a parachute of `colour` on parachutist `slot`.
    pub(crate) fn put(&mut self, colour: Player, slot: u32) {
        let bit = 1u16 << (slot & 15);
        if colour.0 == 0 {
            self.red |= bit;
        } else {
            self.orange |= bit;
        }
    }
}

/// Why a game ended (Q7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The active player completed a line of their own parachutes (Q7.1);
    /// the line has `line_length` points, five in the standard game.
    LineCompleted,
    /// The active player's action completed only the opponent's line (Q7.1).
    OpponentLine,
    /// Both reserves were empty at the end of a turn (Q7.2).
    ReservesEmpty,
    /// The turn cap was reached (Q7.3).
    TurnCap,
    /// A position was seen `repetition` times (Q7.3).
    Repetition,
}

impl EndReason {
    /// The outcome reason, in kebab case.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::LineCompleted => "line-completed",
            EndReason::OpponentLine => "opponent-line-completed",
            EndReason::ReservesEmpty => "reserves-empty",
            EndReason::TurnCap => "turn-cap",
            EndReason::Repetition => "repetition",
        }
    }
}

/// How the game ended: the winner (`None`: a draw) and the reason.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ending {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Ending {
    /// The framework's outcome.
    pub fn outcome(&self) -> Outcome {
        match self.winner {
            Some(p) => Outcome::win(p, self.reason.as_str()),
            // The turn cap and the repetition draw are both engine caps (Q7.3).
            None if matches!(self.reason, EndReason::TurnCap | EndReason::Repetition) => {
                Outcome::cap(self.reason.as_str())
            }
            None => Outcome::draw(self.reason.as_str()),
        }
    }
}

/// A Quinque position.
///
/// A clone costs the tiles in play (at most 32 of 12 bytes) and the
/// repetition history: one 64-bit hash per action since the last mark, so
/// at most `2 · max_turns` of them (two actions a turn; 400, 3.2 KB, under
/// the shipped rules). Without a turn cap the history is bounded only by the
/// repetition rule itself, which ends the game on a position's
/// `repetition`-th visit (Q7.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuinqueState {
    /// The tiles in play, in the order they came into play; the first is the
    /// tile of the opening on cell (0,0) (Q3.1), unless it moved since.
    pub tiles: Vec<Tile>,
    /// Tiles left in the supply (Q3.1).
    pub supply: u32,
    /// Parachutes left in each player's reserve, Red first.
    pub reserves: [u32; 2],
    /// The player to act.
    pub to_move: Player,
    /// Whether that player is at the second action of the turn (Q3.2).
    pub second_action: bool,
    /// The tile marked this turn, as an index into `tiles` (Q4.3).
    pub marked: Option<u8>,
    /// Turns completed, both players counted (Q7.3).
    pub turns: u32,
    /// The last action played, if any.
    pub last: Option<Action>,
    /// Hashes of the positions recorded since the last mark (Q7.3): a mark
    /// takes a parachute from a reserve for good, so no earlier position can
    /// come back. Empty when the rules have no repetition cap.
    pub history: History,
    /// How the game ended, once it has.
    pub ending: Option<Ending>,
    /// The analysis random playouts carry from one action to the next; not
    /// part of the position (see [`FollowedAnalysis`]).
    #[serde(skip)]
    pub analysis: FollowedAnalysis,
}

impl QuinqueState {
    /// The index of the tile on cell `(x, y)`.
    pub fn tile_at(&self, x: i32, y: i32) -> Option<usize> {
        self.tiles.iter().position(|t| t.x == x && t.y == y)
    }

    /// Parachutes of both colours on the tiles.
    pub fn parachutes_on_board(&self) -> [u32; 2] {
        let mut count = [0; 2];
        for t in &self.tiles {
            count[0] += t.red.count_ones();
            count[1] += t.orange.count_ones();
        }
        count
    }
}
