//! Plateau: a framework for abstract board games.
//!
//! A game implements [`Game`]: rules configured by parameters (read from TOML
//! rules data), states, legal moves, apply, outcome, per-player views and
//! move notation. What only some games or front ends need is in optional
//! traits with defaults: [`RulesDocs`], [`Render`], [`DescribeMoves`],
//! [`FreeFormMoves`] and [`SearchHooks`] (see the [`Game`] docs for which holds
//! what); [`FullGame`] is all of them. Everything else works for every game through these traits: a
//! [`Session`] with undo and [`GameRecord`]s, the object-safe [`Registry`]
//! that the `plateau` command line reaches games through, random playouts and
//! benchmarks, [`perft`](perft::perft) and the [`conformance`] kit.
//!
//! ```
//! use plateau::demo::Nim;
//! use plateau::{rules, Game, RulesSpec, Session, Status};
//!
//! // Rules come from a variant's TOML data, with overrides.
//! let spec = RulesSpec::default_variant().set("pile", "5");
//! let nim: Nim = rules::load(&spec).unwrap().game;
//!
//! // Apply moves; an illegal one is rejected and names the move.
//! let mut state = nim.initial_state(0);
//! nim.apply(&mut state, &3);
//! assert!(nim.try_apply(&mut state, &3).is_err());
//! nim.apply(&mut state, &2);
//! assert_eq!(nim.status(&state).outcome().unwrap().winner, Some(plateau::Player(1)));
//!
//! // A session keeps the history, replays records and plays text moves.
//! let mut session = Session::new(nim.clone(), "standard", 0);
//! session.play_text("3").unwrap();
//! let record = session.record();
//! let replayed = Session::from_record(nim, &record).unwrap();
//! assert!(matches!(replayed.status(), Status::ToMove(_)));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod analysis;
pub mod board;
pub mod conformance;
pub mod demo;
mod error;
mod game;
pub mod learning;
pub mod matches;
pub mod nn;
mod outcome;
pub mod perft;
pub mod plain_words;
mod player;
pub mod playout;
pub mod prediction;
mod record;
pub mod registry;
pub mod rules;
pub mod scratch;
mod session;
pub mod shared_data;
pub mod sowing;

pub use error::{escape_controls, IllegalMove, MoveParseError, RecordError, RulesError};
pub use game::{
    DescribeMoves, FreeFormMoves, FullGame, Game, ParamDoc, Render, RulesDocs, SearchGame,
    SearchHooks, Variant,
};
pub use matches::{Match, MatchError};
pub use outcome::{Outcome, Status};
pub use player::Player;
pub use record::{GameRecord, RecordPlayer, RECORD_FORMAT};
pub use registry::{
    rng, DynAgent, DynChoice, DynGame, DynSession, GameEntry, LastMove, Registry, SeatBoard,
    PUBLIC_ILLEGAL_REASON,
};
pub use rules::RulesSpec;
pub use session::{
    describe_outcome, PlayError, Session, DRAW_AGREED, FLAG_FELL, MAX_MOVES, MAX_SNAPSHOTS,
};

/// The seeded random number generator used for everything random: start
/// positions, random players, playouts. Reproducible across platforms.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Re-exported so games and players use the same `rand`.
pub use rand;
/// Re-exported for [`Render::state_json`].
pub use serde_json;
