//! `plateau tables`: builds endgame tables by retrograde analysis
//! (Oware: every board of at most N seeds, `plateau_oware::endgame`), on
//! every core, with a progress bar, resumable after an interrupt.

use crate::common::error::{CliError, CliResult};
use crate::Io;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use plateau_oware::endgame::build::Progress;
use plateau_oware::endgame::{EndgameTables, LayerSummary};
use serde_json::json;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `plateau tables`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau tables oware --seeds 15 --out tables/\n  \
    plateau --tables tables/ play oware          (the agents search with them)\n  \
    plateau --tables tables/ analyse oware '0,0,0,0,1,2/1,0,0,3,0,0 south'\n\n\
    One file a layer (the boards of n seeds), one byte a board, with a checksum. \
    Layers already in DIR are checked and kept, so an interrupted build goes on where it \
    stopped. Hus has no such tables: its stones never leave the board, so no bounded set \
    of positions is closed under its moves.")]
pub struct TablesArgs {
    /// The game: oware.
    pub game: String,
    /// The most seeds on the board: every board of 0 to SEEDS seeds.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub seeds: u32,
    /// Houses a row (the rules' `houses`).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub houses: u32,
    /// The directory of the table files (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Builds the tables and prints the counts of each layer.
pub fn run(args: &TablesArgs, io: &mut Io<'_>) -> CliResult {
    match args.game.as_str() {
        "oware" => {}
        "hus" => {
            return Err(CliError::usage(
                "hus has no endgame tables: its 48 stones never leave the board (RULES.md H3.6), \
                 so no smaller set of positions is closed under its moves",
            ))
        }
        other => {
            return Err(CliError::usage(format!(
                "no endgame tables for '{}'; `plateau tables` builds them for oware",
                plateau::escape_controls(other)
            )))
        }
    }
    let bar = ProgressBar::with_draw_target(
        None,
        if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .expect("a valid template"),
    );
    let started = Instant::now();
    let mut summaries: Vec<(LayerSummary, f64)> = Vec::new();
    let mut layer_start = Instant::now();
    let result = EndgameTables::build(
        &args.out,
        args.houses as usize,
        args.seeds,
        &mut |seeds, progress| {
            let message = match progress {
                Progress::Moves { done, of } => {
                    format!("{seeds} seeds: moves of {done} / {of} boards")
                }
                Progress::Sweep { sweep, changed } => {
                    format!("{seeds} seeds: sweep {sweep}, {changed} boards changed")
                }
            };
            bar.set_message(message);
            bar.tick();
        },
        &mut |summary| {
            summaries.push((summary.clone(), layer_start.elapsed().as_secs_f64()));
            layer_start = Instant::now();
        },
    );
    bar.finish_and_clear();
    let tables = result.map_err(|e| CliError::failed(e.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    let bytes: u64 = summaries.iter().map(|(s, _)| s.boards + 40).sum();
    if args.json {
        let layers: Vec<_> = summaries
            .iter()
            .map(|(s, secs)| {
                json!({"seeds": s.seeds, "boards": s.boards, "ahead": s.ahead, "even": s.even,
                       "behind": s.behind, "sweeps": s.sweeps, "reused": s.reused,
                       "seconds": secs})
            })
            .collect();
        let out = json!({"game": "oware", "houses": args.houses, "max_seeds": tables.max_seeds(),
                         "dir": args.out.display().to_string(), "bytes": bytes,
                         "seconds": seconds, "layers": layers});
        writeln!(io.out, "{out}")?;
        return Ok(());
    }
    writeln!(
        io.out,
        "Oware endgame tables, {} houses a row, 0 to {} seeds, in {}",
        args.houses,
        tables.max_seeds(),
        args.out.display()
    )?;
    writeln!(
        io.out,
        "{:>5} {:>12} {:>12} {:>12} {:>12} {:>6} {:>9}",
        "seeds", "boards", "ahead", "even", "behind", "sweeps", "seconds"
    )?;
    for (s, secs) in &summaries {
        let time = if s.reused {
            "kept".to_string()
        } else {
            format!("{secs:.1}")
        };
        writeln!(
            io.out,
            "{:>5} {:>12} {:>12} {:>12} {:>12} {:>6} {:>9}",
            s.seeds, s.boards, s.ahead, s.even, s.behind, s.sweeps, time
        )?;
    }
    writeln!(
        io.out,
        "{} boards, {} bytes, {seconds:.1} s (ahead/even/behind: the player to move's value > 0, = 0, < 0)",
        summaries.iter().map(|(s, _)| s.boards).sum::<u64>(),
        bytes
    )?;
    Ok(())
}
