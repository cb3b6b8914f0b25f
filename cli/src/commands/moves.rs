//! `plateau moves`: the legal moves of a recorded game.

use crate::error::CliResult;
use crate::json::status_json;
use crate::text::status_line;
use crate::{record_file, Io};
use clap::Args;
use plateau::Registry;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `plateau moves`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  plateau moves game.json\n  plateau moves game.json --json")]
pub struct MovesArgs {
    /// The game record.
    pub file: PathBuf,
    /// Print the moves as JSON: `{"status": .., "moves": [..], "enumerable": .., "hint": ..}`.
    #[arg(long)]
    pub json: bool,
}

/// Lists the legal moves of the player to move.
pub fn run(registry: &Registry, args: &MovesArgs, io: &mut Io<'_>) -> CliResult {
    let (_, session) = record_file::open(registry, &args.file)?;
    let moves = session.legal_moves();
    let enumerable = session.moves_enumerable();
    let over = session.status().is_over();
    let hint = if over { None } else { session.move_hint() };
    if args.json {
        let value = json!({
            "status": status_json(session.as_ref()),
            "moves": moves,
            "enumerable": enumerable,
            "hint": hint,
        });
        writeln!(io.out, "{value}")?;
        return Ok(());
    }
    writeln!(io.out, "{}", status_line(session.as_ref()))?;
    if over {
        return Ok(());
    }
    if !enumerable {
        writeln!(io.out, "the moves here cannot be listed; enter one as text")?;
    } else {
        writeln!(io.out, "{} legal moves:", moves.len())?;
        for m in &moves {
            writeln!(io.out, "{m}")?;
        }
    }
    if let Some(h) = hint {
        writeln!(io.out, "{}", h.trim_end())?;
    }
    Ok(())
}
