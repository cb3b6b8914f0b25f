//! Oware (Abapa), the two-row mancala, for the Plateau framework (RULES.md
//! O1–O5): the yardstick game that other frameworks implement too.
//!
//! ```
//! use plateau::{rules, Game, Player, Render, RulesSpec, Status};
//! use plateau_oware::Oware;
//!
//! // The standard rules, from rules-data/oware/standard.toml.
//! let oware: Oware = rules::load(&RulesSpec::default_variant()).unwrap().game;
//! let mut state = oware.initial_state(0);
//! assert_eq!(oware.status(&state), Status::ToMove(Player(0))); // south
//!
//! // A move is the house sown from: A–F for south, a–f for north.
//! let mv = oware.parse_move(&state, "C").unwrap();
//! oware.apply(&mut state, &mv);
//! assert_eq!(state.row(Player(0)), vec![4, 4, 0, 5, 5, 5]);
//! assert_eq!(state.row(Player(1)), vec![5, 4, 4, 4, 4, 4]);
//! println!("{}", oware.render_state(&state));
//!
//! // North sows from its own row only.
//! let b = oware.parse_move(&state, "B").unwrap();
//! assert!(oware.check_move(&state, &b).unwrap_err().contains("south's"));
//! ```
//!
//! The modules follow the rules: [`board`] (houses, names and the packed
//! ring, O1), [`sowing`] (O2), [`capture`] (O3), `feeding` (O4 and the
//! legal moves), [`repetition`] (O5.2 and its engine cap), `end` (the
//! checks of O5.6 and the final count of O5.4), [`params`], [`state`]
//! (positions and their JSON), [`notation`] and [`render`] (text output),
//! [`eval`] (the evaluation for search).
//!
//! Choices where the rules leave room, all documented where they are made:
//! - the start position counts as occurred (O5.6); after a capture the list
//!   of positions holds the position the capture reached;
//! - an engine cap bounds the positions kept since the last capture
//!   ([`repetition::CAPACITY`]); reaching it ends the game as `history-cap`,
//!   scored like O5.4 and marked as capped;
//! - a game that ends by the majority (O5.1) scores the stores with each row
//!   added, like every other end (O5.4); the winner is the same.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
mod board_view;
pub mod capture;
mod end;
pub mod endgame;
pub mod eval;
mod feeding;
mod game;
pub mod learned_eval;
mod learning;
pub mod notation;
pub mod params;
pub mod render;
pub mod repetition;
pub mod sowing;
pub mod state;

pub use board::House;
pub use game::{Oware, PositionError};
pub use params::OwareParams;
pub use state::{End, EndReason, OwareState, OwareView, Side};
