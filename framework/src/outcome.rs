//! Whose turn it is, or how the game ended.

use crate::Player;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended, in kebab case, for example `flag-captured`,
    /// `no-legal-move` or `move-cap`.
    pub reason: Cow<'static, str>,
    /// Final scores by player number, where the game scores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i64>>,
    /// Whether the game was stopped by a cap (a limit of the rules data,
    /// such as a maximum number of moves, or of a benchmark) rather than
    /// decided by play. Search and statistics tell the two apart by this
    /// field, never by the reason's text.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capped: bool,
}

impl Outcome {
    /// A win for `winner` for the given reason.
    pub fn win(winner: Player, reason: &'static str) -> Self {
        Outcome {
            winner: Some(winner),
            reason: Cow::Borrowed(reason),
            scores: None,
            capped: false,
        }
    }

    /// A draw for the given reason.
    pub fn draw(reason: &'static str) -> Self {
        Outcome {
            winner: None,
            reason: Cow::Borrowed(reason),
            scores: None,
            capped: false,
        }
    }

    /// A draw because a cap stopped the game (see [`Outcome::capped`]).
    pub fn cap(reason: &'static str) -> Self {
        Outcome {
            capped: true,
            ..Outcome::draw(reason)
        }
    }

    /// The same outcome marked as stopped by a cap (see [`Outcome::capped`]).
    pub fn as_capped(mut self) -> Self {
        self.capped = true;
        self
    }

    /// Whether this outcome and `other` say the same of the game: the same
    /// winner, reason and scores. The `capped` mark is left out, so that a
    /// record written before the mark existed still matches its replay.
    pub fn same_result(&self, other: &Outcome) -> bool {
        self.winner == other.winner && self.reason == other.reason && self.scores == other.scores
    }

    /// The return of `player` in a two-or-more-player zero-sum reading of
    /// the outcome: 1 for the winner, -1 for the others, 0 for everyone in a
    /// draw. This is the default of [`Game::returns`](crate::Game::returns).
    pub fn win_loss_return(&self, player: Player) -> f64 {
        match self.winner {
            None => 0.0,
            Some(w) if w == player => 1.0,
            Some(_) => -1.0,
        }
    }

    /// The same outcome with scores attached.
    pub fn with_scores(mut self, scores: Vec<i64>) -> Self {
        self.scores = Some(scores);
        self
    }

    /// Whether the game was drawn.
    pub fn is_draw(&self) -> bool {
        self.winner.is_none()
    }
}

/// The status of a position: a player is to act, or the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// This player makes the next move (or the next action of a multi-action turn).
    ToMove(Player),
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// The player to move, if the game is not over.
    pub fn to_move(&self) -> Option<Player> {
        match self {
            Status::ToMove(p) => Some(*p),
            Status::Over(_) => None,
        }
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Status::ToMove(_) => None,
            Status::Over(o) => Some(o),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over(_))
    }
}
