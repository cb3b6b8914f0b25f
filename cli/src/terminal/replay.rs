//! `plateau replay`: replays a record, checking every move, and shows the
//! final position (the whole state) and the outcome.

use crate::common::error::{CliError, CliResult};
use crate::common::json::status_json;
use crate::common::record_file;
use crate::common::text::ensure_newline;
use crate::common::text::{move_report, status_line};
use crate::Io;
use clap::Args;
use plateau::Registry;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `plateau replay`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau replay game.json\n  \
    plateau replay game.json --verbose\n  \
    plateau replay game.json --step\n\n\
    The final position is shown whole, hidden information included. With --step the record is\n\
    stepped through on the full-screen board (←/→, Home/End), seen whole or from a seat (v, 0, 1, 2).")]
pub struct ReplayArgs {
    /// The game record.
    pub record: PathBuf,
    /// Print every move with what it did.
    #[arg(long, short = 'v')]
    pub verbose: bool,
    /// Print the final state and status as JSON.
    #[arg(long, conflicts_with = "verbose")]
    pub json: bool,
    /// Step through the record on the full-screen board: forwards and
    /// backwards, seen whole or from a seat (needs a terminal).
    #[arg(long, conflicts_with_all = ["verbose", "json"])]
    pub step: bool,
    /// With --step: the analysis to draw beside the board (`plateau
    /// analyse --save` writes one; by default NAME.analysis.json next to
    /// the record, if there is one).
    #[arg(long, value_name = "FILE", requires = "step")]
    pub analysis: Option<PathBuf>,
}

/// Replays the record.
pub fn run(registry: &Registry, args: &ReplayArgs, io: &mut Io<'_>) -> CliResult {
    let path = &args.record;
    if args.step {
        return crate::terminal::step(registry, path, args.analysis.as_deref(), io);
    }
    let record = record_file::read(path)?;
    let record_error = |source| record_file::replay_error(path, source);
    if args.verbose {
        let mut session = registry
            .load_record(&record.start())
            .map_err(record_error)?;
        for (i, text) in record.moves.iter().enumerate() {
            let mover = session.status().to_move();
            session.play(text).map_err(|e| {
                CliError::failed(format!(
                    "{}: move {} ('{text}'): {e}",
                    path.display(),
                    i + 1
                ))
            })?;
            let who = mover.map(|p| session.player_name(p)).unwrap_or_default();
            let report = move_report(&who, text, true, session.describe_last_move(None));
            writeln!(io.out, "{}. {report}", i + 1)?;
        }
        if let Some(p) = record.resigned {
            writeln!(io.out, "{} resigned", session.player_name(p))?;
        }
        if let Some(p) = record.flagged {
            writeln!(io.out, "{}'s flag fell", session.player_name(p))?;
        }
    }
    // The whole record, resignation and stored outcome included, is checked here.
    let session = registry.load_record(&record).map_err(record_error)?;
    if args.json {
        let value = json!({
            "game": session.game_id(),
            "variant": session.variant_label(),
            "moves": session.num_moves(),
            "status": status_json(session.as_ref()),
            "state": session.state_json(),
        });
        return io.write_json(&value);
    }
    writeln!(
        io.out,
        "{}: {} ({}), seed {}, {} moves, every move legal",
        path.display(),
        session.game_id(),
        session.variant_label(),
        record.seed,
        record.moves.len()
    )?;
    writeln!(io.out, "final position:")?;
    write!(io.out, "{}", ensure_newline(session.render(None)))?;
    writeln!(io.out, "{}", status_line(session.as_ref()))?;
    Ok(())
}
