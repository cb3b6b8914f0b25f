//! Plateau from Python, in-process: the native module `plateau._plateau`,
//! re-exported by the Python package `plateau` (next to this crate).
//!
//! Every game of [`plateau_games::default_registry`] is reached through the
//! object-safe registry ([`plateau::DynGame`], [`plateau::DynSession`],
//! [`plateau::learning::DynLearning`]), so this crate has no per-game code.
//! Build and install it with `pip install ./python`; then:
//!
//! ```python
//! import plateau
//! game = plateau.load("hus")
//! state = game.new(seed=1)
//! while not state.is_over:
//!     state.play(state.legal_moves()[0])
//! print(state.outcome, state.returns)
//! ```
//!
//! Errors are Python exceptions carrying the engine's messages:
//! `plateau.IllegalMoveError`, `plateau.RulesError`, `plateau.RecordError`,
//! `plateau.HiddenInformationError`, `plateau.AgentError`, `plateau.MatchError`
//! (with a `kind`), all subclasses of
//! `plateau.PlateauError` (a `ValueError`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ai;
mod convert;
mod errors;
mod matches;
mod objects;
mod playouts;
mod seat;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _plateau(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    objects::register(m)?;
    ai::register(m)?;
    matches::register(m)?;
    Ok(())
}
