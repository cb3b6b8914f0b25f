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
