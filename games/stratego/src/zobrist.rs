//! Zobrist keys for positions (S8.3: the owner and rank of the piece on every
//! square), so that a position is one 64-bit number updated move by move.

use crate::board::CELLS;
use crate::params::{MAX_ARMY, MAX_KINDS};
use crate::state::{StrategoState, MARKED, MOVED, REVEALED};

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

/// One step of a 64-bit mixer (splitmix64's finaliser), to fold a value into
/// a key.
#[inline(always)]
fn fold(key: u64, value: u64) -> u64 {
    splitmix(key ^ value).1
}

impl crate::params::Rules {
    /// The Zobrist key of the position recomputed from the board (what
    /// [`StrategoState::position_key`] keeps up to date move by move).
    #[cfg(test)]
    pub(crate) fn position_hash(&self, st: &StrategoState) -> u64 {
        let mut hash = 0;
        for side in 0..2 {
            let base = side * MAX_ARMY;
            for id in base..base + st.placed[side] as usize {
                if st.at[id] != 0 {
                    hash ^= key(st.at[id] as usize, side, st.kind[id]);
                }
            }
        }
        hash
    }

    /// A key of everything that decides the legal moves and the future of a
    /// state (for transposition tables): the incremental Zobrist key of the
    /// position (S8.3), mixed at the end with the side to move, the phase,
    /// the pending step (S12.5e), both sides' series (S7) and chases (S8,
    /// the positions included), the counters the caps read (S9.5), the
    /// returns made (S12.5c), each piece's revealed, moved and marked flags,
    /// the trays with their marked pieces, and the outcome. What only
    /// informs a player's guess (a piece stood on the back row, the
    /// attackers a silent defender beat) is left out: it decides nothing.
    pub(crate) fn state_key(&self, st: &StrategoState) -> u64 {
        let mut k = fold(st.hash, st.to_move.0 as u64 | (st.setups_done as u64) << 8);
        if let Some(p) = st.pending {
            k = fold(
                k,
                // The arriving piece stands on `to`: its id is a numbering of
                // this state, not part of the position, so it stays out.
                1 << 63
                    | (p.to as u64) << 8
                    | (p.threats as u64) << 16
                    | (p.judged as u64) << 24
                    | (p.skip_only as u64) << 25,
            );
        }
        for side in 0..2 {
            let s = st.series[side];
            let c = &st.chase[side];
            k = fold(
                k,
                s.from as u64
                    | (s.to as u64) << 8
                    | (s.count as u64) << 16
                    | (c.square as u64) << 24
                    | (c.threats as u64) << 32
                    | (c.active as u64) << 40
                    | (st.returns[side] as u64) << 48,
            );
            for &p in &c.positions {
                k = fold(k, p);
            }
            k = fold(k, 0x5eed ^ c.positions.len() as u64);
            let base = side * MAX_ARMY;
            let mut tray = [0u64; 2];
            for id in base..base + st.placed[side] as usize {
                let marks = st.flags[id] & (REVEALED | MOVED | MARKED);
                if st.at[id] != 0 {
                    if marks != 0 {
                        k = fold(k, (st.at[id] as u64) << 8 | marks as u64);
                    }
                } else {
                    let marked = (st.flags[id] & MARKED != 0) as usize;
                    // Four bits a kind: at most 15 of a kind are kept apart.
                    tray[marked] += 1 << (4 * st.kind[id] as u64);
                }
            }
            k = fold(k, tray[0]);
            k = fold(k, tray[1]);
        }
        let counters = (if self.max_plies > 0 {
            st.plies as u64
        } else {
            0
        }) | (if self.max_quiet > 0 {
            st.quiet as u64
        } else {
            0
        }) << 32;
        k = fold(k, counters);
        if let Some(o) = &st.outcome {
            k = fold(k, 0xdead ^ o.winner.map_or(2, |w| w.0 as u64));
        }
        k
    }
}
