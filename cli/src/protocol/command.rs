//! `plateau serve`: the JSON-lines protocol on stdin and stdout.

use crate::common::error::CliResult;
use crate::Io;
use clap::Args;
use plateau::Registry;

/// Arguments of `plateau serve`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau serve\n  \
    plateau serve --max-games 16\n  \
    echo '{\"cmd\": \"games\"}' | plateau serve\n\n\
    One JSON request per line on stdin, one JSON reply per line on stdout \
    (see docs/PROTOCOL.md).")]
pub struct ServeArgs {
    /// The most games open at once; one more `new` or `load` is refused
    /// with a `too_many_games` error until a game is closed.
    #[arg(long, value_name = "N", default_value_t = crate::protocol::DEFAULT_MAX_GAMES)]
    pub max_games: usize,
}

/// Serves until the end of input.
pub fn run(registry: &Registry, args: &ServeArgs, io: &mut Io<'_>) -> CliResult {
    let options = crate::protocol::Options {
        max_games: args.max_games,
        ..crate::protocol::Options::default()
    };
    crate::protocol::run_with(registry, &mut *io.input, &mut *io.out, &options)?;
    io.out.flush()?;
    Ok(())
}
