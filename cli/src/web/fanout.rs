//! One update for all the spectators of a match: after a change each
//! connection sends its client's `update`, and every spectator that sent
//! the same events before gets the same text. It is computed and written
//! once per change and version, and shared (200 spectators of a game cost
//! one update, not 200).

use super::hub::lock;
use super::room::WebMatch;
use axum::extract::ws::Utf8Bytes;
use plateau::matches::Client;
use std::sync::Mutex;

/// The last spectators' update of a match.
#[derive(Default)]
pub struct Fanout {
    last: Mutex<Option<Shared>>,
}

/// A spectators' update: the events after `since`, at `version`.
#[derive(Clone)]
pub struct Shared {
    /// The last event this connection had sent before.
    pub since: u64,
    /// The match's version in the update.
    pub version: Option<u64>,
    /// The last event in the update (the connection's next `since`).
    pub last_event: Option<u64>,
    /// The update as sent.
    pub text: Utf8Bytes,
}

impl Fanout {
    /// The spectators' update of `m` after the event `since`: the one
    /// already written for that event and the match's current version, or
    /// a new one.
    pub fn spectator_update(&self, m: &WebMatch, since: u64) -> Shared {
        let mut last = lock(&self.last);
        let version = m.with_match(|g| g.version());
        if let Some(shared) = last.as_ref() {
            if shared.since == since && shared.version == Some(version) {
                return shared.clone();
            }
        }
        let update = m.update_for(Client::Spectator, Some(since));
        let shared = Shared {
            since,
            version: update["version"].as_u64(),
            last_event: update["last_event"].as_u64(),
            text: update.to_string().into(),
        };
        *last = Some(shared.clone());
        shared
    }
}
