//! The terminal front end: `plateau play` (a line-by-line console, or the
//! full-screen board when the terminal allows), `plateau replay` (and its
//! `--step` viewer), with their shared pieces: the seats, the setup editor,
//! the rules panel and saving a game in progress.

mod console;
mod placement;
mod plain;
pub mod play;
pub mod replay;
mod rules_panel;
mod saving;
pub(crate) mod seats;
mod stepper;
mod tui;

use play::{legal_moves_listing, Table};

use console::title;
pub use stepper::step;
