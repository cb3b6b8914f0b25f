//! The one error type of the command line. Every error is printed as one
//! line on stderr; usage errors (a wrong command line) exit with 2, every
//! other error with 1.

use plateau::{RecordError, RulesError};
use std::io;
use thiserror::Error;

/// Exit code of a successful command.
pub const EXIT_OK: i32 = 0;
/// Exit code of a failed command (bad file, illegal move, ...).
pub const EXIT_FAILURE: i32 = 1;
/// Exit code of a wrong command line (unknown game, variant, flag, ...).
pub const EXIT_USAGE: i32 = 2;

/// Why a command failed.
#[derive(Debug, Error)]
pub enum CliError {
    /// The command line is wrong: an unknown game, variant, player, flag or
    /// parameter. Exit code 2.
    #[error("{0}")]
    Usage(String),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The system's reason.
        source: io::Error,
    },
    /// A game record is corrupted or does not replay.
    #[error("{path}: {source}")]
    Record {
        /// The record file.
        path: String,
        /// What is wrong with it.
        source: RecordError,
    },
    /// The rules (a rules file or parameter) are invalid.
    #[error("{0}")]
    Rules(RulesError),
    /// Anything else that went wrong, e.g. an illegal move.
    #[error("{0}")]
    Failed(String),
    /// Writing to the standard output failed.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
}

impl CliError {
    /// A usage error.
    pub fn usage(message: impl Into<String>) -> Self {
        CliError::Usage(message.into())
    }

    /// Any other failure.
    pub fn failed(message: impl Into<String>) -> Self {
        CliError::Failed(message.into())
    }

    /// An I/O error on a file.
    pub fn io(path: impl AsRef<std::path::Path>, source: io::Error) -> Self {
        CliError::Io {
            path: path.as_ref().display().to_string(),
            source,
        }
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) => EXIT_USAGE,
            _ => EXIT_FAILURE,
        }
    }

    /// Whether the error is a closed output pipe (`plateau moves g.json | head`),
    /// which ends the program quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }

    /// The message on one line.
    pub fn one_line(&self) -> String {
        one_line(&self.to_string())
    }
}

/// Joins the lines of a message into one line.
pub fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The result of a command.
pub type CliResult<T = ()> = Result<T, CliError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_errors_exit_with_2_others_with_1() {
        assert_eq!(CliError::usage("unknown game 'x'").exit_code(), 2);
        assert_eq!(CliError::failed("illegal move").exit_code(), 1);
        let io = CliError::io("g.json", io::Error::from(io::ErrorKind::NotFound));
        assert_eq!(io.exit_code(), 1);
        assert!(io.one_line().starts_with("g.json: "));
    }

    #[test]
    fn messages_are_one_line() {
        let e = CliError::failed("first\n  second\n\nthird");
        assert_eq!(e.one_line(), "first second third");
    }
}
