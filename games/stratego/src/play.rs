//! Playing a setup or a move: placing pieces (S3), moving and fighting (S4,
//! S5), revealing (S6, S12.6), keeping the S7 and S8 records, and the
//! reconquest step (S12.5).

use crate::bitboard::bit;
use crate::board::Square;
use crate::combat::Clash;
use crate::end::{FLAG_CAPTURED, FLAG_REACHED_BACK_ROW};
use crate::movegen::{first_cell, threat_mask};
use crate::params::{Movement, Rules, CLASSES, EMPTY, MAX_ARMY, MOBILE_CLASS, NO_CLASS};
use crate::setup::Setup;
use crate::state::{Combat, Event, Pending, StrategoState, BACK_ROW, MARKED, MOVED, REVEALED};
use crate::zobrist;
use plateau::{Outcome, Player};

impl Rules {
    /// Places the setup of the side to move (S3.2). The setup must be legal.
    pub(crate) fn apply_setup(&self, st: &mut StrategoState, setup: &Setup) {
        let side = st.to_move.index();
        for (k, &sq) in setup.kinds().zip(&self.home[side]) {
            let Some(k) = k else { continue };
            if st.placed[side] as usize >= MAX_ARMY || k as usize >= self.kinds.len() {
                break;
            }
            self.place(st, side, k, sq.index());
        }
        st.last = Some(Event::Setup {
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
        self.enter_lists(st, side, id, cell, k);
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
            let result = self.combat[k as usize][dk as usize];
            // S5.1: both pieces are revealed. S12.6: the defender only when
            // it is removed, the attacker is a scout, or it was known before.
            st.flags[id] |= REVEALED;
            let shown = !self.silent_defense
                || result != Clash::DefenderWins
                || self.is_scout[k as usize]
                || st.flags[did] & REVEALED != 0;
            if shown {
                st.flags[did] |= REVEALED;
            } else {
                // S12.6: the silent defender beat this attacker.
                st.beaten[did] |= 1 << k;
            }
            combat = Some(Combat {
                attacker: k,
                defender: shown.then_some(dk),
                result,
            });
            st.quiet = 0;
            match result {
                Clash::AttackerWins => {
                    self.remove(st, did, opp);
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
        if survived {
            // The piece stands on `to` (the defender, if any, removed).
            st.board[to] = id as u8 + 1;
            st.at[id] = to as u8;
            st.movers[list] = to as u8;
            st.occ[side] |= bt;
            st.cls[side][class as usize] |= bt;
            st.hash ^= zobrist::key(to, side, k);
        }
        st.last = Some(Event::Move {
            player: Player(side as u8),
            from: Square::from_index(from),
            to: Square::from_index(to),
            revealed,
            combat,
        });
        st.plies += 1;
        let back_row = survived && Square::from_index(to).rank() == self.back_rank[side];
        if back_row {
            // S12.4: it is no flag (a flag there would have won).
            st.flags[id] |= BACK_ROW;
        }
        // S7
        st.series[side].record(from as u8, to as u8, survived);
        // S12.4, S12.5a: the move ends on the opponent's back row.
        if self.arrival && back_row && self.arrive(st, id, from, to) {
            return;
        }
        // S8 (a bomb or flag that moves threatens nothing, S8.1).
        if self.chase_rule {
            st.chase[opp].opponent_moved(from as u8);
            let threats = if survived && class != MOBILE_CLASS {
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

    /// The side to move's piece `id` has ended its move from `from` on the
    /// opponent's back row, on `to`; S7 has recorded it. A flag wins (S12.4,
    /// S9.1); under S12.5 the step may be offered. Returns whether the move is
    /// dealt with here (the game is over, or a step is pending, with the S8
    /// records made); otherwise nothing was changed and the turn ends as
    /// usual.
    #[cold]
    #[inline(never)]
    fn arrive(&self, st: &mut StrategoState, id: usize, from: usize, to: usize) -> bool {
        let side = st.to_move.index();
        let opp = 1 - side;
        let k = st.kind[id];
        let flag = self.is_flag[k as usize];
        if !flag && !self.reconquest {
            return false;
        }
        // S9: S9.1–S9.3 after the move, S9.4–S9.5 after the step. The move
        // may have captured the flag standing on the row (S9.1).
        let captured = matches!(
            st.last,
            Some(Event::Move { combat: Some(c), .. })
                if c.result == Clash::AttackerWins
                    && c.defender.is_some_and(|d| self.is_flag[d as usize])
        );
        let over = if flag {
            Some(Outcome::win(Player(side as u8), FLAG_REACHED_BACK_ROW))
        } else if captured {
            Some(Outcome::win(Player(side as u8), FLAG_CAPTURED))
        } else {
            self.end_of_move(st, side)
        };
        if over.is_none() && !self.step_offered(st, side, id) {
            return false;
        }
        if flag {
            // The flag is shown winning.
            st.flags[id] |= REVEALED;
            if let Some(Event::Move { revealed, .. }) = &mut st.last {
                *revealed = Some(k);
            }
        }
        // S8 (a flag or bomb that moves threatens nothing, S8.1).
        let threats = if self.class[k as usize] == MOBILE_CLASS {
            0
        } else {
            threat_mask(&st.board, to, first_cell(opp))
        };
        let judged = self.chase_rule && threats != 0 && st.chase[side].in_force();
        if self.chase_rule {
            st.chase[opp].opponent_moved(from as u8);
        }
        if let Some(outcome) = over {
            if self.chase_rule {
                st.chase[side].own_move(to as u8, threats, st.hash);
            }
            st.to_move = Player(opp as u8);
            st.outcome = Some(outcome);
            return true;
        }
        // S8.4: a move that took the piece back where it came from (its
        // series of S7 goes on) is not judged by S8, nor is its step.
        let back = st.series[side].count >= 2;
        st.pending = Some(Pending {
            piece: id as u8,
            to: to as u8,
            threats,
            judged: judged && !back,
            skip_only: self.is_scout[k as usize],
        });
        true
    }

    /// Whether the step of S12.5 is offered to `side` after the move of its
    /// piece `id` that reached the opponent's back row (S12.5e): everything
    /// it depends on is public.
    pub(crate) fn step_offered(&self, st: &StrategoState, side: usize, id: usize) -> bool {
        let k = st.kind[id] as usize;
        st.returns[side] < 2
            && st.flags[id] & MARKED == 0
            && !(self.is_scout[k] && st.flags[id] & REVEALED != 0)
            && (0..self.kinds.len()).any(|k| st.tray[side][k] > 0 && !self.is_bomb[k])
            && self.home[side]
                .iter()
                .any(|sq| st.board[sq.index()] == EMPTY)
    }

    /// Calls `f(step)` for each legal step of the pending reconquest, `None`
    /// for `skip` and `Some((kind, cell))` for a return, until `f` returns
    /// true; returns whether it did. S8 rules out a step that repeats a
    /// position of the chase when the move was judged by it (S12.5f).
    pub(crate) fn for_each_step(
        &self,
        st: &StrategoState,
        mut f: impl FnMut(Option<(u8, usize)>) -> bool,
    ) -> bool {
        let Some(p) = st.pending else { return false };
        let side = st.to_move.index();
        let chase = &st.chase[side];
        let repeats = |key: u64| p.judged && chase.repeats(key);
        if !repeats(st.hash) && f(None) {
            return true;
        }
        if p.skip_only {
            return false;
        }
        for k in 0..self.kinds.len() {
            if st.tray[side][k] == 0 || self.is_bomb[k] {
                continue;
            }
            for sq in &self.home[side] {
                let cell = sq.index();
                if st.board[cell] == EMPTY
                    && !repeats(st.hash ^ zobrist::key(cell, side, k as u8))
                    && f(Some((k as u8, cell)))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Why a step is not legal now, or `Ok` (S12.5).
    pub(crate) fn check_return(
        &self,
        st: &StrategoState,
        step: Option<(u8, Square)>,
    ) -> Result<(), String> {
        let Some(p) = st.pending else {
            return Err(if self.reconquest {
                "there is nothing to return now: a return or skip follows only a move that reaches the opponent's back row (S12.5e)".into()
            } else {
                "the reconquest rule (S12.5) is not in force".into()
            });
        };
        let side = st.to_move.index();
        let repeated = "chase rule (S8, S12.5f): this would repeat a position of your chase";
        let Some((k, sq)) = step else {
            return if p.judged && st.chase[side].repeats(st.hash) {
                Err(repeated.into())
            } else {
                Ok(())
            };
        };
        let kind = self
            .kinds
            .get(k as usize)
            .ok_or_else(|| format!("there is no piece number {k}"))?;
        if p.skip_only {
            return Err(format!(
                "a {} never returns a piece (S12.5c): enter skip",
                kind_name_of(self, st.kind[p.piece as usize])
            ));
        }
        if self.is_bomb[k as usize] {
            return Err(format!("a {} is never returned (S12.5c)", kind.name));
        }
        if st.tray[side][k as usize] == 0 {
            return Err(format!("you have no removed {} to return", kind.name));
        }
        if !self.home[side].contains(&sq) {
            return Err(format!(
                "{sq} is not in your home area: a piece returns to an empty square of it (S12.5b)"
            ));
        }
        if st.board[sq.index()] != EMPTY {
            return Err(format!(
                "{sq} is not empty: a piece returns to an empty square of your home area (S12.5b)"
            ));
        }
        if p.judged && st.chase[side].repeats(st.hash ^ zobrist::key(sq.index(), side, k)) {
            return Err(repeated.into());
        }
        Ok(())
    }

    /// Makes the pending step: returns the removed piece of kind `k` of the
    /// side to move to `cell`, or skips (`None`). The step must be legal.
    /// Then the turn ends: the chase record, and S9.4–S9.5 (S12.5f).
    pub(crate) fn apply_return(&self, st: &mut StrategoState, step: Option<(u8, usize)>) {
        let Some(p) = st.pending.take() else { return };
        let side = st.to_move.index();
        let player = Player(side as u8);
        // S12.5c: an unmarked piece of that rank if there is one, the
        // earliest removed.
        let base = side * MAX_ARMY;
        let returned = step.and_then(|(k, cell)| {
            (base..base + st.placed[side] as usize)
                .filter(|&i| st.at[i] == 0 && st.kind[i] == k)
                .min_by_key(|&i| (st.flags[i] & MARKED, st.gone[i]))
                .map(|id| (id, k, cell))
        });
        match returned {
            Some((id, k, cell)) => {
                self.put_back(st, side, id, cell);
                st.flags[p.piece as usize] |= MARKED;
                st.returns[side] += 1;
                st.last = Some(Event::Return {
                    player,
                    kind: k,
                    square: Square::from_index(cell),
                });
            }
            None => st.last = Some(Event::Skip { player }),
        }
        if self.chase_rule {
            st.chase[side].own_move(p.to, p.threats, st.hash);
        }
        st.to_move = Player(1 - side as u8);
        st.outcome = self.end_of_turn(st, side);
    }

    /// Puts a removed piece back on an empty cell (S12.5b): revealed, with no
    /// history, keeping its mark (S12.5c).
    fn put_back(&self, st: &mut StrategoState, side: usize, id: usize, cell: usize) {
        let k = st.kind[id];
        st.at[id] = cell as u8;
        st.flags[id] = REVEALED | (st.flags[id] & MARKED);
        st.board[cell] = id as u8 + 1;
        st.hash ^= zobrist::key(cell, side, k);
        st.tray[side][k as usize] -= 1;
        self.enter_lists(st, side, id, cell, k);
    }

    /// Counts piece `id` of kind `k`, just put on `cell` for `side`, in the
    /// side's movable count, occupancy and lists of movers by class.
    #[inline(always)]
    fn enter_lists(&self, st: &mut StrategoState, side: usize, id: usize, cell: usize, k: u8) {
        if self.movable[k as usize] {
            st.movable[side] += 1;
        }
        st.occ[side] |= bit(cell);
        let class = self.class[k as usize];
        if class != NO_CLASS {
            st.cls[side][class as usize] |= bit(cell);
            let len = &mut st.movers_len[side][class as usize];
            st.movers[list_base(side, class) + *len as usize] = cell as u8;
            st.slot[id] = *len;
            *len += 1;
        }
    }

    /// Takes a piece standing on the board off it, into the tray (S5.7).
    #[inline]
    pub(crate) fn remove(&self, st: &mut StrategoState, id: usize, owner: usize) {
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
        lift_to_tray(st, id, owner, self.class[k], self.movable[k]);
    }
}

/// Puts a piece already lifted off the board into the tray: out of its
/// mover list (`class`, or `NO_CLASS`), into the removal order and the tray
/// (S5.7), one movable piece less if it counts for S9. Play and the JSON
/// reader both use it, so they build the same tables.
#[inline]
pub(crate) fn lift_to_tray(
    st: &mut StrategoState,
    id: usize,
    owner: usize,
    class: u8,
    movable: bool,
) {
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
    st.gone[id] = st.removals[owner];
    st.removals[owner] = st.removals[owner].wrapping_add(1);
    st.tray[owner][st.kind[id] as usize] += 1;
    if movable {
        st.movable[owner] -= 1;
    }
}

/// Where the list of `side`'s pieces of movement class `class` starts.
#[inline(always)]
pub(crate) fn list_base(side: usize, class: u8) -> usize {
    (side * CLASSES + class as usize) * MAX_ARMY
}

/// A kind's name, for messages.
fn kind_name_of(rules: &Rules, k: u8) -> &str {
    rules.kinds.get(k as usize).map_or("?", |k| k.name.as_str())
}
