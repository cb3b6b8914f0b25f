//! What each player sees (S6), and determinization: drawing a full state
//! consistent with everything a player knows.

use crate::board::{self, Square, CELLS};
use crate::combat::Clash;
use crate::params::{Movement, Rules, MAX_ARMY};
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
    /// The squares the opponent set up pieces on, once it has.
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
        StrategoView {
            viewer,
            status,
            files: self.files,
            ranks: self.ranks,
            squares: board::squares(self.files, self.ranks)
                .map(|sq| ViewSquare::of(self, st, sq, viewer))
                .collect(),
            trays: [
                st.tray[0][..self.kinds.len()].to_vec(),
                st.tray[1][..self.kinds.len()].to_vec(),
            ],
            history: st.history.clone(),
            own_setup: setup_done(v).then(|| self.setup_of(st, v)),
            opponent_setup: setup_done(1 - v).then(|| {
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
    /// (S6): the opponent's unknown pieces get the kinds not yet accounted for
    /// by revealed pieces and the tray, pieces that moved get kinds that move,
    /// and the public history is replayed on the drawn setups.
    pub(crate) fn determinize<R: Rng + ?Sized>(
        &self,
        view: &StrategoView,
        rng: &mut R,
    ) -> StrategoState {
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
        let mut st = StrategoState::empty(&self.template);
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
                    && player == st.to_move
                    && crate::movegen::holds(
                        st.board[from.index()],
                        crate::movegen::first_cell(player.index()),
                    )
                    && self.class[st.kind[st.board[from.index()] as usize - 1] as usize]
                        != crate::params::NO_CLASS
                    && self.on_board(to)
                    && !crate::movegen::holds(
                        st.board[to.index()],
                        crate::movegen::first_cell(player.index()),
                    )
                    && st.board[to.index()] != crate::params::BLOCKED =>
                {
                    self.apply_step(&mut st, from.index(), to.index());
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
        let mut known: Vec<Option<u8>> = vec![None; n];
        let mut moved = vec![false; n];
        let at = |ident: &[usize; CELLS], sq: Square| {
            let i = ident[sq.index()];
            (i < n).then_some(i)
        };
        // Follow the opponent's pieces through the public history.
        for event in &view.history {
            let Event::Move {
                player,
                from,
                to,
                revealed,
                combat,
            } = *event
            else {
                continue;
            };
            if player.index() == o {
                let Some(i) = at(&ident, from) else { continue };
                moved[i] = true;
                if revealed.is_some() {
                    known[i] = revealed;
                }
                ident[from.index()] = usize::MAX;
                match combat {
                    None => ident[to.index()] = i,
                    Some(c) => {
                        known[i] = Some(c.attacker);
                        if c.result == Clash::AttackerWins {
                            ident[to.index()] = i;
                        }
                    }
                }
            } else if let Some(c) = combat {
                if let Some(j) = at(&ident, to) {
                    if c.defender.is_some() {
                        known[j] = c.defender;
                    }
                    if c.result != Clash::DefenderWins {
                        ident[to.index()] = usize::MAX;
                    }
                }
            }
        }
        // What is left to hand out.
        let mut left: Vec<usize> = self.kinds.iter().map(|k| k.count as usize).collect();
        for k in known.iter().flatten() {
            if let Some(c) = left.get_mut(*k as usize) {
                *c = c.saturating_sub(1);
            }
        }
        let mut fixed_pool = Vec::new();
        let mut moving_pool = Vec::new();
        for (k, &c) in left.iter().enumerate() {
            let pool = if self.kinds[k].moves == Movement::Fixed {
                &mut fixed_pool
            } else {
                &mut moving_pool
            };
            pool.extend(std::iter::repeat_n(k as u8, c));
        }
        fixed_pool.shuffle(rng);
        moving_pool.shuffle(rng);
        // Fixed kinds go to unknown pieces that never moved; the rest to the others.
        let mut unmoved: Vec<usize> = (0..n)
            .filter(|&i| known[i].is_none() && !moved[i])
            .collect();
        unmoved.shuffle(rng);
        let mut kinds = known.clone();
        for &i in &unmoved {
            if let Some(k) = fixed_pool.pop() {
                kinds[i] = Some(k);
            }
        }
        for kind in kinds.iter_mut().filter(|k| k.is_none()) {
            *kind = moving_pool.pop().or_else(|| fixed_pool.pop());
        }
        let mut by_cell = [None; CELLS];
        for (sq, k) in squares.iter().zip(kinds) {
            by_cell[sq.index()] = k;
        }
        Setup::new(self.home[o].iter().map(|s| by_cell[s.index()]).collect())
    }
}
