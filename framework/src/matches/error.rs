//! The one error type of the match layer.

use thiserror::Error;

/// Why a match refused a request. Each variant has a stable [`kind`]
/// (for protocols) and a message in plain words (for people).
///
/// [`kind`]: MatchError::kind
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MatchError {
    /// Another player is to move. The message names only whose turn it is.
    #[error("it is {to_move}'s turn")]
    NotYourTurn {
        /// The name of the player to move.
        to_move: String,
    },
    /// This client may not do that (a spectator playing, a seat acting for
    /// another, a requester answering its own request).
    #[error("{0}")]
    NotAllowed(String),
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// The move is not legal here; nothing changed.
    #[error("illegal move '{mv}': {reason}")]
    Illegal {
        /// The move as the session names it.
        mv: String,
        /// Why it is not legal, as the session says it.
        reason: String,
    },
    /// The text is not a move of this game.
    #[error("{0}")]
    Parse(String),
    /// A move given by index is not in the list of legal moves.
    #[error("no legal move has index {index}: there are {count} legal moves")]
    BadIndex {
        /// The index given.
        index: usize,
        /// How many legal moves there are.
        count: usize,
    },
    /// The token names no seat of this match.
    #[error("this token holds no seat of the match (without a token the match is watched as a spectator)")]
    BadToken,
    /// An agent spec was refused; nothing was created.
    #[error("the agent of {seat}: {message}")]
    BadAgent {
        /// The seat, by player name.
        seat: String,
        /// The agent layer's message.
        message: String,
    },
    /// The seats do not fit the game (their number, an empty name).
    #[error("{0}")]
    BadSeats(String),
    /// An agent found no move (an outside program's fault: `reason` says
    /// what it did wrong).
    #[error("the agent '{spec}' of {seat} found no move{}", reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default())]
    AgentFailed {
        /// The seat, by player name.
        seat: String,
        /// The agent's spec.
        spec: String,
        /// Why, where the agent says ([`DynAgent::failure`](crate::DynAgent::failure)).
        reason: Option<String>,
    },
    /// Moves cannot be taken back (none to take back, a request pending, a
    /// move that hid or showed hidden information).
    #[error("{0}")]
    UndoRefused(String),
    /// There is no request or offer to answer, or this client is not asked.
    #[error("{0}")]
    NoRequest(String),
    /// A draw cannot be offered now.
    #[error("{0}")]
    DrawRefused(String),
    /// A record or a saved match could not be read or replayed.
    #[error("{0}")]
    BadRecord(String),
    /// A clock's settings are out of bounds or do not parse.
    #[error("{0}")]
    BadClock(String),
    /// The system failed (the operating system's random generator).
    #[error("{0}")]
    Internal(String),
}

impl MatchError {
    /// A stable identifier of the error's kind, e.g. `not_your_turn`.
    pub fn kind(&self) -> &'static str {
        match self {
            MatchError::NotYourTurn { .. } => "not_your_turn",
            MatchError::NotAllowed(_) => "not_allowed",
            MatchError::GameOver(_) => "game_over",
            MatchError::Illegal { .. } => "illegal_move",
            MatchError::Parse(_) => "bad_move",
            MatchError::BadIndex { .. } => "bad_index",
            MatchError::BadToken => "bad_token",
            MatchError::BadAgent { .. } => "bad_agent",
            MatchError::BadSeats(_) => "bad_seats",
            MatchError::AgentFailed { .. } => "agent_failed",
            MatchError::UndoRefused(_) => "undo_refused",
            MatchError::NoRequest(_) => "no_request",
            MatchError::DrawRefused(_) => "draw_refused",
            MatchError::BadRecord(_) => "bad_record",
            MatchError::BadClock(_) => "bad_clock",
            MatchError::Internal(_) => "internal",
        }
    }

    /// A session's refusal of the move `text`, with the session's message.
    pub(crate) fn from_play(e: crate::PlayError, text: &str) -> MatchError {
        match e {
            crate::PlayError::Parse(p) => MatchError::Parse(p.to_string()),
            crate::PlayError::Illegal { mv, reason } => MatchError::Illegal { mv, reason },
            crate::PlayError::GameOver => MatchError::GameOver("no move can be played".into()),
            e @ crate::PlayError::TooLong { .. } => MatchError::Illegal {
                mv: crate::escape_controls(&text.chars().take(80).collect::<String>()).into_owned(),
                reason: e.to_string(),
            },
        }
    }
}
