//! Moves: `legal`, `play` (one move or a list, all or nothing), `undo`
//! and `answer_undo`, `offer_draw` and `answer_draw`, `resign` and
//! `genmove` (a move from an agent), each a call of the id's client on the
//! game's [`plateau::matches::Match`], which decides whose turn it is and
//! the undo and draw policy.
//!
//! Hidden information: a response describes a move only as one player may
//! know it (`viewer`), or by default as anyone watching may know it
//! ([`plateau::Game::describe_move_public`]: what is public, such as the
//! squares and a combat result, and no player's secrets, not even a
//! Stratego silent defender's under S12.6); see docs/PROTOCOL.md. The move
//! texts a client sent are not echoed; `genmove` returns its move, which the
//! player to move, for whom the agent plays, knows.

use super::error::{match_error, ErrorKind, Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::server::{Open, Server};
use crate::common::json::status_json;
use plateau::matches::{Client, DrawOutcome, MatchError, MoveRef, UndoOutcome};
use plateau::Player;
use serde_json::{json, Value};

/// `legal`: the legal moves of the player to move, in notation; where they
/// cannot be listed (a setup), `enumerable` is false and `hint` says what to
/// enter. Off the id's turn the match refuses (a seat: `not_your_turn`); the
/// list is empty once the game is over.
pub(crate) fn legal(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.open(req)?;
    match game.game.acting_for(game.client) {
        Ok(_) | Err(MatchError::GameOver(_)) => {}
        Err(e) => return Err(game.error(e)),
    }
    let session = game.session();
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
    let mut game = server.open(req)?;
    let viewer = describe_as(req, &game)?;
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
        match play_one(&mut game, MoveRef::Text(text.to_string()), viewer) {
            Ok(d) => described.push(d),
            Err(e) => {
                // The moves of the list played so far, taken back at once
                // by the server, which is the match's referee (they were
                // just played, so they are there to take back).
                if i > 0 {
                    let _ = game.game.undo_plies(Client::Referee, i);
                }
                return Err(if single { e } else { e.at_index(i + 1) });
            }
        }
    }
    let mut fields: Fields = vec![("status", status_json(game.session()))];
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
fn describe_as(req: &Request, game: &Open<'_>) -> Result<Option<Option<Player>>> {
    let viewer = game.player(req, "viewer")?;
    let describe = req.bool_opt("describe")?.unwrap_or(true);
    Ok(describe.then_some(viewer))
}

/// Plays one move through the match for the id's client; returns what it
/// did as `viewer` (default: anyone watching, no player's secrets) may know
/// it, or `null`; nothing if it is not to be described.
fn play_one(game: &mut Open<'_>, mv: MoveRef, viewer: Option<Option<Player>>) -> Result<Value> {
    let report = game.act(|game, client| game.play(client, mv))?;
    let Some(viewer) = viewer else {
        return Ok(Value::Null);
    };
    let session = game.session();
    let described = match viewer {
        // A seat's own move as the match reported it to the seat.
        Some(seat) if game.seat() == Some(seat) => report.description,
        Some(viewer) => session.describe_last_move(Some(viewer)),
        None => session.describe_last_move_public(),
    };
    Ok(described.map_or(Value::Null, Value::String))
}

/// `undo`: the referee takes back `count` moves (default 1), all or
/// nothing; a seat asks to take back its last move (with the opponent's
/// moves since), which the other seat answers with `answer_undo` (the
/// match's policy: never across a move that hid or showed hidden
/// information).
pub(crate) fn undo(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let count = req.u64_opt("count")?;
    if count == Some(0) {
        return Err(ServeError::bad_request("field 'count' must be at least 1"));
    }
    let game = server.open(req)?;
    let outcome = match game.client {
        Client::Referee => {
            let plies = count.map_or(1, |c| usize::try_from(c).unwrap_or(usize::MAX));
            game.game
                .undo_plies(Client::Referee, plies)
                .map_err(|e| match e {
                    MatchError::UndoRefused(m) => ServeError::new(ErrorKind::NothingToUndo, m),
                    e => match_error(e),
                })?
        }
        client => {
            if count.is_some() {
                return Err(ServeError::bad_request(
                    "field 'count' is the referee's: a seat asks to take back its own last move",
                ));
            }
            game.game.request_undo(client).map_err(|e| game.error(e))?
        }
    };
    Ok(undo_fields(outcome, &game))
}

/// The response to `undo` and `answer_undo`.
fn undo_fields(outcome: UndoOutcome, game: &Open<'_>) -> Fields {
    let mut fields: Fields = match outcome {
        UndoOutcome::Done { plies } => vec![("undone", Value::from(plies))],
        UndoOutcome::Pending { plies } => vec![
            ("undone", Value::from(0)),
            ("pending", json!({"plies": plies})),
        ],
        UndoOutcome::Declined => vec![("undone", Value::from(0)), ("declined", Value::Bool(true))],
    };
    fields.push(("status", status_json(game.session())));
    fields
}

/// `answer_undo`: a seat asked accepts (`accept` true) or declines the
/// pending undo request.
pub(crate) fn answer_undo(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let accept = accept_field(req)?;
    let mut game = server.open(req)?;
    let outcome = game.act(|game, client| game.answer_undo(client, accept))?;
    Ok(undo_fields(outcome, &game))
}

/// `offer_draw`: a seat offers a draw (the referee declares one).
pub(crate) fn offer_draw(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let mut game = server.open(req)?;
    let outcome = game.act(|game, client| game.offer_draw(client))?;
    Ok(draw_fields(outcome, &game))
}

/// `answer_draw`: a seat asked accepts or declines the pending draw offer.
pub(crate) fn answer_draw(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let accept = accept_field(req)?;
    let mut game = server.open(req)?;
    let outcome = game.act(|game, client| game.answer_draw(client, accept))?;
    Ok(draw_fields(outcome, &game))
}

/// The response to `offer_draw` and `answer_draw`.
fn draw_fields(outcome: DrawOutcome, game: &Open<'_>) -> Fields {
    let draw = match outcome {
        DrawOutcome::Agreed => "agreed",
        DrawOutcome::Pending => "pending",
        DrawOutcome::Declined => "declined",
    };
    vec![
        ("draw", Value::from(draw)),
        ("status", status_json(game.session())),
    ]
}

/// The required `accept` field of an answer.
fn accept_field(req: &Request) -> Result<bool> {
    req.bool_opt("accept")?
        .ok_or_else(|| ServeError::bad_request("missing field 'accept' (true or false)"))
}

/// `resign`: a player (default: the seat, or for the referee the player to
/// move) resigns.
pub(crate) fn resign(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.open(req)?;
    let player = game.player(req, "player")?;
    // The referee names the seat that resigns: it acts for that seat.
    let client = match (game.client, player) {
        (Client::Referee, Some(p)) => Client::Seat(p),
        (client, _) => client,
    };
    game.game.resign(client).map_err(|e| game.error(e))?;
    Ok(vec![("status", status_json(game.session()))])
}

/// `genmove`: a move for the player to move from an agent (default
/// `random`), played too if `play` is true; with `analysis`, what the
/// agent's search found (computed from the mover's view only). The agent is
/// made from the match's own rules and kept for the session; its move is
/// played by its index in the legal moves (typed, not read again), or by
/// its text where moves are not listed (a setup).
pub(crate) fn genmove(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let asked = req.str_opt("agent")?.unwrap_or("random");
    let play = req.bool_opt("play")?.unwrap_or(false);
    let analysis = req.bool_opt("analysis")?.unwrap_or(false);
    let (viewer, spec) = {
        let game = server.open(req)?;
        let viewer = describe_as(req, &game)?;
        // Only the client that may play now may ask: nothing is computed
        // off its turn.
        game.game
            .acting_for(game.client)
            .map_err(|e| game.error(e))?;
        let rules = game.game.game();
        (viewer, with_budget(asked, req.get("budget"), rules)?)
    };
    let (mut game, agent) = server.open_with_agent(req, &spec)?;
    let choice = agent.choose(game.session()).ok_or_else(|| {
        // An outside program's fault says what it was.
        match agent.failure() {
            Some(why) => ServeError::new(
                ErrorKind::AgentFailed,
                format!("agent '{}' found no move: {why}", agent.spec()),
            ),
            None => ServeError::new(
                ErrorKind::GameOver,
                format!("agent '{}' found no move: the game is over", agent.spec()),
            ),
        }
    })?;
    let played = if play {
        let mv = match choice.index {
            Some(index) => MoveRef::Index(index),
            None => MoveRef::Text(choice.mv.clone()),
        };
        Some(play_one(&mut game, mv, viewer)?)
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
        fields.push(("status", status_json(game.session())));
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
fn with_budget(spec: &str, budget: Option<&Value>, rules: &dyn plateau::DynGame) -> Result<String> {
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
    let parsed = plateau::ai::Spec::parse(spec.trim())
        .map_err(|e| ServeError::new(ErrorKind::UnknownAgent, e.to_string()))?;
    // The options the agent takes, from the game's catalog.
    let takes: Vec<&'static str> = rules
        .agent_catalog()
        .into_iter()
        .filter(|doc| doc.name == parsed.name)
        .flat_map(|doc| doc.options.into_iter().map(|o| o.key))
        .collect();
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
