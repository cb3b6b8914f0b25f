//! Positions for the repetition cap (Q7.3): a position is the tiles with
//! their parachutes (absolute coordinates), the reserves, the supply, the
//! player to act, whether that player is at the first or the second action,
//! and the tile marked this turn. States keep 64-bit hashes of the positions
//! seen since the last mark (no position before a mark can come back: the
//! reserves only shrink).

use crate::state::{QuinqueState, Tile};

/// The finaliser of SplitMix64: a well-mixed 64-bit image of `z`.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
fn cell_key(x: i32, y: i32) -> u64 {
    ((x as u32 as u64) << 32) | y as u32 as u64
}

#[inline]
fn tile_hash(t: &Tile) -> u64 {
    mix(mix(cell_key(t.x, t.y)) ^ (t.red as u64 | (t.orange as u64) << 16))
}

/// The hash of the position of `state`. The tiles are summed, so their
/// order in the state does not matter.
pub(crate) fn position_hash(state: &QuinqueState) -> u64 {
    let mut h = 0u64;
    for t in &state.tiles {
        h = h.wrapping_add(tile_hash(t));
    }
    let marked = state
        .marked
        .and_then(|i| state.tiles.get(i as usize))
        .map_or(u64::MAX, |t| cell_key(t.x, t.y));
    let reserves = state.reserves[0] as u64 | (state.reserves[1] as u64) << 32;
    let turn = state.to_move.0 as u64 | (state.second_action as u64) << 8 | (state.supply as u64) << 16;
    h ^ mix(reserves ^ mix(turn ^ mix(marked)))
}

/// Records the position of `state` after an action (`after_mark`: the action
/// was a mark, which forgets the older positions). Returns how many times
/// the position has now been seen.
pub(crate) fn record(state: &mut QuinqueState, after_mark: bool) -> usize {
    if after_mark {
        state.history.clear();
    }
    let h = position_hash(state);
    let seen = state.history.iter().filter(|&&old| old == h).count() + 1;
    state.history.push(h);
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::Player;

    fn state(tiles: Vec<Tile>) -> QuinqueState {
        QuinqueState {
            tiles,
            supply: 14,
            reserves: [17, 17],
            to_move: Player(0),
            second_action: false,
            marked: None,
            turns: 2,
            last: None,
            history: Vec::new(),
            ending: None,
        }
    }

    #[test]
    fn position_ignores_tile_order_and_history_but_not_the_rest() {
        let a = Tile::parse(0, 0, "R./..").unwrap();
        let b = Tile::parse(1, 0, "../O.").unwrap();
        let s1 = state(vec![a, b]);
        let mut s2 = state(vec![b, a]);
        s2.turns = 7;
        s2.history.push(1);
        assert_eq!(position_hash(&s1), position_hash(&s2));
        let mut s3 = s1.clone();
        s3.second_action = true;
        assert_ne!(position_hash(&s1), position_hash(&s3));
        let mut s4 = s3.clone();
        s4.marked = Some(1);
        assert_ne!(position_hash(&s3), position_hash(&s4));
        let mut s5 = s1.clone();
        s5.to_move = Player(1);
        assert_ne!(position_hash(&s1), position_hash(&s5));
        let mut s6 = s1.clone();
        s6.tiles[1].x = 2;
        assert_ne!(position_hash(&s1), position_hash(&s6));
        let mut s7 = s1.clone();
        s7.reserves = [16, 18];
        assert_ne!(position_hash(&s1), position_hash(&s7));
    }
}
