//! Quinque, the parachutist tile game, for the Plateau framework
//! (RULES.md Q1–Q7, basic and advanced).
//!
//! ```
//! use plateau::{rules, Game, Render, RulesSpec, Session, Status};
//! use plateau_quinque::{Action, Quinque};
//!
//! // The rules come from rules-data/quinque/basic.toml ("advanced" is the other variant).
//! let game: Quinque = rules::load(&RulesSpec::default_variant()).unwrap().game;
//! let mut session = Session::new(game.clone(), "basic", 0);
//!
//! // Red opens by marking a parachutist of the first tile (Q3.1), then ends the turn.
//! session.play_text("mark 0,1").unwrap();
//! session.play_text("end").unwrap();
//! // Orange adds a tile on cell (1,0) by marking its point (2,0) (Q4.2)...
//! session.play_text("mark 2,0").unwrap();
//! // ...and may not move the tile it just marked (Q5.3).
//! assert!(session.play_text("move 1,0 1,1").is_err());
//! // The other tile moves along one of its lines, as long as the formation
//! // stays in one piece (Q5.4, Q5.5).
//! session.play_text("move 0,0 1,1").unwrap();
//! assert_eq!(session.state().tile_at(1, 1), Some(0));
//! assert!(matches!(session.status(), Status::ToMove(p) if game.player_name(p) == "red"));
//!
//! // Every action is one step of the game; all legal ones can be listed.
//! let mut actions = Vec::new();
//! game.legal_moves(session.state(), &mut actions);
//! assert!(actions.contains(&Action::Mark { x: 2, y: 1 }));
//! println!("{}", game.render_state(session.state()));
//! ```
//!
//! Modules, each holding one part of the rules: [`params`] (the rules data),
//! [`state`] (positions), [`action`] (actions and notation, Q2.3), `board`
//! (the window of cells around the formation), [`formation`] (the tile
//! adjacency graph and its pieces, Q5.5), `movement` (Q5, Q6), `legal` (the
//! legal actions, Q3–Q6, and uniform random ones), `points` and `lines`
//! (lines of parachutes, Q7.1), `slots` (points, cells and parachutists,
//! Q2.2), `bits` (counting bits), `apply` (playing an action and the end
//! checks of Q7), `repetition` (Q7.3), `check` (why an action is illegal),
//! `render` (the text board) and [`learning`] (the action space and the
//! observation tensor for learning code).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
mod apply;
mod bits;
mod board;
mod board_view;
mod check;
mod eval;
pub mod formation;
mod game;
pub mod learning;
mod legal;
mod lines;
mod movement;
pub mod params;
mod points;
mod render;
mod repetition;
mod slots;
pub mod state;

pub use action::{parse_action, Action};
pub use game::Quinque;
pub use legal::FollowedAnalysis;
pub use params::{Colour, QuinqueParams, Reach};
pub use repetition::History;
pub use state::{EndReason, Ending, QuinqueState, Tile};
