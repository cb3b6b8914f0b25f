//! Matches between agents. `plateau arena`: two agents play a number of
//! games, sides alternating, in parallel; then a table of the results with
//! the score's 95% interval and the Elo difference. `plateau arena merge`
//! combines the results of shards. `plateau tournament` ([`tournament`]):
//! a round robin of several agents.

pub mod html;
pub mod tournament;

use crate::common::error::{CliError, CliResult};
use crate::common::loading::load_game;
use crate::common::options::RulesOpts;
use crate::common::record_file;
use crate::Io;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use plateau::ai::arena::{ArenaConfig, ArenaError, ArenaProgress, ArenaRun};
use plateau::ai::elo::{self, Score};
use plateau::ai::report::{self, ArenaReport, Shard};
use plateau::Registry;
use std::io::IsTerminal;
use std::path::PathBuf;

/// Arguments of `plateau arena`.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  \
    plateau arena hus --a ai:time=1s --b random -n 100\n  \
    plateau arena quinque --a mcts:iters=2000 --b alphabeta:depth=3 -n 50 --seed 7 --threads 2\n  \
    plateau arena stratego --variant barrage --a pimc:time=1s --b greedy --records games.jsonl\n  \
    plateau arena hus --a greedy --b random -n 1000 --seed 7 --shard 0/4 --json > shard0.json\n  \
    plateau arena merge shard0.json shard1.json shard2.json shard3.json\n\n\
    Game i belongs to shard i mod N and its seeds come from --seed and i only: the shards of a \
    run play exactly the games of the whole run, and `arena merge` adds them up exactly. \
    The score's 95% interval is Wilson's, draws counted as half a win; the Elo interval \
    is that of the score's ends."
)]
pub struct ArenaArgs {
    /// `merge`: combine the results of shards.
    #[command(subcommand)]
    pub command: Option<ArenaCommand>,
    /// The game (see `plateau games`).
    #[arg(required = true)]
    pub game: Option<String>,
    /// The rules options.
    #[command(flatten)]
    pub rules: RulesOpts,
    /// Agent A's spec (see `plateau agents GAME`).
    #[arg(long = "a", value_name = "SPEC", required = true)]
    pub a: Option<String>,
    /// Agent B's spec.
    #[arg(long = "b", value_name = "SPEC", required = true)]
    pub b: Option<String>,
    /// Games of the whole run (all shards); A plays first in the even ones.
    #[arg(short = 'n', long = "games", default_value_t = 100)]
    pub games: u64,
    /// The run's seed: every game's start and both agents' seeds come from
    /// it and the game's number (default: from the clock, shown).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: one per core); the results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Play only shard I of N (I from 0 to N-1): the games whose number is I modulo N.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Stop a game after this many moves as a capped draw (0: only the rules' caps).
    #[arg(long, default_value_t = 10_000)]
    pub max_plies: u64,
    /// Random moves before the agents take over, the same for both games of a pair (colours
    /// swapped): openings by chance, for a game with one start position.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub opening_plies: u32,
    /// Write every game's record here, one JSON line per game (each replays with `plateau replay`).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Print the results as JSON (the file `arena merge` reads) instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write the results as JSON to this file.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write a report page here: one self-contained HTML file (no
    /// network, no script) with the results, the Elo with its interval, the
    /// score as the games went on, the games' lengths and endings.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
}

/// The subcommands of `plateau arena`.
#[derive(Debug, Subcommand)]
pub enum ArenaCommand {
    /// Combine the JSON results of shards of one run (from `--json` or `-o`).
    Merge(MergeArgs),
}

/// Arguments of `plateau arena merge`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau arena merge shard0.json shard1.json shard2.json shard3.json\n  \
    plateau arena merge shard*.json --json > all.json")]
pub struct MergeArgs {
    /// The result files.
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Print the merged results as JSON instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write the merged results as JSON to this file.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs the arena (or `merge`).
pub fn run(registry: &Registry, args: &ArenaArgs, io: &mut Io<'_>) -> CliResult {
    if let Some(ArenaCommand::Merge(merge)) = &args.command {
        return run_merge(registry, merge, io);
    }
    let (Some(game_id), Some(a), Some(b)) = (&args.game, &args.a, &args.b) else {
        return Err(CliError::usage("arena needs GAME, --a SPEC and --b SPEC"));
    };
    let shard = match &args.shard {
        Some(text) => {
            let shard: Shard = text
                .parse()
                .map_err(|e| CliError::usage(format!("--shard: {e}")))?;
            if args.seed.is_none() {
                return Err(CliError::usage(
                    "--shard needs --seed: every shard must play the same run",
                ));
            }
            shard
        }
        None => Shard::WHOLE,
    };
    let game = load_game(registry, game_id, &args.rules)?;
    let seed = crate::common::seeds::seed_or_clock(args.seed);
    let config = ArenaConfig {
        threads: args.threads,
        shard,
        max_plies: args.max_plies,
        opening_plies: args.opening_plies,
        keep_records: args.records.is_some(),
        ..ArenaConfig::new(
            &crate::agents::normalize_spec(a),
            &crate::agents::normalize_spec(b),
            args.games,
            seed,
        )
    };
    let total = shard.games(args.games).count() as u64;
    let bar = progress_bar(total, args.json);
    let run = game
        .arena(&config, &|p: &ArenaProgress| {
            bar.set_position(p.done);
            bar.set_message(progress_message(&p.a));
        })
        .map_err(arena_error);
    bar.finish_and_clear();
    let ArenaRun { report, records } = run?;
    if let Some(path) = &args.records {
        let mut text = String::new();
        for record in &records {
            text.push_str(&serde_json::to_string(record).expect("a record always serializes"));
            text.push('\n');
        }
        record_file::write_text(path, &text)?;
    }
    if let Some(path) = &args.report {
        record_file::write_text(path, &html::arena_page(&report, game.name()))?;
    }
    finish(&report, args.json, args.output.as_deref(), game.name(), io)
}

/// A usage error for a bad spec (it names `--a` or `--b` and the option);
/// a failure otherwise.
fn arena_error(e: ArenaError) -> CliError {
    match e {
        ArenaError::Spec { .. } | ArenaError::Players(_) => CliError::usage(e.to_string()),
        _ => CliError::failed(e.to_string()),
    }
}

/// The progress bar on the terminal's standard error; hidden when that is
/// not a terminal or the output is JSON.
pub fn progress_bar(total: u64, json: bool) -> ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{bar:30} {pos}/{len} games  {msg}  ({elapsed} elapsed, {eta} left)",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// `A: 12 W / 3 D / 5 L, Elo +124` for the bar.
pub fn progress_message(a: &Score) -> String {
    format!(
        "A: {} W / {} D / {} L, Elo {}",
        a.wins,
        a.draws,
        a.losses,
        elo::signed(elo::elo_difference(a.mean()))
    )
}

/// Prints the report (table or JSON) and writes `output` if asked.
fn finish(
    report: &ArenaReport,
    json: bool,
    output: Option<&std::path::Path>,
    name: &str,
    io: &mut Io<'_>,
) -> CliResult {
    let value = report.to_json();
    if let Some(path) = output {
        record_file::write_text(path, &format!("{value}\n"))?;
    }
    if json {
        io.write_json(&value)?;
    } else {
        write!(io.out, "{}", table(report, name))?;
    }
    Ok(())
}

/// One agent's line of an arena's results, from its own side: A's as the
/// summary has it, B's the mirror of A's.
pub struct SideRow<'a> {
    /// `A` or `B`.
    pub side: &'static str,
    /// The agent's spec.
    pub spec: &'a str,
    /// Its wins, draws and losses.
    pub score: Score,
    /// The 95% interval of its score.
    pub interval: [f64; 2],
    /// Its Elo difference over the other.
    pub elo: f64,
    /// The 95% interval of that.
    pub elo_interval: [f64; 2],
    /// Its mean thinking time per move, in milliseconds.
    pub ms: f64,
}

/// The two agents' lines of a report (the table and the report page).
pub fn side_rows(report: &ArenaReport) -> [SideRow<'_>; 2] {
    let s = report.summary();
    let setup = &report.setup;
    [
        SideRow {
            side: "A",
            spec: &setup.a,
            score: s.a,
            interval: s.score_interval,
            elo: s.elo,
            elo_interval: s.elo_interval,
            ms: s.ms_per_move[0],
        },
        SideRow {
            side: "B",
            spec: &setup.b,
            score: s.a.reversed(),
            interval: [1.0 - s.score_interval[1], 1.0 - s.score_interval[0]],
            elo: -s.elo,
            elo_interval: [-s.elo_interval[1], -s.elo_interval[0]],
            ms: s.ms_per_move[1],
        },
    ]
}

/// The results as a table: one row per agent (`name`: the game's name).
pub fn table(report: &ArenaReport, name: &str) -> String {
    let s = report.summary();
    let setup = &report.setup;
    let mut out = String::new();
    let shards = if report.shards.is_complete() {
        String::new()
    } else {
        let held: Vec<String> = report.shards.indices.iter().map(u64::to_string).collect();
        format!(", shards {} of {}", held.join(","), report.shards.count)
    };
    out.push_str(&format!(
        "{name} ({}): {} games of {}, seed {}{shards}\n",
        setup.variant, s.games, setup.games, setup.seed
    ));
    let width = setup.a.len().max(setup.b.len()).max(5);
    out.push_str(&format!(
        "  {:width$}  {:>5} {:>5} {:>6}  {:>5} {:<15}  {:>5} {:<14}  {:>9}\n",
        "agent", "wins", "draws", "losses", "score", "95%", "Elo", "95%", "ms/move"
    ));
    let rows = side_rows(report);
    for SideRow {
        side,
        spec,
        score,
        interval,
        elo,
        elo_interval,
        ms,
    } in rows
    {
        out.push_str(&format!(
            "{side} {spec:width$}  {:>5} {:>5} {:>6}  {:>5.3} {:<15}  {:>5} {:<14}  {:>9.2}\n",
            score.wins,
            score.draws,
            score.losses,
            score.mean(),
            format!("[{:.3}, {:.3}]", interval[0], interval[1]),
            elo::signed(elo),
            format!(
                "[{}, {}]",
                elo::signed(elo_interval[0]),
                elo::signed(elo_interval[1])
            ),
            ms,
        ));
    }
    out.push_str(&format!(
        "mean length {:.1} moves, {} capped; A as first player {}-{}-{}, as second {}-{}-{} (W-D-L)\n",
        s.mean_length,
        s.capped,
        s.a_first.wins,
        s.a_first.draws,
        s.a_first.losses,
        s.a_second.wins,
        s.a_second.draws,
        s.a_second.losses,
    ));
    if s.faults != [0, 0] {
        out.push_str(&format!(
            "faults, counted apart (in neither score): A {}, B {}\n",
            s.faults[0], s.faults[1]
        ));
        for g in report.games.iter().filter(|g| g.result.is_fault()) {
            let who = if g.result == report::GameResultKind::AFault {
                "A"
            } else {
                "B"
            };
            out.push_str(&format!(
                "  game {}: {who} ({}) {}\n",
                g.index,
                if who == "A" { &setup.a } else { &setup.b },
                g.reason
            ));
        }
    }
    out
}

/// `plateau arena merge`.
fn run_merge(registry: &Registry, args: &MergeArgs, io: &mut Io<'_>) -> CliResult {
    let mut reports = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|e| CliError::io(path, e))?;
        let name = path.display().to_string();
        let report =
            ArenaReport::from_json(&text, &name).map_err(|e| CliError::failed(e.to_string()))?;
        reports.push((name, report));
    }
    let merged = report::merge(reports).map_err(|e| CliError::failed(e.to_string()))?;
    let game = &merged.setup.game;
    let name = registry
        .get(game)
        .map_or(game.as_str(), |entry| entry.name());
    finish(&merged, args.json, args.output.as_deref(), name, io)
}
