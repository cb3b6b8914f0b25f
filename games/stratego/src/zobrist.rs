//! Zobrist keys for positions (S8.3: the owner and rank of the piece on every
//! square), so that a position is one 64-bit number updated move by move.

use crate::board::CELLS;
use crate::params::MAX_KINDS;

/// Keys by cell and by (owner, kind): `KEYS[cell][owner * 16 + kind]`.
static KEYS: [[u64; 32]; CELLS] = make_keys();

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; 32]; CELLS] {
    let mut keys = [[0u64; 32]; CELLS];
    let mut state = 0x5742_4154_4547_4f21u64;
    let mut cell = 0;
    while cell < CELLS {
        let mut piece = 0;
        while piece < 32 {
            let (s, k) = splitmix(state);
            state = s;
            keys[cell][piece] = k;
            piece += 1;
        }
        cell += 1;
    }
    keys
}

/// The key of a piece of `owner` (0 or 1) and `kind` on `cell`.
#[inline(always)]
pub(crate) fn key(cell: usize, owner: usize, kind: u8) -> u64 {
    debug_assert!((kind as usize) < MAX_KINDS);
    KEYS[cell][owner * 16 + kind as usize]
}
