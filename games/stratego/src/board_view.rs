//! The board for full-screen display ([`plateau::board::BoardView`]), from
//! a seat's view only (S6.4): the seat's own pieces by symbol, the
//! opponent's unknown pieces as `?` and revealed ones by symbol, lakes
//! blocked; the second side sees its own home at the bottom. The public
//! board (a spectator's) shows each piece as its opponent sees it, so it
//! holds no rank that is not revealed to both sides (S6.2, S6.3).

use crate::board::Square;
use crate::notation::Move;
use crate::setup::Setup;
use crate::state::{Event, StrategoState};
use crate::view::ViewSquare;
use crate::Stratego;
use plateau::board::{BoardView, Cell, Placement, PlacementPiece};
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
    // The tray of removed pieces is public (S5.7): every board shows it
    // (the full-screen terminal has no other place for it).
    board.notes.push(format!(
        "tray: {} {} | {} {}",
        game.player_name(Player(0)),
        rules.tray_text(state.tray(Player(0))),
        game.player_name(Player(1)),
        rules.tray_text(state.tray(Player(1)))
    ));
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

/// The setup the side to move makes next as a placement (S3): its home area
/// in setup text order (S3.3), the lakes in it blocked, the army by kind
/// (kind `i` of the arrangement is kind `i` of the rules), and whether the
/// rules fill the whole area (S3.1).
pub(crate) fn placement(game: &Stratego, state: &StrategoState) -> Option<Placement> {
    if !state.in_setup() || state.outcome.is_some() {
        return None;
    }
    let rules = &game.rules;
    let home = game.home_area(state.to_move());
    Some(Placement {
        squares: home.iter().map(Square::to_string).collect(),
        blocked: home.iter().map(|sq| rules.is_lake(*sq)).collect(),
        pieces: rules
            .kinds
            .iter()
            .map(|k| PlacementPiece {
                symbol: k.symbol.to_string(),
                name: k.name.clone(),
                count: k.count as usize,
            })
            .collect(),
        fill: rules.full,
    })
}

/// The setup move of an arrangement of [`placement`], unchecked.
pub(crate) fn placement_move(
    game: &Stratego,
    state: &StrategoState,
    arrangement: &[Option<usize>],
) -> Option<Move> {
    let home = placement(game, state)?.squares.len();
    if arrangement.len() != home || arrangement.iter().flatten().any(|&k| k >= 15) {
        return None;
    }
    Some(Move::Setup(Setup::new(
        arrangement.iter().map(|k| k.map(|k| k as u8)),
    )))
}

/// The arrangement of a setup move of the side to move.
pub(crate) fn placement_of(
    game: &Stratego,
    state: &StrategoState,
    mv: &Move,
) -> Option<Vec<Option<usize>>> {
    let home = placement(game, state)?.squares.len();
    match mv {
        Move::Setup(s) if s.len() == home => Some(s.kinds().map(|k| k.map(usize::from)).collect()),
        _ => None,
    }
}

/// The frames of a step: for an attack, the board before it as `seat` sees
/// it with both pieces shown as the combat reveals them (S5.1; a silent
/// defender that wins stays hidden from all but its own side, S12.6), both
/// marked. A step that is no attack, a setup or a return has none.
pub(crate) fn move_frames(
    game: &Stratego,
    before: &StrategoState,
    mv: &Move,
    seat: Option<Player>,
) -> Vec<BoardView> {
    let Move::Step { from, to } = *mv else {
        return Vec::new();
    };
    if before.in_setup() || game.rules.check_step(before, from, to).is_err() {
        return Vec::new();
    }
    let mut after = before.clone();
    game.rules.apply_step(&mut after, from.index(), to.index());
    let Some(Event::Move {
        combat: Some(combat),
        ..
    }) = after.last
    else {
        return Vec::new();
    };
    let mover = before.to_move();
    let defender = combat.defender.or_else(|| {
        // S12.6: the defender's own side (and the whole position) knows it.
        (seat.is_none() || seat == Some(mover.opponent()))
            .then(|| before.piece_at(to).map(|p| p.kind))
            .flatten()
    });
    let symbol = |k: u8| {
        game.rules
            .kinds
            .get(k as usize)
            .map_or('?', |k| k.symbol)
            .to_string()
    };
    let mut board = board_view(game, before, seat);
    for (square, kind, owner) in [
        (from, Some(combat.attacker), mover),
        (to, defender, mover.opponent()),
    ] {
        if let Some((r, c)) = board.locate(&square.to_string(), None) {
            let cell = Cell::square(square.to_string())
                .text(kind.map_or("?".to_string(), symbol))
                .owner(owner)
                .marked(true);
            board.set(r, c, cell);
        }
    }
    board.notes.insert(
        0,
        format!("{} attacks {from}x{to}", game.player_name(mover)),
    );
    vec![board]
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::rand::SeedableRng;

    #[test]
    fn an_attack_is_shown_with_both_pieces_and_nothing_else_revealed() {
        // S5.1: an attack reveals both pieces; the frame before the result
        // shows them, every other hidden piece stays `?` for a seat.
        let game = Stratego::original();
        let mut rng = plateau::GameRng::seed_from_u64(11);
        let mut attacks = 0;
        for seed in 0..4 {
            let mut state = game.initial_state(seed);
            for _ in 0..400 {
                let Some(mv) = game.random_move(&state, &mut rng) else {
                    break;
                };
                let mut after = state.clone();
                game.apply(&mut after, &mv);
                let attack = matches!(
                    after.last,
                    Some(Event::Move {
                        combat: Some(_),
                        ..
                    })
                );
                let seat = Some(state.to_move().opponent());
                let frames = move_frames(&game, &state, &mv, seat);
                assert_eq!(
                    frames.len(),
                    usize::from(attack && matches!(mv, Move::Step { .. }))
                );
                if let (Some(frame), Move::Step { from, to }) = (frames.first(), mv) {
                    attacks += 1;
                    let plain = board_view(&game, &state, seat);
                    for (i, (f, p)) in frame.cells.iter().zip(&plain.cells).enumerate() {
                        let name = f.name.clone().unwrap_or_default();
                        if name == from.to_string() || name == to.to_string() {
                            assert!(f.marked && f.text != "?" || name == to.to_string(), "{f:?}");
                        } else {
                            assert_eq!(f, p, "cell {i}");
                        }
                    }
                }
                state = after;
                if game.status(&state).is_over() {
                    break;
                }
            }
        }
        assert!(attacks > 5, "{attacks}");
    }
}
