//! What each player sees (S6), and determinization: drawing a full state
//! consistent with everything a player knows.

use crate::board::{self, Square, CELLS};
use crate::combat::Clash;
use crate::movegen::{first_cell, holds};
use crate::params::{Rules, BLOCKED, EMPTY, MAX_ARMY, NO_CLASS};
use crate::setup::Setup;
use crate::state::{Event, StrategoState};
use plateau::rand::seq::SliceRandom;
use plateau::rand::Rng;
use plateau::{Player, Status};
use serde::{Deserialize, Serialize};

/// A player's view of a game (S6): their own pieces fully, the opponent's as
/// squares with what is known of them, the trays, the public history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrategoView {
    /// The player whose view this is.
    pub viewer: Player,
    /// Whose turn it is, or the outcome.
    pub status: Status,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Every square, rank 1 first, each rank from file `a`.
    pub squares: Vec<ViewSquare>,
    /// Removed pieces of each side, counted by kind (S5.7).
    pub trays: [Vec<u8>; 2],
    /// The public history: setups made, and every move with what it
    /// revealed (S6.3).
    pub history: Vec<Event>,
    /// The viewer's own setup, once made.
    pub own_setup: Option<Setup>,
    /// The squares the opponent set up pieces on, once both sides have set
    /// up (S3.2: the side that sets up second sees nothing of the first
    /// side's setup while making its own).
    pub opponent_setup: Option<Vec<Square>>,
    /// Moves of play so far.
    pub plies: u32,
    /// Moves of play since the last attack.
    pub plies_without_capture: u32,
}

/// A square as the viewer sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ViewSquare {
    /// An empty square.
    Empty,
    /// A lake.
    Lake,
    /// One of the viewer's pieces.
    Own {
        /// Its kind.
        kind: u8,
        /// Whether it has moved.
        moved: bool,
        /// Whether the opponent knows its rank.
        revealed: bool,
    },
    /// An opponent's piece.
    Opponent {
        /// Its kind, once revealed (S6.2).
        kind: Option<u8>,
        /// Whether it has moved.
        moved: bool,
    },
}

impl ViewSquare {
    /// The viewer's view of the square of a state.
    fn of(rules: &Rules, st: &StrategoState, sq: Square, viewer: Player) -> ViewSquare {
        match st.piece_at(sq) {
            None if rules.is_lake(sq) => ViewSquare::Lake,
            None => ViewSquare::Empty,
            Some(p) if p.owner == viewer => ViewSquare::Own {
                kind: p.kind,
                moved: p.moved,
                revealed: p.revealed,
            },
            Some(p) => ViewSquare::Opponent {
                kind: p.revealed.then_some(p.kind),
                moved: p.moved,
            },
        }
    }
}

impl StrategoView {
    /// Whether the side to move is to make the step of S12.5 (`return PIECE
    /// SQUARE` or `skip`): its last action was a move and it is still its
    /// turn.
    pub fn step_pending(&self) -> bool {
        match (&self.status, self.history.last()) {
            (Status::ToMove(p), Some(Event::Move { player, .. })) => p == player,
            _ => false,
        }
    }

    /// The returns a side has made (S12.5c).
    pub fn returns(&self, player: Player) -> usize {
        self.history
            .iter()
            .filter(|e| matches!(e, Event::Return { player: p, .. } if *p == player))
            .count()
    }

    /// The square at `sq` (as seen), if on the board.
    pub fn square(&self, sq: Square) -> Option<ViewSquare> {
        if sq.file() >= self.files || sq.rank() >= self.ranks {
            return None;
        }
        self.squares
            .get(sq.rank() as usize * self.files as usize + sq.file() as usize)
            .copied()
    }
}

impl Rules {
    /// `viewer`'s view of a state (S6).
    pub(crate) fn view(&self, st: &StrategoState, viewer: Player, status: Status) -> StrategoView {
        let v = viewer.index();
        let setup_done = |side: usize| {
            st.history
                .iter()
                .any(|e| matches!(e, Event::Setup { player } if player.index() == side))
        };
        let in_setup = st.in_setup();
        StrategoView {
            viewer,
            status,
            files: self.files,
            ranks: self.ranks,
            squares: board::squares(self.files, self.ranks)
                .map(|sq| match ViewSquare::of(self, st, sq, viewer) {
                    // S3.2: setting up in turn changes nothing, so the side
                    // that sets up second does not see where the first
                    // placed its pieces (variants with a partial setup).
                    ViewSquare::Opponent { .. } if in_setup => ViewSquare::Empty,
                    seen => seen,
                })
                .collect(),
            trays: [
                st.tray[0][..self.kinds.len()].to_vec(),
                st.tray[1][..self.kinds.len()].to_vec(),
            ],
            history: st.history.clone(),
            own_setup: setup_done(v).then(|| self.setup_of(st, v)),
            opponent_setup: (setup_done(1 - v) && !in_setup).then(|| {
                let mut origins: Vec<u8> = (0..st.placed[1 - v] as usize)
                    .map(|i| st.origin[(1 - v) * MAX_ARMY + i])
                    .collect();
                origins.sort_unstable();
                origins
                    .into_iter()
                    .map(|c| Square::from_index(c as usize))
                    .collect()
            }),
            plies: st.plies,
            plies_without_capture: st.quiet,
        }
    }

    /// The setup a side made, rebuilt from where its pieces started.
    pub(crate) fn setup_of(&self, st: &StrategoState, side: usize) -> Setup {
        let mut at = [None; CELLS];
        for i in 0..st.placed[side] as usize {
            let id = side * MAX_ARMY + i;
            at[st.origin[id] as usize] = Some(st.kind[id]);
        }
        Setup::new(self.home[side].iter().map(|s| at[s.index()]).collect())
    }

    /// Draws a full state consistent with everything the view's player knows
    /// (S6), uniformly over the ways to give the opponent's unknown pieces
    /// their kinds (see [`assign_uniformly`]): they get the kinds not yet accounted for
    /// by revealed pieces and the tray, consistent with what the public
    /// history implies of them (pieces that moved get kinds that move; a
    /// silent defender that won beats its attackers, S12.6; a piece that
    /// returned one is no scout, S12.5c; a piece that stood on the back row
    /// is no mobile flag, S12.4), and the public history is replayed on the
    /// drawn setups. A draw whose replay ends differently (S9.4 can depend on
    /// the unknown ranks) is drawn again, a few times at most.
    pub(crate) fn determinize<R: Rng + ?Sized>(
        &self,
        view: &StrategoView,
        rng: &mut R,
    ) -> StrategoState {
        let mut st = self.determinize_once(view, rng);
        for _ in 0..16 {
            let status = match &st.outcome {
                Some(o) => Status::Over(o.clone()),
                None => Status::ToMove(st.to_move),
            };
            if status == view.status && st.history.len() == view.history.len() {
                break;
            }
            st = self.determinize_once(view, rng);
        }
        st
    }

    fn determinize_once<R: Rng + ?Sized>(&self, view: &StrategoView, rng: &mut R) -> StrategoState {
        let v = view.viewer.index();
        let o = 1 - v;
        let own = match &view.own_setup {
            Some(s) if self.check_setup(view.viewer, s).is_ok() => s.clone(),
            _ => self.random_setup(view.viewer, rng),
        };
        let opponent = match &view.opponent_setup {
            Some(squares) => self.draw_opponent_setup(view, o, squares, rng),
            None => self.random_setup(Player(o as u8), rng),
        };
        let mut st = StrategoState::empty(self);
        for event in &view.history {
            if st.outcome.is_some() {
                break;
            }
            match *event {
                Event::Setup { player } if st.in_setup() && player == st.to_move => {
                    let setup = if player.index() == v { &own } else { &opponent };
                    self.apply_setup(&mut st, setup);
                }
                Event::Move {
                    player, from, to, ..
                } if !st.in_setup()
                    && st.pending.is_none()
                    && player == st.to_move
                    && holds(st.board[from.index()], first_cell(player.index()))
                    && self.class[st.kind[st.board[from.index()] as usize - 1] as usize]
                        != NO_CLASS
                    && self.on_board(to)
                    && !holds(st.board[to.index()], first_cell(player.index()))
                    && st.board[to.index()] != BLOCKED =>
                {
                    self.apply_step(&mut st, from.index(), to.index());
                }
                Event::Return {
                    player,
                    kind,
                    square,
                } if st.pending.is_some()
                    && player == st.to_move
                    && st.tray[player.index()]
                        .get(kind as usize)
                        .is_some_and(|&n| n > 0)
                    && self.home[player.index()].contains(&square)
                    && st.board[square.index()] == EMPTY =>
                {
                    self.apply_return(&mut st, Some((kind, square.index())));
                }
                Event::Skip { player } if st.pending.is_some() && player == st.to_move => {
                    self.apply_return(&mut st, None);
                }
                _ => break,
            }
        }
        st
    }

    /// The opponent's setup: kinds for the pieces that started on `squares`,
    /// consistent with the public history.
    fn draw_opponent_setup<R: Rng + ?Sized>(
        &self,
        view: &StrategoView,
        o: usize,
        squares: &[Square],
        rng: &mut R,
    ) -> Setup {
        let n = squares.len();
        let mut ident = [usize::MAX; CELLS];
        for (i, sq) in squares.iter().enumerate() {
            ident[sq.index()] = i;
        }
        let at = |ident: &[usize; CELLS], sq: Square| {
            let i = ident[sq.index()];
            (i < n).then_some(i)
        };
        let mut known: Vec<Option<u8>> = vec![None; n];
        let mut facts = vec![Facts::default(); n];
        // The opponent's removed pieces, earliest first (S12.5c).
        let mut removed: Vec<usize> = Vec::new();
        // The opponent's piece whose move just reached the back row.
        let mut arrived = None;
        // Follow the opponent's pieces through the public history.
        for event in &view.history {
            let last_arrival = arrived.take();
            match *event {
                Event::Move {
                    player,
                    from,
                    to,
                    revealed,
                    combat,
                } if player.index() == o => {
                    let Some(i) = at(&ident, from) else { continue };
                    facts[i].moved = true;
                    if revealed.is_some() {
                        known[i] = revealed;
                    }
                    ident[from.index()] = usize::MAX;
                    let survived = match combat {
                        None => true,
                        Some(c) => {
                            known[i] = Some(c.attacker);
                            c.result == Clash::AttackerWins
                        }
                    };
                    if survived {
                        ident[to.index()] = i;
                        if to.rank() == self.back_rank[o] {
                            // S12.4: a flag there would have won.
                            facts[i].not_flag = true;
                            arrived = Some(i);
                        }
                    } else {
                        removed.push(i);
                    }
                }
                Event::Move {
                    to,
                    combat: Some(c),
                    ..
                } => {
                    let Some(j) = at(&ident, to) else { continue };
                    match c.defender {
                        Some(d) => known[j] = Some(d),
                        // S12.6: a silent defender won against this attacker.
                        None => facts[j].beat.push(c.attacker),
                    }
                    if c.result != Clash::DefenderWins {
                        ident[to.index()] = usize::MAX;
                        removed.push(j);
                    }
                }
                Event::Return {
                    player,
                    kind,
                    square,
                } if player.index() == o => {
                    // S12.5c: the arriving piece is no scout and is marked; the
                    // returned piece is an unmarked one of that rank if any,
                    // the earliest removed.
                    if let Some(i) = last_arrival {
                        facts[i].not_scout = true;
                        facts[i].marked = true;
                    }
                    let pick = removed
                        .iter()
                        .enumerate()
                        .filter(|(_, &j)| known[j] == Some(kind))
                        .min_by_key(|&(pos, &j)| (facts[j].marked, pos))
                        .map(|(pos, _)| pos);
                    if let Some(pos) = pick {
                        let j = removed.remove(pos);
                        ident[square.index()] = j;
                    }
                }
                _ => {}
            }
        }
        // What is left to hand out, one slot a piece.
        let mut left: Vec<usize> = self.kinds.iter().map(|k| k.count as usize).collect();
        for k in known.iter().flatten() {
            if let Some(c) = left.get_mut(*k as usize) {
                *c = c.saturating_sub(1);
            }
        }
        let slots: Vec<u8> = left
            .iter()
            .enumerate()
            .flat_map(|(k, &c)| std::iter::repeat_n(k as u8, c))
            .collect();
        let unknown: Vec<usize> = (0..n).filter(|&i| known[i].is_none()).collect();
        let allowed = |i: usize, k: u8| {
            let f = &facts[i];
            let k = k as usize;
            let ruled_out = (f.moved && self.class[k] == NO_CLASS)
                || (f.not_flag && self.is_flag[k])
                || (f.not_scout && self.is_scout[k]);
            !ruled_out
                && f.beat
                    .iter()
                    .all(|&a| self.combat[a as usize][k] == Clash::DefenderWins)
        };
        let moved_allowed = |i: usize, k: u8| !facts[i].moved || self.class[k as usize] != NO_CLASS;
        let mut kinds = known;
        for (i, k) in assign_uniformly(&unknown, &slots, moved_allowed, allowed, rng) {
            kinds[i] = Some(k);
        }
        let mut by_cell = [None; CELLS];
        for (sq, k) in squares.iter().zip(kinds) {
            by_cell[sq.index()] = k;
        }
        Setup::new(self.home[o].iter().map(|s| by_cell[s.index()]).collect())
    }
}

/// What the public history tells of one unknown enemy piece.
#[derive(Clone, Default)]
struct Facts {
    /// It has moved: it is of a kind that moves.
    moved: bool,
    /// It ended a move on the viewer's back row: it is no flag (S12.4).
    not_flag: bool,
    /// It returned a piece: it is no scout (S12.5c).
    not_scout: bool,
    /// It returned a piece (S12.5c).
    marked: bool,
    /// The kinds of the attackers it beat as a silent defender (S12.6).
    beat: Vec<u8>,
}

/// How many draws [`assign_uniformly`] makes before it settles for a matching.
const UNIFORM_TRIES: usize = 64;

/// Hands the kinds of `slots` (one a piece) to `pieces`, uniformly at random
/// over every assignment in which each piece gets a kind it may have
/// (`allowed`), as a search over hidden pieces wants.
///
/// `nested` is the part of `allowed` whose allowed sets are nested (a piece
/// that moved may have any kind that moves; a piece that did not, any kind),
/// which holds in every game without option rules. For nested sets the
/// greedy draw of [`assign`] (most constrained pieces first, each taking a
/// uniformly random free slot it may have) is uniform over the assignments,
/// and it never needs an augmenting path. The other facts (a silent defender
/// beat its attackers, a piece is no flag or no scout) are then met by
/// rejection, which keeps the draw uniform over the assignments that meet
/// them. Only when [`UNIFORM_TRIES`] draws are all rejected does it fall back
/// to a matching over `allowed`, consistent but not uniform.
pub(crate) fn assign_uniformly<R: Rng + ?Sized>(
    pieces: &[usize],
    slots: &[u8],
    nested: impl Fn(usize, u8) -> bool,
    allowed: impl Fn(usize, u8) -> bool,
    rng: &mut R,
) -> Vec<(usize, u8)> {
    if pieces.len() == slots.len() {
        for _ in 0..UNIFORM_TRIES {
            let draw = assign(pieces, slots, &nested, rng);
            if draw.len() == pieces.len() && draw.iter().all(|&(i, k)| allowed(i, k)) {
                return draw;
            }
        }
    }
    assign(pieces, slots, allowed, rng)
}

/// Hands the kinds of `slots` (one a piece) to `pieces` so that every piece
/// gets a kind it may have: a random matching (greedy in random order, most
/// constrained pieces first, completed by augmenting paths). Returns (piece,
/// kind) pairs; a piece no consistent kind fits gets a leftover one.
pub(crate) fn assign<R: Rng + ?Sized>(
    pieces: &[usize],
    slots: &[u8],
    allowed: impl Fn(usize, u8) -> bool,
    rng: &mut R,
) -> Vec<(usize, u8)> {
    const FREE: usize = usize::MAX;
    let m = slots.len();
    let cand: Vec<Vec<usize>> = pieces
        .iter()
        .map(|&i| {
            let mut c: Vec<usize> = (0..m).filter(|&s| allowed(i, slots[s])).collect();
            c.shuffle(rng);
            c
        })
        .collect();
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.shuffle(rng);
    order.sort_by_key(|&p| cand[p].len());
    let mut owner = vec![FREE; m];
    let mut slot_of = vec![FREE; pieces.len()];
    fn augment(
        p: usize,
        cand: &[Vec<usize>],
        owner: &mut [usize],
        slot_of: &mut [usize],
        seen: &mut [bool],
    ) -> bool {
        for &s in &cand[p] {
            if seen[s] {
                continue;
            }
            seen[s] = true;
            if owner[s] == FREE || augment(owner[s], cand, owner, slot_of, seen) {
                owner[s] = p;
                slot_of[p] = s;
                return true;
            }
        }
        false
    }
    for &p in &order {
        if let Some(&s) = cand[p].iter().find(|&&s| owner[s] == FREE) {
            owner[s] = p;
            slot_of[p] = s;
        } else {
            let mut seen = vec![false; m];
            augment(p, &cand, &mut owner, &mut slot_of, &mut seen);
        }
    }
    // Only for a view no game gives: fill in with what is left.
    let mut spare = (0..m).filter(|&s| owner[s] == FREE);
    for slot in slot_of.iter_mut().filter(|s| **s == FREE) {
        if let Some(s) = spare.next() {
            *slot = s;
        }
    }
    (0..pieces.len())
        .filter(|&p| slot_of[p] != FREE)
        .map(|p| (pieces[p], slots[slot_of[p]]))
        .collect()
}
