//! The subcommands, one module each: its arguments (clap) and its `run`.

use crate::args::Command;
use crate::error::CliResult;
use crate::Io;
use plateau::Registry;

pub mod apply;
pub mod bench;
pub mod games;
pub mod import;
pub mod moves;
pub mod new;
pub mod perft;
pub mod play;
pub mod replay;
pub mod rules;
pub mod serve;
pub mod show;

/// Runs a parsed subcommand.
pub fn dispatch(registry: &Registry, command: Command, io: &mut Io<'_>) -> CliResult {
    match command {
        Command::Games(a) => games::run(registry, &a, io),
        Command::Rules(a) => rules::run(registry, &a, io),
        Command::New(a) => new::run(registry, &a, io),
        Command::Moves(a) => moves::run(registry, &a, io),
        Command::Apply(a) => apply::run(registry, &a, io),
        Command::Show(a) => show::run(registry, &a, io),
        Command::Play(a) => play::run(registry, &a, io),
        Command::Bench(a) => bench::run(registry, &a, io),
        Command::Perft(a) => perft::run(registry, &a, io),
        Command::Replay(a) => replay::run(registry, &a, io),
        Command::Import(a) => import::run(registry, &a, io),
        Command::Serve(a) => serve::run(registry, &a, io),
    }
}

/// The seed given, or one taken from the clock (kept in the record, so the
/// game can still be replayed).
pub fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        // Keep it short enough to read and type.
        (now.as_nanos() % 1_000_000_007) as u64
    })
}
