//! The rules parameters (read from `rules-data/quinque/*.toml`) and their
//! validation.

use plateau::{Player, RulesError};
use serde::{Deserialize, Serialize};

/// The most tiles a game may have: sets of tiles are 32-bit masks.
pub const MAX_TILES: u32 = 32;
/// The most parachutists along one side of a tile: a tile's parachutes are
/// 16-bit masks.
pub const MAX_POINTS_PER_SIDE: u32 = 4;
/// The longest line that may be asked for.
pub const MAX_LINE_LENGTH: u32 = 64;

/// A colour of parachutes, naming a player: Red is player 0, Orange player 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red, player 0.
    Red,
    /// Orange, player 1.
    Orange,
}

impl Colour {
    /// The player of this colour.
    pub fn player(self) -> Player {
        match self {
            Colour::Red => Player(0),
            Colour::Orange => Player(1),
        }
    }
}

/// Where a tile may move (Q5.4, and each row of the table of Q6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    /// The tile cannot move.
    None,
    /// One step to an edge-adjacent cell (Q6, one parachute).
    OrthogonalStep,
    /// One step to a diagonally adjacent cell.
    DiagonalStep,
    /// One step to any of the eight surrounding cells.
    AnyStep,
    /// Any distance along its row or column (Q6, two parachutes).
    Orthogonal,
    /// Any distance along its two diagonals (Q6, three parachutes).
    Diagonal,
    /// Any distance along its eight lines (Q5.4; Q6, four parachutes).
    Any,
}

impl Reach {
    /// Whether the reach follows the row and the column.
    pub fn orthogonal(self) -> bool {
        matches!(
            self,
            Reach::OrthogonalStep | Reach::AnyStep | Reach::Orthogonal | Reach::Any
        )
    }

    /// Whether the reach follows the diagonals.
    pub fn diagonal(self) -> bool {
        matches!(
            self,
            Reach::DiagonalStep | Reach::AnyStep | Reach::Diagonal | Reach::Any
        )
    }

    /// Whether the reach is a single step.
    pub fn step(self) -> bool {
        matches!(
            self,
            Reach::OrthogonalStep | Reach::DiagonalStep | Reach::AnyStep
        )
    }

    /// The name used in the rules data.
    pub fn name(self) -> &'static str {
        match self {
            Reach::None => "none",
            Reach::OrthogonalStep => "orthogonal-step",
            Reach::DiagonalStep => "diagonal-step",
            Reach::AnyStep => "any-step",
            Reach::Orthogonal => "orthogonal",
            Reach::Diagonal => "diagonal",
            Reach::Any => "any",
        }
    }

    /// Whether a step of `(dx, dy)` cells (not both zero) follows this reach.
    pub fn allows(self, dx: i64, dy: i64) -> bool {
        let orthogonal = dx == 0 || dy == 0;
        let diagonal = dx == dy || dx == -dy;
        let near = dx.abs() <= 1 && dy.abs() <= 1;
        ((orthogonal && self.orthogonal()) || (diagonal && self.diagonal()))
            && (near || !self.step())
    }

    /// A short phrase for messages, e.g. "along its diagonals".
    pub fn phrase(self) -> &'static str {
        match self {
            Reach::None => "cannot move",
            Reach::OrthogonalStep => "moves one step to an edge-adjacent cell",
            Reach::DiagonalStep => "moves one step to a diagonally adjacent cell",
            Reach::AnyStep => "moves one step to one of the eight surrounding cells",
            Reach::Orthogonal => "moves along its row or column",
            Reach::Diagonal => "moves along its diagonals",
            Reach::Any => "moves along its row, column or diagonals",
        }
    }
}

/// Quinque's rules parameters. Every key is present in the shipped TOML
/// files (`rules-data/quinque/basic.toml` and `advanced.toml`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuinqueParams {
    /// The colour that acts first (Q1.1, a choice of RULES.md).
    pub first: Colour,
    /// Tiles in the game: one on cell (0,0) at the start, the rest in the
    /// supply (Q1.1, Q3.1). At most [`MAX_TILES`].
    pub tiles: u32,
    /// Parachutes of each player (Q1.1).
    pub parachutes: u32,
    /// Parachutists along a side of a tile (Q2.2: 2, a 2×2 block). At most
    /// [`MAX_POINTS_PER_SIDE`].
    pub points_per_side: u32,
    /// Own parachutes in a row that win (Q7.1: 5).
    pub line_length: u32,
    /// Whether the advanced movement of Q6 replaces Q5.4.
    pub advanced: bool,
    /// Q6's table: entry `k` is where a tile carrying `k` parachutes may move
    /// under the advanced rules. It has `points_per_side² + 1` entries.
    pub advanced_moves: Vec<Reach>,
    /// Engine cap: turns in all, both players counted (Q7.3); `0` = none.
    pub max_turns: u32,
    /// Engine cap: a position seen this many times is a draw (Q7.3); `0` = none.
    pub repetition: u32,
}

impl QuinqueParams {
    /// Checks the parameters; the error names the key.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(1..=MAX_TILES).contains(&self.tiles) {
            return Err(
                RulesError::new(format!("must be between 1 and {MAX_TILES}"))
                    .key("tiles")
                    .value(self.tiles),
            );
        }
        if self.parachutes == 0 {
            return Err(RulesError::new(
                "must be at least 1 (the first action of the game is a mark)",
            )
            .key("parachutes")
            .value(self.parachutes));
        }
        if !(1..=MAX_POINTS_PER_SIDE).contains(&self.points_per_side) {
            return Err(
                RulesError::new(format!("must be between 1 and {MAX_POINTS_PER_SIDE}"))
                    .key("points_per_side")
                    .value(self.points_per_side),
            );
        }
        if !(2..=MAX_LINE_LENGTH).contains(&self.line_length) {
            return Err(
                RulesError::new(format!("must be between 2 and {MAX_LINE_LENGTH}"))
                    .key("line_length")
                    .value(self.line_length),
            );
        }
        let rows = (self.points_per_side * self.points_per_side + 1) as usize;
        if self.advanced_moves.len() != rows {
            let names: Vec<&str> = self.advanced_moves.iter().map(|r| r.name()).collect();
            return Err(RulesError::new(format!(
                "needs one entry per number of parachutes on a tile, 0 to {}: {rows} entries, not {}",
                rows - 1,
                self.advanced_moves.len()
            ))
            .key("advanced_moves")
            .value(format!("{names:?}")));
        }
        if self.repetition == 1 {
            return Err(RulesError::new(
                "must be 0 (none) or at least 2: every position is seen once",
            )
            .key("repetition")
            .value(self.repetition));
        }
        Ok(())
    }

    /// Parachutists on a tile: `points_per_side²`.
    pub fn points_per_tile(&self) -> u32 {
        self.points_per_side * self.points_per_side
    }
}
