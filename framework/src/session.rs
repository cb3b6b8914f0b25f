//! A game in progress: rules, the moves played, the current position and a
//! few snapshots for undo (memory linear in the number of moves).

use crate::{
    Game, GameRecord, IllegalMove, MoveParseError, Outcome, Player, RecordError, Status,
    RECORD_FORMAT,
};
use thiserror::Error;

/// The most moves a game may hold: a longer record is refused when it is
/// loaded ([`RecordError::TooLong`]) and a move beyond it is refused
/// ([`PlayError::TooLong`]), so that memory stays bounded (a session keeps
/// the moves, which take a few dozen bytes each, and at most
/// [`MAX_SNAPSHOTS`] positions).
pub const MAX_MOVES: usize = 1_000_000;

/// The most positions a session keeps as snapshots for undo (besides the
/// current position and the one before the last move).
pub const MAX_SNAPSHOTS: usize = 64;

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
    /// The game holds [`MAX_MOVES`] moves already; nothing changed.
    #[error("the game holds {max} moves, the most a game may hold")]
    TooLong {
        /// The bound, [`MAX_MOVES`].
        max: usize,
    },
}

/// A game in progress: the rules, the moves, the current position, the seed
/// and a resignation if any.
///
/// Memory is linear in the number of moves: a session keeps every move but
/// only a few positions: the current one, the one before the last move (to
/// describe that move) and snapshots at every `k`-th ply, `k` a power of two
/// doubled whenever more than [`MAX_SNAPSHOTS`] would be kept. Taking a move
/// back replays the moves from the nearest snapshot (at most `k`, that is
/// about a 32nd of the game); replaying a record applies each move once, in
/// place, cloning only the snapshots.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    variant: String,
    seed: u64,
    moves: Vec<G::Move>,
    /// The positions after `i * snapshot_every` moves, for every such ply
    /// up to the number of moves; the first is the start position.
    snapshots: Vec<G::State>,
    /// The plies between two snapshots: a power of two.
    snapshot_every: usize,
    /// The position after every move.
    current: G::State,
    /// The position before the last move; `None` if no move was played.
    previous: Option<G::State>,
    resigned: Option<Player>,
    /// The player whose flag fell (out of time on a match's clock).
    flagged: Option<Player>,
    /// Whether the players agreed a draw (after the last move).
    draw_agreed: bool,
}

/// The snapshot spacing for `plies` moves: the smallest power of two that
/// keeps at most [`MAX_SNAPSHOTS`] snapshots.
fn spacing_for(plies: usize) -> usize {
    let mut every = 1;
    while plies / every + 1 > MAX_SNAPSHOTS {
        every *= 2;
    }
    every
}

impl<G: Game> Session<G> {
    /// A new game from the start position of `seed`.
    pub fn new(game: G, variant: impl Into<String>, seed: u64) -> Self {
        let start = game.initial_state(seed);
        Session {
            game,
            variant: variant.into(),
            seed,
            moves: Vec::new(),
            snapshots: vec![start.clone()],
            snapshot_every: 1,
            current: start,
            previous: None,
            resigned: None,
            flagged: None,
            draw_agreed: false,
        }
    }

    /// Replays a record with these rules, checking every move and the stored
    /// outcome. A record of more than [`MAX_MOVES`] moves is refused before
    /// anything is replayed. Each move is applied once, in place.
    pub fn from_record(game: G, record: &GameRecord) -> Result<Self, RecordError> {
        if record.moves.len() > MAX_MOVES {
            return Err(RecordError::TooLong {
                moves: record.moves.len(),
                max: MAX_MOVES,
            });
        }
        let mut session = Session::new(game, record.variant.clone(), record.seed);
        session.moves.reserve_exact(record.moves.len());
        let last = record.moves.len().checked_sub(1);
        for (i, text) in record.moves.iter().enumerate() {
            // Only the last move keeps the position before it.
            let keep_previous = Some(i) == last;
            session
                .play_text_keeping(text, keep_previous)
                .map_err(|e| RecordError::of_move(i, text, e, record.moves.len()))?;
        }
        if let Some(p) = record.resigned {
            if p.index() >= session.game.num_players() {
                return Err(RecordError::Format(format!("resigned: no player {}", p.0)));
            }
            session.resign(p);
        }
        if let Some(p) = record.flagged {
            if p.index() >= session.game.num_players() {
                return Err(RecordError::Format(format!("flagged: no player {}", p.0)));
            }
            session.flag_fall(p);
        }
        if record.draw_agreed {
            session.agree_draw();
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
        &self.current
    }

    /// The position before the last move, if any move was played.
    pub fn previous_state(&self) -> Option<&G::State> {
        self.previous.as_ref()
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Whose turn it is, or the outcome (a resignation, a flag fall and an
    /// agreed draw included).
    pub fn status(&self) -> Status {
        match (self.resigned, self.flagged) {
            (Some(p), _) => Status::Over(resignation(&self.game, p)),
            (None, Some(p)) => Status::Over(flag_fall(&self.game, p)),
            (None, None) if self.draw_agreed => Status::Over(Outcome::draw(DRAW_AGREED)),
            (None, None) => self.game.status(self.state()),
        }
    }

    /// Whether the game was ended by a player (a resignation, a flag fall,
    /// an agreed draw) rather than by its position.
    fn ended_by_players(&self) -> bool {
        self.resigned.is_some() || self.flagged.is_some() || self.draw_agreed
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if !self.ended_by_players() {
            self.game.legal_moves(self.state(), &mut moves);
        }
        moves
    }

    /// Checks and plays a move. A game of [`MAX_MOVES`] moves takes no more.
    pub fn play(&mut self, mv: G::Move) -> Result<(), IllegalMove<G::Move>> {
        self.play_keeping(mv, true)
    }

    /// [`Session::play`], keeping the position before the move only if
    /// `keep_previous` (a record's replay keeps it for its last move only;
    /// until then `previous` is stale).
    fn play_keeping(
        &mut self,
        mv: G::Move,
        keep_previous: bool,
    ) -> Result<(), IllegalMove<G::Move>> {
        if self.status().is_over() {
            return Err(IllegalMove {
                mv,
                reason: "the game is over".into(),
            });
        }
        if self.moves.len() >= MAX_MOVES {
            return Err(IllegalMove {
                mv,
                reason: PlayError::TooLong { max: MAX_MOVES }.to_string(),
            });
        }
        if keep_previous {
            // Checked first, so that the position before the move is copied
            // once, into the place of the one before (a state can be a few
            // KB: Oware's holds the positions since the last capture).
            if let Err(reason) = self.game.check_move(&self.current, &mv) {
                return Err(IllegalMove { mv, reason });
            }
            match &mut self.previous {
                Some(previous) => previous.clone_from(&self.current),
                None => self.previous = Some(self.current.clone()),
            }
            self.game.apply_unchecked(&mut self.current, &mv);
        } else {
            // try_apply leaves the state unchanged when it refuses the move.
            self.game.try_apply(&mut self.current, &mv)?;
            self.previous = None;
        }
        self.moves.push(mv);
        self.add_snapshot_if_due();
        Ok(())
    }

    /// Keeps the current position as a snapshot if its ply is one, thinning
    /// the snapshots to every other one when there are too many.
    fn add_snapshot_if_due(&mut self) {
        if !self.moves.len().is_multiple_of(self.snapshot_every) {
            return;
        }
        self.snapshots.push(self.current.clone());
        if self.snapshots.len() > MAX_SNAPSHOTS {
            let mut i = 0;
            self.snapshots.retain(|_| {
                i += 1;
                (i - 1) % 2 == 0
            });
            self.snapshot_every *= 2;
        }
        debug_assert_eq!(
            self.snapshots.len(),
            self.moves.len() / self.snapshot_every + 1
        );
    }

    /// Reads, checks and plays a move given in notation.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, PlayError> {
        self.play_text_keeping(text, true)
    }

    fn play_text_keeping(&mut self, text: &str, keep_previous: bool) -> Result<G::Move, PlayError> {
        if self.status().is_over() {
            return Err(PlayError::GameOver);
        }
        if self.moves.len() >= MAX_MOVES {
            return Err(PlayError::TooLong { max: MAX_MOVES });
        }
        let mv = self.game.parse_move(self.state(), text)?;
        self.play_keeping(mv.clone(), keep_previous)
            .map_err(|e| PlayError::Illegal {
                mv: move_in_errors(&self.game, &e.mv),
                reason: e.reason,
            })?;
        Ok(mv)
    }

    /// Takes back the last move (or a resignation); false if there is none.
    /// It replays at most the moves since the nearest snapshot.
    pub fn undo(&mut self) -> bool {
        self.undo_many(1).is_ok()
    }

    /// Takes back `count` moves, a resignation, a flag fall or an agreed
    /// draw counting as one, all or nothing: if there are fewer, nothing changes and the
    /// error holds how many there are. It replays at most the moves since
    /// the nearest snapshot, whatever `count`.
    pub fn undo_many(&mut self, count: usize) -> Result<(), usize> {
        let ended = self.ended_by_players();
        let available = self.moves.len() + usize::from(ended);
        if count > available {
            return Err(available);
        }
        let mut count = count;
        if count > 0 && ended {
            self.resigned = None;
            self.flagged = None;
            self.draw_agreed = false;
            count -= 1;
        }
        if count > 0 {
            self.truncate(self.moves.len() - count);
        }
        Ok(())
    }

    /// Keeps the first `plies` moves (fewer than there are) and the
    /// positions they lead to.
    fn truncate(&mut self, plies: usize) {
        self.moves.truncate(plies);
        let every = spacing_for(plies);
        if every < self.snapshot_every {
            // The game got much shorter: denser snapshots, from the start.
            let mut state = self.snapshots[0].clone();
            self.snapshots.truncate(1);
            self.snapshot_every = every;
            for (i, mv) in self.moves.iter().enumerate() {
                self.game.apply_unchecked(&mut state, mv);
                if (i + 1).is_multiple_of(every) {
                    self.snapshots.push(state.clone());
                }
            }
        } else {
            self.snapshots.truncate(plies / self.snapshot_every + 1);
        }
        let Some(before_last) = plies.checked_sub(1) else {
            self.current = self.snapshots[0].clone();
            self.previous = None;
            return;
        };
        let base = before_last / self.snapshot_every;
        let mut previous = self.snapshots[base].clone();
        for mv in &self.moves[base * self.snapshot_every..before_last] {
            self.game.apply_unchecked(&mut previous, mv);
        }
        let mut current = previous.clone();
        self.game
            .apply_unchecked(&mut current, &self.moves[before_last]);
        self.previous = Some(previous);
        self.current = current;
    }

    /// The player resigns: in a two-player game the other player wins (with
    /// more players the game ends drawn). Ignored when the game is over.
    pub fn resign(&mut self, player: Player) {
        if !self.status().is_over() {
            self.resigned = Some(player);
        }
    }

    /// The player's flag fell: out of time on a match's clock, the player
    /// loses (reason [`FLAG_FELL`]): in a two-player game the other player
    /// wins, with more players the game ends drawn. The record keeps it
    /// ([`GameRecord::flagged`]). Ignored when the game is over.
    pub fn flag_fall(&mut self, player: Player) {
        if !self.status().is_over() {
            self.flagged = Some(player);
        }
    }

    /// The players agree a draw: the game ends drawn, reason
    /// [`DRAW_AGREED`]; the record keeps it. Ignored when the game is over.
    pub fn agree_draw(&mut self) {
        if !self.status().is_over() {
            self.draw_agreed = true;
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
            flagged: self.flagged,
            outcome: status.outcome().cloned(),
            draw_agreed: self.draw_agreed,
            players: Vec::new(),
        }
    }
}

impl<G: Game + crate::DescribeMoves> Session<G> {
    /// What the last move did, as `viewer` may know it.
    pub fn describe_last_move(&self, viewer: Option<Player>) -> Option<String> {
        let before = self.previous_state()?;
        let mv = self.moves.last()?;
        self.game.describe_move(before, mv, viewer)
    }

    /// What the last move did, as anyone watching may know it
    /// ([`DescribeMoves::describe_move_public`](crate::DescribeMoves::describe_move_public)).
    pub fn describe_last_move_public(&self) -> Option<String> {
        let before = self.previous_state()?;
        let mv = self.moves.last()?;
        self.game.describe_move_public(before, mv)
    }
}

/// The reason of the outcome of a draw the players agreed
/// ([`Session::agree_draw`]).
pub const DRAW_AGREED: &str = "draw-agreed";

/// The reason of the outcome of a flag fall ([`Session::flag_fall`]): the
/// player ran out of time on a match's clock.
pub const FLAG_FELL: &str = "time";

/// The outcome of `player`'s flag fall: in a two-player game the other
/// player wins; with more players nobody does (a draw).
fn flag_fall<G: Game>(game: &G, player: Player) -> Outcome {
    if game.num_players() == 2 {
        Outcome::win(player.opponent(), FLAG_FELL)
    } else {
        Outcome::draw(FLAG_FELL)
    }
}

/// The outcome of a resignation by `player`: in a two-player game the other
/// player wins; with more players nobody does (a draw).
fn resignation<G: Game>(game: &G, player: Player) -> Outcome {
    if game.num_players() == 2 {
        Outcome::win(player.opponent(), "resignation")
    } else {
        Outcome::draw("resignation")
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

/// A move as an error names it: its notation, or for a secret move
/// ([`Game::move_is_public`] false, such as a Stratego setup) only its first
/// word (`setup …`), so that the error does not repeat the secret.
fn move_in_errors<G: Game>(game: &G, mv: &G::Move) -> String {
    let text = game.format_move(mv);
    if game.move_is_public(mv) {
        return text;
    }
    match text.split_whitespace().next() {
        Some(word) => format!("{word} …"),
        None => "a secret move".to_string(),
    }
}

impl RecordError {
    /// Why move `index` (from 0), `text`, of a record of `moves` moves could
    /// not be played: `error`, with the move's place in the record.
    pub(crate) fn of_move(index: usize, text: &str, error: PlayError, moves: usize) -> RecordError {
        match error {
            PlayError::Parse(error) => RecordError::Parse {
                index: index + 1,
                error,
            },
            PlayError::Illegal { mv, reason } => RecordError::Illegal {
                index: index + 1,
                mv,
                reason,
            },
            PlayError::GameOver => RecordError::Illegal {
                index: index + 1,
                mv: text.to_string(),
                reason: "the game was already over".into(),
            },
            PlayError::TooLong { max } => RecordError::TooLong { moves, max },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::{Nim, NimParams, NimState};
    use rand::Rng;

    fn nim(pile: u32, max_take: u32) -> Nim {
        Nim::new(NimParams { pile, max_take }).unwrap()
    }

    /// Checks the session against every position of its game, kept in full.
    fn agrees(session: &Session<Nim>, positions: &[NimState]) {
        let n = session.moves().len();
        assert_eq!(positions.len(), n + 1);
        assert_eq!(session.state(), &positions[n]);
        assert_eq!(
            session.previous_state(),
            n.checked_sub(1).map(|i| &positions[i])
        );
        assert!(session.snapshots.len() <= MAX_SNAPSHOTS);
        assert_eq!(session.snapshots.len(), n / session.snapshot_every + 1);
        assert_eq!(session.snapshot_every, spacing_for(n));
        for (i, snapshot) in session.snapshots.iter().enumerate() {
            assert_eq!(snapshot, &positions[i * session.snapshot_every]);
        }
    }

    #[test]
    fn plays_and_undos_agree_with_every_position_kept() {
        let game = nim(100_000, 3);
        let mut session = Session::new(game.clone(), "standard", 0);
        let mut positions = vec![session.state().clone()];
        let mut rng = crate::rng(7);
        for step in 0..6000 {
            let undo = rng.random_range(0..10) == 0;
            if undo && !session.moves().is_empty() {
                let count = rng.random_range(1..=session.moves().len().min(300));
                assert_eq!(session.undo_many(count), Ok(()));
                positions.truncate(positions.len() - count);
            } else {
                let mv = game.random_move(session.state(), &mut rng).unwrap();
                session.play(mv).unwrap();
                let mut next = positions.last().unwrap().clone();
                game.apply(&mut next, &mv);
                positions.push(next);
            }
            if step % 37 == 0 || undo {
                agrees(&session, &positions);
            }
        }
        agrees(&session, &positions);
        // Taking back more moves than there are changes nothing.
        let n = session.moves().len();
        assert_eq!(session.undo_many(n + 1), Err(n));
        agrees(&session, &positions);
        // Back to the start, one by one, through every spacing.
        while session.undo() {
            positions.pop();
            if positions.len() % 101 == 0 {
                agrees(&session, &positions);
            }
        }
        agrees(&session, &positions);
        assert!(!session.undo());
    }

    #[test]
    fn a_replayed_record_keeps_the_position_before_its_last_move() {
        let game = nim(50_000, 2);
        let mut session = Session::new(game.clone(), "standard", 0);
        let mut rng = crate::rng(3);
        for _ in 0..5000 {
            let mv = game.random_move(session.state(), &mut rng).unwrap();
            session.play(mv).unwrap();
        }
        let replayed = Session::from_record(game, &session.record()).unwrap();
        assert_eq!(replayed.state(), session.state());
        assert_eq!(replayed.previous_state(), session.previous_state());
        assert_eq!(replayed.moves(), session.moves());
        assert_eq!(replayed.snapshots, session.snapshots);
        assert_eq!(
            replayed.describe_last_move(None),
            session.describe_last_move(None)
        );
    }

    #[test]
    fn undo_takes_back_a_resignation_as_one_move() {
        let game = nim(21, 3);
        let mut session = Session::new(game, "standard", 0);
        session.play(2).unwrap();
        session.resign(Player(1));
        assert_eq!(session.status().outcome().unwrap().winner, Some(Player(0)));
        assert_eq!(session.undo_many(3), Err(2));
        assert_eq!(session.undo_many(2), Ok(()));
        assert_eq!(session.state().pile, 21);
        assert!(session.status().to_move().is_some());
    }

    #[test]
    fn a_flag_fall_ends_the_game_replays_from_the_record_and_undoes_as_one_move() {
        let game = nim(21, 3);
        let mut session = Session::new(game.clone(), "standard", 0);
        session.play(2).unwrap();
        session.flag_fall(Player(1));
        session.resign(Player(0));
        let outcome = session.status().outcome().cloned().unwrap();
        assert_eq!(
            (outcome.winner, outcome.reason.as_ref()),
            (Some(Player(0)), FLAG_FELL)
        );
        assert!(session.legal_moves().is_empty());
        let record = session.record();
        assert_eq!((record.flagged, record.resigned), (Some(Player(1)), None));
        let replayed = Session::from_record(game.clone(), &record).unwrap();
        assert_eq!(replayed.status(), session.status());
        let mut bad = record.clone();
        bad.flagged = Some(Player(5));
        assert!(Session::from_record(game, &bad).is_err());
        assert_eq!(session.undo_many(1), Ok(()));
        assert_eq!(session.status().to_move(), Some(Player(1)));
    }

    #[test]
    fn an_agreed_draw_ends_the_game_and_replays_from_the_record() {
        let game = nim(21, 3);
        let mut session = Session::new(game.clone(), "standard", 0);
        session.play(2).unwrap();
        session.agree_draw();
        let outcome = session.status().outcome().cloned().unwrap();
        assert_eq!(
            (outcome.winner, outcome.reason.as_ref()),
            (None, DRAW_AGREED)
        );
        assert!(session.legal_moves().is_empty());
        assert!(session.play(1).is_err());
        let record = session.record();
        assert!(record.draw_agreed);
        assert!(record.to_json().contains("\"draw_agreed\": true"));
        let replayed = Session::from_record(game, &record).unwrap();
        assert_eq!(replayed.status(), session.status());
        // Undo takes the agreement back as one move.
        assert_eq!(session.undo_many(1), Ok(()));
        assert_eq!(session.moves(), &[2]);
        assert!(!session.status().is_over());
    }

    #[test]
    fn a_game_holds_at_most_max_moves() {
        let game = nim(MAX_MOVES as u32 + 10, 1);
        let mut record = Session::new(game.clone(), "standard", 0).record();
        record.moves = vec!["1".to_string(); MAX_MOVES + 1];
        let err = Session::from_record(game.clone(), &record).unwrap_err();
        assert_eq!(
            err,
            RecordError::TooLong {
                moves: MAX_MOVES + 1,
                max: MAX_MOVES
            }
        );
        assert!(err.to_string().contains("1000000"), "{err}");
        record.moves.pop();
        let mut session = Session::from_record(game, &record).unwrap();
        assert_eq!(session.moves().len(), MAX_MOVES);
        let err = session.play_text("1").unwrap_err();
        assert_eq!(err, PlayError::TooLong { max: MAX_MOVES });
        assert!(err.to_string().contains("1000000 moves"), "{err}");
        assert!(session.play(1).is_err());
        assert_eq!(session.moves().len(), MAX_MOVES);
    }
}
