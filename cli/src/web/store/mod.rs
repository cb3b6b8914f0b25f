//! Where the web server keeps its matches: one [`Store`] trait, with
//! SQLite in a data directory by default and PostgreSQL for several
//! servers on one database.
//!
//! A match is kept whole after every change, as a [`StoredMatch`]: the
//! match layer's [`plateau::matches::SavedMatch`] (record, seats, tokens,
//! pending offers) and the web server's own settings, in `state`. Each
//! write names the revision it replaces, so that of two servers changing
//! one match at once only one wins ([`Store::update`] answers `false` to
//! the other, which reloads the match and refuses its change).

pub mod open;
pub mod postgres;
pub mod sqlite;

pub use open::{default_data_dir, open};
pub use postgres::PgStore;
pub use sqlite::SqliteStore;

use serde::{Deserialize, Serialize};

/// A failure of the store: what failed, for the server's log and for the
/// `storage` error a client gets.
#[derive(Debug, thiserror::Error)]
#[error("the match store failed: {0}")]
pub struct StoreError(pub String);

impl StoreError {
    /// An error from anything printable.
    pub fn new(what: impl std::fmt::Display) -> StoreError {
        StoreError(what.to_string())
    }
}

/// One match as the store keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredMatch {
    /// The match id (32 hex digits).
    pub id: String,
    /// The game's id, e.g. `stratego` (for listing without reading `state`).
    pub game: String,
    /// Incremented by every write of the match; the first write is 1.
    pub revision: u64,
    /// Whether the game is over (or the match was ended).
    pub finished: bool,
    /// When the match was created, in milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// When the match was last written, in milliseconds since the Unix epoch.
    pub updated_ms: u64,
    /// Everything needed to bring the match back: the saved match and the
    /// web server's settings of it (owner token, seed, clock...), as JSON.
    pub state: serde_json::Value,
}

/// A change another server made, heard from the store
/// ([`Store::subscribe`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The match changed.
    pub id: String,
    /// Its revision after the change.
    pub revision: u64,
}

/// Where matches are kept. Every method blocks until the database answers;
/// a write has been committed (made durable) when it returns `Ok`.
pub trait Store: Send + Sync {
    /// A short description for the server's first lines, e.g.
    /// `sqlite /home/me/.local/share/plateau/matches.sqlite3`.
    fn describe(&self) -> String;

    /// Keeps a new match (its `revision` is 1).
    fn insert(&self, m: &StoredMatch) -> Result<(), StoreError>;

    /// Replaces the match of `m.id` by `m` if the kept revision is
    /// `m.revision - 1`; `Ok(false)` (nothing written) if another server
    /// changed it first or it is not kept.
    fn update(&self, m: &StoredMatch) -> Result<bool, StoreError>;

    /// The match of `id`, if kept.
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError>;

    /// Every unfinished match, to bring back at start.
    fn unfinished(&self) -> Result<Vec<StoredMatch>, StoreError>;

    /// The most recently changed matches, newest first, at most `limit`,
    /// finished ones only if `finished`, unfinished ones only otherwise.
    fn recent(&self, finished: bool, limit: usize) -> Result<Vec<StoredMatch>, StoreError>;

    /// Forgets the match of `id` (nothing if it is not kept).
    fn delete(&self, id: &str) -> Result<(), StoreError>;

    /// Claims the agent's move at revision `revision` of match `id` for
    /// this server: `true` for exactly one of the servers that ask, so an
    /// agent's move is searched and made once. A store of one server
    /// answers `true`.
    fn claim_agent_turn(&self, id: &str, revision: u64) -> Result<bool, StoreError> {
        let _ = (id, revision);
        Ok(true)
    }

    /// The changes other servers make, as they are committed; `None` for a
    /// store of one server. Called once, at start.
    fn subscribe(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Notice>> {
        None
    }
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
