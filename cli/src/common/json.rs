//! JSON shapes shared by the stateless commands (`--json`) and `plateau serve`,
//! so that scripts see the same objects either way.

use plateau::{DynSession, Status};
use serde_json::{json, Value};

/// The public status of a game: who is to move (number and name), or the
/// outcome when it is over. It holds nothing hidden.
pub fn status_json(session: &dyn DynSession) -> Value {
    match session.status() {
        Status::ToMove(p) => json!({
            "over": false,
            "to_move": p.0,
            "to_move_name": session.player_name(p),
            "moves_played": session.num_moves(),
        }),
        Status::Over(outcome) => json!({
            "over": true,
            "outcome": {
                "winner": outcome.winner.map(|p| p.0),
                "winner_name": outcome.winner.map(|p| session.player_name(p)),
                "reason": outcome.reason,
                "scores": outcome.scores,
            },
            "result": session.describe_status(),
            "moves_played": session.num_moves(),
        }),
    }
}
