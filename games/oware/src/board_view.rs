//! The board for full-screen display ([`plateau::board::BoardView`]): the
//! layout of the text board, the opponent's row on top running from our
//! right, our own row below from our left, houses named as in O1.2.

use crate::board::House;
use crate::state::OwareState;
use crate::Oware;
use plateau::board::BoardView;
use plateau::sowing::{pit_cell, seats};
use plateau::{Game, Player};

/// The board from `seat`'s side of the table (South's when `None`).
pub(crate) fn board_view(game: &Oware, state: &OwareState, seat: Option<Player>) -> BoardView {
    let (me, them) = seats(seat);
    let h = state.houses_per_row();
    let mut view = BoardView::new(2, h);
    for (screen_row, owner, reversed) in [(0, them, true), (1, me, false)] {
        let seeds = state.row(owner);
        for col in 0..h {
            let index = if reversed { h - 1 - col } else { col };
            let house = House::new(owner, index).expect("a house of the row");
            view.set(
                screen_row,
                col,
                pit_cell(house.to_string(), seeds[index], owner),
            );
        }
    }
    // Each house's letter as the notation names it (O1.2): ours below, the
    // opponent's above (its row runs from our right).
    let letters = |owner: Player, reversed: bool| -> Vec<String> {
        (0..h)
            .map(|col| if reversed { h - 1 - col } else { col })
            .filter_map(|i| House::new(owner, i).map(|house| house.to_string()))
            .collect()
    };
    view.col_labels = letters(me, false);
    view.top_labels = letters(them, true);
    view.row_labels = vec![
        game.player_name(them).to_string(),
        game.player_name(me).to_string(),
    ];
    view.notes = [them, me]
        .iter()
        .map(|&p| format!("{}: store {}", game.player_name(p), state.store(p)))
        .collect();
    view.stores = vec![state.store(Player(0)), state.store(Player(1))];
    view
}

#[cfg(test)]
mod tests {
    use plateau::{DescribeMoves, Game, Player};

    #[test]
    fn a_capture_is_shown_after_its_sowing_and_only_a_capture() {
        // O2.1, O3.1: the frame is the board after the sowing, before the
        // seeds are taken; a move without capture has none.
        let game = crate::Oware::standard();
        let mut rng = plateau::rng(3);
        let mut captures = 0;
        for seed in 0..20 {
            let mut state = game.initial_state(seed);
            while let Some(mv) = game.random_move(&state, &mut rng) {
                let mover = state.to_move;
                let frames = game.move_frames(&state, &mv, Some(Player(0)));
                let stored = state.store(mover);
                let mut after = state;
                game.apply(&mut after, &mv);
                let captured = after.store(mover) > stored;
                assert_eq!(frames.len(), usize::from(captured));
                if let Some(frame) = frames.first() {
                    captures += 1;
                    let seeds = |b: &plateau::board::BoardView| -> u32 {
                        b.cells
                            .iter()
                            .filter_map(|c| c.text.parse::<u32>().ok())
                            .sum()
                    };
                    // Nothing is taken yet: the seeds on the board and in the
                    // stores are those before.
                    let before = super::board_view(&game, &state, Some(Player(0)));
                    assert_eq!(seeds(frame), seeds(&before));
                    assert_eq!(frame.stores, before.stores);
                    let shown = super::board_view(&game, &after, Some(Player(1))).stores;
                    assert_eq!(shown, [after.store(Player(0)), after.store(Player(1))]);
                    assert_eq!(
                        seeds(frame) - seeds(&super::board_view(&game, &after, Some(Player(0)))),
                        after.store(mover) - stored
                    );
                }
                state = after;
            }
        }
        assert!(captures > 10, "{captures}");
    }
}
