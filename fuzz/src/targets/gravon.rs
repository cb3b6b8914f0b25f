//! Gravon XML records: the input is converted with
//! `plateau_stratego::gravon::import`.
//!
//! Checks: a refused record has a one-line error; an imported record loads
//! through the default registry and gives back the same record.

use super::super::{one_line, reloads};

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let xml = String::from_utf8_lossy(data);
    match plateau_stratego::gravon::import(&xml) {
        Ok(record) => {
            reloads(&format!("the import of {xml:?}"), &record);
        }
        Err(e) => one_line("gravon::import", &xml, &e.to_string()),
    }
}
