//! `plateau new`: starts a game and writes its record.

use crate::common::error::{CliError, CliResult};
use crate::common::json::status_json;
use crate::common::loading::load_game;
use crate::common::options::{RulesOpts, SetupOpts};
use crate::common::text::status_line;
use crate::common::{record_file, setups};
use crate::Io;
use clap::Args;
use plateau::Registry;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `plateau new`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau new hus --seed 7 -o game.json\n  \
    plateau new hus --set first=north > game.json\n  \
    plateau new stratego --red-setup my-setup.txt --blue-setup random -o game.json\n  \
    plateau new stratego --setup red=random --setup blue=random --seed 3 -o game.json")]
pub struct NewArgs {
    /// The game (see `plateau games`).
    pub game: String,
    /// The rules options.
    #[command(flatten)]
    pub rules: RulesOpts,
    /// The seed of the game (default: from the clock; the record keeps it).
    /// Given, it also draws the random setups, reproducibly (so whoever knows
    /// it can recompute them); not given, random setups are drawn from the
    /// operating system and stay secret.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the record to this file (default: the standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The setups.
    #[command(flatten)]
    pub setups: SetupOpts,
    /// With -o, print what was written as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Starts the game and writes the record.
pub fn run(registry: &Registry, args: &NewArgs, io: &mut Io<'_>) -> CliResult {
    let entries = args.setups.entries().map_err(CliError::Usage)?;
    let game = load_game(registry, &args.game, &args.rules)?;
    let seed = crate::common::seeds::seed_or_clock(args.seed);
    let mut session = game.new_session(seed);
    setups::play(
        &mut session,
        &entries,
        crate::common::seeds::secret_seed(args.seed, seed, 0),
    )?;
    let record = session.record();
    match &args.output {
        None => write!(io.out, "{}", record_file::to_text(&record))?,
        Some(path) => {
            record_file::write(path, &record)?;
            if args.json {
                let value = json!({
                    "file": path.display().to_string(),
                    "game": record.game,
                    "variant": record.variant,
                    "seed": record.seed,
                    "status": status_json(session.as_ref()),
                });
                io.write_json(&value)?;
            } else {
                writeln!(
                    io.out,
                    "wrote {}: {} ({}), seed {seed}; {}",
                    path.display(),
                    game.name(),
                    game.variant(),
                    status_line(session.as_ref())
                )?;
            }
        }
    }
    Ok(())
}
