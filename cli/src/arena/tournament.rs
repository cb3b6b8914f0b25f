//! `plateau tournament`: a round robin of agents, each pair an arena run
//! of its own seed, and an Elo ladder fitted to all the games at once.

use crate::arena::{progress_bar, progress_message};
use crate::common::error::{CliError, CliResult};
use crate::common::loading::load_game;
use crate::common::options::RulesOpts;
use crate::Io;
use clap::Args;
use plateau::ai::arena::{ArenaConfig, ArenaProgress};
use plateau::ai::elo::{self, fit_ladder, PairResult};
use plateau::ai::report::match_seed;
use plateau::Registry;
use serde_json::json;

/// Arguments of `plateau tournament`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau tournament hus random greedy mcts:iters=500 alphabeta:depth=4 -n 20 --seed 1\n  \
    plateau tournament oware random greedy ai:time=50ms -n 10 --report oware.html\n  \
    plateau tournament stratego --variant barrage random greedy pimc:time=200ms ismcts:time=200ms\n\n\
    Every pair plays -n games, sides alternating. The ladder is the Bradley-Terry model \
    (Elo units, mean 0) fitted by maximum likelihood to all games, draws as half points; \
    when an agent won or lost every game, one virtual draw per pair keeps it finite.")]
pub struct TournamentArgs {
    /// The game (see `plateau games`).
    pub game: String,
    /// The agents' specs (at least two; see `plateau agents GAME`).
    #[arg(required = true, num_args = 2.., value_name = "SPEC")]
    pub agents: Vec<String>,
    /// The rules options.
    #[command(flatten)]
    pub rules: RulesOpts,
    /// Games per pair.
    #[arg(short = 'n', long = "games", default_value_t = 20)]
    pub games: u64,
    /// The tournament's seed (default: from the clock, shown).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: one per core); the results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Stop a game after this many moves as a capped draw (0: only the rules' caps).
    #[arg(long, default_value_t = 10_000)]
    pub max_plies: u64,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write a report page here: one self-contained HTML file (no
    /// network, no script) with the cross table, the ladder as a chart and
    /// each pair's game lengths and endings.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<std::path::PathBuf>,
}

/// Plays the round robin and prints the ladder.
pub fn run(registry: &Registry, args: &TournamentArgs, io: &mut Io<'_>) -> CliResult {
    let game = load_game(registry, &args.game, &args.rules)?;
    let specs: Vec<String> = args
        .agents
        .iter()
        .map(|s| crate::agents::normalize_spec(s))
        .collect();
    for (i, spec) in specs.iter().enumerate() {
        crate::agents::make_agent(game.as_ref(), spec, 0)
            .map_err(|e| CliError::usage(format!("agent {} ('{spec}'): {e}", i + 1)))?;
    }
    let seed = crate::common::seeds::seed_or_clock(args.seed);
    let pairs: Vec<(usize, usize)> = (0..specs.len())
        .flat_map(|i| (i + 1..specs.len()).map(move |j| (i, j)))
        .collect();
    let bar = progress_bar(pairs.len() as u64 * args.games, args.json);
    let mut results = Vec::new();
    let mut matches = Vec::new();
    for (k, &(i, j)) in pairs.iter().enumerate() {
        let config = ArenaConfig {
            threads: args.threads,
            max_plies: args.max_plies,
            keep_records: false,
            ..ArenaConfig::new(&specs[i], &specs[j], args.games, match_seed(seed, k as u64))
        };
        let done_before = k as u64 * args.games;
        let run = game.arena(&config, &|p: &ArenaProgress| {
            bar.set_position(done_before + p.done);
            bar.set_message(format!(
                "{} vs {}: {}",
                specs[i],
                specs[j],
                progress_message(&p.a)
            ));
        });
        let run = match run {
            Ok(run) => run,
            Err(e) => {
                bar.finish_and_clear();
                return Err(CliError::failed(format!(
                    "{} vs {}: {e}",
                    specs[i], specs[j]
                )));
            }
        };
        let summary = run.report.summary();
        results.push(PairResult {
            a: i,
            b: j,
            score: summary.a,
        });
        matches.push(run.report);
    }
    bar.finish_and_clear();
    let ladder = fit_ladder(specs.len(), &results).map_err(|e| CliError::failed(e.to_string()))?;
    if let Some(path) = &args.report {
        let title = format!(
            "{} ({}): round robin of {} agents, {} games per pair, seed {seed}",
            game.name(),
            game.variant(),
            specs.len(),
            args.games
        );
        let page = super::html::tournament_page(&title, &specs, &results, &matches, &ladder);
        crate::common::record_file::write_text(path, &page)?;
    }
    if args.json {
        let value = json!({
            "game": game.id(),
            "variant": game.variant(),
            "seed": seed,
            "games_per_pair": args.games,
            "agents": specs,
            "matches": matches.iter().map(|m| m.to_json()).collect::<Vec<_>>(),
            "ladder": ladder.ratings.iter().map(|r| json!({
                "agent": specs[r.player],
                "elo": (r.elo * 10.0).round() / 10.0,
                "margin": (r.margin * 10.0).round() / 10.0,
                "points": r.points,
                "games": r.games,
            })).collect::<Vec<_>>(),
            "prior_draws": ladder.prior_draws,
        });
        return io.write_json(&value);
    }
    let width = specs.iter().map(String::len).max().unwrap_or(5).max(5);
    writeln!(
        io.out,
        "{} ({}): round robin of {} agents, {} games per pair, seed {seed}",
        game.name(),
        game.variant(),
        specs.len(),
        args.games
    )?;
    for (pair, m) in results.iter().zip(&matches) {
        let s = m.summary();
        writeln!(
            io.out,
            "  {:width$} vs {:width$}  {}-{}-{} (W-D-L)  score {:.3}  Elo {}",
            specs[pair.a],
            specs[pair.b],
            pair.score.wins,
            pair.score.draws,
            pair.score.losses,
            s.score,
            elo::Score::elo(&pair.score).display()
        )?;
    }
    writeln!(io.out)?;
    writeln!(
        io.out,
        "rank  {:width$}  {:>6}  {:>6}  {:>7}  {:>5}",
        "agent", "Elo", "±95%", "points", "games"
    )?;
    for (rank, r) in ladder.ratings.iter().enumerate() {
        writeln!(
            io.out,
            "{:>4}  {:width$}  {:>6}  {:>6.0}  {:>7.1}  {:>5}",
            rank + 1,
            specs[r.player],
            elo::signed(r.elo),
            r.margin,
            r.points,
            r.games
        )?;
    }
    if ladder.prior_draws > 0.0 {
        writeln!(
            io.out,
            "(an agent won or lost every game: one virtual draw per pair keeps the ratings finite)"
        )?;
    }
    Ok(())
}
