//! The subcommands, one module each: its arguments (clap) and its `run`.

use crate::args::Command;
use crate::error::CliResult;
use crate::Io;
use plateau::Registry;

pub mod agents;
pub mod apply;
pub mod arena;
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
pub mod tournament;
pub mod web;

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
        Command::Agents(a) => agents::run(registry, &a, io),
        Command::Arena(a) => arena::run(registry, &a, io),
        Command::Tournament(a) => tournament::run(registry, &a, io),
        Command::Web(a) => web::run(registry, &a, io),
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

/// The seed of what is drawn at random on a player's behalf and must stay
/// hidden from the others: random setups and the choices of random players
/// and of the `random` command. With a seed given by the user (`explicit`)
/// it is `game_seed + offset`, so the whole game is reproducible, and known
/// to whoever knows that seed; without one it comes fresh from the operating
/// system, so that no seed shown on the screen or kept in the record gives a
/// hidden setup away. (Setups are kept in the record as moves, so the game
/// replays either way.)
pub fn secret_seed(explicit: Option<u64>, game_seed: u64, offset: u64) -> u64 {
    match explicit {
        Some(_) => game_seed.wrapping_add(offset),
        None => plateau::rand::random(),
    }
}
