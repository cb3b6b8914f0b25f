//! The learned evaluation (`eval=learned`): a small network over the pits,
//! trained by `scripts/train-eval.py` to give the value a deeper alpha-beta
//! search finds (weights in `weights/eval-mlp.json`, read once), for the
//! standard 48 stones. Other stone counts fall back to the hand evaluation
//! (the `eval` module).

use crate::board::PITS;
use crate::state::HusState;
use plateau::nn::Shipped;
use plateau::Player;

/// The scale of a pit's stones in the network's input (the training
/// script's `HOUSE_SCALE`).
pub const PIT_SCALE: f32 = 8.0;
/// Inputs: the mover's 16 pits, then the opponent's (index order, H1.4).
pub const INPUTS: usize = 2 * PITS;

/// The shipped network.
static NETWORK: Shipped = Shipped::new(include_str!("../weights/eval-mlp.json"), INPUTS);

/// Whether the network was trained for these rules' stones.
pub(crate) fn covers(total_stones: u32) -> bool {
    total_stones == 48
}

/// The network's input for `state`, from the side to move: its pits in
/// index order, then the opponent's.
pub fn features(state: &HusState) -> [f32; INPUTS] {
    let mover = state.to_move();
    let mut x = [0f32; INPUTS];
    for (k, side) in [mover, mover.opponent()].into_iter().enumerate() {
        for (i, n) in state.pits(side).iter().enumerate() {
            x[k * PITS + i] = f32::from(*n) / PIT_SCALE;
        }
    }
    x
}

/// The learned value of a position in play for `player`, in `[-0.99,
/// 0.99]`.
pub(crate) fn evaluate(state: &HusState, player: Player) -> f64 {
    NETWORK.value(
        &features(state),
        player.index() & 1 == state.to_move().index() & 1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Hus;
    use plateau::{Game, SearchHooks};

    /// The training script's positions, inputs and values.
    #[test]
    fn the_forward_pass_equals_the_training_scripts() {
        let hus = Hus::standard();
        let fixtures =
            plateau::nn::Fixture::read_all(include_str!("../weights/eval-mlp-fixtures.json"))
                .unwrap();
        assert!(fixtures.len() >= 8);
        for f in &fixtures {
            let row = |side: &str| -> [u8; 16] { f.row(side).try_into().unwrap() };
            let state = hus
                .position(row("south"), row("north"), f.to_move())
                .unwrap();
            f.check(NETWORK.net(), &features(&state)).unwrap();
            if state.end().is_none() {
                let v = hus.evaluate_with(1, &state, f.to_move());
                assert!((v - f.value.clamp(-0.99, 0.99)).abs() < 1e-5);
                assert_eq!(hus.evaluate_with(1, &state, f.to_move().opponent()), -v);
            }
        }
    }

    #[test]
    fn learned_is_offered_and_a_seeded_search_with_it_is_deterministic() {
        let hus = Hus::standard();
        assert_eq!(hus.evaluations(), &["hand", "learned"]);
        let state = hus.initial_state(0);
        let choose = || {
            let mut agent =
                plateau::ai::agent_for(&hus, "alphabeta:iters=20000,eval=learned", 5).unwrap();
            let c = plateau::ai::choose_at(agent.as_mut(), &hus, &state).unwrap();
            (c.mv, c.analysis.value)
        };
        assert_eq!(choose(), choose());
    }
}
