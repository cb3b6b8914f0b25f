//! Opening games (`new`, `load`) as matches, joining them (`join`) and
//! closing them (`close`).

use super::catalog::load_rules;
use super::error::{match_error, ErrorKind, Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::server::{player_field, Server};
use crate::common::json::status_json;
use plateau::matches::{Client, Match, MatchOptions, Occupant};
use plateau::{DynSession, GameRecord, Player, RecordError};
use serde_json::Value;

/// `new`: a game from rules and a seed; returns its id and status.
pub(crate) fn new_game(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let seed = req.u64_opt("seed")?.unwrap_or(0);
    let game = load_rules(server.registry, req)?;
    server.check_room()?;
    let occupants = people(game.num_players(), |p| game.player_name(p));
    let game = Match::new(game, seed, occupants, MatchOptions::default()).map_err(match_error)?;
    let seat = seat_field(req, game.session())?;
    opened(server, game, seed, seat, false)
}

/// Every seat a person, named after its player: the clients of a `serve`
/// match are its ids, and each plays as a person.
fn people(n: usize, name: impl Fn(Player) -> String) -> Vec<Occupant> {
    (0..n)
        .map(|i| Occupant::person(name(Player(i as u8))))
        .collect()
}

/// `load`: a game from a record (a JSON object, or its text), replayed and
/// checked move by move.
pub(crate) fn load(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let text = match req.get("record") {
        Some(Value::String(s)) => s.clone(),
        Some(v @ Value::Object(_)) => v.to_string(),
        Some(_) => {
            return Err(ServeError::bad_request(
                "field 'record' must be a record object or its JSON text",
            ))
        }
        None => return Err(ServeError::bad_request("missing field 'record'")),
    };
    // A record sent as an object is read from its re-written text, whose
    // line and column numbers would point nowhere in the client's line.
    let from_object = matches!(req.get("record"), Some(Value::Object(_)));
    let record = GameRecord::from_json(&text).map_err(|e| {
        let mut error = record_error(e);
        if from_object {
            error.message = without_position(&error.message).to_string();
        }
        error
    })?;
    if server.registry.get(&record.game).is_none() {
        return Err(record_error(RecordError::UnknownGame(record.game.clone())));
    }
    server.check_room()?;
    // Every seat a person named after its player, as in `new`: the
    // record's players (names, agents) are not this session's.
    let record = GameRecord {
        players: Vec::new(),
        ..record
    };
    let game = Match::from_record(server.registry, &record, &[], MatchOptions::default())
        .map_err(match_error)?;
    let seat = seat_field(req, game.session())?;
    opened(server, game, record.seed, seat, true)
}

/// `message` without the trailing " (line L, column C)" that a record's
/// error gives.
fn without_position(message: &str) -> &str {
    let Some(at) = message.rfind(" (line ") else {
        return message;
    };
    let tail = &message[at + " (line ".len()..];
    let is_position = tail
        .strip_suffix(')')
        .and_then(|t| t.split_once(", column "))
        .is_some_and(|(line, column)| {
            [line, column]
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        });
    if is_position {
        &message[..at]
    } else {
        message
    }
}

fn record_error(e: RecordError) -> ServeError {
    match e {
        RecordError::UnknownGame(_) => ServeError::new(ErrorKind::UnknownGame, e.to_string()),
        _ => ServeError::new(ErrorKind::BadRecord, e.to_string()),
    }
}

/// The seat a game is opened or joined for (`player`), if any.
fn seat_field(req: &Request, session: &dyn DynSession) -> Result<Option<Player>> {
    player_field(req, "player", session)
}
/// Registers an opened match; the response of `new` and `load`.
fn opened(
    server: &mut Server<'_>,
    game: Match,
    seed: u64,
    seat: Option<Player>,
    from_record: bool,
) -> Result<Fields> {
    let session = game.session();
    // A record's variant is text from outside that may not match its
    // parameters: shown labelled. A new game's is the one asked for.
    let variant = if from_record {
        session.variant_label()
    } else {
        session.variant().to_string()
    };
    let players: Vec<Value> = (0..session.num_players())
        .map(|i| Value::String(session.player_name(Player(i as u8))))
        .collect();
    let mut fields: Fields = vec![
        ("id", Value::Null),
        ("game", Value::from(session.game_id())),
        ("variant", Value::from(variant)),
        ("seed", Value::from(seed)),
        ("players", Value::Array(players)),
        (
            "hidden_information",
            Value::Bool(session.hidden_information()),
        ),
    ];
    if let Some(seat) = seat {
        fields.push(("player", Value::from(seat.0)));
    }
    fields.push(("status", status_json(session)));
    let client = seat.map_or(Client::Referee, Client::Seat);
    let id = server.insert(game, client)?;
    fields[0].1 = Value::from(id);
    Ok(fields)
}

/// `join`: a new id for one seat (`player`) of an open game, or with
/// `spectator` a spectator's id (the public view only).
pub(crate) fn join(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    if req.bool_opt("spectator")?.unwrap_or(false) {
        if req.get("player").is_some() {
            return Err(ServeError::bad_request(
                "give 'player' (a seat) or 'spectator', not both",
            ));
        }
        let status = status_json(server.open(req)?.session());
        let id = server.join(req, Client::Spectator)?;
        return Ok(vec![
            ("id", Value::from(id)),
            ("spectator", Value::Bool(true)),
            ("status", status),
        ]);
    }
    let game = server.open(req)?;
    let seat = player_field(req, "player", game.session())?
        .ok_or_else(|| ServeError::bad_request("missing field 'player' (the seat to join)"))?;
    let name = game.session().player_name(seat);
    let status = status_json(game.session());
    let id = server.join(req, Client::Seat(seat))?;
    Ok(vec![
        ("id", Value::from(id)),
        ("player", Value::from(seat.0)),
        ("player_name", Value::from(name)),
        ("status", status),
    ])
}

/// `close`: forgets an id; the game goes with its last id.
pub(crate) fn close(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    server.open(req)?;
    server.remove(req.game_id()?);
    Ok(Vec::new())
}

#[cfg(test)]
mod tests {
    use super::without_position;

    #[test]
    fn positions_of_serde_json_are_cut_off() {
        assert_eq!(
            without_position("not a game record: the field 'game' is missing (line 1, column 12)"),
            "not a game record: the field 'game' is missing"
        );
        assert_eq!(without_position("(line 3 of it)"), "(line 3 of it)");
        assert_eq!(
            without_position("x (line 1, column y)"),
            "x (line 1, column y)"
        );
    }
}
