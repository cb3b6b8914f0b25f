//! The board for full-screen display ([`plateau::board::BoardView`]), from
//! a seat's view only (S6.4): the seat's own pieces by symbol, the
//! opponent's unknown pieces as `?` and revealed ones by symbol, lakes
//! blocked; the second side sees its own home at the bottom. The public
//! board (a spectator's) shows each piece as its opponent sees it, so it
//! holds no rank that is not revealed to both sides (S6.2, S6.3).

use crate::board::Square;
use crate::notation::Move;
use crate::state::StrategoState;
use crate::view::ViewSquare;
use crate::Stratego;
use plateau::board::{BoardView, Cell};
use plateau::{Game, Player};

/// Whose board it is.
#[derive(Copy, Clone)]
enum Audience {
    /// A seat: its own view (S6.4).
    Seat(Player),
    /// The whole position, every piece shown.
    All,
    /// Anyone watching: each piece as its opponent sees it.
    Public,
}

/// The board as `seat` sees it, or the whole position (`None`, every piece
/// shown, from the first side's seat).
pub(crate) fn board_view(
    game: &Stratego,
    state: &StrategoState,
    seat: Option<Player>,
) -> BoardView {
    board_for(game, state, seat.map_or(Audience::All, Audience::Seat))
}

/// The board as anyone watching sees it, from the first side's seat: every
/// piece as its opponent's view shows it (its rank only once revealed,
/// S6.2; during the setups no piece at all, S3.2), so nothing unrevealed of
/// either side.
pub(crate) fn public_board_view(game: &Stratego, state: &StrategoState) -> BoardView {
    board_for(game, state, Audience::Public)
}

fn board_for(game: &Stratego, state: &StrategoState, audience: Audience) -> BoardView {
    let seat = match audience {
        Audience::Seat(p) => Some(p),
        Audience::All | Audience::Public => None,
    };
    // The public board: each side's pieces as the other side's view has them.
    let opponents_views = matches!(audience, Audience::Public)
        .then(|| [game.view(state, Player(1)), game.view(state, Player(0))]);
    let rules = &game.rules;
    let (files, ranks) = (rules.files, rules.ranks);
    let flipped = seat.is_some_and(|p| p.index() == 1);
    let symbol = |k: u8| rules.kinds.get(k as usize).map_or('?', |k| k.symbol);
    let view = seat.map(|p| game.view(state, p));
    let mut board = BoardView::new(ranks as usize, files as usize);
    for row in 0..ranks {
        let rank = if flipped { row } else { ranks - 1 - row };
        for col in 0..files {
            let file = if flipped { files - 1 - col } else { col };
            let sq = Square::new(file, rank).expect("board squares exist");
            let name = sq.to_string();
            let cell = match &view {
                Some(v) => match v.square(sq) {
                    Some(ViewSquare::Lake) => Cell::blocked().text("~"),
                    Some(ViewSquare::Empty) | None => Cell::square(name),
                    Some(ViewSquare::Own { kind, revealed, .. }) => Cell::square(name)
                        .text(symbol(kind).to_string())
                        .owner(v.viewer)
                        .marked(revealed),
                    Some(ViewSquare::Opponent { kind, .. }) => Cell::square(name)
                        .text(kind.map_or('?', symbol).to_string())
                        .owner(v.viewer.opponent())
                        .marked(kind.is_some()),
                },
                None if opponents_views.is_some() => {
                    public_cell(&opponents_views, state, sq, name, &symbol)
                }
                None => match state.piece_at(sq) {
                    None if rules.is_lake(sq) => Cell::blocked().text("~"),
                    None => Cell::square(name),
                    Some(p) => Cell::square(name)
                        .text(symbol(p.kind).to_string())
                        .owner(p.owner)
                        .marked(p.revealed),
                },
            };
            board.set(row as usize, col as usize, cell);
        }
    }
    board.col_labels = (0..files)
        .map(|c| {
            let f = if flipped { files - 1 - c } else { c };
            ((b'a' + f) as char).to_string()
        })
        .collect();
    board.row_labels = (0..ranks)
        .map(|r| (if flipped { r + 1 } else { ranks - r }).to_string())
        .collect();
    board.notes = vec![format!(
        "pieces on the board: {} {}, {} {}",
        game.player_name(Player(0)),
        state.pieces_on_board(Player(0)),
        game.player_name(Player(1)),
        state.pieces_on_board(Player(1))
    )];
    if matches!(audience, Audience::Public) {
        // The tray is public (S5.7); a seat has it in its view, a
        // spectator nowhere else.
        board.notes.push(format!(
            "tray: {} {} | {} {}",
            game.player_name(Player(0)),
            rules.tray_text(state.tray(Player(0))),
            game.player_name(Player(1)),
            rules.tray_text(state.tray(Player(1)))
        ));
    }
    board
}

/// A cell of the public board: the piece on `sq` as its owner's opponent
/// sees it.
fn public_cell(
    opponents_views: &Option<[crate::StrategoView; 2]>,
    state: &StrategoState,
    sq: Square,
    name: String,
    symbol: &dyn Fn(u8) -> char,
) -> Cell {
    let Some(views) = opponents_views else {
        return Cell::square(name);
    };
    let Some(owner) = state.piece_at(sq).map(|p| p.owner) else {
        return match views[0].square(sq) {
            Some(ViewSquare::Lake) => Cell::blocked().text("~"),
            _ => Cell::square(name),
        };
    };
    // The view of the owner's opponent: views[0] is the first side's
    // opponent's (the second side's), views[1] the second side's opponent's.
    match views[owner.index()].square(sq) {
        Some(ViewSquare::Opponent { kind, .. }) => Cell::square(name)
            .text(kind.map_or('?', symbol).to_string())
            .owner(owner)
            .marked(kind.is_some()),
        Some(ViewSquare::Lake) => Cell::blocked().text("~"),
        _ => Cell::square(name),
    }
}

/// The squares of a step (origin, target) or of a return; none for a setup
/// or a skip.
pub(crate) fn move_squares(mv: &Move) -> Vec<String> {
    match mv {
        Move::Step { from, to } => vec![from.to_string(), to.to_string()],
        Move::Return { square, .. } => vec![square.to_string()],
        Move::Setup(_) | Move::Skip => Vec::new(),
    }
}
