//! The end of the game (S9), checked after every move in the order of S9.1
//! to S9.5 (under S12.5 S9.4–S9.5 after the step), with the reasons of S10.

use crate::combat::Clash;
use crate::params::{Rules, EMPTY};
use crate::state::StrategoState;
use plateau::{Outcome, Player};

/// S10 reason: a flag was captured.
pub const FLAG_CAPTURED: &str = "flag-captured";
/// S10 reason: a flag ended a move on the opponent's back row (S12.4).
pub const FLAG_REACHED_BACK_ROW: &str = "flag-reached-back-row";
/// S10 reason: a side (or both) has no movable piece left.
pub const NO_MOVABLE_PIECES: &str = "no-movable-pieces";
/// S10 reason: the side to move has no legal move.
pub const NO_LEGAL_MOVE: &str = "no-legal-move";
/// S10 reason: an engine cap was reached.
pub const MOVE_CAP: &str = "move-cap";

impl Rules {
    /// Whether `side` can capture an enemy flag with its next move, were it
    /// its turn (an attack on a flag that the attacker wins, which ends the
    /// game by S9.1; S7 and S8 as they stand for `side`'s next move). A flag
    /// that would win by reaching the back row (S12.4) is not looked for.
    /// False during the setups and a pending step (S12.5).
    pub(crate) fn can_capture_flag(&self, st: &StrategoState, side: usize) -> bool {
        if st.outcome.is_some() || st.in_setup() || st.pending.is_some() {
            return false;
        }
        self.for_each_legal(st, side, |from, to| {
            let target = st.board[to];
            if target == EMPTY {
                return false;
            }
            let defender = st.kind[target as usize - 1] as usize;
            let attacker = st.kind[st.board[from] as usize - 1] as usize;
            self.is_flag[defender] && self.combat[attacker][defender] == Clash::AttackerWins
        })
    }

    /// The outcome after `mover` moved (or, after the second setup, before
    /// the first move of play), if the game is over. (A flag reaching the
    /// back row, S12.4, is decided where the move is played.)
    #[inline]
    pub(crate) fn end_check(
        &self,
        st: &StrategoState,
        mover: usize,
        flag_captured: bool,
    ) -> Option<Outcome> {
        // S9.1
        if flag_captured {
            return Some(Outcome::win(Player(mover as u8), FLAG_CAPTURED));
        }
        if let Some(o) = self.end_of_move(st, mover) {
            return Some(o);
        }
        self.end_of_turn(st, mover)
    }

    /// S9.2 and S9.3 (the mover loses at once too).
    #[inline]
    pub(crate) fn end_of_move(&self, st: &StrategoState, mover: usize) -> Option<Outcome> {
        let opp = 1 - mover;
        match (st.movable[mover] == 0, st.movable[opp] == 0) {
            (true, true) => Some(Outcome::draw(NO_MOVABLE_PIECES)),
            (true, false) => Some(Outcome::win(Player(opp as u8), NO_MOVABLE_PIECES)),
            (false, true) => Some(Outcome::win(Player(mover as u8), NO_MOVABLE_PIECES)),
            (false, false) => None,
        }
    }

    /// S9.4 and S9.5, once `mover`'s turn is over (under S12.5 after its
    /// step).
    #[inline]
    pub(crate) fn end_of_turn(&self, st: &StrategoState, mover: usize) -> Option<Outcome> {
        let opp = 1 - mover;
        // S9.4
        if !self.has_legal_move(st, opp) {
            return Some(Outcome::win(Player(mover as u8), NO_LEGAL_MOVE));
        }
        // S9.5
        if (self.max_plies > 0 && st.plies >= self.max_plies)
            || (self.max_quiet > 0 && st.quiet >= self.max_quiet)
        {
            return Some(Outcome::cap(MOVE_CAP));
        }
        None
    }
}
