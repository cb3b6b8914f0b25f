//! Movement (S4) and the legal moves of a position: pseudo-legal moves of
//! each piece, filtered by the two-squares rule (S7) and the chase rule (S8).
//! Nothing here allocates.

use crate::board::{Square, DIRS};
use crate::combat::Clash;
use crate::params::{Movement, Rules, EMPTY, MAX_ARMY, SCOUT_CLASS, STEP_CLASS};
use crate::play::list_base;
use crate::state::StrategoState;
use crate::zobrist;

/// The first board cell value of a side's pieces.
#[inline(always)]
pub(crate) fn first_cell(side: usize) -> u8 {
    (side * MAX_ARMY) as u8 + 1
}

/// Whether a cell holds a piece of the side whose first cell value is `lo`.
#[inline(always)]
pub(crate) fn holds(cell: u8, lo: u8) -> bool {
    cell.wrapping_sub(lo) < MAX_ARMY as u8
}

/// What restricts a side's moves in a position beyond movement.
#[derive(Copy, Clone)]
pub(crate) struct Restrictions {
    /// The move S7 forbids, as (from, to) cells; (0, 0) if none.
    s7: (u8, u8),
    /// Whether the chase rule is in force (S8).
    chase: bool,
}

impl Rules {
    /// Calls `f(from, to)` for every move of `side` that obeys S4 (ignoring
    /// S7 and S8) until `f` returns true; returns whether it did.
    #[inline(always)]
    pub(crate) fn for_each_pseudo(
        &self,
        st: &StrategoState,
        side: usize,
        mut f: impl FnMut(usize, usize) -> bool,
    ) -> bool {
        let enemy = first_cell(1 - side);
        let board = &st.board;
        let steps = list_base(side, STEP_CLASS);
        for &s in &st.movers[steps..steps + st.movers_len[side][STEP_CLASS as usize] as usize] {
            let s = s as usize;
            for d in DIRS {
                let t = (s as isize + d) as usize;
                let c = board[t];
                if (c == EMPTY || holds(c, enemy)) && f(s, t) {
                    return true;
                }
            }
        }
        let scouts = list_base(side, SCOUT_CLASS);
        for &s in &st.movers[scouts..scouts + st.movers_len[side][SCOUT_CLASS as usize] as usize] {
            let s = s as usize;
            for d in DIRS {
                let mut t = (s as isize + d) as usize;
                loop {
                    let c = board[t];
                    if c == EMPTY {
                        if f(s, t) {
                            return true;
                        }
                        t = (t as isize + d) as usize;
                    } else {
                        if holds(c, enemy) && f(s, t) {
                            return true;
                        }
                        break;
                    }
                }
            }
        }
        false
    }

    /// Writes every move of `side` that obeys S4 into `buf` as `from | to << 8`
    /// and returns how many. `buf` must hold at least `max_moves + 1` entries.
    #[inline(always)]
    pub(crate) fn gen_pseudo(&self, st: &StrategoState, side: usize, buf: &mut [u16]) -> usize {
        let enemy = first_cell(1 - side);
        let board = &st.board;
        let mut n = 0;
        let steps = list_base(side, STEP_CLASS);
        for &s in &st.movers[steps..steps + st.movers_len[side][STEP_CLASS as usize] as usize] {
            let s = s as usize;
            for d in DIRS {
                let t = (s as isize + d) as usize;
                let c = board[t];
                buf[n] = (s | t << 8) as u16;
                n += ((c == EMPTY) | holds(c, enemy)) as usize;
            }
        }
        let scouts = list_base(side, SCOUT_CLASS);
        for &s in &st.movers[scouts..scouts + st.movers_len[side][SCOUT_CLASS as usize] as usize] {
            let s = s as usize;
            for d in DIRS {
                let mut t = (s as isize + d) as usize;
                let mut c = board[t];
                while c == EMPTY {
                    buf[n] = (s | t << 8) as u16;
                    n += 1;
                    t = (t as isize + d) as usize;
                    c = board[t];
                }
                buf[n] = (s | t << 8) as u16;
                n += holds(c, enemy) as usize;
            }
        }
        n
    }

    /// What restricts `side`'s next move.
    #[inline(always)]
    pub(crate) fn restrictions(&self, st: &StrategoState, side: usize) -> Restrictions {
        Restrictions {
            s7: st.series[side]
                .forbidden(self.two_square_limit)
                .unwrap_or((0, 0)),
            chase: self.chase_rule && st.chase[side].in_force(),
        }
    }

    /// Whether a move that obeys S4 is also allowed by S7 and S8.
    #[inline(always)]
    pub(crate) fn allowed(
        &self,
        st: &StrategoState,
        side: usize,
        r: Restrictions,
        from: usize,
        to: usize,
    ) -> bool {
        if from == r.s7.0 as usize && to == r.s7.1 as usize {
            return false;
        }
        !(r.chase && self.chase_forbids(st, side, from, to))
    }

    /// Whether S8 forbids this move of `side`, with the chase rule in force.
    pub(crate) fn chase_forbids(
        &self,
        st: &StrategoState,
        side: usize,
        from: usize,
        to: usize,
    ) -> bool {
        let last = st.series[side];
        // S8.4: the piece moved last turn may go back where it came from.
        if from == last.to as usize && to == last.from as usize {
            return false;
        }
        let (threats, key) = self.after(st, side, from, to);
        threats != 0 && st.chase[side].repeats(key)
    }

    /// The threats (S8.1) and position key (S8.3) after `side` moves from
    /// `from` to `to`.
    #[inline]
    pub(crate) fn after(
        &self,
        st: &StrategoState,
        side: usize,
        from: usize,
        to: usize,
    ) -> (u8, u64) {
        let id = st.board[from] as usize - 1;
        let k = st.kind[id];
        let mut key = st.hash ^ zobrist::key(from, side, k);
        let target = st.board[to];
        let survives = if target == EMPTY {
            key ^= zobrist::key(to, side, k);
            true
        } else {
            let dk = st.kind[target as usize - 1];
            match self.combat[k as usize][dk as usize] {
                Clash::AttackerWins => {
                    key ^= zobrist::key(to, 1 - side, dk) ^ zobrist::key(to, side, k);
                    true
                }
                Clash::DefenderWins => false,
                Clash::BothRemoved => {
                    key ^= zobrist::key(to, 1 - side, dk);
                    false
                }
            }
        };
        let threats = if survives {
            threat_mask(&st.board, to, first_cell(1 - side))
        } else {
            0
        };
        (threats, key)
    }

    /// Calls `f(from, to)` for every legal move of `side` until it returns
    /// true; returns whether it did.
    #[inline(always)]
    pub(crate) fn for_each_legal(
        &self,
        st: &StrategoState,
        side: usize,
        mut f: impl FnMut(usize, usize) -> bool,
    ) -> bool {
        let r = self.restrictions(st, side);
        if r.s7 == (0, 0) && !r.chase {
            return self.for_each_pseudo(st, side, f);
        }
        self.for_each_pseudo(st, side, |from, to| {
            self.allowed(st, side, r, from, to) && f(from, to)
        })
    }

    /// Whether `side` has a legal move (S9.4).
    #[inline]
    pub(crate) fn has_legal_move(&self, st: &StrategoState, side: usize) -> bool {
        self.for_each_legal(st, side, |_, _| true)
    }

    /// Why `from`-`to` is not a legal move for the side to move, or `Ok`.
    /// The reasons speak only of what the mover can see (S6.4).
    pub(crate) fn check_step(
        &self,
        st: &StrategoState,
        from: Square,
        to: Square,
    ) -> Result<(), String> {
        let side = st.to_move.index();
        let name = |sq: Square| -> String {
            st.piece_at(sq)
                .map(|p| self.kinds[p.kind as usize].name.clone())
                .unwrap_or_default()
        };
        for sq in [from, to] {
            if !self.on_board(sq) {
                return Err(format!(
                    "{sq} is not on the {}×{} board",
                    self.files, self.ranks
                ));
            }
        }
        let own = first_cell(side);
        let (f, t) = (from.index(), to.index());
        let piece = st.board[f];
        if !holds(piece, own) {
            return Err(format!("there is no piece of yours on {from}"));
        }
        let kind = &self.kinds[st.kind[piece as usize - 1] as usize];
        if kind.moves == Movement::Fixed {
            return Err(format!("your {} on {from} never moves (S4.5)", kind.name));
        }
        if from == to {
            return Err("a move must go to another square (S4.1)".into());
        }
        if from.file() != to.file() && from.rank() != to.rank() {
            return Err("pieces move in straight lines, never diagonally (S4.2)".into());
        }
        if self.is_lake(to) {
            return Err(format!("{to} is a lake (S4.4)"));
        }
        if holds(st.board[t], own) {
            return Err(format!("{to} holds your own {}", name(to)));
        }
        let distance = from.distance(to);
        match kind.moves {
            Movement::Step if distance > 1 => {
                return Err(format!("a {} moves one square at a time (S4.2)", kind.name))
            }
            Movement::Scout if distance > 1 => {
                let step = if from.file() == to.file() {
                    if to.rank() > from.rank() {
                        DIRS[0]
                    } else {
                        DIRS[1]
                    }
                } else if to.file() > from.file() {
                    DIRS[2]
                } else {
                    DIRS[3]
                };
                let mut c = (f as isize + step) as usize;
                while c != t {
                    let sq = Square::from_index(c);
                    if self.is_lake(sq) {
                        return Err(format!("the way to {to} crosses the lake on {sq} (S4.3)"));
                    }
                    if st.board[c] != EMPTY {
                        return Err(format!("the way to {to} is blocked on {sq} (S4.3)"));
                    }
                    c = (c as isize + step) as usize;
                }
            }
            _ => {}
        }
        if let Some((a, b)) = st.series[side].forbidden(self.two_square_limit) {
            if a as usize == f && b as usize == t {
                return Err(format!(
                    "two-squares rule (S7): this piece has already moved {} times in a row between {to} and {from}",
                    self.two_square_limit
                ));
            }
        }
        if self.chase_rule && st.chase[side].in_force() && self.chase_forbids(st, side, f, t) {
            return Err(
                "chase rule (S8): this chasing move would repeat a position of your chase".into(),
            );
        }
        Ok(())
    }
}

/// The enemy pieces (first cell value `enemy`) next to `cell`, as a bit per
/// direction of [`DIRS`].
#[inline(always)]
pub(crate) fn threat_mask(board: &[u8], cell: usize, enemy: u8) -> u8 {
    let mut mask = 0;
    for (i, d) in DIRS.iter().enumerate() {
        if holds(board[(cell as isize + d) as usize], enemy) {
            mask |= 1 << i;
        }
    }
    mask
}

/// Room for the moves of one position on the stack; rules whose armies may
/// have more moves use the heap.
const STACK_MOVES: usize = 256;

impl Rules {
    /// A legal move of the side to move drawn uniformly at random, as
    /// (from, to) cells; `None` if there is none.
    #[inline]
    pub(crate) fn random_step<R: plateau::rand::Rng + ?Sized>(
        &self,
        st: &StrategoState,
        rng: &mut R,
    ) -> Option<(usize, usize)> {
        if self.max_moves < STACK_MOVES {
            let mut buf = [0u16; STACK_MOVES];
            self.pick(st, &mut buf, rng)
        } else {
            let mut buf = vec![0u16; self.max_moves + 1];
            self.pick(st, &mut buf, rng)
        }
    }

    #[inline(always)]
    fn pick<R: plateau::rand::Rng + ?Sized>(
        &self,
        st: &StrategoState,
        buf: &mut [u16],
        rng: &mut R,
    ) -> Option<(usize, usize)> {
        let side = st.to_move.index();
        let mut n = self.gen_pseudo(st, side, buf);
        let r = self.restrictions(st, side);
        if r.s7 != (0, 0) || r.chase {
            let mut kept = 0;
            for i in 0..n {
                let (from, to) = unpack(buf[i]);
                if self.allowed(st, side, r, from, to) {
                    buf[kept] = buf[i];
                    kept += 1;
                }
            }
            n = kept;
        }
        (n > 0).then(|| unpack(buf[rng.random_range(0..n as u32) as usize]))
    }
}

#[inline(always)]
fn unpack(m: u16) -> (usize, usize) {
    ((m & 0xFF) as usize, (m >> 8) as usize)
}
