//! The matches of `plateau web`: each one a `serve` [`Server`] behind a
//! mutex, holding one game opened by the referee's id, one seat id per
//! player and one spectator id; the secret tokens that name the seats; the
//! agents that play seats on their own; and the events pushed to every
//! connection of a match.
//!
//! Every request of a client goes through the `serve` implementation with
//! the id of the client's seat (a spectator's id for a spectator), so the
//! hidden-information discipline lives in one place: `serve` answers a seat
//! from its view only and a spectator from the public view only.

use crate::protocol::error::{ErrorKind, ServeError};
use crate::protocol::request::{self, Request};
use crate::protocol::response::Fields;
use crate::protocol::response_json;
use crate::protocol::server::Server;
use plateau::{Player, Registry};
use serde_json::{json, Map, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use tokio::sync::{broadcast, Notify};

pub use super::error::WebError;
pub use super::tokens::{new_token, parse_token, same_token, token_hex, Token};

/// The most matches kept; creating one more forgets the oldest.
pub const MAX_MATCHES: usize = 256;

/// What a seat's connection may send (plus `board`); `serve` refuses more
/// where the game hides information (`undo`, `record`).
pub const SEAT_COMMANDS: &[&str] = &[
    "status", "legal", "play", "view", "resign", "genmove", "undo", "record", "board",
];

/// What a spectator's connection may send (`serve` answers it from the
/// public view).
pub const SPECTATOR_COMMANDS: &[&str] = &["status", "view", "board"];

/// The longest an agent of a match, or a seat's `genmove`, may think per
/// move (a spec's `time`, a budget's `ms`): the match waits meanwhile.
pub const MAX_THINK: std::time::Duration = std::time::Duration::from_secs(30);

/// The most iterations an agent of a match or a seat's `genmove` may ask
/// for per move (a spec's `iters`, a budget's `iterations`).
pub const MAX_ITERATIONS: u64 = 1_000_000;

/// Refuses an agent spec or budget that would keep the match waiting for
/// longer than [`MAX_THINK`] or [`MAX_ITERATIONS`] allow. A spec that does
/// not parse is left to the agent's own error.
fn check_think(spec: &str, budget: Option<&Value>) -> Result<(), ServeError> {
    let too_long = |what: String| {
        ServeError::bad_request(format!(
            "{what}: over the web an agent thinks at most {} and {MAX_ITERATIONS} iterations a move",
            plateau::ai::format_duration(MAX_THINK)
        ))
    };
    if let Ok(parsed) = plateau::ai::Spec::parse(&crate::agents::normalize_spec(spec)) {
        if let Some(time) = parsed.get("time") {
            if plateau::ai::parse_duration(time).is_ok_and(|d| d > MAX_THINK) {
                return Err(too_long(format!("time={time}")));
            }
        }
        if let Some(iters) = parsed.get("iters") {
            if iters.parse::<u64>().is_ok_and(|n| n > MAX_ITERATIONS) {
                return Err(too_long(format!("iters={iters}")));
            }
        }
    }
    if let Some(budget) = budget {
        if budget["ms"]
            .as_u64()
            .is_some_and(|ms| ms > MAX_THINK.as_millis() as u64)
        {
            return Err(too_long(format!("budget ms {}", budget["ms"])));
        }
        if budget["iterations"]
            .as_u64()
            .is_some_and(|n| n > MAX_ITERATIONS)
        {
            return Err(too_long(format!(
                "budget iterations {}",
                budget["iterations"]
            )));
        }
    }
    Ok(())
}

/// The fields of `POST /api/matches`.
const MATCH_FIELDS: &[&str] = &["game", "variant", "set", "seed", "agents", "hotseat"];

/// Who a connection is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Client {
    /// One player's seat.
    Seat(Player),
    /// The hot-seat token: whichever human seat is to move.
    HotSeat,
    /// A spectator: the public view.
    Spectator,
}

/// What is pushed to the connections of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The game changed: each connection sends its own `update`.
    Update,
    /// A seat connected.
    Joined(Player),
}

/// One player's place in a match.
struct Seat {
    player: Player,
    name: String,
    /// The agent spec that plays the seat, if one does.
    agent: Option<String>,
    /// The seat's token (none for an agent's seat and in hot-seat play).
    token: Option<Token>,
    /// The seat's id in the match's server.
    serve_id: u64,
}

/// A game of the web server.
pub struct Match {
    /// The match id (public: it is in every link of the match).
    pub id: String,
    game: Value,
    variant: Value,
    seats: Vec<Seat>,
    hotseat: Option<Token>,
    hidden_information: bool,
    referee_id: u64,
    spectator_id: u64,
    server: Mutex<Server<'static>>,
    events: broadcast::Sender<Event>,
    wake: Arc<Notify>,
}

/// The matches of one web server.
pub struct Hub {
    registry: &'static Registry,
    matches: Mutex<Matches>,
}

#[derive(Default)]
struct Matches {
    by_id: HashMap<String, Arc<Match>>,
    order: VecDeque<String>,
}

/// A lock that survives a panic of another holder (the data stays usable:
/// a request either ran or not).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A request to the match's server.
fn serve_request(cmd: &'static str, fields: Value) -> Request {
    let Value::Object(fields) = fields else {
        unreachable!("request fields are written as objects")
    };
    Request { cmd, fields }
}

/// The fields of a successful response as a JSON object (a missing field
/// reads as null).
fn fields_object(fields: Fields) -> Value {
    Value::Object(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

impl Hub {
    /// A hub serving the games of `registry`. The hub lives as long as the
    /// program (it keeps a copy of the registry for good).
    pub fn new(registry: &Registry) -> Arc<Hub> {
        Arc::new(Hub {
            registry: Box::leak(Box::new(registry.clone())),
            matches: Mutex::new(Matches::default()),
        })
    }

    /// The registry of the games served.
    pub fn registry(&self) -> &'static Registry {
        self.registry
    }

    /// The match of that id, or `unknown_match`.
    pub fn find(&self, id: &str) -> Result<Arc<Match>, WebError> {
        lock(&self.matches).by_id.get(id).cloned().ok_or_else(|| {
            WebError::new(
                "unknown_match",
                format!(
                    "no match has id '{}' (it may have ended with a restart of the server)",
                    request::clip(id)
                ),
            )
        })
    }

    /// Creates a match from the body of `POST /api/matches`; returns it
    /// with the response (seats, tokens, links). Agents start at once where
    /// it is their turn. Must be called within the server's runtime.
    pub fn create(&self, body: &Value) -> Result<(Arc<Match>, Value), WebError> {
        let Value::Object(body) = body else {
            return Err(WebError::bad_request(
                "the body must be a JSON object such as {\"game\":\"hus\"}",
            ));
        };
        if let Some(key) = body.keys().find(|k| !MATCH_FIELDS.contains(&k.as_str())) {
            return Err(WebError::bad_request(format!(
                "a match has no field '{}'; its fields: {}",
                request::clip(key),
                MATCH_FIELDS.join(", ")
            )));
        }
        if body.get("game").is_none() {
            return Err(WebError::bad_request(
                "missing field 'game' (a game id, e.g. \"stratego\")",
            ));
        }
        let hotseat = match body.get("hotseat") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                return Err(WebError::bad_request(
                    "field 'hotseat' must be true or false",
                ))
            }
        };
        let mut new_fields = Map::new();
        for key in ["game", "variant", "set", "seed"] {
            if let Some(v) = body.get(key) {
                new_fields.insert(key.to_string(), v.clone());
            }
        }
        if !new_fields.contains_key("seed") {
            let seed = u64::from_le_bytes(new_token()?[..8].try_into().unwrap_or([0; 8]));
            // Short enough to read and type; kept in the record.
            new_fields.insert("seed".into(), Value::from(seed % 1_000_000_007));
        }
        let mut server = Server::new(self.registry);
        let opened = server
            .handle(&serve_request("new", Value::Object(new_fields)))
            .0?;
        let opened = fields_object(opened);
        let referee_id = opened["id"].as_u64().unwrap_or(0);
        let players: Vec<String> = opened["players"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|p| p.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        let hidden_information = opened["hidden_information"] == Value::Bool(true);
        let agents = self.agents_field(body.get("agents"), &mut server, referee_id, &players)?;
        let mut seats = Vec::with_capacity(players.len());
        for (i, name) in players.iter().enumerate() {
            let joined = server
                .handle(&serve_request(
                    "join",
                    json!({"id": referee_id, "player": i}),
                ))
                .0?;
            let serve_id = fields_object(joined)["id"].as_u64().unwrap_or(0);
            let agent = agents[i].clone();
            let token = match (&agent, hotseat) {
                (None, false) => Some(new_token()?),
                _ => None,
            };
            seats.push(Seat {
                player: Player(i as u8),
                name: name.clone(),
                agent,
                token,
                serve_id,
            });
        }
        let spectator = server
            .handle(&serve_request(
                "join",
                json!({"id": referee_id, "spectator": true}),
            ))
            .0?;
        let spectator_id = fields_object(spectator)["id"].as_u64().unwrap_or(0);
        let hotseat_token = match hotseat && seats.iter().any(|s| s.agent.is_none()) {
            true => Some(new_token()?),
            false => None,
        };
        let id = token_hex(&new_token()?);
        let (events, _) = broadcast::channel(64);
        let m = Arc::new(Match {
            id: id.clone(),
            game: opened["game"].clone(),
            variant: opened["variant"].clone(),
            seats,
            hotseat: hotseat_token,
            hidden_information,
            referee_id,
            spectator_id,
            server: Mutex::new(server),
            events,
            wake: Arc::new(Notify::new()),
        });
        let response = m.created_json(&opened);
        {
            let mut matches = lock(&self.matches);
            while matches.by_id.len() >= MAX_MATCHES {
                let Some(oldest) = matches.order.pop_front() else {
                    break;
                };
                if let Some(old) = matches.by_id.remove(&oldest) {
                    // Its agents' task wakes, finds it gone and ends.
                    old.wake.notify_one();
                }
            }
            matches.by_id.insert(id.clone(), m.clone());
            matches.order.push_back(id);
        }
        start_agents(&m);
        Ok((m, response))
    }

    /// The agent spec of each player from the `agents` field (`{"1":
    /// "ai:time=1s"}`, players by number or name), each checked.
    fn agents_field(
        &self,
        field: Option<&Value>,
        server: &mut Server<'static>,
        referee_id: u64,
        players: &[String],
    ) -> Result<Vec<Option<String>>, WebError> {
        let mut agents = vec![None; players.len()];
        let map = match field {
            None | Some(Value::Null) => return Ok(agents),
            Some(Value::Object(map)) => map,
            Some(_) => return Err(WebError::bad_request(
                "field 'agents' must be an object from player to agent spec, e.g. {\"1\":\"ai\"}",
            )),
        };
        let req = serve_request("status", json!({"id": referee_id}));
        let game = server.game(&req)?;
        let record = game.session.record();
        let rules = self
            .registry
            .find(&record.game)
            .and_then(|e| {
                e.load_params(&record.variant, &record.params)
                    .map_err(|e| e.to_string())
            })
            .map_err(|m| WebError::new("bad_rules", m))?;
        for (key, spec) in map {
            let player = key
                .parse::<usize>()
                .ok()
                .filter(|&i| i < players.len())
                .or_else(|| players.iter().position(|p| p.eq_ignore_ascii_case(key)))
                .ok_or_else(|| {
                    let names: Vec<String> = players
                        .iter()
                        .enumerate()
                        .map(|(i, n)| format!("{i} ({n})"))
                        .collect();
                    WebError::new(
                        ErrorKind::UnknownPlayer.as_str(),
                        format!(
                            "field 'agents': no player '{}'; players: {}",
                            request::clip(key),
                            names.join(", ")
                        ),
                    )
                })?;
            let Some(spec) = spec.as_str() else {
                return Err(WebError::bad_request(format!(
                    "field 'agents': the agent of '{}' must be a spec string such as \"ai\"",
                    request::clip(key)
                )));
            };
            check_think(spec, None).map_err(|e| {
                WebError::new(
                    e.kind.as_str(),
                    format!(
                        "field 'agents', player '{}': {}",
                        request::clip(key),
                        e.message
                    ),
                )
            })?;
            crate::agents::make_agent(rules.as_ref(), spec, 0).map_err(|m| {
                WebError::new(
                    ErrorKind::UnknownAgent.as_str(),
                    format!("field 'agents', player '{}': {m}", request::clip(key)),
                )
            })?;
            agents[player] = Some(spec.trim().to_string());
        }
        Ok(agents)
    }
}

impl Match {
    /// The response of `POST /api/matches`.
    fn created_json(&self, opened: &Value) -> Value {
        let link = |token: &Token| format!("/?match={}&token={}", self.id, token_hex(token));
        let seats: Vec<Value> = self
            .seats
            .iter()
            .map(|s| {
                json!({
                    "player": s.player.0,
                    "name": s.name,
                    "agent": s.agent,
                    "token": s.token.as_ref().map(token_hex),
                    "url": s.token.as_ref().map(link),
                })
            })
            .collect();
        json!({
            "ok": true,
            "match": self.id,
            "game": opened["game"],
            "variant": opened["variant"],
            "seed": opened["seed"],
            "players": opened["players"],
            "hidden_information": self.hidden_information,
            "seats": seats,
            "hotseat": self.hotseat.as_ref().map(|t| json!({"token": token_hex(t), "url": link(t)})),
            "spectator_url": format!("/?match={}", self.id),
            "status": opened["status"],
        })
    }

    /// What anyone with the match's id may know of it: the game, its
    /// players and which of them agents play (no token).
    pub fn public_json(&self) -> Value {
        let mut info = lock(&self.server);
        let req = serve_request("status", json!({"id": self.referee_id}));
        let status = info
            .handle(&req)
            .0
            .map(|f| fields_object(f)["status"].clone())
            .unwrap_or(Value::Null);
        drop(info);
        let seats: Vec<Value> = self
            .seats
            .iter()
            .map(|s| json!({"player": s.player.0, "name": s.name, "agent": s.agent}))
            .collect();
        json!({
            "ok": true,
            "match": self.id,
            "game": self.game,
            "variant": self.variant,
            "players": self.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
            "hidden_information": self.hidden_information,
            "hotseat": self.hotseat.is_some(),
            "seats": seats,
            "spectator_url": format!("/?match={}", self.id),
            "status": status,
        })
    }

    /// The first message of a connection: the match's public facts and
    /// who the connection is.
    pub fn welcome(&self, client: Client) -> Value {
        let mut welcome = self.public_json();
        if let Value::Object(fields) = &mut welcome {
            fields.remove("ok");
            let (player, spectator, hotseat) = match client {
                Client::Seat(p) => (Value::from(p.0), false, false),
                Client::HotSeat => (Value::Null, false, true),
                Client::Spectator => (Value::Null, true, false),
            };
            let mut ordered = Map::new();
            ordered.insert("event".into(), Value::from("welcome"));
            ordered.insert(
                "you".into(),
                json!({"player": player, "spectator": spectator, "hotseat": hotseat}),
            );
            ordered.append(fields);
            return Value::Object(ordered);
        }
        welcome
    }

    /// Who holds `token` (none: a spectator); `bad_token` if no seat of
    /// this match has it. Every token of the match is compared in full, so
    /// that the time taken says nothing of any of them.
    pub fn client(&self, token: Option<&str>) -> Result<Client, WebError> {
        let Some(text) = token else {
            return Ok(Client::Spectator);
        };
        let refused = || {
            WebError::new(
                "bad_token",
                "this token holds no seat of the match (a seat's link has its token; \
                 without a token the match is watched as a spectator)",
            )
        };
        let given = parse_token(text.trim()).ok_or_else(refused)?;
        let mut found = None;
        for seat in &self.seats {
            if let Some(t) = &seat.token {
                if same_token(t, &given) {
                    found = Some(Client::Seat(seat.player));
                }
            }
        }
        if let Some(t) = &self.hotseat {
            if same_token(t, &given) {
                found = Some(Client::HotSeat);
            }
        }
        found.ok_or_else(refused)
    }

    /// A receiver of the match's events.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// Tells every connection that a seat connected.
    pub fn joined(&self, client: Client) {
        if let Client::Seat(p) = client {
            let _ = self.events.send(Event::Joined(p));
        }
    }

    /// Tells every connection that the game changed, and wakes the agents.
    pub fn changed(&self) {
        let _ = self.events.send(Event::Update);
        self.wake.notify_one();
    }

    /// The referee's status of the game: `(moves played, over)`, which
    /// changes with every move, resignation and undo.
    fn version(&self, server: &mut Server<'static>) -> (u64, bool) {
        let req = serve_request("status", json!({"id": self.referee_id}));
        match server.handle(&req).0 {
            Ok(fields) => {
                let status = &fields_object(fields)["status"];
                (
                    status["moves_played"].as_u64().unwrap_or(0),
                    status["over"] == Value::Bool(true),
                )
            }
            Err(_) => (0, false),
        }
    }

    /// The player to move, if the game is on.
    fn to_move(&self, server: &mut Server<'static>) -> Option<Player> {
        let req = serve_request("status", json!({"id": self.referee_id}));
        let fields = fields_object(server.handle(&req).0.ok()?);
        let status = &fields["status"];
        (status["over"] == Value::Bool(false))
            .then(|| status["to_move"].as_u64())
            .flatten()
            .map(|p| Player(p as u8))
    }

    /// The id in the match's server through which `client` is answered
    /// now. The hot-seat token acts for the human seat to move; when no
    /// human is to move it sees, in a game of hidden information, the
    /// public view only, and otherwise the first human seat's (everything).
    fn serve_id(&self, server: &mut Server<'static>, client: Client) -> u64 {
        let seat_id = |p: Player| self.seats.get(p.index()).map(|s| s.serve_id);
        match client {
            Client::Seat(p) => seat_id(p).unwrap_or(self.spectator_id),
            Client::Spectator => self.spectator_id,
            Client::HotSeat => {
                let human_to_move = self
                    .to_move(server)
                    .filter(|p| self.seats.get(p.index()).is_some_and(|s| s.agent.is_none()));
                match human_to_move {
                    Some(p) => seat_id(p).unwrap_or(self.spectator_id),
                    None if self.hidden_information => self.spectator_id,
                    None => self
                        .seats
                        .iter()
                        .find(|s| s.agent.is_none())
                        .map_or(self.spectator_id, |s| s.serve_id),
                }
            }
        }
    }

    /// Answers one message of `client` (its text as received) through the
    /// match's server with the client's id; also says whether the game
    /// changed. Blocks while another request of the match (an agent's
    /// search) runs: call it off the async threads.
    pub fn request(&self, client: Client, text: &str) -> (Value, bool) {
        let (mut req, tag) = match request::parse(text.as_bytes()) {
            Ok(parsed) => parsed,
            Err((error, tag)) => return (response_json(&Err(error), tag.as_ref()), false),
        };
        let refuse = |e: ServeError| (response_json(&Err(e), tag.as_ref()), false);
        if req.fields.contains_key("id") {
            return refuse(ServeError::bad_request(
                "field 'id' is not sent over the WebSocket: the server answers each \
                 connection for its own seat",
            ));
        }
        let allowed: &[&str] = match client {
            Client::Spectator => SPECTATOR_COMMANDS,
            Client::Seat(_) | Client::HotSeat => SEAT_COMMANDS,
        };
        if !allowed.contains(&req.cmd) {
            let who = match client {
                Client::Spectator => "a spectator",
                Client::Seat(_) | Client::HotSeat => "a seat",
            };
            return refuse(ServeError::new(
                ErrorKind::NotAllowed,
                format!(
                    "'{}' is not sent over the WebSocket by {who}; it may send: {}",
                    req.cmd,
                    allowed.join(", ")
                ),
            ));
        }
        if req.cmd == "genmove" {
            let spec = req
                .fields
                .get("agent")
                .and_then(Value::as_str)
                .unwrap_or("random");
            if let Err(e) = check_think(spec, req.fields.get("budget")) {
                return refuse(e);
            }
        }
        let mut server = lock(&self.server);
        let id = self.serve_id(&mut server, client);
        req.fields.insert("id".into(), Value::from(id));
        let before = self.version(&mut server);
        let (result, _) = server.handle(&req);
        let after = self.version(&mut server);
        (response_json(&result, tag.as_ref()), before != after)
    }

    /// The `update` event for `client`: the status and the last move as
    /// the client may know it, from the client's own id.
    pub fn update_for(&self, client: Client) -> Value {
        let mut server = lock(&self.server);
        let id = self.serve_id(&mut server, client);
        let req = serve_request("board", json!({"id": id, "log": false}));
        match server.handle(&req).0 {
            Ok(fields) => {
                let fields = fields_object(fields);
                json!({
                    "event": "update",
                    "status": fields["status"],
                    "moves_played": fields["status"]["moves_played"],
                    "described": fields["described"],
                })
            }
            Err(e) => response_json(&Err(e), None),
        }
    }

    /// Answers a `serve` request (a JSON object without `id`) as the
    /// match's referee, who sees everything: for tests and for programs
    /// that embed the server. No route of the web server reaches it.
    pub fn referee_request(&self, request: &Value) -> Value {
        let mut text = request.clone();
        if let Value::Object(fields) = &mut text {
            fields.insert("id".into(), Value::from(self.referee_id));
        }
        let (req, tag) = match request::parse(text.to_string().as_bytes()) {
            Ok(parsed) => parsed,
            Err((error, tag)) => return response_json(&Err(error), tag.as_ref()),
        };
        let result = lock(&self.server).handle(&req).0;
        response_json(&result, tag.as_ref())
    }

    /// Plays one move of an agent if an agent's seat is to move; true if
    /// it played. Blocks for the agent's search.
    fn agent_step(&self) -> bool {
        let mut server = lock(&self.server);
        let Some(p) = self.to_move(&mut server) else {
            return false;
        };
        let Some(seat) = self.seats.get(p.index()) else {
            return false;
        };
        let Some(spec) = &seat.agent else {
            return false;
        };
        let req = serve_request(
            "genmove",
            json!({"id": seat.serve_id, "agent": spec, "play": true}),
        );
        match server.handle(&req).0 {
            Ok(_) => true,
            Err(e) => {
                eprintln!(
                    "match {}: the agent '{spec}' of {} found no move: {}",
                    self.id, seat.name, e.message
                );
                false
            }
        }
    }
}

/// Starts the task that plays the agents' seats of a match: it plays
/// whenever an agent is to move, and waits for a change otherwise.
fn start_agents(m: &Arc<Match>) {
    if m.seats.iter().all(|s| s.agent.is_none()) {
        return;
    }
    let weak: Weak<Match> = Arc::downgrade(m);
    let wake = m.wake.clone();
    tokio::spawn(async move {
        loop {
            {
                let Some(m) = weak.upgrade() else {
                    break;
                };
                loop {
                    let stepper = m.clone();
                    let played = tokio::task::spawn_blocking(move || stepper.agent_step())
                        .await
                        .unwrap_or(false);
                    if !played {
                        break;
                    }
                    let _ = m.events.send(Event::Update);
                }
            }
            wake.notified().await;
        }
    });
}
