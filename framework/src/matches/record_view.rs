//! The record of a match as one client may know it: the whole record for
//! the referee and in a game of perfect information; in a game of hidden
//! information a seat's own view of it (its own moves, the others' as it
//! saw them) or the public view, never what that client could not see.

use super::seats::Perspective;
use super::{Client, Match, MatchError};
use crate::{GameRecord, Outcome, Player, RecordPlayer};
use serde::{Deserialize, Serialize};

/// The `format` of a [`RecordView`]: it is a view, not a record that can
/// be replayed (`plateau` reads records, not views).
pub const RECORD_VIEW_FORMAT: &str = "plateau-record-view/1";

/// One move of a [`RecordView`], as its client may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewedMove {
    /// The move's number (1 for the first move).
    pub ply: usize,
    /// Who played it.
    pub mover: Player,
    /// Its notation, where the move is public or the client's own (`None`:
    /// another player's secret move, such as a Stratego setup).
    pub notation: Option<String>,
    /// What it did, as the client may know it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// The record of a game of hidden information as one seat (or anyone
/// watching) may know it. It holds nothing the client could not see: no
/// seed (it may fix hidden state), no other player's secret move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordView {
    /// Always [`RECORD_VIEW_FORMAT`].
    pub format: String,
    /// The seat whose view this is; `None`: the public view.
    pub view_of: Option<Player>,
    /// The game's id.
    pub game: String,
    /// The variant.
    pub variant: String,
    /// The rules parameters (public).
    pub params: serde_json::Value,
    /// The players' names under the rules, in player order.
    pub player_names: Vec<String>,
    /// Who played each seat (a person's name, an agent's spec).
    pub players: Vec<RecordPlayer>,
    /// The moves, as the client may know them.
    pub moves: Vec<ViewedMove>,
    /// The player who resigned, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Player>,
    /// Whether the players agreed a draw.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draw_agreed: bool,
    /// The outcome, once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The outcome (or whose turn it is) in words.
    pub status: String,
}

/// What [`Match::record_for`] gives: the whole record, or a view of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RecordFor {
    /// The whole record with its players (it can be replayed and loaded).
    Full(GameRecord),
    /// A client's view of a record of a game of hidden information.
    View(RecordView),
}

impl Match {
    /// The record as `client` may know it: for the referee, and for anyone
    /// in a game of perfect information, the whole [`GameRecord`] with its
    /// players; in a game of hidden information a seat gets its own
    /// [`RecordView`] (its own moves in notation, the others' as it saw
    /// them), a spectator the public one (the hot seat: the view it has
    /// now, which is the public one once the game is over).
    pub fn record_for(&self, client: Client) -> Result<RecordFor, MatchError> {
        self.check_client(client)?;
        let perspective = self.perspective(client);
        if perspective == Perspective::Everything || !self.session.hidden_information() {
            return Ok(RecordFor::Full(self.record(Client::Referee)?));
        }
        let full = self.record(Client::Referee)?;
        let mut walk = self.game.new_session(full.seed);
        let mut moves = Vec::with_capacity(full.moves.len());
        for text in &full.moves {
            let Some(mover) = walk.status().to_move() else {
                break;
            };
            if walk.play(text).is_err() {
                break;
            }
            let public = walk.last_move().is_none_or(|l| l.public);
            let own = perspective == Perspective::Seat(mover);
            let description = match perspective {
                Perspective::Seat(p) => walk.describe_last_move(Some(p)),
                _ => walk.describe_last_move_public(),
            };
            moves.push(ViewedMove {
                ply: moves.len() + 1,
                mover,
                notation: (public || own)
                    .then(|| walk.last_move().map_or(text.clone(), |l| l.text)),
                description,
            });
        }
        let n = self.seats.len();
        Ok(RecordFor::View(RecordView {
            format: RECORD_VIEW_FORMAT.to_string(),
            view_of: perspective.viewer(),
            game: full.game,
            variant: full.variant,
            params: full.params,
            player_names: (0..n).map(|i| self.name(Player(i as u8))).collect(),
            players: full.players,
            moves,
            resigned: full.resigned,
            draw_agreed: full.draw_agreed,
            outcome: full.outcome,
            status: match self.to_move() {
                Some(p) => format!("{} to move", self.name(p)),
                None => self.session.describe_status(),
            },
        }))
    }
}
