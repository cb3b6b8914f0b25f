//! The board for full-screen display ([`plateau::board::BoardView`]): the
//! layout of the text board, the opponent's row on top running from our
//! right, our own row below from our left, houses named as in O1.2.

use crate::board::House;
use crate::state::OwareState;
use crate::Oware;
use plateau::board::{BoardView, Cell};
use plateau::{Game, Player};

/// The board from `seat`'s side of the table (South's when `None`).
pub(crate) fn board_view(game: &Oware, state: &OwareState, seat: Option<Player>) -> BoardView {
    let me = Player(seat.map_or(0, |p| p.0 & 1));
    let them = me.opponent();
    let h = state.houses_per_row();
    let mut view = BoardView::new(2, h);
    for (screen_row, owner, reversed) in [(0, them, true), (1, me, false)] {
        let seeds = state.row(owner);
        for col in 0..h {
            let index = if reversed { h - 1 - col } else { col };
            let house = House::new(owner, index).expect("a house of the row");
            let n = seeds[index];
            let text = if n == 0 { String::new() } else { n.to_string() };
            view.set(
                screen_row,
                col,
                Cell::square(house.to_string()).text(text).owner(owner),
            );
        }
    }
    view.row_labels = vec![
        game.player_name(them).to_string(),
        game.player_name(me).to_string(),
    ];
    view.notes = [them, me]
        .iter()
        .map(|&p| format!("{}: store {}", game.player_name(p), state.store(p)))
        .collect();
    view
}
