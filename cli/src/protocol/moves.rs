//! Moves: `legal`, `play` (one move or a list, all or nothing), `undo`,
//! `resign` and `genmove` (a move from an agent).
//!
//! Hidden information: a response describes a move only as one player may
//! know it (`viewer`), or by default as anyone watching may know it
//! ([`plateau::Game::describe_move_public`]: what is public, such as the
//! squares and a combat result, and no player's secrets, not even a
//! Stratego silent defender's under S12.6); see docs/PROTOCOL.md. The move
//! texts a client sent are not echoed; `genmove` returns its move, which the
//! player to move, for whom the agent plays, knows.

use super::error::{ErrorKind, Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::server::{OpenGame, Server};
use crate::common::json::status_json;
use plateau::{DynSession, PlayError, Player, Status};
use serde_json::Value;

/// `legal`: the legal moves of the player to move, in notation; where they
/// cannot be listed (a setup), `enumerable` is false and `hint` says what to
/// enter.
pub(crate) fn legal(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
    game.seat_to_move()?;
    let session = game.session.as_ref();
    let moves: Vec<Value> = session
        .legal_moves()
        .into_iter()
        .map(Value::String)
        .collect();
    let enumerable = session.moves_enumerable();
    let mut fields: Fields = vec![
        ("moves", Value::Array(moves)),
        ("enumerable", Value::Bool(enumerable)),
    ];
    if !enumerable {
        if let Some(hint) = session.move_hint() {
            fields.push(("hint", Value::String(hint)));
        }
    }
    Ok(fields)
}

/// `play`: one move (`"move": "a3"`) or a list (`"move": ["a3", "b2"]`),
/// all or nothing: on an error the moves of the list already played are
/// taken back.
pub(crate) fn play(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
    let viewer = describe_as(req, &game)?;
    let seat = game.seat;
    let session = game.session.as_mut();
    let (texts, single): (Vec<&str>, bool) = match req.get("move") {
        Some(Value::String(s)) => (vec![s.as_str()], true),
        Some(Value::Array(items)) => {
            let texts = items
                .iter()
                .map(|v| {
                    v.as_str().ok_or_else(|| {
                        ServeError::bad_request("field 'move': a list holds move strings")
                    })
                })
                .collect::<Result<Vec<&str>>>()?;
            if texts.is_empty() {
                return Err(ServeError::bad_request("field 'move': the list is empty"));
            }
            (texts, false)
        }
        Some(_) => {
            return Err(ServeError::bad_request(
                "field 'move' must be a move string or a list of them",
            ))
        }
        None => return Err(ServeError::bad_request("missing field 'move'")),
    };
    let mut described = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        match play_one(session, seat, text, viewer) {
            Ok(d) => described.push(d),
            Err(e) => {
                // The moves of the list played so far, taken back at once
                // (they were just played, so they are there to take back).
                let _ = session.undo_many(i);
                return Err(if single { e } else { e.at_index(i + 1) });
            }
        }
    }
    let mut fields: Fields = vec![("status", status_json(session))];
    if viewer.is_some() {
        let described = if single {
            described.pop().unwrap_or(Value::Null)
        } else {
            Value::Array(described)
        };
        fields.push(("described", described));
    }
    Ok(fields)
}

/// Whom moves are described for: `None` if `describe` is false, otherwise
/// `Some(viewer)`, where an inner `None` stands for anyone watching (no
/// player's secrets). A seat's moves are described for the seat.
fn describe_as(req: &Request, game: &OpenGame<'_>) -> Result<Option<Option<Player>>> {
    let viewer = game.player(req, "viewer")?;
    let describe = req.bool_opt("describe")?.unwrap_or(true);
    Ok(describe.then_some(viewer))
}

/// Plays one move, sent by `seat` (`None`: the referee); returns what it
/// did as `viewer` (default: anyone watching, no player's secrets) may know
/// it, or `null`; nothing if it is not to be described. A seat's move on
/// another player's turn is refused unread.
fn play_one(
    session: &mut dyn DynSession,
    seat: Option<Player>,
    text: &str,
    viewer: Option<Option<Player>>,
) -> Result<Value> {
    let mover = to_move(session)?;
    match seat {
        Some(seat) if seat != mover => {
            return Err(ServeError::new(
                ErrorKind::NotYourTurn,
                format!(
                    "it is {}'s turn, not {}'s",
                    session.player_name(mover),
                    session.player_name(seat)
                ),
            ))
        }
        Some(seat) => session.play_as(seat, text),
        None => session.play(text),
    }
    .map_err(play_error)?;
    let Some(viewer) = viewer else {
        return Ok(Value::Null);
    };
    let described = match viewer {
        Some(viewer) => session.describe_last_move(Some(viewer)),
        None => session.describe_last_move_public(),
    };
    Ok(described.map_or(Value::Null, Value::String))
}

/// The player to move, or a `game_over` error.
fn to_move(session: &dyn DynSession) -> Result<Player> {
    match session.status() {
        Status::ToMove(p) => Ok(p),
        Status::Over(_) => Err(ServeError::new(
            ErrorKind::GameOver,
            format!("the game is over: {}", session.describe_status()),
        )),
    }
}

fn play_error(e: PlayError) -> ServeError {
    let kind = match &e {
        PlayError::Parse(_) => ErrorKind::BadMove,
        // A move beyond the bound of moves a game holds is not played either.
        PlayError::Illegal { .. } | PlayError::TooLong { .. } => ErrorKind::IllegalMove,
        PlayError::GameOver => ErrorKind::GameOver,
    };
    ServeError::new(kind, e.to_string())
}

/// `undo`: takes back `count` moves (default 1), all or nothing.
pub(crate) fn undo(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let count = req.u64_opt("count")?.unwrap_or(1);
    if count == 0 {
        return Err(ServeError::bad_request("field 'count' must be at least 1"));
    }
    let game = server.game(req)?;
    // A seat that saw a fight must not take it back to probe another piece.
    game.referee_only("undo")?;
    let count_moves = usize::try_from(count).unwrap_or(usize::MAX);
    if let Err(available) = game.session.undo_many(count_moves) {
        let message = if available == 0 {
            "no move to take back".to_string()
        } else {
            format!("only {available} moves to take back, not {count}; nothing was taken back")
        };
        return Err(ServeError::new(ErrorKind::NothingToUndo, message));
    }
    Ok(vec![
        ("undone", Value::from(count)),
        ("status", status_json(game.session.as_ref())),
    ])
}

/// `resign`: a player (default: the player to move) resigns.
pub(crate) fn resign(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
    let player = game.player(req, "player")?;
    let session = game.session.as_mut();
    let to_move = to_move(session)?;
    let player = player.unwrap_or(to_move);
    session.resign(player);
    Ok(vec![("status", status_json(session))])
}

/// `genmove`: a move for the player to move from an agent (default
/// `random`), played too if `play` is true; with `analysis`, what the
/// agent's search found (computed from the mover's view only).
pub(crate) fn genmove(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let asked = req.str_opt("agent")?.unwrap_or("random");
    let play = req.bool_opt("play")?.unwrap_or(false);
    let analysis = req.bool_opt("analysis")?.unwrap_or(false);
    let game = server.game(req)?;
    let viewer = describe_as(req, &game)?;
    to_move(game.session.as_ref())?;
    game.seat_to_move()?;
    let spec = with_budget(asked, req.get("budget"), server, req)?;
    let (game, agent) = server.game_and_agent(req, &spec)?;
    let seat = game.seat;
    let session = game.session;
    let choice = crate::agents::choose(agent.as_mut(), session.as_ref())
        .map_err(|m| ServeError::new(ErrorKind::GameOver, format!("{m}: the game is over")))?;
    let played = if play {
        Some(play_one(session.as_mut(), seat, &choice.mv, viewer)?)
    } else {
        None
    };
    // The spec as asked for: plain `random` does not show its secret seed.
    let mut fields: Fields = vec![
        ("move", Value::String(choice.mv.clone())),
        ("agent", Value::String(asked.trim().to_string())),
    ];
    if analysis {
        fields.push(("analysis", analysis_json(&choice)));
    }
    if let Some(described) = played {
        fields.push(("status", status_json(session.as_ref())));
        if viewer.is_some() {
            fields.push(("described", described));
        }
    }
    Ok(fields)
}

/// What the agent found, as JSON: the iterations, the depth reached, the
/// value for the mover, the time, and the top moves with their visits and
/// values. All of it comes from the mover's view.
fn analysis_json(choice: &plateau::DynChoice) -> Value {
    let top: Vec<Value> = choice
        .top
        .iter()
        .map(
            |(mv, visits, value)| serde_json::json!({"move": mv, "visits": visits, "value": value}),
        )
        .collect();
    serde_json::json!({
        "iterations": choice.iterations,
        "depth": choice.depth,
        "value": choice.value,
        "ms": (choice.elapsed.as_secs_f64() * 1000.0 * 10.0).round() / 10.0,
        "top": top,
    })
}

/// The spec with the request's `budget` (`{"ms": N, "iterations": N}`, both
/// optional) as its `time` and `iters` options, for an agent that takes them
/// (the `random` agent ignores a budget); a budget replaces the spec's own
/// `time` and `iters`.
fn with_budget(
    spec: &str,
    budget: Option<&Value>,
    server: &mut Server<'_>,
    req: &Request,
) -> Result<String> {
    let Some(budget) = budget else {
        return Ok(spec.trim().to_string());
    };
    let Value::Object(map) = budget else {
        return Err(ServeError::bad_request(
            "field 'budget' must be an object such as {\"ms\": 1000} or {\"iterations\": 5000}",
        ));
    };
    let mut wanted: Vec<(&str, String)> = Vec::new();
    for (key, value) in map {
        let option = match key.as_str() {
            "ms" => "time",
            "iterations" => "iters",
            _ => {
                return Err(ServeError::bad_request(format!(
                    "field 'budget' has no key '{}'; keys: ms, iterations",
                    super::request::clip(key)
                )))
            }
        };
        let Some(n) = value.as_u64() else {
            return Err(ServeError::bad_request(format!(
                "field 'budget': '{key}' must be a non-negative integer"
            )));
        };
        wanted.push((
            option,
            if option == "time" {
                format!("{n}ms")
            } else {
                n.to_string()
            },
        ));
    }
    let normalized = crate::agents::normalize_spec(spec);
    let parsed = plateau::ai::Spec::parse(&normalized)
        .map_err(|e| ServeError::new(ErrorKind::UnknownAgent, e.to_string()))?;
    // The options the agent takes, from the game's catalog.
    let registry = server.registry;
    let game = server.game(req)?;
    let session = game.session.as_ref();
    let takes: Vec<&'static str> = registry
        .find(session.game_id())
        .ok()
        .and_then(|entry| {
            entry
                .load_params(session.variant(), &session.record().params)
                .ok()
        })
        .map(|rules| {
            rules
                .agent_catalog()
                .into_iter()
                .filter(|doc| doc.name == parsed.name)
                .flat_map(|doc| doc.options.into_iter().map(|o| o.key))
                .collect()
        })
        .unwrap_or_default();
    let mut options: Vec<(String, String)> = parsed
        .options
        .into_iter()
        .filter(|(k, _)| !(["time", "iters"].contains(&k.as_str()) && takes.contains(&k.as_str())))
        .collect();
    for (key, value) in wanted {
        if takes.contains(&key) {
            options.push((key.to_string(), value));
        }
    }
    let mut out = parsed.name;
    if !options.is_empty() {
        let parts: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        out = format!("{out}:{}", parts.join(","));
    }
    Ok(out)
}
