//! How a match of `plateau web` is kept in its [`Store`]: the state
//! written after every change (`{settings, owner_token, seed, saved,
//! ended}`), the commit that makes a change durable before it is answered
//! (and undoes it when the write fails), and the match brought back from
//! the store after a restart or a change made by another server.
//!
//! Every function here that takes the [`Match`] is called with the match's
//! lock held, so that the writes of one match are in order.

use super::error::WebError;
use super::hub::lock;
use super::room::WebMatch;
use super::store::{now_ms, Store, StoreError, StoredMatch};
use plateau::matches::{Match, SavedMatch};
use plateau::Registry;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

/// The durable side of a web match: where it is kept, how it was created
/// and what was last committed.
pub struct Durable {
    store: Option<Arc<dyn Store>>,
    registry: &'static Registry,
    settings: Value,
    created_ms: u64,
    committed: Mutex<Committed>,
}

/// The last state of a match the store holds.
struct Committed {
    /// Its revision (0: not kept yet).
    revision: u64,
    /// The saved match of that revision, to go back to when a write fails.
    saved: Option<SavedMatch>,
    /// Why the match was ended (`"deleted"`), if it was.
    ended: Option<String>,
}

impl Durable {
    /// The durable side of a new match of `registry` created with
    /// `settings`, kept in `store` (none: kept nowhere).
    pub fn new(
        registry: &'static Registry,
        store: Option<Arc<dyn Store>>,
        settings: Value,
    ) -> Durable {
        Durable {
            store,
            registry,
            settings,
            created_ms: now_ms(),
            committed: Mutex::new(Committed {
                revision: 0,
                saved: None,
                ended: None,
            }),
        }
    }

    /// The creation settings of the match (the normalized body of `POST
    /// /api/matches`).
    pub fn settings(&self) -> &Value {
        &self.settings
    }

    /// When the match was created, in milliseconds since the Unix epoch.
    pub fn created_ms(&self) -> u64 {
        self.created_ms
    }

    /// The revision the store holds (0 before the first write).
    pub fn revision(&self) -> u64 {
        lock(&self.committed).revision
    }

    /// Why the match was ended, if it was.
    pub fn ended(&self) -> Option<String> {
        lock(&self.committed).ended.clone()
    }
}

/// Runs a call of the store, which blocks until the database answers,
/// telling the runtime (when it has several workers) so that it moves its
/// other tasks elsewhere meanwhile (and a store may wait on a runtime of
/// its own).
pub(crate) fn blocking<R>(write: impl FnOnce() -> R) -> R {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(write),
        _ => write(),
    }
}

/// The `storage` error answered when a change cannot be kept.
fn storage(m: &WebMatch, e: &StoreError) -> WebError {
    eprintln!("match {}: {e}", m.id);
    WebError::new(
        "storage",
        "the server could not keep this change (its store failed), so it was not made; \
         try again later",
    )
}

/// The match as the store keeps it at `revision`.
fn stored(
    m: &WebMatch,
    game: &Match,
    revision: u64,
    ended: Option<&str>,
) -> (StoredMatch, SavedMatch) {
    let saved = game.save();
    let mut state = json!({
        "settings": m.durable().settings,
        "owner_token": m.owner_token(),
        "seed": m.seed(),
        "saved": saved,
    });
    if let Some(reason) = ended {
        state["ended"] = json!(reason);
    }
    let stored = StoredMatch {
        id: m.id.clone(),
        game: saved.record.game.clone(),
        revision,
        finished: ended.is_some() || game.status().is_over(),
        created_ms: m.durable().created_ms,
        updated_ms: now_ms(),
        state,
    };
    (stored, saved)
}

/// Keeps a new match (revision 1). Called before its creation is answered.
pub(crate) fn insert(m: &WebMatch, game: &Match) -> Result<(), WebError> {
    let durable = m.durable();
    let Some(store) = &durable.store else {
        return Ok(());
    };
    let mut committed = lock(&durable.committed);
    let (record, saved) = stored(m, game, 1, None);
    blocking(|| store.insert(&record)).map_err(|e| storage(m, &e))?;
    committed.revision = 1;
    committed.saved = Some(saved);
    Ok(())
}

/// Makes the change just made to `game` durable (the next revision), with
/// `ended` if the match is being ended. If the write fails, the match goes
/// back to its last committed state and the answer is `storage`; if
/// another server changed the match first, the match becomes the store's
/// and the answer is `conflict`.
pub(crate) fn commit(m: &WebMatch, game: &mut Match, ended: Option<&str>) -> Result<(), WebError> {
    let durable = m.durable();
    let Some(store) = &durable.store else {
        return Ok(());
    };
    let mut committed = lock(&durable.committed);
    let ended = ended.or(committed.ended.as_deref()).map(str::to_string);
    let (record, saved) = stored(m, game, committed.revision + 1, ended.as_deref());
    match blocking(|| store.update(&record)) {
        Ok(true) => {
            committed.revision = record.revision;
            committed.saved = Some(saved);
            committed.ended = ended;
            Ok(())
        }
        Ok(false) => {
            drop(committed);
            if let Err(e) = reload(m, game) {
                eprintln!("match {}: {e}", m.id);
                rollback(m, game);
            }
            Err(WebError::new(
                "conflict",
                "the match changed meanwhile (on another server); try again",
            ))
        }
        Err(e) => {
            drop(committed);
            rollback(m, game);
            Err(storage(m, &e))
        }
    }
}

/// Brings `game` back to the last committed state.
fn rollback(m: &WebMatch, game: &mut Match) {
    let committed = lock(&m.durable().committed);
    if let Some(saved) = &committed.saved {
        match Match::restore(m.durable().registry, saved) {
            Ok(restored) => *game = restored,
            Err(e) => eprintln!("match {}: cannot go back to its last state: {e}", m.id),
        }
    }
}

/// Replaces `game` by the store's match if the store holds a newer
/// revision; says whether it did.
pub(crate) fn reload(m: &WebMatch, game: &mut Match) -> Result<bool, StoreError> {
    let durable = m.durable();
    let Some(store) = &durable.store else {
        return Ok(false);
    };
    let Some(kept) = blocking(|| store.load(&m.id))? else {
        return Ok(false);
    };
    let mut committed = lock(&durable.committed);
    if kept.revision <= committed.revision {
        return Ok(false);
    }
    let state = State::read(&kept)?;
    *game = Match::restore(durable.registry, &state.saved)
        .map_err(|e| StoreError::new(format!("match {}: {e}", kept.id)))?;
    committed.revision = kept.revision;
    committed.saved = Some(state.saved);
    committed.ended = state.ended;
    Ok(true)
}

/// Whether this server may let the agent to move think now: asks the
/// store to claim the turn when an agent is to move (another server may
/// have it).
pub(crate) fn claim_agent_turn(m: &WebMatch, game: &Match) -> bool {
    let durable = m.durable();
    let Some(store) = &durable.store else {
        return true;
    };
    let agent_to_move = game.status().to_move().is_some_and(|p| {
        game.occupants()
            .get(p.index())
            .is_some_and(|o| o.is_agent())
    });
    if !agent_to_move {
        return true;
    }
    let revision = lock(&durable.committed).revision;
    match blocking(|| store.claim_agent_turn(&m.id, revision)) {
        Ok(claimed) => claimed,
        Err(e) => {
            eprintln!("match {}: {e}", m.id);
            false
        }
    }
}

/// The state of a kept match, read.
struct State {
    settings: Value,
    owner: String,
    seed: u64,
    saved: SavedMatch,
    ended: Option<String>,
}

impl State {
    fn read(kept: &StoredMatch) -> Result<State, StoreError> {
        let bad = |what: &str| StoreError::new(format!("match {}: {what}", kept.id));
        let state = &kept.state;
        let saved = serde_json::from_value(state["saved"].clone())
            .map_err(|e| bad(&format!("its saved match is not readable: {e}")))?;
        Ok(State {
            settings: state["settings"].clone(),
            owner: state["owner_token"]
                .as_str()
                .ok_or_else(|| bad("it has no owner token"))?
                .to_string(),
            seed: state["seed"]
                .as_u64()
                .ok_or_else(|| bad("it has no seed"))?,
            saved,
            ended: state["ended"].as_str().map(str::to_string),
        })
    }
}

/// Whether a kept match was ended by its owner (`DELETE`).
pub(crate) fn was_ended(kept: &StoredMatch) -> bool {
    kept.state["ended"].is_string()
}

/// The web match of a kept one: the same id, moves, seats, tokens, owner
/// token and offers. Its agents are not started.
pub(crate) fn revive(
    registry: &'static Registry,
    store: &Arc<dyn Store>,
    kept: &StoredMatch,
) -> Result<Arc<WebMatch>, StoreError> {
    let state = State::read(kept)?;
    let game = Match::restore(registry, &state.saved)
        .map_err(|e| StoreError::new(format!("match {}: {e}", kept.id)))?;
    let durable = Durable {
        store: Some(store.clone()),
        registry,
        settings: state.settings,
        created_ms: kept.created_ms,
        committed: Mutex::new(Committed {
            revision: kept.revision,
            saved: Some(state.saved),
            ended: state.ended,
        }),
    };
    Ok(WebMatch::new(
        kept.id.clone(),
        state.seed,
        game,
        state.owner,
        durable,
    ))
}

/// What anyone may know of a kept match, for `GET /api/matches`: never a
/// token, a move or a secret.
pub(crate) fn summary(kept: &StoredMatch) -> Value {
    let record = &kept.state["saved"]["record"];
    let players: Vec<Value> = match &record["players"] {
        Value::Array(players) => players
            .iter()
            .map(|p| json!({"name": p["name"], "agent": p["agent"]}))
            .collect(),
        _ => Vec::new(),
    };
    json!({
        "match": kept.id,
        "game": kept.game,
        "variant": record["variant"],
        "players": players,
        "moves_played": record["moves"].as_array().map_or(0, Vec::len),
        "finished": kept.finished,
        "outcome": record["outcome"],
        "ended": kept.state["ended"],
        "created_ms": kept.created_ms,
        "updated_ms": kept.updated_ms,
        "spectator_url": format!("/?match={}", kept.id),
    })
}
