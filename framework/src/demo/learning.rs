//! The [`Learning`] interface of the demo games, the smallest examples of an
//! action space and an observation.

use super::{Nim, NimState, Secret, SecretMove, SecretState, SecretView};
use crate::learning::Learning;
use crate::{Game, Player};

/// Nim: action `i` takes `i + 1` stones. The observation holds two values:
/// the stones left and the number of the player to move.
impl Learning for Nim {
    fn num_distinct_actions(&self) -> usize {
        self.params().max_take as usize
    }
    fn action_id(&self, _state: &NimState, mv: &u32) -> Option<usize> {
        (1..=self.params().max_take)
            .contains(mv)
            .then(|| *mv as usize - 1)
    }
    fn action_notation(&self, _state: &NimState, id: usize) -> Option<String> {
        (id < self.num_distinct_actions()).then(|| (id + 1).to_string())
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![2]
    }
    fn observation_layout(&self) -> Vec<String> {
        vec![
            "[0]: the stones left".into(),
            "[1]: the number of the player to move".into(),
        ]
    }
    fn write_observation(&self, view: &NimState, _viewer: Player, out: &mut [f32]) {
        out[0] = view.pile as f32;
        out[1] = f32::from(view.to_move.0);
    }
}

/// Secret: action `i` guesses `i + 1`; the setup (choosing one's number) is
/// outside the action space. The observation holds 28 values: the viewer's
/// number one-hot (`[0..9]`), whether the opponent has chosen (`[9]`), the
/// viewer's guesses (`[10..19]`) and the opponent's guesses (`[19..28]`).
impl Learning for Secret {
    fn num_distinct_actions(&self) -> usize {
        9
    }
    fn action_id(&self, _state: &SecretState, mv: &SecretMove) -> Option<usize> {
        match mv {
            SecretMove::Guess(n @ 1..=9) => Some(*n as usize - 1),
            _ => None,
        }
    }
    fn action_notation(&self, _state: &SecretState, id: usize) -> Option<String> {
        (id < 9).then(|| format!("guess {}", id + 1))
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![28]
    }
    fn observation_layout(&self) -> Vec<String> {
        vec![
            "[0..9]: the viewer's own number, one-hot".into(),
            "[9]: 1 if the opponent has chosen its number".into(),
            "[10..19]: the numbers the viewer has guessed".into(),
            "[19..28]: the numbers the opponent has guessed".into(),
        ]
    }
    fn write_observation(&self, view: &SecretView, _viewer: Player, out: &mut [f32]) {
        if let Some(n @ 1..=9) = view.own {
            out[n as usize - 1] = 1.0;
        }
        out[9] = f32::from(u8::from(view.opponent_ready));
        for &(guesser, n) in &view.guesses {
            if (1..=9).contains(&n) {
                let base = if guesser == view.player { 10 } else { 19 };
                out[base + n as usize - 1] = 1.0;
            }
        }
    }
}
