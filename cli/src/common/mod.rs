//! The pieces every front end shares: errors and exit codes, loading a
//! game's rules, record files, setups, the text and JSON of a position, the
//! seeds, and the argument groups several commands take.

pub mod error;
pub mod json;
pub mod loading;
pub mod options;
pub mod record_file;
pub mod rules_request;
pub mod seeds;
pub mod setups;
pub mod text;
