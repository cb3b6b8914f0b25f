//! Taking moves back and agreeing draws: the policy in one place.
//!
//! An undo takes back the trailing moves of the other seats and the
//! requester's own last run of moves (one move per action where a turn has
//! several, as in Quinque). Against agents it is done at once; between
//! people the others are asked, and a move played meanwhile lapses the
//! request. The hot seat and the referee undo at once. In a game of hidden
//! information, no move that hid or showed hidden information (a setup, a
//! combat) is ever taken back: a player could probe the hidden state.

use super::events::MatchEvent;
use super::{Client, Match, MatchError};
use crate::Player;
use serde::{Deserialize, Serialize};

/// One move of the match: who played it, and whether it hid or showed
/// hidden information ([`crate::DynSession::last_move_hides_information`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ply {
    pub mover: Player,
    pub hides: bool,
}

/// A pending request to take moves back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoRequest {
    /// Who asked.
    pub by: Player,
    /// How many moves would be taken back.
    pub plies: usize,
    /// The number of moves played when it was asked.
    pub at: usize,
    /// The seats asked, any of whom may answer.
    pub asked: Vec<Player>,
}

/// A pending draw offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    /// Who offered.
    pub by: Player,
    /// The number of moves played when it was offered.
    pub at: usize,
    /// The seats asked: every one must accept.
    pub asked: Vec<Player>,
    /// Those of them who accepted so far.
    pub accepted: Vec<Player>,
}

/// What became of an undo request or answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum UndoOutcome {
    /// The moves were taken back.
    Done {
        /// How many.
        plies: usize,
    },
    /// The other seats are asked.
    Pending {
        /// How many moves would be taken back.
        plies: usize,
    },
    /// The request was declined.
    Declined,
}

/// What became of a draw offer or answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawOutcome {
    /// The game is drawn (reason `draw-agreed`).
    Agreed,
    /// Some seats have not answered yet.
    Pending,
    /// A seat (or an agent) declined.
    Declined,
}

impl Match {
    /// Asks to take moves back for `client` (see the module documentation
    /// for which moves). Done at once for the hot seat, the referee, and
    /// against agents; between people the others are asked and answer with
    /// [`Match::answer_undo`]. Refused ([`MatchError::UndoRefused`]) when
    /// there is nothing to take back, a request is pending, the game ended
    /// by a resignation or a draw, or a move to take back hid or showed
    /// hidden information.
    pub fn request_undo(&mut self, client: Client) -> Result<UndoOutcome, MatchError> {
        self.check_client(client)?;
        if self.ended_by_players {
            return Err(MatchError::UndoRefused(format!(
                "the game ended by agreement or resignation ({}); it is not taken back",
                self.session.describe_status()
            )));
        }
        let requester = match client {
            Client::Seat(_) => self.person_of(client, "take moves back")?,
            Client::Spectator => {
                return Err(MatchError::NotAllowed(
                    "a spectator may not take moves back; it watches the public view".into(),
                ))
            }
            Client::HotSeat | Client::Referee => {
                let last_person = self.plies.iter().rev().find(|p| self.is_person(p.mover));
                let last = match client {
                    Client::Referee => last_person.or(self.plies.last()),
                    _ => last_person,
                };
                last.map(|p| p.mover).ok_or_else(|| {
                    MatchError::UndoRefused("no person's move to take back".into())
                })?
            }
        };
        if self.undo.is_some() {
            return Err(MatchError::UndoRefused(
                "an undo request is pending already; wait for its answer".into(),
            ));
        }
        let plies = self.plies_to_undo(requester)?;
        let asked = match client {
            Client::HotSeat | Client::Referee => Vec::new(),
            _ => self.people_affected(requester, plies),
        };
        if asked.is_empty() {
            self.take_back(plies);
            return Ok(UndoOutcome::Done { plies });
        }
        self.undo = Some(UndoRequest {
            by: requester,
            plies,
            at: self.session.num_moves(),
            asked,
        });
        self.push_event(MatchEvent::UndoRequested {
            by: requester,
            plies,
        });
        Ok(UndoOutcome::Pending { plies })
    }

    /// Answers the pending undo request: a seat asked, or the hot seat or
    /// the referee. The requester cannot answer its own request.
    pub fn answer_undo(&mut self, client: Client, accept: bool) -> Result<UndoOutcome, MatchError> {
        self.check_client(client)?;
        let Some(request) = self.undo.clone() else {
            return Err(MatchError::NoRequest("no undo request is pending".into()));
        };
        let by = self
            .answering_seat(
                client,
                request.by,
                |p| request.asked.contains(&p),
                "an undo request",
                "is not asked about the pending undo request",
            )?
            // One person controls every seat, or the referee decides.
            .or(request.asked.first().copied());
        self.undo = None;
        self.push_event(MatchEvent::UndoAnswered {
            by,
            accepted: accept,
        });
        if !accept {
            return Ok(UndoOutcome::Declined);
        }
        self.take_back(request.plies);
        Ok(UndoOutcome::Done {
            plies: request.plies,
        })
    }

    /// The pending undo request, if any.
    pub fn undo_request(&self) -> Option<&UndoRequest> {
        self.undo.as_ref()
    }

    /// The moves an undo by `requester` takes back: the trailing moves of
    /// the others and the requester's own last run; refused across a move
    /// that hid or showed hidden information.
    fn plies_to_undo(&self, requester: Player) -> Result<usize, MatchError> {
        let n = self.plies.len();
        let mut i = n;
        while i > 0 && self.plies[i - 1].mover != requester {
            i -= 1;
        }
        if i == 0 {
            return Err(MatchError::UndoRefused(format!(
                "{} has no move to take back",
                self.name(requester)
            )));
        }
        while i > 0 && self.plies[i - 1].mover == requester {
            i -= 1;
        }
        if self.plies[i..].iter().any(|p| p.hides) {
            return Err(MatchError::UndoRefused(
                "a move to take back hid or revealed hidden information (a secret setup, a \
                 piece shown in combat); it cannot be taken back"
                    .into(),
            ));
        }
        Ok(n - i)
    }

    /// The person seats other than the requester that the undo would
    /// affect: those who moved in the moves taken back and the one to move.
    fn people_affected(&self, requester: Player, plies: usize) -> Vec<Player> {
        let mut affected: Vec<Player> = self.plies[self.plies.len() - plies..]
            .iter()
            .map(|p| p.mover)
            .chain(self.to_move())
            .filter(|p| *p != requester && self.is_person(*p))
            .collect();
        affected.sort();
        affected.dedup();
        affected
    }

    /// Takes back the last `plies` moves and tells everyone.
    fn take_back(&mut self, plies: usize) {
        if self.session.undo_many(plies).is_err() {
            return;
        }
        self.plies.truncate(self.plies.len() - plies);
        // The clocks are not given back: the time so far is charged, and
        // the clock of the player to move now runs.
        self.clock_after_change();
        self.epoch += 1;
        self.undo = None;
        if self.draw.take().is_some() {
            self.push_event(MatchEvent::DrawAnswered {
                by: None,
                accepted: false,
            });
        }
        self.push_event(MatchEvent::Undone {
            plies,
            moves_played: self.session.num_moves(),
        });
    }

    /// Offers a draw for `client`'s seat (the hot seat: for the person to
    /// move; the referee declares it at once). Every other seat is asked: an
    /// agent declines at once; people answer with [`Match::answer_draw`];
    /// a move played meanwhile lapses the offer. Nobody to ask (the hot seat
    /// against no agent): agreed at once.
    pub fn offer_draw(&mut self, client: Client) -> Result<DrawOutcome, MatchError> {
        self.check_client(client)?;
        if self.session.status().is_over() {
            return Err(self.game_over());
        }
        if client == Client::Referee {
            self.agree_draw();
            return Ok(DrawOutcome::Agreed);
        }
        let by = self.person_of(client, "offer a draw")?;
        if self.draw.is_some() {
            return Err(MatchError::DrawRefused(
                "a draw offer is pending already; answer it".into(),
            ));
        }
        let others: Vec<Player> = (0..self.seats.len())
            .map(|i| Player(i as u8))
            .filter(|p| *p != by)
            .collect();
        self.push_event(MatchEvent::DrawOffered { by });
        if let Some(agent) = others.iter().find(|p| self.is_agent(**p)) {
            self.push_event(MatchEvent::DrawAnswered {
                by: Some(*agent),
                accepted: false,
            });
            return Ok(DrawOutcome::Declined);
        }
        let asked: Vec<Player> = match client {
            Client::HotSeat => Vec::new(),
            _ => others.into_iter().filter(|p| self.is_person(*p)).collect(),
        };
        if asked.is_empty() {
            self.agree_draw();
            return Ok(DrawOutcome::Agreed);
        }
        self.draw = Some(DrawOffer {
            by,
            at: self.session.num_moves(),
            asked,
            accepted: Vec::new(),
        });
        Ok(DrawOutcome::Pending)
    }

    /// Answers the pending draw offer for a seat asked (the hot seat and
    /// the referee answer for every seat). One refusal declines it; once
    /// every seat asked accepted, the game is drawn (`draw-agreed`).
    pub fn answer_draw(&mut self, client: Client, accept: bool) -> Result<DrawOutcome, MatchError> {
        self.check_client(client)?;
        let Some(mut offer) = self.draw.clone() else {
            return Err(MatchError::NoRequest("no draw offer is pending".into()));
        };
        let by = self.answering_seat(
            client,
            offer.by,
            |p| offer.asked.contains(&p) && !offer.accepted.contains(&p),
            "a draw offer",
            "has no draw offer to answer",
        )?;
        self.push_event(MatchEvent::DrawAnswered {
            // The hot seat and the referee answer for every seat asked.
            by: by.or(offer.asked.first().copied()),
            accepted: accept,
        });
        if !accept {
            self.draw = None;
            return Ok(DrawOutcome::Declined);
        }
        match by {
            Some(p) => offer.accepted.push(p),
            None => offer.accepted = offer.asked.clone(),
        }
        if offer.asked.iter().all(|p| offer.accepted.contains(p)) {
            self.draw = None;
            self.agree_draw();
            return Ok(DrawOutcome::Agreed);
        }
        self.draw = Some(offer);
        Ok(DrawOutcome::Pending)
    }

    /// The pending draw offer, if any.
    pub fn draw_offer(&self) -> Option<&DrawOffer> {
        self.draw.as_ref()
    }

    /// Ends the game drawn by agreement.
    fn agree_draw(&mut self) {
        self.session.agree_draw();
        self.ended_by_players = true;
        self.epoch += 1;
        self.announce_end();
    }

    /// Sets the pending offers of a restored match.
    pub(crate) fn set_offers(&mut self, undo: Option<UndoRequest>, draw: Option<DrawOffer>) {
        let now = self.session.num_moves();
        self.undo = undo.filter(|u| u.at == now && u.plies <= self.plies.len());
        self.draw = draw.filter(|d| d.at == now);
    }

    /// The seat answering `client`'s answer to a pending `what` made by
    /// `by`: a seat that `may_answer` (itself), or `None` for the hot seat
    /// and the referee. Refused for the seat that made it, for another seat
    /// (`<name> <not_asked>`) and for a spectator.
    fn answering_seat(
        &self,
        client: Client,
        by: Player,
        may_answer: impl Fn(Player) -> bool,
        what: &str,
        not_asked: &str,
    ) -> Result<Option<Player>, MatchError> {
        match client {
            Client::Seat(p) if p == by => Err(MatchError::NotAllowed(format!(
                "{what} is answered by the other side, not by the seat that made it"
            ))),
            Client::Seat(p) if may_answer(p) => Ok(Some(p)),
            Client::Seat(p) => Err(MatchError::NoRequest(format!(
                "{} {not_asked}",
                self.name(p)
            ))),
            Client::Spectator => Err(MatchError::NotAllowed(format!(
                "a spectator may not answer {what}"
            ))),
            Client::HotSeat | Client::Referee => Ok(None),
        }
    }
}
