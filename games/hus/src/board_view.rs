//! The board for full-screen display ([`plateau::board::BoardView`]): the
//! same layout as the text board, the opponent's rows on top, each pit named
//! as its owner names it (H1.2).

use crate::board::{unpack, Packed, Pit};
use crate::sowing::{sow_observed, Observer};
use crate::state::HusState;
use crate::Hus;
use plateau::board::BoardView;
use plateau::sowing::{pit_cell, seats};
use plateau::{Game, Player};

/// The board from `seat`'s side of the table (South's when `None`).
pub(crate) fn board_view(game: &Hus, state: &HusState, seat: Option<Player>) -> BoardView {
    let (me, them) = seats(seat);
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
            let cell = pit_cell(pit.to_string(), pits[pit.index()], owner);
            view.set(screen_row, col as usize, cell);
        }
    }
    // Each pit's number as its owner names it (H1.2): ours 1-8 from the
    // left below, the opponent's 8-1 above (its numbers run the other way).
    view.col_labels = (1..=8).map(|n: u8| n.to_string()).collect();
    view.top_labels = (1..=8).rev().map(|n: u8| n.to_string()).collect();
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

/// The most frames a move is shown in; a longer relay chain shows its first
/// sowings, then the result.
const MAX_FRAMES: usize = 40;

/// Collects the sides after each sowing of a move and the pit each relay or
/// capture lifts.
#[derive(Default)]
struct Frames {
    sides: Vec<(Packed, Packed, Option<Pit>)>,
}

impl Observer for Frames {
    fn sown(&mut self, own: Packed, opp: Packed) {
        if self.sides.len() <= MAX_FRAMES {
            self.sides.push((own, opp, None));
        }
    }
    fn relay(&mut self, pit: Pit, _stones: u32) {
        if let Some(last) = self.sides.last_mut() {
            last.2.get_or_insert(pit);
        }
    }
    fn capture(&mut self, pit: Pit, _own: u32, _second: u32, _first: u32) {
        self.relay(pit, 0);
    }
}

/// The board after each sowing of the move but the last (H3.3, H3.4), from
/// the engine's own sowing, the pit lifted next marked.
pub(crate) fn move_frames(
    game: &Hus,
    before: &HusState,
    mv: Pit,
    seat: Option<Player>,
) -> Vec<BoardView> {
    if game.check_move(before, &mv).is_err() {
        return Vec::new();
    }
    let mover = before.to_move.index() & 1;
    let [south, north] = before.packed();
    let (own, opp) = if mover == 0 {
        (south, north)
    } else {
        (north, south)
    };
    let mut frames = Frames::default();
    if sow_observed(own, opp, mv.index(), game.params().max_sowings, &mut frames).is_err() {
        return Vec::new();
    }
    frames.sides.pop();
    frames
        .sides
        .into_iter()
        .take(MAX_FRAMES)
        .map(|(own, opp, lifted)| {
            let mut state = *before;
            state.pits[mover] = unpack(own);
            state.pits[1 - mover] = unpack(opp);
            let mut board = board_view(game, &state, seat);
            if let Some(pit) = lifted {
                if let Some((r, c)) = board.locate(&pit.to_string(), Some(before.to_move)) {
                    if let Some(cell) = board.cell(r, c).cloned() {
                        board.set(r, c, cell.marked(true));
                    }
                }
            }
            board
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_shown_sowing_by_sowing_as_the_engine_sows_it() {
        // H3.3, H3.4: one frame after each sowing but the last, the pit
        // lifted next marked.
        let game = Hus::standard();
        let mut state = game.initial_state(1);
        let mut rng = plateau::rng(5);
        let mut relays = 0;
        for _ in 0..30 {
            let mut moves = Vec::new();
            game.legal_moves(&state, &mut moves);
            let before = board_view(&game, &state, Some(Player(1)));
            for &mv in &moves {
                let sown = game.sow(&state, mv).unwrap();
                let frames = move_frames(&game, &state, mv, Some(Player(1)));
                assert_eq!(
                    frames.len(),
                    (sown.sowings as usize - 1).min(MAX_FRAMES),
                    "{mv}"
                );
                if frames.is_empty() {
                    continue;
                }
                relays += 1;
                assert_ne!(frames[0], before);
                for f in &frames {
                    assert_eq!(f.cells.iter().filter(|c| c.marked).count(), 1, "{mv}");
                }
                let mut after = state;
                game.apply(&mut after, &mv);
                assert_ne!(
                    frames.last(),
                    Some(&board_view(&game, &after, Some(Player(1)))),
                    "the position after is not a frame"
                );
            }
            match game.random_move(&state, &mut rng) {
                Some(mv) => game.apply(&mut state, &mv),
                None => break,
            }
        }
        assert!(relays > 10, "{relays}");
    }
}
