//! Hand-made positions: a description of a position in play, checked against
//! the rules and made into a [`StrategoState`], in the style of shakmaty's
//! `Setup` → `Position` and cozy-chess's `BoardBuilder`.
//!
//! A [`PositionBuilder`] says what is on the board (each piece's side, kind,
//! what is known of it and where it was set up), what each side has lost,
//! who is to move, and the rule records (S7 series, S8 chases, S12.5
//! returns and a pending step, the counters of S9.5). [`PositionBuilder::build`]
//! checks it against the rules and refuses what no game under them can
//! show with a [`BuildError`] naming the square and the rule;
//! [`PositionBuilder::from_state`] describes any state, and building that
//! description gives a state with the same future (the same legal moves and
//! the same [`Game::state_key`](plateau::Game::state_key)).
//!
//! ```
//! use plateau::{Game, Player, Status};
//! use plateau_stratego::{PositionBuilder, Stratego};
//!
//! let game = Stratego::original();
//! let marshal = game.kind_of_name("marshal").unwrap();
//! let flag = game.kind_of_name("flag").unwrap();
//! let mut b = PositionBuilder::new(Player(0));
//! b.place("e4".parse().unwrap(), Player(0), marshal);
//! b.place("a1".parse().unwrap(), Player(0), flag);
//! b.place("e8".parse().unwrap(), Player(1), marshal);
//! b.place("j10".parse().unwrap(), Player(1), flag);
//! let st = b.build(&game).unwrap();
//! assert_eq!(game.status(&st), Status::ToMove(Player(0)));
//! assert!(game.parse_move(&st, "e4-e5").is_ok());
//!
//! // A piece on a lake is refused, naming the square and the rule.
//! b.place("c5".parse().unwrap(), Player(1), marshal);
//! let err = b.build(&game).unwrap_err().to_string();
//! assert!(err.contains("c5") && err.contains("S1.2"), "{err}");
//! ```

use crate::board::{Square, DIRS};
use crate::chase::Chase;
use crate::params::{Rules, EMPTY, MAX_ARMY, NO_CLASS};
use crate::play::lift_to_tray;
use crate::state::{Event, Pending, StrategoState, BACK_ROW, MARKED, MOVED, REVEALED};
use crate::two_squares::Series;
use crate::Stratego;
use plateau::{Outcome, Player};
use thiserror::Error;

/// A description of a position in play (both sides have set up), to be
/// checked and made into a state by [`PositionBuilder::build`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionBuilder {
    /// The pieces on the board.
    pub pieces: Vec<PlacedPiece>,
    /// Each side's removed pieces (its tray, S5.7), earliest removed first.
    pub removed: [Vec<RemovedPiece>; 2],
    /// The side to act next (after the game: the side that would have).
    pub to_move: Player,
    /// The reconquest step the side to move is to make (S12.5e), if any.
    pub pending_step: Option<PendingStep>,
    /// Each side's last move and series between two squares (S7).
    pub two_squares: [TwoSquares; 2],
    /// Each side's chase (S8).
    pub chases: [ChaseRecord; 2],
    /// Moves of play so far (S9.5).
    pub plies: u32,
    /// Moves of play since the last attack (S9.5).
    pub plies_without_capture: u32,
    /// The returns each side has made (S12.5c).
    pub returns: [u8; 2],
    /// The outcome, if the game is over. When `None`, the rules must not
    /// have ended the game (S9).
    pub outcome: Option<Outcome>,
    /// The last public event, shown by boards and views (S6.3).
    pub last_event: Option<Event>,
}

/// A piece on the board and what is known of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedPiece {
    /// Where it stands.
    pub square: Square,
    /// Its side.
    pub owner: Player,
    /// Its kind (an index into [`Stratego::pieces`]).
    pub kind: u8,
    /// Whether the opponent knows its rank (S6.2).
    pub revealed: bool,
    /// Whether it has moved (S6.2).
    pub moved: bool,
    /// Whether it has returned a removed piece (S12.5c).
    pub marked: bool,
    /// Whether it has ended a move on the opponent's back row (S12.4).
    pub reached_back_row: bool,
    /// The kinds of the attackers it beat as a silent defender (S12.6), a
    /// bit per kind.
    pub beaten: u16,
    /// Where it was set up (S3), if known; it must be a square of its
    /// side's home area. `None`: its square if that is in the home area,
    /// else a free square of the home area.
    pub origin: Option<Square>,
}

/// A removed piece (S5.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovedPiece {
    /// Its kind.
    pub kind: u8,
    /// Whether it had returned a removed piece (S12.5c).
    pub marked: bool,
    /// Where it was set up, as for [`PlacedPiece::origin`].
    pub origin: Option<Square>,
}

/// A side's two-squares series (S7).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TwoSquares {
    /// Where its last move came from (`None`: no move yet).
    pub from: Option<Square>,
    /// Where its last move went.
    pub to: Option<Square>,
    /// Moves in a row of that piece between those two squares; 0 once it
    /// was removed.
    pub count: u8,
}

/// A side's chase (S8).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChaseRecord {
    /// Where its last move ended.
    pub square: Option<Square>,
    /// The enemy pieces next to `square` that move threatened (S8.1).
    pub threatens: Vec<Square>,
    /// Whether a continuous chase is on (S8.2).
    pub active: bool,
    /// The position keys ([`StrategoState::position_key`]) after its moves
    /// in the chase (S8.3).
    pub positions: Vec<u64>,
}

/// A pending reconquest step (S12.5e).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingStep {
    /// Where the arriving piece stands, on the opponent's back row.
    pub square: Square,
    /// The enemy pieces next to it that its move threatened (S8.1).
    pub threatens: Vec<Square>,
    /// Whether S8 judges the step (S12.5f).
    pub judged: bool,
}

/// Which checks [`PositionBuilder::build_with`] makes beyond the board, the
/// kinds and the records (always checked). By default, all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Checks {
    /// A side has no more pieces of a kind, on the board and in its tray,
    /// than its army (S2). Off for rule diagrams that need more (a full
    /// home area of sergeants); a side never has more than
    /// [`MAX_ARMY`](crate::MAX_ARMY) pieces.
    pub army: bool,
    /// Without an outcome, the rules must not have ended the game (S9).
    /// Off for positions where a side has no movable piece left, say, to
    /// see what the rules make of the next move.
    pub end: bool,
}

impl Default for Checks {
    fn default() -> Checks {
        Checks {
            army: true,
            end: true,
        }
    }
}

impl Checks {
    /// Only the board, the kinds and the records: for rule diagrams.
    pub fn diagram() -> Checks {
        Checks {
            army: false,
            end: false,
        }
    }
}

/// Why a description is no position of the rules: the square (or side) and
/// the rule broken.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BuildError {
    /// A square off the board.
    #[error("{square} is off the {files}×{ranks} board (S1.1)")]
    OffBoard {
        /// The square.
        square: Square,
        /// Board width.
        files: u8,
        /// Board height.
        ranks: u8,
    },
    /// A piece on a lake.
    #[error("{square} is a {lake}: no piece may stand there (S1.2)")]
    Lake {
        /// The square.
        square: Square,
        /// What the rules call a lake.
        lake: String,
    },
    /// Two pieces on one square.
    #[error("two pieces on {square}: a square holds one piece (S1.1)")]
    Occupied {
        /// The square.
        square: Square,
    },
    /// A kind number the rules do not have.
    #[error("{at}: there is no piece kind {kind}; the rules have kinds 0 to {last} (S2)")]
    UnknownKind {
        /// Where: a square, or a side's tray.
        at: String,
        /// The kind number.
        kind: u8,
        /// The last kind number.
        last: usize,
    },
    /// More pieces of a kind than the army has.
    #[error(
        "{side} has {found} {name}s on the board and in the tray; the army has {expected} (S2)"
    )]
    TooMany {
        /// The side.
        side: String,
        /// The piece's name.
        name: String,
        /// How many the description gives.
        found: usize,
        /// How many the army has.
        expected: usize,
    },
    /// A piece that never moves said to have moved.
    #[error("{square}: a {name} never moves, so it cannot have moved (S4.5)")]
    FixedMoved {
        /// The square.
        square: Square,
        /// The piece's name.
        name: String,
    },
    /// A set-up square outside the home area, or given twice.
    #[error("{side}'s piece set up on {square}: {problem} (S3.1)")]
    Origin {
        /// The side.
        side: String,
        /// The set-up square.
        square: Square,
        /// What is wrong.
        problem: &'static str,
    },
    /// A reconquest record the rules do not allow.
    #[error("{at}: {problem} (S12.5)")]
    Reconquest {
        /// Where: a square or a side.
        at: String,
        /// What is wrong.
        problem: String,
    },
    /// A two-squares or chase record that does not fit the board.
    #[error("{side}'s {record}: {problem}")]
    Record {
        /// The side.
        side: String,
        /// Which record (`two-squares series (S7)`, `chase (S8)`).
        record: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// No outcome given, but the rules end the game.
    #[error("the game is over ({reason}, S9) but no outcome is given")]
    Undecided {
        /// The reason the rules give (S10).
        reason: String,
    },
}

impl PositionBuilder {
    /// An empty board with `to_move` to move and no records.
    pub fn new(to_move: Player) -> PositionBuilder {
        PositionBuilder {
            pieces: Vec::new(),
            removed: [Vec::new(), Vec::new()],
            to_move,
            pending_step: None,
            two_squares: [TwoSquares::default(); 2],
            chases: [ChaseRecord::default(), ChaseRecord::default()],
            plies: 0,
            plies_without_capture: 0,
            returns: [0; 2],
            outcome: None,
            last_event: None,
        }
    }

    /// Puts a piece of `owner` and `kind` on `square`, unrevealed and
    /// unmoved; the returned piece can be changed further.
    pub fn place(&mut self, square: Square, owner: Player, kind: u8) -> &mut PlacedPiece {
        self.pieces.push(PlacedPiece {
            square,
            owner,
            kind,
            revealed: false,
            moved: false,
            marked: false,
            reached_back_row: false,
            beaten: 0,
            origin: None,
        });
        self.pieces.last_mut().expect("just pushed")
    }

    /// Adds a removed piece of `owner` and `kind` to its tray (the latest
    /// removed).
    pub fn remove(&mut self, owner: Player, kind: u8) -> &mut RemovedPiece {
        let tray = &mut self.removed[owner.index() & 1];
        tray.push(RemovedPiece {
            kind,
            marked: false,
            origin: None,
        });
        tray.last_mut().expect("just pushed")
    }

    /// The description of a state of play: building it gives a state with
    /// the same future. A state still in its setup phase is described as
    /// the position its setups have made so far.
    pub fn from_state(game: &Stratego, st: &StrategoState) -> PositionBuilder {
        let rules = &*game.rules;
        let mut b = PositionBuilder::new(st.to_move);
        for side in 0..2 {
            let base = side * MAX_ARMY;
            let mut gone = Vec::new();
            for id in base..base + st.placed[side] as usize {
                let origin = Square::from_cell(st.origin[id] as usize);
                if st.at[id] == 0 {
                    gone.push((st.gone[id], id));
                    continue;
                }
                b.pieces.push(PlacedPiece {
                    square: Square::from_index(st.at[id] as usize),
                    owner: Player(side as u8),
                    kind: st.kind[id],
                    revealed: st.flags[id] & REVEALED != 0,
                    moved: st.flags[id] & MOVED != 0,
                    marked: st.flags[id] & MARKED != 0,
                    reached_back_row: st.flags[id] & BACK_ROW != 0,
                    beaten: st.beaten[id],
                    origin,
                });
            }
            // The earliest removed first (the removal counter wraps).
            let next = st.removals[side];
            gone.sort_by_key(|&(g, _)| g.wrapping_sub(next));
            b.removed[side] = gone
                .into_iter()
                .map(|(_, id)| RemovedPiece {
                    kind: st.kind[id],
                    marked: st.flags[id] & MARKED != 0,
                    origin: Square::from_cell(st.origin[id] as usize),
                })
                .collect();
            let s = st.series[side];
            b.two_squares[side] = TwoSquares {
                from: Square::from_cell(s.from as usize),
                to: Square::from_cell(s.to as usize),
                count: s.count,
            };
            let c = &st.chase[side];
            b.chases[side] = ChaseRecord {
                square: Square::from_cell(c.square as usize),
                threatens: neighbours(c.square, c.threats),
                active: c.active,
                positions: c.positions.clone(),
            };
        }
        b.pending_step = st.pending.map(|p| PendingStep {
            square: Square::from_index(p.to as usize),
            threatens: neighbours(p.to, p.threats),
            judged: p.judged,
        });
        b.plies = st.plies;
        b.plies_without_capture = st.quiet;
        b.returns = st.returns;
        b.outcome = st.outcome.clone();
        b.last_event = st.last;
        let _ = rules;
        b
    }

    /// Checks the description against the rules and makes the state.
    pub fn build(&self, game: &Stratego) -> Result<StrategoState, BuildError> {
        self.build_with(game, Checks::default())
    }

    /// [`PositionBuilder::build`] with some checks left out (see
    /// [`Checks`]).
    pub fn build_with(&self, game: &Stratego, checks: Checks) -> Result<StrategoState, BuildError> {
        let rules = &*game.rules;
        self.check(rules, checks)?;
        let st = self.assemble(rules);
        if self.outcome.is_none() && checks.end {
            let mover = if st.pending.is_some() {
                st.to_move.index()
            } else {
                1 - st.to_move.index()
            };
            let over = if st.pending.is_some() {
                rules.end_of_move(&st, mover)
            } else {
                rules.end_check(&st, mover, false)
            };
            if let Some(o) = over {
                return Err(BuildError::Undecided {
                    reason: o.reason.to_string(),
                });
            }
        }
        Ok(st)
    }

    /// Everything [`PositionBuilder::build`] refuses, but S9.
    fn check(&self, r: &Rules, checks: Checks) -> Result<(), BuildError> {
        let side_name = |p: Player| r.names[p.index() & 1].clone();
        let on_board = |sq: Square| -> Result<usize, BuildError> {
            if !r.on_board(sq) {
                return Err(BuildError::OffBoard {
                    square: sq,
                    files: r.files,
                    ranks: r.ranks,
                });
            }
            Ok(sq.index())
        };
        let kind_ok = |k: u8, at: String| -> Result<(), BuildError> {
            if (k as usize) < r.kinds.len() {
                Ok(())
            } else {
                Err(BuildError::UnknownKind {
                    at,
                    kind: k,
                    last: r.kinds.len() - 1,
                })
            }
        };
        let mut taken = [false; crate::board::BOARD_LEN];
        let mut counts = [[0usize; crate::params::MAX_KINDS]; 2];
        let mut origins = [[false; crate::board::BOARD_LEN]; 2];
        let mut marks = [0u8; 2];
        let mut check_origin = |side: usize, origin: Option<Square>| -> Result<(), BuildError> {
            let Some(o) = origin else { return Ok(()) };
            let problem = if !r.home[side].contains(&o) || r.is_lake(o) {
                Some("not a square of its home area")
            } else if std::mem::replace(&mut origins[side][o.index()], true) {
                Some("another piece was set up there")
            } else {
                None
            };
            match problem {
                Some(problem) => Err(BuildError::Origin {
                    side: r.names[side].clone(),
                    square: o,
                    problem,
                }),
                None => Ok(()),
            }
        };
        for p in &self.pieces {
            let cell = on_board(p.square)?;
            if r.is_lake(p.square) {
                return Err(BuildError::Lake {
                    square: p.square,
                    lake: r.lake_name.clone(),
                });
            }
            if std::mem::replace(&mut taken[cell], true) {
                return Err(BuildError::Occupied { square: p.square });
            }
            kind_ok(p.kind, p.square.to_string())?;
            let side = p.owner.index() & 1;
            counts[side][p.kind as usize] += 1;
            let name = &r.kinds[p.kind as usize].name;
            if p.moved && r.class[p.kind as usize] == NO_CLASS {
                return Err(BuildError::FixedMoved {
                    square: p.square,
                    name: name.clone(),
                });
            }
            if p.marked {
                marks[side] += 1;
                if r.is_scout[p.kind as usize] {
                    return Err(BuildError::Reconquest {
                        at: p.square.to_string(),
                        problem: format!("a {name} never returns a piece, so it is never marked"),
                    });
                }
            }
            check_origin(side, p.origin)?;
        }
        for side in 0..2 {
            for (i, p) in self.removed[side].iter().enumerate() {
                kind_ok(p.kind, format!("{}'s tray[{i}]", r.names[side]))?;
                counts[side][p.kind as usize] += 1;
                marks[side] += p.marked as u8;
                if p.marked && r.is_scout[p.kind as usize] {
                    // S12.5c: in the tray as on the board.
                    return Err(BuildError::Reconquest {
                        at: format!("{}'s tray[{i}]", r.names[side]),
                        problem: format!(
                            "a {} never returns a piece, so it is never marked",
                            r.kinds[p.kind as usize].name
                        ),
                    });
                }
                check_origin(side, p.origin)?;
            }
            let total: usize = counts[side].iter().sum();
            if total > MAX_ARMY {
                return Err(BuildError::TooMany {
                    side: r.names[side].clone(),
                    name: "piece".into(),
                    found: total,
                    expected: MAX_ARMY,
                });
            }
            for (k, kind) in r.kinds.iter().enumerate() {
                if checks.army && counts[side][k] > kind.count as usize {
                    return Err(BuildError::TooMany {
                        side: r.names[side].clone(),
                        name: kind.name.clone(),
                        found: counts[side][k],
                        expected: kind.count as usize,
                    });
                }
            }
            let who = side_name(Player(side as u8));
            if self.returns[side] > 0 && !r.reconquest {
                return Err(BuildError::Reconquest {
                    at: who,
                    problem: "returns are made only under the reconquest option".into(),
                });
            }
            if self.returns[side] > 2 {
                return Err(BuildError::Reconquest {
                    at: who,
                    problem: format!(
                        "{} returns made; a side makes at most 2",
                        self.returns[side]
                    ),
                });
            }
            if marks[side] > self.returns[side] {
                return Err(BuildError::Reconquest {
                    at: who,
                    problem: format!(
                        "{} marked pieces but {} returns made: each return marks one piece",
                        marks[side], self.returns[side]
                    ),
                });
            }
            let s = &self.two_squares[side];
            let record = "two-squares series (S7)";
            for sq in [s.from, s.to].into_iter().flatten() {
                on_board(sq)?;
            }
            if s.count as u32 > r.two_square_limit.max(1) as u32 && r.two_square_limit > 0 {
                return Err(BuildError::Record {
                    side: who,
                    record,
                    problem: format!(
                        "{} moves in a row; the limit is {} (S7.1)",
                        s.count, r.two_square_limit
                    ),
                });
            }
            if s.count > 0 {
                let holds = s.to.is_some_and(|to| {
                    self.pieces
                        .iter()
                        .any(|p| p.square == to && p.owner.index() & 1 == side)
                });
                if !holds || s.from.is_none() {
                    return Err(BuildError::Record {
                        side: who,
                        record,
                        problem: "a series goes on only while its piece stands where its last move ended (S7.2)".into(),
                    });
                }
            }
            let c = &self.chases[side];
            if let Some(sq) = c.square {
                on_board(sq)?;
            }
            for t in &c.threatens {
                if !c.square.is_some_and(|sq| adjacent(sq, *t)) {
                    return Err(BuildError::Record {
                        side: who,
                        record: "chase (S8)",
                        problem: format!("{t} is not next to where its last move ended (S8.1)"),
                    });
                }
            }
        }
        if let Some(p) = &self.pending_step {
            let side = self.to_move.index() & 1;
            let at = p.square.to_string();
            if !r.reconquest {
                return Err(BuildError::Reconquest {
                    at,
                    problem: "a step is pending only under the reconquest option".into(),
                });
            }
            let piece = self
                .pieces
                .iter()
                .find(|q| q.square == p.square && q.owner.index() & 1 == side);
            if piece.is_none() || p.square.rank() != r.back_rank[side] {
                return Err(BuildError::Reconquest {
                    at,
                    problem: format!(
                        "a step follows a move of {}'s piece to the opponent's back row (S12.5e)",
                        r.names[side]
                    ),
                });
            }
            for t in &p.threatens {
                if !adjacent(p.square, *t) {
                    return Err(BuildError::Reconquest {
                        at: t.to_string(),
                        problem: format!("not next to the arriving piece on {}", p.square),
                    });
                }
            }
        }
        Ok(())
    }

    /// The state described, unchecked (the description must be checked, or
    /// come from a view of a real game).
    pub(crate) fn assemble(&self, r: &Rules) -> StrategoState {
        let mut st = StrategoState::empty(r);
        st.setups_done = 2;
        st.to_move = Player((self.to_move.index() & 1) as u8);
        // Set-up squares: the ones given, then for each piece its own square
        // if free in the home area, then any free square of the home area.
        let mut used = [[false; crate::board::BOARD_LEN]; 2];
        for p in &self.pieces {
            if let Some(o) = p.origin {
                used[p.owner.index() & 1][o.index()] = true;
            }
        }
        for (side, tray) in self.removed.iter().enumerate() {
            for p in tray {
                if let Some(o) = p.origin {
                    used[side][o.index()] = true;
                }
            }
        }
        let mut free_origin = |side: usize, here: Option<Square>| -> u8 {
            if let Some(sq) = here {
                if r.home[side].contains(&sq) && !used[side][sq.index()] {
                    used[side][sq.index()] = true;
                    return sq.index() as u8;
                }
            }
            match r.home[side]
                .iter()
                .find(|sq| !r.is_lake(**sq) && !used[side][sq.index()])
            {
                Some(sq) => {
                    used[side][sq.index()] = true;
                    sq.index() as u8
                }
                None => 0,
            }
        };
        let mut origin_of = Vec::with_capacity(self.pieces.len());
        for p in &self.pieces {
            origin_of.push(match p.origin {
                Some(o) => o.index() as u8,
                None => free_origin(p.owner.index() & 1, Some(p.square)),
            });
        }
        for (p, &origin) in self.pieces.iter().zip(&origin_of) {
            let side = p.owner.index() & 1;
            if st.placed[side] as usize >= MAX_ARMY || st.board[p.square.index()] != EMPTY {
                continue;
            }
            let id = side * MAX_ARMY + st.placed[side] as usize;
            r.place(&mut st, side, p.kind, p.square.index());
            st.origin[id] = origin;
            st.flags[id] = (p.revealed as u8 * REVEALED)
                | (p.moved as u8 * MOVED)
                | (p.marked as u8 * MARKED)
                | (p.reached_back_row as u8 * BACK_ROW);
            st.beaten[id] = p.beaten;
        }
        for side in 0..2 {
            for p in &self.removed[side] {
                if st.placed[side] as usize >= MAX_ARMY {
                    break;
                }
                let id = side * MAX_ARMY + st.placed[side] as usize;
                st.placed[side] += 1;
                st.kind[id] = p.kind;
                st.origin[id] = match p.origin {
                    Some(o) => o.index() as u8,
                    None => free_origin(side, None),
                };
                st.flags[id] = REVEALED | (p.marked as u8 * MARKED);
                lift_to_tray(&mut st, id, side, NO_CLASS, false);
            }
            let s = &self.two_squares[side];
            st.series[side] = Series {
                from: s.from.map_or(0, |q| q.index() as u8),
                to: s.to.map_or(0, |q| q.index() as u8),
                count: s.count,
            };
            let c = &self.chases[side];
            let square = c.square.map_or(0, |q| q.index() as u8);
            st.chase[side] = Chase {
                square,
                threats: threat_bits(square, &c.threatens),
                active: c.active,
                positions: c.positions.clone(),
            };
        }
        st.pending = self.pending_step.as_ref().and_then(|p| {
            let cell = p.square.index();
            let piece = st.board[cell];
            (piece != EMPTY && piece != crate::params::BLOCKED).then(|| {
                let id = piece as usize - 1;
                Pending {
                    piece: id as u8,
                    to: cell as u8,
                    threats: threat_bits(cell as u8, &p.threatens),
                    judged: p.judged,
                    skip_only: r.is_scout[st.kind[id] as usize],
                }
            })
        });
        st.plies = self.plies;
        st.quiet = self.plies_without_capture;
        st.returns = self.returns;
        st.outcome = self.outcome.clone();
        st.last = self.last_event;
        st
    }
}

/// Whether two squares are side by side (S4.2).
fn adjacent(a: Square, b: Square) -> bool {
    a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank()) == 1
}

/// The squares next to `cell` in the directions of `mask` (a bit per
/// direction of [`DIRS`]).
pub(crate) fn neighbours(cell: u8, mask: u8) -> Vec<Square> {
    DIRS.iter()
        .enumerate()
        .filter(|(d, _)| mask & (1 << d) != 0)
        .filter_map(|(_, off)| Square::from_cell((cell as isize + off) as usize))
        .collect()
}

/// The direction bits of `DIRS` from `cell` to each of `squares` next to it.
pub(crate) fn threat_bits(cell: u8, squares: &[Square]) -> u8 {
    let mut mask = 0;
    for sq in squares {
        for (d, off) in DIRS.iter().enumerate() {
            if (cell as isize + off) as usize == sq.index() {
                mask |= 1 << d;
            }
        }
    }
    mask
}
