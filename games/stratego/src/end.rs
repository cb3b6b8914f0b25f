//! The end of the game (S9), checked after every move in the order of S9.1
//! to S9.5, with the reasons of S10.

use crate::params::Rules;
use crate::state::StrategoState;
use plateau::{Outcome, Player};

/// S10 reason: a flag was captured.
pub const FLAG_CAPTURED: &str = "flag-captured";
/// S10 reason: a side (or both) has no movable piece left.
pub const NO_MOVABLE_PIECES: &str = "no-movable-pieces";
/// S10 reason: the side to move has no legal move.
pub const NO_LEGAL_MOVE: &str = "no-legal-move";
/// S10 reason: an engine cap was reached.
pub const MOVE_CAP: &str = "move-cap";

impl Rules {
    /// The outcome after `mover` moved (or, after the second setup, before
    /// the first move of play), if the game is over.
    #[inline]
    pub(crate) fn end_check(
        &self,
        st: &StrategoState,
        mover: usize,
        flag_captured: bool,
    ) -> Option<Outcome> {
        let opp = 1 - mover;
        // S9.1
        if flag_captured {
            return Some(Outcome::win(Player(mover as u8), FLAG_CAPTURED));
        }
        // S9.2, S9.3 (the mover loses at once too).
        match (st.movable[mover] == 0, st.movable[opp] == 0) {
            (true, true) => return Some(Outcome::draw(NO_MOVABLE_PIECES)),
            (true, false) => return Some(Outcome::win(Player(opp as u8), NO_MOVABLE_PIECES)),
            (false, true) => return Some(Outcome::win(Player(mover as u8), NO_MOVABLE_PIECES)),
            (false, false) => {}
        }
        // S9.4
        if !self.has_legal_move(st, opp) {
            return Some(Outcome::win(Player(mover as u8), NO_LEGAL_MOVE));
        }
        // S9.5
        if (self.max_plies > 0 && st.plies >= self.max_plies)
            || (self.max_quiet > 0 && st.quiet >= self.max_quiet)
        {
            return Some(Outcome::draw(MOVE_CAP));
        }
        None
    }
}
