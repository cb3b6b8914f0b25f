//! Counting the set bits of the small masks of the game (a tile's
//! parachutists, a tile's neighbours) by table: the baseline x86-64 target
//! has no population count instruction, and `count_ones` is then a dozen
//! instructions.

/// The number of set bits of each byte.
const ONES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// The number of set bits of a 16-bit mask.
#[inline(always)]
pub(crate) fn ones16(m: u16) -> u32 {
    ONES[(m & 0xFF) as usize] as u32 + ONES[(m >> 8) as usize] as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_count_ones() {
        for m in 0..=u16::MAX {
            assert_eq!(ones16(m), m.count_ones());
        }
    }
}
