//! The command line's syntax (clap): the subcommands, each with the
//! arguments its own module defines, and [`dispatch`], which runs one.
//!
//! This is the top of the crate: it names every front end, and none of them
//! names it.

use crate::common::error::CliResult;
use crate::{arena, commands, protocol, terminal, web, Io};
use clap::{Parser, Subcommand};
use plateau::Registry;

/// The `plateau` command line.
#[derive(Debug, Parser)]
#[command(
    name = "plateau",
    version,
    about = "Play, script and benchmark abstract board games.",
    long_about = "Play, script and benchmark abstract board games.\n\n\
        Stateless commands (new, moves, apply, show) keep a game in a JSON record file; \
        `play` plays in the terminal; `serve` speaks JSON lines.",
    after_help = "Examples:\n  \
        plateau games\n  \
        plateau play hus --p2 ai:time=1s\n  \
        plateau arena hus --a ai:time=1s --b random -n 100\n  \
        plateau new hus --seed 7 -o game.json && plateau apply game.json a7 && plateau show game.json"
)]
pub struct Cli {
    /// Oware endgame tables (built by `plateau tables`) that the agents
    /// search with and `analyse` reads exact values from.
    #[arg(long, global = true, value_name = "DIR", env = "PLATEAU_TABLES")]
    pub tables: Option<std::path::PathBuf>,
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the games and their rules variants.
    Games(commands::games::GamesArgs),
    /// Show a game's rules: a summary and every parameter with its value.
    Rules(commands::rules::RulesArgs),
    /// Start a game and write its record (JSON).
    New(commands::new::NewArgs),
    /// List the legal moves of a recorded game.
    Moves(commands::moves::MovesArgs),
    /// Play moves in a recorded game and write the record.
    Apply(commands::apply::ApplyArgs),
    /// Show the board of a recorded game, as one player sees it.
    Show(commands::show::ShowArgs),
    /// Play a game in the terminal: you against the game's strongest agent
    /// (`ai`), or two people at one keyboard with `--p2 human`.
    Play(terminal::play::PlayArgs),
    /// Analyse a recorded game move by move: values, best moves, blunders.
    Analyse(commands::analyse::AnalyseArgs),
    /// Time random games: games and moves per second.
    Bench(commands::bench::BenchArgs),
    /// How often agents choose the moves people played, by phase.
    Predict(commands::predict::PredictArgs),
    /// Build endgame tables by retrograde analysis (Oware).
    Tables(commands::tables::TablesArgs),
    /// Be a Stratego program of the UCC protocol: any agent, run by a UCC manager.
    Ucc(commands::ucc::UccArgs),
    /// Count the move sequences of each depth from a position.
    Perft(commands::perft::PerftArgs),
    /// Replay a record, checking every move, and show the final position.
    Replay(terminal::replay::ReplayArgs),
    /// Convert a game record of another program into a plateau record.
    Import(commands::import::ImportArgs),
    /// Speak the JSON-lines protocol on stdin and stdout.
    Serve(protocol::command::ServeArgs),
    /// List the automatic players of each game, with their options.
    Agents(commands::agents_list::AgentsArgs),
    /// Play two agents against each other: wins, score, Elo (or `arena merge` shards).
    Arena(arena::ArenaArgs),
    /// A round robin of agents with an Elo ladder fitted to all games.
    Tournament(arena::tournament::TournamentArgs),
    /// Play in a browser: a local web server with a page for every game.
    Web(web::WebArgs),
}

/// Runs a parsed subcommand.
pub fn dispatch(registry: &Registry, command: Command, io: &mut Io<'_>) -> CliResult {
    match command {
        Command::Games(a) => commands::games::run(registry, &a, io),
        Command::Rules(a) => commands::rules::run(registry, &a, io),
        Command::New(a) => commands::new::run(registry, &a, io),
        Command::Moves(a) => commands::moves::run(registry, &a, io),
        Command::Apply(a) => commands::apply::run(registry, &a, io),
        Command::Show(a) => commands::show::run(registry, &a, io),
        Command::Play(a) => terminal::play::run(registry, &a, io),
        Command::Analyse(a) => commands::analyse::run(registry, &a, io),
        Command::Bench(a) => commands::bench::run(registry, &a, io),
        Command::Predict(a) => commands::predict::run(registry, &a, io),
        Command::Tables(a) => commands::tables::run(&a, io),
        Command::Ucc(a) => commands::ucc::run(registry, &a, io),
        Command::Perft(a) => commands::perft::run(registry, &a, io),
        Command::Replay(a) => terminal::replay::run(registry, &a, io),
        Command::Import(a) => commands::import::run(registry, &a, io),
        Command::Serve(a) => protocol::command::run(registry, &a, io),
        Command::Agents(a) => commands::agents_list::run(registry, &a, io),
        Command::Arena(a) => arena::run(registry, &a, io),
        Command::Tournament(a) => arena::tournament::run(registry, &a, io),
        Command::Web(a) => web::run(registry, &a, io),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_subcommand_has_an_example() {
        for sub in Cli::command().get_subcommands() {
            let help = sub
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            assert!(
                help.contains("plateau "),
                "{} has no example",
                sub.get_name()
            );
        }
    }
}
