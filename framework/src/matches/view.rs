//! What one client sees of a match, in one place: a seat its own view, a
//! spectator the public view, the referee everything.

use super::events::MatchEvent;
use super::seats::Perspective;
use super::{Client, DrawOffer, Match, Occupant, UndoRequest};
use crate::board::BoardView;
use crate::{Outcome, Player, SeatBoard, Status};
use serde::{Deserialize, Serialize};

/// A board as a client sees it, with the squares of the last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardInfo {
    /// The board.
    pub board: BoardView,
    /// The cells (row, column) of the last move, where the client may know
    /// them.
    pub last_move: Vec<(usize, usize)>,
}

impl From<SeatBoard> for BoardInfo {
    fn from(b: SeatBoard) -> BoardInfo {
        BoardInfo {
            board: b.board,
            last_move: b.last_move,
        }
    }
}

/// The last move as a client may know it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastMoveView {
    /// The move's number.
    pub ply: usize,
    /// Who played it.
    pub mover: Player,
    /// The move in notation, if it is public or the client's own.
    pub notation: Option<String>,
    /// What it did, as the client may know it.
    pub description: Option<String>,
    /// Its intermediate boards, as the client may see them.
    pub frames: Vec<BoardView>,
}

/// One seat as everyone may know it (no token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The player.
    pub player: Player,
    /// The player's name under the rules (`red`, `south`).
    pub player_name: String,
    /// Who plays the seat.
    pub occupant: Occupant,
    /// Whether the seat's agent is thinking now.
    pub thinking: bool,
}

/// Everything one client may know of a match now, ready to send as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClientView {
    /// Who the view is for.
    pub client: Client,
    /// The seat whose view this is (a seat's, or the hot seat's now), if
    /// it is one seat's.
    pub seat: Option<Player>,
    /// The game's id.
    pub game: String,
    /// The variant, as shown.
    pub variant: String,
    /// Whether players' views hide part of the state.
    pub hidden_information: bool,
    /// The match's version ([`Match::version`]).
    pub version: u64,
    /// The latest event's sequence number: read events after it.
    pub last_event: u64,
    /// The number of moves played.
    pub moves_played: usize,
    /// Whether the game is over.
    pub over: bool,
    /// The player to move, if the game is on.
    pub to_move: Option<Player>,
    /// The outcome, once over.
    pub outcome: Option<Outcome>,
    /// The status in words (`red to move`, `blue wins (guessed)`).
    pub status: String,
    /// Whether this client may play now.
    pub your_turn: bool,
    /// The board as the client sees it, where the game describes one.
    pub board: Option<BoardInfo>,
    /// The board as text, as the client sees it.
    pub text: String,
    /// The legal moves in notation, on the client's turn only.
    pub legal_moves: Vec<String>,
    /// Whether the legal moves can be listed (false in a setup), on the
    /// client's turn.
    pub moves_enumerable: bool,
    /// What to enter where moves are not listed, on the client's turn.
    pub move_hint: Option<String>,
    /// The squares of each legal move (notation, squares), on the client's turn.
    pub legal_move_squares: Vec<(String, Vec<String>)>,
    /// The last move as the client may know it.
    pub last_move: Option<LastMoveView>,
    /// The pending undo request.
    pub undo_request: Option<UndoRequest>,
    /// The pending draw offer.
    pub draw_offer: Option<DrawOffer>,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// The clocks, if the match has any: each player's time left now,
    /// whose clock runs and the server's time ([`Match::clock_view`]).
    #[serde(default)]
    pub clock: Option<super::ClockView>,
}

/// One move played, as a client may know it ([`Match::moves_as`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEntry {
    /// Who played it.
    pub mover: Player,
    /// Its notation, where the client may know it (`None`: another seat's
    /// secret move, such as its setup).
    pub notation: Option<String>,
}

impl Match {
    /// Every move played, in order, as `client` may know it: a move's
    /// notation where the move is public or the client's own (the
    /// referee's: every one; a spectator's: the public ones). Replays the
    /// game from its start.
    pub fn moves_as(&self, client: Client) -> Vec<MoveEntry> {
        let perspective = self.perspective(client);
        let record = self.session.record();
        let mut walk = self.game.new_session(record.seed);
        let mut entries = Vec::with_capacity(record.moves.len());
        for text in &record.moves {
            let Some(mover) = walk.status().to_move() else {
                break;
            };
            if walk.play(text).is_err() {
                break;
            }
            let (public, text) = match walk.last_move() {
                Some(last) => (last.public, last.text),
                None => (true, text.clone()),
            };
            let own =
                perspective == Perspective::Seat(mover) || perspective == Perspective::Everything;
            entries.push(MoveEntry {
                mover,
                notation: (public || own).then_some(text),
            });
        }
        entries
    }

    /// The board as text for `client`, as [`ClientView::text`] gives it,
    /// with the last move marked on it where the client may know it
    /// ([`DynSession::render_marked`](crate::DynSession::render_marked)),
    /// for a front end that tells the last move in words itself. The public
    /// view of a game of hidden information is not marked.
    pub fn text_marked(&self, client: Client) -> String {
        match self.perspective(client) {
            Perspective::Seat(p) => self.session.render_marked(Some(p)),
            Perspective::Everything => self.session.render_marked(None),
            Perspective::Public if !self.session.hidden_information() => {
                self.session.render_marked(None)
            }
            Perspective::Public => self.view(client).text,
        }
    }

    /// What `client` may know now: the status, its board and text, its
    /// legal moves on its turn, the last move as it may know it, the
    /// pending offers and the seats. A seat sees its view only, a spectator
    /// the public view only (in a game of hidden information: no text but
    /// the public board's, no frames), the referee everything.
    pub fn view(&self, client: Client) -> ClientView {
        let perspective = self.perspective(client);
        let session = self.session.as_ref();
        let status = session.status();
        let (to_move, outcome) = match &status {
            Status::ToMove(p) => (Some(*p), None),
            Status::Over(o) => (None, Some(o.clone())),
        };
        let your_turn = self.check_client(client).is_ok()
            && match (client, to_move) {
                (Client::Seat(p), Some(m)) => p == m && self.is_person(p),
                (Client::HotSeat, Some(m)) => self.is_person(m),
                (Client::Referee, Some(_)) => true,
                _ => false,
            };
        let hidden = session.hidden_information();
        let (board, text) = match perspective {
            Perspective::Seat(p) => (session.board(Some(p)), session.render(Some(p))),
            Perspective::Everything => (session.board(None), session.render(None)),
            Perspective::Public => {
                let board = session.public_board();
                let text = match (&board, hidden) {
                    (_, false) => session.render(None),
                    (Some(b), true) => b.board.to_text(),
                    (None, true) => String::new(),
                };
                (board, text)
            }
        };
        let last_move = self.plies.last().map(|ply| {
            let MatchEvent::Moved {
                ply,
                mover,
                notation,
                description,
                frames,
            } = self.moved_as(ply.mover, perspective)
            else {
                unreachable!("moved_as gives a move")
            };
            LastMoveView {
                ply,
                mover,
                notation,
                description,
                frames,
            }
        });
        let status_text = match to_move {
            Some(p) => format!("{} to move", self.name(p)),
            None => session.describe_status(),
        };
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView {
                player: Player(i as u8),
                player_name: self.name(Player(i as u8)),
                occupant: s.occupant.clone(),
                thinking: self.thinking(Player(i as u8)),
            })
            .collect();
        ClientView {
            client,
            seat: match perspective {
                Perspective::Seat(p) => Some(p),
                _ => None,
            },
            game: session.game_id().to_string(),
            variant: session.variant_label(),
            hidden_information: hidden,
            version: self.version,
            last_event: self.events.latest,
            moves_played: session.num_moves(),
            over: status.is_over(),
            to_move,
            outcome,
            status: status_text,
            your_turn,
            board: board.map(BoardInfo::from),
            text,
            legal_moves: if your_turn {
                session.legal_moves()
            } else {
                Vec::new()
            },
            moves_enumerable: your_turn && session.moves_enumerable(),
            move_hint: session.move_hint().filter(|_| your_turn),
            legal_move_squares: if your_turn {
                session.legal_move_squares()
            } else {
                Vec::new()
            },
            last_move,
            undo_request: self.undo.clone(),
            draw_offer: self.draw.clone(),
            seats,
            clock: self.clock_view(),
        }
    }
}
