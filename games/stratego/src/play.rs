//! Playing a setup or a move: placing pieces (S3), moving and fighting (S4,
//! S5), revealing (S6), and keeping the S7 and S8 records.

use crate::bitboard::bit;
use crate::board::Square;
use crate::combat::Clash;
use crate::movegen::{first_cell, threat_mask};
use crate::params::{Movement, Rules, CLASSES, EMPTY, MAX_ARMY, NO_CLASS};
use crate::setup::Setup;
use crate::state::{Combat, Event, StrategoState, MOVED, REVEALED};
use crate::zobrist;
use plateau::Player;

impl Rules {
    /// Places the setup of the side to move (S3.2). The setup must be legal.
    pub(crate) fn apply_setup(&self, st: &mut StrategoState, setup: &Setup) {
        let side = st.to_move.index();
        for (k, &sq) in setup.kinds().iter().zip(&self.home[side]) {
            let Some(k) = *k else { continue };
            if st.placed[side] as usize >= MAX_ARMY || k as usize >= self.kinds.len() {
                break;
            }
            self.place(st, side, k, sq.index());
        }
        st.history.push(Event::Setup {
            player: Player(side as u8),
        });
        st.setups_done += 1;
        st.to_move = Player(st.setups_done % 2);
        if st.setups_done == 2 {
            // S9: checked before Red's first move too.
            st.outcome = self.end_check(st, 1, false);
        }
    }

    /// Puts a new piece of `side` and kind `k` on an empty cell.
    pub(crate) fn place(&self, st: &mut StrategoState, side: usize, k: u8, cell: usize) {
        let id = side * MAX_ARMY + st.placed[side] as usize;
        st.placed[side] += 1;
        st.kind[id] = k;
        st.at[id] = cell as u8;
        st.origin[id] = cell as u8;
        st.flags[id] = 0;
        st.board[cell] = id as u8 + 1;
        st.hash ^= zobrist::key(cell, side, k);
        if self.movable[k as usize] {
            st.movable[side] += 1;
        }
        let class = self.class[k as usize];
        st.occ[side] |= bit(cell);
        if class != NO_CLASS {
            st.cls[side][class as usize] |= bit(cell);
            let len = &mut st.movers_len[side][class as usize];
            st.movers[list_base(side, class) + *len as usize] = cell as u8;
            st.slot[id] = *len;
            *len += 1;
        }
    }

    /// Plays a move of the side to move from cell `from` to cell `to`. The
    /// move must be legal.
    #[inline]
    pub(crate) fn apply_step(&self, st: &mut StrategoState, from: usize, to: usize) {
        let side = st.to_move.index();
        let opp = 1 - side;
        let id = st.board[from] as usize - 1;
        let k = st.kind[id];
        let target = st.board[to];
        st.board[from] = EMPTY;
        st.hash ^= zobrist::key(from, side, k);
        st.flags[id] |= MOVED;
        let mut revealed = None;
        let mut combat = None;
        let mut flag_captured = false;
        let class = self.class[k as usize];
        let list = list_base(side, class) + st.slot[id] as usize;
        let (bf, bt) = (bit(from), bit(to));
        st.occ[side] ^= bf;
        st.cls[side][class as usize] ^= bf;
        let survived = if target == EMPTY {
            st.board[to] = id as u8 + 1;
            st.at[id] = to as u8;
            st.movers[list] = to as u8;
            st.occ[side] |= bt;
            st.cls[side][class as usize] |= bt;
            st.hash ^= zobrist::key(to, side, k);
            // S6.2: a scout moving more than one square shows what it is, and
            // so does a captain moving two (S11.4d).
            if self.moves[k as usize] != Movement::Step
                && Square::from_index(from).distance(Square::from_index(to)) > 1
            {
                st.flags[id] |= REVEALED;
                revealed = Some(k);
            }
            st.quiet += 1;
            true
        } else {
            let did = target as usize - 1;
            let dk = st.kind[did];
            // S5.1: both pieces are revealed.
            st.flags[id] |= REVEALED;
            st.flags[did] |= REVEALED;
            let result = self.combat[k as usize][dk as usize];
            combat = Some(Combat {
                attacker: k,
                defender: Some(dk),
                result,
            });
            st.quiet = 0;
            match result {
                Clash::AttackerWins => {
                    self.remove(st, did, opp);
                    st.board[to] = id as u8 + 1;
                    st.at[id] = to as u8;
                    st.movers[list] = to as u8;
                    st.occ[side] |= bt;
                    st.cls[side][class as usize] |= bt;
                    st.hash ^= zobrist::key(to, side, k);
                    flag_captured = self.is_flag[dk as usize];
                    true
                }
                Clash::DefenderWins => {
                    self.to_tray(st, id, side);
                    false
                }
                Clash::BothRemoved => {
                    self.remove(st, did, opp);
                    self.to_tray(st, id, side);
                    false
                }
            }
        };
        st.history.push(Event::Move {
            player: Player(side as u8),
            from: Square::from_index(from),
            to: Square::from_index(to),
            revealed,
            combat,
        });
        st.plies += 1;
        // S7
        st.series[side].record(from as u8, to as u8, survived);
        // S8
        if self.chase_rule {
            st.chase[opp].opponent_moved(from as u8);
            let threats = if survived {
                threat_mask(&st.board, to, first_cell(opp))
            } else {
                0
            };
            let key = st.hash;
            st.chase[side].own_move(to as u8, threats, key);
        }
        st.to_move = Player(opp as u8);
        st.outcome = self.end_check(st, side, flag_captured);
    }

    /// Takes a piece standing on the board off it, into the tray (S5.7).
    #[inline]
    fn remove(&self, st: &mut StrategoState, id: usize, owner: usize) {
        let cell = st.at[id] as usize;
        let k = st.kind[id] as usize;
        st.hash ^= zobrist::key(cell, owner, k as u8);
        st.board[cell] = EMPTY;
        st.occ[owner] &= !bit(cell);
        if self.class[k] != NO_CLASS {
            st.cls[owner][self.class[k] as usize] &= !bit(cell);
        }
        st.series[owner].piece_removed_at(cell as u8);
        self.to_tray(st, id, owner);
    }

    /// Puts a piece already lifted off the board into the tray.
    #[inline]
    fn to_tray(&self, st: &mut StrategoState, id: usize, owner: usize) {
        let k = st.kind[id] as usize;
        let class = self.class[k];
        if class != NO_CLASS {
            // Swap-remove from its list; the last piece of the list takes its slot.
            let base = list_base(owner, class);
            let len = &mut st.movers_len[owner][class as usize];
            *len -= 1;
            let last_cell = st.movers[base + *len as usize];
            let pos = st.slot[id];
            if pos != *len {
                st.movers[base + pos as usize] = last_cell;
                st.slot[st.board[last_cell as usize] as usize - 1] = pos;
            }
        }
        st.at[id] = 0;
        st.tray[owner][k] += 1;
        if self.movable[k] {
            st.movable[owner] -= 1;
        }
    }
}

/// Where the list of `side`'s pieces of movement class `class` starts.
#[inline(always)]
pub(crate) fn list_base(side: usize, class: u8) -> usize {
    (side * CLASSES + class as usize) * MAX_ARMY
}
