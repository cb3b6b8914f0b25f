//! Error responses: every failure names a [`ErrorKind`] and says what is wrong.

/// What went wrong with a request, as the `kind` of an error response.
///
/// Kinds are stable strings (`ErrorKind::as_str`); docs/PROTOCOL.md lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The line is not a JSON object (invalid JSON, invalid UTF-8, another JSON value).
    Parse,
    /// The line is longer than the server accepts; it was skipped up to its end.
    LineTooLong,
    /// `cmd` names no command.
    UnknownCommand,
    /// A field is missing, has the wrong type, or is not a field of the command.
    BadRequest,
    /// No registered game has that identifier.
    UnknownGame,
    /// The game has no shipped variant of that name.
    UnknownVariant,
    /// The rules (TOML text or `set` overrides) are invalid.
    BadRules,
    /// No open game has that `id`.
    UnknownId,
    /// The game has no player of that number or name.
    UnknownPlayer,
    /// The move text is not a move in the game's notation.
    BadMove,
    /// The move is not legal in the position; nothing was played.
    IllegalMove,
    /// The game is over: no move can be played or generated.
    GameOver,
    /// There is no move (or not that many moves) to take back.
    NothingToUndo,
    /// The record cannot be read or replayed.
    BadRecord,
    /// The agent spec names no agent or has a bad argument.
    UnknownAgent,
    /// A seat sent a move, or asked for moves, on another player's turn.
    NotYourTurn,
    /// The request is not allowed through this id: a seat naming another
    /// player, `state` or `record` from a seat in a game of hidden
    /// information, an undo the match refuses, a spectator acting, or
    /// joining a seat that is held.
    NotAllowed,
    /// There is no undo request or draw offer to answer, or this seat is
    /// not asked.
    NoRequest,
    /// The server has as many open games as it may hold.
    TooManyGames,
    /// The agent asked for a move gave none though the game goes on: an
    /// outside program broke the protocol, crashed or ran out of time.
    AgentFailed,
}

impl ErrorKind {
    /// Every kind, in the order docs/PROTOCOL.md lists them.
    pub const ALL: [ErrorKind; 20] = [
        ErrorKind::Parse,
        ErrorKind::LineTooLong,
        ErrorKind::UnknownCommand,
        ErrorKind::BadRequest,
        ErrorKind::UnknownGame,
        ErrorKind::UnknownVariant,
        ErrorKind::BadRules,
        ErrorKind::UnknownId,
        ErrorKind::UnknownPlayer,
        ErrorKind::BadMove,
        ErrorKind::IllegalMove,
        ErrorKind::GameOver,
        ErrorKind::NothingToUndo,
        ErrorKind::BadRecord,
        ErrorKind::UnknownAgent,
        ErrorKind::NotYourTurn,
        ErrorKind::NotAllowed,
        ErrorKind::NoRequest,
        ErrorKind::TooManyGames,
        ErrorKind::AgentFailed,
    ];

    /// The kind as written in responses, e.g. `illegal_move`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::LineTooLong => "line_too_long",
            ErrorKind::UnknownCommand => "unknown_command",
            ErrorKind::BadRequest => "bad_request",
            ErrorKind::UnknownGame => "unknown_game",
            ErrorKind::UnknownVariant => "unknown_variant",
            ErrorKind::BadRules => "bad_rules",
            ErrorKind::UnknownId => "unknown_id",
            ErrorKind::UnknownPlayer => "unknown_player",
            ErrorKind::BadMove => "bad_move",
            ErrorKind::IllegalMove => "illegal_move",
            ErrorKind::GameOver => "game_over",
            ErrorKind::NothingToUndo => "nothing_to_undo",
            ErrorKind::BadRecord => "bad_record",
            ErrorKind::UnknownAgent => "unknown_agent",
            ErrorKind::NotYourTurn => "not_your_turn",
            ErrorKind::NotAllowed => "not_allowed",
            ErrorKind::NoRequest => "no_request",
            ErrorKind::TooManyGames => "too_many_games",
            ErrorKind::AgentFailed => "agent_failed",
        }
    }
}

/// A failed request: its kind, a message for people, and for a list of moves
/// the 1-based position of the move that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ServeError {
    pub kind: ErrorKind,
    pub message: String,
    pub index: Option<usize>,
}

impl ServeError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        ServeError {
            kind,
            message: message.into(),
            index: None,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        ServeError::new(ErrorKind::BadRequest, message)
    }

    /// Marks the error as about the `index`-th (1-based) move of a list.
    pub fn at_index(mut self, index: usize) -> Self {
        self.index = Some(index);
        self
    }
}

/// The error of a refusal of the match layer, by its kind: the kinds the
/// protocol had for the same refusals are kept (an undo the match refuses
/// to a seat is `not_allowed`; the referee's undo of more moves than were
/// played, `nothing_to_undo`, is mapped where it is made).
pub(crate) fn match_error(e: plateau::matches::MatchError) -> ServeError {
    use plateau::matches::MatchError as M;
    let kind = match &e {
        M::NotYourTurn { .. } => ErrorKind::NotYourTurn,
        M::NotAllowed(_) | M::BadToken | M::UndoRefused(_) | M::DrawRefused(_) => {
            ErrorKind::NotAllowed
        }
        M::GameOver(_) | M::AgentFailed { .. } => ErrorKind::GameOver,
        M::Illegal { .. } => ErrorKind::IllegalMove,
        M::Parse(_) | M::BadIndex { .. } => ErrorKind::BadMove,
        M::BadAgent { .. } => ErrorKind::UnknownAgent,
        M::BadSeats(_) | M::BadClock(_) | M::Internal(_) => ErrorKind::BadRequest,
        M::NoRequest(_) => ErrorKind::NoRequest,
        M::BadRecord(_) => ErrorKind::BadRecord,
    };
    ServeError::new(kind, e.to_string())
}

/// The result of a command handler.
pub(crate) type Result<T> = std::result::Result<T, ServeError>;
