//! `plateau apply`: plays moves in a recorded game and writes the record,
//! all or nothing.

use crate::common::error::{CliError, CliResult};
use crate::common::json::status_json;
use crate::common::record_file;
use crate::common::text::{move_report, status_line};
use crate::Io;
use clap::Args;
use plateau::Registry;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `plateau apply`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau apply game.json a7\n  \
    plateau apply game.json a7 b2 -o next.json\n  \
    plateau apply game.json 'mark 3,1' end --json\n  \
    plateau apply stratego.json b4-b5 --as red\n\n\
    Each MOVE is one argument (quote moves that contain spaces). If any move is \
    malformed or illegal, nothing is written. The record is locked while it is read, \
    played and written: a second apply on it waits (up to 30 s) and plays on top.")]
pub struct ApplyArgs {
    /// The game record.
    pub file: PathBuf,
    /// The moves, in the game's notation, played in order.
    #[arg(required = true, value_name = "MOVE")]
    pub moves: Vec<String>,
    /// Write the record here instead of replacing FILE.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The player sending the moves: a move on another player's turn is
    /// refused, and refusals are phrased for this player. Without it, in a
    /// game of hidden information an illegal move is refused only with what
    /// everyone may know.
    #[arg(long = "as", value_name = "PLAYER")]
    pub as_player: Option<String>,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Plays the moves and writes the record.
pub fn run(registry: &Registry, args: &ApplyArgs, io: &mut Io<'_>) -> CliResult {
    // Held until the record is written: a second `apply` on the same record
    // waits, then plays on top of this one's moves.
    let _lock = record_file::lock(&args.file, record_file::LOCK_WAIT)?;
    let (_, mut session) = record_file::open(registry, &args.file)?;
    let sender = match &args.as_player {
        Some(name) => Some(crate::common::setups::find_player(
            session.as_ref(),
            name,
            "--as",
        )?),
        None => None,
    };
    let mut reports = Vec::new();
    for (i, text) in args.moves.iter().enumerate() {
        let mover = session.status().to_move();
        match sender {
            Some(player) => session.play_as(player, text),
            None => session.play_public(text),
        }
        .map_err(|e| CliError::failed(format!("move {}: {e}", i + 1)))?;
        // The one applying the moves is the mover: describe as the mover knows it.
        let description = session.describe_last_move(mover);
        // The move in the game's notation (`e4e5` typed is `e4-e5`).
        let played = session
            .last_move()
            .map_or_else(|| text.trim().to_string(), |last| last.text);
        reports.push((played, mover, description));
    }
    let target = args.output.as_ref().unwrap_or(&args.file);
    record_file::write(target, &session.record())?;
    if args.json {
        let value = json!({
            "file": target.display().to_string(),
            "applied": reports.iter().map(|(m, p, d)| json!({
                "move": m,
                "player": p.map(|p| p.0),
                "description": d,
            })).collect::<Vec<_>>(),
            "status": status_json(session.as_ref()),
        });
        return io.write_json(&value);
    }
    for (m, p, d) in &reports {
        let who = p.map(|p| session.player_name(p)).unwrap_or_default();
        writeln!(io.out, "{}", move_report(&who, m, true, d.clone()))?;
    }
    writeln!(io.out, "{}", status_line(session.as_ref()))?;
    Ok(())
}
