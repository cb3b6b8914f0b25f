//! The server's state, the open games, and the dispatch of a request to its
//! command.
//!
//! Each open game is a [`Match`]: every seat a person, the ids the
//! clients of the match (the referee's id [`Client::Referee`], a seat's
//! [`Client::Seat`], a spectator's [`Client::Spectator`]). Whose turn it
//! is, what a client may do and what it may see are the match's to decide;
//! the server translates requests into match calls and the match's
//! refusals into error kinds ([`super::error::match_error`]).

use super::error::{match_error, ErrorKind, Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::{catalog, inspect, moves, open};
use plateau::matches::{Client, Match, MatchError};
use plateau::{DynAgent, DynSession, Player, Registry};
use std::collections::BTreeMap;

/// The most agents a session keeps; the oldest goes first.
const MAX_AGENTS: usize = 64;

/// The most games a session holds open unless told otherwise
/// ([`super::Options::max_games`]).
pub const DEFAULT_MAX_GAMES: usize = 1024;

/// An open match as one request reaches it: the match and who the id is.
pub(crate) struct Open<'a> {
    /// The match.
    pub game: &'a mut Match,
    /// Who the request's id is in the match.
    pub client: Client,
}

impl Open<'_> {
    /// The seat of the id, if it is a seat's.
    pub fn seat(&self) -> Option<Player> {
        match self.client {
            Client::Seat(p) => Some(p),
            _ => None,
        }
    }

    /// The game in progress, to read.
    pub fn session(&self) -> &dyn DynSession {
        self.game.session()
    }

    /// Runs `act` on the match for the id's client; a refusal as an error
    /// response ([`Open::error`]).
    pub fn act<T>(
        &mut self,
        act: impl FnOnce(&mut Match, Client) -> std::result::Result<T, MatchError>,
    ) -> Result<T> {
        let result = act(self.game, self.client);
        result.map_err(|e| self.error(e))
    }

    /// A refusal of the match as an error response; a seat's
    /// `not_your_turn` names the seat too ("it is blue's turn, not red's").
    pub fn error(&self, e: MatchError) -> ServeError {
        match (&e, self.seat()) {
            (MatchError::NotYourTurn { to_move }, Some(seat)) => ServeError::new(
                ErrorKind::NotYourTurn,
                format!(
                    "it is {to_move}'s turn, not {}'s",
                    self.session().player_name(seat)
                ),
            ),
            _ => match_error(e),
        }
    }

    /// The player a field names (number or name), checked against the id:
    /// a seat may name only itself, and is the default; the referee may
    /// name anyone (default `None`).
    pub fn player(&self, req: &Request, name: &str) -> Result<Option<Player>> {
        let named = player_field(req, name, self.session())?;
        match (self.seat(), named) {
            (Some(seat), Some(p)) if p != seat => Err(ServeError::new(
                ErrorKind::NotAllowed,
                format!(
                    "field '{name}': this id is {}'s seat; it may name only {}",
                    self.session().player_name(seat),
                    self.session().player_name(seat)
                ),
            )),
            (Some(seat), _) => Ok(Some(seat)),
            (None, named) => Ok(named),
        }
    }
}

/// An id of an open game: which game, and who the id is in its match.
struct Handle {
    game: u64,
    client: Client,
}

/// What the server does after a request.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    Quit,
}

/// The state of one `serve` session: the registry, the open matches and
/// the ids through which they are reached.
pub(crate) struct Server<'r> {
    pub registry: &'r Registry,
    /// The matches, by game number (the id that opened them).
    games: BTreeMap<u64, Match>,
    /// Every open id: the referee's, a seat's or a spectator's, of one game.
    handles: BTreeMap<u64, Handle>,
    next_id: u64,
    /// The most games open at once.
    max_games: usize,
    /// Agents by rules, spec and seat, kept for the whole session so that an
    /// agent's random stream goes on from one `genmove` to the next, across
    /// games of the same rules.
    agents: Vec<CachedAgent>,
}

/// An agent of the session's cache.
struct CachedAgent {
    /// The game id, its parameters (JSON), the spec and the seat it plays:
    /// one typed agent each.
    key: String,
    /// The open game (not the id: seats share a game) the agent last played
    /// in; another one starts it on a new game (it forgets any tree it kept).
    last_game: u64,
    agent: Box<dyn DynAgent>,
}

impl<'r> Server<'r> {
    /// A server holding at most [`DEFAULT_MAX_GAMES`] open games.
    pub fn new(registry: &'r Registry) -> Self {
        Server::with_max_games(registry, DEFAULT_MAX_GAMES)
    }

    /// A server holding at most `max_games` open games.
    pub fn with_max_games(registry: &'r Registry, max_games: usize) -> Self {
        Server {
            registry,
            games: BTreeMap::new(),
            handles: BTreeMap::new(),
            next_id: 1,
            max_games,
            agents: Vec::new(),
        }
    }

    /// Runs one request.
    pub fn handle(&mut self, req: &Request) -> (Result<Fields>, Flow) {
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
            "answer_undo" => moves::answer_undo(self, req),
            "offer_draw" => moves::offer_draw(self, req),
            "answer_draw" => moves::answer_draw(self, req),
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

    /// Refuses to open one more game when [`Server::with_max_games`]'s
    /// bound is reached.
    pub fn check_room(&self) -> Result<()> {
        if self.games.len() < self.max_games {
            return Ok(());
        }
        Err(ServeError::new(
            ErrorKind::TooManyGames,
            format!(
                "{} games are open, the most this server holds; close one ('close') first",
                self.max_games
            ),
        ))
    }

    /// Opens a match and returns its id, for `client` (the referee or a
    /// seat).
    pub fn insert(&mut self, game: Match, client: Client) -> Result<u64> {
        self.check_room()?;
        let id = self.next_id;
        self.next_id += 1;
        self.games.insert(id, game);
        self.handles.insert(id, Handle { game: id, client });
        Ok(id)
    }

    /// A new id of the game of the request's `id`, for `client` (a seat
    /// or a spectator); an error if an open id already holds that seat, or
    /// if the request's id is a spectator's (it may not take a seat nor
    /// hand out ids).
    pub fn join(&mut self, req: &Request, client: Client) -> Result<u64> {
        let id = req.game_id()?;
        let handle = self.handles.get(&id).ok_or_else(|| self.unknown_id(id))?;
        if handle.client == Client::Spectator {
            return Err(ServeError::new(
                ErrorKind::NotAllowed,
                "a spectator's id may not join; join through the referee's id or a seat's",
            ));
        }
        let game = handle.game;
        if client != Client::Spectator
            && self
                .handles
                .values()
                .any(|h| h.game == game && h.client == client)
        {
            return Err(ServeError::new(
                ErrorKind::NotAllowed,
                "an open id already holds that seat; a seat is held by one id",
            ));
        }
        let new = self.next_id;
        self.next_id += 1;
        self.handles.insert(new, Handle { game, client });
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

    /// The match of the request's `id`, and who the id is.
    pub fn open(&mut self, req: &Request) -> Result<Open<'_>> {
        let id = req.game_id()?;
        let Some(handle) = self.handles.get(&id) else {
            return Err(self.unknown_id(id));
        };
        let client = handle.client;
        let game = self
            .games
            .get_mut(&handle.game)
            .ok_or_else(|| self_less_unknown_id(id))?;
        Ok(Open { game, client })
    }

    /// The match of the request's `id`, who the id is, and the agent of
    /// `spec` made from the match's own rules (on first use; no rules are
    /// loaded again).
    pub fn open_with_agent(
        &mut self,
        req: &Request,
        spec: &str,
    ) -> Result<(Open<'_>, &mut Box<dyn DynAgent>)> {
        let id = req.game_id()?;
        let Some(handle) = self.handles.get(&id) else {
            return Err(self.unknown_id(id));
        };
        let (client, game_key) = (handle.client, handle.game);
        let game = self
            .games
            .get_mut(&game_key)
            .ok_or_else(|| self_less_unknown_id(id))?;
        let rules = game.game();
        // One agent a seat: an agent asked for both sides of a game (a
        // hot-seat script, a referee) must not carry what it learned as one
        // side into its moves for the other, and an outside program plays
        // the one side it set up.
        let seat = match game.status() {
            plateau::Status::ToMove(p) => p.index().to_string(),
            plateau::Status::Over(_) => "over".to_string(),
        };
        let key = format!(
            "{}\n{}\n{}\nseat {seat}",
            rules.id(),
            rules.params_json(),
            spec_key(spec)
        );
        let index = match self.agents.iter().position(|a| a.key == key) {
            Some(i) => i,
            None => {
                // Without `seed=`, the seed comes from the operating system:
                // what the agent draws (a setup) cannot be foreseen by anyone.
                let agent = rules
                    .agent(spec.trim(), plateau::rand::random())
                    .map_err(|e| ServeError::new(ErrorKind::UnknownAgent, e.to_string()))?;
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
        Ok((Open { game, client }, &mut cached.agent))
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

/// The key of a spec in the agent cache: the framework's reading of it
/// (`random:7` and `random:seed=7` are one agent), or the spec as written
/// when it cannot be read (making the agent then fails with the reason).
fn spec_key(spec: &str) -> String {
    match plateau::ai::Spec::parse(spec.trim()) {
        Ok(parsed) => {
            let options: Vec<String> = parsed
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            format!("{}:{}", parsed.name, options.join(","))
        }
        Err(_) => spec.trim().to_string(),
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
