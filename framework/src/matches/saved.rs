//! Records and saved matches: the record with the players, a match
//! restored from a record, and the whole match saved for later.

use super::events::{MatchEvent, EVENT_LOG_CAPACITY};
use super::undo::Ply;
use super::{Client, DrawOffer, Match, MatchError, MatchOptions, Occupant, Token, UndoRequest};
use crate::{GameRecord, Player, RecordPlayer, Registry};
use serde::{Deserialize, Serialize};

/// One seat of a saved match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat {
    /// Who plays it.
    pub occupant: Occupant,
    /// A person's token (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// A whole match for a persistence layer: the full record (every secret:
/// keep it where only the server reads it), the seats with their tokens,
/// and the pending offers. The events are not kept: clients resynchronize
/// from [`Match::view`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedMatch {
    /// The record, with the players.
    pub record: GameRecord,
    /// The seats, in player order.
    pub seats: Vec<SavedSeat>,
    /// The hot-seat token (hex), if the match has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hotseat_token: Option<String>,
    /// The referee's token (hex).
    pub referee_token: String,
    /// The agents' seed, if one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_seed: Option<u64>,
    /// The pending undo request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo_request: Option<UndoRequest>,
    /// The pending draw offer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<DrawOffer>,
    /// The match's version when saved.
    pub version: u64,
    /// The latest event's sequence number when saved.
    pub last_event: u64,
    /// The clocks, if the match has any (absent otherwise, and from saves
    /// made before clocks existed). Restored as they were: the time since
    /// the save is charged to the player to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<super::ClockState>,
}

impl Match {
    /// The record of the game with its players (a person's name, an agent's
    /// spec): for the referee, and for anyone in a game of perfect
    /// information. In a game of hidden information the record holds every
    /// player's secrets, so a seat, the hot seat and a spectator are
    /// refused ([`MatchError::NotAllowed`]).
    pub fn record(&self, client: Client) -> Result<GameRecord, MatchError> {
        self.check_client(client)?;
        if client != Client::Referee && self.session.hidden_information() {
            return Err(MatchError::NotAllowed(
                "the record of a game of hidden information holds every player's secrets; \
                 only the referee may read it"
                    .into(),
            ));
        }
        Ok(self.full_record())
    }

    /// The record with the players, whoever asks.
    fn full_record(&self) -> GameRecord {
        let mut record = self.session.record();
        record.players = self
            .seats
            .iter()
            .map(|s| match &s.occupant {
                Occupant::Person { name } => RecordPlayer {
                    name: Some(name.clone()),
                    agent: None,
                },
                Occupant::Agent { spec } => RecordPlayer {
                    name: None,
                    agent: Some(spec.clone()),
                },
                Occupant::Empty => RecordPlayer::default(),
            })
            .collect();
        record
    }

    /// A match of a record of any game of `registry`, replayed and checked,
    /// its seats from the record's players (a seat the record does not name
    /// is a person named after the player) unless `overrides` replaces them.
    pub fn from_record(
        registry: &Registry,
        record: &GameRecord,
        overrides: &[(Player, Occupant)],
        options: MatchOptions,
    ) -> Result<Match, MatchError> {
        let bad = |e: String| MatchError::BadRecord(e);
        let entry = registry.find(&record.game).map_err(bad)?;
        let game = entry
            .load_params(&record.variant, &record.params)
            .map_err(|e| bad(e.to_string()))?;
        let session = entry.load_record(record).map_err(|e| bad(e.to_string()))?;
        let n = session.num_players();
        let mut occupants: Vec<Occupant> = (0..n)
            .map(|i| match record.players.get(i) {
                Some(RecordPlayer {
                    agent: Some(spec), ..
                }) => Occupant::agent(spec.clone()),
                Some(RecordPlayer {
                    name: Some(name), ..
                }) => Occupant::person(name.clone()),
                Some(_) => Occupant::Empty,
                None => Occupant::person(session.player_name(Player(i as u8))),
            })
            .collect();
        for (player, occupant) in overrides {
            match occupants.get_mut(player.index()) {
                Some(slot) => *slot = occupant.clone(),
                None => {
                    return Err(MatchError::BadSeats(format!(
                        "this game has no seat {}",
                        player.0
                    )))
                }
            }
        }
        // The moves are played again from the start on a fresh session, as
        // they were played live: who played each, whether it hid or showed
        // information, and the event of each of the last moves the log
        // keeps, rendered for every audience (so that a client of the
        // match finds the move list it would have had). The session read
        // from the record (with its resignation or agreed draw) takes over
        // at the end.
        let walk = game.new_session(record.seed);
        let mut m = Match::assemble(game, walk, occupants, options, Vec::new())?;
        let logged_from = record.moves.len().saturating_sub(EVENT_LOG_CAPACITY);
        for (i, text) in record.moves.iter().enumerate() {
            let mover = m.session.status().to_move();
            m.session.play(text).map_err(|e| bad(e.to_string()))?;
            let mover = mover.unwrap_or(Player::FIRST);
            m.plies.push(Ply {
                mover,
                hides: m.session.last_move_hides_information(),
            });
            if i >= logged_from {
                m.push_moved(mover);
            }
        }
        m.session = session;
        if let Some(player) = record.resigned {
            m.push_event(MatchEvent::Resigned { player });
        }
        if let Some(player) = record.flagged {
            m.push_event(MatchEvent::FlagFell { player });
        }
        m.announce_end();
        // A resignation or an agreed draw is never taken back.
        m.ended_by_players =
            record.resigned.is_some() || record.flagged.is_some() || record.draw_agreed;
        if let Some(clock) = &mut m.clock {
            clock.flagged = record.flagged;
        }
        Ok(m)
    }

    /// The whole match, for a persistence layer ([`Match::restore`]).
    pub fn save(&self) -> SavedMatch {
        SavedMatch {
            record: self.full_record(),
            seats: self
                .seats
                .iter()
                .map(|s| SavedSeat {
                    occupant: s.occupant.clone(),
                    token: s.token.as_ref().map(Token::hex),
                })
                .collect(),
            hotseat_token: self.hotseat.as_ref().map(Token::hex),
            referee_token: self.referee.hex(),
            agent_seed: self.options.agent_seed,
            undo_request: self.undo.clone(),
            draw_offer: self.draw.clone(),
            version: self.version,
            last_event: self.events.latest,
            clock: self.clock.clone(),
        }
    }

    /// A match saved by [`Match::save`], with its seats, tokens and pending
    /// offers. Its event log is rebuilt from the record (the last moves, as
    /// [`Match::from_record`] renders them), numbered from 1 again: a cursor
    /// read before the save is not valid for it.
    pub fn restore(registry: &Registry, saved: &SavedMatch) -> Result<Match, MatchError> {
        let overrides: Vec<(Player, Occupant)> = saved
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| (Player(i as u8), s.occupant.clone()))
            .collect();
        let options = MatchOptions {
            hotseat: saved.hotseat_token.is_some(),
            agent_seed: saved.agent_seed,
            clock: saved.clock.as_ref().map(|c| c.settings),
            ..MatchOptions::default()
        };
        let mut m = Match::from_record(registry, &saved.record, &overrides, options)?;
        let token = |text: &str| {
            Token::parse(text)
                .ok_or_else(|| MatchError::BadRecord("a saved token is not 32 hex digits".into()))
        };
        for (seat, saved_seat) in m.seats.iter_mut().zip(&saved.seats) {
            seat.token = match (&saved_seat.token, seat.occupant.is_person()) {
                (Some(t), true) => Some(token(t)?),
                (_, person) => seat.token.filter(|_| person),
            };
        }
        if let Some(t) = &saved.hotseat_token {
            m.hotseat = Some(token(t)?);
        }
        m.referee = token(&saved.referee_token)?;
        m.set_offers(saved.undo_request.clone(), saved.draw_offer.clone());
        // Past the saved version, so that a front end never takes the
        // restored match for one it has drawn already.
        m.version = m.version.max(saved.version + 1);
        if let Some(clock) = &saved.clock {
            if clock.remaining_ms.len() != m.seats.len() {
                return Err(MatchError::BadRecord(format!(
                    "the saved clock has {} players' times, the match {} players",
                    clock.remaining_ms.len(),
                    m.seats.len()
                )));
            }
            m.clock = Some(clock.clone());
        }
        Ok(m)
    }
}
