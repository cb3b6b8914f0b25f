//! `plateau games`: the registered games and their variants.

use crate::common::error::CliResult;
use crate::Io;
use clap::Args;
use plateau::Registry;

/// Arguments of `plateau games`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  plateau games\n  plateau games --json")]
pub struct GamesArgs {
    /// Print the list as JSON: the same list as the `games` command of
    /// `plateau serve` (see docs/PROTOCOL.md).
    #[arg(long)]
    pub json: bool,
}

/// Lists the games.
pub fn run(registry: &Registry, args: &GamesArgs, io: &mut Io<'_>) -> CliResult {
    if args.json {
        let games: Vec<_> = registry
            .games()
            .map(crate::protocol::catalog::game_json)
            .collect();
        writeln!(io.out, "{}", serde_json::Value::Array(games))?;
        return Ok(());
    }
    if registry.games().next().is_none() {
        writeln!(io.out, "no games are registered")?;
    }
    for g in registry.games() {
        let hidden = if g.hidden_information() {
            " (hidden information)"
        } else {
            ""
        };
        writeln!(io.out, "{} - {}{hidden}", g.id(), g.name())?;
        let width = g.variants().iter().map(|v| v.name.len()).max().unwrap_or(0);
        for (i, v) in g.variants().iter().enumerate() {
            let default = if i == 0 { " (default)" } else { "" };
            writeln!(io.out, "  {:width$}  {}{default}", v.name, v.description)?;
        }
    }
    Ok(())
}
