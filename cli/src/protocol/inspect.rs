//! Looking at a game: `status`, a player's `view` (public or that player's
//! own), the `board` for graphical front ends, and the explicit
//! full-information requests `state` and `record`.

use super::error::{ErrorKind, Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::server::Server;
use crate::common::json::status_json;
use plateau::{DynSession, Player, Registry, Status};
use serde_json::{json, Value};

/// `status`: who is to move, or the outcome.
pub(crate) fn status(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
    Ok(vec![("status", status_json(game.session.as_ref()))])
}

/// `view`: what one player sees (default: the seat of the id, or the player
/// to move), as JSON and as a text board from that player's seat. To a
/// spectator: the public view (`player` null, `view` the public board or
/// null, `board` its text).
pub(crate) fn view(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
    if game.spectator {
        if req.get("player").is_some() {
            return Err(ServeError::new(
                ErrorKind::NotAllowed,
                "field 'player': a spectator sees the public view only",
            ));
        }
        let session = game.session.as_ref();
        let public = session.public_board();
        return Ok(vec![
            ("player", Value::Null),
            ("player_name", Value::Null),
            (
                "view",
                public
                    .as_ref()
                    .map_or(Value::Null, |b| serde_json::json!(b.board)),
            ),
            ("board", Value::from(public_text(session))),
            ("status", status_json(session)),
        ]);
    }
    let player = game.player(req, "player")?;
    let session = game.session.as_ref();
    let player = match player {
        Some(p) => p,
        None => session.status().to_move().ok_or_else(|| {
            ServeError::bad_request("the game is over: say whose view with 'player'")
        })?,
    };
    Ok(vec![
        ("player", Value::from(player.0)),
        ("player_name", Value::from(session.player_name(player))),
        ("view", session.view_json(player)),
        ("board", Value::from(session.render(Some(player)))),
        ("status", status_json(session)),
    ])
}

/// `state`: the whole state, hidden information included (an explicit
/// request, refused to a seat in a game of hidden information).
pub(crate) fn state(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
    game.referee_only("state")?;
    let session = game.session.as_ref();
    Ok(vec![
        ("state", session.state_json()),
        ("board", Value::from(session.render(None))),
        ("status", status_json(session)),
    ])
}

/// `record`: the game record (every move, hidden ones included; refused to
/// a seat in a game of hidden information).
pub(crate) fn record(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
    game.referee_only("record")?;
    let record = serde_json::to_value(game.session.record())
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

/// `board`: everything a graphical front end draws, as the id may see it:
/// the board ([`plateau::SeatBoard`]: the seat's board, the public one for
/// a spectator, the whole one for the referee) with the last move's cells,
/// the legal moves with the squares they touch (on the seat's turn only),
/// the status, the text board, and what each move so far did (`log`) and
/// the last one (`described`), as the id may know it.
pub(crate) fn board(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let with_log = req.bool_opt("log")?.unwrap_or(true);
    let registry = server.registry;
    let game = server.game(req)?;
    let audience = match (game.spectator, game.seat) {
        (true, _) => Audience::Spectator,
        (false, Some(p)) => Audience::Seat(p),
        (false, None) => Audience::Referee,
    };
    let session = game.session.as_ref();
    let seat_board = match audience {
        Audience::Referee => session.board(None),
        Audience::Seat(p) => session.board(Some(p)),
        Audience::Spectator => session.public_board(),
    };
    let board = seat_board.map_or(
        Value::Null,
        |b| json!({"board": b.board, "last_move": b.last_move}),
    );
    let text = match audience {
        Audience::Referee => session.render(None),
        Audience::Seat(p) => session.render(Some(p)),
        Audience::Spectator => public_text(session),
    };
    let may_move = match (audience, session.status()) {
        (Audience::Referee, Status::ToMove(_)) => true,
        (Audience::Seat(p), Status::ToMove(q)) => p == q,
        _ => false,
    };
    let legal: Vec<Value> = if may_move {
        session
            .legal_move_squares()
            .into_iter()
            .map(|(mv, squares)| json!({"move": mv, "squares": squares}))
            .collect()
    } else {
        Vec::new()
    };
    let mut fields: Fields = vec![
        (
            "player",
            game.seat.map_or(Value::Null, |p| Value::from(p.0)),
        ),
        ("spectator", Value::Bool(audience == Audience::Spectator)),
        ("board", board),
        ("legal", Value::Array(legal)),
    ];
    if may_move {
        fields.push(("enumerable", Value::Bool(session.moves_enumerable())));
        if !session.moves_enumerable() {
            if let Some(hint) = session.move_hint() {
                fields.push(("hint", Value::String(hint)));
            }
        }
    }
    fields.extend([
        ("status", status_json(session)),
        ("text", Value::from(text)),
        ("described", describe_last(session, audience)),
    ]);
    if with_log {
        let (moves, log) = move_log(registry, session, audience);
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
fn move_log(
    registry: &Registry,
    session: &dyn DynSession,
    audience: Audience,
) -> (Vec<Value>, Vec<Value>) {
    let record = session.record();
    let Ok(rules) = registry.find(&record.game).and_then(|entry| {
        entry
            .load_params(&record.variant, &record.params)
            .map_err(|e| e.to_string())
    }) else {
        return (Vec::new(), Vec::new());
    };
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

/// The board as anyone watching may see it, as text: the whole position in
/// a game of perfect information, the public board in a game of hidden
/// information (empty when the game has none).
pub(crate) fn public_text(session: &dyn DynSession) -> String {
    if !session.hidden_information() {
        return session.render(None);
    }
    session
        .public_board()
        .map(|b| b.board.to_text())
        .unwrap_or_default()
}
