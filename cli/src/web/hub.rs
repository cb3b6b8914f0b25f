//! The matches of `plateau web`: each one a [`plateau::matches::Match`]
//! behind a mutex ([`WebMatch`], in `room.rs`), kept by id, with the task
//! that plays its agents' seats. Everything a match decides (seats, tokens,
//! the turn, undo, draws, resignations, hints, what each client may see)
//! is the match layer's; this module makes matches from the lobby's
//! `POST /api/matches` and finds them again.

use crate::common::rules_request;
use plateau::matches::{MatchOptions, Occupant};
use plateau::{Registry, RulesSpec};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

pub use super::error::WebError;
pub use super::guard::Guard;
pub use super::room::{Event, WebMatch, MAX_ITERATIONS, MAX_THINK};
pub use super::tokens::{new_token, token_hex};
pub use plateau::matches::Client;

/// The most matches kept by default. Creating one more drops the oldest
/// finished match, or is refused (`too_many_matches`) when all are live.
pub const MAX_MATCHES: usize = 256;

/// The fields of `POST /api/matches`.
const MATCH_FIELDS: &[&str] = &["game", "variant", "set", "seed", "agents", "hotseat"];

/// The matches of one web server.
pub struct Hub {
    registry: &'static Registry,
    matches: Mutex<Matches>,
    max_matches: usize,
    guard: Guard,
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
    pub fn with(registry: &Registry, max_matches: usize, guard: Guard) -> Arc<Hub> {
        Arc::new(Hub {
            registry: Box::leak(Box::new(registry.clone())),
            matches: Mutex::new(Matches::default()),
            max_matches: max_matches.max(1),
            guard,
        })
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
        {
            let mut matches = lock(&self.matches);
            matches.by_id.remove(id);
            matches.order.retain(|x| x != id);
        }
        m.close("deleted");
        Ok(())
    }

    /// The registry of the games served.
    pub fn registry(&self) -> &'static Registry {
        self.registry
    }

    /// The match of that id, or `unknown_match`.
    pub fn find(&self, id: &str) -> Result<Arc<WebMatch>, WebError> {
        lock(&self.matches).by_id.get(id).cloned().ok_or_else(|| {
            WebError::new(
                "unknown_match",
                format!(
                    "no match has id '{}' (it may have ended with a restart of the server)",
                    clip(id)
                ),
            )
        })
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
        if let Some(key) = body.keys().find(|k| !MATCH_FIELDS.contains(&k.as_str())) {
            return Err(WebError::bad_request(format!(
                "a match has no field '{}'; its fields: {}",
                clip(key),
                MATCH_FIELDS.join(", ")
            )));
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
        let agents = agents_field(body.get("agents"), &players)?;
        let occupants = players
            .iter()
            .zip(agents)
            .map(|(name, agent)| match agent {
                Some(spec) => Occupant::agent(spec),
                None => Occupant::person(name.clone()),
            })
            .collect();
        let options = MatchOptions {
            hotseat,
            agent_seed: None,
        };
        let made = plateau::matches::Match::new(rules, seed, occupants, options)
            .map_err(WebError::from)?;
        let id = token_hex(&new_token()?);
        let owner = token_hex(&new_token()?);
        let m = WebMatch::new(id.clone(), seed, made, owner);
        let response = m.created_json();
        let mut dropped = Vec::new();
        {
            let mut matches = lock(&self.matches);
            while matches.by_id.len() >= self.max_matches {
                // Only a finished match may make room: a live one is never
                // dropped.
                let finished = matches
                    .order
                    .iter()
                    .position(|old| matches.by_id.get(old).is_none_or(|m| m.is_over()));
                let Some(at) = finished else {
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
            matches.by_id.insert(id.clone(), m.clone());
            matches.order.push_back(id);
        }
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

/// The agent spec of each player from the `agents` field (`{"1":
/// "ai:time=1s"}`, players by number or name), each within the think caps
/// (the match checks the rest when it is made).
fn agents_field(
    field: Option<&Value>,
    players: &[String],
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
                    "unknown_player",
                    format!(
                        "field 'agents': no player '{}'; players: {}",
                        clip(key),
                        names.join(", ")
                    ),
                )
            })?;
        let Some(spec) = spec.as_str() else {
            return Err(WebError::bad_request(format!(
                "field 'agents': the agent of '{}' must be a spec string such as \"ai\"",
                clip(key)
            )));
        };
        super::room::check_think(spec, None).map_err(|e| {
            WebError::new(
                e.kind,
                format!("field 'agents', player '{}': {}", clip(key), e.message),
            )
        })?;
        agents[player] = Some(spec.trim().to_string());
    }
    Ok(agents)
}
