//! Repetition (RULES.md O5.2): the positions since the last capture, each as
//! an exact 64-bit code, in a fixed-capacity list so that a state stays
//! `Copy` and its size bounded.
//!
//! A position is the seeds in every house and the player to move. Its code
//! writes, for every ring place in order, as many 1 bits as the house holds
//! seeds and a 0 after them, then one bit for the player to move: `n + ring
//! + 1` bits for `n` seeds on the board. Between two captures the seeds on
//! the board stay the same, so among the positions of the list the code is
//! exact (two positions share a code only if they are the same); the rules
//! are validated so that it fits 64 bits (`houses × (seeds + 1) ≤ 31`).
//!
//! **Engine cap.** The list holds [`CAPACITY`] positions. A move that
//! would add one more position to a full list ends the game (reason
//! `history-cap`, outcome marked as capped; the stores are then collected
//! and compared as in O5.4). Each capture takes at least 2 seeds, so a game
//! is at most `(seeds / 2 + 1) × CAPACITY` moves long.

use crate::board::Packed;
use plateau::Player;
use std::hash::{Hash, Hasher};

/// Positions since the last capture that the list holds (the engine cap of
/// the module docs).
pub const CAPACITY: usize = 256;

/// The code of a position (see the module docs), laid out from the low
/// bit: the player to move, then for each ring place in order its seeds as
/// 1 bits and a 0 after them. The 0 after place `i` is at bit
/// `Σ_{k≤i} (seeds_k + 1)`, a prefix sum worked out for all places at once
/// with one multiplication per eight places.
#[inline(always)]
pub(crate) fn code(board: Packed, ring: usize, to_move: Player) -> u64 {
    // One copy for each ring size (the rules allow 1 to 8 houses a row), so
    // that only the ring's lanes are taken; the branch is the same every
    // time for one game's rules.
    match ring {
        12 => code_of::<12>(board, to_move),
        2 => code_of::<2>(board, to_move),
        4 => code_of::<4>(board, to_move),
        6 => code_of::<6>(board, to_move),
        8 => code_of::<8>(board, to_move),
        10 => code_of::<10>(board, to_move),
        14 => code_of::<14>(board, to_move),
        16 => code_of::<16>(board, to_move),
        _ => code_of_any(board, ring, to_move),
    }
}

/// [`code`] for a ring of `RING` places (2 to 16): the same sums, only
/// the ring's lanes taken.
#[inline(always)]
fn code_of<const RING: usize>(board: Packed, to_move: Player) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let ones = ring_ones(RING);
    let low_sums = (board as u64).wrapping_add(ones[0]).wrapping_mul(ONES);
    let mut zeros = 0u64;
    let top = if RING > 8 {
        let high = ((board >> 64) as u64).wrapping_add(ones[1]);
        let high_sums = high
            .wrapping_mul(ONES)
            .wrapping_add((low_sums >> 56).wrapping_mul(ONES));
        for i in 0..8 {
            zeros |= 1 << ((low_sums >> (8 * i)) & 63);
        }
        for i in 0..RING - 8 {
            zeros |= 1 << ((high_sums >> (8 * i)) & 63);
        }
        (high_sums >> (8 * (RING - 9))) as u8
    } else {
        for i in 0..RING {
            zeros |= 1 << ((low_sums >> (8 * i)) & 63);
        }
        (low_sums >> (8 * (RING - 1))) as u8
    };
    let below = u64::MAX >> 63u32.saturating_sub(u32::from(top));
    (below & !zeros & !1) | u64::from(to_move.0 & 1)
}

/// [`code`] for any ring up to 16 places: all sixteen lanes taken.
#[inline(always)]
fn code_of_any(board: Packed, ring: usize, to_move: Player) -> u64 {
    let ones = ring_ones(ring);
    let low = (board as u64).wrapping_add(ones[0]);
    let high = ((board >> 64) as u64).wrapping_add(ones[1]);
    // Byte i: the bit of the 0 after place i (all ≤ 63 by validation).
    let low_sums = low.wrapping_mul(0x0101_0101_0101_0101);
    let high_sums = high
        .wrapping_mul(0x0101_0101_0101_0101)
        .wrapping_add((low_sums >> 56).wrapping_mul(0x0101_0101_0101_0101));
    // Places past the ring hold no seeds and get no 1 added, so their sums
    // repeat the last 0's bit: all sixteen lanes can be taken, unrolled,
    // and the last lane of the high half is the last 0 of the code.
    let mut zeros = 0u64;
    for i in 0..8 {
        zeros |= 1 << ((low_sums >> (8 * i)) & 63);
        zeros |= 1 << ((high_sums >> (8 * i)) & 63);
    }
    let top = (high_sums >> 56) as u8;
    // Every bit up to the last 0 is a 1 except the 0s and the low bit.
    let below = u64::MAX >> 63u32.saturating_sub(u32::from(top));
    (below & !zeros & !1) | u64::from(to_move.0 & 1)
}

/// One in each byte lane of the ring (places `0 … ring-1`), split into the
/// low and high 64 bits of the packed board.
#[inline(always)]
const fn ring_ones(ring: usize) -> [u64; 2] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    if ring >= 8 {
        let high = ring - 8;
        [
            ONES,
            if high == 0 {
                0
            } else {
                ONES >> (8 * (8 - high))
            },
        ]
    } else {
        [ONES >> (8 * (8 - ring)), 0]
    }
}

/// The code of the module docs worked out house by house (for tests).
#[cfg(test)]
fn code_by_houses(board: Packed, ring: usize, to_move: Player) -> u64 {
    use crate::board::seeds_at;
    let mut code = u64::from(to_move.0 & 1);
    let mut bit = 1;
    for place in 0..ring {
        for _ in 0..seeds_at(board, place) {
            code |= 1 << bit;
            bit += 1;
        }
        bit += 1; // the 0 after the house
    }
    code
}

/// The position of a code, given the seeds on its board: the seeds of each
/// ring place and the player to move; `None` if the code is not one.
pub(crate) fn decode(code: u64, ring: usize, seeds: u32) -> Option<(Vec<u8>, Player)> {
    let bits = seeds as usize + ring + 1;
    if bits > 64 || (bits < 64 && code >> bits != 0) {
        return None;
    }
    let to_move = Player((code & 1) as u8);
    let mut houses = Vec::with_capacity(ring);
    let mut bit = 1;
    for _ in 0..ring {
        let mut n = 0u8;
        while bit < bits && (code >> bit) & 1 == 1 {
            n += 1;
            bit += 1;
        }
        if bit >= bits {
            return None;
        }
        houses.push(n);
        bit += 1; // the 0 after the house
    }
    (bit == bits).then_some((houses, to_move))
}

/// A 64-bit mix of a code for the Bloom filter and the set hash.
#[inline(always)]
fn mix(code: u64) -> u64 {
    let mut x = code.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 29;
    x.wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// The positions since the last capture (O5.2), oldest first, with a
/// 1024-bit Bloom filter that answers most look-ups without a scan and an
/// order-free hash of the set for [`crate::Oware`]'s `state_key`.
#[derive(Copy, Clone, Debug)]
pub struct Seen {
    len: u16,
    bloom: [u64; 16],
    set_hash: u64,
    codes: [u64; CAPACITY],
}

/// What [`Seen::record`] found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Recorded {
    /// A new position, now in the list.
    New,
    /// The position already occurred since the last capture (O5.2).
    Repeated,
    /// A new position, but the list is full (the engine cap).
    Full,
}

impl Seen {
    /// A list holding one position.
    pub(crate) fn starting_with(code: u64) -> Seen {
        let mut seen = Seen {
            len: 0,
            bloom: [0; 16],
            set_hash: 0,
            codes: [0; CAPACITY],
        };
        seen.push(code);
        seen
    }

    /// Positions in the list.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the list is empty (never, in a game: it holds the current
    /// position or the one before a repetition).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The codes, oldest first.
    pub fn codes(&self) -> &[u64] {
        &self.codes[..self.len()]
    }

    /// The order-free hash of the set of positions.
    pub(crate) fn set_hash(&self) -> u64 {
        self.set_hash
    }

    #[inline(always)]
    fn push(&mut self, code: u64) {
        let m = mix(code);
        self.codes[self.len()] = code;
        self.len += 1;
        self.bloom[(m >> 60) as usize] |= 1 << ((m >> 54) & 63);
        self.set_hash ^= m;
    }

    /// Whether the position of `code` is in the list.
    #[inline(always)]
    pub fn contains(&self, code: u64) -> bool {
        let m = mix(code);
        if self.bloom[(m >> 60) as usize] & (1 << ((m >> 54) & 63)) == 0 {
            return false;
        }
        // A scan without an early exit, which the compiler vectorizes.
        self.codes()
            .iter()
            .fold(false, |found, &c| found | (c == code))
    }

    /// After a move without capture: records the position, unless it
    /// repeats one (O5.2) or the list is full (the engine cap).
    #[inline(always)]
    pub(crate) fn record(&mut self, code: u64) -> Recorded {
        if self.contains(code) {
            Recorded::Repeated
        } else if self.len() == CAPACITY {
            Recorded::Full
        } else {
            self.push(code);
            Recorded::New
        }
    }

    /// After a capture: the positions so far are cleared and the list holds
    /// only the new one (O5.6).
    #[inline(always)]
    pub(crate) fn restart(&mut self, code: u64) {
        self.len = 0;
        self.bloom = [0; 16];
        self.set_hash = 0;
        self.push(code);
    }

    /// A list of these codes, oldest first; `None` if there are more than
    /// [`CAPACITY`] or one repeats.
    pub(crate) fn from_codes(codes: &[u64]) -> Option<Seen> {
        if codes.is_empty() || codes.len() > CAPACITY {
            return None;
        }
        let mut seen = Seen::starting_with(codes[0]);
        for &c in &codes[1..] {
            if seen.record(c) != Recorded::New {
                return None;
            }
        }
        Some(seen)
    }
}

impl PartialEq for Seen {
    fn eq(&self, other: &Seen) -> bool {
        self.codes() == other.codes()
    }
}

impl Eq for Seen {}

impl Hash for Seen {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.codes().hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Layout;

    #[test]
    fn codes_are_exact_and_decode() {
        let layout = Layout::new(6, 4);
        let a = layout.pack(&[4; 12]);
        let mut houses = [4u8; 12];
        houses[0] = 0;
        houses[11] = 8;
        let b = layout.pack(&houses);
        let ca = code(a, 12, Player(0));
        assert_ne!(ca, code(a, 12, Player(1)));
        assert_ne!(ca, code(b, 12, Player(0)));
        assert_eq!(decode(ca, 12, 48), Some((vec![4; 12], Player(0))));
        assert_eq!(
            decode(code(b, 12, Player(1)), 12, 48),
            Some((houses.to_vec(), Player(1)))
        );
        // All 48 seeds in one house still fits.
        let mut all = [0u8; 12];
        all[5] = 48;
        let c = code(layout.pack(&all), 12, Player(1));
        assert_eq!(decode(c, 12, 48), Some((all.to_vec(), Player(1))));
        assert_eq!(decode(c, 12, 47), None);
    }

    #[test]
    fn the_prefix_sum_code_is_the_house_by_house_code() {
        let mut x = 0x1234_5678_9abc_def0u64;
        for houses in 1..=8usize {
            let ring = 2 * houses;
            let most = (63 - ring) as u64; // seeds that fit a code
            for _ in 0..300 {
                let mut seeds = vec![0u8; ring];
                let mut left = {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x % (most + 1)
                };
                while left > 0 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    seeds[(x % ring as u64) as usize] += 1;
                    left -= 1;
                }
                let layout = Layout::new(houses, 1);
                let board = layout.pack(&seeds);
                for p in [Player(0), Player(1)] {
                    let expected = code_by_houses(board, ring, p);
                    assert_eq!(code(board, ring, p), expected, "{seeds:?}");
                    assert_eq!(code_of_any(board, ring, p), expected, "{seeds:?}");
                }
            }
        }
    }

    #[test]
    fn the_list_finds_repeats_and_fills_up() {
        let mut seen = Seen::starting_with(7);
        assert!(seen.contains(7));
        assert_eq!(seen.record(7), Recorded::Repeated);
        for c in 8..(7 + CAPACITY as u64) {
            assert_eq!(seen.record(c), Recorded::New);
        }
        assert_eq!(seen.len(), CAPACITY);
        assert_eq!(seen.record(1_000), Recorded::Full);
        assert_eq!(seen.record(100), Recorded::Repeated);
        seen.restart(1_000);
        assert_eq!(seen.codes(), &[1_000]);
        assert!(!seen.contains(7));
    }
}
