//! The chase rule (S8): during a continuous chase, the chasing side may not
//! make a threatening move that recreates a position that occurred after one
//! of its moves in this chase.

use crate::board::DIRS;

/// One side's chase (each side's chases are judged separately, S8.2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Chase {
    /// The cell where this side's last move ended.
    pub square: u8,
    /// The enemy pieces that move threatened, as a bit per direction of
    /// [`DIRS`] from `square` (S8.1); 0 if none.
    pub threats: u8,
    /// Whether a continuous chase is on: the opponent's last move evaded a
    /// threat of this side's last move, and every earlier link held (S8.2).
    pub active: bool,
    /// The positions after this side's moves in the chase, the first
    /// threatening move included (S8.3).
    pub positions: Vec<u64>,
}

impl Chase {
    /// Whether this side's last move threatened the piece on `cell`.
    #[inline]
    pub fn threatened(&self, cell: u8) -> bool {
        let mut mask = self.threats;
        while mask != 0 {
            let d = mask.trailing_zeros() as usize;
            if (self.square as isize + DIRS[d]) as u8 == cell {
                return true;
            }
            mask &= mask - 1;
        }
        false
    }

    /// The opponent moved the piece on `from` (S8.2): the chase continues if
    /// that piece was threatened, and ends otherwise.
    #[inline]
    pub fn opponent_moved(&mut self, from: u8) {
        self.active = self.threatened(from);
        if !self.active {
            self.positions.clear();
        }
    }

    /// This side moved to `to`, threatening `threats`, giving position `key`.
    /// A move that threatens nothing ends the chase; a threatening move
    /// continues it, or starts a possible new one (S8.2, S8.3).
    #[inline]
    pub fn own_move(&mut self, to: u8, threats: u8, key: u64) {
        if threats == 0 {
            self.active = false;
            self.threats = 0;
            self.positions.clear();
            return;
        }
        if !self.active {
            self.positions.clear();
        }
        self.positions.push(key);
        self.square = to;
        self.threats = threats;
    }

    /// Whether the rule is in force for this side's next move.
    #[inline]
    pub fn in_force(&self) -> bool {
        self.active && !self.positions.is_empty()
    }

    /// Whether a chasing move giving position `key` repeats a position of
    /// this chase (S8.3).
    #[inline]
    pub fn repeats(&self, key: u64) -> bool {
        self.positions.contains(&key)
    }
}
