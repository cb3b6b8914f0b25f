//! The Python exceptions, each carrying the engine's message.

use plateau::PlayError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    plateau,
    PlateauError,
    PyValueError,
    "The base of every error raised by Plateau (a ValueError)."
);
pyo3::create_exception!(
    plateau,
    IllegalMoveError,
    PlateauError,
    "A move that cannot be read or is not legal here; nothing changed."
);
pyo3::create_exception!(
    plateau,
    RulesError,
    PlateauError,
    "Invalid rules: unknown game or variant, bad parameter or rules file."
);
pyo3::create_exception!(
    plateau,
    RecordError,
    PlateauError,
    "A game record that cannot be read or replayed."
);
pyo3::create_exception!(
    plateau,
    HiddenInformationError,
    PlateauError,
    "A request a player's seat refuses because it would show hidden information."
);
pyo3::create_exception!(
    plateau,
    AgentError,
    PlateauError,
    "An agent spec that names no agent or has a bad option."
);

pyo3::create_exception!(
    plateau,
    MatchError,
    PlateauError,
    "A request a match refuses: another seat's turn, an undo or draw refused, a \
     spectator acting. Its `kind` names the reason (`not_your_turn`, `undo_refused`, ...)."
);

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PlateauError", py.get_type::<PlateauError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add(
        "HiddenInformationError",
        py.get_type::<HiddenInformationError>(),
    )?;
    m.add("AgentError", py.get_type::<AgentError>())?;
    let match_error = py.get_type::<MatchError>();
    match_error.setattr("kind", "")?;
    m.add("MatchError", match_error)?;
    Ok(())
}

/// A move error as `IllegalMoveError`.
pub fn play_error(e: PlayError) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// A rules error as `RulesError`.
pub fn rules_error(e: plateau::RulesError) -> PyErr {
    RulesError::new_err(e.to_string())
}

/// A record error as `RecordError`.
pub fn record_error(e: plateau::RecordError) -> PyErr {
    RecordError::new_err(e.to_string())
}

/// A match's refusal as a Python exception whose `kind` is the match
/// layer's stable kind: `IllegalMoveError` for a move that cannot be read
/// or played, `AgentError` for a bad agent spec, `RecordError` for a bad
/// record, `MatchError` for the rest (turns, undo, draws, seats).
pub fn match_error(py: Python<'_>, e: plateau::MatchError) -> PyErr {
    use plateau::MatchError as E;
    let kind = e.kind();
    let message = e.to_string();
    let err = match e {
        E::Parse(_) | E::Illegal { .. } | E::BadIndex { .. } => IllegalMoveError::new_err(message),
        E::BadAgent { .. } => AgentError::new_err(message),
        E::BadRecord(_) => RecordError::new_err(message),
        _ => MatchError::new_err(message),
    };
    // Setting an attribute of a fresh exception does not fail; if it did,
    // the exception still carries its message.
    let _ = err.value(py).setattr("kind", kind);
    err
}
