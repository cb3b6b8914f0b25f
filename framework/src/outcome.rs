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
}

impl Outcome {
    /// A win for `winner` for the given reason.
    pub fn win(winner: Player, reason: &'static str) -> Self {
        Outcome {
            winner: Some(winner),
            reason: Cow::Borrowed(reason),
            scores: None,
        }
    }

    /// A draw for the given reason.
    pub fn draw(reason: &'static str) -> Self {
        Outcome {
            winner: None,
            reason: Cow::Borrowed(reason),
            scores: None,
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
