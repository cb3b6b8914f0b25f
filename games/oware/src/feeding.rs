//! Feeding (RULES.md O4) and the legal moves: the houses a player may sow
//! from, as a bit set of the player's row (bit `j` for the house `j` from
//! the owner's left).

use crate::board::{lane_bits, Layout, Packed};
use plateau::Player;

/// The houses `player` may sow from: every house that is not empty (O2.1),
/// but if the opponent's row is empty only those whose seeds reach it
/// (O4.1). Empty when there is none (O4.2).
#[inline(always)]
pub(crate) fn legal_houses(layout: &Layout, board: Packed, player: Player) -> u32 {
    let own = layout.row(board, player);
    let bias = if layout.row(board, player.opponent()) == 0 {
        layout.feed_bias
    } else {
        layout.nonzero_bias
    };
    lane_bits((own + bias) & 0x8080_8080_8080_8080)
}

/// Whether the opponent of `player` has an empty row, so that `player` must
/// feed them (O4.1).
pub(crate) fn must_feed(layout: &Layout, board: Packed, player: Player) -> bool {
    layout.row(board, player.opponent()) == 0
}

/// The legal houses from the rows themselves, house by house (for states
/// read from JSON).
pub(crate) fn legal_houses_of_rows(own: &[u8], opponent: &[u8]) -> u8 {
    let feed = opponent.iter().all(|&n| n == 0);
    let h = own.len();
    own.iter()
        .enumerate()
        .filter(|&(j, &n)| n > 0 && (!feed || usize::from(n) >= h - j))
        .fold(0, |bits, (j, _)| bits | 1 << j)
}
