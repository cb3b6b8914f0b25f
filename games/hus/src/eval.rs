//! The evaluation of a Hus position for search ([`plateau::SearchHooks::evaluate`]).
//!
//! Stones never leave the board (H3.6) and a player loses when no pit of
//! theirs holds 2 stones (H4.1), so what counts is how the 48 stones are
//! shared and how many of one's pits can still move. Three terms, each a
//! difference between the player and the opponent scaled to about `[-1, 1]`:
//!
//! - **stones** (weight 0.6): `(own - theirs) / total`, the material;
//! - **mobility** (0.25): pits holding 2 or more stones (the moves, H3.1),
//!   over 16;
//! - **capture threats** (0.15): for each occupied inner-row pit of a
//!   player whose opposite inner pit is occupied (H3.4: a sowing ending
//!   there captures both opposite pits), the stones in the two opposite
//!   pits; the player to move counts theirs in full, the other half (the
//!   mover strikes first). Scaled by the total.
//!
//! The sum is clamped to `[-0.99, 0.99]`, below a won game's return. The
//! value for one player is the negation of the other's.

use crate::board::PITS;
use crate::state::HusState;
use plateau::Player;

/// The value of `state` for `player`, in `[-0.99, 0.99]`.
pub(crate) fn evaluate(state: &HusState, total_stones: u32, player: Player) -> f64 {
    let me = player.index() & 1;
    let pits = [state.pits(Player(0)), state.pits(Player(1))];
    let total = f64::from(total_stones.max(1));
    let stones = |p: usize| pits[p].iter().map(|&n| f64::from(n)).sum::<f64>();
    let mobility = |p: usize| pits[p].iter().filter(|&&n| n >= 2).count() as f64;
    // Inner pit bC is index 7 + C; it faces the opponent's inner pit
    // index 23 - i and outer pit index i - 8 (H1.4, H1.5).
    let threats = |p: usize| {
        let (own, opp) = (&pits[p], &pits[1 - p]);
        (PITS / 2..PITS)
            .filter(|&i| own[i] > 0 && opp[23 - i] > 0)
            .map(|i| f64::from(opp[23 - i]) + f64::from(opp[i - 8]))
            .sum::<f64>()
    };
    let mover = state.to_move().index() & 1;
    let weight = |p: usize| if p == mover { 1.0 } else { 0.5 };
    let term = |f: &dyn Fn(usize) -> f64, scale: f64| (f(me) - f(1 - me)) / scale;
    let threat_term = (threats(me) * weight(me) - threats(1 - me) * weight(1 - me)) / total;
    let value =
        0.6 * term(&stones, total) + 0.25 * term(&mobility, PITS as f64) + 0.15 * threat_term;
    value.clamp(-0.99, 0.99)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::{Game, SearchHooks};

    #[test]
    fn the_evaluation_is_antisymmetric_and_favours_more_stones() {
        let hus = crate::Hus::standard();
        let start = hus.initial_state(0);
        let v = hus.evaluate(&start, Player(0));
        assert!(v.abs() < 1e-9, "the start is even: {v}");
        // South holds more stones and more movable pits (H4.1 is not met).
        let mut south = [2u8; 16];
        south[0] = 10;
        let mut north = [0u8; 16];
        north[..6].copy_from_slice(&[2, 2, 2, 1, 1, 0]);
        let total: u32 = south.iter().chain(&north).map(|&n| u32::from(n)).sum();
        north[5] += (48 - total) as u8;
        let state = hus.position(south, north, Player(1)).unwrap();
        let (s, n) = (
            hus.evaluate(&state, Player(0)),
            hus.evaluate(&state, Player(1)),
        );
        assert!(s > 0.2, "{s}");
        assert!((s + n).abs() < 1e-12);
    }
}
