//! The match: one game in progress with its seats, the one layer through
//! which front ends drive games. It owns the session and the rules, says who
//! each seat is (a person with a secret token, an agent, or nobody), keeps
//! the turn discipline ([`Match::play`]), plays agents (blocking with
//! [`Match::play_agents`], or split for an async server with
//! [`Match::take_agent_turn`], [`AgentTurn::think`] and
//! [`Match::finish_agent_turn`], which need no lock while the agent
//! thinks), and decides undo ([`Match::request_undo`]), draws and
//! resignations. What a client may know is decided here too:
//! [`Match::view`] and [`Match::events_since`] answer a seat from its view
//! and a spectator from the public view only.
//!
//! A blocking front end (a terminal, a script) calls [`Match::play`] and
//! then [`Match::play_agents`]. An async server keeps the match behind a
//! mutex and never holds it while an agent thinks: under the lock it takes
//! [`Match::take_agent_turn`], releases the lock, runs
//! [`AgentTurn::think`] on a blocking thread, and under the lock again
//! gives the turn back with [`Match::finish_agent_turn`], which plays the
//! move only if nothing changed the position meanwhile. Each connection
//! keeps the sequence number of the last event it sent and reads
//! [`Match::events_since`] when [`Match::version`] changes.
//!
//! ```
//! use plateau::matches::{Client, Match, MatchOptions, MoveRef, Occupant};
//! use plateau::{demo::Nim, Player, Registry, RulesSpec};
//!
//! let mut registry = Registry::new();
//! registry.register::<Nim>();
//! let rules = registry.get("nim").unwrap().load(&RulesSpec::default_variant()).unwrap();
//! let seats = vec![Occupant::person("ann"), Occupant::agent("random:1")];
//! let mut game = Match::new(rules, 0, seats, MatchOptions::default()).unwrap();
//!
//! // A token names a seat; no token is a spectator.
//! let token = game.seat_token(Player(0)).unwrap();
//! let ann = game.client(Some(&token)).unwrap();
//! assert_eq!(ann, Client::Seat(Player(0)));
//! assert_eq!(game.client(Some("not a token")).unwrap_err().kind(), "bad_token");
//!
//! // Ann takes 3 (by notation; `MoveRef::Index` indexes the legal moves),
//! // then the agent replies.
//! let report = game.play(ann, MoveRef::Text("3".into())).unwrap();
//! assert_eq!(report.notation.as_deref(), Some("3"));
//! let err = game.play(ann, MoveRef::Index(0)).unwrap_err();
//! assert_eq!(err.kind(), "not_your_turn");
//! assert_eq!(game.play_agents().unwrap().len(), 1);
//!
//! // Against an agent, undo takes back the reply and ann's move at once.
//! game.request_undo(ann).unwrap();
//! let view = game.view(ann);
//! assert_eq!((view.moves_played, view.your_turn), (0, true));
//! assert_eq!(view.legal_moves, ["1", "2", "3"]);
//!
//! // Each client reads the events since its cursor.
//! let events = game.events_since(Client::Spectator, 0);
//! assert!(matches!(events, plateau::matches::EventsSince::Events { events } if events.len() == 3));
//! ```

mod clock;
mod error;
mod events;
mod play;
mod record_view;
mod referee;
mod saved;
mod seats;
mod tokens;
mod turn;
mod undo;
mod view;

pub use clock::{
    system_time_ms, ClockSettings, ClockState, ClockView, TimeSource, MAX_BASE_MS, MAX_INCREMENT_MS,
};
pub use error::MatchError;
pub use events::{EventEntry, EventsSince, MatchEvent, EVENT_LOG_CAPACITY};
pub use play::{AgentTurn, HintJob, MoveRef, MoveReport};
pub use record_view::{RecordFor, RecordView, ViewedMove, RECORD_VIEW_FORMAT};
pub use saved::{SavedMatch, SavedSeat};
pub use seats::{Client, Occupant};
pub use tokens::Token;
pub use turn::seat_to_move;
pub use undo::{DrawOffer, DrawOutcome, UndoOutcome, UndoRequest};
pub use view::{BoardInfo, ClientView, LastMoveView, MoveEntry, SeatView};

use events::EventLog;
use seats::Seat;
use undo::Ply;

use crate::ai::AgentLimits;
use crate::{DynGame, DynSession, Player, Status};

/// How a match is made, besides its rules and seats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchOptions {
    /// Hot-seat play: one more token, [`Client::HotSeat`], acts for
    /// whichever person seat is to move (made when a person has a seat).
    pub hotseat: bool,
    /// The seed of the agents: the agent of seat `i` gets `seed + i`.
    /// `None`: each agent's seed comes from the operating system, so that
    /// nobody can foresee what it draws (a setup).
    pub agent_seed: Option<u64>,
    /// Limits on every agent move and hint of the match, whatever the
    /// agent's spec says (a server's time and node caps); none by default.
    pub agent_limits: AgentLimits,
    /// The clocks, if the match has any: each player's base time and
    /// increment (see [`ClockSettings`] and [`Match::check_flag`]); none
    /// by default.
    pub clock: Option<ClockSettings>,
}

/// One game in progress with its seats, spectators and referee. See the
/// [module documentation](self).
pub struct Match {
    game: Box<dyn DynGame>,
    session: Box<dyn DynSession>,
    seats: Vec<Seat>,
    hotseat: Option<Token>,
    referee: Token,
    /// Who played each move and whether it hid or showed hidden information.
    plies: Vec<Ply>,
    undo: Option<UndoRequest>,
    draw: Option<DrawOffer>,
    events: EventLog,
    /// Changes with every change of the match.
    version: u64,
    /// Changes with every change of the position (a move, an undo, the end
    /// of the game): an agent's move computed in another is discarded.
    epoch: u64,
    options: MatchOptions,
    /// Whether the game ended by a resignation, a flag fall or an agreed
    /// draw (never taken back).
    ended_by_players: bool,
    /// The clocks, if the match has any.
    clock: Option<ClockState>,
    /// Where the clocks read the time.
    time: TimeSource,
}

impl Match {
    /// A new match of `game` from the start position of `seed`, with one
    /// occupant per player, in player order. Every agent spec is checked
    /// here: a bad one fails the creation with [`MatchError::BadAgent`],
    /// naming the seat and the agent's message.
    pub fn new(
        game: Box<dyn DynGame>,
        seed: u64,
        occupants: Vec<Occupant>,
        options: MatchOptions,
    ) -> Result<Match, MatchError> {
        let session = game.new_session(seed);
        Match::assemble(game, session, occupants, options, Vec::new())
    }

    /// A match of a session, its seats and its plies.
    fn assemble(
        game: Box<dyn DynGame>,
        session: Box<dyn DynSession>,
        occupants: Vec<Occupant>,
        options: MatchOptions,
        plies: Vec<Ply>,
    ) -> Result<Match, MatchError> {
        let n = session.num_players();
        if let Some(settings) = &options.clock {
            settings.validate()?;
        }
        if occupants.len() != n {
            return Err(MatchError::BadSeats(format!(
                "{} has {n} players, so a match has {n} seats, not {}",
                game.name(),
                occupants.len()
            )));
        }
        let mut seats = Vec::with_capacity(n);
        for (i, occupant) in occupants.into_iter().enumerate() {
            let seat = Seat::new(game.as_ref(), occupant, Player(i as u8), &options)?;
            seats.push(seat);
        }
        let hotseat = match options.hotseat && seats.iter().any(|s| s.occupant.is_person()) {
            true => Some(Token::new()?),
            false => None,
        };
        let time: TimeSource = std::sync::Arc::new(system_time_ms);
        let clock = options.clock.map(|settings| {
            let now = time();
            let mut clock = ClockState::new(settings, n, now);
            // A match of a record: the clocks start where every seat moved.
            clock.started = (0..n).all(|i| plies.iter().any(|p: &Ply| p.mover == Player(i as u8)));
            clock.running = session.status().to_move().filter(|_| clock.started);
            clock
        });
        Ok(Match {
            game,
            session,
            seats,
            hotseat,
            referee: Token::new()?,
            plies,
            undo: None,
            draw: None,
            events: EventLog::default(),
            version: 0,
            epoch: 0,
            options,
            ended_by_players: false,
            clock,
            time,
        })
    }

    /// A number that changes with every change of the match (moves, undo,
    /// offers, answers, the end, a seat joining): a front end that saw it
    /// unchanged has nothing new to show.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The rules.
    pub fn game(&self) -> &dyn DynGame {
        self.game.as_ref()
    }

    /// The game in progress, to read only: it holds every player's secrets,
    /// so show a client only what [`Match::view`] gives it.
    pub fn session(&self) -> &dyn DynSession {
        self.session.as_ref()
    }

    /// Whose turn it is, or the outcome.
    pub fn status(&self) -> Status {
        self.session.status()
    }

    /// The number of moves played.
    pub fn moves_played(&self) -> usize {
        self.session.num_moves()
    }

    /// The limits on every agent move and hint of the match
    /// ([`MatchOptions::agent_limits`]).
    pub fn agent_limits(&self) -> AgentLimits {
        self.options.agent_limits
    }

    /// Sets the limits on the match's agent moves and hints from now on (a
    /// restored match gets its server's limits: they are not saved).
    pub fn set_agent_limits(&mut self, limits: AgentLimits) {
        self.options.agent_limits = limits;
    }
}
