//! The board for full-screen display ([`plateau::board::BoardView`]): the
//! same layout as the text board, the opponent's rows on top, each pit named
//! as its owner names it (H1.2).

use crate::board::Pit;
use crate::state::HusState;
use crate::Hus;
use plateau::board::{BoardView, Cell};
use plateau::{Game, Player};

/// The board from `seat`'s side of the table (South's when `None`).
pub(crate) fn board_view(game: &Hus, state: &HusState, seat: Option<Player>) -> BoardView {
    let me = Player(seat.map_or(0, |p| p.0 & 1));
    let them = me.opponent();
    let mut view = BoardView::new(4, 8);
    // (row on screen, owner, pit row, columns left to right)
    let layout: [(usize, Player, char, bool); 4] = [
        (0, them, 'a', false),
        (1, them, 'b', false),
        (2, me, 'b', true),
        (3, me, 'a', true),
    ];
    for (screen_row, owner, row, ascending) in layout {
        let pits = state.pits(owner);
        for col in 0..8u8 {
            let column = if ascending { col + 1 } else { 8 - col };
            let pit = Pit::from_name(row, column).expect("columns are 1-8");
            let stones = pits[pit.index()];
            let text = if stones == 0 {
                String::new()
            } else {
                stones.to_string()
            };
            view.set(
                screen_row,
                col as usize,
                Cell::square(pit.to_string()).text(text).owner(owner),
            );
        }
    }
    view.row_labels = vec![
        format!("{} a", game.player_name(them)),
        format!("{} b", game.player_name(them)),
        format!("{} b", game.player_name(me)),
        format!("{} a", game.player_name(me)),
    ];
    view.notes = [them, me]
        .iter()
        .map(|&p| {
            format!(
                "{}: {}",
                game.player_name(p),
                crate::render::stones(state.stones(p))
            )
        })
        .collect();
    view.notes
        .push("sowing runs a8 → a1, b1 → b8, then back to a8".to_string());
    view
}
