//! `plateau serve`: the JSON-lines protocol (in progress).

use plateau::Registry;
use std::io::{self, BufRead, Write};

/// Serves the JSON-lines protocol on `input` and `output` until end of input
/// or `quit`.
pub fn run(_registry: &Registry, _input: impl BufRead, _output: impl Write) -> io::Result<()> {
    Ok(())
}
