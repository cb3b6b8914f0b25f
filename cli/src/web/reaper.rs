//! The task that frees what nobody uses: every little while it drops the
//! abandoned matches (no connection and no move for
//! [`Limits::abandon_after`]) and stops the matches of agents alone that
//! nobody watched for [`Limits::unwatched_after`]. Both leave the hub and
//! close (`closed` with reason `abandoned` or `unwatched`); the store, if
//! any, keeps them.

use super::hub::{lock, Hub};
use super::limits::Limits;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Who watches a match and when it last saw anything: kept by each
/// [`super::room::WebMatch`].
pub struct Activity {
    connections: AtomicUsize,
    times: Mutex<Times>,
}

struct Times {
    /// The last move, connection or disconnection.
    active: Instant,
    /// The last time a connection was open.
    watched: Instant,
}

/// A connection watching a match: counted while it lives.
pub struct Watching<'a> {
    activity: &'a Activity,
}

impl Default for Activity {
    fn default() -> Activity {
        let now = Instant::now();
        Activity {
            connections: AtomicUsize::new(0),
            times: Mutex::new(Times {
                active: now,
                watched: now,
            }),
        }
    }
}

impl Activity {
    /// The connections open on the match.
    pub fn connected(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    /// Notes a move (or any change of the match).
    pub fn touch(&self) {
        lock(&self.times).active = Instant::now();
    }

    /// The time since the last move, connection or disconnection.
    pub fn idle(&self) -> Duration {
        lock(&self.times).active.elapsed()
    }

    /// The time since a connection was last open (zero while one is).
    pub fn unwatched(&self) -> Duration {
        if self.connected() > 0 {
            return Duration::ZERO;
        }
        lock(&self.times).watched.elapsed()
    }

    /// Counts a connection until the guard is dropped.
    pub fn watch(&self) -> Watching<'_> {
        self.connections.fetch_add(1, Ordering::SeqCst);
        self.seen();
        Watching { activity: self }
    }

    fn seen(&self) {
        let now = Instant::now();
        let mut times = lock(&self.times);
        times.active = now;
        times.watched = now;
    }
}

impl Drop for Watching<'_> {
    fn drop(&mut self) {
        self.activity.seen();
        self.activity.connections.fetch_sub(1, Ordering::SeqCst);
    }
}

/// How often the reaper looks: a quarter of the shorter delay, between
/// 50 ms and 30 s.
pub fn period(limits: &Limits) -> Duration {
    (limits.abandon_after.min(limits.unwatched_after) / 4)
        .clamp(Duration::from_millis(50), Duration::from_secs(30))
}

/// Drops the abandoned matches and stops the unwatched matches of agents
/// alone, once; returns how many matches left the hub.
pub fn reap(hub: &Hub, limits: &Limits) -> usize {
    let mut gone = 0;
    for m in hub.matches() {
        let activity = m.activity();
        if activity.connected() > 0 {
            continue;
        }
        let reason = if activity.idle() >= limits.abandon_after {
            "abandoned"
        } else if activity.unwatched() >= limits.unwatched_after && m.agents_only() {
            "unwatched"
        } else {
            continue;
        };
        // A stopped match of agents is kept as ended, so that a restart
        // does not set its agents going again; an abandoned match stays
        // as it is in the store and comes back when asked for.
        if reason == "unwatched" {
            if let Err(e) = m.commit_with(Some("unwatched"), |_| ()) {
                eprintln!("match {}: {}", m.id, e.message);
            }
        }
        if hub.remove(&m.id, reason) {
            gone += 1;
        }
    }
    gone
}

/// Starts the reaper of `hub`; it ends with the runtime.
pub fn start(hub: Arc<Hub>, limits: Limits) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(period(&limits));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            reap(&hub, &limits);
        }
    });
}
