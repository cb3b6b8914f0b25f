//! A flag capture that rests on a guess.
//!
//! Search from a view draws the opponent's unknown ranks and searches each
//! drawn state as if it were the truth. There, an attack on an unknown piece
//! that happens to be the flag wins (S9.1), and each drawn state puts the
//! flag somewhere else: later in a line, the searching side "knows" which
//! unmoved piece to attack. Averaged over the draws, a race for a flag it
//! cannot tell apart looks won, and it lets a walk at its own flag go on
//! (seen in Barrage: a scout shuffling between two files, each draw's
//! flag in reach, while an unknown miner took the bomb and the flag).
//!
//! [`Rules::guessed_flag_capture`] tells the search what such a capture is
//! worth to the side that makes it: the chance that the attacked piece is
//! the flag, as that side may know (one in as many of the opponent's pieces
//! as could be its flag, S6), and the position in which the attack did not
//! find it (the attacker lost, the attacked piece still unknown).

use crate::combat::Clash;
use crate::params::{Rules, EMPTY, MAX_ARMY, MOBILE_CLASS};
use crate::state::{Event, StrategoState, BACK_ROW, MOVED, REVEALED};

impl Rules {
    /// The opponent pieces of `side` that could be its flag as `side`'s
    /// opponent knows it: on the board, rank unknown, and not moved (unless
    /// flags move, S12.4), not on the back row (S12.4) and no winner of a
    /// silent defence (S12.6): a flag beats no attacker.
    pub(crate) fn flag_candidates(&self, st: &StrategoState, side: usize) -> usize {
        let flags_move = self
            .is_flag
            .iter()
            .zip(&self.class)
            .any(|(&f, &c)| f && c == MOBILE_CLASS);
        let base = side * MAX_ARMY;
        (base..base + st.placed[side] as usize)
            .filter(|&id| {
                let f = st.flags[id];
                st.at[id] != 0
                    && f & REVEALED == 0
                    && (flags_move || f & MOVED == 0)
                    && f & BACK_ROW == 0
                    && st.beaten[id] == 0
            })
            .count()
    }

    /// If the step `from`-`to` of the side to move in `st` captures a flag
    /// whose rank that side does not know, and more than one of the
    /// opponent's pieces could be the flag ([`Rules::flag_candidates`]):
    /// the chance the side had of finding the flag there (one in the number
    /// of candidates) and the position in which the attack failed instead
    /// (the attacker removed as if it had met a piece it loses to, the flag
    /// left on its square with its rank still unknown). `None` for any other
    /// move, and for an attack on a flag that was known or the only
    /// candidate.
    pub(crate) fn guessed_flag_capture(
        &self,
        st: &StrategoState,
        from: usize,
        to: usize,
    ) -> Option<(f64, StrategoState)> {
        if st.outcome.is_some() || st.in_setup() || st.pending.is_some() {
            return None;
        }
        let (attacker, target) = (st.board[from], st.board[to]);
        if attacker == EMPTY || target == EMPTY {
            return None;
        }
        let (id, did) = (attacker as usize - 1, target as usize - 1);
        let side = st.to_move.index();
        if id / MAX_ARMY != side || did / MAX_ARMY == side {
            return None;
        }
        let (k, dk) = (st.kind[id] as usize, st.kind[did] as usize);
        if !self.is_flag[dk] || st.flags[did] & REVEALED != 0 {
            return None;
        }
        let candidates = self.flag_candidates(st, did / MAX_ARMY);
        if candidates < 2 {
            return None;
        }
        // A rank the attacker loses to stands in for the flag during the
        // attack; the flag's rank and what its owner's opponent knows of it
        // are put back after.
        let stand_in = (0..self.kinds.len()).find(|&d| self.combat[k][d] == Clash::DefenderWins)?;
        let mut failed = st.clone();
        failed.kind[did] = stand_in as u8;
        self.apply_step(&mut failed, from, to);
        failed.kind[did] = dk as u8;
        failed.flags[did] = st.flags[did];
        failed.beaten[did] = st.beaten[did];
        if let Some(Event::Move {
            combat: Some(c), ..
        }) = &mut failed.last
        {
            c.defender = None;
        }
        Some((1.0 / candidates as f64, failed))
    }
}
