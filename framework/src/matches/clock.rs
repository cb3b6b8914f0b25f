//! Clocks: each player's time, kept by the match (never by a client), as
//! on lichess.
//!
//! A clock has a base time and an increment ([`ClockSettings`]). The clocks
//! start once every seat has played its first move: each seat's first move
//! is not timed (in Stratego: both setups). From then on the clock of the
//! player to move runs; a move charges the mover the time since its turn
//! began, and when the turn passes to another player the mover gets the
//! increment (a turn of several actions, as in Quinque, gets it once). The
//! time is wall-clock milliseconds from the match's time source
//! ([`Match::set_time_source`]), so a saved match that is restored charges
//! the time the server was down to the player to move, as any other time.
//!
//! [`Match::check_flag`] ends the game when the player to move has no time
//! left: that player loses (in a game of more than two players the game
//! ends drawn), reason [`FLAG_FELL`](crate::FLAG_FELL) (`time`), kept in the record
//! ([`crate::GameRecord::flagged`]). A move (a person's or an agent's) is
//! refused once the mover's flag fell, and the flag falls then. A flag fall
//! is never taken back; an undo does not give time back either: the clock
//! runs on for whoever is to move after it. The end of the game (by a move,
//! a resignation, a draw) stops the clocks.

use super::{Match, MatchError};
use crate::{Player, Status};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// The longest base time of a clock: 24 hours.
pub const MAX_BASE_MS: u64 = 24 * 3_600_000;

/// The longest increment of a clock: 1 hour.
pub const MAX_INCREMENT_MS: u64 = 3_600_000;

/// A time source: wall-clock milliseconds since the Unix epoch.
pub type TimeSource = Arc<dyn Fn() -> u64 + Send + Sync>;

/// The system's clock, in milliseconds since the Unix epoch.
pub fn system_time_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A clock chosen when a match is made: a base time, and an increment
/// added to a player's time after each of its turns.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockSettings {
    /// Each player's time at the start, in milliseconds (more than 0, at
    /// most [`MAX_BASE_MS`]).
    pub base_ms: u64,
    /// The time added after each turn, in milliseconds (at most
    /// [`MAX_INCREMENT_MS`]).
    pub increment_ms: u64,
}

impl ClockSettings {
    /// Checked settings: a base of more than 0 and at most 24 hours, an
    /// increment of at most 1 hour; [`MatchError::BadClock`] otherwise.
    pub fn new(base_ms: u64, increment_ms: u64) -> Result<ClockSettings, MatchError> {
        let settings = ClockSettings {
            base_ms,
            increment_ms,
        };
        settings.validate()?;
        Ok(settings)
    }

    /// [`MatchError::BadClock`] if the base is 0 or over 24 hours, or the
    /// increment over 1 hour.
    pub fn validate(&self) -> Result<(), MatchError> {
        if self.base_ms == 0 {
            return Err(MatchError::BadClock(
                "the clock's base time must be more than 0".into(),
            ));
        }
        if self.base_ms > MAX_BASE_MS {
            return Err(MatchError::BadClock(format!(
                "the clock's base time is {}, more than the longest, 24 hours",
                format_ms(self.base_ms)
            )));
        }
        if self.increment_ms > MAX_INCREMENT_MS {
            return Err(MatchError::BadClock(format!(
                "the clock's increment is {}, more than the longest, 1 hour",
                format_ms(self.increment_ms)
            )));
        }
        Ok(())
    }

    /// Reads a clock as players write it: `BASE+INCREMENT`, a bare number
    /// of the base in minutes and of the increment in seconds (`5+3`: 5
    /// minutes plus 3 seconds a move, as on lichess), or with units `h`,
    /// `m`, `s`, `ms` (`5m+3s`, `90s+2s`, `3s+0`); `+INCREMENT` may be left
    /// out (no increment). Checked as [`ClockSettings::new`] does.
    ///
    /// ```
    /// use plateau::matches::ClockSettings;
    /// assert_eq!(ClockSettings::parse("5+3").unwrap(), ClockSettings { base_ms: 300_000, increment_ms: 3_000 });
    /// assert_eq!(ClockSettings::parse("3s+0").unwrap().base_ms, 3_000);
    /// assert_eq!(ClockSettings::parse("1m30s").unwrap().base_ms, 90_000);
    /// assert!(ClockSettings::parse("0+5").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<ClockSettings, MatchError> {
        let text = text.trim();
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b.trim(), Some(i.trim())),
            None => (text, None),
        };
        let bad = |what: &str, part: &str, why: &str| {
            MatchError::BadClock(format!(
                "the {what} '{}' {why}; write a clock as BASE+INCREMENT, e.g. 5+3 (minutes \
                 plus seconds), 5m+3s or 30s+0",
                part.chars().take(30).collect::<String>()
            ))
        };
        let base_ms = parse_time(base, 60_000).map_err(|why| bad("base time", base, &why))?;
        let increment_ms = match increment {
            Some(i) => parse_time(i, 1_000).map_err(|why| bad("increment", i, &why))?,
            None => 0,
        };
        ClockSettings::new(base_ms, increment_ms)
    }
}

impl std::fmt::Display for ClockSettings {
    /// `5m+3s`, `30s+0s`: readable back by [`ClockSettings::parse`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}+{}",
            format_ms(self.base_ms),
            format_ms(self.increment_ms)
        )
    }
}

/// `5m`, `3s`, `1h30m`, `250ms`, `0s`.
fn format_ms(ms: u64) -> String {
    if ms == 0 {
        return "0s".into();
    }
    if !ms.is_multiple_of(1000) {
        return format!("{ms}ms");
    }
    let mut s = ms / 1000;
    let mut out = String::new();
    for (unit, size) in [("h", 3600), ("m", 60), ("s", 1)] {
        if s >= size {
            out.push_str(&format!("{}{unit}", s / size));
            s %= size;
        }
    }
    out
}

/// A time: a bare number of `bare_unit_ms`, or numbers with units (`h`,
/// `m`, `s`, `ms`) one after another (`1m30s`).
fn parse_time(text: &str, bare_unit_ms: u64) -> Result<u64, String> {
    if text.is_empty() {
        return Err("is empty".into());
    }
    if let Ok(n) = text.parse::<u64>() {
        return n
            .checked_mul(bare_unit_ms)
            .ok_or_else(|| "is too large".to_string());
    }
    let mut total: u64 = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            return Err("is not a number with a unit (h, m, s, ms)".into());
        }
        let n: u64 = rest[..digits]
            .parse()
            .map_err(|_| "is too large".to_string())?;
        rest = &rest[digits..];
        let unit_len = rest.chars().take_while(char::is_ascii_alphabetic).count();
        let unit = match &rest[..unit_len] {
            "h" => 3_600_000,
            "m" | "min" => 60_000,
            "s" => 1_000,
            "ms" => 1,
            "" => return Err("has a number without a unit (h, m, s, ms)".into()),
            _ => return Err("has a unit other than h, m, s, ms".into()),
        };
        rest = &rest[unit_len..];
        total = n
            .checked_mul(unit)
            .and_then(|t| total.checked_add(t))
            .ok_or_else(|| "is too large".to_string())?;
    }
    Ok(total)
}

/// The clocks of a match as saved ([`super::SavedMatch::clock`]): each
/// player's time left and whose clock runs since when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// The settings.
    pub settings: ClockSettings,
    /// Each player's time left, in player order, in milliseconds, as of
    /// `since_ms` for the running clock.
    pub remaining_ms: Vec<u64>,
    /// Whether the clocks started (every seat played its first move).
    pub started: bool,
    /// The player whose clock runs, if one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<Player>,
    /// When the running clock last started or was charged (milliseconds
    /// since the Unix epoch).
    pub since_ms: u64,
    /// The player whose flag fell, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flagged: Option<Player>,
}

impl ClockState {
    /// Clocks of `players` players at their base time, not started.
    pub(crate) fn new(settings: ClockSettings, players: usize, now: u64) -> ClockState {
        ClockState {
            settings,
            remaining_ms: vec![settings.base_ms; players],
            started: false,
            running: None,
            since_ms: now,
            flagged: None,
        }
    }

    /// `player`'s time left at `now`.
    pub fn remaining_at(&self, player: Player, now: u64) -> u64 {
        let left = self.remaining_ms.get(player.index()).copied().unwrap_or(0);
        match self.running {
            Some(p) if p == player => left.saturating_sub(now.saturating_sub(self.since_ms)),
            _ => left,
        }
    }

    /// Charges the running clock the time up to `now`.
    fn charge(&mut self, now: u64) {
        if let Some(p) = self.running {
            let left = self.remaining_at(p, now);
            if let Some(slot) = self.remaining_ms.get_mut(p.index()) {
                *slot = left;
            }
        }
        self.since_ms = self.since_ms.max(now);
    }

    /// Runs `player`'s clock from `now` (none: stops the clocks).
    fn run(&mut self, player: Option<Player>, now: u64) {
        self.charge(now);
        self.running = player.filter(|_| self.started);
        self.since_ms = now;
    }
}

/// The clocks as a client sees them ([`super::ClientView::clock`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// The settings.
    pub settings: ClockSettings,
    /// Each player's time left at `server_time_ms`, in player order, in
    /// milliseconds.
    pub remaining_ms: Vec<u64>,
    /// The player whose clock runs: a page counts its time down from
    /// `server_time_ms` until the next update.
    pub running: Option<Player>,
    /// Whether the clocks started (they start once every seat played its
    /// first move).
    pub started: bool,
    /// The server's time of the view, in milliseconds since the Unix epoch.
    pub server_time_ms: u64,
    /// The player whose flag fell, if one did.
    pub flagged: Option<Player>,
}

impl Match {
    /// Replaces the match's time source (by default the system's clock,
    /// [`system_time_ms`]), for tests. The clock's saved times stay as
    /// they are: a restored match charges the time between them and the
    /// new source's time to the player to move.
    pub fn set_time_source(&mut self, source: TimeSource) {
        self.time = source;
    }

    /// The time now, from the match's time source.
    pub fn now_ms(&self) -> u64 {
        (self.time)()
    }

    /// The clocks' state, if the match has clocks.
    pub fn clock(&self) -> Option<&ClockState> {
        self.clock.as_ref()
    }

    /// The clocks as a client sees them now, if the match has clocks.
    pub fn clock_view(&self) -> Option<ClockView> {
        let clock = self.clock.as_ref()?;
        let now = self.now_ms();
        Some(ClockView {
            settings: clock.settings,
            remaining_ms: (0..clock.remaining_ms.len())
                .map(|i| clock.remaining_at(Player(i as u8), now))
                .collect(),
            running: clock.running,
            started: clock.started,
            server_time_ms: now,
            flagged: clock.flagged,
        })
    }

    /// When the running clock runs out, in milliseconds since the Unix
    /// epoch (of the match's time source): a server checks the flag
    /// ([`Match::check_flag`]) then. `None` if no clock runs.
    pub fn flag_deadline_ms(&self) -> Option<u64> {
        let clock = self.clock.as_ref()?;
        let p = clock.running?;
        if self.session.status().is_over() {
            return None;
        }
        let left = clock.remaining_ms.get(p.index()).copied().unwrap_or(0);
        Some(clock.since_ms.saturating_add(left))
    }

    /// Ends the game if the player to move has no time left: that player
    /// loses, reason `time` (see the module documentation); the
    /// events tell everyone. Returns whether the flag fell now.
    pub fn check_flag(&mut self) -> bool {
        let now = self.now_ms();
        let Some(clock) = &mut self.clock else {
            return false;
        };
        let Status::ToMove(p) = self.session.status() else {
            return false;
        };
        if clock.running != Some(p) || clock.remaining_at(p, now) > 0 {
            return false;
        }
        clock.run(None, now);
        clock.flagged = Some(p);
        self.session.flag_fall(p);
        self.ended_by_players = true;
        self.epoch += 1;
        self.push_event(super::MatchEvent::FlagFell { player: p });
        self.announce_end();
        true
    }

    /// The clocks after a move by `mover`: charged, the increment where
    /// the turn passes, started once every seat moved, run for the player
    /// to move.
    pub(crate) fn clock_after_move(&mut self, mover: Player) {
        let now = self.now_ms();
        let next = self.session.status().to_move();
        let everyone_moved = (0..self.seats.len())
            .all(|i| self.plies.iter().any(|ply| ply.mover == Player(i as u8)));
        let Some(clock) = &mut self.clock else {
            return;
        };
        if clock.started {
            clock.charge(now);
            if next != Some(mover) {
                if let Some(slot) = clock.remaining_ms.get_mut(mover.index()) {
                    *slot = slot.saturating_add(clock.settings.increment_ms);
                }
            }
        } else if everyone_moved {
            clock.started = true;
        }
        clock.run(next, now);
    }

    /// The clocks after a change of the player to move other than a move
    /// (an undo, the end of the game): the time so far is charged, no
    /// increment, and the clock of the player to move runs.
    pub(crate) fn clock_after_change(&mut self) {
        let now = self.now_ms();
        let next = self.session.status().to_move();
        if let Some(clock) = &mut self.clock {
            clock.run(next, now);
        }
    }

    /// How long an agent of `player` may think on its turn by the clock:
    /// a 30th of its time left plus 4/5 of the increment, keeping a margin
    /// (at least 1 ms). `None` without clocks.
    pub fn clock_think_time(&self, player: Player) -> Option<Duration> {
        let clock = self.clock.as_ref()?;
        let left = clock.remaining_at(player, self.now_ms());
        let share = left / 30 + clock.settings.increment_ms * 4 / 5;
        let margin = 100 + left / 10;
        let most = left.saturating_sub(margin);
        Some(Duration::from_millis(share.min(most).max(1)))
    }
}
