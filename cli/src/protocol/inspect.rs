//! Looking at a game: `status`, a player's `view` (public or that player's
//! own), the `board` for graphical front ends, and the explicit
//! full-information requests `state` and `record`.

use super::error::{match_error, ErrorKind, Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::server::Server;
use crate::common::json::status_json;
use plateau::matches::Client;
use plateau::{DynSession, Player};
use serde_json::{json, Value};

/// `status`: who is to move, or the outcome; and the pending undo request
/// or draw offer, if any.
pub(crate) fn status(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.open(req)?;
    let mut fields: Fields = vec![("status", status_json(game.session()))];
    if let Some(undo) = game.game.undo_request() {
        fields.push((
            "undo_request",
            json!({"by": undo.by.0, "plies": undo.plies, "asked": undo.asked.iter().map(|p| p.0).collect::<Vec<_>>()}),
        ));
    }
    if let Some(draw) = game.game.draw_offer() {
        fields.push((
            "draw_offer",
            json!({"by": draw.by.0, "asked": draw.asked.iter().map(|p| p.0).collect::<Vec<_>>()}),
        ));
    }
    Ok(fields)
}

/// `view`: what one player sees (default: the seat of the id, or the player
/// to move), as JSON and as a text board from that player's seat. To a
/// spectator: the public view (`player` null, `view` the public board or
/// null, `board` its text), as the match shows it.
pub(crate) fn view(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.open(req)?;
    let session = game.session();
    if game.client == Client::Spectator {
        if req.get("player").is_some() {
            return Err(ServeError::new(
                ErrorKind::NotAllowed,
                "field 'player': a spectator sees the public view only",
            ));
        }
        let seen = game.game.view(Client::Spectator);
        return Ok(vec![
            ("player", Value::Null),
            ("player_name", Value::Null),
            ("view", seen.board.map_or(Value::Null, |b| json!(b.board))),
            ("board", Value::from(seen.text)),
            ("status", status_json(session)),
        ]);
    }
    let player = game.player(req, "player")?;
    let player = match player {
        Some(p) => p,
        None => session.status().to_move().ok_or_else(|| {
            ServeError::bad_request("the game is over: say whose view with 'player'")
        })?,
    };
    // The referee looks through the named seat; a seat through its own.
    let seen = game.game.view(Client::Seat(player));
    Ok(vec![
        ("player", Value::from(player.0)),
        ("player_name", Value::from(session.player_name(player))),
        ("view", session.view_json(player)),
        ("board", Value::from(seen.text)),
        ("status", status_json(session)),
    ])
}

/// `state`: the whole state, hidden information included (an explicit
/// request): answered to whoever the match gives the whole record to (the
/// referee; anyone in a game of perfect information).
pub(crate) fn state(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.open(req)?;
    game.game.record(game.client).map_err(match_error)?;
    let session = game.session();
    Ok(vec![
        ("state", session.state_json()),
        ("board", Value::from(session.render(None))),
        ("status", status_json(session)),
    ])
}

/// `record`: the game record (every move, hidden ones included), as the
/// match gives it (refused to a seat in a game of hidden information); the
/// seats of a `serve` match are not written in it.
pub(crate) fn record(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.open(req)?;
    let mut record = game.game.record(game.client).map_err(match_error)?;
    record.players.clear();
    let record = serde_json::to_value(record)
        .map_err(|e| ServeError::bad_request(format!("cannot write the record: {e}")))?;
    Ok(vec![("record", record)])
}

/// Who an id is, for what it may see.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Audience {
    /// The referee: everything.
    Referee,
    /// A seat: its own view.
    Seat(Player),
    /// A spectator: the public view.
    Spectator,
}

/// `board`: everything a graphical front end draws, as the match shows it
/// to the id: the board (the seat's, the public one for a spectator, the
/// whole one for the referee) with the last move's cells, the legal moves
/// with the squares they touch (on the id's turn only), the status, the
/// text board, and what each move so far did (`log`) and the last one
/// (`described`), as the id may know it.
pub(crate) fn board(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let with_log = req.bool_opt("log")?.unwrap_or(true);
    let game = server.open(req)?;
    let seen = game.game.view(game.client);
    let audience = match game.client {
        Client::Seat(p) => Audience::Seat(p),
        Client::Spectator => Audience::Spectator,
        _ => Audience::Referee,
    };
    let session = game.session();
    let board = seen.board.map_or(
        Value::Null,
        |b| json!({"board": b.board, "last_move": b.last_move}),
    );
    let legal: Vec<Value> = seen
        .legal_move_squares
        .into_iter()
        .map(|(mv, squares)| json!({"move": mv, "squares": squares}))
        .collect();
    let mut fields: Fields = vec![
        (
            "player",
            game.seat().map_or(Value::Null, |p| Value::from(p.0)),
        ),
        ("spectator", Value::Bool(audience == Audience::Spectator)),
        ("board", board),
        ("legal", Value::Array(legal)),
    ];
    if seen.your_turn {
        fields.push(("enumerable", Value::Bool(seen.moves_enumerable)));
        if !seen.moves_enumerable {
            if let Some(hint) = seen.move_hint {
                fields.push(("hint", Value::String(hint)));
            }
        }
    }
    fields.extend([
        ("status", status_json(session)),
        ("text", Value::from(seen.text)),
        ("described", describe_last(session, audience)),
    ]);
    if with_log {
        let (moves, log) = move_log(session, audience);
        fields.push(("moves", Value::Array(moves)));
        fields.push(("log", Value::Array(log)));
    }
    Ok(fields)
}

/// What the last move did, as `audience` may know it, or null.
fn describe_last(session: &dyn DynSession, audience: Audience) -> Value {
    let described = match audience {
        Audience::Referee => session.describe_last_move(None),
        Audience::Seat(p) => session.describe_last_move(Some(p)),
        Audience::Spectator => session.describe_last_move_public(),
    };
    described.map_or(Value::Null, Value::String)
}

/// Each move of the game in notation where `audience` may see its text
/// (null for another player's secret move, such as a Stratego setup), and
/// what each did as `audience` may know it (null where it may know
/// nothing), replayed from the record; empty if the record cannot be
/// replayed (it always can: it is the session's own).
fn move_log(session: &dyn DynSession, audience: Audience) -> (Vec<Value>, Vec<Value>) {
    let record = session.record();
    // The session's own rules: nothing is loaded again.
    let rules = session.rules();
    let mut replay = rules.new_session(record.seed);
    let mut moves = Vec::with_capacity(record.moves.len());
    let mut log = Vec::with_capacity(record.moves.len());
    for mv in &record.moves {
        if replay.play(mv).is_err() {
            break;
        }
        let shown = replay.last_move().filter(|last| {
            last.public
                || match audience {
                    Audience::Referee => true,
                    Audience::Seat(p) => p == last.mover,
                    Audience::Spectator => false,
                }
        });
        moves.push(shown.map_or(Value::Null, |last| Value::String(last.text)));
        log.push(describe_last(replay.as_ref(), audience));
    }
    (moves, log)
}
