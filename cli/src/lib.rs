//! The `plateau` command line as a library.
//!
//! [`run`] gives every subcommand (`games`, `rules`, `new`, `moves`, `apply`,
//! `show`, `play`, `bench`, `perft`, `replay`, `import`, `serve`) for every
//! game of a [`Registry`], with no per-game code. The `plateau` binary is
//! `run` called with [`default_registry`]; a program with games of its own
//! registers them next to the default ones and calls the same entry point.
//! [`run_with`] takes the input and outputs explicitly, for tests and
//! embedding.
//!
//! ```
//! use plateau::demo::Nim;
//!
//! // The default games plus one of our own.
//! let mut registry = plateau_cli::default_registry();
//! registry.register::<Nim>();
//!
//! let mut out = Vec::new();
//! let mut err = Vec::new();
//! let code = plateau_cli::run_with(
//!     &registry,
//!     ["plateau", "rules", "nim", "--set", "pile=7"],
//!     &mut std::io::empty(),
//!     &mut out,
//!     &mut err,
//! );
//! assert_eq!(code, 0);
//! assert!(String::from_utf8(out).unwrap().contains("pile = 7"));
//!
//! // Errors are one line on stderr; a wrong command line exits with 2.
//! let mut err = Vec::new();
//! let code = plateau_cli::run_with(
//!     &registry,
//!     ["plateau", "rules", "chess"],
//!     &mut std::io::empty(),
//!     &mut Vec::new(),
//!     &mut err,
//! );
//! assert_eq!(code, 2);
//! assert!(String::from_utf8(err).unwrap().starts_with("error: unknown game 'chess'"));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agents;
pub mod args;
pub mod commands;
pub mod error;
pub mod json;
pub mod loading;
pub mod machine;
pub mod record_file;
pub mod serve;
pub mod setups;
pub mod text;

use args::Cli;
use clap::Parser;
use error::{EXIT_OK, EXIT_USAGE};
use plateau::Registry;
use std::ffi::OsString;
use std::io::{self, BufRead, Write};

pub use error::{CliError, CliResult};

/// The registry of the games that ship with Plateau, in alphabetical order.
pub fn default_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<plateau_hus::Hus>();
    registry.register::<plateau_quinque::Quinque>();
    registry.register::<plateau_stratego::Stratego>();
    registry
}

/// The input and outputs of a command.
pub struct Io<'a> {
    /// Where `play` reads moves and `serve` reads requests.
    pub input: &'a mut dyn BufRead,
    /// The standard output.
    pub out: &'a mut dyn Write,
    /// The standard error: the one-line error messages.
    pub err: &'a mut dyn Write,
}

/// Runs the command line `args` (the program name first) on the process's
/// standard input and outputs, and returns the exit code: 0 on success, 1
/// on a failure, 2 on a usage error.
pub fn run(
    registry: &Registry,
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
) -> i32 {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let stderr = io::stderr();
    run_with(
        registry,
        args,
        &mut stdin.lock(),
        &mut stdout.lock(),
        &mut stderr.lock(),
    )
}

/// Runs the command line `args` (the program name first) on the given input
/// and outputs, and returns the exit code, as [`run`].
pub fn run_with(
    registry: &Registry,
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e, out, err),
    };
    let mut io = Io { input, out, err };
    let result = commands::dispatch(registry, cli.command, &mut io);
    let flushed = io.out.flush();
    match result.and(flushed.map_err(CliError::Output)) {
        Ok(()) => EXIT_OK,
        Err(e) if e.is_broken_pipe() => EXIT_OK,
        Err(e) => {
            let _ = writeln!(io.err, "error: {}", e.one_line());
            e.exit_code()
        }
    }
}

/// Prints a clap outcome: help and version on stdout (exit 0), a parse
/// error as one line on stderr (exit 2).
fn clap_error(e: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    use clap::error::ErrorKind;
    let text = e.render().to_string();
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = write!(out, "{text}");
            let _ = out.flush();
            EXIT_OK
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = write!(err, "{text}");
            EXIT_USAGE
        }
        _ => {
            let _ = writeln!(err, "error: {}", clap_one_line(&text));
            EXIT_USAGE
        }
    }
}

/// A clap error message on one line, with where to find help.
fn clap_one_line(text: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut command = "plateau".to_string();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(tip) = line.strip_prefix("tip:") {
            parts.push(format!("({})", tip.trim()));
            continue;
        }
        if let Some(usage) = line.strip_prefix("Usage:") {
            let words: Vec<&str> = usage
                .split_whitespace()
                .take_while(|w| !w.starts_with('[') && !w.starts_with('<'))
                .collect();
            if !words.is_empty() {
                command = words.join(" ");
            }
            break;
        }
        let line = line.strip_prefix("error:").unwrap_or(line).trim();
        parts.push(line.to_string());
    }
    let mut message = parts.join(" ");
    if message.is_empty() {
        message = "invalid command line".to_string();
    }
    format!("{message}; try '{command} --help'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_errors_become_one_line_naming_the_subcommand() {
        let text = "error: the following required arguments were not provided:\n  <GAME>\n\n\
                    Usage: plateau new [OPTIONS] <GAME>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            clap_one_line(text),
            "the following required arguments were not provided: <GAME>; try 'plateau new --help'"
        );
    }
}
