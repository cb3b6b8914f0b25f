//! The command line's syntax (clap), and the argument groups several
//! subcommands share: the rules options and the setups.

use crate::commands::{
    agents, apply, arena, bench, games, import, moves, new, perft, play, replay, rules, serve,
    show, tournament, web,
};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

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
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the games and their rules variants.
    Games(games::GamesArgs),
    /// Show a game's rules: a summary and every parameter with its value.
    Rules(rules::RulesArgs),
    /// Start a game and write its record (JSON).
    New(new::NewArgs),
    /// List the legal moves of a recorded game.
    Moves(moves::MovesArgs),
    /// Play moves in a recorded game and write the record.
    Apply(apply::ApplyArgs),
    /// Show the board of a recorded game, as one player sees it.
    Show(show::ShowArgs),
    /// Play a game in the terminal, against people or random players.
    Play(play::PlayArgs),
    /// Time random games: games and moves per second.
    Bench(bench::BenchArgs),
    /// Count the move sequences of each depth from a position.
    Perft(perft::PerftArgs),
    /// Replay a record, checking every move, and show the final position.
    Replay(replay::ReplayArgs),
    /// Convert a game record of another program into a plateau record.
    Import(import::ImportArgs),
    /// Speak the JSON-lines protocol on stdin and stdout.
    Serve(serve::ServeArgs),
    /// List the automatic players of each game, with their options.
    Agents(agents::AgentsArgs),
    /// Play two agents against each other: wins, score, Elo (or `arena merge` shards).
    Arena(arena::ArenaArgs),
    /// A round robin of agents with an Elo ladder fitted to all games.
    Tournament(tournament::TournamentArgs),
    /// Play in a browser: a local web server with a page for every game.
    Web(web::WebArgs),
}

/// Where the rules come from: a shipped variant, a rules file, and
/// single-parameter overrides.
#[derive(Debug, Clone, Default, Args)]
pub struct RulesOpts {
    /// A shipped rules variant (default: the game's first; see `plateau games`).
    #[arg(long, value_name = "VARIANT")]
    pub variant: Option<String>,
    /// Your own rules file (TOML, every parameter; `plateau rules GAME --toml` prints one to start from).
    #[arg(long, value_name = "FILE", conflicts_with = "variant")]
    pub rules: Option<PathBuf>,
    /// Change one parameter, e.g. `--set max_plies=500` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

/// Players' setups, each played as that player's first move.
#[derive(Debug, Clone, Default, Args)]
pub struct SetupOpts {
    /// A player's setup, played as their first move: PLAYER=FILE (the setup text; Stratego's
    /// format is S3.3 of `plateau rules stratego --full`) or PLAYER=random (repeatable).
    #[arg(long = "setup", value_name = "PLAYER=FILE|random")]
    pub setup: Vec<String>,
    /// Red's setup (Stratego): the first side's, whatever the variant calls
    /// it (the Republic in star-wars); `--setup red=FILE|random` in Original.
    #[arg(long = "red-setup", value_name = "FILE|random")]
    pub red_setup: Option<String>,
    /// Blue's setup (Stratego): the second side's, whatever the variant
    /// calls it (the Separatists in star-wars).
    #[arg(long = "blue-setup", value_name = "FILE|random")]
    pub blue_setup: Option<String>,
}

/// Whose setup an option gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupFor {
    /// The player of that name (`--setup NAME=...`, any case).
    Named(String),
    /// The player of that seat, 0 the first (`--red-setup`, `--blue-setup`,
    /// named by the option in errors).
    Seat(usize, &'static str),
}

impl SetupOpts {
    /// Every setup as (whose, FILE or `random`), in the order given.
    pub fn entries(&self) -> Result<Vec<(SetupFor, String)>, String> {
        let mut out = Vec::new();
        for s in &self.setup {
            match s.split_once('=') {
                Some((p, v)) if !p.trim().is_empty() && !v.trim().is_empty() => {
                    out.push((SetupFor::Named(p.trim().to_string()), v.trim().to_string()))
                }
                _ => {
                    return Err(format!(
                        "--setup '{s}' is not of the form PLAYER=FILE or PLAYER=random"
                    ))
                }
            }
        }
        if let Some(v) = &self.red_setup {
            out.push((SetupFor::Seat(0, "--red-setup"), v.clone()));
        }
        if let Some(v) = &self.blue_setup {
            out.push((SetupFor::Seat(1, "--blue-setup"), v.clone()));
        }
        Ok(out)
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

    #[test]
    fn setup_aliases_name_red_and_blue() {
        let opts = SetupOpts {
            setup: vec!["north=random".into()],
            red_setup: Some("r.txt".into()),
            blue_setup: Some("random".into()),
        };
        assert_eq!(
            opts.entries().unwrap(),
            vec![
                (SetupFor::Named("north".to_string()), "random".to_string()),
                (SetupFor::Seat(0, "--red-setup"), "r.txt".to_string()),
                (SetupFor::Seat(1, "--blue-setup"), "random".to_string()),
            ]
        );
        let bad = SetupOpts {
            setup: vec!["red".into()],
            ..SetupOpts::default()
        };
        assert!(bad.entries().unwrap_err().contains("PLAYER=FILE"));
    }
}
