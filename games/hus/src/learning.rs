//! The action space and observation of Hus for learning code
//! ([`plateau::learning::Learning`]).
//!
//! - Actions: 16, action `i` is the pit of index `i` in index form (H1.4) on
//!   the mover's side, so the same id is the same pit of whoever moves:
//!   `0` = `a8`, …, `7` = `a1`, `8` = `b1`, …, `15` = `b8`.
//! - Observation: shape `[3, 16]`, from the viewer's side: plane 0 the
//!   stones in the viewer's pits, plane 1 the stones in the opponent's pits
//!   (both in index form, each player's own naming), plane 2 all ones when
//!   the viewer is to move. Hus has no hidden information.

use crate::board::{Pit, PITS};
use crate::state::{HusState, HusView};
use crate::Hus;
use plateau::learning::Learning;
use plateau::Player;

impl Learning for Hus {
    fn num_distinct_actions(&self) -> usize {
        PITS
    }
    fn action_id(&self, _state: &HusState, mv: &Pit) -> Option<usize> {
        Some(mv.index())
    }
    fn action_notation(&self, _state: &HusState, id: usize) -> Option<String> {
        Pit::new(id).map(|pit| pit.to_string())
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![3, PITS]
    }
    fn observation_layout(&self) -> Vec<String> {
        vec![
            "plane 0: stones in the viewer's pits, index form a8..a1 b1..b8 (H1.4)".into(),
            "plane 1: stones in the opponent's pits, index form (its own naming)".into(),
            "plane 2: all ones when the viewer is to move".into(),
        ]
    }
    fn write_observation(&self, view: &HusView, _viewer: Player, out: &mut [f32]) {
        let viewer = view.seat.player();
        let state = &view.state;
        for (i, n) in state.pits(viewer).into_iter().enumerate() {
            out[i] = f32::from(n);
        }
        for (i, n) in state.pits(viewer.opponent()).into_iter().enumerate() {
            out[PITS + i] = f32::from(n);
        }
        if state.to_move() == viewer && state.end().is_none() {
            out[2 * PITS..3 * PITS].fill(1.0);
        }
    }
}
