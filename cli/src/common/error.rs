//! The one error type of the command line. Every error is printed as one
//! line on stderr; usage errors (a wrong command line) exit with 2, every
//! other error with 1.

use plateau::{escape_controls, RecordError, RulesError};
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
    #[error("{}: {source}", escape_controls(.path))]
    Io {
        /// The file.
        path: String,
        /// The system's reason.
        source: io::Error,
    },
    /// A game record is corrupted or does not replay.
    #[error("{}: {source}", escape_controls(.path))]
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

    /// An I/O error on a file. The system's reason is given for the file
    /// named, not for a temporary file written beside it.
    pub fn io(path: impl AsRef<std::path::Path>, source: io::Error) -> Self {
        CliError::Io {
            path: path.as_ref().display().to_string(),
            source: without_temporary_path(source),
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

    /// The message on one line, with any very long word (a pasted move of
    /// a megabyte, say) shortened.
    pub fn one_line(&self) -> String {
        shorten_words(&one_line(&self.to_string()))
    }
}

/// The error of a temporary file without the temporary file's name, which
/// `tempfile` appends (`... at path "/dir/.plateau-x.tmp"`): the error is
/// reported for the file the user named.
fn without_temporary_path(error: io::Error) -> io::Error {
    if error.get_ref().is_none() {
        return error;
    }
    let text = error.to_string();
    match text.rfind(" at path \"") {
        Some(at) => io::Error::new(error.kind(), &text[..at]),
        None => error,
    }
}

/// Words longer than this many characters are shortened in error messages.
const LONGEST_WORD: usize = 200;

/// A word of at most [`LONGEST_WORD`] characters: a longer one keeps its
/// start and its end (the closing quote of a quoted input, say) and says how
/// long it was.
fn shorten(word: &str) -> std::borrow::Cow<'_, str> {
    let n = word.chars().count();
    if n <= LONGEST_WORD {
        return word.into();
    }
    let head: String = word.chars().take(60).collect();
    let tail: String = word.chars().skip(n - 10).collect();
    format!("{head}…[{n} characters]…{tail}").into()
}

/// The text with every very long word shortened (see [`CliError::one_line`]).
pub fn shorten_words(text: &str) -> String {
    text.split(' ').map(shorten).collect::<Vec<_>>().join(" ")
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
    fn temporary_file_paths_are_not_shown() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing");
        let e = tempfile::NamedTempFile::new_in(&missing).unwrap_err();
        assert!(e.to_string().contains("at path"), "{e}");
        let shown = CliError::io(missing.join("g.json"), e).one_line();
        assert!(
            shown.ends_with("g.json: No such file or directory (os error 2)"),
            "{shown}"
        );
        let e = CliError::io("a\nb.json", io::Error::from(io::ErrorKind::NotFound));
        assert!(e.one_line().starts_with("a\\nb.json: "), "{}", e.one_line());
    }

    #[test]
    fn very_long_words_are_shortened() {
        let long = format!("'{}':", "a".repeat(100_000));
        let e = CliError::failed(format!("move 1: cannot read move {long} a move is a pit"));
        let shown = e.one_line();
        assert!(shown.len() < 200, "{shown}");
        assert!(
            shown.starts_with("move 1: cannot read move 'aaa"),
            "{shown}"
        );
        assert!(shown.contains("[100003 characters]"), "{shown}");
        assert!(shown.ends_with("aaa': a move is a pit"), "{shown}");
        let short = CliError::failed("unknown game 'chess'");
        assert_eq!(short.one_line(), "unknown game 'chess'");
    }

    #[test]
    fn messages_are_one_line() {
        let e = CliError::failed("first\n  second\n\nthird");
        assert_eq!(e.one_line(), "first second third");
    }
}
