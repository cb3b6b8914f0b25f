//! `plateau predict`: how often agents choose the moves people played
//! ([`plateau::prediction`]): top-1 and top-3 agreement and the mean
//! log-likelihood of the moves played, by phase of the game.

use crate::common::error::{CliError, CliResult};
use crate::common::record_file;
use crate::Io;
use clap::Args;
use plateau::prediction::{predict, GamePrediction, PredictError, PredictOptions, Summary, Tally};
use plateau::{GameRecord, Registry};
use rayon::prelude::*;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `plateau predict`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau predict game.json --agent ai --time 100ms\n  \
    plateau predict ../shared/acceptance/stratego-records/gravon-xml/classic-*.xml \\\n    \
    --agent greedy --agent ai --time 200ms --threads 2 --json\n\n\
    Each ply whose moves can be listed (not a setup) is given to a fresh agent from the \
    mover's view only. top-1: the agent's choice is the move played; top-3: the move played \
    is among its three best; log-lik: the mean natural log of the probability the agent \
    gave the move played, for agents that count visits or votes (add-one-half smoothing \
    over the legal moves). Phases: the last --ending plies, the first --opening plies \
    before them, and the middle. Gravon records (.xml) are imported as `plateau import \
    gravon` does.")]
pub struct PredictArgs {
    /// Game records (plateau JSON, or Gravon XML for Stratego).
    #[arg(required = true, value_name = "RECORD")]
    pub records: Vec<PathBuf>,
    /// An agent to ask (repeat for several; see `plateau agents GAME`).
    #[arg(long = "agent", value_name = "SPEC", default_value = "ai")]
    pub agents: Vec<String>,
    /// The most time for each position (100ms, 1s).
    #[arg(long, value_name = "TIME")]
    pub time: Option<String>,
    /// The agents' seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Plies counted as the opening.
    #[arg(long, default_value_t = 20)]
    pub opening: usize,
    /// Plies counted as the ending.
    #[arg(long, default_value_t = 50)]
    pub ending: usize,
    /// Records predicted at once (each on its own thread).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Print the summary and every ply as JSON.
    #[arg(long)]
    pub json: bool,
}

fn load(path: &PathBuf) -> CliResult<GameRecord> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xml"))
    {
        let xml = std::fs::read_to_string(path).map_err(|e| CliError::io(path, e))?;
        return plateau_stratego::gravon::import(&xml)
            .map_err(|e| CliError::failed(format!("{}: {e}", path.display())));
    }
    record_file::read(path)
}

/// Predicts every record with every agent and prints the table.
pub fn run(registry: &Registry, args: &PredictArgs, io: &mut Io<'_>) -> CliResult {
    let time = match &args.time {
        Some(t) => Some(plateau::ai::parse_duration(t).map_err(|e| {
            CliError::usage(format!("--time {}: {e}", plateau::escape_controls(t)))
        })?),
        None => None,
    };
    let records: Vec<GameRecord> = args.records.iter().map(load).collect::<CliResult<_>>()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| CliError::failed(format!("--threads: {e}")))?;
    let mut results: Vec<(String, Vec<GamePrediction>)> = Vec::new();
    for spec in &args.agents {
        let options = PredictOptions {
            agent: spec.clone(),
            time,
            seed: args.seed,
            opening: args.opening,
            ending: args.ending,
        };
        let games: Vec<Result<GamePrediction, (usize, PredictError)>> = pool.install(|| {
            records
                .par_iter()
                .enumerate()
                .map(|(i, r)| predict(registry, r, &options).map_err(|e| (i, e)))
                .collect()
        });
        let games = games
            .into_iter()
            .map(|g| {
                g.map_err(|(i, e)| match e {
                    PredictError::Record(source) => {
                        record_file::replay_error(&args.records[i], source)
                    }
                    e @ PredictError::Agent(_) => CliError::usage(e.to_string()),
                })
            })
            .collect::<CliResult<Vec<_>>>()?;
        results.push((spec.clone(), games));
    }
    if args.json {
        let agents: Vec<_> = results
            .iter()
            .map(|(spec, games)| {
                json!({"agent": spec, "summary": Summary::of(games), "games": games})
            })
            .collect();
        return io.write_json(&json!({"records": records.len(), "time_ms": time.map(|t| t.as_millis() as u64),
                                     "opening": args.opening, "ending": args.ending, "agents": agents}));
    }
    writeln!(
        io.out,
        "{} records; top-1 / top-3 agreement with the move played, mean log-likelihood; \
         opening = first {} plies, ending = last {}",
        records.len(),
        args.opening,
        args.ending
    )?;
    writeln!(
        io.out,
        "{:<28} {:>7} {:>22} {:>22} {:>22} {:>22}",
        "agent", "plies", "opening", "middle", "ending", "all"
    )?;
    for (spec, games) in &results {
        let s = Summary::of(games);
        writeln!(
            io.out,
            "{:<28} {:>7} {:>22} {:>22} {:>22} {:>22}",
            spec,
            s.all.positions,
            cell(&s.opening),
            cell(&s.middle),
            cell(&s.ending),
            cell(&s.all)
        )?;
    }
    Ok(())
}

/// `top-1 / top-3 / log-lik` of a tally, as percentages.
fn cell(t: &Tally) -> String {
    if t.positions == 0 {
        return "-".to_string();
    }
    let ll = t
        .mean_log_likelihood()
        .map_or("-".to_string(), |l| format!("{l:.2}"));
    format!(
        "{:.1}% {:.1}% {ll}",
        100.0 * t.top1_rate(),
        100.0 * t.top3_rate()
    )
}
