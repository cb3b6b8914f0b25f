//! `plateau bench`: uniformly random games on one thread, timed.

use crate::args::RulesOpts;
use crate::error::CliResult;
use crate::loading::load_game;
use crate::machine::Machine;
use crate::Io;
use clap::Args;
use plateau::{Player, Registry};
use serde_json::json;

/// Arguments of `plateau bench`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau bench hus --games 100000\n  \
    plateau bench stratego --games 1000 --seed 1 --max-plies 2000 --json\n\n\
    For figures worth reporting, use a release build: cargo run --release -p plateau-cli -- bench hus")]
pub struct BenchArgs {
    /// The game (see `plateau games`).
    pub game: String,
    /// The rules options.
    #[command(flatten)]
    pub rules: RulesOpts,
    /// Number of random games.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop a game after this many plies, as a draw counted as capped (0: the
    /// default cap of 10000 plies; a game is never unlimited). Every move counts, setups included; a cap of the rules (such as
    /// Stratego's `max_plies`) still applies and counts as capped too.
    #[arg(long, default_value_t = 2000)]
    pub max_plies: usize,
    /// Print the figures as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs the benchmark and prints the figures.
pub fn run(registry: &Registry, args: &BenchArgs, io: &mut Io<'_>) -> CliResult {
    let game = load_game(registry, &args.game, &args.rules)?;
    let report = game.bench(args.games, args.seed, args.max_plies);
    let machine = Machine::this();
    let results: Vec<(String, usize)> = report
        .results
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let name = if i + 1 == report.results.len() {
                "draws".to_string()
            } else {
                game.player_name(Player(i as u8))
            };
            (name, *n)
        })
        .collect();
    if args.json {
        let value = json!({
            "game": game.id(),
            "variant": game.variant(),
            "games": report.games,
            "seed": args.seed,
            "max_plies": plateau::playout::ply_cap(args.max_plies),
            "plies": report.plies,
            "seconds": report.seconds,
            "games_per_second": report.games_per_second(),
            "plies_per_second": report.plies_per_second(),
            "mean_length": report.mean_length(),
            "capped": report.capped,
            "capped_share": report.capped_share(),
            "results": results.iter().map(|(k, v)| (k.clone(), json!(v))).collect::<serde_json::Map<_, _>>(),
            "mean_legal_moves": report.mean_legal_moves,
            "machine": machine,
        });
        writeln!(io.out, "{value}")?;
        return Ok(());
    }
    let cap = format!(
        "capped at {} plies",
        plateau::playout::ply_cap(args.max_plies)
    );
    writeln!(
        io.out,
        "{} ({}): {} random games from seed {}, {cap}, one thread",
        game.name(),
        game.variant(),
        report.games,
        args.seed
    )?;
    let rows: Vec<(&str, String)> = vec![
        ("games/s", format!("{:.0}", report.games_per_second())),
        ("plies/s", format!("{:.0}", report.plies_per_second())),
        ("mean length", format!("{:.1} plies", report.mean_length())),
        (
            "capped games",
            format!(
                "{:.1}% ({} of {})",
                100.0 * report.capped_share(),
                report.capped,
                report.games
            ),
        ),
        (
            "mean legal moves",
            report
                .mean_legal_moves
                .map(|m| format!("{m:.1}"))
                .unwrap_or_else(|| "n/a".to_string()),
        ),
        (
            "results",
            results
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ("time", format!("{:.3} s", report.seconds)),
        ("machine", machine.to_string()),
    ];
    for (k, v) in rows {
        writeln!(io.out, "  {k:<17}{v}")?;
    }
    Ok(())
}
