//! The evaluation of an Oware position for search ([`plateau::SearchHooks::evaluate`]).
//!
//! Captured seeds never return (O3.3) and more than half of them wins at
//! once (O5.1), so the stores decide most games; the seeds left on the
//! board go to their row's owner only when the game ends (O5.4), and what
//! either side can capture next is the most immediate change to come.
//! Three terms, each a difference between the player and the opponent
//! scaled to about `[-1, 1]`:
//!
//! - **stores** (weight [`STORES`]): `(own − theirs) / (total / 2)`, the
//!   seeds captured, scaled by the half that wins;
//! - **seeds on each side** ([`ROWS`]): `(own row − their row) / total`,
//!   the seeds each would collect at the end (O5.4) and the moves to come;
//! - **capture threats** ([`THREATS`]): for each player, the most seeds
//!   one of their legal moves would capture now (O3.1, a grand slam taking
//!   nothing, O3.2); the player to move counts theirs in full, the other
//!   half (the mover strikes first, and may defuse the threat). Scaled by
//!   12, the most a standard sowing usually takes (four houses of three).
//!
//! The sum is clamped to `[-0.99, 0.99]`, below a won game's return. The
//! value for one player is the negation of the other's. A finished game is
//! valued by its outcome (±0.99, or 0 for a draw).
//!
//! The weights were compared in short alpha-beta matches at equal depth
//! (docs/AI.md, "Strength runs").

use crate::board::{Layout, Packed};
use crate::capture::capture;
use crate::feeding::legal_houses;
use crate::sowing::sow;
use crate::state::OwareState;
use plateau::Player;

/// Weight of the difference of the stores.
pub const STORES: f64 = 0.7;
/// Weight of the difference of the seeds in each row.
pub const ROWS: f64 = 0.2;
/// Weight of the difference of the capture threats.
pub const THREATS: f64 = 0.1;
/// The scale of a capture threat: seeds of a large capture.
const THREAT_SCALE: f64 = 12.0;

/// The most seeds one legal move of `player` would capture on `board`
/// (0 if none does; a grand slam captures nothing, O3.2).
pub(crate) fn best_capture(layout: &Layout, board: Packed, player: Player) -> u32 {
    let mut bits = legal_houses(layout, board, player);
    let start = layout.row_start(player);
    let mut best = 0;
    while bits != 0 {
        let j = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let sown = sow(layout, board, start + j);
        let (_, taken) = capture(layout, sown.board, sown.last, player);
        best = best.max(taken.taken());
    }
    best
}

/// The value of `state` for `player`, in `[-0.99, 0.99]` (see the module
/// docs).
pub(crate) fn evaluate(layout: &Layout, state: &OwareState, player: Player) -> f64 {
    let me = Player(player.0 & 1);
    let them = me.opponent();
    if let Some(end) = state.end() {
        return match end.winner {
            Some(w) if w == me => 0.99,
            Some(_) => -0.99,
            None => 0.0,
        };
    }
    let total = f64::from(layout.total.max(1));
    let board = state.board;
    let stores = (f64::from(state.store(me)) - f64::from(state.store(them))) / (total / 2.0);
    let rows =
        (f64::from(layout.row_seeds(board, me)) - f64::from(layout.row_seeds(board, them))) / total;
    let weight = |p: Player| if p == state.to_move() { 1.0 } else { 0.5 };
    let threat = |p: Player| f64::from(best_capture(layout, board, p)) * weight(p);
    let threats = (threat(me) - threat(them)) / THREAT_SCALE;
    (STORES * stores + ROWS * rows + THREATS * threats).clamp(-0.99, 0.99)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Oware;
    use plateau::{Game, SearchHooks};

    const SOUTH: Player = Player(0);
    const NORTH: Player = Player(1);

    #[test]
    fn the_start_is_even_and_values_are_antisymmetric() {
        let oware = Oware::standard();
        let start = oware.initial_state(0);
        assert_eq!(oware.evaluate(&start, SOUTH), 0.0);
        let state = oware
            .position(&[0, 3, 5, 1, 0, 2], &[2, 1, 0, 6, 1, 1], [20, 6], NORTH)
            .unwrap();
        let (s, n) = (oware.evaluate(&state, SOUTH), oware.evaluate(&state, NORTH));
        assert!(s > 0.3, "south leads by 14 seeds in store: {s}");
        assert!((s + n).abs() < 1e-12, "{s} {n}");
    }

    #[test]
    fn a_capture_threat_of_the_mover_counts() {
        let oware = Oware::standard();
        // O3.1: South's F (1 seed) ends in a, which then holds 2: a threat
        // of 2. With the seed in E instead (it sows into F) South has no
        // capture; the stores and rows are the same, and North has none.
        let threat = oware
            .position(&[0, 0, 0, 0, 0, 1], &[1, 4, 4, 4, 4, 3], [13, 14], SOUTH)
            .unwrap();
        let none = oware
            .position(&[0, 0, 0, 0, 1, 0], &[1, 4, 4, 4, 4, 3], [13, 14], SOUTH)
            .unwrap();
        let layout = Layout::new(6, 4);
        assert_eq!(best_capture(&layout, threat.board, SOUTH), 2);
        assert_eq!(best_capture(&layout, none.board, SOUTH), 0);
        let gain = oware.evaluate(&threat, SOUTH) - oware.evaluate(&none, SOUTH);
        assert!(
            (gain - THREATS * 2.0 / THREAT_SCALE).abs() < 1e-12,
            "{gain}"
        );
    }

    #[test]
    fn a_grand_slam_is_no_threat() {
        let layout = Layout::new(6, 4);
        // O3.2: F's seed makes a 2 in North's only house: it would take
        // North's whole row, so it captures nothing.
        let board = layout.pack(&[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
        assert_eq!(best_capture(&layout, board, SOUTH), 0);
    }

    #[test]
    fn more_seeds_in_store_is_better_and_values_stay_below_a_win() {
        let oware = Oware::standard();
        let ahead = oware
            .position(&[1, 1, 1, 1, 1, 1], &[1, 1, 1, 1, 1, 1], [24, 12], SOUTH)
            .unwrap();
        let v = oware.evaluate(&ahead, SOUTH);
        assert!(v > 0.3 && v <= 0.99, "{v}");
        // A finished game is valued by its outcome (O5.1: 25 wins).
        let won = oware
            .position(&[1, 1, 1, 1, 1, 1], &[1, 1, 1, 1, 1, 0], [25, 12], NORTH)
            .unwrap();
        assert!(won.end().is_some());
        assert_eq!(oware.evaluate(&won, SOUTH), 0.99);
        assert_eq!(oware.evaluate(&won, NORTH), -0.99);
    }
}
