//! `plateau analyse`: a recorded game analysed move by move
//! ([`plateau::analysis`]): each position's value for its mover, the
//! agent's best move, and the moves that gave value away marked `?!`
//! (inaccuracy), `?` (mistake), `??` (blunder).

use crate::common::error::{CliError, CliResult};
use crate::common::record_file;
use crate::common::setups::player_names;
use crate::Io;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use plateau::analysis::{analyse, AnalysisError, AnalysisOptions, GameAnalysis};
use plateau::Registry;
use std::io::IsTerminal;
use std::path::PathBuf;

/// Arguments of `plateau analyse`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau analyse game.json\n  \
    plateau analyse game.json --agent alphabeta:depth=8 --json\n  \
    plateau analyse stratego.json --seat red --time 500ms\n  \
    plateau analyse game.json --save   (game.analysis.json, drawn by `plateau replay game.json --step`)\n  \
    plateau --tables DIR analyse oware '0,0,0,0,0,1/1,1,0,0,0,0/22,23 south'\n\n\
    Each position is searched by the agent from its mover's view. In a game of hidden \
    information only --seat's moves are searched, from that seat's view, and the other \
    seat's secret moves are shown as (secret). Marks: ?! inaccuracy, ? mistake, ?? blunder, \
    by the value a move gave away (the thresholds are printed).")]
pub struct AnalyseArgs {
    /// The game record; or, followed by a POSITION, a game (oware).
    #[arg(value_name = "RECORD|GAME")]
    pub file: PathBuf,
    /// A position of the game to give its exact value from the endgame
    /// tables of `--tables DIR` (oware: `SOUTH/NORTH[/STORES] [south|north]`,
    /// each row's houses from its owner's left, e.g.
    /// `0,0,0,0,0,1/1,1,0,0,0,0/22,23 south`; or the position's JSON).
    #[arg(value_name = "POSITION")]
    pub position: Option<String>,
    /// The agent that searches each position (see `plateau agents GAME`).
    #[arg(long, default_value = "ai")]
    pub agent: String,
    /// The most time for each position (500ms, 1s): a cap on the agent's
    /// own budget.
    #[arg(long, value_name = "TIME")]
    pub time: Option<String>,
    /// The seat whose view is analysed (required in a game of hidden
    /// information).
    #[arg(long, value_name = "PLAYER")]
    pub seat: Option<String>,
    /// The seed of the agent (the same seed and an iteration budget give the
    /// same analysis).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print the analysis as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write the analysis (JSON) next to the record, as
    /// `NAME.analysis.json`, where `plateau replay NAME.json --step` finds
    /// it and draws the values beside the board.
    #[arg(long)]
    pub save: bool,
}

/// Where the analysis of the record at `path` is kept: `game.json` →
/// `game.analysis.json`.
pub fn analysis_path(path: &std::path::Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!("{stem}.analysis.json"))
}

/// Analyses the record and prints the report.
pub fn run(registry: &Registry, args: &AnalyseArgs, io: &mut Io<'_>) -> CliResult {
    if let Some(position) = &args.position {
        let game = args.file.to_string_lossy();
        return super::analyse_position::run(registry, &game, position, args.json, io);
    }
    let (record, session) = record_file::open(registry, &args.file)?;
    let seat = match &args.seat {
        Some(name) => Some(session.find_player(name).ok_or_else(|| {
            CliError::usage(format!(
                "--seat {}: {} has no such player; players: {}",
                plateau::escape_controls(name),
                session.game_id(),
                player_names(session.as_ref())
            ))
        })?),
        None => None,
    };
    let time = match &args.time {
        Some(t) => Some(plateau::ai::parse_duration(t).map_err(|e| {
            CliError::usage(format!("--time {}: {e}", plateau::escape_controls(t)))
        })?),
        None => None,
    };
    let options = AnalysisOptions {
        agent: args.agent.clone(),
        time,
        seat,
        seed: args.seed,
    };
    let bar = progress_bar(record.moves.len() as u64);
    let result = analyse(registry, &record, &options, &|done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let analysis = result.map_err(|e| match e {
        AnalysisError::Record(source) => record_file::replay_error(&args.file, source),
        e @ (AnalysisError::Agent(_) | AnalysisError::SeatNeeded { .. }) => {
            CliError::usage(e.to_string())
        }
    })?;
    let value = serde_json::to_value(&analysis)
        .map_err(|e| CliError::failed(format!("the analysis cannot be written: {e}")))?;
    if args.save {
        let text = serde_json::to_string_pretty(&value)
            .map_err(|e| CliError::failed(format!("the analysis cannot be written: {e}")))?;
        record_file::write_text(&analysis_path(&args.file), &format!("{text}\n"))?;
    }
    if args.json {
        return io.write_json(&value);
    }
    write_report(&analysis, io)
}

/// A bar on standard error while positions are searched, when it is a
/// terminal.
fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} positions ({eta} left)")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The report for people: a line a ply, then each player's marks.
fn write_report(a: &GameAnalysis, io: &mut Io<'_>) -> CliResult {
    let t = &a.thresholds;
    writeln!(
        io.out,
        "{} analysed by {}{}{}; values for the mover in [-1, 1]; marks by value given away: \
         ?! {:.2}, ? {:.2}, ?? {:.2}",
        a.game,
        a.agent,
        a.time_ms
            .map(|ms| format!(" ({ms} ms a position)"))
            .unwrap_or_default(),
        a.seat
            .as_ref()
            .map(|s| format!(", from {s}'s view"))
            .unwrap_or_default(),
        t.inaccuracy,
        t.mistake,
        t.blunder
    )?;
    for p in &a.plies {
        let mark = p.mark.map(|m| m.sign()).unwrap_or("");
        let mut line = format!("{:>4}. {} {}{mark}", p.ply, p.mover, p.played);
        if let Some(v) = p.value {
            line.push_str(&format!("   value {v:+.2}"));
            if p.exact {
                line.push_str(" (exact, endgame tables)");
            }
        }
        if let Some(best) = &p.best {
            if *best != p.played {
                line.push_str(&format!("   best {best}"));
            }
        }
        match (p.loss, p.loss_at_least) {
            (Some(l), _) if l >= 0.005 => line.push_str(&format!("   lost {l:.2}")),
            (None, Some(l)) => line.push_str(&format!("   lost at least {l:.2}")),
            _ => {}
        }
        writeln!(io.out, "{}", line.trim_end())?;
    }
    let mut movers: Vec<&str> = Vec::new();
    for p in &a.plies {
        if !movers.contains(&p.mover.as_str()) && (p.searched || a.seat.is_none()) {
            movers.push(&p.mover);
        }
    }
    for m in movers {
        let [i, k, b] = a.marks_of(m);
        let count =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        writeln!(
            io.out,
            "{m}: {}, {}, {}",
            count(i, "inaccuracy", "inaccuracies"),
            count(k, "mistake", "mistakes"),
            count(b, "blunder", "blunders")
        )?;
    }
    Ok(())
}
