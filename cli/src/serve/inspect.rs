//! Looking at a game: `status` and a player's `view` (public or that player's
//! own), and the explicit full-information requests `state` and `record`.

use super::error::{Result, ServeError};
use super::request::Request;
use super::response::Fields;
use super::server::Server;
use crate::json::status_json;
use serde_json::Value;

/// `status`: who is to move, or the outcome.
pub(crate) fn status(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
    Ok(vec![("status", status_json(game.session.as_ref()))])
}

/// `view`: what one player sees (default: the seat of the id, or the player
/// to move), as JSON and as a text board from that player's seat.
pub(crate) fn view(server: &mut Server<'_>, req: &Request) -> Result<Fields> {
    let game = server.game(req)?;
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
