//! `plateau agents`: the automatic players of each game, with their
//! options and defaults.

use crate::common::error::CliResult;
use crate::common::loading::find_game;
use crate::Io;
use clap::Args;
use plateau::{Registry, RulesSpec};
use serde_json::json;

/// Arguments of `plateau agents`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau agents\n  \
    plateau agents hus\n  \
    plateau agents stratego --json\n\n\
    A spec is NAME or NAME:KEY=VALUE,KEY=VALUE, e.g. mcts:time=1s, mcts:iters=20000,c=1.4, \
    alphabeta:depth=8, pimc:worlds=16,time=1s, ai:time=1s. Durations: 500ms, 1s, 2.5s.")]
pub struct AgentsArgs {
    /// Only this game (default: every game).
    pub game: Option<String>,
    /// Print the list as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Lists the agents.
pub fn run(registry: &Registry, args: &AgentsArgs, io: &mut Io<'_>) -> CliResult {
    let entries: Vec<_> = match &args.game {
        Some(id) => vec![find_game(registry, id)?],
        None => registry.games().collect(),
    };
    let mut all = Vec::new();
    for entry in entries {
        let rules = entry
            .load(&RulesSpec::default_variant())
            .map_err(crate::common::error::CliError::Rules)?;
        let catalog = rules.agent_catalog();
        if args.json {
            all.push(json!({
                "game": entry.id(),
                "agents": catalog.iter().map(|a| json!({
                    "name": a.name,
                    "description": a.description,
                    "options": a.options.iter().map(|o| json!({
                        "key": o.key, "default": o.default, "description": o.description,
                    })).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            }));
            continue;
        }
        writeln!(io.out, "{} - {}", entry.id(), entry.name())?;
        for agent in &catalog {
            writeln!(io.out, "  {:10} {}", agent.name, agent.description)?;
            let shown: Vec<(String, &str)> = agent
                .options
                .iter()
                .map(|o| {
                    let default = if o.default.is_empty() {
                        "none"
                    } else {
                        &o.default
                    };
                    (format!("{}={default}", o.key), o.description)
                })
                .collect();
            let width = shown.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
            for (option, description) in shown {
                writeln!(io.out, "      {option:width$}  {description}")?;
            }
        }
    }
    if args.json {
        writeln!(io.out, "{}", serde_json::Value::Array(all))?;
    }
    Ok(())
}
