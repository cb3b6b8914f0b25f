//! `plateau bench`: uniformly random games on one thread, timed; with
//! `--agent SPEC`, an agent's search speed (MCTS iterations, alpha-beta
//! nodes per second) on a few positions instead.

pub mod machine;

use crate::common::error::CliResult;
use crate::common::loading::load_game;
use crate::common::options::RulesOpts;
use crate::Io;
use clap::Args;
use machine::Machine;
use plateau::{Player, Registry};
use serde_json::json;

/// Arguments of `plateau bench`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau bench hus --games 100000\n  \
    plateau bench stratego --games 1000 --seed 1 --max-plies 2000 --json\n  \
    plateau bench oware --agent mcts:iters=20000\n  \
    plateau bench hus --agent alphabeta:depth=8 --positions 5\n\n\
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
    /// Time an agent's search instead (see `plateau agents GAME`): its
    /// iterations (MCTS playouts, alpha-beta nodes) per second on one
    /// thread, one move on each of `--positions` positions.
    #[arg(long, value_name = "SPEC")]
    pub agent: Option<String>,
    /// With `--agent`: the positions searched, the first one where the
    /// game's moves can be listed (after any setups) and then one every
    /// `--every` random plies of the game of `--seed`.
    #[arg(long, default_value_t = 3)]
    pub positions: usize,
    /// With `--agent`: random plies between two positions.
    #[arg(long, default_value_t = 8)]
    pub every: usize,
}

/// Runs the benchmark and prints the figures.
pub fn run(registry: &Registry, args: &BenchArgs, io: &mut Io<'_>) -> CliResult {
    let game = load_game(registry, &args.game, &args.rules)?;
    if let Some(spec) = &args.agent {
        return run_agent(game.as_ref(), spec, args, io);
    }
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
        return io.write_json(&value);
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

/// One position an agent searched.
struct Searched {
    ply: usize,
    mv: String,
    iterations: u64,
    depth: Option<u32>,
    seconds: f64,
}

/// The positions of `--agent`: the first position of the game of `seed`
/// whose moves can be listed, then one every `every` random plies; a game
/// that ends early gives fewer.
fn positions(
    game: &dyn plateau::DynGame,
    seed: u64,
    count: usize,
    every: usize,
) -> Vec<Box<dyn plateau::DynSession>> {
    let mut session = game.new_session(seed);
    let mut rng = plateau::rng(seed ^ 0xbe7c);
    let mut out = Vec::new();
    let mut random_ply = |session: &mut Box<dyn plateau::DynSession>| -> bool {
        match session.random_move(&mut rng) {
            Some(mv) => session.play(&mv).is_ok(),
            None => false,
        }
    };
    // Setups (moves that cannot be listed) first.
    while !session.status().is_over() && !session.moves_enumerable() {
        if !random_ply(&mut session) {
            break;
        }
    }
    while out.len() < count && !session.status().is_over() {
        out.push(session.clone_box());
        for _ in 0..every.max(1) {
            if session.status().is_over() || !random_ply(&mut session) {
                break;
            }
        }
    }
    out
}

/// `plateau bench GAME --agent SPEC`: one move of the agent (fresh, seeded
/// 0) on each position, timed.
fn run_agent(
    game: &dyn plateau::DynGame,
    spec: &str,
    args: &BenchArgs,
    io: &mut Io<'_>,
) -> CliResult {
    let canonical = crate::agents::make_agent(game, spec, 0)
        .map_err(crate::common::error::CliError::usage)?
        .spec();
    let name = canonical.split(':').next().unwrap_or_default().to_string();
    let unit = if name == "alphabeta" {
        "nodes"
    } else {
        "iterations"
    };
    if args.positions == 0 {
        return Err(crate::common::error::CliError::usage(
            "--positions: at least 1 position to search",
        ));
    }
    let mut searched = Vec::new();
    for session in positions(game, args.seed, args.positions, args.every) {
        let mut agent = crate::agents::make_agent(game, spec, 0)
            .map_err(crate::common::error::CliError::usage)?;
        let choice = crate::agents::choose(agent.as_mut(), session.as_ref())
            .map_err(crate::common::error::CliError::failed)?;
        searched.push(Searched {
            ply: session.num_moves(),
            mv: choice.mv,
            iterations: choice.iterations,
            depth: choice.depth,
            seconds: choice.elapsed.as_secs_f64(),
        });
    }
    let iterations: u64 = searched.iter().map(|s| s.iterations).sum();
    let seconds: f64 = searched.iter().map(|s| s.seconds).sum();
    let rate = if seconds > 0.0 {
        iterations as f64 / seconds
    } else {
        0.0
    };
    let machine = Machine::this();
    if args.json {
        let value = json!({
            "game": game.id(),
            "variant": game.variant(),
            "agent": canonical,
            "unit": unit,
            "seed": args.seed,
            "every": args.every,
            "positions": searched.iter().map(|s| json!({
                "ply": s.ply,
                "move": s.mv,
                "iterations": s.iterations,
                "depth": s.depth,
                "seconds": s.seconds,
            })).collect::<Vec<_>>(),
            "iterations": iterations,
            "seconds": seconds,
            "iterations_per_second": rate,
            "machine": machine,
        });
        return io.write_json(&value);
    }
    writeln!(
        io.out,
        "{} ({}): agent {canonical} on {} position{} of the game of seed {} (one every {} plies), one thread",
        game.name(),
        game.variant(),
        searched.len(),
        if searched.len() == 1 { "" } else { "s" },
        args.seed,
        args.every.max(1)
    )?;
    for s in &searched {
        let depth = s.depth.map(|d| format!(", depth {d}")).unwrap_or_default();
        let label = format!("ply {}", s.ply);
        writeln!(
            io.out,
            "  {label:<17}{} {unit} in {:.3} s, {:.0}/s{depth}, plays {}",
            s.iterations,
            s.seconds,
            if s.seconds > 0.0 {
                s.iterations as f64 / s.seconds
            } else {
                0.0
            },
            s.mv
        )?;
    }
    let per_second = format!("{unit}/s");
    let rows: Vec<(&str, String)> = vec![
        (per_second.as_str(), format!("{rate:.0}")),
        (unit, format!("{iterations}")),
        ("time", format!("{seconds:.3} s")),
        ("machine", machine.to_string()),
    ];
    for (k, v) in rows {
        writeln!(io.out, "  {k:<17}{v}")?;
    }
    Ok(())
}
