//! The server's state, the open games, and the dispatch of a request to its
//! command.

use super::error::{ErrorKind, Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::{catalog, inspect, moves, open};
use plateau::{DynAgent, DynSession, Player, Registry};
use std::collections::BTreeMap;

/// The most agents a session keeps; the oldest goes first.
const MAX_AGENTS: usize = 64;

/// A game opened by `new` or `load`.
pub(crate) struct OpenGame {
    /// The game in progress.
    pub session: Box<dyn DynSession>,
}

/// What the server does after a request.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    Quit,
}

/// The state of one `serve` session: the registry and the open games.
pub(crate) struct Server<'r> {
    pub registry: &'r Registry,
    games: BTreeMap<u64, OpenGame>,
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
    /// The open game the agent last played in; another one starts it on a
    /// new game (it forgets any tree it kept).
    last_game: u64,
    agent: Box<dyn DynAgent>,
}

impl<'r> Server<'r> {
    pub fn new(registry: &'r Registry) -> Self {
        Server {
            registry,
            games: BTreeMap::new(),
            next_id: 1,
            agents: Vec::new(),
        }
    }

    /// Runs one request.
    pub fn handle(&mut self, req: &Request) -> (Result<Fields>, Flow) {
        let result = match req.cmd {
            "games" => catalog::games(self.registry),
            "playout" => catalog::playout(self.registry, req),
            "new" => open::new_game(self, req),
            "load" => open::load(self, req),
            "close" => open::close(self, req),
            "status" => inspect::status(self, req),
            "view" => inspect::view(self, req),
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

    /// Opens a game and returns its id.
    pub fn insert(&mut self, game: OpenGame) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.games.insert(id, game);
        id
    }

    /// Closes a game; false if no game has that id.
    pub fn remove(&mut self, id: u64) -> bool {
        self.games.remove(&id).is_some()
    }

    /// The open game of the request's `id`.
    pub fn game(&mut self, req: &Request) -> Result<&mut OpenGame> {
        let id = req.game_id()?;
        if !self.games.contains_key(&id) {
            return Err(self.unknown_id(id));
        }
        self.games
            .get_mut(&id)
            .ok_or_else(|| self_less_unknown_id(id))
    }

    /// The open game of the request's `id` and the agent of `spec` for its
    /// rules (made on first use).
    pub fn game_and_agent(
        &mut self,
        req: &Request,
        spec: &str,
    ) -> Result<(&mut OpenGame, &mut Box<dyn DynAgent>)> {
        let id = req.game_id()?;
        let session = self.game(req)?.session.as_ref();
        let (game_id, variant) = (session.game_id(), session.variant().to_string());
        let params = session.record().params;
        let key = format!(
            "{game_id}\n{params}\n{}",
            crate::agents::normalize_spec(spec)
        );
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
                    last_game: id,
                    agent,
                });
                self.agents.len() - 1
            }
        };
        let cached = &mut self.agents[index];
        if cached.last_game != id {
            cached.agent.new_game();
            cached.last_game = id;
        }
        let game = self
            .games
            .get_mut(&id)
            .ok_or_else(|| self_less_unknown_id(id))?;
        Ok((game, &mut cached.agent))
    }

    fn unknown_id(&self, id: u64) -> ServeError {
        let open: Vec<String> = self.games.keys().take(20).map(u64::to_string).collect();
        let list = match (open.len(), self.games.len()) {
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
        serde_json::Value::String(s) => session.find_player(s).or_else(|| {
            s.trim()
                .parse::<usize>()
                .ok()
                .filter(|&i| i < n)
                .map(|i| Player(i as u8))
        }),
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
