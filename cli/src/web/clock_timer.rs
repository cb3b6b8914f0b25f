//! The timer of a match with clocks: a flag falls even if nobody sends
//! anything. One small task per match with clocks sleeps until the running
//! clock runs out, checks the flag under the match's lock
//! ([`plateau::matches::Match::check_flag`]) and, when it fell, tells every
//! connection (`update`, whose view carries the clocks and the outcome,
//! reason `time`). Any change of the match wakes it to read the new
//! deadline; it ends with the match.

use super::room::{Event, WebMatch};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// Starts the timer of `m` if the match has clocks (else does nothing).
/// Must be called within the server's runtime.
pub(crate) fn start(m: &Arc<WebMatch>) {
    if m.with_match(|game| game.clock().is_none()) {
        return;
    }
    let weak: Weak<WebMatch> = Arc::downgrade(m);
    let mut events = m.subscribe();
    // Whether every connection heard of the flag fall: whoever let it
    // fall (this timer, a move, the agents' task) tells them at least once.
    let flagged =
        |game: &plateau::matches::Match| game.clock().is_some_and(|c| c.flagged.is_some());
    let mut announced = m.with_match(|game| flagged(game));
    tokio::spawn(async move {
        loop {
            let wait = {
                let Some(m) = weak.upgrade() else {
                    return;
                };
                if m.is_closed() {
                    return;
                }
                let fell = m.with_match(|game| game.check_flag() || flagged(game));
                if fell && !announced {
                    announced = true;
                    m.changed();
                }
                m.with_match(|game| {
                    game.flag_deadline_ms().map(|deadline| {
                        // A millisecond past the deadline: the time is up.
                        Duration::from_millis(deadline.saturating_sub(game.now_ms()) + 1)
                    })
                })
            };
            // No clock runs: only a change of the match may start one.
            let sleep = tokio::time::sleep(wait.unwrap_or(Duration::MAX));
            tokio::select! {
                _ = sleep, if wait.is_some() => {}
                event = events.recv() => match event {
                    Ok(Event::Closed(_)) | Err(RecvError::Closed) => return,
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                },
            }
        }
    });
}
