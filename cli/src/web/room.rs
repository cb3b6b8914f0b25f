//! One match of `plateau web`: a [`Match`] behind a mutex, the events that
//! tell its connections to send their updates, and the task that plays its
//! agents' seats without holding the lock while an agent thinks.
//!
//! A connection sends one message per action (`play`, `undo`,
//! `answer_undo`, `offer_draw`, `answer_draw`, `resign`, `hint`,
//! `placement`, `view`); after every change of the match each connection
//! gets one `update` carrying its client's [`ClientView`]
//! (docs/WEB.md). Nothing here checks whose turn it is or hides anything:
//! the match does.

use super::error::WebError;
use super::hub::{clip, lock};
use plateau::matches::{
    Client, ClientView, EventsSince, Match, MatchError, MatchEvent, MoveRef, Occupant, SeatView,
};
use serde_json::{json, Map, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::{broadcast, Notify};

/// How many of the newest moves of an update keep their frames
/// ([`WebMatch::update_for`]).
const FRAMED_EVENTS: usize = 4;

/// The longest an agent of a match, or a hint, may think per move by
/// default (`--max-think`): a spec's `time` above it is refused, and any
/// search (an iteration budget too) stops there (`pool.rs`).
pub const MAX_THINK: std::time::Duration = std::time::Duration::from_secs(30);

/// The messages a connection may send, with their fields (besides `cmd`
/// and `tag`).
pub const COMMANDS: &[(&str, &[&str])] = &[
    ("view", &[]),
    ("play", &["move", "index"]),
    ("placement", &["arrangement"]),
    ("undo", &[]),
    ("answer_undo", &["accept"]),
    ("offer_draw", &[]),
    ("answer_draw", &["accept"]),
    ("resign", &[]),
    ("hint", &["agent"]),
    ("rematch", &[]),
];

impl From<MatchError> for WebError {
    fn from(e: MatchError) -> WebError {
        WebError::new(e.kind(), e.to_string())
    }
}

/// Refuses an agent spec whose `time` is over [`MAX_THINK`] (see
/// [`check_think_within`]).
pub fn check_think(spec: &str, budget: Option<&Value>) -> Result<(), WebError> {
    check_think_within(spec, budget, MAX_THINK)
}

/// Refuses an agent spec that asks to think longer than `max` a move (a
/// spec's `time`, or `budget`'s `ms`): the match would wait for it. An
/// iteration budget is not refused: the server's time cap stops any
/// search ([`super::pool`]). A spec that does not parse is left to the
/// agent's own error.
pub fn check_think_within(
    spec: &str,
    budget: Option<&Value>,
    max: std::time::Duration,
) -> Result<(), WebError> {
    let too_long = |what: String| {
        WebError::bad_request(format!(
            "{what}: over the web an agent thinks at most {} a move",
            plateau::ai::format_duration(max)
        ))
    };
    if let Ok(parsed) = plateau::ai::Spec::parse(spec.trim()) {
        if let Some(time) = parsed.get("time") {
            if plateau::ai::parse_duration(time).is_ok_and(|d| d > max) {
                return Err(too_long(format!("time={time}")));
            }
        }
    }
    if let Some(budget) = budget {
        if budget["ms"]
            .as_u64()
            .is_some_and(|ms| ms > max.as_millis() as u64)
        {
            return Err(too_long(format!("budget ms {}", budget["ms"])));
        }
    }
    Ok(())
}

/// What is pushed to the connections of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The match changed: each connection sends its own `update`.
    Update,
    /// A seat connected.
    Joined(plateau::Player),
    /// The match was ended (`"deleted"` by its owner, `"dropped"` to make
    /// room for a new match, `"abandoned"` or `"unwatched"` by the reaper,
    /// `"shutdown"` as the server stops): each connection says so and
    /// closes.
    Closed(&'static str),
    /// A seat's connections or the rematch offer changed: each connection
    /// sends a `presence` event (presence.rs).
    Presence,
    /// The rematch is made: each connection sends its own `rematch` event
    /// (rematch.rs).
    Rematch,
}

/// A match of the web server.
pub struct WebMatch {
    /// The match id (public: it is in every link of the match).
    pub id: String,
    seed: u64,
    game: Mutex<Match>,
    events: broadcast::Sender<Event>,
    wake: Arc<Notify>,
    /// The secret token of whoever created the match: it only allows
    /// ending the match (`DELETE /api/matches/ID?token=OWNER`).
    owner: String,
    /// Set once the match is ended: its agents' task stops.
    closed: AtomicBool,
    /// The pool its agents and hints run on, and its seats' hints.
    bounds: super::pool::MatchBounds,
    /// Where the match is kept, its creation settings and its revision.
    durable: super::persist::Durable,
    /// Its connections and its last move, for the reaper.
    activity: super::reaper::Activity,
    /// The update shared by its spectators.
    fanout: super::fanout::Fanout,
    /// Who is connected, and who asked for a rematch (rematch.rs).
    pub(crate) online: super::presence::Online,
}

/// An action of a client, read from one WebSocket message.
enum Action {
    View,
    Play(MoveRef),
    Placement(Vec<Option<usize>>),
    Undo,
    AnswerUndo(bool),
    OfferDraw,
    AnswerDraw(bool),
    Resign,
    Hint(String),
    Rematch,
}

/// Reads one message: the action and its tag.
fn parse(text: &str) -> Result<(Action, Option<Value>), (WebError, Option<Value>)> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        (
            WebError::new("parse", format!("the message is not valid JSON: {e}")),
            None,
        )
    })?;
    let Value::Object(fields) = value else {
        return Err((
            WebError::new(
                "parse",
                "a message is a JSON object such as {\"cmd\":\"play\",\"move\":\"a1\"}",
            ),
            None,
        ));
    };
    let tag = fields.get("tag").cloned();
    let fail = |e: WebError| (e, tag.clone());
    let names: Vec<&str> = COMMANDS.iter().map(|(c, _)| *c).collect();
    let cmd = match fields.get("cmd") {
        Some(Value::String(c)) => c.as_str(),
        _ => {
            return Err(fail(WebError::bad_request(format!(
                "missing field 'cmd'; commands: {}",
                names.join(", ")
            ))))
        }
    };
    let Some((_, allowed)) = COMMANDS.iter().find(|(c, _)| *c == cmd) else {
        return Err(fail(WebError::new(
            "unknown_command",
            format!(
                "unknown command '{}'; commands: {}",
                clip(cmd),
                names.join(", ")
            ),
        )));
    };
    if let Some(key) = fields
        .keys()
        .find(|k| *k != "cmd" && *k != "tag" && !allowed.contains(&k.as_str()))
    {
        return Err(fail(WebError::bad_request(format!(
            "'{cmd}' has no field '{}'{}",
            clip(key),
            match allowed.is_empty() {
                true => String::new(),
                false => format!("; its fields: {}", allowed.join(", ")),
            }
        ))));
    }
    let accept = || match fields.get("accept") {
        Some(Value::Bool(b)) => Ok(*b),
        _ => Err(fail(WebError::bad_request(format!(
            "'{cmd}' needs field 'accept': true or false"
        )))),
    };
    let action = match cmd {
        "view" => Action::View,
        "play" => match (fields.get("move"), fields.get("index")) {
            (Some(Value::String(m)), None) => Action::Play(MoveRef::Text(m.clone())),
            (None, Some(i)) => match i.as_u64() {
                Some(i) => Action::Play(MoveRef::Index(i as usize)),
                None => {
                    return Err(fail(WebError::bad_request(
                        "field 'index' must be a non-negative integer (an index of the legal moves)",
                    )))
                }
            },
            _ => {
                return Err(fail(WebError::bad_request(
                    "'play' needs either 'move' (the move in notation) or 'index' (its index in the legal moves)",
                )))
            }
        },
        "placement" => {
            let Some(Value::Array(items)) = fields.get("arrangement") else {
                return Err(fail(WebError::bad_request(
                    "'placement' needs field 'arrangement': a list with, for each square of the placement, a piece's index or null",
                )));
            };
            let mut arrangement = Vec::with_capacity(items.len());
            for item in items {
                arrangement.push(match item {
                    Value::Null => None,
                    v => Some(v.as_u64().ok_or_else(|| {
                        fail(WebError::bad_request(
                            "field 'arrangement' holds piece indexes (non-negative integers) or null",
                        ))
                    })? as usize),
                });
            }
            Action::Placement(arrangement)
        }
        "undo" => Action::Undo,
        "answer_undo" => Action::AnswerUndo(accept()?),
        "offer_draw" => Action::OfferDraw,
        "answer_draw" => Action::AnswerDraw(accept()?),
        "resign" => Action::Resign,
        "hint" => match fields.get("agent") {
            None => Action::Hint("greedy".into()),
            Some(Value::String(spec)) => Action::Hint(spec.clone()),
            Some(_) => {
                return Err(fail(WebError::bad_request(
                    "field 'agent' must be an agent spec such as \"greedy\"",
                )))
            }
        },
        "rematch" => Action::Rematch,
        _ => unreachable!("every command is matched"),
    };
    Ok((action, tag))
}

/// A successful answer with its tag.
fn answer(mut fields: Map<String, Value>, tag: Option<Value>) -> Value {
    let mut out = Map::new();
    out.insert("ok".into(), Value::Bool(true));
    if let Some(tag) = tag {
        out.insert("tag".into(), tag);
    }
    out.append(&mut fields);
    Value::Object(out)
}

/// An error answer with its tag.
fn refusal(e: &WebError, tag: Option<Value>) -> Value {
    let mut out = e.json();
    if let (Some(tag), Value::Object(map)) = (tag, &mut out) {
        map.insert("tag".into(), tag);
    }
    out
}

/// A value as JSON (the match layer's types always serialize).
fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl WebMatch {
    /// A web match around `game`.
    pub(crate) fn new(
        id: String,
        seed: u64,
        game: Match,
        owner: String,
        durable: super::persist::Durable,
    ) -> Arc<WebMatch> {
        let (events, _) = broadcast::channel(64);
        let closed = AtomicBool::new(durable.ended().is_some());
        let online = super::presence::Online::new(game.occupants().len());
        Arc::new(WebMatch {
            id,
            seed,
            game: Mutex::new(game),
            events,
            wake: Arc::new(Notify::new()),
            owner,
            closed,
            durable,
            bounds: Default::default(),
            activity: Default::default(),
            fanout: Default::default(),
            online,
        })
    }

    /// The pool the match's agents and hints run on, and its seats' hints.
    pub fn bounds(&self) -> &super::pool::MatchBounds {
        &self.bounds
    }

    /// The settings the match was created with: the normalized body of
    /// `POST /api/matches` (`game`, `variant`, `set`, `seed`, `agents`,
    /// `hotseat`, and what else creation takes), enough to make the same
    /// match again.
    pub fn settings(&self) -> &Value {
        self.durable.settings()
    }

    /// The revision of the match in the store (incremented by every
    /// committed change; 0 when it is kept nowhere).
    pub fn revision(&self) -> u64 {
        self.durable.revision()
    }

    /// When the match was created, in milliseconds since the Unix epoch.
    pub fn created_ms(&self) -> u64 {
        self.durable.created_ms()
    }

    /// The seed of the start position.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub(crate) fn durable(&self) -> &super::persist::Durable {
        &self.durable
    }

    pub(crate) fn owner_token(&self) -> &str {
        &self.owner
    }

    /// Runs `f` on the match under its lock and commits what it changed
    /// (see [`WebMatch::request`]); a failed write leaves the match as it
    /// was and answers `storage`.
    pub(crate) fn commit_with<R>(
        &self,
        ended: Option<&str>,
        f: impl FnOnce(&mut Match) -> R,
    ) -> Result<R, WebError> {
        let mut game = lock(&self.game);
        let out = f(&mut game);
        super::persist::commit(self, &mut game, ended)?;
        Ok(out)
    }

    /// Brings the match to the store's newer revision (a change made by
    /// another server) and tells the connections; says whether it did.
    pub(crate) fn reload(&self) -> Result<bool, super::store::StoreError> {
        let reloaded = super::persist::reload(self, &mut lock(&self.game))?;
        if reloaded {
            self.changed();
        }
        Ok(reloaded)
    }

    /// Whether `token` is the owner's token of the match.
    pub fn is_owner(&self, token: &str) -> bool {
        let a = token.trim().as_bytes();
        let b = self.owner.as_bytes();
        // Compared in constant time for tokens of the right length.
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        lock(&self.game).status().is_over()
    }

    /// Whether the match was ended.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// Ends the match: its agents' task stops and each connection sends
    /// `{"event":"closed","reason":REASON}` and closes. (The hub forgets
    /// it first.)
    pub(crate) fn close(&self, reason: &'static str) {
        self.closed.store(true, Ordering::SeqCst);
        let _ = self.events.send(Event::Closed(reason));
        self.wake.notify_one();
    }

    /// Its connections and the time of its last move (the reaper's).
    pub fn activity(&self) -> &super::reaper::Activity {
        &self.activity
    }

    /// The spectators' `update` after the event `since`, computed once
    /// for all of them.
    pub fn spectator_update(&self, since: u64) -> super::fanout::Shared {
        self.fanout.spectator_update(self, since)
    }

    /// Whether agents hold every seat.
    pub fn agents_only(&self) -> bool {
        lock(&self.game).occupants().iter().all(Occupant::is_agent)
    }

    /// Tells each connection `{"event":"closed","reason":"shutdown"}` as
    /// the server stops, and stops the agents. The match is not ended.
    pub(crate) fn shutdown(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let _ = self.events.send(Event::Closed("shutdown"));
        self.wake.notify_one();
    }

    /// Runs `f` on the match under its lock. For tests and programs that
    /// embed the server (e.g. to act as [`Client::Referee`]); call
    /// [`WebMatch::changed`] after a change so that the connections hear
    /// of it.
    pub fn with_match<R>(&self, f: impl FnOnce(&mut Match) -> R) -> R {
        f(&mut lock(&self.game))
    }

    /// The response of `POST /api/matches`.
    pub(crate) fn created_json(&self) -> Value {
        let game = lock(&self.game);
        let link = |token: &str| format!("/?match={}&token={token}", self.id);
        let hotseat = game.hotseat_token();
        let seats: Vec<Value> = game
            .view(Client::Spectator)
            .seats
            .iter()
            .map(|s| {
                // In hot-seat play the one hot-seat token acts for every
                // person; the seats' own tokens are not handed out.
                let token = match hotseat {
                    Some(_) => None,
                    None => game.seat_token(s.player),
                };
                let mut seat = public_seat(s);
                seat["url"] = json!(token.as_deref().map(link));
                seat["token"] = json!(token);
                seat
            })
            .collect();
        let mut info = self.public_of(&game);
        if let Value::Object(map) = &mut info {
            map.insert("seats".into(), Value::Array(seats));
            map.insert("seed".into(), Value::from(self.seed));
            map.insert("owner_token".into(), Value::from(self.owner.clone()));
            map.insert(
                "hotseat".into(),
                hotseat.map_or(Value::Null, |t| json!({"url": link(&t), "token": t})),
            );
        }
        info
    }

    /// What anyone with the match's id may know of it: the game, its
    /// players and which of them agents play (no token).
    pub fn public_json(&self) -> Value {
        self.public_of(&lock(&self.game))
    }

    fn public_of(&self, game: &Match) -> Value {
        let view = game.view(Client::Spectator);
        let seats: Vec<Value> = view.seats.iter().map(public_seat).collect();
        json!({
            "ok": true,
            "match": self.id,
            "game": view.game,
            "variant": game.session().variant(),
            "players": view.seats.iter().map(|s| s.player_name.clone()).collect::<Vec<_>>(),
            "hidden_information": view.hidden_information,
            "hotseat": game.hotseat_token().is_some(),
            "seats": seats,
            "spectator_url": format!("/?match={}", self.id),
            "status": {
                "moves_played": view.moves_played,
                "over": view.over,
                "to_move": view.to_move.map(|p| p.0),
                "result": view.status,
            },
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
                Client::Spectator | Client::Referee => (Value::Null, true, false),
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
    /// this match has it. The referee's token is never handed out, so it
    /// is refused here too.
    pub fn client(&self, token: Option<&str>) -> Result<Client, WebError> {
        let refused = || {
            WebError::new(
                "bad_token",
                "this token holds no seat of the match (a seat's link has its token; \
                 without a token the match is watched as a spectator)",
            )
        };
        match lock(&self.game).client(token.map(str::trim)) {
            Ok(Client::Referee) | Err(_) => Err(refused()),
            Ok(client) => Ok(client),
        }
    }

    /// A receiver of the match's events.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// Tells every connection that a seat connected.
    pub fn joined(&self, client: Client) {
        if let Client::Seat(p) = client {
            lock(&self.game).joined(p);
            let _ = self.events.send(Event::Joined(p));
        }
    }

    /// Pushes an event to every connection of the match.
    pub(crate) fn send(&self, event: Event) {
        let _ = self.events.send(event);
    }

    /// Tells every connection that the match changed, and wakes the agents.
    pub fn changed(&self) {
        self.activity.touch();
        let _ = self.events.send(Event::Update);
        self.wake.notify_one();
    }

    /// The `update` for `client`: its [`ClientView`] (board, legal moves
    /// and their squares, the last move with its frames, pending requests,
    /// seats), plus on a seat's turn in a placement the placement to make,
    /// and a seat's game-specific view (`seat_view`: trays, own setup).
    /// With `since` (the last event this connection sent), the events
    /// after it as the client may know them (`events`: the moves for its
    /// move list, the newest `FRAMED_EVENTS` with their frames), or `resync: true` when the match
    /// no longer keeps them. Only the current position and the new events:
    /// its cost does not grow with the length of the game.
    pub fn update_for(&self, client: Client, since: Option<u64>) -> Value {
        let game = lock(&self.game);
        let mut update = update_json(&game, client);
        if let (Some(since), Value::Object(map)) = (since, &mut update) {
            let (events, resync) = match game.events_since(client, since) {
                EventsSince::Events { events } => (events, false),
                EventsSince::Resync { .. } => (Vec::new(), true),
            };
            // The frames of the last few moves stay (as the client may see
            // them): when an agent replied before this update went out, the
            // page still shows the person's own move step by step, then the
            // reply. Older moves go without (the cost stays bounded).
            let keep_from = events
                .iter()
                .filter(|e| matches!(e.event, MatchEvent::Moved { .. }))
                .count()
                .saturating_sub(FRAMED_EVENTS);
            let mut moved = 0;
            let events: Vec<Value> = events
                .into_iter()
                .map(|mut entry| {
                    let mut keep = false;
                    if let MatchEvent::Moved { frames, .. } = &mut entry.event {
                        keep = moved >= keep_from && !frames.is_empty();
                        moved += 1;
                        if !keep {
                            frames.clear();
                        }
                    }
                    let mut value = to_json(&entry);
                    if let Value::Object(m) = &mut value {
                        if !keep {
                            m.remove("frames");
                        }
                    }
                    value
                })
                .collect();
            map.insert("events".into(), Value::Array(events));
            map.insert("resync".into(), Value::Bool(resync));
        }
        if let Value::Object(map) = &mut update {
            let agents: Vec<bool> = game.occupants().iter().map(Occupant::is_agent).collect();
            map.insert(
                "presence".into(),
                super::presence::presence_of(self, &agents),
            );
            map.insert("rematch_offer".into(), super::rematch::offer_json(self));
        }
        update
    }

    /// Answers one message of `client` (its text as received); also says
    /// whether the match changed. A hint thinks without the lock.
    pub async fn request(self: &Arc<Self>, client: Client, text: &str) -> (Value, bool) {
        let (action, tag) = match parse(text) {
            Ok(parsed) => parsed,
            Err((e, tag)) => return (refusal(&e, tag), false),
        };
        if let Action::Hint(spec) = &action {
            return match super::pool::hint(self, client, spec).await {
                Ok(mv) => {
                    let mut fields = Map::new();
                    fields.insert("move".into(), Value::from(mv));
                    (answer(fields, tag), false)
                }
                Err(e) => (refusal(&e, tag), false),
            };
        }
        let mut game = lock(&self.game);
        let before = game.version();
        let mut result = act(&mut game, client, action);
        let changed = game.version() != before;
        if changed {
            // Committed before it is answered; a failed write undoes it.
            if let Err(e) = super::persist::commit(self, &mut game, None) {
                result = Err(e);
            }
        }
        drop(game);
        match result {
            Ok(mut fields) => {
                if let Some(Value::Object(update)) = fields.get_mut("update") {
                    // As in every update: who is connected, the rematch offer.
                    update.insert("presence".into(), super::presence::presence_json(self));
                    update.insert("rematch_offer".into(), super::rematch::offer_json(self));
                }
                (answer(fields, tag), changed)
            }
            Err(e) => (refusal(&e, tag), changed),
        }
    }
}

/// A seat as anyone may know it: the player, its name, the spec of the
/// agent that plays it (`null` for a person) and the person's name
/// (`null` for an agent).
fn public_seat(seat: &SeatView) -> Value {
    let (agent, person) = match &seat.occupant {
        Occupant::Agent { spec } => (Some(spec.clone()), None),
        Occupant::Person { name } => (None, Some(name.clone())),
        Occupant::Empty => (None, None),
    };
    json!({"player": seat.player.0, "name": seat.player_name, "agent": agent, "person": person})
}

/// Runs one action (not a hint) on the match: the one field of its answer.
fn act(game: &mut Match, client: Client, action: Action) -> Result<Map<String, Value>, WebError> {
    let (name, value) = match action {
        Action::View => ("update", update_json(game, client)),
        Action::Play(mv) => ("played", to_json(&game.play(client, mv)?)),
        Action::Placement(arrangement) => {
            // The match checks the turn; the session turns the arrangement
            // into the move, which is played as any other.
            game.acting_for(client)?;
            if game.session().placement().is_none() {
                return Err(WebError::new(
                    "not_allowed",
                    "no placement is to be made now",
                ));
            }
            let mv = game.session().placement_move(&arrangement).ok_or_else(|| {
                WebError::new(
                    "illegal_move",
                    "the arrangement does not fit the placement (one entry a square, pieces by index)",
                )
            })?;
            ("played", to_json(&game.play(client, MoveRef::Text(mv))?))
        }
        Action::Undo => ("undo", to_json(&game.request_undo(client)?)),
        Action::AnswerUndo(accept) => ("undo", to_json(&game.answer_undo(client, accept)?)),
        Action::OfferDraw => ("draw", to_json(&game.offer_draw(client)?)),
        Action::AnswerDraw(accept) => ("draw", to_json(&game.answer_draw(client, accept)?)),
        Action::Resign => ("outcome", to_json(&game.resign(client)?)),
        Action::Hint(_) => unreachable!("hints are answered without the lock"),
        Action::Rematch => {
            return Err(WebError::new(
                "not_allowed",
                "a rematch is asked over the match's WebSocket (/ws)",
            ))
        }
    };
    let mut fields = Map::new();
    fields.insert(name.into(), value);
    Ok(fields)
}

/// The `update` of `client` (see [`WebMatch::update_for`]).
fn update_json(game: &Match, client: Client) -> Value {
    let view: ClientView = game.view(client);
    let placement = match view.your_turn {
        true => game.session().placement(),
        false => None,
    };
    let seat_view = view.seat.map(|p| game.session().view_json(p));
    let mut out = Map::new();
    out.insert("event".into(), Value::from("update"));
    if let Value::Object(mut fields) = to_json(&view) {
        out.append(&mut fields);
    }
    out.insert("placement".into(), to_json(&placement));
    out.insert("seat_view".into(), seat_view.unwrap_or(Value::Null));
    Value::Object(out)
}

/// Starts the task that plays the agents' seats of a match: it takes an
/// agent's turn under the lock, lets the agent think on a blocking thread
/// without the lock, and gives the turn back under the lock (the match
/// discards the move if anything changed meanwhile). It waits for a change
/// when no agent is to move, and ends when the hub forgets the match.
pub(crate) fn start_agents(m: &Arc<WebMatch>) {
    // A match with clocks gets its timer: a flag falls with nobody acting.
    super::clock_timer::start(m);
    let any_agent = lock(&m.game)
        .occupants()
        .iter()
        .any(plateau::matches::Occupant::is_agent);
    if !any_agent {
        return;
    }
    let weak: Weak<WebMatch> = Arc::downgrade(m);
    let wake = m.wake.clone();
    tokio::spawn(async move {
        loop {
            // Whether another server holds the agent's turn.
            let mut elsewhere = false;
            {
                let Some(m) = weak.upgrade() else {
                    break;
                };
                if m.is_closed() {
                    break;
                }
                loop {
                    if m.is_closed() {
                        return;
                    }
                    let turn = {
                        let mut game = lock(&m.game);
                        // Another server may be playing this turn.
                        match super::persist::claim_agent_turn(&m, &game) {
                            true => game.take_agent_turn(),
                            false => {
                                elsewhere = true;
                                None
                            }
                        }
                    };
                    let Some(turn) = turn else {
                        break;
                    };
                    let Ok(turn) = super::pool::think(&m, turn).await else {
                        break;
                    };
                    if m.is_closed() {
                        return;
                    }
                    let kept = {
                        let mut game = lock(&m.game);
                        match game.finish_agent_turn(turn) {
                            // Committed before anyone hears of it.
                            Ok(Some(_)) => Ok(super::persist::commit(&m, &mut game, None)),
                            Ok(None) => Ok(Ok(())),
                            Err(e) => Err(e),
                        }
                    };
                    let kept = match kept {
                        Ok(kept) => kept,
                        Err(e) => {
                            eprintln!("match {}: {e}", m.id);
                            m.changed();
                            break;
                        }
                    };
                    m.activity.touch();
                    let _ = m.events.send(Event::Update);
                    if kept.is_err_and(|e| e.kind == "storage") {
                        // The move was not kept (and undone): try again
                        // a little later.
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
            }
            if elsewhere {
                // Its move comes as a change; if that server stopped
                // meanwhile, the turn is claimed again here.
                let _ = tokio::time::timeout(CLAIM_RETRY, wake.notified()).await;
            } else {
                wake.notified().await;
            }
        }
    });
}

/// How often a server asks again for an agent's turn that another server
/// holds (the store gives it once that server is gone).
const CLAIM_RETRY: std::time::Duration = std::time::Duration::from_secs(1);
