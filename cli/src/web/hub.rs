//! The matches of `plateau web`: each one a [`plateau::matches::Match`]
//! behind a mutex ([`WebMatch`], in `room.rs`), kept by id, with the task
//! that plays its agents' seats. Everything a match decides (seats, tokens,
//! the turn, undo, draws, resignations, hints, what each client may see)
//! is the match layer's; this module makes matches from the lobby's
//! `POST /api/matches` and finds them again.

use crate::common::rules_request;
use plateau::matches::{ClockSettings, MatchOptions, Occupant};
use plateau::{Registry, RulesSpec};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use super::persist;
use super::store::{Store, StoreError};

pub use super::error::WebError;
pub use super::guard::Guard;
pub use super::pool::{AgentPool, PoolSettings};
pub use super::room::{Event, WebMatch, MAX_THINK};
pub use super::tokens::{new_token, token_hex};
pub use plateau::matches::Client;

/// The most matches kept by default. Creating one more drops the oldest
/// finished match, or is refused (`too_many_matches`) when all are live.
pub const MAX_MATCHES: usize = 256;

/// The fields of `POST /api/matches`.
const MATCH_FIELDS: &[&str] = &[
    "game", "variant", "set", "seed", "agents", "hotseat", "clock", "names",
];

/// The matches of one web server.
pub struct Hub {
    registry: &'static Registry,
    matches: Mutex<Matches>,
    max_matches: usize,
    guard: Guard,
    /// The pool the agents and hints run on, with their limits.
    pool: Arc<AgentPool>,
    /// Where matches are kept (none: nowhere).
    store: Option<Arc<dyn Store>>,
    /// The analyses of recorded games being computed or kept.
    analyses: super::analyses::Analyses,
}

#[derive(Default)]
struct Matches {
    by_id: HashMap<String, Arc<WebMatch>>,
    order: VecDeque<String>,
}

/// A lock that survives a panic of another holder (the data stays usable:
/// a request either ran or not).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// `bad_request` naming the first key of `body` that is not one of
/// `fields`, and listing them (`what`: "a match", "a replay", ...).
pub(crate) fn only_fields(
    body: &serde_json::Map<String, Value>,
    what: &str,
    fields: &[&str],
) -> Result<(), WebError> {
    match body.keys().find(|k| !fields.contains(&k.as_str())) {
        Some(key) => Err(WebError::bad_request(format!(
            "{what} has no field '{}'; its fields: {}",
            clip(key),
            fields.join(", ")
        ))),
        None => Ok(()),
    }
}

/// At most 60 characters of client text, for error messages.
pub(crate) fn clip(text: &str) -> String {
    let clipped: String = text.chars().take(60).collect();
    let clipped = plateau::escape_controls(&clipped).into_owned();
    if text.chars().count() > 60 {
        format!("{clipped}…")
    } else {
        clipped
    }
}

impl Hub {
    /// A hub serving the games of `registry`. The hub lives as long as the
    /// program (it keeps a copy of the registry for good).
    pub fn new(registry: &Registry) -> Arc<Hub> {
        Hub::with(registry, MAX_MATCHES, Guard::loopback())
    }

    /// A hub keeping at most `max_matches` matches (at least one), whose
    /// requests pass `guard` (the Host and Origin checks).
    /// Its matches are kept in memory only (a SQLite store in memory), its
    /// agents run on the shared default pool.
    pub fn with(registry: &Registry, max_matches: usize, guard: Guard) -> Arc<Hub> {
        let store = super::store::SqliteStore::in_memory()
            .ok()
            .map(|s| Arc::new(s) as Arc<dyn Store>);
        Hub::build(
            registry,
            max_matches,
            guard,
            store,
            AgentPool::shared_default(),
        )
    }

    /// [`Hub::with`], its agents and hints run on `pool` within its limits.
    pub fn with_pool(
        registry: &Registry,
        max_matches: usize,
        guard: Guard,
        pool: Arc<AgentPool>,
    ) -> Arc<Hub> {
        let store = super::store::SqliteStore::in_memory()
            .ok()
            .map(|s| Arc::new(s) as Arc<dyn Store>);
        Hub::build(registry, max_matches, guard, store, pool)
    }

    /// [`Hub::with_store_and_pool`] on the shared default pool.
    pub fn with_store(
        registry: &Registry,
        max_matches: usize,
        guard: Guard,
        store: Arc<dyn Store>,
    ) -> Result<Arc<Hub>, StoreError> {
        Hub::with_store_and_pool(
            registry,
            max_matches,
            guard,
            store,
            AgentPool::shared_default(),
        )
    }

    /// A hub as [`Hub::with_pool`] whose matches are kept in `store`: every
    /// change is committed there before it is answered. Every unfinished
    /// match of the store is there again: those with agents come back at
    /// once, so that the agents resume their turn (the most recently
    /// changed first, at most half of `max_matches`, so that new matches
    /// can still be made), the others when asked for by id ([`Hub::find`],
    /// e.g. when a page reconnects). Changes other servers make to the
    /// store are heard ([`Store::subscribe`]). Must be called within the
    /// server's runtime.
    pub fn with_store_and_pool(
        registry: &Registry,
        max_matches: usize,
        guard: Guard,
        store: Arc<dyn Store>,
        pool: Arc<AgentPool>,
    ) -> Result<Arc<Hub>, StoreError> {
        let hub = Hub::build(registry, max_matches, guard, Some(store.clone()), pool);
        let mut unfinished = persist::blocking(|| store.unfinished())?;
        // Matches whose agents have a turn to resume, or whose clocks run.
        unfinished.retain(|m| {
            let settings = &m.state["settings"];
            settings["agents"]
                .as_object()
                .is_some_and(|a| !a.is_empty())
                || !settings["clock"].is_null()
        });
        unfinished.sort_by_key(|m| std::cmp::Reverse(m.updated_ms));
        for kept in unfinished.iter().take(hub.max_matches.div_ceil(2)) {
            match persist::revive(hub.registry, &store, kept) {
                Ok(m) => {
                    m.bounds().attach(hub.pool.clone());
                    let mut matches = lock(&hub.matches);
                    matches.by_id.insert(m.id.clone(), m.clone());
                    matches.order.push_front(m.id.clone());
                    drop(matches);
                    super::room::start_agents(&m);
                }
                Err(e) => eprintln!("cannot bring back a match: {e}"),
            }
        }
        if let Some(mut notices) = store.subscribe() {
            let weak = Arc::downgrade(&hub);
            tokio::spawn(async move {
                while let Some(notice) = notices.recv().await {
                    let Some(hub) = weak.upgrade() else {
                        break;
                    };
                    hub.heard(&notice);
                }
            });
        }
        Ok(hub)
    }

    fn build(
        registry: &Registry,
        max_matches: usize,
        guard: Guard,
        store: Option<Arc<dyn Store>>,
        pool: Arc<AgentPool>,
    ) -> Arc<Hub> {
        Arc::new(Hub {
            registry: Box::leak(Box::new(registry.clone())),
            matches: Mutex::new(Matches::default()),
            max_matches: max_matches.max(1),
            guard,
            pool,
            store,
            analyses: super::analyses::Analyses::default(),
        })
    }

    /// The analyses of recorded games.
    pub fn analyses(&self) -> &super::analyses::Analyses {
        &self.analyses
    }

    /// The pool the agents and hints run on.
    pub fn pool(&self) -> &Arc<AgentPool> {
        &self.pool
    }

    /// The store of the matches, if any.
    pub fn store(&self) -> Option<&Arc<dyn Store>> {
        self.store.as_ref()
    }

    /// A change another server committed: the match, if kept here, is
    /// brought to it and its connections and agents hear of it.
    fn heard(&self, notice: &super::store::Notice) {
        let Some(m) = lock(&self.matches).by_id.get(&notice.id).cloned() else {
            return;
        };
        if notice.revision <= m.revision() {
            return;
        }
        match m.reload() {
            Ok(_) if m.durable().ended().is_some() => {
                self.forget(&m.id);
                m.close("deleted");
            }
            Ok(_) => {}
            Err(e) => eprintln!("match {}: {e}", m.id),
        }
    }

    /// Forgets the match of `id` (its agents and connections go on until
    /// it is closed).
    fn forget(&self, id: &str) {
        let mut matches = lock(&self.matches);
        matches.by_id.remove(id);
        matches.order.retain(|x| x != id);
    }

    /// Public summaries of the kept matches (`GET /api/matches`), newest
    /// first: finished ones or unfinished ones, at most `limit`.
    pub fn list(&self, finished: bool, limit: usize) -> Result<Vec<Value>, WebError> {
        let Some(store) = &self.store else {
            return Ok(Vec::new());
        };
        let kept = store.recent(finished, limit).map_err(|e| {
            eprintln!("{e}");
            WebError::new(
                "storage",
                "the server could not read its matches; try again later",
            )
        })?;
        Ok(kept.iter().map(persist::summary).collect())
    }

    /// The checks of the Host and Origin headers.
    pub fn guard(&self) -> &Guard {
        &self.guard
    }

    /// The most matches kept.
    pub fn max_matches(&self) -> usize {
        self.max_matches
    }

    /// The number of matches kept.
    pub fn len(&self) -> usize {
        lock(&self.matches).by_id.len()
    }

    /// Whether no match is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ends the match `id` for its owner (`DELETE /api/matches/ID`): the
    /// hub forgets it, its agents stop and its connections close.
    pub fn delete(&self, id: &str, token: Option<&str>) -> Result<(), WebError> {
        let m = self.find(id)?;
        if !token.is_some_and(|t| m.is_owner(t)) {
            return Err(WebError::new(
                "bad_token",
                "ending a match needs its owner's token (owner_token, answered when the \
                 match was created): DELETE /api/matches/ID?token=OWNER",
            ));
        }
        // Kept as finished (it can still be listed), then forgotten here.
        m.commit_with(Some("deleted"), |_| ())?;
        self.forget(id);
        m.close("deleted");
        Ok(())
    }

    /// The matches kept, in no order.
    pub fn matches(&self) -> Vec<Arc<WebMatch>> {
        lock(&self.matches).by_id.values().cloned().collect()
    }

    /// Forgets the match `id` and closes it with `reason`; whether it was
    /// kept.
    pub fn remove(&self, id: &str, reason: &'static str) -> bool {
        let removed = {
            let mut matches = lock(&self.matches);
            matches.order.retain(|x| x != id);
            matches.by_id.remove(id)
        };
        removed.map(|m| m.close(reason)).is_some()
    }

    /// The registry of the games served.
    pub fn registry(&self) -> &'static Registry {
        self.registry
    }

    /// The match of that id, or `unknown_match`.
    /// A match not in memory is brought back from the store (if there is
    /// room); a match its owner ended is unknown.
    pub fn find(&self, id: &str) -> Result<Arc<WebMatch>, WebError> {
        if let Some(m) = lock(&self.matches).by_id.get(id).cloned() {
            return Ok(m);
        }
        let unknown = || {
            WebError::new(
                "unknown_match",
                format!(
                    "no match has id '{}' (it may have been ended by its owner)",
                    clip(id)
                ),
            )
        };
        let Some(store) = &self.store else {
            return Err(unknown());
        };
        if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(unknown());
        }
        let storage = |e: StoreError| {
            eprintln!("{e}");
            WebError::new(
                "storage",
                "the server could not read the match; try again later",
            )
        };
        let kept = persist::blocking(|| store.load(id))
            .map_err(storage)?
            .ok_or_else(unknown)?;
        if persist::was_ended(&kept) {
            return Err(unknown());
        }
        let m = persist::revive(self.registry, store, &kept).map_err(storage)?;
        m.bounds().attach(self.pool.clone());
        let (m, dropped) = {
            let mut matches = lock(&self.matches);
            if let Some(other) = matches.by_id.get(id) {
                // Brought back meanwhile by another request.
                return Ok(other.clone());
            }
            let dropped = self.make_room(&mut matches)?;
            matches.by_id.insert(m.id.clone(), m.clone());
            matches.order.push_back(m.id.clone());
            (m, dropped)
        };
        for old in dropped {
            old.close("dropped");
        }
        super::room::start_agents(&m);
        Ok(m)
    }

    /// Drops finished matches until one more fits, or answers
    /// `too_many_matches` when all are live.
    fn make_room(&self, matches: &mut Matches) -> Result<Vec<Arc<WebMatch>>, WebError> {
        let mut dropped: Vec<Arc<WebMatch>> = Vec::new();
        while matches.by_id.len() >= self.max_matches {
            // Only a finished match may make room: a live one is never
            // dropped.
            let finished = matches
                .order
                .iter()
                .position(|old| matches.by_id.get(old).is_none_or(|m| m.is_over()));
            let Some(at) = finished else {
                for m in dropped {
                    // Put back: nothing is dropped for a refused request.
                    matches.by_id.insert(m.id.clone(), m.clone());
                    matches.order.push_front(m.id.clone());
                }
                return Err(WebError::new(
                    "too_many_matches",
                    format!(
                        "the server already keeps {} matches, the most it keeps, and none \
                         of them is finished; end one (DELETE /api/matches/ID with its \
                         owner's token) or try again later",
                        self.max_matches
                    ),
                ));
            };
            if let Some(oldest) = matches.order.remove(at) {
                dropped.extend(matches.by_id.remove(&oldest));
            }
        }
        Ok(dropped)
    }

    /// Creates a match from the body of `POST /api/matches`; returns it
    /// with the response (seats, tokens, links). Agents start at once where
    /// it is their turn. Must be called within the server's runtime.
    pub fn create(&self, body: &Value) -> Result<(Arc<WebMatch>, Value), WebError> {
        let Value::Object(body) = body else {
            return Err(WebError::bad_request(
                "the body must be a JSON object such as {\"game\":\"hus\"}",
            ));
        };
        only_fields(body, "a match", MATCH_FIELDS)?;
        let hotseat = match body.get("hotseat") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                return Err(WebError::bad_request(
                    "field 'hotseat' must be true or false",
                ))
            }
        };
        let rules = self.rules(body)?;
        let seed = match body.get("seed") {
            None | Some(Value::Null) => {
                let token = new_token()?;
                let mut bytes = [0u8; 8];
                bytes.copy_from_slice(&token[..8]);
                // Short enough to read and type; kept in the record.
                u64::from_le_bytes(bytes) % 1_000_000_007
            }
            Some(v) => v.as_u64().ok_or_else(|| {
                WebError::bad_request(format!(
                    "field 'seed' must be a non-negative integer, not {}",
                    clip(&v.to_string())
                ))
            })?,
        };
        let players: Vec<String> = (0..rules.num_players())
            .map(|i| rules.player_name(plateau::Player(i as u8)))
            .collect();
        let agents = agents_field(body.get("agents"), &players, &self.pool)?;
        let agents_specs = agents.clone();
        let names = super::names::names_field(body.get("names"), &players, &agents)?;
        let names_given = names.clone();
        let occupants = players
            .iter()
            .zip(agents)
            .zip(names)
            .map(|((player, agent), name)| match agent {
                Some(spec) => Occupant::agent(spec),
                None => Occupant::person(name.unwrap_or_else(|| player.clone())),
            })
            .collect();
        let options = MatchOptions {
            hotseat,
            agent_seed: None,
            agent_limits: self.pool.limits(),
            clock: clock_field(body.get("clock"))?,
        };
        let made = plateau::matches::Match::new(rules, seed, occupants, options)
            .map_err(WebError::from)?;
        let id = token_hex(&new_token()?);
        let owner = token_hex(&new_token()?);
        let settings = settings_json(
            made.game().id(),
            body,
            seed,
            &agents_specs,
            &names_given,
            hotseat,
        );
        let durable = persist::Durable::new(self.registry, self.store.clone(), settings);
        let m = WebMatch::new(id.clone(), seed, made, owner, durable);
        m.bounds().attach(self.pool.clone());
        let response = m.created_json();
        let dropped = {
            let mut matches = lock(&self.matches);
            let dropped = self.make_room(&mut matches)?;
            // Kept before it is answered.
            if let Err(e) = m.with_match(|game| persist::insert(&m, game)) {
                for old in &dropped {
                    matches.by_id.insert(old.id.clone(), old.clone());
                    matches.order.push_front(old.id.clone());
                }
                return Err(e);
            }
            matches.by_id.insert(id.clone(), m.clone());
            matches.order.push_back(id);
            dropped
        };
        for old in dropped {
            old.close("dropped");
        }
        super::room::start_agents(&m);
        Ok((m, response))
    }

    /// The rules of the body's `game`, `variant` and `set`.
    fn rules(
        &self,
        body: &serde_json::Map<String, Value>,
    ) -> Result<Box<dyn plateau::DynGame>, WebError> {
        let game = match body.get("game") {
            Some(Value::String(g)) => g,
            Some(_) => return Err(WebError::bad_request("field 'game' must be a game id")),
            None => {
                return Err(WebError::bad_request(
                    "missing field 'game' (a game id, e.g. \"stratego\")",
                ))
            }
        };
        let entry = self
            .registry
            .find(game)
            .map_err(|m| WebError::new("unknown_game", m))?;
        let variant = match body.get("variant") {
            None | Some(Value::Null) => None,
            Some(Value::String(v)) => Some(v.as_str()),
            Some(_) => {
                return Err(WebError::bad_request(
                    "field 'variant' must be a variant's name",
                ))
            }
        };
        if let Some(message) =
            variant.and_then(|name| rules_request::unknown_variant(entry, name, clip))
        {
            return Err(WebError::new("unknown_variant", message));
        }
        let spec = RulesSpec {
            variant: variant.map(str::to_string),
            file: None,
            overrides: rules_request::overrides(body.get("set"), clip)
                .map_err(WebError::bad_request)?,
        };
        rules_request::load(entry, &spec).map_err(|m| WebError::new("bad_rules", m))
    }
}

/// The clocks of the `clock` field: `{"base": SECONDS, "increment":
/// SECONDS}` (numbers, fractions allowed; the increment may be left out),
/// or a text such as `"5+3"` (minutes plus seconds) or `"3s+0"`
/// ([`ClockSettings::parse`]); absent or null: no clocks.
fn clock_field(field: Option<&Value>) -> Result<Option<ClockSettings>, WebError> {
    let bad = |message: String| WebError::new("bad_clock", format!("field 'clock': {message}"));
    let form = "write it as {\"base\": SECONDS, \"increment\": SECONDS} or as \"5+3\" \
                (minutes plus seconds)";
    let settings = match field {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(text)) => ClockSettings::parse(text).map_err(|e| bad(e.to_string()))?,
        Some(Value::Object(map)) => {
            if let Some(key) = map.keys().find(|k| *k != "base" && *k != "increment") {
                return Err(bad(format!("a clock has no field '{}'; {form}", clip(key))));
            }
            let ms = |name: &str, required: bool| -> Result<u64, WebError> {
                match map.get(name) {
                    None | Some(Value::Null) if !required => Ok(0),
                    None | Some(Value::Null) => Err(bad(format!("missing '{name}'; {form}"))),
                    Some(v) => v
                        .as_f64()
                        .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 1e9)
                        .map(|s| (s * 1000.0).round() as u64)
                        .ok_or_else(|| {
                            bad(format!(
                                "'{name}' must be a number of seconds (0 or more), not {}",
                                clip(&v.to_string())
                            ))
                        }),
                }
            };
            ClockSettings::new(ms("base", true)?, ms("increment", false)?)
                .map_err(|e| bad(e.to_string()))?
        }
        Some(v) => {
            return Err(bad(format!(
                "{} is not a clock; {form}",
                clip(&v.to_string())
            )))
        }
    };
    Ok(Some(settings))
}

/// The creation settings kept with a match (see [`WebMatch::settings`]):
/// the body of `POST /api/matches` with its defaults filled in.
fn settings_json(
    game: &str,
    body: &serde_json::Map<String, Value>,
    seed: u64,
    agents: &[Option<String>],
    names: &[Option<String>],
    hotseat: bool,
) -> Value {
    let by_player = |items: &[Option<String>]| -> serde_json::Map<String, Value> {
        items
            .iter()
            .enumerate()
            .filter_map(|(i, a)| Some((i.to_string(), Value::from(a.clone()?))))
            .collect()
    };
    let agents = by_player(agents);
    let names = by_player(names);
    serde_json::json!({
        "game": game,
        "variant": body.get("variant").cloned().unwrap_or(Value::Null),
        "set": body.get("set").cloned().unwrap_or(Value::Null),
        "seed": seed,
        "agents": agents,
        "hotseat": hotseat,
        "clock": body.get("clock").cloned().unwrap_or(Value::Null),
        "names": names,
    })
}

/// The agent spec of each player from the `agents` field (`{"1":
/// "ai:time=1s"}`, players by number or name), each within the think caps
/// (the match checks the rest when it is made).
fn agents_field(
    field: Option<&Value>,
    players: &[String],
    pool: &AgentPool,
) -> Result<Vec<Option<String>>, WebError> {
    let mut agents = vec![None; players.len()];
    let map =
        match field {
            None | Some(Value::Null) => return Ok(agents),
            Some(Value::Object(map)) => map,
            Some(_) => return Err(WebError::bad_request(
                "field 'agents' must be an object from player to agent spec, e.g. {\"1\":\"ai\"}",
            )),
        };
    for (key, spec) in map {
        let player = super::names::player_of("agents", key, players)?;
        let Some(spec) = spec.as_str() else {
            return Err(WebError::bad_request(format!(
                "field 'agents': the agent of '{}' must be a spec string such as \"ai\"",
                clip(key)
            )));
        };
        super::room::check_think_within(spec, None, pool.max_think())
            .and_then(|()| pool.check_spec(spec))
            .map_err(|e| {
                WebError::new(
                    e.kind,
                    format!("field 'agents', player '{}': {}", clip(key), e.message),
                )
            })?;
        agents[player] = Some(spec.trim().to_string());
    }
    Ok(agents)
}
