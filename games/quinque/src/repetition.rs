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

/// The hash of one tile with its parachutes.
#[inline]
pub(crate) fn tile_hash(t: &Tile) -> u64 {
    mix(mix(cell_key(t.x, t.y)) ^ (t.red as u64 | (t.orange as u64) << 16))
}

/// The sum of the hashes of the tiles: the part of a position's hash that
/// an action changes one tile at a time.
pub(crate) fn tiles_hash(state: &QuinqueState) -> u64 {
    state
        .tiles
        .iter()
        .fold(0u64, |h, t| h.wrapping_add(tile_hash(t)))
}

/// The hash of the rest of the position: reserves, supply, the player to
/// act and at which action, the tile marked this turn.
pub(crate) fn rest_hash(state: &QuinqueState) -> u64 {
    let marked = state
        .marked
        .and_then(|i| state.tiles.get(i as usize))
        .map_or(u64::MAX, |t| cell_key(t.x, t.y));
    let reserves = state.reserves[0] as u64 | (state.reserves[1] as u64) << 32;
    let turn =
        state.to_move.0 as u64 | (state.second_action as u64) << 8 | (state.supply as u64) << 16;
    mix(reserves ^ mix(turn ^ mix(marked)))
}

/// The hash of the position of `state`: the sum of the tiles' hashes (so
/// their order in the state does not matter) and the rest's.
#[cfg(test)]
pub(crate) fn position_hash(state: &QuinqueState) -> u64 {
    tiles_hash(state).wrapping_add(rest_hash(state))
}

/// The sum of the tiles' hashes of `state`, from the last recorded position
/// when there is one (it is `state`'s own position).
pub(crate) fn known_tiles_hash(state: &QuinqueState) -> u64 {
    match state.history.last() {
        Some(&h) => h.wrapping_sub(rest_hash(state)),
        None => tiles_hash(state),
    }
}

/// Records the position of hash `h` after an action (`after_mark`: the
/// action was a mark, which forgets the older positions). Returns how many
/// times the position has now been seen.
pub(crate) fn record(state: &mut QuinqueState, after_mark: bool, h: u64) -> usize {
    if after_mark {
        state.history.clear();
    }
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
    fn recorded_hashes_follow_the_positions() {
        use plateau::{rules, Game, RulesSpec};
        // Actions update the hash of the tiles incrementally; it must equal
        // the hash computed from scratch after every action, on both paths.
        let game: crate::Quinque = rules::load(&RulesSpec::variant("basic")).unwrap().game;
        for seed in 0..6 {
            let mut rng = plateau::rng(seed);
            let mut s = game.initial_state(seed);
            while s.ending.is_none() {
                if seed % 2 == 0 {
                    game.play_random(&mut s, &mut rng);
                } else {
                    let a = game.random_move(&s, &mut rng).unwrap();
                    game.apply(&mut s, &a);
                }
                if s.ending.is_none() {
                    assert_eq!(s.history.last(), Some(&position_hash(&s)));
                }
            }
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
