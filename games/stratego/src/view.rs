//! What each player sees (S6), and determinization: drawing a full state
//! consistent with everything a player knows.

use crate::board::{self, Square, CELLS};
use crate::builder::{
    neighbours, ChaseRecord, PendingStep, PlacedPiece, PositionBuilder, RemovedPiece, TwoSquares,
};
use crate::combat::Clash;
use crate::params::{Rules, BLOCKED, EMPTY, MAX_ARMY, NO_CLASS};
use crate::setup::Setup;
use crate::setup_prior::{Belief, SetupPrior};
use crate::state::{Event, StrategoState, BACK_ROW, MARKED};
use crate::threat::Threat;
use plateau::rand::seq::SliceRandom;
use plateau::rand::Rng;
use plateau::{Player, Status};
use serde::{Deserialize, Serialize};

/// A player's view of a game (S6): their own pieces fully, the opponent's as
/// squares with what is known of them, the trays, the public records of the
/// rules and the last public event.
///
/// It is bounded by the board: the public history (every event) is the
/// record's, replayed; a view carries what the history publicly proved about
/// each piece ([`StrategoView::clues`]) and the last event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrategoView {
    /// The player whose view this is.
    pub viewer: Player,
    /// Whose turn it is, or the outcome.
    pub status: Status,
    /// The side to act next (after the game: the side that would have).
    pub to_move: Player,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Every square, rank 1 first, each rank from file `a`.
    pub squares: Vec<ViewSquare>,
    /// Removed pieces of each side, counted by kind (S5.7).
    pub trays: [Vec<u8>; 2],
    /// Removed pieces of each side that had returned one, counted by kind
    /// (S12.5c).
    pub marked_in_trays: [Vec<u8>; 2],
    /// What the public history proved about pieces on the board beyond
    /// their squares (marks, S12.4, S12.6), for pieces it proved anything
    /// about.
    pub clues: Vec<Clue>,
    /// The last public event (S6.3): a setup, a move with what it revealed,
    /// a return or a skip.
    pub last_event: Option<Event>,
    /// Setups made (S3.2): 0, 1, or 2 once play has begun.
    pub setups_done: u8,
    /// The viewer's own setup, once made.
    pub own_setup: Option<Setup>,
    /// The squares the opponent set up pieces on, once both sides have set
    /// up (S3.2: the side that sets up second sees nothing of the first
    /// side's setup while making its own).
    pub opponent_setup: Option<Vec<Square>>,
    /// The reconquest step the side to move is to make (S12.5e), if any;
    /// for the opponent's step, only its square (what its move threatened
    /// tells whether the mover is a mobile bomb, S12.3).
    pub pending_step: Option<PendingView>,
    /// Each side's two-squares series (S7), first side first.
    pub two_squares: [SeriesView; 2],
    /// The viewer's own chase (S8), without its positions (their keys would
    /// tell hidden ranks); the opponent's is left empty, as its threats tell
    /// whether its last mover is a mobile bomb or flag (S12.3, S12.4).
    pub chases: [ChaseView; 2],
    /// The returns each side has made (S12.5c).
    pub returns: [u8; 2],
    /// Moves of play so far.
    pub plies: u32,
    /// Moves of play since the last attack.
    pub plies_without_capture: u32,
}

/// What the public history proved about a piece on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clue {
    /// Where it stands.
    pub square: Square,
    /// It returned a removed piece (S12.5c): it is marked, and no scout.
    pub marked: bool,
    /// It ended a move on its opponent's back row: it is no flag (S12.4).
    pub reached_back_row: bool,
    /// The kinds of the attackers it beat as a silent defender (S12.6).
    pub beat: Vec<u8>,
}

/// A side's two-squares series (S7) as everyone sees it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesView {
    /// Where its last move came from.
    pub from: Option<Square>,
    /// Where it went.
    pub to: Option<Square>,
    /// Moves in a row of that piece between those squares.
    pub count: u8,
}

/// A side's chase (S8) as everyone sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaseView {
    /// Where its last move ended.
    pub square: Option<Square>,
    /// The enemy pieces that move threatened (S8.1).
    pub threatens: Vec<Square>,
    /// Whether a continuous chase is on (S8.2).
    pub active: bool,
}

/// A pending reconquest step (S12.5e) as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingView {
    /// Where the arriving piece stands.
    pub square: Square,
    /// The enemy pieces its move threatened (S8.1).
    pub threatens: Vec<Square>,
    /// Whether S8 judges the step (S12.5f).
    pub judged: bool,
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
        self.pending_step.is_some()
    }

    /// The returns a side has made (S12.5c).
    pub fn returns(&self, player: Player) -> usize {
        self.returns[player.index() & 1] as usize
    }

    /// Whether the setup phase is on (S3.2).
    pub fn in_setup(&self) -> bool {
        self.setups_done < 2
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
        let in_setup = st.in_setup();
        let trays = |marked: bool| {
            [0, 1].map(|side| {
                if !marked {
                    return st.tray[side][..self.kinds.len()].to_vec();
                }
                let mut counts = vec![0u8; self.kinds.len()];
                let base = side * MAX_ARMY;
                for id in base..base + st.placed[side] as usize {
                    if st.at[id] == 0 && st.flags[id] & MARKED != 0 {
                        counts[st.kind[id] as usize] += 1;
                    }
                }
                counts
            })
        };
        let mut clues = Vec::new();
        if !in_setup {
            for sq in board::squares(self.files, self.ranks) {
                let cell = st.board[sq.index()];
                if cell == EMPTY || cell == BLOCKED {
                    continue;
                }
                let id = cell as usize - 1;
                let marked = st.flags[id] & MARKED != 0;
                let back_row = st.flags[id] & BACK_ROW != 0;
                if marked || back_row || st.beaten[id] != 0 {
                    clues.push(Clue {
                        square: sq,
                        marked,
                        reached_back_row: back_row,
                        beat: (0..self.kinds.len() as u8)
                            .filter(|k| st.beaten[id] & (1 << k) != 0)
                            .collect(),
                    });
                }
            }
        }
        StrategoView {
            viewer,
            status,
            to_move: st.to_move,
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
            trays: trays(false),
            marked_in_trays: trays(true),
            clues,
            last_event: st.last,
            setups_done: st.setups_done,
            own_setup: st.has_set_up(viewer).then(|| self.setup_of(st, v)),
            opponent_setup: (!in_setup).then(|| {
                let mut origins: Vec<u8> = (0..st.placed[1 - v] as usize)
                    .map(|i| st.origin[(1 - v) * MAX_ARMY + i])
                    .collect();
                origins.sort_unstable();
                origins
                    .into_iter()
                    .map(|c| Square::from_index(c as usize))
                    .collect()
            }),
            // What a move threatened (S8.1) depends on whether the mover is a
            // mobile bomb or flag (S12.3, S12.4: it threatens nothing), so the
            // opponent's threats, and what follows from them, are its own.
            pending_step: st.pending.map(|p| {
                let own = st.to_move == viewer;
                PendingView {
                    square: Square::from_index(p.to as usize),
                    threatens: if own {
                        neighbours(p.to, p.threats)
                    } else {
                        Vec::new()
                    },
                    judged: own && p.judged,
                }
            }),
            two_squares: st.series.map(|s| SeriesView {
                from: Square::from_cell(s.from as usize),
                to: Square::from_cell(s.to as usize),
                count: s.count,
            }),
            chases: [0, 1].map(|side| {
                let c = &st.chase[side];
                if side != v {
                    return ChaseView::default();
                }
                ChaseView {
                    square: Square::from_cell(c.square as usize),
                    threatens: neighbours(c.square, c.threats),
                    active: c.active,
                }
            }),
            returns: st.returns,
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
        Setup::new(self.home[side].iter().map(|s| at[s.index()]))
    }

    /// Draws a full state consistent with everything the view's player knows
    /// (S6), without replaying any history: the opponent's unknown pieces
    /// get the kinds not yet accounted for by revealed pieces and the trays,
    /// each a kind the public record allows it (a piece that moved is of a
    /// kind that moves; a silent defender that won beats its attackers,
    /// S12.6; a marked piece is no scout, S12.5c; a piece that stood on the
    /// viewer's back row is no mobile flag, S12.4), uniformly over those
    /// assignments (see [`assign_uniformly`]) among the ones under which the
    /// rules end the game as the view shows (S9: both sides keep a movable
    /// piece and the side to move a legal move while play goes on). Other
    /// draws are rejected; after [`DETERMINIZE_TRIES`] rejections an exact
    /// search takes over (each unknown piece forced to each kind it may
    /// have, the others matched), so a view of a real game always gets a
    /// consistent state. Where people's setups give a prior
    /// ([`SetupPrior`]), each draw is first moved towards it (see
    /// [`Rules::try_determinize`]).
    ///
    /// What the view does not show is not drawn: the positions of a chase in
    /// progress (S8.3, keys of hidden ranks) and the opponent's chase and
    /// the threats of its pending step (they tell mobile bombs and flags
    /// apart, S12.3, S12.4). A drawn state keeps the viewer's chase square,
    /// threats and activity, with its list of positions afresh, and gives
    /// the opponent no chase in progress.
    pub(crate) fn determinize<R: Rng + ?Sized>(
        &self,
        view: &StrategoView,
        rng: &mut R,
    ) -> StrategoState {
        self.determinize_with(view, Belief::ALL[0].1, rng)
    }

    /// [`Rules::determinize`] under `belief`.
    pub(crate) fn determinize_with<R: Rng + ?Sized>(
        &self,
        view: &StrategoView,
        belief: Belief,
        rng: &mut R,
    ) -> StrategoState {
        match self.try_determinize_with(view, belief, rng) {
            Ok(st) => st,
            Err(st) => *st,
        }
    }

    /// [`Rules::determinize`], telling apart a consistent state (`Ok`) from
    /// the best effort for a view no game under these rules gives (`Err`).
    ///
    /// With a [`SetupPrior`] for these rules, each uniform draw of the
    /// opponent's unknown ranks is then moved towards the prior
    /// ([`crate::setup_prior::Lean::lean`]): the unknown flag is drawn where people put
    /// theirs more often than where chance would. (Before the opponent has
    /// set up, its setup is drawn uniformly.)
    #[cfg(test)]
    pub(crate) fn try_determinize<R: Rng + ?Sized>(
        &self,
        view: &StrategoView,
        rng: &mut R,
    ) -> Result<StrategoState, Box<StrategoState>> {
        self.try_determinize_with(view, Belief::ALL[0].1, rng)
    }

    /// [`Rules::try_determinize`] under `belief`: [`Belief::Uniform`] keeps
    /// the uniform draw, [`Belief::Army`] leans it towards people's whole
    /// army and how their pieces move ([`crate::setup_prior::Lean::lean`]).
    pub(crate) fn try_determinize_with<R: Rng + ?Sized>(
        &self,
        view: &StrategoView,
        belief: Belief,
        rng: &mut R,
    ) -> Result<StrategoState, Box<StrategoState>> {
        let v = view.viewer.index() & 1;
        let o = 1 - v;
        let own_setup = view
            .own_setup
            .filter(|s| self.check_setup(Player(v as u8), s).is_ok());
        if view.in_setup() {
            let mut st = StrategoState::empty(self);
            for side in 0..view.setups_done as usize {
                let setup = match own_setup {
                    Some(s) if side == v => s,
                    _ => self.random_setup(Player(side as u8), rng),
                };
                self.apply_setup(&mut st, &setup);
            }
            st.last = view.last_event;
            let ok = self.ends_as_shown(&st, &view.status);
            return if ok { Ok(st) } else { Err(Box::new(st)) };
        }
        let (b, unknown, slots) = self.describe_view(view, own_setup, v, o);
        let facts = |i: usize| &b.pieces[i];
        let moves_ok = |i: usize, k: u8| !facts(i).moved || self.class[k as usize] != NO_CLASS;
        let allowed = |i: usize, k: u8| {
            let p = facts(i);
            let k = k as usize;
            moves_ok(i, k as u8)
                && !(p.reached_back_row && self.is_flag[k])
                && !(p.marked && self.is_scout[k])
                && (0..self.kinds.len())
                    .filter(|a| p.beaten & (1 << a) != 0)
                    .all(|a| self.combat[a][k] == Clash::DefenderWins)
        };
        let make = |draw: &[(usize, u8)]| {
            let mut b = b.clone();
            for &(i, k) in draw {
                b.pieces[i].kind = k;
            }
            b.assemble(self)
        };
        let mut last = None;
        // The moves the opponent has made (the first side moves first).
        let opponent_moves = (view.plies + (o == 0) as u32) / 2;
        let lean = SetupPrior::for_rules(self)
            .filter(|_| belief != Belief::Uniform)
            .map(|prior| prior.lean_for(self, &b.pieces, o, belief, opponent_moves));
        let threat = (belief == Belief::Threat)
            .then(|| Threat::of_view(self, view, &b.pieces))
            .flatten();
        for _ in 0..DETERMINIZE_TRIES {
            let mut draw = assign_uniformly(&unknown, &slots, moves_ok, allowed, rng);
            if let Some(lean) = &lean {
                lean.lean(&mut draw, allowed, rng);
            }
            if let Some(threat) = &threat {
                threat.lean(&mut draw, allowed, rng);
            }
            let st = make(&draw);
            if draw.iter().all(|&(i, k)| allowed(i, k)) && self.ends_as_shown(&st, &view.status) {
                return Ok(st);
            }
            last = Some(st);
        }
        // The exact search: no movable piece at all for the opponent's
        // unknown pieces, or each unknown piece forced to each movable kind
        // it may have, the others matched.
        let immobile = |i: usize, k: u8| allowed(i, k) && !self.movable[k as usize];
        let draw = assign(&unknown, &slots, immobile, rng);
        if draw.iter().all(|&(i, k)| immobile(i, k)) {
            let st = make(&draw);
            if self.ends_as_shown(&st, &view.status) {
                return Ok(st);
            }
        }
        let mut order: Vec<usize> = (0..unknown.len()).collect();
        order.shuffle(rng);
        for u in order {
            let i = unknown[u];
            let mut kinds: Vec<usize> = (0..slots.len())
                .filter(|&s| self.movable[slots[s] as usize] && allowed(i, slots[s]))
                .collect();
            kinds.sort_by_key(|&s| slots[s]);
            kinds.dedup_by_key(|s| slots[*s]);
            kinds.shuffle(rng);
            for s in kinds {
                let rest: Vec<usize> = unknown.iter().copied().filter(|&j| j != i).collect();
                let mut rest_slots = slots.clone();
                rest_slots.remove(s);
                let mut draw = assign(&rest, &rest_slots, allowed, rng);
                draw.push((i, slots[s]));
                if draw.len() == unknown.len() && draw.iter().all(|&(i, k)| allowed(i, k)) {
                    let st = make(&draw);
                    if self.ends_as_shown(&st, &view.status) {
                        return Ok(st);
                    }
                }
            }
        }
        Err(Box::new(last.unwrap_or_else(|| make(&[]))))
    }

    /// The view as a position, the opponent's unknown pieces given kind 0:
    /// the description, the indices of the unknown pieces in it, and the
    /// kinds left for them (one a piece).
    fn describe_view(
        &self,
        view: &StrategoView,
        own_setup: Option<Setup>,
        v: usize,
        o: usize,
    ) -> (PositionBuilder, Vec<usize>, Vec<u8>) {
        let mut b = PositionBuilder::new(view.to_move);
        // The viewer's set-up squares by kind.
        let mut own_origins: Vec<Vec<Square>> = vec![Vec::new(); self.kinds.len()];
        if let Some(setup) = own_setup {
            for (k, sq) in setup.kinds().zip(&self.home[v]) {
                if let Some(k) = k {
                    own_origins[k as usize].push(*sq);
                }
            }
        }
        let mut left: Vec<usize> = self.kinds.iter().map(|k| k.count as usize).collect();
        let mut unknown = Vec::new();
        for sq in board::squares(self.files, self.ranks) {
            let (owner, kind, moved, revealed) = match view.square(sq) {
                Some(ViewSquare::Own {
                    kind,
                    moved,
                    revealed,
                }) => (v, kind, moved, revealed),
                Some(ViewSquare::Opponent { kind, moved }) => {
                    match kind {
                        Some(k) => {
                            if let Some(n) = left.get_mut(k as usize) {
                                *n = n.saturating_sub(1);
                            }
                        }
                        None => unknown.push(b.pieces.len()),
                    }
                    (o, kind.unwrap_or(0), moved, kind.is_some())
                }
                _ => continue,
            };
            let clue = view.clues.iter().find(|c| c.square == sq);
            let origin = if owner == v {
                own_origins.get_mut(kind as usize).and_then(Vec::pop)
            } else {
                None
            };
            b.pieces.push(PlacedPiece {
                square: sq,
                owner: Player(owner as u8),
                kind,
                revealed,
                moved,
                marked: clue.is_some_and(|c| c.marked),
                reached_back_row: clue.is_some_and(|c| c.reached_back_row),
                beaten: clue.map_or(0, |c| c.beat.iter().fold(0, |m, &k| m | 1 << (k & 15))),
                origin,
            });
        }
        for side in 0..2 {
            for (k, &n) in view.trays[side].iter().enumerate() {
                let marked = view.marked_in_trays[side].get(k).copied().unwrap_or(0);
                for i in 0..n {
                    b.removed[side].push(RemovedPiece {
                        kind: k as u8,
                        marked: i < marked,
                        origin: if side == v {
                            own_origins[k].pop()
                        } else {
                            None
                        },
                    });
                }
                if side == o {
                    left[k] = left[k].saturating_sub(n as usize);
                }
            }
        }
        // The opponent's set-up squares, handed out in order: which of its
        // pieces started where is no secret, but nothing depends on it.
        if let Some(origins) = &view.opponent_setup {
            let mut origins = origins.iter().copied();
            for p in b.pieces.iter_mut().filter(|p| p.owner.index() == o) {
                p.origin = origins.next();
            }
            for p in b.removed[o].iter_mut() {
                p.origin = origins.next();
            }
        }
        b.pending_step = view.pending_step.as_ref().map(|p| PendingStep {
            square: p.square,
            threatens: p.threatens.clone(),
            judged: p.judged,
        });
        b.two_squares = view.two_squares.map(|s| TwoSquares {
            from: s.from,
            to: s.to,
            count: s.count,
        });
        b.chases = [0, 1].map(|side| {
            let c = &view.chases[side];
            ChaseRecord {
                square: c.square,
                threatens: c.threatens.clone(),
                active: c.active,
                positions: Vec::new(),
            }
        });
        b.plies = view.plies;
        b.plies_without_capture = view.plies_without_capture;
        b.returns = view.returns;
        b.outcome = match &view.status {
            Status::Over(o) => Some(o.clone()),
            Status::ToMove(_) => None,
        };
        b.last_event = view.last_event;
        let slots = left
            .iter()
            .enumerate()
            .flat_map(|(k, &c)| std::iter::repeat_n(k as u8, c))
            .collect();
        (b, unknown, slots)
    }

    /// Whether the rules end (or go on with) the game in `st` as `status`
    /// shows (S9): the end a drawn state must agree with, since S9.2–S9.4
    /// depend on hidden ranks.
    pub(crate) fn ends_as_shown(&self, st: &StrategoState, status: &Status) -> bool {
        let to_move = st.to_move.index();
        match status {
            Status::ToMove(p) => {
                st.outcome.is_none()
                    && *p == st.to_move
                    && if st.pending.is_some() {
                        self.end_of_move(st, to_move).is_none()
                    } else if st.in_setup() {
                        true
                    } else {
                        self.end_check(st, 1 - to_move, false).is_none()
                    }
            }
            Status::Over(o) => match o.reason.as_ref() {
                crate::NO_MOVABLE_PIECES | crate::NO_LEGAL_MOVE | crate::MOVE_CAP => {
                    self.end_check(st, 1 - to_move, false).as_ref() == Some(o)
                }
                _ => true,
            },
        }
    }
}

/// How many uniform draws [`Rules::determinize`] rejects before its exact search.
const DETERMINIZE_TRIES: usize = 32;

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
