//! The end of the game (RULES.md O5), decided when a move is applied so that
//! `status` only reads it: the checks of O5.6 in their order.

use crate::board::{Layout, Packed};
use crate::feeding::legal_houses;
use crate::repetition::{code, Recorded, Seen};
use crate::state::{End, EndReason};
use plateau::Player;

/// The final stores when the game ends now: each player adds the seeds
/// left in their own row (O5.4).
#[inline]
pub(crate) fn final_scores(layout: &Layout, board: Packed, stores: [u8; 2]) -> [u32; 2] {
    [
        u32::from(stores[0]) + layout.row_seeds(board, Player(0)),
        u32::from(stores[1]) + layout.row_seeds(board, Player(1)),
    ]
}

/// The winner by the final stores: more wins, equal is a draw (O5.4).
#[inline]
fn by_stores(scores: [u32; 2]) -> Option<Player> {
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => Some(Player(0)),
        std::cmp::Ordering::Less => Some(Player(1)),
        std::cmp::Ordering::Equal => None,
    }
}

fn ended(layout: &Layout, board: Packed, stores: [u8; 2], reason: EndReason) -> Option<End> {
    Some(End {
        winner: by_stores(final_scores(layout, board, stores)),
        reason,
    })
}

/// Decides the end after a move, the capture (O3) already made, with
/// `to_move` the next player (O5.6):
/// 1. O5.1: a store with more than half the seeds wins; two exact halves
///    draw (the list of positions is cleared first if the move captured, so
///    that it holds the new position);
/// 2. O5.2: after a move without capture the position with `to_move` to
///    move is recorded in `seen`; if it already occurred since the last
///    capture, the game ends (and if the list is full, the engine cap ends
///    it, see [`crate::repetition`]);
/// 3. O5.3: `to_move` has no legal move (O4.2): the game ends.
///
/// Every end but the majority is scored by the final stores (O5.4).
/// Returns the end, if any, and the legal houses of `to_move` (as bits of
/// their row; 0 when the game is over).
#[inline(always)]
pub(crate) fn after_move(
    layout: &Layout,
    board: Packed,
    stores: [u8; 2],
    to_move: Player,
    captured: bool,
    seen: &mut Seen,
) -> (Option<End>, u8) {
    let position = code(board, layout.ring, to_move);
    if captured {
        // The capture clears the positions so far; only a capture can
        // change the stores, so only then can O5.1 newly hold.
        seen.restart(position);
        let half = layout.total / 2;
        let (south, north) = (u32::from(stores[0]), u32::from(stores[1]));
        if south > half || north > half || (south == half && north == half) {
            let winner = match (south > half, north > half) {
                (true, _) => Some(Player(0)),
                (_, true) => Some(Player(1)),
                _ => None,
            };
            return (
                Some(End {
                    winner,
                    reason: EndReason::Majority,
                }),
                0,
            );
        }
    } else {
        match seen.record(position) {
            Recorded::New => {}
            Recorded::Repeated => return (ended(layout, board, stores, EndReason::Repetition), 0),
            Recorded::Full => return (ended(layout, board, stores, EndReason::HistoryCap), 0),
        }
    }
    let legal = legal_houses(layout, board, to_move) as u8;
    if legal == 0 {
        return (ended(layout, board, stores, EndReason::NoLegalMove), 0);
    }
    (None, legal)
}
