//! The argument groups (clap) several subcommands share: the rules options
//! and the setups. Each subcommand owns the rest of its arguments.

use clap::Args;
use std::path::PathBuf;

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
