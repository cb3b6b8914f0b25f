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
//!   [`plateau::Game::moves_enumerable`] is false the legal ids are empty,
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
        for (i, kind) in kinds.iter().enumerate() {
            lines.push(format!(
                "plane {}: the viewer's removed {}s, a fraction of {}",
                2 * k + 8 + i,
                kind.name,
                kind.count
            ));
        }
        for (i, kind) in kinds.iter().enumerate() {
            lines.push(format!(
                "plane {}: the opponent's removed {}s, a fraction of {}",
                3 * k + 8 + i,
                kind.name,
                kind.count
            ));
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
