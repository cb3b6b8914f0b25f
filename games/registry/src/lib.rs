//! The games that ship with Plateau, in one [`Registry`].
//!
//! Every front end reaches the games through [`default_registry`]: the
//! command line (`plateau-cli`), its web page and protocol server, and the
//! Python module (`plateau-py`). This crate depends on the framework and the
//! games only, so a front end that needs the games does not pull in another
//! front end's dependencies (the terminal's, the web server's).
//!
//! ```
//! let registry = plateau_games::default_registry();
//! let ids: Vec<&str> = registry.games().map(|g| g.id()).collect();
//! assert_eq!(ids, ["hus", "oware", "quinque", "stratego"]);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use plateau::Registry;

/// The registry of the games that ship with Plateau, in alphabetical order,
/// each with its learning interface.
pub fn default_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<plateau_hus::Hus>();
    registry.register::<plateau_oware::Oware>();
    registry.register::<plateau_quinque::Quinque>();
    registry.register::<plateau_stratego::Stratego>();
    registry.register_learning::<plateau_hus::Hus>();
    registry.register_learning::<plateau_oware::Oware>();
    registry.register_learning::<plateau_quinque::Quinque>();
    registry.register_learning::<plateau_stratego::Stratego>();
    registry
}
