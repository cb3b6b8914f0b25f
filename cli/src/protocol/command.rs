//! `plateau serve`: the JSON-lines protocol on stdin and stdout.

use crate::common::error::CliResult;
use crate::Io;
use clap::Args;
use plateau::Registry;

/// Arguments of `plateau serve`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau serve\n  \
    echo '{\"cmd\": \"games\"}' | plateau serve\n\n\
    One JSON request per line on stdin, one JSON reply per line on stdout \
    (see docs/PROTOCOL.md).")]
pub struct ServeArgs {}

/// Serves until the end of input.
pub fn run(registry: &Registry, _args: &ServeArgs, io: &mut Io<'_>) -> CliResult {
    crate::protocol::run(registry, &mut *io.input, &mut *io.out)?;
    io.out.flush()?;
    Ok(())
}
