//! `plateau moves`: the legal moves of a recorded game.

use crate::common::error::{CliError, CliResult};
use crate::common::json::status_json;
use crate::common::record_file;
use crate::common::setups::find_player;
use crate::common::text::status_line;
use crate::Io;
use clap::Args;
use plateau::{Registry, Status};
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `plateau moves`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau moves game.json\n  \
    plateau moves game.json --json\n  \
    plateau moves stratego.json --as red\n\n\
    The moves are those of the player to move. A program that plays one side of a game \
    of hidden information gives --as with its side: on the other side's turn it is told \
    so, rather than shown which of the other side's pieces can move.")]
pub struct MovesArgs {
    /// The game record.
    pub file: PathBuf,
    /// The player asking: an error unless it is this player's turn (or the
    /// game is over).
    #[arg(long = "as", value_name = "PLAYER")]
    pub as_player: Option<String>,
    /// Print the moves as JSON: `{"status": .., "moves": [..], "enumerable": .., "hint": ..}`.
    #[arg(long)]
    pub json: bool,
}

/// Lists the legal moves of the player to move.
pub fn run(registry: &Registry, args: &MovesArgs, io: &mut Io<'_>) -> CliResult {
    let (_, session) = record_file::open(registry, &args.file)?;
    if let Some(name) = &args.as_player {
        let player = find_player(session.as_ref(), name, "--as")?;
        if let Status::ToMove(p) = session.status() {
            if p != player {
                return Err(CliError::failed(format!(
                    "it is {}'s turn, not {}'s",
                    session.player_name(p),
                    session.player_name(player)
                )));
            }
        }
    }
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
        return io.write_json(&value);
    }
    writeln!(io.out, "{}", status_line(session.as_ref()))?;
    if over {
        return Ok(());
    }
    if !enumerable {
        writeln!(io.out, "the moves here cannot be listed; enter one as text")?;
    } else {
        writeln!(
            io.out,
            "{}:",
            crate::common::text::legal_moves_count(moves.len())
        )?;
        for m in &moves {
            writeln!(io.out, "{m}")?;
        }
    }
    if let Some(h) = hint {
        writeln!(io.out, "{}", h.trim_end())?;
    }
    Ok(())
}
