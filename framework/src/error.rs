//! The typed errors of the framework.

use std::fmt;
use thiserror::Error;

/// A move text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read move '{input}': {reason}")]
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
            write!(f, "{}: ", self.source_name)?;
        }
        match (&self.key, &self.value) {
            (Some(k), Some(v)) => write!(f, "{k} = {v}: ")?,
            (Some(k), None) => write!(f, "{k}: ")?,
            _ => {}
        }
        f.write_str(&self.reason)
    }
}

/// A game record that cannot be loaded or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The record is not valid JSON of the record format.
    #[error("not a game record: {0}")]
    Format(String),
    /// The record names a game that is not registered.
    #[error("unknown game '{0}'")]
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
    #[error("move {index} of the record ('{mv}') is illegal: {reason}")]
    Illegal {
        /// 1-based number of the move in the record.
        index: usize,
        /// The move as written.
        mv: String,
        /// Why it is not legal.
        reason: String,
    },
    /// The outcome stored in the record differs from the outcome of the replay.
    #[error("the record's outcome ({stored}) does not match its replay ({replayed})")]
    OutcomeMismatch {
        /// The stored outcome, described.
        stored: String,
        /// The replayed outcome, described.
        replayed: String,
    },
}
