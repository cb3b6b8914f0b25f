//! The typed errors of the framework.

use std::borrow::Cow;
use std::fmt;
use thiserror::Error;

/// Text from outside (a move, a name, a key, a parser's message) as it is
/// shown inside a one-line error message: control characters, line breaks
/// among them, are written as escapes (`\n`, `\r`, `\t`, `\u{0}`), and so
/// are the Unicode line and paragraph separators; everything else is kept.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    fn escaped(c: char) -> bool {
        c.is_control() || c == '\u{2028}' || c == '\u{2029}'
    }
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A move text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read move '{}': {}", escape_controls(.input), escape_controls(.reason))]
pub struct MoveParseError {
    /// The text as given.
    pub input: String,
    /// What is wrong with it.
    pub reason: String,
}

impl MoveParseError {
    /// A parse error for `input`.
    pub fn new(input: impl Into<String>, reason: impl Into<String>) -> Self {
        MoveParseError {
            input: input.into(),
            reason: reason.into(),
        }
    }
}

/// A move that was rejected; the state it was tried on is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv:?}: {reason}")]
pub struct IllegalMove<M: fmt::Debug> {
    /// The rejected move.
    pub mv: M,
    /// Why it is not legal. It never reveals anything the mover cannot see.
    pub reason: String,
}

/// An invalid rules file, parameter or override.
///
/// Displays as `FILE: KEY = VALUE: REASON`, leaving out the parts that are
/// unknown, for example
/// `barrage.toml: pieces.scout.count = 41: more pieces than squares in the setup area (40)`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct RulesError {
    /// The rules source (a file name, or `name.toml` of an embedded variant).
    pub source_name: String,
    /// The dotted key that is wrong, if known.
    pub key: Option<String>,
    /// The offending value as written, if known.
    pub value: Option<String>,
    /// What is wrong.
    pub reason: String,
}

impl RulesError {
    /// An error with only a reason; add details with the builder methods.
    pub fn new(reason: impl Into<String>) -> Self {
        RulesError {
            source_name: String::new(),
            key: None,
            value: None,
            reason: reason.into(),
        }
    }

    /// Names the key that is wrong.
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }

    /// Gives the offending value.
    pub fn value(mut self, value: impl fmt::Display) -> Self {
        self.value = Some(value.to_string());
        self
    }

    /// Names the rules source, unless one is already named.
    pub fn in_source(mut self, source: impl Into<String>) -> Self {
        if self.source_name.is_empty() {
            self.source_name = source.into();
        }
        self
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.source_name.is_empty() {
            write!(f, "{}: ", escape_controls(&self.source_name))?;
        }
        match (&self.key, &self.value) {
            (Some(k), Some(v)) => write!(f, "{} = {}: ", escape_controls(k), escape_controls(v))?,
            (Some(k), None) => write!(f, "{}: ", escape_controls(k))?,
            _ => {}
        }
        f.write_str(&escape_controls(&self.reason))
    }
}

/// A game record that cannot be loaded or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The record is not valid JSON of the record format.
    #[error("not a game record: {}", escape_controls(.0))]
    Format(String),
    /// The record names a game that is not registered.
    #[error("unknown game '{}'", escape_controls(.0))]
    UnknownGame(String),
    /// The record's rules parameters are invalid.
    #[error("record parameters: {0}")]
    Rules(#[from] RulesError),
    /// A move of the record cannot be read.
    #[error("move {index} of the record: {error}")]
    Parse {
        /// 1-based number of the move in the record.
        index: usize,
        /// The parse error.
        error: MoveParseError,
    },
    /// A move of the record is illegal in the position where it is played.
    #[error(
        "move {index} of the record ('{}') is illegal: {}",
        escape_controls(.mv),
        escape_controls(.reason)
    )]
    Illegal {
        /// 1-based number of the move in the record.
        index: usize,
        /// The move as written.
        mv: String,
        /// Why it is not legal.
        reason: String,
    },
    /// The record holds more moves than a game may hold
    /// ([`MAX_MOVES`](crate::MAX_MOVES)); nothing was replayed.
    #[error("the record holds {moves} moves, more than the {max} a game may hold")]
    TooLong {
        /// The moves in the record.
        moves: usize,
        /// The bound, [`MAX_MOVES`](crate::MAX_MOVES).
        max: usize,
    },
    /// The outcome stored in the record differs from the outcome of the replay.
    #[error(
        "the record's outcome ({}) does not match its replay ({})",
        escape_controls(.stored),
        escape_controls(.replayed)
    )]
    OutcomeMismatch {
        /// The stored outcome, described.
        stored: String,
        /// The replayed outcome, described.
        replayed: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_that_echo_input_stay_on_one_line() {
        assert_eq!(escape_controls("a1-a2"), "a1-a2");
        assert_eq!(escape_controls("é 🙂"), "é 🙂");
        assert_eq!(
            escape_controls("a\nb\r\t\0\u{2028}"),
            "a\\nb\\r\\t\\u{0}\\u{2028}"
        );
        // Found by tests/tests/malformed_input.rs: the move "\n1" of Hus, the
        // override key "\nfirst", a record whose game is "a\nb".
        let errors = [
            MoveParseError::new("\n1", "a move is a pit name").to_string(),
            RulesError::new("unknown parameter")
                .in_source("--set")
                .key("\nfirst")
                .value("x\ny")
                .to_string(),
            RecordError::UnknownGame("a\nb".into()).to_string(),
            RecordError::Format("unknown field `a\nb`".into()).to_string(),
            // A stored outcome whose reason is "\nlag-captured".
            RecordError::OutcomeMismatch {
                stored: "red wins (\nlag-captured)".into(),
                replayed: "red wins (flag-captured)".into(),
            }
            .to_string(),
        ];
        for e in errors {
            assert!(!e.contains('\n'), "{e}");
        }
        assert_eq!(
            MoveParseError::new("\n1", "bad").to_string(),
            "cannot read move '\\n1': bad"
        );
    }
}
