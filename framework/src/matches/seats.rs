//! Seats, their occupants, and who a client is: the turn discipline's
//! "who acts" and the hidden-information discipline's "who sees what".

use super::{Match, MatchError, MatchOptions, Token};
use crate::{DynAgent, DynGame, Player, Status};
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Occupant {
    /// A person, who plays with the seat's token.
    Person {
        /// The person's name, as shown to everyone.
        name: String,
    },
    /// An agent of the game, by spec (`random`, `mcts:time=1s`, ...).
    Agent {
        /// The agent's spec, as given.
        spec: String,
    },
    /// Nobody yet.
    Empty,
}

impl Occupant {
    /// A person of that name.
    pub fn person(name: impl Into<String>) -> Occupant {
        Occupant::Person { name: name.into() }
    }

    /// An agent of that spec.
    pub fn agent(spec: impl Into<String>) -> Occupant {
        Occupant::Agent { spec: spec.into() }
    }

    /// Whether a person plays the seat.
    pub fn is_person(&self) -> bool {
        matches!(self, Occupant::Person { .. })
    }

    /// Whether an agent plays the seat.
    pub fn is_agent(&self) -> bool {
        matches!(self, Occupant::Agent { .. })
    }
}

/// Who a request comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "player", rename_all = "snake_case")]
pub enum Client {
    /// One player's seat: it acts for that player and sees that player's view.
    Seat(Player),
    /// One person at one screen for every person seat: it acts for the
    /// person seat to move, and sees that seat's view (when no person is to
    /// move: the public view in a game of hidden information, otherwise
    /// the first person seat's).
    HotSeat,
    /// Anyone watching: the public view only; acts for nobody.
    Spectator,
    /// The referee: sees everything and may act for the player to move
    /// (local tools, tests, a protocol's referee id).
    Referee,
}

/// What a client sees: one seat's view, the public view, or everything.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Perspective {
    /// One player's view.
    Seat(Player),
    /// What anyone watching may know.
    Public,
    /// The whole state.
    Everything,
}

impl Perspective {
    /// The viewer to pass to the session's per-seat methods, where the
    /// perspective is not the public one.
    pub(crate) fn viewer(self) -> Option<Player> {
        match self {
            Perspective::Seat(p) => Some(p),
            _ => None,
        }
    }
}

/// One seat of a match: its occupant, its token (a person's), and its
/// agent while it is not out thinking.
pub(crate) struct Seat {
    pub occupant: Occupant,
    pub token: Option<Token>,
    pub agent: Option<Box<dyn DynAgent>>,
}

impl Seat {
    /// A seat of `occupant` for `player`: a person gets a token, an agent
    /// is made from its spec (its errors naming the seat).
    pub(crate) fn new(
        game: &dyn DynGame,
        occupant: Occupant,
        player: Player,
        options: &MatchOptions,
    ) -> Result<Seat, MatchError> {
        let (token, agent) = match &occupant {
            Occupant::Person { name } if name.trim().is_empty() => {
                return Err(MatchError::BadSeats(format!(
                    "the person of {}'s seat has no name",
                    game.player_name(player)
                )))
            }
            Occupant::Person { .. } => (Some(Token::new()?), None),
            Occupant::Agent { spec } => (None, Some(make_agent(game, spec, player, options)?)),
            Occupant::Empty => (None, None),
        };
        Ok(Seat {
            occupant,
            token,
            agent,
        })
    }
}

/// The agent of a seat, its errors naming the seat.
fn make_agent(
    game: &dyn DynGame,
    spec: &str,
    player: Player,
    options: &MatchOptions,
) -> Result<Box<dyn DynAgent>, MatchError> {
    let seed = match options.agent_seed {
        Some(seed) => seed.wrapping_add(u64::from(player.0)),
        None => super::tokens::os_seed()?,
    };
    game.agent(spec.trim(), seed)
        .map_err(|e| MatchError::BadAgent {
            seat: format!("{} (seat {})", game.player_name(player), player.0),
            message: e.to_string(),
        })
}

impl Match {
    /// Who holds `token`: `None` is a spectator; a seat's token is that
    /// seat, the hot-seat token [`Client::HotSeat`], the referee's token
    /// [`Client::Referee`]; any other text is [`MatchError::BadToken`].
    /// Every token of the match is compared in full, so that the time taken
    /// says nothing about any of them.
    pub fn client(&self, token: Option<&str>) -> Result<Client, MatchError> {
        let Some(text) = token else {
            return Ok(Client::Spectator);
        };
        let given = Token::parse(text).ok_or(MatchError::BadToken)?;
        let mut found = None;
        for (i, seat) in self.seats.iter().enumerate() {
            if seat.token.as_ref().is_some_and(|t| t.same(&given)) {
                found = Some(Client::Seat(Player(i as u8)));
            }
        }
        if self.hotseat.as_ref().is_some_and(|t| t.same(&given)) {
            found = Some(Client::HotSeat);
        }
        if self.referee.same(&given) {
            found = Some(Client::Referee);
        }
        found.ok_or(MatchError::BadToken)
    }

    /// The token of a person's seat (hex), to hand to that person only.
    pub fn seat_token(&self, player: Player) -> Option<String> {
        self.seats
            .get(player.index())?
            .token
            .as_ref()
            .map(Token::hex)
    }

    /// The hot-seat token (hex), when the match was made for hot-seat play
    /// and has a person seat.
    pub fn hotseat_token(&self) -> Option<String> {
        self.hotseat.as_ref().map(Token::hex)
    }

    /// The referee's token (hex): it sees everything.
    pub fn referee_token(&self) -> String {
        self.referee.hex()
    }

    /// Puts a new occupant in `player`'s seat (a person sitting down in an
    /// empty seat, an agent taking over); returns the seat's new token for
    /// a person (a new one: whoever held the old token no longer holds the
    /// seat). An agent's spec is checked as at creation; an agent of the
    /// seat out thinking is discarded when it comes back.
    pub fn set_occupant(
        &mut self,
        player: Player,
        occupant: Occupant,
    ) -> Result<Option<String>, MatchError> {
        self.check_client(Client::Seat(player))?;
        let seat = Seat::new(self.game.as_ref(), occupant, player, &self.options)?;
        let hex = seat.token.as_ref().map(Token::hex);
        self.seats[player.index()] = seat;
        if self.options.hotseat && self.hotseat.is_none() && self.is_person(player) {
            self.hotseat = Some(Token::new()?);
        }
        // A move computed for the former occupant is not played.
        self.epoch += 1;
        self.version += 1;
        Ok(hex)
    }

    /// The occupant of each seat, in player order.
    pub fn occupants(&self) -> Vec<Occupant> {
        self.seats.iter().map(|s| s.occupant.clone()).collect()
    }

    /// Whether a person plays `player`'s seat.
    pub(crate) fn is_person(&self, player: Player) -> bool {
        self.seats
            .get(player.index())
            .is_some_and(|s| s.occupant.is_person())
    }

    /// Whether an agent plays `player`'s seat.
    pub(crate) fn is_agent(&self, player: Player) -> bool {
        self.seats
            .get(player.index())
            .is_some_and(|s| s.occupant.is_agent())
    }

    /// A player's name under the rules.
    pub(crate) fn name(&self, player: Player) -> String {
        self.session.player_name(player)
    }

    /// The player to move, if the game is on.
    pub(crate) fn to_move(&self) -> Option<Player> {
        match self.session.status() {
            Status::ToMove(p) => Some(p),
            Status::Over(_) => None,
        }
    }

    /// The person seat to move, if a person is to move.
    pub(crate) fn person_to_move(&self) -> Option<Player> {
        self.to_move().filter(|p| self.is_person(*p))
    }

    /// What `client` sees now.
    pub(crate) fn perspective(&self, client: Client) -> Perspective {
        match client {
            Client::Seat(p) if p.index() < self.seats.len() => Perspective::Seat(p),
            // No such seat: what anyone may know.
            Client::Seat(_) => Perspective::Public,
            Client::Spectator => Perspective::Public,
            Client::Referee => Perspective::Everything,
            Client::HotSeat => self.hotseat_perspective(),
        }
    }

    /// What the hot seat sees now: the person seat to move; otherwise the
    /// public view in a game of hidden information, else the first person
    /// seat's (everything).
    pub(crate) fn hotseat_perspective(&self) -> Perspective {
        if let Some(p) = self.person_to_move() {
            return Perspective::Seat(p);
        }
        if self.session.hidden_information() {
            return Perspective::Public;
        }
        match (0..self.seats.len()).find(|&i| self.seats[i].occupant.is_person()) {
            Some(i) => Perspective::Seat(Player(i as u8)),
            None => Perspective::Everything,
        }
    }

    /// Refuses a client with no seat in range.
    pub(crate) fn check_client(&self, client: Client) -> Result<(), MatchError> {
        match client {
            Client::Seat(p) if p.index() >= self.seats.len() => Err(MatchError::NotAllowed(
                format!("this game has no seat {}", p.0),
            )),
            _ => Ok(()),
        }
    }

    /// The player `client` acts for on the current turn: refuses a
    /// spectator, a finished game, and a seat whose turn it is not
    /// (naming only whose turn it is).
    pub(crate) fn actor(&self, client: Client, what: &str) -> Result<Player, MatchError> {
        self.check_client(client)?;
        if client == Client::Spectator {
            return Err(MatchError::NotAllowed(format!(
                "a spectator may not {what}; it watches the public view"
            )));
        }
        let to_move = match self.session.status() {
            Status::ToMove(p) => p,
            Status::Over(_) => return Err(self.game_over()),
        };
        match client {
            Client::Seat(p) if p != to_move => {
                super::seat_to_move(self.session.as_ref(), p).map(|()| to_move)
            }
            Client::Seat(p) if !self.is_person(p) => Err(MatchError::NotAllowed(format!(
                "no person plays {}'s seat",
                self.name(p)
            ))),
            Client::HotSeat if !self.is_person(to_move) => Err(MatchError::NotYourTurn {
                to_move: self.name(to_move),
            }),
            _ => Ok(to_move),
        }
    }

    /// The person seat `client` stands for outside of turns (offers,
    /// answers, resigning): a seat stands for itself, the hot seat for the
    /// person to move; a spectator and the referee for no one.
    pub(crate) fn person_of(&self, client: Client, what: &str) -> Result<Player, MatchError> {
        self.check_client(client)?;
        match client {
            Client::Seat(p) if self.is_person(p) => Ok(p),
            Client::Seat(p) => Err(MatchError::NotAllowed(format!(
                "no person plays {}'s seat",
                self.name(p)
            ))),
            Client::HotSeat => self.person_to_move().ok_or_else(|| match self.to_move() {
                Some(p) => MatchError::NotYourTurn {
                    to_move: self.name(p),
                },
                None => self.game_over(),
            }),
            Client::Spectator => Err(MatchError::NotAllowed(format!(
                "a spectator may not {what}; it watches the public view"
            ))),
            Client::Referee => Err(MatchError::NotAllowed(format!(
                "the referee may not {what}: it plays no seat"
            ))),
        }
    }

    /// The `game_over` error, with the outcome in words.
    pub(crate) fn game_over(&self) -> MatchError {
        MatchError::GameOver(self.session.describe_status())
    }
}
