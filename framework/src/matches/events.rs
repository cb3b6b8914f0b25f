//! The events of a match, rendered for each audience when they happen, in
//! a bounded log that connections read from a cursor.

use super::seats::Perspective;
use super::{Client, Match};
use crate::board::BoardView;
use crate::{Outcome, Player};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// How many events a match keeps; a connection whose cursor is older
/// resynchronizes from [`Match::view`].
pub const EVENT_LOG_CAPACITY: usize = 300;

/// Something that happened in a match, as one client may know it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum MatchEvent {
    /// A move was played.
    Moved {
        /// The move's number (1 for the first move of the game).
        ply: usize,
        /// Who played it.
        mover: Player,
        /// The move in notation, if it is public or the client's own.
        notation: Option<String>,
        /// What the move did, as the client may know it.
        description: Option<String>,
        /// The intermediate boards of the move, as the client may see them.
        frames: Vec<BoardView>,
    },
    /// Moves were taken back.
    Undone {
        /// How many.
        plies: usize,
        /// The moves played after it.
        moves_played: usize,
    },
    /// A seat asked to take moves back; the others are asked.
    UndoRequested {
        /// Who asked.
        by: Player,
        /// How many moves would be taken back.
        plies: usize,
    },
    /// An undo request was answered; `by` is `None` when it lapsed (a move
    /// was played, the game ended).
    UndoAnswered {
        /// Who answered, if anyone did.
        by: Option<Player>,
        /// Whether it was accepted.
        accepted: bool,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// Who offered.
        by: Player,
    },
    /// A draw offer was answered; `by` is `None` when it lapsed.
    DrawAnswered {
        /// Who answered, if anyone did (an agent declines at once).
        by: Option<Player>,
        /// Whether it was accepted (by every seat asked: the game is drawn).
        accepted: bool,
    },
    /// A player resigned.
    Resigned {
        /// Who.
        player: Player,
    },
    /// A player's flag fell: out of time on the match's clock (the game
    /// ends, reason `time`).
    FlagFell {
        /// Whose flag.
        player: Player,
    },
    /// The game ended.
    GameOver {
        /// The outcome.
        outcome: Outcome,
        /// The outcome in words.
        description: String,
    },
    /// A seat's client connected.
    SeatJoined {
        /// The seat.
        player: Player,
    },
}

/// An event with its sequence number (1 for the first of a match).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventEntry {
    /// The sequence number.
    pub seq: u64,
    /// The event as the client may know it.
    #[serde(flatten)]
    pub event: MatchEvent,
}

/// The answer of [`Match::events_since`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventsSince {
    /// The events after the cursor, oldest first (none when up to date).
    Events {
        /// The events.
        events: Vec<EventEntry>,
    },
    /// The cursor is older than the log (or not of this match): read
    /// [`Match::view`], then go on from `latest`.
    Resync {
        /// The sequence number of the latest event.
        latest: u64,
    },
}

/// One event as each audience knows it.
#[derive(Clone, Debug)]
pub(crate) enum Rendered {
    /// The same for everyone.
    All(MatchEvent),
    /// One rendering per seat, one public and one for the referee; the hot
    /// seat reads the one of its perspective when the event happened.
    PerAudience {
        seats: Vec<MatchEvent>,
        public: MatchEvent,
        referee: MatchEvent,
        hotseat: Perspective,
    },
}

impl Rendered {
    fn for_client(&self, client: Client) -> &MatchEvent {
        match self {
            Rendered::All(event) => event,
            Rendered::PerAudience {
                seats,
                public,
                referee,
                hotseat,
            } => {
                let perspective = match client {
                    Client::Seat(p) => Perspective::Seat(p),
                    Client::Spectator => Perspective::Public,
                    Client::Referee => Perspective::Everything,
                    Client::HotSeat => *hotseat,
                };
                match perspective {
                    Perspective::Seat(p) => seats.get(p.index()).unwrap_or(public),
                    Perspective::Public => public,
                    Perspective::Everything => referee,
                }
            }
        }
    }
}

/// The last [`EVENT_LOG_CAPACITY`] events.
#[derive(Clone, Debug, Default)]
pub(crate) struct EventLog {
    /// The sequence number of the latest event (0: none yet).
    pub latest: u64,
    events: VecDeque<(u64, Rendered)>,
}

impl EventLog {
    /// Adds an event; returns its sequence number.
    pub(crate) fn push(&mut self, rendered: Rendered) -> u64 {
        self.latest += 1;
        if self.events.len() >= EVENT_LOG_CAPACITY {
            self.events.pop_front();
        }
        self.events.push_back((self.latest, rendered));
        self.latest
    }

    /// The events after `since` for `client`; costs the number of events
    /// returned, whatever the length of the game.
    pub(crate) fn since(&self, client: Client, since: u64) -> EventsSince {
        let resync = EventsSince::Resync {
            latest: self.latest,
        };
        if since > self.latest {
            return resync;
        }
        let first = self.events.front().map_or(self.latest + 1, |(seq, _)| *seq);
        if since + 1 < first {
            return resync;
        }
        let skip = (since + 1 - first) as usize;
        let events = self
            .events
            .range(skip..)
            .map(|(seq, r)| EventEntry {
                seq: *seq,
                event: r.for_client(client).clone(),
            })
            .collect();
        EventsSince::Events { events }
    }
}

impl Match {
    /// The events after `since` (the sequence number of the last event the
    /// caller has seen; 0 at first) as `client` may know them, oldest first;
    /// or [`EventsSince::Resync`] when the match no longer keeps them all
    /// (it keeps the last [`EVENT_LOG_CAPACITY`]): then read [`Match::view`].
    /// Events are rendered for every audience when they happen, so a read
    /// costs the events it returns, whatever the length of the game.
    pub fn events_since(&self, client: Client, since: u64) -> EventsSince {
        self.events.since(client, since)
    }

    /// The sequence number of the latest event (0: none yet).
    pub fn latest_event(&self) -> u64 {
        self.events.latest
    }

    /// Tells every connection that a seat's client connected.
    pub fn joined(&mut self, player: Player) {
        if player.index() < self.seats.len() {
            self.events
                .push(Rendered::All(MatchEvent::SeatJoined { player }));
            self.version += 1;
        }
    }

    /// Logs an event that is the same for everyone.
    pub(crate) fn push_event(&mut self, event: MatchEvent) -> u64 {
        self.version += 1;
        self.events.push(Rendered::All(event))
    }

    /// Logs the last move of the session, rendered for every audience.
    pub(crate) fn push_moved(&mut self, mover: Player) -> u64 {
        let rendered = if self.session.hidden_information() {
            let seats = (0..self.seats.len())
                .map(|i| self.moved_as(mover, Perspective::Seat(Player(i as u8))))
                .collect();
            Rendered::PerAudience {
                seats,
                public: self.moved_as(mover, Perspective::Public),
                referee: self.moved_as(mover, Perspective::Everything),
                hotseat: self.hotseat_perspective(),
            }
        } else {
            Rendered::All(self.moved_as(mover, Perspective::Everything))
        };
        self.version += 1;
        self.events.push(rendered)
    }

    /// The last move as a perspective knows it.
    pub(crate) fn moved_as(&self, mover: Player, perspective: Perspective) -> MatchEvent {
        let last = self.session.last_move();
        let (notation, public) = match &last {
            Some(l) => (Some(l.text.clone()), l.public),
            None => (None, true),
        };
        let own = perspective == Perspective::Seat(mover) || perspective == Perspective::Everything;
        let hidden = self.session.hidden_information();
        let (description, frames) = match perspective {
            Perspective::Public => (
                self.session.describe_last_move_public(),
                if hidden {
                    Vec::new()
                } else {
                    self.session.last_move_frames(None)
                },
            ),
            p => (
                self.session.describe_last_move(p.viewer()),
                self.session.last_move_frames(p.viewer()),
            ),
        };
        MatchEvent::Moved {
            ply: self.session.num_moves(),
            mover,
            notation: notation.filter(|_| public || own),
            description,
            frames,
        }
    }
}
