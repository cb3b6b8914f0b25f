//! What a side knows of a game played over the protocol, kept from the
//! manager's lines alone: its own pieces, where the enemy's stand and what
//! combat and long moves revealed of them, the removed pieces. It gives the
//! side's [`StrategoView`], the same view Plateau's referee would give it
//! (the tests check this on random games), so that any agent can play.

use super::text::{Outcome, UccMove, UccRules, SIZE};
use crate::board::{self, Square};
use crate::setup::Setup;
use crate::state::{Combat, Event};
use crate::two_squares::Series;
use crate::view::{ChaseView, Clue, SeriesView, StrategoView, ViewSquare};
use crate::{Clash, Stratego};
use plateau::{Player, Status};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Lake,
    Piece {
        owner: Player,
        /// Known for the side's own pieces; for the enemy's once revealed.
        kind: Option<u8>,
        moved: bool,
        revealed: bool,
        /// It ended a move on its opponent's back row (S12.4's clue).
        back_row: bool,
    },
}

/// A side's knowledge of the game, from the protocol's lines.
#[derive(Clone, Debug)]
pub(crate) struct Observer {
    game: Stratego,
    ucc: UccRules,
    me: Player,
    cells: Vec<Cell>,
    trays: [Vec<u8>; 2],
    plies: u32,
    quiet: u32,
    last: Option<Event>,
    setup: Setup,
    opponent_setup: Vec<Square>,
    series: [Series; 2],
}

fn at(sq: Square) -> usize {
    sq.rank() as usize * SIZE as usize + sq.file() as usize
}

impl Observer {
    /// The start of play: `me`'s setup, and the enemy's pieces on
    /// `opponent_squares` (unknown, unmoved).
    pub(crate) fn new(
        game: &Stratego,
        ucc: &UccRules,
        me: Player,
        setup: &Setup,
        opponent_squares: &[Square],
    ) -> Observer {
        let mut cells = vec![Cell::Empty; SIZE as usize * SIZE as usize];
        for lake in game.lakes() {
            cells[at(*lake)] = Cell::Lake;
        }
        for (i, sq) in game.home_area(me).iter().enumerate() {
            if let Some(kind) = setup.kind(i) {
                cells[at(*sq)] = Cell::Piece {
                    owner: me,
                    kind: Some(kind),
                    moved: false,
                    revealed: false,
                    back_row: false,
                };
            }
        }
        for sq in opponent_squares {
            cells[at(*sq)] = Cell::Piece {
                owner: me.opponent(),
                kind: None,
                moved: false,
                revealed: false,
                back_row: false,
            };
        }
        let mut opponent_setup = opponent_squares.to_vec();
        opponent_setup.sort_unstable_by_key(|s| s.index());
        let kinds = game.pieces().len();
        Observer {
            game: game.clone(),
            ucc: ucc.clone(),
            me,
            cells,
            trays: [vec![0; kinds], vec![0; kinds]],
            plies: 0,
            quiet: 0,
            // The second side's setup was the last thing done (S3.2).
            last: Some(Event::Setup { player: Player(1) }),
            setup: *setup,
            opponent_setup,
            series: [Series::default(); 2],
        }
    }

    /// The enemy's squares before its first move, from the board shown
    /// after it (`rows`) and that move: where a `#` stands, less where the
    /// move went, plus where it came from.
    pub(crate) fn squares_before(
        rows: &[String],
        first: Option<(UccMove, Outcome)>,
    ) -> Vec<Square> {
        let mut squares: Vec<Square> = enemy_squares(rows);
        if let Some((mv, _)) = first {
            if let Some(to) = mv.to() {
                squares.retain(|s| *s != to);
            }
            squares.push(mv.from());
        }
        squares
    }

    /// Plays a move the manager reported, of `mover`; the error names what
    /// does not fit what the side knows.
    pub(crate) fn apply(
        &mut self,
        mover: Player,
        mv: UccMove,
        outcome: Outcome,
    ) -> Result<(), String> {
        let from = mv.from();
        let to = mv
            .to()
            .ok_or_else(|| format!("the move '{mv}' leaves the board"))?;
        let Cell::Piece {
            owner,
            kind,
            revealed,
            back_row,
            ..
        } = self.cells[at(from)]
        else {
            return Err(format!(
                "the move '{mv}' starts on {from}, where no piece stands"
            ));
        };
        if owner != mover {
            return Err(format!("the move '{mv}' moves a piece of the other side"));
        }
        let far = from.distance(to) > 1;
        let side = mover.index();
        let opp = 1 - side;
        let check = |told: u8, known: Option<u8>, whose: &str| -> Result<(), String> {
            match known {
                Some(k) if k != told => Err(format!(
                    "the outcome of '{mv}' gives the {whose} rank {}, known to be {}",
                    self.ucc.token(told),
                    self.ucc.token(k)
                )),
                _ => Ok(()),
            }
        };
        let defender = self.cells[at(to)];
        let mut combat = None;
        let mut shown = None;
        let survived = match outcome {
            Outcome::Ok | Outcome::VictoryFlag | Outcome::VictoryAttrition
                if !matches!(defender, Cell::Piece { .. }) =>
            {
                let mut kind = kind;
                let mut revealed = revealed;
                if far {
                    kind = kind.or(self.ucc.far_mover);
                    revealed = true;
                    shown = kind;
                }
                self.cells[at(to)] = Cell::Piece {
                    owner: mover,
                    kind,
                    moved: true,
                    revealed,
                    back_row,
                };
                self.quiet += 1;
                true
            }
            Outcome::Kills(a, d) | Outcome::Dies(a, d) | Outcome::BothDie(a, d) => {
                let Cell::Piece {
                    owner: d_owner,
                    kind: d_kind,
                    moved: d_moved,
                    back_row: d_back_row,
                    ..
                } = defender
                else {
                    return Err(format!(
                        "'{mv}' is reported as an attack on the empty square {to}"
                    ));
                };
                if d_owner == mover {
                    return Err(format!("'{mv}' is reported as an attack on its own piece"));
                }
                check(a, kind, "attacker's")?;
                check(d, d_kind, "defender's")?;
                let result = match outcome {
                    Outcome::Kills(..) => Clash::AttackerWins,
                    Outcome::Dies(..) => Clash::DefenderWins,
                    _ => Clash::BothRemoved,
                };
                combat = Some(Combat {
                    attacker: a,
                    defender: Some(d),
                    result,
                });
                self.quiet = 0;
                let attacker_wins = result == Clash::AttackerWins;
                if result != Clash::DefenderWins {
                    self.trays[opp][d as usize] += 1;
                    self.series[opp].piece_removed_at(to.index() as u8);
                    self.cells[at(to)] = Cell::Empty;
                } else {
                    self.cells[at(to)] = Cell::Piece {
                        owner: d_owner,
                        kind: Some(d),
                        moved: d_moved,
                        revealed: true,
                        back_row: d_back_row,
                    };
                }
                if attacker_wins {
                    self.cells[at(to)] = Cell::Piece {
                        owner: mover,
                        kind: Some(a),
                        moved: true,
                        revealed: true,
                        back_row,
                    };
                } else {
                    self.trays[side][a as usize] += 1;
                }
                attacker_wins
            }
            Outcome::Illegal => return Err(format!("the manager refused the move '{mv}'")),
            _ => {
                return Err(format!(
                    "'{mv}' is reported as a plain move onto the occupied square {to}"
                ))
            }
        };
        self.cells[at(from)] = Cell::Empty;
        if survived && to.rank() == self.game.rules.back_rank[side] {
            if let Cell::Piece { back_row, .. } = &mut self.cells[at(to)] {
                // S12.4: it is no flag; the referee keeps the clue.
                *back_row = true;
            }
        }
        self.series[side].record(from.index() as u8, to.index() as u8, survived);
        self.plies += 1;
        self.last = Some(Event::Move {
            player: mover,
            from,
            to,
            revealed: shown,
            combat,
        });
        Ok(())
    }

    /// The board rows the manager should show this side now.
    pub(crate) fn rows(&self) -> Vec<String> {
        self.ucc.board_rows(&self.view())
    }

    /// The side's view, as Plateau's referee would give it, for its move.
    pub(crate) fn view(&self) -> StrategoView {
        let rules = &self.game.rules;
        let square = |sq: Square| match self.cells[at(sq)] {
            Cell::Empty => ViewSquare::Empty,
            Cell::Lake => ViewSquare::Lake,
            Cell::Piece {
                owner,
                kind,
                moved,
                revealed,
                ..
            } if owner == self.me => ViewSquare::Own {
                kind: kind.unwrap_or(0),
                moved,
                revealed,
            },
            Cell::Piece {
                kind,
                moved,
                revealed,
                ..
            } => ViewSquare::Opponent {
                kind: kind.filter(|_| revealed),
                moved,
            },
        };
        let clues = board::squares(rules.files, rules.ranks)
            .filter_map(|sq| match self.cells[at(sq)] {
                Cell::Piece { back_row: true, .. } => Some(Clue {
                    square: sq,
                    marked: false,
                    reached_back_row: true,
                    beat: Vec::new(),
                }),
                _ => None,
            })
            .collect();
        let kinds = rules.kinds.len();
        StrategoView {
            viewer: self.me,
            status: Status::ToMove(self.me),
            to_move: self.me,
            files: rules.files,
            ranks: rules.ranks,
            squares: board::squares(rules.files, rules.ranks)
                .map(square)
                .collect(),
            trays: self.trays.clone(),
            marked_in_trays: [vec![0; kinds], vec![0; kinds]],
            clues,
            last_event: self.last,
            setups_done: 2,
            own_setup: Some(self.setup),
            opponent_setup: Some(self.opponent_setup.clone()),
            pending_step: None,
            two_squares: self.series.map(|s| SeriesView {
                from: Square::from_cell(s.from as usize),
                to: Square::from_cell(s.to as usize),
                count: s.count,
            }),
            chases: [ChaseView::default(), ChaseView::default()],
            returns: [0, 0],
            plies: self.plies,
            plies_without_capture: self.quiet,
        }
    }
}

/// The squares shown as `#` in board rows.
pub(crate) fn enemy_squares(rows: &[String]) -> Vec<Square> {
    let mut squares = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == '#' {
                if let Some(sq) = Square::new(x as u8, y as u8) {
                    squares.push(sq);
                }
            }
        }
    }
    squares
}
