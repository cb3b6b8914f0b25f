//! Moves: the turn discipline, resignation, and the agents (blocking, and
//! split for servers that must not hold a lock while an agent thinks).

use super::events::MatchEvent;
use super::seats::Perspective;
use super::undo::Ply;
use super::{Client, Match, MatchError, Occupant};
use crate::ai::AgentLimits;
use crate::{DynAgent, DynChoice, DynSession, Outcome, Player, Status};
use serde::{Deserialize, Serialize};

/// A move as a client gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveRef {
    /// The index of the move in the position's list of legal moves (as
    /// [`super::ClientView::legal_moves`] has it).
    Index(usize),
    /// The move in the game's notation.
    Text(String),
}

/// What a move did, as the client that played it may know it (for an
/// agent's move: as anyone watching may know it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReport {
    /// The move's number (1 for the first move of the game).
    pub ply: usize,
    /// Who played it.
    pub mover: Player,
    /// The move in notation, where the client may know it.
    pub notation: Option<String>,
    /// What it did, as the client may know it.
    pub description: Option<String>,
    /// The outcome, if the move ended the game.
    pub outcome: Option<Outcome>,
    /// The sequence number of the move's event.
    pub seq: u64,
}

impl Match {
    /// Plays a move for `client`: a seat on its own turn, the hot seat for
    /// the person seat to move, the referee for anyone. Refused with
    /// [`MatchError::NotAllowed`] for a spectator, [`MatchError::GameOver`],
    /// [`MatchError::NotYourTurn`] (naming only whose turn it is),
    /// [`MatchError::BadIndex`], [`MatchError::Parse`] and
    /// [`MatchError::Illegal`] (the session's message). A pending undo
    /// request or draw offer lapses.
    pub fn play(&mut self, client: Client, mv: MoveRef) -> Result<MoveReport, MatchError> {
        let mover = self.actor(client, "play a move")?;
        let perspective = match client {
            Client::Referee => Perspective::Everything,
            _ => Perspective::Seat(mover),
        };
        self.play_for(mover, mv, perspective)
    }

    /// Plays a move for `mover`, who is to move; reports it as
    /// `perspective` knows it.
    fn play_for(
        &mut self,
        mover: Player,
        mv: MoveRef,
        perspective: Perspective,
    ) -> Result<MoveReport, MatchError> {
        // Out of time: the move is refused, and the flag falls.
        if self.check_flag() {
            return Err(self.game_over());
        }
        match mv {
            MoveRef::Text(text) => self
                .session
                .play(&text)
                .map_err(|e| MatchError::from_play(e, &text))?,
            // A typed move of the session's list: nothing is parsed.
            MoveRef::Index(index) => self.session.play_index(index).map_err(|e| {
                let count = self.session.legal_moves().len();
                match index >= count {
                    true => MatchError::BadIndex { index, count },
                    false => MatchError::from_play(e, &format!("#{index}")),
                }
            })?,
        }
        self.plies.push(Ply {
            mover,
            hides: self.session.last_move_hides_information(),
        });
        self.clock_after_move(mover);
        self.epoch += 1;
        self.lapse_offers();
        let seq = self.push_moved(mover);
        let outcome = self.announce_end();
        let MatchEvent::Moved {
            ply,
            notation,
            description,
            ..
        } = self.moved_as(mover, perspective)
        else {
            unreachable!("moved_as gives a move")
        };
        Ok(MoveReport {
            ply,
            mover,
            notation,
            description,
            outcome,
            seq,
        })
    }

    /// Logs the end of the game if it is over; its outcome.
    pub(crate) fn announce_end(&mut self) -> Option<Outcome> {
        let Status::Over(outcome) = self.session.status() else {
            return None;
        };
        // The end stops the clocks.
        self.clock_after_change();
        self.lapse_offers();
        self.push_event(MatchEvent::GameOver {
            outcome: outcome.clone(),
            description: self.session.describe_status(),
        });
        Some(outcome)
    }

    /// A seat resigns: a seat resigns itself, the hot seat the person to
    /// move, the referee the player to move. Returns the outcome.
    pub fn resign(&mut self, client: Client) -> Result<Outcome, MatchError> {
        if self.session.status().is_over() {
            self.check_client(client)?;
            return Err(self.game_over());
        }
        let player = match client {
            Client::Referee => self.to_move().ok_or_else(|| self.game_over())?,
            _ => self.person_of(client, "resign")?,
        };
        self.session.resign(player);
        self.ended_by_players = true;
        self.epoch += 1;
        self.push_event(MatchEvent::Resigned { player });
        Ok(self.announce_end().expect("a resignation ends the game"))
    }

    /// Plays the agents' seats until a person (or an empty seat) is to
    /// move or the game is over; blocks while each agent thinks. Returns
    /// each move as anyone watching may know it.
    pub fn play_agents(&mut self) -> Result<Vec<MoveReport>, MatchError> {
        let mut reports = Vec::new();
        while let Some(mut turn) = self.take_agent_turn() {
            turn.think();
            if let Some(report) = self.finish_agent_turn(turn)? {
                reports.push(report);
            }
        }
        Ok(reports)
    }

    /// The job of the agent to move, if an agent is to move and is not
    /// already out thinking: the agent is moved out of the match with a
    /// copy of the session. Run [`AgentTurn::think`] without the match
    /// (no lock held), then give it back with [`Match::finish_agent_turn`]
    /// (always, even when stale: it brings the agent back).
    pub fn take_agent_turn(&mut self) -> Option<AgentTurn> {
        // An agent out of time does not think: its flag falls.
        if self.check_flag() {
            return None;
        }
        let seat = self.to_move()?;
        if !self.is_agent(seat) {
            return None;
        }
        let agent = self.seats[seat.index()].agent.take()?;
        // The seat shows as thinking.
        self.version += 1;
        Some(AgentTurn {
            seat,
            ply: self.session.num_moves(),
            epoch: self.epoch,
            agent,
            session: self.session.clone_box(),
            choice: None,
            // On a clock, the agent thinks within its share of its time.
            limits: match self.clock_think_time(seat) {
                Some(time) => self.options.agent_limits.tighter(AgentLimits::time(time)),
                None => self.options.agent_limits,
            },
        })
    }

    /// Brings an agent back from its turn and plays its move if the match
    /// is still in the position it thought about (else the move is
    /// discarded: `Ok(None)`). [`MatchError::AgentFailed`] if it found no
    /// move. The report is as anyone watching may know the move.
    pub fn finish_agent_turn(&mut self, turn: AgentTurn) -> Result<Option<MoveReport>, MatchError> {
        let AgentTurn {
            seat,
            ply,
            epoch,
            agent,
            choice,
            ..
        } = turn;
        let spec = agent.spec();
        let failure = agent.failure();
        let resigned = agent.resigned();
        if let Some(s) = self.seats.get_mut(seat.index()) {
            if s.occupant.is_agent() && s.agent.is_none() {
                s.agent = Some(agent);
            }
        }
        self.version += 1;
        // A flag that fell while the agent thought ends the game first.
        self.check_flag();
        if epoch != self.epoch || ply != self.session.num_moves() || !self.is_agent(seat) {
            return Ok(None);
        }
        let Some(choice) = choice else {
            if resigned {
                // An outside program gave up: its side resigns.
                self.session.resign(seat);
                self.ended_by_players = true;
                self.epoch += 1;
                self.push_event(MatchEvent::Resigned { player: seat });
                self.announce_end();
                return Ok(None);
            }
            return Err(MatchError::AgentFailed {
                seat: self.name(seat),
                spec,
                reason: failure,
            });
        };
        // The agent's move as an index of the legal moves where they are
        // listed (played typed, unread); its text only for a free-form move.
        let mv = match choice.index {
            Some(index) => MoveRef::Index(index),
            None => MoveRef::Text(choice.mv),
        };
        self.play_for(seat, mv, Perspective::Public).map(Some)
    }

    /// A move suggested to `client` for its own turn by a fresh agent of
    /// `spec`, which reads only the seat's view. Blocks while it thinks;
    /// an async server uses [`Match::hint_job`] instead.
    pub fn hint(&self, client: Client, spec: &str) -> Result<DynChoice, MatchError> {
        let job = self.hint_job(client, spec)?;
        let seat = job.seat;
        job.run().ok_or_else(|| MatchError::AgentFailed {
            seat: self.name(seat),
            spec: spec.trim().to_string(),
            reason: None,
        })
    }

    /// The job of a hint ([`Match::hint`]) to run without the match. It is
    /// never kept: each hint is a fresh agent.
    pub fn hint_job(&self, client: Client, spec: &str) -> Result<HintJob, MatchError> {
        let seat = self.actor(client, "ask for a hint")?;
        let seed = super::tokens::os_seed()?;
        let agent = self
            .game
            .agent(spec.trim(), seed)
            .map_err(|e| MatchError::BadAgent {
                seat: format!("{} (seat {})", self.name(seat), seat.0),
                message: e.to_string(),
            })?;
        Ok(HintJob {
            seat,
            agent,
            session: self.session.clone_box(),
            limits: self.options.agent_limits,
        })
    }

    /// Takes the pending offers off: a move or the end lapses them.
    pub(super) fn lapse_offers(&mut self) {
        if self.undo.take().is_some() {
            self.push_event(MatchEvent::UndoAnswered {
                by: None,
                accepted: false,
            });
        }
        if self.draw.take().is_some() {
            self.push_event(MatchEvent::DrawAnswered {
                by: None,
                accepted: false,
            });
        }
    }

    /// Whether the seat's agent is out thinking.
    pub(crate) fn thinking(&self, player: Player) -> bool {
        self.seats
            .get(player.index())
            .is_some_and(|s| matches!(s.occupant, Occupant::Agent { .. }) && s.agent.is_none())
    }
}

/// An agent's turn taken out of a match ([`Match::take_agent_turn`]): the
/// agent, a copy of the session and the position's ply. It runs without
/// the match.
pub struct AgentTurn {
    seat: Player,
    ply: usize,
    epoch: u64,
    agent: Box<dyn DynAgent>,
    session: Box<dyn DynSession>,
    choice: Option<DynChoice>,
    limits: AgentLimits,
}

impl AgentTurn {
    /// The seat the agent plays.
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// The number of moves played when the turn was taken.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The agent's canonical spec string.
    pub fn spec(&self) -> String {
        self.agent.spec()
    }

    /// The limits the agent thinks within: the match's
    /// [`MatchOptions::agent_limits`](super::MatchOptions::agent_limits)
    /// unless [`AgentTurn::set_limits`] changed them.
    pub fn limits(&self) -> AgentLimits {
        self.limits
    }

    /// Sets the limits the agent thinks within (a clock's time left, say:
    /// give [`AgentLimits::tighter`] of it and [`AgentTurn::limits`]).
    pub fn set_limits(&mut self, limits: AgentLimits) {
        self.limits = limits;
    }

    /// Lets the agent choose its move, from its seat's view only, within
    /// [`AgentTurn::limits`] ([`DynAgent::choose_limited`]). Blocks for the
    /// agent's search.
    pub fn think(&mut self) {
        self.choice = self
            .agent
            .choose_limited(self.session.as_ref(), self.limits);
    }

    /// The move chosen, once [`AgentTurn::think`] ran and found one.
    pub fn choice(&self) -> Option<&DynChoice> {
        self.choice.as_ref()
    }
}

/// A hint to compute without the match ([`Match::hint_job`]).
pub struct HintJob {
    seat: Player,
    agent: Box<dyn DynAgent>,
    session: Box<dyn DynSession>,
    limits: AgentLimits,
}

impl HintJob {
    /// The seat the hint is for.
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// The hint's agent's canonical spec string.
    pub fn spec(&self) -> String {
        self.agent.spec()
    }

    /// The limits the hint's agent thinks within (the match's
    /// [`MatchOptions::agent_limits`](super::MatchOptions::agent_limits)).
    pub fn limits(&self) -> AgentLimits {
        self.limits
    }

    /// Sets the limits the hint's agent thinks within.
    pub fn set_limits(&mut self, limits: AgentLimits) {
        self.limits = limits;
    }

    /// Runs the agent on the seat's view within [`HintJob::limits`];
    /// `None` if it found no move.
    pub fn run(mut self) -> Option<DynChoice> {
        self.agent
            .choose_limited(self.session.as_ref(), self.limits)
    }
}
