//! A game in progress: rules, the positions so far and the moves played.

use crate::{
    Game, GameRecord, IllegalMove, MoveParseError, Outcome, Player, RecordError, Status,
    RECORD_FORMAT,
};
use thiserror::Error;

/// Why a move given as text was not played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The text is not a move of this game.
    #[error("{0}")]
    Parse(#[from] MoveParseError),
    /// The move is not legal here; nothing changed.
    #[error("illegal move '{mv}': {reason}")]
    Illegal {
        /// The move as given.
        mv: String,
        /// Why it is not legal.
        reason: String,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// A game in progress: the rules, every position so far (for undo), the
/// moves, the seed and a resignation if any.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    variant: String,
    seed: u64,
    states: Vec<G::State>,
    moves: Vec<G::Move>,
    resigned: Option<Player>,
}

impl<G: Game> Session<G> {
    /// A new game from the start position of `seed`.
    pub fn new(game: G, variant: impl Into<String>, seed: u64) -> Self {
        let start = game.initial_state(seed);
        Session {
            game,
            variant: variant.into(),
            seed,
            states: vec![start],
            moves: Vec::new(),
            resigned: None,
        }
    }

    /// Replays a record with these rules, checking every move and the stored outcome.
    pub fn from_record(game: G, record: &GameRecord) -> Result<Self, RecordError> {
        let mut session = Session::new(game, record.variant.clone(), record.seed);
        for (i, text) in record.moves.iter().enumerate() {
            session.play_text(text).map_err(|e| match e {
                PlayError::Parse(error) => RecordError::Parse {
                    index: i + 1,
                    error,
                },
                PlayError::Illegal { mv, reason } => RecordError::Illegal {
                    index: i + 1,
                    mv,
                    reason,
                },
                PlayError::GameOver => RecordError::Illegal {
                    index: i + 1,
                    mv: text.clone(),
                    reason: "the game was already over".into(),
                },
            })?;
        }
        if let Some(p) = record.resigned {
            if p.index() >= session.game.num_players() {
                return Err(RecordError::Format(format!("resigned: no player {}", p.0)));
            }
            session.resign(p);
        }
        let replayed = session.status();
        if let Some(stored) = &record.outcome {
            if !replayed.outcome().is_some_and(|r| r.same_result(stored)) {
                return Err(RecordError::OutcomeMismatch {
                    stored: describe_outcome(&session.game, Some(stored)),
                    replayed: describe_outcome(&session.game, replayed.outcome()),
                });
            }
        }
        Ok(session)
    }

    /// The rules.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The variant name.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// The seed of the start position.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The current position.
    pub fn state(&self) -> &G::State {
        self.states.last().expect("a session always has a position")
    }

    /// The position before the last move, if any move was played.
    pub fn previous_state(&self) -> Option<&G::State> {
        self.states.len().checked_sub(2).map(|i| &self.states[i])
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Whose turn it is, or the outcome (a resignation included).
    pub fn status(&self) -> Status {
        match self.resigned {
            Some(p) => Status::Over(Outcome::win(p.opponent(), "resignation")),
            None => self.game.status(self.state()),
        }
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if self.resigned.is_none() {
            self.game.legal_moves(self.state(), &mut moves);
        }
        moves
    }

    /// Checks and plays a move.
    pub fn play(&mut self, mv: G::Move) -> Result<(), IllegalMove<G::Move>> {
        if self.status().is_over() {
            return Err(IllegalMove {
                mv,
                reason: "the game is over".into(),
            });
        }
        let mut next = self.state().clone();
        self.game.try_apply(&mut next, &mv)?;
        self.states.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Reads, checks and plays a move given in notation.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, PlayError> {
        if self.status().is_over() {
            return Err(PlayError::GameOver);
        }
        let mv = self.game.parse_move(self.state(), text)?;
        self.play(mv.clone()).map_err(|e| PlayError::Illegal {
            mv: self.game.format_move(&e.mv),
            reason: e.reason,
        })?;
        Ok(mv)
    }

    /// Takes back the last move (or a resignation); false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.resigned.take().is_some() {
            return true;
        }
        if self.moves.pop().is_some() {
            self.states.pop();
            true
        } else {
            false
        }
    }

    /// The player resigns; the opponent wins. Ignored when the game is over.
    pub fn resign(&mut self, player: Player) {
        if !self.status().is_over() {
            self.resigned = Some(player);
        }
    }

    /// The game record.
    pub fn record(&self) -> GameRecord {
        let status = self.status();
        GameRecord {
            format: RECORD_FORMAT,
            game: G::ID.to_string(),
            variant: self.variant.clone(),
            params: serde_json::to_value(self.game.params())
                .expect("rules parameters always serialize"),
            seed: self.seed,
            moves: self
                .moves
                .iter()
                .map(|m| self.game.format_move(m))
                .collect(),
            resigned: self.resigned,
            outcome: status.outcome().cloned(),
        }
    }

    /// What the last move did, as `viewer` may know it.
    pub fn describe_last_move(&self, viewer: Option<Player>) -> Option<String> {
        let before = self.previous_state()?;
        let mv = self.moves.last()?;
        self.game.describe_move(before, mv, viewer)
    }

    /// What the last move did, as anyone watching may know it
    /// ([`Game::describe_move_public`]).
    pub fn describe_last_move_public(&self) -> Option<String> {
        let before = self.previous_state()?;
        let mv = self.moves.last()?;
        self.game.describe_move_public(before, mv)
    }
}

/// An outcome described in words with the game's player names.
pub fn describe_outcome<G: Game>(game: &G, outcome: Option<&Outcome>) -> String {
    match outcome {
        None => "not over".to_string(),
        Some(o) => {
            let mut s = match o.winner {
                Some(p) => format!("{} wins ({})", game.player_name(p), o.reason),
                None => format!("draw ({})", o.reason),
            };
            if let Some(scores) = &o.scores {
                let parts: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("{} {s}", game.player_name(Player(i as u8))))
                    .collect();
                s.push_str(&format!(", score {}", parts.join(", ")));
            }
            s
        }
    }
}
