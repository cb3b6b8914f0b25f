//! `plateau perft`: counts the legal move sequences of each depth from a
//! start position or from the position of a record, to pin down move
//! generation.

use crate::common::error::{CliError, CliResult};
use crate::common::loading::{find_game, load_game};
use crate::common::options::{RulesOpts, SetupOpts};
use crate::common::{record_file, setups};
use crate::Io;
use clap::Args;
use plateau::Registry;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `plateau perft`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau perft hus --depth 4\n  \
    plateau perft stratego --red-setup random --blue-setup random --seed 5 --depth 3\n  \
    plateau perft --record position.json --depth 3 --json")]
pub struct PerftArgs {
    /// The game, counted from its start position (or give --record).
    #[arg(required_unless_present = "record")]
    pub game: Option<String>,
    /// The rules options.
    #[command(flatten)]
    pub rules: RulesOpts,
    /// The seed of the start position.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Setups played before counting.
    #[command(flatten)]
    pub setups: SetupOpts,
    /// Count from the position of this game record instead.
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "game", "variant", "rules", "set", "seed", "setup", "red_setup", "blue_setup"
    ])]
    pub record: Option<PathBuf>,
    /// Count sequences of 1 to DEPTH moves.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: u32,
    /// Print the counts as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Counts and prints.
pub fn run(registry: &Registry, args: &PerftArgs, io: &mut Io<'_>) -> CliResult {
    let (game, variant, seed, moves, from) = match (&args.record, &args.game) {
        (Some(path), _) => {
            let (record, session) = record_file::open(registry, path)?;
            if session.status().is_over() {
                return Err(CliError::failed(format!(
                    "{}: the game is over ({})",
                    path.display(),
                    session.describe_status()
                )));
            }
            let game = record_file::rules_of(registry, &record)?;
            let from = format!(
                "after the {} moves of {}",
                record.moves.len(),
                path.display()
            );
            let variant = game.variant_label();
            (game, variant, record.seed, record.moves, from)
        }
        (None, Some(id)) => {
            find_game(registry, id)?;
            let entries = args.setups.entries().map_err(CliError::Usage)?;
            let game = load_game(registry, id, &args.rules)?;
            let mut session = game.new_session(args.seed);
            setups::play(&mut session, &entries, args.seed)?;
            let moves = session.record().moves;
            let from = if moves.is_empty() {
                "from the start".to_string()
            } else {
                format!("after {} setup moves", moves.len())
            };
            let variant = game.variant().to_string();
            (game, variant, args.seed, moves, from)
        }
        (None, None) => return Err(CliError::usage("give a GAME or --record FILE")),
    };
    // A free-form phase (a setup) lists no moves, so it counts nothing.
    let mut position = game.new_session(seed);
    for m in &moves {
        position
            .play(m)
            .map_err(|e| CliError::failed(e.to_string()))?;
    }
    let enumerable = position.moves_enumerable();
    if !args.json {
        writeln!(
            io.out,
            "perft {} ({}), seed {seed}, {from}",
            game.id(),
            variant
        )?;
        if !enumerable {
            writeln!(
                io.out,
                "note: the moves here are free-form (e.g. a setup) and are not counted; \
                 give the setups first (--setup PLAYER=FILE|random)"
            )?;
        }
    }
    let mut counts = Vec::new();
    let mut seconds = Vec::new();
    for depth in 1..=args.depth {
        let start = Instant::now();
        let n = game
            .perft(seed, &moves, depth)
            .map_err(|e| CliError::failed(e.to_string()))?;
        let s = start.elapsed().as_secs_f64();
        if !args.json {
            writeln!(io.out, "depth {depth}: {n}  ({s:.3} s)")?;
        }
        counts.push(n);
        seconds.push(s);
    }
    if args.json {
        let value = json!({
            "game": game.id(),
            "variant": variant,
            "seed": seed,
            "moves_played": moves.len(),
            "enumerable": enumerable,
            "counts": counts,
            "seconds": seconds,
        });
        io.write_json(&value)?;
    }
    Ok(())
}
