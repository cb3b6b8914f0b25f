//! `plateau show`: the board of a recorded game as one player sees it.

use crate::common::error::{CliError, CliResult};
use crate::common::json::status_json;
use crate::common::record_file;
use crate::common::setups::player_names;
use crate::common::text::{ensure_newline, last_move_report, status_line};
use crate::Io;
use clap::Args;
use plateau::{Player, Registry};
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `plateau show`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau show game.json\n  \
    plateau show game.json --as north\n  \
    plateau show stratego.json --as blue\n  \
    plateau show stratego.json --all --json\n\n\
    In a game of hidden information, --as PLAYER (that player's view only) or --all \
    (everything) must be given.")]
pub struct ShowArgs {
    /// The game record.
    pub file: PathBuf,
    /// Show the board as this player sees it, from their seat.
    #[arg(long = "as", value_name = "PLAYER", conflicts_with = "all")]
    pub as_player: Option<String>,
    /// Show everything, hidden information included.
    #[arg(long)]
    pub all: bool,
    /// Print the view (or with --all the whole state) as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Shows the board.
pub fn run(registry: &Registry, args: &ShowArgs, io: &mut Io<'_>) -> CliResult {
    let (_, session) = record_file::open(registry, &args.file)?;
    let seat: Option<Player> = match &args.as_player {
        Some(name) => Some(session.find_player(name).ok_or_else(|| {
            CliError::usage(format!(
                "--as {name}: {} has no such player; players: {}",
                session.game_id(),
                player_names(session.as_ref())
            ))
        })?),
        None if session.hidden_information() && !args.all => {
            return Err(CliError::usage(format!(
                "{} hides information: give --as PLAYER ({}) to see one player's view, \
                 or --all to see everything",
                session.game_id(),
                player_names(session.as_ref()).replace(", ", " or ")
            )))
        }
        None => None,
    };
    let last = last_move_report(session.as_ref(), seat);
    if args.json {
        let mut value = json!({
            "game": session.game_id(),
            "variant": session.variant_label(),
            "status": status_json(session.as_ref()),
            "last_move": last,
        });
        match seat {
            Some(p) => {
                value["player"] = json!(p.0);
                value["player_name"] = json!(session.player_name(p));
                value["view"] = session.view_json(p);
            }
            None => value["state"] = session.state_json(),
        }
        return io.write_json(&value);
    }
    // The board marks the last move; the line under it tells it, once.
    write!(io.out, "{}", ensure_newline(session.render_marked(seat)))?;
    if let Some(last) = last {
        writeln!(io.out, "last move: {last}")?;
    }
    writeln!(io.out, "{}", status_line(session.as_ref()))?;
    Ok(())
}
