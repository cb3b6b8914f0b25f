//! Hus, the Philos four-row mancala, for the Plateau framework (RULES.md
//! H1–H4).
//!
//! ```
//! use plateau::{rules, Game, Player, Render, RulesSpec, Status};
//! use plateau_hus::Hus;
//!
//! // The standard rules, from rules-data/hus/standard.toml.
//! let hus: Hus = rules::load(&RulesSpec::default_variant()).unwrap().game;
//! let mut state = hus.initial_state(0);
//! assert_eq!(hus.status(&state), Status::ToMove(Player(0))); // south
//!
//! // A move is the pit it starts from, named from the mover's side.
//! let mv = hus.parse_move(&state, "a5").unwrap();
//! hus.apply(&mut state, &mv);
//! assert_eq!(hus.status(&state), Status::ToMove(Player(1))); // north
//! assert_eq!(state.stones(Player(0)) + state.stones(Player(1)), 48);
//! println!("{}", hus.render_state(&state));
//!
//! // Pits with fewer than 2 stones are not moves.
//! let b1 = hus.parse_move(&state, "b1").unwrap();
//! assert!(hus.check_move(&state, &b1).unwrap_err().contains("b1"));
//! ```
//!
//! The modules follow the rules: [`board`] (pits, names and the loop, H1),
//! [`params`] (the rules data, H2), [`sowing`] (relay sowing, capture and
//! endless moves, H3), `end` (the end and the score, H4), [`state`]
//! (positions and their JSON), [`notation`] and [`render`] (text output).
//!
//! Choices where the rules leave room, all documented where they are made:
//! - the score (H4.2) goes to the winner only: their stones, doubled if the
//!   loser has none; the loser scores 0 and a draw by the move cap has none;
//! - a start layout holds 33 to 255 stones, so that a move can never leave
//!   both players with single stones only (H4.1);
//! - a position that repeats during one move's sowing proves the move endless
//!   before `max_sowings` is reached (H3.7): it would never end.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
mod board_view;
mod end;
mod eval;
mod game;
pub mod learned_eval;
mod learning;
pub mod notation;
pub mod params;
pub mod render;
pub mod sowing;
pub mod state;

pub use board::Pit;
pub use game::{Hus, PositionError};
pub use params::{First, HusParams, StartLayout};
pub use state::{End, EndReason, HusState, HusView, Side};
