//! Positions for the repetition cap (Q7.3): a position is the tiles with
//! their parachutes (absolute coordinates), the reserves, the supply, the
//! player to act, whether that player is at the first or the second action,
//! and the tile marked this turn. States keep 64-bit hashes of the positions
//! seen since the last mark ([`History`]; no position before a mark can come
//! back: the reserves only shrink).
//!
//! The same hashes make the state key of search (`Game::state_key`, see
//! [`state_key`]).

use crate::state::{QuinqueState, Tile};
use crate::Quinque;
use serde::{Deserialize, Serialize};

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
pub(crate) fn position_hash(state: &QuinqueState) -> u64 {
    tiles_hash(state).wrapping_add(rest_hash(state))
}

/// The sum of the tiles' hashes of `state`, from the last recorded position
/// when there is one (it is `state`'s own position).
pub(crate) fn known_tiles_hash(state: &QuinqueState) -> u64 {
    match state.history.last() {
        Some(h) => h.wrapping_sub(rest_hash(state)),
        None => tiles_hash(state),
    }
}

/// The hashes of the positions recorded since the last mark, in the order
/// they were recorded (the last is the current position's while the game
/// goes on), with a key of them as a multiset, kept as they are recorded.
///
/// A position can only come back until the next mark (Q7.3), so the history
/// holds at most the actions since the last mark: two a turn, so at most
/// `2 · max_turns` hashes with a turn cap. In JSON it is the list of hashes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<u64>", into = "Vec<u64>")]
pub struct History {
    /// The hashes, oldest first.
    positions: Vec<u64>,
    /// The sum of the mixed hashes: equal for equal multisets of positions.
    key: u64,
}

/// A hash as it enters the multiset key of a history (mixed apart from the
/// position hashes themselves).
#[inline]
fn member(h: u64) -> u64 {
    mix(h ^ 0x5851_F42D_4C95_7F2D)
}

impl History {
    /// The hashes recorded since the last mark, oldest first.
    pub fn positions(&self) -> &[u64] {
        &self.positions
    }

    /// How many positions are recorded.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position is recorded.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The hash recorded last.
    pub fn last(&self) -> Option<u64> {
        self.positions.last().copied()
    }

    /// How many times the position of hash `h` is recorded.
    pub fn count(&self, h: u64) -> usize {
        self.positions.iter().filter(|&&old| old == h).count()
    }

    /// A 64-bit key of the recorded positions as a multiset (how many times
    /// each was seen, not in which order): what of the history decides the
    /// rest of the game. Kept as positions are recorded.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key worked out from the hashes, for checks.
    pub(crate) fn recomputed_key(&self) -> u64 {
        self.positions
            .iter()
            .fold(0u64, |k, &h| k.wrapping_add(member(h)))
    }

    /// Records the position of hash `h` after an action (`after_mark`: the
    /// action was a mark, which forgets the older positions). Returns how
    /// many times the position has now been seen.
    pub(crate) fn record(&mut self, after_mark: bool, h: u64) -> usize {
        if after_mark {
            self.positions.clear();
            self.key = 0;
        }
        let seen = self.count(h) + 1;
        self.positions.push(h);
        self.key = self.key.wrapping_add(member(h));
        seen
    }
}

impl From<Vec<u64>> for History {
    fn from(positions: Vec<u64>) -> History {
        let mut history = History { positions, key: 0 };
        history.key = history.recomputed_key();
        history
    }
}

impl From<History> for Vec<u64> {
    fn from(history: History) -> Vec<u64> {
        history.positions
    }
}

/// The key of everything in `state` that decides the legal actions and the
/// rest of the game under `game`'s rules (`Game::state_key`):
///
/// - the position as Q7.3 defines it (the tiles with their parachutes, the
///   reserves, the supply, the player to act and at which action, the tile
///   marked this turn): the repetition hash, read from the history where it
///   is kept incrementally, worked out otherwise (no repetition cap, or no
///   action recorded yet);
/// - the history as a multiset ([`History::key`]): how often each position
///   since the last mark was seen decides when a repetition ends the game;
/// - the turns played when a turn cap is set, otherwise only whether the
///   opening is still on (Q3.1: no turn played yet);
/// - how the game ended, once it has.
///
/// The order of the tiles in the state, the order in which positions were
/// seen and the last action played decide nothing and do not enter it.
pub(crate) fn state_key(game: &Quinque, state: &QuinqueState) -> u64 {
    let position = match state.history.last() {
        Some(h) if game.params.repetition > 0 && state.ending.is_none() => h,
        _ => position_hash(state),
    };
    finish_key(game, state, position, state.history.key())
}

/// [`state_key`] worked out from scratch, for checks.
#[cfg(test)]
pub(crate) fn recomputed_state_key(game: &Quinque, state: &QuinqueState) -> u64 {
    finish_key(
        game,
        state,
        position_hash(state),
        state.history.recomputed_key(),
    )
}

/// The state key from the position's hash and the history's key.
#[inline]
fn finish_key(game: &Quinque, state: &QuinqueState, position: u64, history: u64) -> u64 {
    let turns = if game.params.max_turns > 0 {
        state.turns as u64
    } else {
        (state.turns == 0) as u64
    };
    let ending = state.ending.map_or(0, |e| {
        1 + e.reason as u64 + (e.winner.map_or(0, |p| p.0 as u64 + 1) << 4)
    });
    mix(position ^ mix(history ^ mix(turns | ending << 40)))
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
            history: History::default(),
            ending: None,
            analysis: Default::default(),
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
                    assert_eq!(s.history.last(), Some(position_hash(&s)));
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
        s2.history.record(false, 1);
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

    fn load(spec: &plateau::RulesSpec) -> crate::Quinque {
        plateau::rules::load(spec).unwrap().game
    }

    /// The rule sets the key is checked under: the shipped ones, no
    /// repetition cap (no history is kept), no turn cap (the turns do not
    /// enter the key), and a small game that ends by every reason.
    fn rule_sets() -> Vec<crate::Quinque> {
        use plateau::RulesSpec;
        vec![
            load(&RulesSpec::variant("basic")),
            load(&RulesSpec::variant("advanced")),
            load(&RulesSpec::variant("basic").set("repetition", "0")),
            load(&RulesSpec::variant("advanced").set("max_turns", "0")),
            load(
                &RulesSpec::variant("basic")
                    .set("line_length", "4")
                    .set("parachutes", "12")
                    .set("tiles", "8")
                    .set("max_turns", "40"),
            ),
        ]
    }

    /// What decides the rest of the game, written out: the tiles in any
    /// order, the history as a multiset, the turns as far as the rules read
    /// them (Q3.1, Q7.3).
    type Canonical = (
        Vec<Tile>,
        u32,
        [u32; 2],
        Player,
        bool,
        Option<(i32, i32)>,
        u32,
        Vec<u64>,
        Option<crate::Ending>,
    );

    fn canonical(game: &crate::Quinque, s: &QuinqueState) -> Canonical {
        let mut tiles = s.tiles.clone();
        tiles.sort_by_key(|t| (t.x, t.y));
        let mut history = s.history.positions().to_vec();
        history.sort_unstable();
        let marked = s
            .marked
            .and_then(|i| s.tiles.get(i as usize))
            .map(|t| (t.x, t.y));
        let turns = if game.params.max_turns > 0 {
            s.turns
        } else {
            (s.turns == 0) as u32
        };
        (
            tiles,
            s.supply,
            s.reserves,
            s.to_move,
            s.second_action,
            marked,
            turns,
            history,
            s.ending,
        )
    }

    #[test]
    fn incremental_state_key_equals_recomputed_key() {
        use plateau::Game;
        // Along random games played by `play_random` (the followed
        // analysis), by `random_move` and `apply`, and from clones.
        for game in rule_sets() {
            for seed in 0..8 {
                let mut rng = plateau::rng(seed);
                let mut s = game.initial_state(seed);
                let mut plies = 0;
                loop {
                    assert_eq!(game.state_key(&s), recomputed_state_key(&game, &s));
                    assert_eq!(s.history.key(), s.history.recomputed_key());
                    if s.ending.is_some() || plies == 600 {
                        break;
                    }
                    match (seed + plies) % 3 {
                        0 => {
                            game.play_random(&mut s, &mut rng);
                        }
                        1 => {
                            let a = game.random_move(&s, &mut rng).unwrap();
                            game.apply(&mut s, &a);
                        }
                        _ => {
                            let mut c = s.clone();
                            game.play_random(&mut c, &mut rng);
                            s = c;
                        }
                    }
                    plies += 1;
                }
            }
        }
    }

    #[test]
    fn equal_state_keys_come_from_equal_positions() {
        use plateau::Game;
        use std::collections::HashMap;
        for game in rule_sets() {
            let mut seen: HashMap<u64, Canonical> = HashMap::new();
            let mut states = 0;
            for seed in 0..40 {
                let mut rng = plateau::rng(seed);
                let mut s = game.initial_state(seed);
                loop {
                    let c = canonical(&game, &s);
                    let key = game.state_key(&s);
                    if let Some(old) = seen.get(&key) {
                        assert_eq!(old, &c, "two positions with the key {key:#x}");
                    } else {
                        seen.insert(key, c);
                    }
                    states += 1;
                    if !game.play_random(&mut s, &mut rng) {
                        break;
                    }
                }
            }
            // Distinct positions get distinct keys.
            let distinct: std::collections::HashSet<Canonical> = seen.values().cloned().collect();
            assert_eq!(distinct.len(), seen.len());
            assert!(
                seen.len() > states / 2,
                "{} keys, {states} states",
                seen.len()
            );
        }
    }

    #[test]
    fn a_transposed_position_has_the_same_key() {
        use plateau::Game;
        // Q7.3: the position is the tiles with their parachutes, the
        // reserves, the supply, whose action it is and the tile marked this
        // turn; the order of the actions that led to it is not part of it.
        let game = load(&plateau::RulesSpec::variant("basic"));
        let play = |texts: &[&str]| {
            let mut s = game.initial_state(0);
            for t in texts {
                game.apply(&mut s, &crate::parse_action(t).unwrap());
            }
            s
        };
        let one = play(&["mark 0,0", "end", "mark 2,0", "end", "mark 1,1"]);
        let two = play(&["mark 1,1", "end", "mark 2,0", "end", "mark 0,0"]);
        assert_ne!(one.last, two.last);
        assert_eq!(game.state_key(&one), game.state_key(&two));
        // The order of the tiles in the state is not part of it either.
        let mut swapped = one.clone();
        swapped.tiles.swap(0, 1);
        swapped.marked = Some(1 - one.marked.unwrap());
        assert_eq!(position_hash(&swapped), position_hash(&one));
        assert_eq!(recomputed_state_key(&game, &swapped), game.state_key(&one));
        // Another point of the same tile is another position.
        let three = play(&["mark 0,0", "end", "mark 2,0", "end", "mark 0,1"]);
        assert_ne!(game.state_key(&one), game.state_key(&three));
    }

    #[test]
    fn a_position_seen_again_has_another_key() {
        use plateau::Game;
        // Q7.3: a position repeated three times ends the game, so how often
        // it was seen decides the future. Without a turn cap the turns
        // decide nothing: two rounds of moving a tile out and back give the
        // same position, seen once more, and another key.
        let game = load(&plateau::RulesSpec::variant("basic").set("max_turns", "0"));
        let mut s = game.position(vec![Tile::new(0, 0), Tile::new(1, 0)], Player(0));
        let round = ["move 0,0 1,1", "move 1,1 0,0"];
        let mut after_round = Vec::new();
        for _ in 0..2 {
            for _ in 0..2 {
                for t in round {
                    game.apply(&mut s, &crate::parse_action(t).unwrap());
                }
            }
            after_round.push(s.clone());
        }
        let (first, second) = (&after_round[0], &after_round[1]);
        assert_eq!(position_hash(first), position_hash(second));
        assert_eq!(first.history.count(position_hash(first)), 1);
        assert_eq!(second.history.count(position_hash(second)), 2);
        assert_ne!(game.state_key(first), game.state_key(second));
        // The third visit ends the game (Q7.3): Red's first move of the
        // next round brings back a position seen twice.
        game.apply(&mut s, &crate::parse_action(round[0]).unwrap());
        assert_eq!(
            s.ending.map(|e| e.reason),
            Some(crate::EndReason::Repetition)
        );
    }
}
