//! Who is at the table: each seat's open connections, counted by a guard
//! that a connection holds while it is open, and told to every connection
//! of the match (`presence` in each update and in a `presence` event).
//! A seat is *online* with at least one open connection, *away* with none.
//! An agent's seat is always online.

use super::hub::lock;
use super::room::{Event, WebMatch};
use plateau::matches::Client;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

/// The per-seat state of a match besides the game: open connections and
/// the rematch asked for.
pub(crate) struct Online {
    /// Open connections by seat (a hot-seat connection counts for every
    /// seat).
    connections: Mutex<Vec<usize>>,
    /// The rematch asked for and made (rematch.rs).
    pub(crate) rematch: Mutex<super::rematch::Rematch>,
}

impl Online {
    /// No connection yet for `seats` seats.
    pub(crate) fn new(seats: usize) -> Online {
        Online {
            connections: Mutex::new(vec![0; seats]),
            rematch: Mutex::new(super::rematch::Rematch::new(seats)),
        }
    }
}

/// Held by an open connection of a seat: counted while it lives.
pub(crate) struct Present {
    m: Arc<WebMatch>,
    seats: Vec<usize>,
}

/// The seats a client's connection counts for.
fn seats_of(m: &WebMatch, client: Client) -> Vec<usize> {
    match client {
        Client::Seat(p) => vec![p.index()],
        Client::HotSeat => m.with_match(|g| {
            g.occupants()
                .iter()
                .enumerate()
                .filter(|(_, o)| o.is_person())
                .map(|(i, _)| i)
                .collect()
        }),
        Client::Spectator | Client::Referee => Vec::new(),
    }
}

/// Counts a connection of `client` until the returned guard is dropped;
/// the other connections hear of it.
pub(crate) fn connected(m: &Arc<WebMatch>, client: Client) -> Present {
    let seats = seats_of(m, client);
    if !seats.is_empty() {
        let mut counts = lock(&m.online.connections);
        for &s in &seats {
            if let Some(c) = counts.get_mut(s) {
                *c += 1;
            }
        }
        drop(counts);
        m.send(Event::Presence);
    }
    Present {
        m: m.clone(),
        seats,
    }
}

impl Drop for Present {
    fn drop(&mut self) {
        if self.seats.is_empty() {
            return;
        }
        let mut counts = lock(&self.m.online.connections);
        for &s in &self.seats {
            if let Some(c) = counts.get_mut(s) {
                *c = c.saturating_sub(1);
            }
        }
        drop(counts);
        self.m.send(Event::Presence);
    }
}

/// Each seat's presence: `[{"player":0,"online":true}, ...]`.
pub(crate) fn presence_json(m: &WebMatch) -> Value {
    let agents: Vec<bool> = m.with_match(|g| g.occupants().iter().map(|o| o.is_agent()).collect());
    presence_of(m, &agents)
}

/// Each seat's presence, knowing which seats agents play (for a caller
/// that holds the match's lock: this takes no lock of the game).
pub(crate) fn presence_of(m: &WebMatch, agents: &[bool]) -> Value {
    let counts = lock(&m.online.connections).clone();
    Value::Array(
        counts
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let agent = agents.get(i).copied().unwrap_or(false);
                json!({"player": i, "online": agent || n > 0})
            })
            .collect(),
    )
}

/// The `presence` event: each seat's presence and the rematch offer.
pub(crate) fn event_json(m: &WebMatch) -> Value {
    json!({
        "event": "presence",
        "presence": presence_json(m),
        "rematch_offer": super::rematch::offer_json(m),
    })
}
