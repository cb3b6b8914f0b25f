//! The `plateau` command line as a library.
//!
//! [`run`] gives every subcommand (`games`, `rules`, `new`, `moves`, `apply`,
//! `show`, `play`, `bench`, `perft`, `replay`, `import`, `serve`, `agents`,
//! `arena`, `tournament`, `web`) for every
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
pub mod arena;
pub mod command_line;
pub mod commands;
pub mod common;
pub mod protocol;
pub mod terminal;
pub mod web;

/// The JSON-lines protocol under the name of its command, `plateau serve`.
pub use protocol as serve;

use clap::CommandFactory;
use command_line::Cli;
use common::error::{self, EXIT_OK, EXIT_USAGE};
use plateau::Registry;
use std::ffi::OsString;
use std::io::{self, BufRead, Write};

pub use common::error::{CliError, CliResult};

/// The registry of the games that ship with Plateau, in alphabetical order
/// (defined by the `plateau-games` crate, which the Python module shares).
pub use plateau_games::default_registry;

/// The input and outputs of a command.
pub struct Io<'a> {
    /// Where `play` reads moves and `serve` reads requests.
    pub input: &'a mut dyn BufRead,
    /// The standard output.
    pub out: &'a mut dyn Write,
    /// The standard error: the one-line error messages.
    pub err: &'a mut dyn Write,
}

impl Io<'_> {
    /// The answer of a command's `--json`: `value` on one line.
    pub fn write_json(&mut self, value: &serde_json::Value) -> CliResult {
        writeln!(self.out, "{value}")?;
        Ok(())
    }
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
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // The program is called by its own name (`tictactoe --version`, its help).
    let program = args
        .first()
        .and_then(|a| std::path::Path::new(a).file_stem())
        .map_or_else(
            || "plateau".to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
    let command = Cli::command().name(program.clone()).bin_name(program);
    let parsed = command
        .try_get_matches_from(&args)
        .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e, &args, out, err),
    };
    let mut io = Io { input, out, err };
    let result = install_tables(cli.tables.as_deref())
        .and_then(|()| command_line::dispatch(registry, cli.command, &mut io));
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

/// Opens the Oware endgame tables of `--tables DIR` and has every Oware
/// game built from now on search with them; without `--tables`, none (a
/// command line run in a process after another does not inherit its
/// tables).
fn install_tables(dir: Option<&std::path::Path>) -> CliResult {
    let Some(dir) = dir else {
        plateau_oware::endgame::install(None);
        return Ok(());
    };
    let tables = plateau_oware::endgame::EndgameTables::open(dir, 6)
        .map_err(|e| CliError::usage(format!("--tables: {e}")))?;
    plateau_oware::endgame::install(Some(std::sync::Arc::new(tables)));
    Ok(())
}

/// Prints a clap outcome: help and version on stdout (exit 0), a parse
/// error (a missing subcommand included) as one line on stderr (exit 2).
fn clap_error(e: &clap::Error, args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    use clap::error::ErrorKind;
    let (path, command) = command_path(args);
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = write!(out, "{}", e.render());
            let _ = out.flush();
            EXIT_OK
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            let names: Vec<&str> = command
                .get_subcommands()
                .map(|c| c.get_name())
                .filter(|n| *n != "help")
                .collect();
            let _ = writeln!(
                err,
                "error: '{path}' needs a command: {}; try '{path} --help'",
                names.join(", ")
            );
            EXIT_USAGE
        }
        _ => {
            let _ = writeln!(
                err,
                "error: {}",
                clap_one_line(&e.render().to_string(), &path)
            );
            EXIT_USAGE
        }
    }
}

/// The (sub)command a command line names, as typed (`plateau import gravon`),
/// with its definition: the program name, then every word naming a
/// subcommand of the one before, skipping options.
fn command_path(args: &[OsString]) -> (String, clap::Command) {
    let program = args
        .first()
        .and_then(|a| std::path::Path::new(a).file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("plateau");
    let mut words = vec![program.to_string()];
    let mut command = Cli::command();
    for arg in args.iter().skip(1).filter_map(|a| a.to_str()) {
        if arg.starts_with('-') {
            continue;
        }
        match command.find_subcommand(arg).cloned() {
            Some(sub) => {
                words.push(arg.to_string());
                command = sub;
            }
            None => break,
        }
    }
    (words.join(" "), command)
}

/// A clap error message on one line, with where to find help: the error
/// and its tips, without the usage and clap's generic pointer to `--help`.
fn clap_one_line(text: &str, command: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if let Some(tip) = line.strip_prefix("tip:") {
            parts.push(format!("({})", tip.trim()));
            continue;
        }
        let line = line.strip_prefix("error:").unwrap_or(line).trim();
        parts.push(line.to_string());
    }
    let mut message = parts.join(" ");
    if message.is_empty() {
        message = "invalid command line".to_string();
    }
    format!("{}; try '{command} --help'", error::shorten_words(&message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_errors_become_one_line_naming_the_subcommand() {
        let text = "error: the following required arguments were not provided:\n  <GAME>\n\n\
                    Usage: plateau new [OPTIONS] <GAME>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            clap_one_line(text, "plateau new"),
            "the following required arguments were not provided: <GAME>; try 'plateau new --help'"
        );
        let text =
            "error: invalid value 'x' for '--seed <SEED>': invalid digit found in string\n\n\
                    For more information, try '--help'.\n";
        assert_eq!(
            clap_one_line(text, "plateau new"),
            "invalid value 'x' for '--seed <SEED>': invalid digit found in string; \
             try 'plateau new --help'"
        );
    }

    #[test]
    fn the_command_path_skips_options_and_stops_at_arguments() {
        let path = |args: &[&str]| {
            let args: Vec<OsString> = args.iter().map(OsString::from).collect();
            command_path(&args).0
        };
        assert_eq!(
            path(&["/usr/bin/plateau", "new", "--seed", "x"]),
            "plateau new"
        );
        assert_eq!(
            path(&["tictactoe", "import", "gravon", "f.xml"]),
            "tictactoe import gravon"
        );
        assert_eq!(path(&["plateau", "rules", "new"]), "plateau rules");
        assert_eq!(path(&["plateau"]), "plateau");
    }
}
