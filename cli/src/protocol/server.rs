//! The server's state, the open games, and the dispatch of a request to its
//! command.

use super::error::{ErrorKind, Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::{catalog, inspect, moves, open};
use plateau::{DynAgent, DynSession, Player, Registry, Status};
use std::collections::BTreeMap;

/// The most agents a session keeps; the oldest goes first.
const MAX_AGENTS: usize = 64;

/// An open game as one request reaches it: the game, and the seat of the
/// id the request named (`None`: the referee, who sees everything).
pub(crate) struct OpenGame<'a> {
    /// The game in progress.
    pub session: &'a mut Box<dyn DynSession>,
    /// The player whose id this is, or `None` for the referee's id and a
    /// spectator's.
    pub seat: Option<Player>,
    /// Whether the id is a spectator's: it sees the public view only.
    pub spectator: bool,
}

impl OpenGame<'_> {
    /// Refuses a request that a seat may make only on its own turn, on
    /// another player's turn. The refusal names only whose turn it is.
    pub fn seat_to_move(&self) -> Result<()> {
        let (Some(seat), Status::ToMove(p)) = (self.seat, self.session.status()) else {
            return Ok(());
        };
        if p == seat {
            return Ok(());
        }
        Err(ServeError::new(
            ErrorKind::NotYourTurn,
            format!(
                "it is {}'s turn, not {}'s",
                self.session.player_name(p),
                self.session.player_name(seat)
            ),
        ))
    }

    /// Refuses `command` (which shows hidden information or takes back what
    /// was seen) to a seat in a game of hidden information.
    pub fn referee_only(&self, command: &str) -> Result<()> {
        match self.seat {
            Some(seat) if self.session.hidden_information() => Err(ServeError::new(
                ErrorKind::NotAllowed,
                format!(
                    "'{command}' is not answered to a seat ({}) in a game of hidden \
                     information; only an id opened without 'player' (the referee's) may send it",
                    self.session.player_name(seat)
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The player a field names (number or name), checked against the seat:
    /// a seat may name only itself, and is the default; the referee may name
    /// anyone (default `None`).
    pub fn player(&self, req: &Request, name: &str) -> Result<Option<Player>> {
        let named = player_field(req, name, self.session.as_ref())?;
        match (self.seat, named) {
            (Some(seat), Some(p)) if p != seat => Err(ServeError::new(
                ErrorKind::NotAllowed,
                format!(
                    "field '{name}': this id is {}'s seat; it may name only {}",
                    self.session.player_name(seat),
                    self.session.player_name(seat)
                ),
            )),
            (Some(seat), _) => Ok(Some(seat)),
            (None, named) => Ok(named),
        }
    }
}

/// An id of an open game: which game, and for which seat.
struct Handle {
    game: u64,
    seat: Option<Player>,
    /// A spectator's id: only [`SPECTATOR_COMMANDS`], from the public view.
    spectator: bool,
}

/// What a spectator's id may send: nothing that changes the game or shows
/// more than the public view.
pub(crate) const SPECTATOR_COMMANDS: &[&str] = &["status", "view", "board", "close"];

/// What the server does after a request.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    Quit,
}

/// The state of one `serve` session: the registry, the open games and the
/// ids through which they are reached.
pub(crate) struct Server<'r> {
    pub registry: &'r Registry,
    /// The games, by game number (the id that opened them).
    games: BTreeMap<u64, Box<dyn DynSession>>,
    /// Every open id: the referee's or a seat's, of one game.
    handles: BTreeMap<u64, Handle>,
    next_id: u64,
    /// Agents by rules and spec, kept for the whole session so that an
    /// agent's random stream goes on from one `genmove` to the next, across
    /// games of the same rules.
    agents: Vec<CachedAgent>,
}

/// An agent of the session's cache.
struct CachedAgent {
    /// The game id, its parameters (JSON) and the spec: one typed agent each.
    key: String,
    /// The open game (not the id: seats share a game) the agent last played
    /// in; another one starts it on a new game (it forgets any tree it kept).
    last_game: u64,
    agent: Box<dyn DynAgent>,
}

impl<'r> Server<'r> {
    pub fn new(registry: &'r Registry) -> Self {
        Server {
            registry,
            games: BTreeMap::new(),
            handles: BTreeMap::new(),
            next_id: 1,
            agents: Vec::new(),
        }
    }

    /// Runs one request.
    pub fn handle(&mut self, req: &Request) -> (Result<Fields>, Flow) {
        if let Err(e) = self.spectator_may(req) {
            return (Err(e), Flow::Continue);
        }
        let result = match req.cmd {
            "games" => catalog::games(self.registry),
            "rules" => catalog::rules(self.registry, req),
            "playout" => catalog::playout(self.registry, req),
            "new" => open::new_game(self, req),
            "load" => open::load(self, req),
            "join" => open::join(self, req),
            "close" => open::close(self, req),
            "status" => inspect::status(self, req),
            "view" => inspect::view(self, req),
            "board" => inspect::board(self, req),
            "state" => inspect::state(self, req),
            "record" => inspect::record(self, req),
            "legal" => moves::legal(self, req),
            "play" => moves::play(self, req),
            "undo" => moves::undo(self, req),
            "resign" => moves::resign(self, req),
            "genmove" => moves::genmove(self, req),
            "quit" => return (Ok(Vec::new()), Flow::Quit),
            other => Err(ServeError::new(
                ErrorKind::UnknownCommand,
                format!("unknown command '{other}'"),
            )),
        };
        (result, Flow::Continue)
    }

    /// Opens a game and returns its id, the referee's (`seat` `None`) or a
    /// seat's.
    pub fn insert(&mut self, session: Box<dyn DynSession>, seat: Option<Player>) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.games.insert(id, session);
        self.handles.insert(
            id,
            Handle {
                game: id,
                seat,
                spectator: false,
            },
        );
        id
    }

    /// Refuses a spectator's request that is not one of
    /// [`SPECTATOR_COMMANDS`].
    fn spectator_may(&self, req: &Request) -> Result<()> {
        let Some(id) = req.get("id").and_then(serde_json::Value::as_u64) else {
            return Ok(());
        };
        match self.handles.get(&id) {
            Some(h) if h.spectator && !SPECTATOR_COMMANDS.contains(&req.cmd) => {
                Err(ServeError::new(
                    ErrorKind::NotAllowed,
                    format!(
                        "'{}' is not answered to a spectator; a spectator may send: {}",
                        req.cmd,
                        SPECTATOR_COMMANDS.join(", ")
                    ),
                ))
            }
            _ => Ok(()),
        }
    }

    /// A new spectator's id of the game of the request's `id`: it sees the
    /// public view only. A game may have any number of them.
    pub fn join_spectator(&mut self, req: &Request) -> Result<u64> {
        let id = req.game_id()?;
        let game = self
            .handles
            .get(&id)
            .ok_or_else(|| self.unknown_id(id))?
            .game;
        let new = self.next_id;
        self.next_id += 1;
        self.handles.insert(
            new,
            Handle {
                game,
                seat: None,
                spectator: true,
            },
        );
        Ok(new)
    }

    /// A new id for `seat` of the game of the request's `id`; an error if
    /// an open id already holds that seat.
    pub fn join(&mut self, req: &Request, seat: Player) -> Result<u64> {
        let id = req.game_id()?;
        let game = self
            .handles
            .get(&id)
            .ok_or_else(|| self.unknown_id(id))?
            .game;
        if self
            .handles
            .values()
            .any(|h| h.game == game && h.seat == Some(seat))
        {
            return Err(ServeError::new(
                ErrorKind::NotAllowed,
                "an open id already holds that seat; a seat is held by one id",
            ));
        }
        let new = self.next_id;
        self.next_id += 1;
        self.handles.insert(
            new,
            Handle {
                game,
                seat: Some(seat),
                spectator: false,
            },
        );
        Ok(new)
    }

    /// Closes an id; the game goes once no id of it is open. False if no
    /// game has that id.
    pub fn remove(&mut self, id: u64) -> bool {
        let Some(handle) = self.handles.remove(&id) else {
            return false;
        };
        if !self.handles.values().any(|h| h.game == handle.game) {
            self.games.remove(&handle.game);
        }
        true
    }

    /// The open game of the request's `id`.
    pub fn game(&mut self, req: &Request) -> Result<OpenGame<'_>> {
        let id = req.game_id()?;
        let Some(handle) = self.handles.get(&id) else {
            return Err(self.unknown_id(id));
        };
        let (seat, spectator) = (handle.seat, handle.spectator);
        let session = self
            .games
            .get_mut(&handle.game)
            .ok_or_else(|| self_less_unknown_id(id))?;
        Ok(OpenGame {
            session,
            seat,
            spectator,
        })
    }

    /// The open game of the request's `id` and the agent of `spec` for its
    /// rules (made on first use).
    pub fn game_and_agent(
        &mut self,
        req: &Request,
        spec: &str,
    ) -> Result<(OpenGame<'_>, &mut Box<dyn DynAgent>)> {
        let id = req.game_id()?;
        let game = self.game(req)?;
        let session = game.session.as_ref();
        let (game_id, variant) = (session.game_id(), session.variant().to_string());
        let params = session.record().params;
        let key = format!(
            "{game_id}\n{params}\n{}",
            crate::agents::normalize_spec(spec)
        );
        let handle = self
            .handles
            .get(&id)
            .ok_or_else(|| self_less_unknown_id(id))?;
        let (seat, spectator, game_key) = (handle.seat, handle.spectator, handle.game);
        let index = match self.agents.iter().position(|a| a.key == key) {
            Some(i) => i,
            None => {
                let rules = self
                    .registry
                    .find(game_id)
                    .and_then(|entry| {
                        entry
                            .load_params(&variant, &params)
                            .map_err(|e| e.to_string())
                    })
                    .map_err(|m| ServeError::new(ErrorKind::UnknownAgent, m))?;
                // Without `seed=`, the seed comes from the operating system:
                // what the agent draws (a setup) cannot be foreseen by anyone.
                let agent =
                    crate::agents::make_agent(rules.as_ref(), spec, plateau::rand::random())
                        .map_err(|m| ServeError::new(ErrorKind::UnknownAgent, m))?;
                if self.agents.len() >= MAX_AGENTS {
                    self.agents.remove(0);
                }
                self.agents.push(CachedAgent {
                    key,
                    last_game: game_key,
                    agent,
                });
                self.agents.len() - 1
            }
        };
        let cached = &mut self.agents[index];
        if cached.last_game != game_key {
            cached.agent.new_game();
            cached.last_game = game_key;
        }
        let session = self
            .games
            .get_mut(&game_key)
            .ok_or_else(|| self_less_unknown_id(id))?;
        Ok((
            OpenGame {
                session,
                seat,
                spectator,
            },
            &mut cached.agent,
        ))
    }

    fn unknown_id(&self, id: u64) -> ServeError {
        let open: Vec<String> = self.handles.keys().take(20).map(u64::to_string).collect();
        let list = match (open.len(), self.handles.len()) {
            (0, _) => "no game is open".to_string(),
            (n, total) if n < total => format!("open games: {}, ...", open.join(", ")),
            _ => format!("open games: {}", open.join(", ")),
        };
        ServeError::new(
            ErrorKind::UnknownId,
            format!("no open game has id {id}; {list}"),
        )
    }
}

/// The `unknown_id` error where the open games cannot be listed.
fn self_less_unknown_id(id: u64) -> ServeError {
    ServeError::new(ErrorKind::UnknownId, format!("no open game has id {id}"))
}

/// The player of a field given as a number (`0`) or a name (`"blue"`), if present.
pub(crate) fn player_field(
    req: &Request,
    name: &str,
    session: &dyn DynSession,
) -> Result<Option<Player>> {
    let Some(value) = req.get(name) else {
        return Ok(None);
    };
    let n = session.num_players();
    let found = match value {
        serde_json::Value::Number(num) if num.is_u64() || num.is_i64() => num
            .as_u64()
            .filter(|&i| i < n as u64)
            .map(|i| Player(i as u8)),
        // A name only: a number written as a string ("1") is a mistake of
        // the client's, not a player.
        serde_json::Value::String(s)
            if !s.is_empty() && s.trim().bytes().all(|b| b.is_ascii_digit()) =>
        {
            return Err(ServeError::bad_request(format!(
                "field '{name}' must be a player number (an integer, not a string) or name, not {}",
                super::request::clip(&value.to_string())
            )))
        }
        serde_json::Value::String(s) => session.find_player(s),
        _ => {
            return Err(ServeError::bad_request(format!(
                "field '{name}' must be a player number (an integer) or name, not {}",
                super::request::clip(&value.to_string())
            )))
        }
    };
    found.map(Some).ok_or_else(|| {
        let names: Vec<String> = (0..n)
            .map(|i| format!("{i} ({})", session.player_name(Player(i as u8))))
            .collect();
        ServeError::new(
            ErrorKind::UnknownPlayer,
            format!(
                "field '{name}': no player {}; players: {}",
                super::request::clip(&value.to_string()),
                names.join(", ")
            ),
        )
    })
}
