//! The plateau command line as a library (in progress).

/// The registry of the default games.
pub fn default_registry() -> plateau::Registry {
    plateau::Registry::new()
}
