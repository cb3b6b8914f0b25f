//! `plateau rules`: a game's rules summary and every parameter with its
//! value and description, the parameters as a TOML file to copy, or
//! (`--full`) the rules for players, numbered as error messages cite them.

use crate::common::error::{CliError, CliResult};
use crate::common::loading::{find_game, load_game};
use crate::common::options::RulesOpts;
use crate::Io;
use clap::Args;
use plateau::{ParamDoc, Registry};
use serde_json::json;

/// Arguments of `plateau rules`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau rules hus\n  \
    plateau rules hus --full | less\n  \
    plateau rules stratego --variant barrage\n  \
    plateau rules hus --set max_sowings=500 --toml > my-hus.toml\n  \
    plateau rules hus --rules my-hus.toml")]
pub struct RulesArgs {
    /// The game (see `plateau games`).
    pub game: String,
    /// The rules options.
    #[command(flatten)]
    pub rules: RulesOpts,
    /// Print the rules for players in full (docs/rules/GAME.md), every rule
    /// numbered as error messages cite it (H3.1, S4.3, ...).
    #[arg(long, conflicts_with = "toml")]
    pub full: bool,
    /// Print the parameters as a TOML rules file, to copy and edit.
    #[arg(long, conflicts_with = "json")]
    pub toml: bool,
    /// Print the rules as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The description of a parameter: the doc of the same key, of a pattern
/// matching it (a segment `*` or in capitals, such as `pieces.NAME.count`,
/// stands for any segment), or of the nearest enclosing group.
pub fn doc_for<'d>(docs: &'d [ParamDoc], key: &str) -> Option<&'d str> {
    find_doc(docs, key).map(|d| d.description)
}

/// Whether a segment of a documented key stands for any name.
fn is_placeholder(segment: &str) -> bool {
    segment == "*"
        || (!segment.is_empty() && segment.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
}

fn find_doc<'d>(docs: &'d [ParamDoc], key: &str) -> Option<&'d ParamDoc> {
    if let Some(d) = docs.iter().find(|d| d.key == key) {
        return Some(d);
    }
    let parts: Vec<&str> = key.split('.').collect();
    let matches_pattern = |pattern: &str| {
        let pp: Vec<&str> = pattern.split('.').collect();
        pp.len() == parts.len()
            && pp
                .iter()
                .zip(&parts)
                .all(|(p, k)| is_placeholder(p) || p == k)
    };
    if let Some(d) = docs.iter().find(|d| matches_pattern(d.key)) {
        return Some(d);
    }
    docs.iter()
        .filter(|d| key.starts_with(d.key) && key[d.key.len()..].starts_with('.'))
        .max_by_key(|d| d.key.len())
}

/// The error of `--full` for a game without rules for players.
fn no_rules_text(id: &str) -> CliError {
    CliError::failed(format!(
        "{id} has no rules for players; `plateau rules {id}` shows its summary and parameters"
    ))
}

/// Shows the rules.
pub fn run(registry: &Registry, args: &RulesArgs, io: &mut Io<'_>) -> CliResult {
    let entry = find_game(registry, &args.game)?;
    let game = load_game(registry, &args.game, &args.rules)?;
    let docs = entry.param_docs();
    let params = game.params();
    if args.toml {
        writeln!(
            io.out,
            "# {} rules, from variant '{}'. Use with: plateau new {} --rules FILE",
            game.name(),
            game.variant(),
            game.id()
        )?;
        write!(io.out, "{}", game.params_toml())?;
        return Ok(());
    }
    if args.full && !args.json {
        let text = game.rules_text().ok_or_else(|| no_rules_text(game.id()))?;
        write!(
            io.out,
            "{}",
            crate::common::text::ensure_newline(text.to_string())
        )?;
        return Ok(());
    }
    if args.json {
        let mut value = json!({
            "game": game.id(),
            "name": game.name(),
            "variant": game.variant(),
            "summary": game.summary(),
            "params": game.params_json(),
            "docs": params.iter().map(|(k, v)| json!({
                "key": k,
                "value": v,
                "description": doc_for(docs, k),
            })).collect::<Vec<_>>(),
        });
        if args.full {
            let text = game.rules_text().ok_or_else(|| no_rules_text(game.id()))?;
            value["rules_text"] = json!(text);
        }
        return io.write_json(&value);
    }
    writeln!(
        io.out,
        "{} ({}), variant {}",
        game.name(),
        game.id(),
        game.variant()
    )?;
    writeln!(io.out)?;
    writeln!(io.out, "{}", game.summary().trim_end())?;
    if game.rules_text().is_some() {
        writeln!(
            io.out,
            "The rules for players, numbered as messages cite them: plateau rules {} --full",
            game.id()
        )?;
    }
    writeln!(io.out)?;
    writeln!(
        io.out,
        "Parameters (change one with --set KEY=VALUE, or all with --rules FILE):"
    )?;
    // A description shared by many keys (`pieces.NAME.count`) is given once.
    let mut shown: Vec<&str> = Vec::new();
    for (key, value) in &params {
        writeln!(io.out, "  {key} = {value}")?;
        if let Some(d) = find_doc(docs, key) {
            if d.key != key && shown.contains(&d.key) {
                continue;
            }
            shown.push(d.key);
            writeln!(io.out, "      {}", d.description)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOCS: &[ParamDoc] = &[
        ParamDoc {
            key: "pile",
            description: "stones",
        },
        ParamDoc {
            key: "pieces.*.count",
            description: "how many",
        },
        ParamDoc {
            key: "start",
            description: "the start layout",
        },
        ParamDoc {
            key: "sides.PLAYER.name",
            description: "a side's name",
        },
    ];

    #[test]
    fn docs_match_exact_keys_patterns_and_groups() {
        assert_eq!(doc_for(DOCS, "pile"), Some("stones"));
        assert_eq!(doc_for(DOCS, "pieces.scout.count"), Some("how many"));
        assert_eq!(doc_for(DOCS, "start.south"), Some("the start layout"));
        assert_eq!(doc_for(DOCS, "starts"), None);
        assert_eq!(doc_for(DOCS, "pieces.scout.symbol"), None);
        assert_eq!(doc_for(DOCS, "sides.red.name"), Some("a side's name"));
        assert_eq!(doc_for(DOCS, "sides.red.colour"), None);
    }
}
