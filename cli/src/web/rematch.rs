//! A rematch: once the game is over each person seat may ask for one
//! (`{"cmd":"rematch"}`); the others see the offer (`rematch_offer`), an
//! agent's seat agrees at once. When every person seat has asked, the hub
//! makes a new match with the same settings, the seats' occupants moved
//! one seat on (in a two-player game the colours are swapped: player 0's
//! person plays player 1) and a new seed, and each connection of the old
//! match gets `{"event":"rematch","match":ID,"token":T,"url":..}` with
//! its own new token only (a spectator: the new match's id, no token).

use super::error::WebError;
use super::hub::{clip, lock, Hub};
use super::room::{Event, WebMatch};
use plateau::matches::Client;
use serde_json::{json, Map, Value};
use std::sync::Arc;

/// The rematch state of a match.
pub(crate) struct Rematch {
    /// Which seats asked (an agent's seat counts as asking).
    asked: Vec<bool>,
    /// The new match, once made.
    made: Option<Made>,
}

/// The new match of a rematch.
struct Made {
    id: String,
    /// The new token of each old seat's person (by old player).
    tokens: Vec<Option<String>>,
    /// The new match's hot-seat token, if it is a hot-seat match.
    hotseat: Option<String>,
}

impl Rematch {
    pub(crate) fn new(seats: usize) -> Rematch {
        Rematch {
            asked: vec![false; seats],
            made: None,
        }
    }
}

/// The seat a player's occupant takes in the rematch: the next one (in a
/// two-player game, the other).
fn moved(player: usize, seats: usize) -> usize {
    (player + 1) % seats.max(1)
}

/// The `rematch_offer` of an update: who asked and who is still to
/// answer, or `null` when nobody asked (or the rematch is made).
pub(crate) fn offer_json(m: &WebMatch) -> Value {
    let rematch = lock(&m.online.rematch);
    if rematch.made.is_some() || !rematch.asked.iter().any(|&a| a) {
        return Value::Null;
    }
    let (asked, waiting): (Vec<usize>, Vec<usize>) =
        (0..rematch.asked.len()).partition(|&i| rematch.asked[i]);
    json!({"asked": asked, "waiting": waiting})
}

/// Whether a message is a rematch request (answered here, as it needs the
/// hub); its tag.
pub(crate) fn is_rematch(text: &str) -> Option<Option<Value>> {
    if !text.contains("rematch") {
        return None;
    }
    let value: Value = serde_json::from_str(text).ok()?;
    (value.get("cmd")? == "rematch").then(|| value.get("tag").cloned())
}

/// The `rematch` event for one connection of the old match, once the new
/// match is made: a seat's own new token only.
pub(crate) fn event_for(m: &WebMatch, client: Client) -> Option<Value> {
    let rematch = lock(&m.online.rematch);
    let made = rematch.made.as_ref()?;
    let (token, hotseat) = match client {
        Client::Seat(p) => (made.tokens.get(p.index()).cloned().flatten(), false),
        Client::HotSeat => (made.hotseat.clone(), true),
        Client::Spectator | Client::Referee => (None, false),
    };
    let mut url = format!("/?match={}", made.id);
    if let Some(t) = &token {
        url.push_str(&format!("&token={t}"));
    }
    if hotseat {
        url.push_str("&hotseat=1");
    }
    Some(json!({"event": "rematch", "match": made.id, "token": token, "url": url}))
}

/// Answers `{"cmd":"rematch"}` of `client`: notes its ask; when every
/// person seat has asked, makes the new match. Returns the answer and
/// whether the connections must hear of it.
pub(crate) fn ask(hub: &Hub, m: &Arc<WebMatch>, client: Client, text: &str) -> Value {
    let tag = is_rematch(text).flatten();
    let answer = |result: Result<Value, WebError>| {
        let mut out = match result {
            Ok(fields) => {
                let mut out = Map::new();
                out.insert("ok".into(), Value::Bool(true));
                out.insert("rematch".into(), fields);
                Value::Object(out)
            }
            Err(e) => e.json(),
        };
        if let (Some(tag), Value::Object(map)) = (tag.clone(), &mut out) {
            map.insert("tag".into(), tag);
        }
        out
    };
    answer(asked(hub, m, client, text))
}

fn asked(hub: &Hub, m: &Arc<WebMatch>, client: Client, text: &str) -> Result<Value, WebError> {
    if let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(text) {
        if let Some(key) = fields.keys().find(|k| *k != "cmd" && *k != "tag") {
            return Err(WebError::bad_request(format!(
                "'rematch' has no field '{}'",
                clip(key)
            )));
        }
    }
    // Read the game before the rematch's lock (never both at once).
    let (over, occupants, players) = m.with_match(|g| {
        let view = g.view(Client::Spectator);
        let players: Vec<String> = view.seats.iter().map(|s| s.player_name.clone()).collect();
        (g.status().is_over(), g.occupants(), players)
    });
    let persons: Vec<usize> = match client {
        Client::Seat(p) => vec![p.index()],
        Client::HotSeat => (0..occupants.len())
            .filter(|&i| occupants[i].is_person())
            .collect(),
        Client::Spectator | Client::Referee => {
            return Err(WebError::new(
                "not_allowed",
                "a spectator cannot ask for a rematch: only the players' seats can",
            ))
        }
    };
    if !over {
        return Err(WebError::new(
            "not_allowed",
            "a rematch is asked once the game is over",
        ));
    }
    let mut rematch = lock(&m.online.rematch);
    if rematch.made.is_none() {
        for (i, occupant) in occupants.iter().enumerate() {
            if !occupant.is_person() || persons.contains(&i) {
                rematch.asked[i] = true;
            }
        }
        if rematch.asked.iter().all(|&a| a) {
            let body = rematch_body(m.settings(), &players)?;
            let (_, created) = hub.create(&body)?;
            let n = players.len();
            let tokens = (0..n)
                .map(|old| {
                    created["seats"][moved(old, n)]["token"]
                        .as_str()
                        .map(str::to_string)
                })
                .collect();
            rematch.made = Some(Made {
                id: created["match"].as_str().unwrap_or_default().to_string(),
                tokens,
                hotseat: created["hotseat"]["token"].as_str().map(str::to_string),
            });
        }
    }
    let made = rematch.made.as_ref().map(|made| made.id.clone());
    let asked: Vec<usize> = (0..rematch.asked.len())
        .filter(|&i| rematch.asked[i])
        .collect();
    drop(rematch);
    match made {
        Some(_) => m.send(Event::Rematch),
        None => m.send(Event::Presence),
    }
    Ok(json!({"asked": asked, "match": made}))
}

/// The body of the rematch's `POST /api/matches`: the old settings with
/// the agents and names moved one seat on and no seed (a new one is
/// drawn).
fn rematch_body(settings: &Value, players: &[String]) -> Result<Value, WebError> {
    let mut body = settings.as_object().cloned().unwrap_or_default();
    body.remove("seed");
    let n = players.len();
    for field in ["agents", "names"] {
        let Some(Value::Object(old)) = body.remove(field) else {
            continue;
        };
        let mut new = Map::new();
        for (key, value) in old {
            let player = super::names::player_of(field, &key, players)?;
            new.insert(moved(player, n).to_string(), value);
        }
        body.insert(field.into(), Value::Object(new));
    }
    Ok(Value::Object(body))
}
