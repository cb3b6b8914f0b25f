//! Movement (S4) and the legal moves of a position: pseudo-legal moves of
//! each piece, filtered by the two-squares rule (S7) and the chase rule (S8).
//! Nothing here allocates.

use crate::bitboard::{cell, nth_bit, shift, Bits};
use crate::board::{Square, DIRS, MASK};
use crate::combat::Clash;
use crate::params::{
    Movement, Rules, CAPTAIN_CLASS, EMPTY, MAX_ARMY, MOBILE_CLASS, NO_CLASS, SCOUT_CLASS,
    STEP_CLASS,
};
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
                let c = board[t & MASK];
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
                    let c = board[t & MASK];
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
        let captains = list_base(side, CAPTAIN_CLASS);
        for &s in
            &st.movers[captains..captains + st.movers_len[side][CAPTAIN_CLASS as usize] as usize]
        {
            if captain_moves(board, s as usize, enemy, &mut f) {
                return true;
            }
        }
        // S12.3, S12.4: one square, to an empty square only.
        let mobile = list_base(side, MOBILE_CLASS);
        for &s in &st.movers[mobile..mobile + st.movers_len[side][MOBILE_CLASS as usize] as usize] {
            let s = s as usize;
            for d in DIRS {
                let t = (s as isize + d) as usize;
                if board[t & MASK] == EMPTY && f(s, t) {
                    return true;
                }
            }
        }
        false
    }

    /// Writes every move of `side` that obeys S4 into `buf` as `from | to << 8`
    /// and returns how many. `N` must be a power of two above `max_moves`.
    #[inline(always)]
    pub(crate) fn gen_pseudo<const N: usize>(
        &self,
        st: &StrategoState,
        side: usize,
        buf: &mut [u16; N],
    ) -> usize {
        let enemy = first_cell(1 - side);
        let board = &st.board;
        let at = |t: usize| board[t & MASK];
        let mut n = 0;
        let steps = list_base(side, STEP_CLASS);
        for &s in &st.movers[steps..steps + st.movers_len[side][STEP_CLASS as usize] as usize] {
            let s = s as usize;
            for d in DIRS {
                let t = (s as isize + d) as usize;
                let c = at(t);
                buf[n % N] = (s | t << 8) as u16;
                n += ((c == EMPTY) | holds(c, enemy)) as usize;
            }
        }
        let scouts = list_base(side, SCOUT_CLASS);
        for &s in &st.movers[scouts..scouts + st.movers_len[side][SCOUT_CLASS as usize] as usize] {
            let s = s as usize;
            for d in DIRS {
                let mut t = (s as isize + d) as usize;
                let mut c = at(t);
                while c == EMPTY {
                    buf[n % N] = (s | t << 8) as u16;
                    n += 1;
                    t = (t as isize + d) as usize;
                    c = at(t);
                }
                buf[n % N] = (s | t << 8) as u16;
                n += holds(c, enemy) as usize;
            }
        }
        let captains = list_base(side, CAPTAIN_CLASS);
        for &s in
            &st.movers[captains..captains + st.movers_len[side][CAPTAIN_CLASS as usize] as usize]
        {
            captain_moves(board, s as usize, enemy, &mut |from, to| {
                buf[n % N] = (from | to << 8) as u16;
                n += 1;
                false
            });
        }
        let mobile = list_base(side, MOBILE_CLASS);
        for &s in &st.movers[mobile..mobile + st.movers_len[side][MOBILE_CLASS as usize] as usize] {
            let s = s as usize;
            for d in DIRS {
                let t = (s as isize + d) as usize;
                buf[n % N] = (s | t << 8) as u16;
                n += (at(t) == EMPTY) as usize;
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
        threats != 0
            && st.chase[side].repeats(key)
            && !(self.reconquest && self.completes(st, from, to))
    }

    /// S12.5f: whether a chasing move whose position repeats is still legal
    /// because it reaches the row and some way to complete it (a skip or a
    /// return) gives a position not yet recorded.
    #[cold]
    #[inline(never)]
    fn completes(&self, st: &StrategoState, from: usize, to: usize) -> bool {
        let mut next = st.clone();
        self.apply_step(&mut next, from, to);
        self.for_each_step(&next, |_| true)
    }

    /// The threats (S8.1) and position key (S8.3) after `side` moves from
    /// `from` to `to`.
    #[inline(always)]
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
        // S8.1: a bomb or flag that moves (S12.3, S12.4) threatens nothing.
        let threats = if survives && self.class[k as usize] != MOBILE_CLASS {
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
        let r = self.restrictions(st, side);
        if r.s7 == (0, 0) && !r.chase {
            // Every piece that moves at all can step to an open neighbour
            // (a captain's longer moves pass over an empty neighbour too).
            // Mobile bombs and flags need an empty one (S12.3, S12.4).
            let open = self.squares & !st.occ[side];
            let all = st.cls[side].iter().fold(0, |m, c| m | c);
            let mobile = st.cls[side][MOBILE_CLASS as usize];
            let movers = all ^ mobile;
            if (0..4).any(|d| shift(movers, d) & open != 0) {
                return true;
            }
            let empty = open & !st.occ[1 - side];
            return mobile != 0 && (0..4).any(|d| shift(mobile, d) & empty != 0);
        }
        self.for_each_legal(st, side, |_, _| true)
    }

    /// The targets of `side`'s one-square movers, scouts, mobile bombs and
    /// flags, by direction (S4.2, S4.3, S12.3, S12.4). In one direction no two moves share a target (a ray
    /// stops at the first piece), so each set bit is one move, made by the
    /// first piece behind the target.
    #[inline(always)]
    fn targets(&self, st: &StrategoState, side: usize) -> [Bits; 4] {
        let empty = self.squares & !(st.occ[0] | st.occ[1]);
        let enemy = st.occ[1 - side];
        let open = empty | enemy;
        let steps = st.cls[side][STEP_CLASS as usize];
        let scouts = st.cls[side][SCOUT_CLASS as usize];
        let mut t = [0; 4];
        for (d, t) in t.iter_mut().enumerate() {
            let mut ray = shift(scouts, d);
            let mut reached = 0;
            loop {
                reached |= ray & enemy;
                let e = ray & empty;
                if e == 0 {
                    break;
                }
                reached |= e;
                ray = shift(e, d);
            }
            *t = reached | (shift(steps, d) & open);
        }
        if self.has_mobile {
            self.mobile_targets(st, side, empty, &mut t);
        }
        t
    }

    /// Adds the targets of `side`'s mobile bombs and flag (S12.3, S12.4):
    /// one square to an empty square. A target is still one move: the piece
    /// behind it is the first one on the line.
    #[inline(never)]
    fn mobile_targets(&self, st: &StrategoState, side: usize, empty: Bits, t: &mut [Bits; 4]) {
        let mobile = st.cls[side][MOBILE_CLASS as usize];
        for (d, t) in t.iter_mut().enumerate() {
            *t |= shift(mobile, d) & empty;
        }
    }

    /// [`Rules::targets`], for tests.
    #[cfg(test)]
    pub(crate) fn targets_for_tests(&self, st: &StrategoState, side: usize) -> [Bits; 4] {
        self.targets(st, side)
    }

    /// A uniformly random legal move by bitboards, for a side without
    /// captains whose only restriction is at most one move forbidden by S7.
    #[inline(always)]
    fn random_step_bits<R: plateau::rand::Rng + ?Sized>(
        &self,
        st: &StrategoState,
        side: usize,
        s7: (u8, u8),
        rng: &mut R,
    ) -> Option<(usize, usize)> {
        let t = self.targets(st, side);
        let counts = t.map(|m| m.count_ones());
        let total: u32 = counts.iter().sum();
        for _ in 0..16 {
            if total == 0 {
                return None;
            }
            let mut r = rng.random_range(0..total);
            let mut i = 0;
            while r >= counts[i] {
                r -= counts[i];
                i += 1;
            }
            let to = cell(nth_bit(t[i], r));
            let d = DIRS[i];
            let mut from = (to as isize - d) as usize;
            while st.board[from & MASK] == EMPTY {
                from = (from as isize - d) as usize;
            }
            // S7 forbids at most this one move: draw again if it came up.
            if (from as u8, to as u8) != s7 {
                return Some((from, to));
            }
        }
        // Practically only when the forbidden move is the only one.
        let mut buf = [0u16; BIG_STACK_MOVES];
        self.pick(st, &mut buf, rng)
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
        let k = st.kind[piece as usize - 1] as usize;
        let kind = &self.kinds[k];
        if self.class[k] == NO_CLASS {
            return Err(format!("your {} on {from} never moves (S4.5)", kind.name));
        }
        let rule = if self.is_flag[k] { "S12.4" } else { "S12.3" };
        // Mobile bombs and flags step like ordinary pieces (S12.3, S12.4).
        let moves = if self.class[k] == MOBILE_CLASS {
            Movement::Step
        } else {
            kind.moves
        };
        if from == to {
            return Err("a move must go to another square (S4.1)".into());
        }
        let (df, dr) = (
            from.file().abs_diff(to.file()),
            from.rank().abs_diff(to.rank()),
        );
        let turn = moves == Movement::Captain && df == 1 && dr == 1;
        if df != 0 && dr != 0 && !turn {
            return Err("pieces move in straight lines, never diagonally (S4.2)".into());
        }
        if self.is_lake(to) {
            return Err(format!("{to} is a {} (S4.4)", self.lake_name));
        }
        if holds(st.board[t], own) {
            return Err(format!("{to} holds your own {}", name(to)));
        }
        if self.class[k] == MOBILE_CLASS && st.board[t] != EMPTY {
            return Err(format!("your {} never attacks ({rule})", kind.name));
        }
        let distance = from.distance(to);
        match moves {
            Movement::Step if distance > 1 => {
                let rule = if self.class[k] == MOBILE_CLASS {
                    rule
                } else {
                    "S4.2"
                };
                return Err(format!(
                    "a {} moves one square at a time ({rule})",
                    kind.name
                ));
            }
            Movement::Captain if distance > 2 => {
                return Err(format!("a {} moves one or two squares (S11.4)", kind.name))
            }
            Movement::Captain if turn => {
                // S11.4a/c: either way round the corner will do.
                let (via_file, via_rank) = (
                    Square::new(to.file(), from.rank()).expect("on the board"),
                    Square::new(from.file(), to.rank()).expect("on the board"),
                );
                if st.board[via_file.index()] != EMPTY && st.board[via_rank.index()] != EMPTY {
                    return Err(format!(
                        "both ways to {to} are blocked, on {via_file} and {via_rank} (S11.4)"
                    ));
                }
            }
            Movement::Scout | Movement::Captain if distance > 1 => {
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
                let rule = if moves == Movement::Scout {
                    "S4.3"
                } else {
                    "S11.4"
                };
                let mut c = (f as isize + step) as usize;
                while c != t {
                    let sq = Square::from_index(c);
                    if self.is_lake(sq) {
                        return Err(format!(
                            "the way to {to} crosses the {} on {sq} ({rule})",
                            self.lake_name
                        ));
                    }
                    if st.board[c] != EMPTY {
                        return Err(format!("the way to {to} is blocked on {sq} ({rule})"));
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
/// A larger stack buffer, for armies with more moves.
const BIG_STACK_MOVES: usize = 512;
/// Room for the moves of any army (50 scouts have at most 900).
const HEAP_MOVES: usize = 1024;

impl Rules {
    /// A legal move of the side to move drawn uniformly at random, as
    /// (from, to) cells; `None` if there is none.
    #[inline]
    pub(crate) fn random_step<R: plateau::rand::Rng + ?Sized>(
        &self,
        st: &StrategoState,
        rng: &mut R,
    ) -> Option<(usize, usize)> {
        debug_assert!(self.max_moves < HEAP_MOVES);
        let side = st.to_move.index();
        let r = self.restrictions(st, side);
        if !r.chase && st.cls[side][CAPTAIN_CLASS as usize] == 0 && self.max_moves < BIG_STACK_MOVES
        {
            return self.random_step_bits(st, side, r.s7, rng);
        }
        if self.max_moves < STACK_MOVES {
            let mut buf = [0u16; STACK_MOVES];
            self.pick(st, &mut buf, rng)
        } else if self.max_moves < BIG_STACK_MOVES {
            let mut buf = [0u16; BIG_STACK_MOVES];
            self.pick(st, &mut buf, rng)
        } else {
            let mut buf = Box::new([0u16; HEAP_MOVES]);
            self.pick(st, &mut buf, rng)
        }
    }

    #[inline(always)]
    fn pick<R: plateau::rand::Rng + ?Sized, const N: usize>(
        &self,
        st: &StrategoState,
        buf: &mut [u16; N],
        rng: &mut R,
    ) -> Option<(usize, usize)> {
        let side = st.to_move.index();
        let mut n = self.gen_pseudo(st, side, buf);
        let r = self.restrictions(st, side);
        if r.s7 != (0, 0) || r.chase {
            let mut kept = 0;
            for i in 0..n {
                let (from, to) = unpack(buf[i % N]);
                if self.allowed(st, side, r, from, to) {
                    buf[kept % N] = buf[i % N];
                    kept += 1;
                }
            }
            n = kept;
        }
        (n > 0).then(|| unpack(buf[rng.random_range(0..n as u32) as usize % N]))
    }
}

#[inline(always)]
fn unpack(m: u16) -> (usize, usize) {
    ((m & 0xFF) as usize, (m >> 8) as usize)
}

/// Calls `f(from, to)` for each move of a captain on `s` (S11.4) until it
/// returns true: one square (a move or an attack); two squares straight on
/// over an empty first square; or round a corner, each target once however
/// many ways lead there. Returns whether `f` stopped it.
#[inline(always)]
fn captain_moves(
    board: &[u8],
    s: usize,
    enemy: u8,
    f: &mut impl FnMut(usize, usize) -> bool,
) -> bool {
    let open = |c: u8| c == EMPTY || holds(c, enemy);
    for d in DIRS {
        let t1 = (s as isize + d) as usize;
        let c1 = board[t1 & MASK];
        if c1 == EMPTY {
            if f(s, t1) {
                return true;
            }
            let t2 = (t1 as isize + d) as usize;
            if open(board[t2 & MASK]) && f(s, t2) {
                return true;
            }
        } else if holds(c1, enemy) && f(s, t1) {
            return true;
        }
    }
    for (a, b) in [(0, 2), (0, 3), (1, 2), (1, 3)] {
        let (da, db) = (DIRS[a], DIRS[b]);
        let t = (s as isize + da + db) as usize;
        if open(board[t & MASK])
            && (board[(s as isize + da) as usize & MASK] == EMPTY
                || board[(s as isize + db) as usize & MASK] == EMPTY)
            && f(s, t)
        {
            return true;
        }
    }
    false
}
