//! Analyses of recorded games, computed by the server in the background
//! ([`plateau::analysis`]) for the replay viewer and the game-over panel.
//!
//! `POST /api/analyses` with a record (and, in a game of hidden
//! information, the seat whose view is analysed) or with a finished
//! match's id and a seat's token starts one; `GET /api/analyses/ID` tells
//! how far it got and, once done, gives it.
//!
//! Bounded like every agent's work: it runs on the agents' pool (refused
//! `busy` when the pool's queue is full), at most [`MAX_RUNNING`] at once
//! (`busy` beyond), each position searched within the pool's node cap and
//! a time per position that keeps the whole analysis under
//! [`MAX_TOTAL`]; at most [`MAX_KEPT`] analyses are kept, for
//! [`KEEP_FOR`] after they end, the oldest dropped first. A live match is
//! not analysed (that would be an engine at the table), and a game of
//! hidden information only from one seat's view, with that seat's token
//! for a match.

use super::error::WebError;
use super::hub::{clip, lock, Hub};
use super::pool::Job;
use plateau::analysis::{analyse, AnalysisOptions, GameAnalysis};
use plateau::matches::Client;
use plateau::GameRecord;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most analyses running at once.
pub const MAX_RUNNING: usize = 2;
/// The most analyses kept (running or done).
pub const MAX_KEPT: usize = 64;
/// How long a finished analysis is kept.
pub const KEEP_FOR: Duration = Duration::from_secs(600);
/// The longest a whole analysis may search.
pub const MAX_TOTAL: Duration = Duration::from_secs(60);
/// The most time for one position.
pub const MAX_PER_POSITION: Duration = Duration::from_millis(300);
/// The least time for one position (a long game is analysed faster).
pub const MIN_PER_POSITION: Duration = Duration::from_millis(20);
/// The agent used unless the request names one.
pub const DEFAULT_AGENT: &str = "ai";

/// The fields of `POST /api/analyses`.
const FIELDS: &[&str] = &["record", "seat", "agent", "match", "token"];

/// One analysis: how far it got, and its result once it ended.
struct Entry {
    started: Instant,
    ended: Option<Instant>,
    done: Arc<AtomicUsize>,
    total: usize,
    result: Option<Result<GameAnalysis, WebError>>,
}

/// The analyses of one server.
#[derive(Default)]
pub struct Analyses {
    entries: Mutex<HashMap<String, Entry>>,
}

impl Analyses {
    /// Drops analyses ended more than [`KEEP_FOR`] ago, then the oldest
    /// ended ones beyond [`MAX_KEPT`] - 1 (room for one more); false if
    /// all kept ones are running and there is no room.
    fn make_room(&self, entries: &mut HashMap<String, Entry>) -> bool {
        let now = Instant::now();
        entries.retain(|_, e| e.ended.is_none_or(|t| now - t < KEEP_FOR));
        while entries.len() >= MAX_KEPT {
            let oldest = entries
                .iter()
                .filter(|(_, e)| e.ended.is_some())
                .min_by_key(|(_, e)| e.started)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => {
                    entries.remove(&id);
                }
                None => return false,
            }
        }
        true
    }

    fn running(entries: &HashMap<String, Entry>) -> usize {
        entries.values().filter(|e| e.ended.is_none()).count()
    }

    /// What `GET /api/analyses/ID` answers.
    pub fn status(&self, id: &str) -> Result<Value, WebError> {
        let entries = lock(&self.entries);
        let e = entries.get(id).ok_or_else(|| {
            WebError::new(
                "unknown_analysis",
                format!("no analysis '{}' (it may have ended long ago)", clip(id)),
            )
        })?;
        let done = e.done.load(Ordering::SeqCst).min(e.total);
        let mut answer = json!({"ok": true, "analysis_id": id, "done": done, "total": e.total, "finished": e.result.is_some()});
        match &e.result {
            Some(Ok(a)) => answer["analysis"] = serde_json::to_value(a).unwrap_or(Value::Null),
            Some(Err(err)) => answer["error"] = json!({"kind": err.kind, "message": err.message}),
            None => {}
        }
        Ok(answer)
    }
}

/// Starts an analysis for `POST /api/analyses`; answers its id and the
/// number of plies.
pub async fn start(hub: &Arc<Hub>, body: &Value) -> Result<Value, WebError> {
    let Value::Object(fields) = body else {
        return Err(WebError::bad_request("the body must be a JSON object"));
    };
    super::hub::only_fields(fields, "an analysis", FIELDS)?;
    let text = |name: &str| -> Result<Option<String>, WebError> {
        match fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(WebError::bad_request(format!(
                "field '{name}' must be a string"
            ))),
        }
    };
    let agent = text("agent")?.unwrap_or_else(|| DEFAULT_AGENT.to_string());
    hub.pool().check_spec(&agent)?;
    let registry = hub.registry();
    let (record, seat_name) = match text("match")? {
        Some(id) => {
            if fields.contains_key("record") {
                return Err(WebError::bad_request("give 'record' or 'match', not both"));
            }
            let m = hub.find(&id)?;
            let client = m.client(text("token")?.as_deref())?;
            if !m.is_over() {
                return Err(WebError::new(
                    "match_not_over",
                    "a match is analysed once it is over",
                ));
            }
            let (record, seat) = m.with_match(|g| {
                let seat = match client {
                    Client::Seat(p) => Some(g.session().player_name(p)),
                    _ => None,
                };
                (g.session().record(), seat)
            });
            (record, seat)
        }
        None => {
            let record = match fields.get("record") {
                Some(Value::Object(r)) => serde_json::to_string(r)
                    .map_err(|e| WebError::new("bad_record", e.to_string()))?,
                Some(Value::String(t)) => t.clone(),
                Some(_) => {
                    return Err(WebError::new(
                        "bad_record",
                        "field 'record' must be a record object or its JSON text",
                    ))
                }
                None => return Err(WebError::bad_request("give 'record' or 'match'")),
            };
            let record = GameRecord::from_json(&record)
                .map_err(|e| WebError::new("bad_record", e.to_string()))?;
            (record, text("seat")?)
        }
    };
    // The record and the seat are checked before anything is kept.
    let session = registry
        .load_record(&record)
        .map_err(|e| WebError::new("bad_record", e.to_string()))?;
    let seat = match &seat_name {
        Some(name) => Some(session.find_player(name).ok_or_else(|| {
            WebError::bad_request(format!("field 'seat': no player '{}'", clip(name)))
        })?),
        None => None,
    };
    if session.hidden_information() && seat.is_none() {
        return Err(WebError::bad_request(
            "a game of hidden information is analysed from one seat's view: give 'seat' (or a seat's token)",
        ));
    }
    let total = record.moves.len();
    let per_position = (MAX_TOTAL / total.max(1) as u32).clamp(MIN_PER_POSITION, MAX_PER_POSITION);
    let options = AnalysisOptions {
        agent: agent.clone(),
        time: Some(per_position),
        seat,
        seed: record.seed,
    };
    // The spec is checked now, with the game's own words.
    session
        .rules()
        .agent(&agent, 0)
        .map_err(|e| WebError::new("bad_agent", format!("field 'agent': {e}")))?;
    let analyses = hub.analyses();
    let id = super::tokens::token_hex(&super::tokens::new_token()?)[..16].to_string();
    let done = Arc::new(AtomicUsize::new(0));
    {
        let mut entries = lock(&analyses.entries);
        if Analyses::running(&entries) >= MAX_RUNNING || !analyses.make_room(&mut entries) {
            return Err(WebError::new(
                "busy",
                "the server is busy analysing other games; try again in a minute",
            ));
        }
        entries.insert(
            id.clone(),
            Entry {
                started: Instant::now(),
                ended: None,
                done: done.clone(),
                total,
                result: None,
            },
        );
    }
    let admission = match hub.pool().admit(Job::Hint).await {
        Ok(a) => a,
        Err(e) => {
            lock(&analyses.entries).remove(&id);
            return Err(e);
        }
    };
    let hub2 = hub.clone();
    let id2 = id.clone();
    let limits = hub.pool().limits();
    tokio::spawn(async move {
        let options = AnalysisOptions {
            time: options
                .time
                .map(|t| limits.time.map_or(t, |cap| t.min(cap))),
            ..options
        };
        let counter = done.clone();
        let result = admission
            .run(move || {
                analyse(registry, &record, &options, &|n, _| {
                    counter.store(n, Ordering::SeqCst)
                })
                .map_err(|e| WebError::new("bad_record", e.to_string()))
            })
            .await
            .and_then(|r| r);
        if let Some(e) = lock(&hub2.analyses().entries).get_mut(&id2) {
            e.ended = Some(Instant::now());
            e.result = Some(result);
        }
    });
    Ok(
        json!({"ok": true, "analysis_id": id, "total": total, "seat": seat_name, "agent": agent, "ms_per_position": per_position.as_millis() as u64}),
    )
}
