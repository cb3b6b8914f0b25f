//! The plateau command line as a library (in progress).

pub mod agents;
pub mod json;
pub mod serve;

/// The registry of the default games.
pub fn default_registry() -> plateau::Registry {
    plateau::Registry::new()
}
