//! The board (RULES.md O1): the ring of houses, their names, and the board
//! packed into one `u128` for the engine.
//!
//! The `2 × houses` houses form one ring in sowing order (O1.2): South's
//! `A`, `B`, … are ring places `0 … houses-1`, North's `a`, `b`, … follow at
//! `houses … 2·houses-1`, so sowing always goes from place `i` to `i + 1`
//! (mod the ring). The packed board holds the seeds of ring place `i` in byte
//! `i` of a `u128` (a *lane*); a house never holds more than the 64 seeds a
//! game may have, so adding to lanes never carries into the next one.

use plateau::Player;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most houses a row may have: the ring of both rows fits the 16 lanes
/// of the packed board and a row the 8 lanes of a `u64`.
pub const MAX_HOUSES: usize = 8;

/// The seeds of every house, ring place `i` in byte `i` (see the module
/// docs).
pub type Packed = u128;

/// Seeds in ring place `i` of a packed board.
#[inline(always)]
pub const fn seeds_at(board: Packed, place: usize) -> u8 {
    (board >> (8 * place)) as u8
}

/// A house as a move: the house sown from (O1.3), by its owner and its
/// place in the owner's row counted from the owner's left (0 = `A` / `a`).
/// Its name is `A`, `B`, … for South's row and `a`, `b`, … for North's
/// (O1.2), the same under every rules size.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct House(u8);

impl House {
    /// The house of `owner` that is `index` houses from the owner's left
    /// (0 = `A` / `a`), if a row can have it (at most [`MAX_HOUSES`]).
    pub const fn new(owner: Player, index: usize) -> Option<House> {
        if index >= MAX_HOUSES || owner.0 > 1 {
            return None;
        }
        Some(House(owner.0 * 8 + index as u8))
    }

    /// The house named by one letter, `A`–`H` (South) or `a`–`h` (North).
    pub fn from_letter(letter: char) -> Option<House> {
        match letter {
            'A'..='H' => House::new(Player(0), letter as usize - 'A' as usize),
            'a'..='h' => House::new(Player(1), letter as usize - 'a' as usize),
            _ => None,
        }
    }

    /// The owner: South (player 0) or North (player 1).
    pub const fn owner(self) -> Player {
        Player(self.0 >> 3)
    }

    /// Houses from the owner's left (0 for `A` / `a`).
    pub const fn index(self) -> usize {
        (self.0 & 7) as usize
    }

    /// The ring place under rules with `houses` houses a row (see the
    /// module docs).
    #[inline(always)]
    pub const fn place(self, houses: usize) -> usize {
        (self.0 >> 3) as usize * houses + (self.0 & 7) as usize
    }

    /// The house at a ring place under rules with `houses` houses a row.
    #[inline(always)]
    pub(crate) const fn at(place: usize, houses: usize) -> House {
        if place >= houses {
            House(8 + (place - houses) as u8)
        } else {
            House(place as u8)
        }
    }

    /// The name, one letter (O1.2).
    pub const fn letter(self) -> char {
        let first = if self.0 >= 8 { b'a' } else { b'A' };
        (first + (self.0 & 7)) as char
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

plateau::pit_string_conversions!(House, |text| {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => {
            House::from_letter(c).ok_or_else(|| format!("'{text}' is not a house, A–H or a–h"))
        }
        _ => Err(format!("'{text}' is not a house, A–H or a–h")),
    }
});

/// The geometry of a board of `houses` houses a row and the tables the
/// engine sows with, worked out once per rules.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Houses in a row.
    pub houses: usize,
    /// Houses in the ring, `2 · houses`.
    pub ring: usize,
    /// Seeds in the game.
    pub total: u32,
    /// By seeds sown `s` (1 … total): full laps of the other `ring - 1`
    /// houses before the last partial lap, `(s - 1) / (ring - 1)`.
    pub laps: [u8; 65],
    /// By seeds sown `s`: houses after the origin reached by the last
    /// partial lap, `(s - 1) % (ring - 1) + 1`, so 1 … ring-1.
    pub reach: [u8; 65],
    /// By ring place: one seed in every other house of the ring (a full lap
    /// skipping the origin, O2.1).
    pub lap: [Packed; 16],
    /// By ring place `i` and reach `r`: one seed in each of the `r` houses
    /// after `i`, wrapping round the ring.
    pub run: [[Packed; 16]; 16],
    /// By ring place: every lane but that place's (to empty the house).
    pub clear: [Packed; 16],
    /// All lanes of a row (`0xff` repeated `houses` times).
    pub row_mask: u64,
    /// Added to a row to set the top bit of the lanes that are not empty.
    pub nonzero_bias: u64,
    /// Added to a row to set the top bit of the lanes whose seeds reach the
    /// opponent's row: house `j` (from the left) needs `houses - j` (O4.1).
    pub feed_bias: u64,
}

impl Layout {
    /// The tables of a validated size (houses ≤ 8, total ≤ 64).
    pub fn new(houses: usize, seeds: u32) -> Layout {
        let ring = 2 * houses;
        let others = ring - 1;
        let total = ring as u32 * seeds;
        let mut laps = [0u8; 65];
        let mut reach = [0u8; 65];
        for (s, (laps, reach)) in laps.iter_mut().zip(reach.iter_mut()).enumerate().skip(1) {
            *laps = ((s - 1) / others) as u8;
            *reach = ((s - 1) % others + 1) as u8;
        }
        let one = |place: usize| -> Packed { 1u128 << (8 * (place % ring)) };
        let mut lap = [0; 16];
        let mut run = [[0; 16]; 16];
        for (i, (lap, runs)) in lap.iter_mut().zip(run.iter_mut()).enumerate().take(ring) {
            *lap = (1..ring).map(|k| one(i + k)).sum();
            for (r, run) in runs.iter_mut().enumerate().take(ring) {
                *run = (1..=r).map(|k| one(i + k)).sum();
            }
        }
        let mut clear = [!0; 16];
        for (i, clear) in clear.iter_mut().enumerate() {
            *clear = !(0xff << (8 * i));
        }
        let lanes = |f: &dyn Fn(usize) -> u64| (0..houses).map(|j| f(j) << (8 * j)).sum::<u64>();
        Layout {
            houses,
            ring,
            total,
            laps,
            reach,
            lap,
            run,
            clear,
            row_mask: lanes(&|_| 0xff),
            nonzero_bias: lanes(&|_| 0x7f),
            feed_bias: lanes(&|j| 0x80 - (houses - j) as u64),
        }
    }

    /// The first ring place of a player's row.
    #[inline(always)]
    pub fn row_start(&self, player: Player) -> usize {
        usize::from(player.0) * self.houses
    }

    /// A player's row as `houses` lanes of a `u64`, the leftmost house in
    /// the low byte.
    #[inline(always)]
    pub fn row(&self, board: Packed, player: Player) -> u64 {
        (board >> (8 * self.row_start(player))) as u64 & self.row_mask
    }

    /// The seeds in a player's row.
    #[inline(always)]
    pub fn row_seeds(&self, board: Packed, player: Player) -> u32 {
        lane_sum(self.row(board, player))
    }

    /// A packed board from the seeds of each house in ring order.
    pub fn pack(&self, seeds: &[u8]) -> Packed {
        seeds
            .iter()
            .take(self.ring)
            .enumerate()
            .map(|(i, &n)| Packed::from(n) << (8 * i))
            .sum()
    }
}

/// The sum of the byte lanes of a `u64` (each lane ≤ 64, so the sum fits a
/// byte).
#[inline(always)]
pub(crate) const fn lane_sum(lanes: u64) -> u32 {
    (lanes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The top bits of the 8 byte lanes of a `u64` gathered into the low 8 bits
/// (lane `j` gives bit `j`).
#[inline(always)]
pub(crate) const fn lane_bits(tops: u64) -> u32 {
    (((tops >> 7) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_bits_and_sums_match_a_loop() {
        for x in [
            0u64,
            0x8000_0000_0000_0080,
            0x8080_8080_8080_8080,
            0x0080_0000_8000_8000,
        ] {
            let expected: u32 = (0..8)
                .map(|j| u32::from((x >> (8 * j + 7)) & 1 == 1) << j)
                .sum();
            assert_eq!(lane_bits(x), expected, "{x:#x}");
        }
        assert_eq!(lane_sum(0x0403_0201_0000_0a30), 0x30 + 10 + 1 + 2 + 3 + 4);
    }

    #[test]
    fn tables_sow_round_the_ring_skipping_the_origin() {
        let layout = Layout::new(6, 4);
        assert_eq!((layout.laps[11], layout.reach[11]), (0, 11));
        assert_eq!((layout.laps[12], layout.reach[12]), (1, 1));
        assert_eq!(seeds_at(layout.lap[3], 3), 0);
        assert_eq!(seeds_at(layout.lap[3], 4), 1);
        // From f (place 11) two houses on are A and B.
        assert_eq!(layout.run[11][2], 1 | (1 << 8));
    }

    #[test]
    fn house_names() {
        let h = House::from_letter('C').unwrap();
        assert_eq!((h.place(6), h.owner(), h.letter()), (2, Player(0), 'C'));
        let h = House::from_letter('d').unwrap();
        assert_eq!((h.place(6), h.owner(), h.letter()), (9, Player(1), 'd'));
        assert_eq!(House::at(9, 6), h);
        assert_eq!(h.place(4), 7);
        assert_eq!(House::from_letter('I'), None);
        assert_eq!(House::from_letter('3'), None);
    }
}
