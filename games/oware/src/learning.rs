//! The action space and observation of Oware for learning code
//! ([`plateau::learning::Learning`]).
//!
//! - Actions: one per house of a row (6 under the standard rules); action
//!   `i` sows the mover's house `i` counted from the mover's left, so the
//!   same id is the same house of whoever moves (South writes it `A`, `B`,
//!   …, North `a`, `b`, …; [`Learning::action_notation`] gives the
//!   mover's letter, [`Learning::action_name`] South's). This is OpenSpiel's numbering of `oware`.
//! - Observation: shape `[5, houses]`, from the viewer's side: plane 0 the
//!   seeds in the viewer's houses (from its left), plane 1 the seeds in the
//!   opponent's houses (from the opponent's left), plane 2 all equal to the
//!   viewer's store, plane 3 all equal to the opponent's store, plane 4 all
//!   ones when the viewer is to move. Oware has no hidden information.

use crate::board::House;
use crate::state::{OwareState, OwareView};
use crate::Oware;
use plateau::learning::Learning;
use plateau::{Game, Player};

impl Learning for Oware {
    fn num_distinct_actions(&self) -> usize {
        self.houses()
    }
    fn action_id(&self, _state: &OwareState, mv: &House) -> Option<usize> {
        (mv.index() < self.houses()).then(|| mv.index())
    }
    fn action_notation(&self, state: &OwareState, id: usize) -> Option<String> {
        if id >= self.houses() {
            return None;
        }
        House::new(state.to_move(), id).map(|h| self.format_move(&h))
    }
    fn action_name(&self, id: usize) -> Option<String> {
        if id >= self.houses() {
            return None;
        }
        House::new(Player(0), id).map(|h| self.format_move(&h))
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![5, self.houses()]
    }
    fn observation_layout(&self) -> Vec<String> {
        vec![
            "plane 0: seeds in the viewer's houses, from its left".into(),
            "plane 1: seeds in the opponent's houses, from its left".into(),
            "plane 2: the viewer's store (every value)".into(),
            "plane 3: the opponent's store (every value)".into(),
            "plane 4: all ones when the viewer is to move".into(),
        ]
    }
    fn write_observation(&self, view: &OwareView, _viewer: Player, out: &mut [f32]) {
        let h = self.houses();
        let viewer = view.seat.player();
        let state = &view.state;
        for (i, n) in state.row(viewer).into_iter().take(h).enumerate() {
            out[i] = f32::from(n);
        }
        for (i, n) in state.row(viewer.opponent()).into_iter().take(h).enumerate() {
            out[h + i] = f32::from(n);
        }
        out[2 * h..3 * h].fill(state.store(viewer) as f32);
        out[3 * h..4 * h].fill(state.store(viewer.opponent()) as f32);
        if state.to_move() == viewer && state.end().is_none() {
            out[4 * h..5 * h].fill(1.0);
        }
    }
}
