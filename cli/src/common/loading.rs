//! Finding a game in the registry and loading its rules from the command
//! line's rules options, with errors sorted into usage errors (an unknown
//! game, variant or parameter) and others (a bad rules file).

use crate::common::error::{CliError, CliResult};
use crate::common::options::RulesOpts;
use plateau::{DynGame, GameEntry, Registry, RulesError, RulesSpec};
use std::fs;

/// The registered game with that id; an unknown id is a usage error listing the games.
pub fn find_game<'r>(registry: &'r Registry, id: &str) -> CliResult<&'r dyn GameEntry> {
    registry.find(id).map_err(CliError::Usage)
}

/// The rules spec of the options: the variant, the rules file's text, the overrides.
pub fn rules_spec(entry: &dyn GameEntry, opts: &RulesOpts) -> CliResult<RulesSpec> {
    if let Some(v) = &opts.variant {
        if !entry
            .variants()
            .iter()
            .any(|x| x.name.eq_ignore_ascii_case(v))
        {
            let names: Vec<_> = entry.variants().iter().map(|x| x.name).collect();
            return Err(CliError::usage(format!(
                "unknown variant '{}' of {}; variants: {}",
                plateau::escape_controls(v),
                entry.id(),
                names.join(", ")
            )));
        }
    }
    let file = match &opts.rules {
        Some(path) => {
            let text = fs::read_to_string(path).map_err(|e| CliError::io(path, e))?;
            Some((path.display().to_string(), text))
        }
        None => None,
    };
    let overrides = opts
        .set
        .iter()
        .map(|s| RulesSpec::parse_override(s))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(RulesSpec {
        variant: opts.variant.clone(),
        file,
        overrides,
    })
}

/// Loads a game's rules from the options.
///
/// A bad override (`--set`) is a usage error; so is a value given with
/// `--set` that the game rejects, named as coming from `--set`, and so are
/// rules that are valid without the overrides but not with them (a check
/// across parameters, such as a line longer than the board after
/// `--set size=2`). An invalid rules file is an error of that file.
pub fn load_game(registry: &Registry, id: &str, opts: &RulesOpts) -> CliResult<Box<dyn DynGame>> {
    let entry = find_game(registry, id)?;
    let spec = rules_spec(entry, opts)?;
    entry.load(&spec).map_err(|e| classify(entry, &spec, e))
}

/// A rules error caused by `--set` is a usage error; one of a rules file is not.
fn classify(entry: &dyn GameEntry, spec: &RulesSpec, mut error: RulesError) -> CliError {
    if error.source_name == "--set" {
        return CliError::Usage(error.to_string());
    }
    let without_overrides = RulesSpec {
        overrides: Vec::new(),
        ..spec.clone()
    };
    if spec.overrides.is_empty() || entry.load(&without_overrides).is_err() {
        return CliError::Rules(error);
    }
    let set: Vec<String> = spec
        .overrides
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    error.source_name = String::new();
    CliError::Usage(format!(
        "--set {}: {error}",
        plateau::escape_controls(&set.join(" --set "))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::demo::Nim;

    fn registry() -> Registry {
        let mut r = Registry::new();
        r.register::<Nim>();
        r
    }

    fn opts(set: &[&str]) -> RulesOpts {
        RulesOpts {
            set: set.iter().map(|s| s.to_string()).collect(),
            ..RulesOpts::default()
        }
    }

    /// The usage error (exit code 2) of loading nim with `set`.
    fn usage_error(set: &[&str]) -> CliError {
        let e = load_game(&registry(), "nim", &opts(set)).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        e
    }

    #[test]
    fn unknown_game_and_variant_are_usage_errors() {
        let r = registry();
        let e = load_game(&r, "chess", &opts(&[])).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("nim"), "{e}");
        let o = RulesOpts {
            variant: Some("huge".into()),
            ..RulesOpts::default()
        };
        let e = load_game(&r, "nim", &o).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("standard"), "{e}");
    }

    #[test]
    fn a_value_rejected_by_the_game_is_blamed_on_set() {
        let e = usage_error(&["max_take=0"]);
        assert_eq!(e.to_string(), "--set: max_take = 0: must be at least 1");
    }

    #[test]
    fn unknown_keys_are_usage_errors() {
        let e = usage_error(&["colour=red"]);
        assert!(e.to_string().contains("colour"), "{e}");
        usage_error(&["pile"]);
    }

    #[test]
    fn overrides_apply() {
        let g = load_game(&registry(), "nim", &opts(&["pile=7"])).unwrap();
        assert!(g.params().contains(&("pile".to_string(), "7".to_string())));
    }
}
