//! The action space and observation of Stratego for learning code
//! ([`plateau::learning::Learning`]).
//!
//! Squares are numbered `rank * files + file` (`a1` = 0, `b1` = 1, …), with
//! `cells = files * ranks` (100 on the standard board) and `kinds` the
//! number of kinds of piece under the rules (strongest first, as
//! [`Stratego::pieces`]).
//!
//! - Actions (`cells² + kinds * cells + 1` in all):
//!   - `from * cells + to`: the step or attack `from-to` (S4, S5);
//!   - `cells² + kind * cells + square`: `return KIND SQUARE` (S12.5);
//!   - `cells² + kinds * cells`: `skip` (S12.5d).
//!
//!   A setup (S3) is free-form and has no action id: while
//!   [`plateau::FreeFormMoves::moves_enumerable`] is false the legal ids are empty,
//!   and the setup is played as text (`state.random_move(seed)`, an agent or
//!   a person's `setup ROWS`).
//! - Observation: shape `[4 * kinds + 8, ranks, files]`, board planes seen
//!   by the viewer (rank 1 first, file `a` first) and never anything hidden
//!   from it:
//!   - planes `0..kinds`: the viewer's pieces by kind;
//!   - planes `kinds..2 * kinds`: the opponent's revealed pieces by kind;
//!   - plane `2 * kinds`: the opponent's unrevealed pieces;
//!   - plane `2 * kinds + 1`: the opponent's pieces that have moved;
//!   - plane `2 * kinds + 2`: the viewer's pieces the opponent knows;
//!   - plane `2 * kinds + 3`: the viewer's pieces that have moved;
//!   - plane `2 * kinds + 4`: lakes;
//!   - plane `2 * kinds + 5`: empty squares;
//!   - plane `2 * kinds + 6`: all ones when the viewer is to move;
//!   - plane `2 * kinds + 7`: all ones when the side to move is to make the
//!     step of reconquest (S12.5);
//!   - planes `2 * kinds + 8..3 * kinds + 8`: the viewer's removed pieces of
//!     each kind, as a fraction of that kind's count (a constant plane);
//!   - planes `3 * kinds + 8..4 * kinds + 8`: the opponent's removed pieces
//!     of each kind, likewise.

use crate::notation::Move;
use crate::view::{StrategoView, ViewSquare};
use crate::{Square, Stratego, StrategoState};
use plateau::learning::Learning;
use plateau::{Game, Player, Status};

impl Stratego {
    fn cells(&self) -> usize {
        self.rules.files as usize * self.rules.ranks as usize
    }

    fn cell_of(&self, sq: Square) -> usize {
        sq.rank() as usize * self.rules.files as usize + sq.file() as usize
    }

    fn square_of(&self, cell: usize) -> Option<Square> {
        let files = self.rules.files as usize;
        (cell < self.cells()).then(|| Square::new((cell % files) as u8, (cell / files) as u8))?
    }
}

impl Learning for Stratego {
    fn num_distinct_actions(&self) -> usize {
        let cells = self.cells();
        cells * cells + self.rules.kinds.len() * cells + 1
    }

    fn action_id(&self, _state: &StrategoState, mv: &Move) -> Option<usize> {
        let cells = self.cells();
        match mv {
            Move::Setup(_) => None,
            Move::Step { from, to } => Some(self.cell_of(*from) * cells + self.cell_of(*to)),
            Move::Return { kind, square } => {
                Some(cells * cells + *kind as usize * cells + self.cell_of(*square))
            }
            Move::Skip => Some(cells * cells + self.rules.kinds.len() * cells),
        }
    }

    fn action_notation(&self, _state: &StrategoState, id: usize) -> Option<String> {
        let cells = self.cells();
        let kinds = self.rules.kinds.len();
        let mv = if id < cells * cells {
            Move::Step {
                from: self.square_of(id / cells)?,
                to: self.square_of(id % cells)?,
            }
        } else if id < cells * cells + kinds * cells {
            let rest = id - cells * cells;
            Move::Return {
                kind: (rest / cells) as u8,
                square: self.square_of(rest % cells)?,
            }
        } else if id == cells * cells + kinds * cells {
            Move::Skip
        } else {
            return None;
        };
        Some(self.format_move(&mv))
    }

    fn observation_shape(&self) -> Vec<usize> {
        let kinds = self.rules.kinds.len();
        vec![
            4 * kinds + 8,
            self.rules.ranks as usize,
            self.rules.files as usize,
        ]
    }

    fn observation_layout(&self) -> Vec<String> {
        let kinds = &self.rules.kinds;
        let k = kinds.len();
        let mut lines = Vec::new();
        for (i, kind) in kinds.iter().enumerate() {
            lines.push(format!("plane {i}: the viewer's {}s", kind.name));
        }
        for (i, kind) in kinds.iter().enumerate() {
            lines.push(format!(
                "plane {}: the opponent's revealed {}s",
                k + i,
                kind.name
            ));
        }
        lines.push(format!("plane {}: the opponent's unrevealed pieces", 2 * k));
        lines.push(format!(
            "plane {}: the opponent's pieces that have moved",
            2 * k + 1
        ));
        lines.push(format!(
            "plane {}: the viewer's pieces the opponent knows",
            2 * k + 2
        ));
        lines.push(format!(
            "plane {}: the viewer's pieces that have moved",
            2 * k + 3
        ));
        lines.push(format!("plane {}: lakes", 2 * k + 4));
        lines.push(format!("plane {}: empty squares", 2 * k + 5));
        lines.push(format!(
            "plane {}: all ones when the viewer is to move",
            2 * k + 6
        ));
        lines.push(format!(
            "plane {}: all ones when a step of reconquest is pending (S12.5)",
            2 * k + 7
        ));
        for (whose, first) in [("viewer", 2 * k + 8), ("opponent", 3 * k + 8)] {
            for (i, kind) in kinds.iter().enumerate() {
                lines.push(format!(
                    "plane {}: the {whose}'s removed {}s, a fraction of {}",
                    first + i,
                    kind.name,
                    kind.count
                ));
            }
        }
        lines
    }

    fn write_observation(&self, view: &StrategoView, _viewer: Player, out: &mut [f32]) {
        let k = self.rules.kinds.len();
        let (files, ranks) = (view.files as usize, view.ranks as usize);
        let plane = files * ranks;
        let mut set = |p: usize, cell: usize| out[p * plane + cell] = 1.0;
        for (cell, square) in view.squares.iter().enumerate().take(plane) {
            match *square {
                ViewSquare::Empty => set(2 * k + 5, cell),
                ViewSquare::Lake => set(2 * k + 4, cell),
                ViewSquare::Own {
                    kind,
                    moved,
                    revealed,
                } => {
                    if (kind as usize) < k {
                        set(kind as usize, cell);
                    }
                    if revealed {
                        set(2 * k + 2, cell);
                    }
                    if moved {
                        set(2 * k + 3, cell);
                    }
                }
                ViewSquare::Opponent { kind, moved } => {
                    match kind {
                        Some(kind) if (kind as usize) < k => set(k + kind as usize, cell),
                        _ => set(2 * k, cell),
                    }
                    if moved {
                        set(2 * k + 1, cell);
                    }
                }
            }
        }
        let mut fill = |p: usize, value: f32| out[p * plane..(p + 1) * plane].fill(value);
        if view.status == Status::ToMove(view.viewer) {
            fill(2 * k + 6, 1.0);
        }
        if view.step_pending() {
            fill(2 * k + 7, 1.0);
        }
        let viewer = view.viewer.index() & 1;
        for (side, base) in [(viewer, 2 * k + 8), (1 - viewer, 3 * k + 8)] {
            for (i, kind) in self.rules.kinds.iter().enumerate() {
                let removed = view.trays[side].get(i).copied().unwrap_or(0);
                if kind.count > 0 && removed > 0 {
                    fill(base + i, f32::from(removed) / f32::from(kind.count));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::MAX_ARMY;
    use crate::state::{MARKED, MOVED, REVEALED};
    use plateau::rand::seq::SliceRandom;
    use plateau::{rules, RulesSpec};

    fn observation(game: &Stratego, state: &StrategoState, viewer: Player) -> Vec<f32> {
        let mut out = vec![0.0; game.observation_shape().iter().product()];
        game.write_observation(&game.view(state, viewer), viewer, &mut out);
        out
    }

    fn legal_ids(game: &Stratego, state: &StrategoState) -> Vec<usize> {
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        moves
            .iter()
            .filter_map(|m| game.action_id(state, m))
            .collect()
    }

    /// S6: permuting the opponent's pieces that the viewer has never seen
    /// (unrevealed, never moved, never attacked) in its setup, and replaying
    /// the same moves, changes neither the viewer's view nor its observation
    /// tensor nor its legal action ids, at any point of the game.
    #[test]
    fn s6_unseen_pieces_permuted_leave_the_observation_unchanged() {
        let mut cases = 0;
        for variant in ["original", "barrage"] {
            let game: Stratego = rules::load(&RulesSpec::variant(variant)).unwrap().game;
            for seed in 0..4u64 {
                let mut rng = plateau::rng(seed);
                let mut state = game.initial_state(seed);
                let mut moves = Vec::new();
                for plies in [0usize, 30, 120] {
                    while !game.status(&state).is_over() && moves.len() < plies + 2 {
                        let mv = game.random_move(&state, &mut rng).unwrap();
                        game.apply(&mut state, &mv);
                        moves.push(mv);
                    }
                    for viewer in [Player(0), Player(1)] {
                        let side = viewer.opponent().index();
                        let Move::Setup(setup) = &moves[side] else {
                            unreachable!("the first two moves are the setups (S3)")
                        };
                        // Cells the viewer's pieces stepped onto: an attacked
                        // piece is out of the permutation even if unrevealed.
                        let mut attacked = [false; 256];
                        let mut replay = game.initial_state(seed);
                        for mv in &moves {
                            if let (Move::Step { to, .. }, true) = (mv, replay.to_move == viewer) {
                                let cell = replay.board[to.index()];
                                attacked[cell as usize] = cell != 0;
                            }
                            game.apply_unchecked(&mut replay, mv);
                        }
                        let base = side * MAX_ARMY;
                        let unseen: Vec<usize> = (base..base + state.placed[side] as usize)
                            .filter(|&id| {
                                state.flags[id] & (REVEALED | MARKED | MOVED) == 0
                                    && state.at[id] != 0
                                    && !attacked[id + 1]
                            })
                            .collect();
                        let home = game.home_area(viewer.opponent());
                        let places: Vec<usize> = unseen
                            .iter()
                            .map(|&id| {
                                home.iter()
                                    .position(|s| s.index() == state.origin[id] as usize)
                                    .unwrap()
                            })
                            .collect();
                        let mut kinds: Vec<Option<u8>> = setup.kinds().collect();
                        let mut shuffled: Vec<Option<u8>> =
                            places.iter().map(|&i| kinds[i]).collect();
                        shuffled.shuffle(&mut rng);
                        if places.iter().zip(&shuffled).all(|(&i, k)| kinds[i] == *k) {
                            continue; // nothing moved: no case
                        }
                        for (&i, k) in places.iter().zip(shuffled) {
                            kinds[i] = k;
                        }
                        let mut other = game.initial_state(seed);
                        let mut real = game.initial_state(seed);
                        for (i, mv) in moves.iter().enumerate() {
                            let mv = if i == side {
                                Move::Setup(crate::Setup::new(kinds.clone()))
                            } else {
                                *mv
                            };
                            game.apply_unchecked(&mut other, &mv);
                            game.apply_unchecked(&mut real, &moves[i]);
                            {
                                assert_eq!(game.view(&real, viewer), game.view(&other, viewer));
                                assert_eq!(
                                    observation(&game, &real, viewer),
                                    observation(&game, &other, viewer),
                                    "{variant} seed {seed} move {i}"
                                );
                                if real.to_move == viewer {
                                    assert_eq!(legal_ids(&game, &real), legal_ids(&game, &other));
                                }
                            }
                        }
                        // The opponent itself sees the difference.
                        assert_ne!(
                            observation(&game, &real, viewer.opponent()),
                            observation(&game, &other, viewer.opponent())
                        );
                        cases += 1;
                    }
                }
            }
        }
        assert!(cases >= 30, "{cases} cases");
    }
}
