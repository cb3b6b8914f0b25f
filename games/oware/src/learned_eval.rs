//! The learned evaluation (`eval=learned`): a small network over the
//! houses and stores, trained by `scripts/train-eval.py` to give the value
//! a deeper alpha-beta search finds (weights in `weights/eval-mlp.json`,
//! read once), for the standard board of 6 houses and 48 seeds. Other
//! boards fall back to the hand evaluation ([`crate::eval`]).

use crate::board::{seeds_at, Layout};
use crate::state::OwareState;
use plateau::nn::Shipped;
use plateau::Player;

/// The scale of a house's seeds in the network's input (the training
/// script's `HOUSE_SCALE`).
pub const HOUSE_SCALE: f32 = 12.0;
/// The scale of a store's seeds (its `STORE_SCALE`).
pub const STORE_SCALE: f32 = 24.0;
/// Inputs: the mover's 6 houses, the opponent's 6, the two stores.
pub const INPUTS: usize = 14;

/// The shipped network.
static NETWORK: Shipped = Shipped::new(include_str!("../weights/eval-mlp.json"), INPUTS);

/// Whether the network was trained for this board.
pub(crate) fn covers(layout: &Layout) -> bool {
    layout.houses == 6 && layout.total == 48
}

/// The network's input for `state`, from the side to move: its houses
/// (leftmost first), the opponent's, its store, the opponent's.
pub fn features(state: &OwareState) -> [f32; INPUTS] {
    let mover = state.to_move();
    let mut x = [0f32; INPUTS];
    for (k, side) in [mover, mover.opponent()].into_iter().enumerate() {
        let start = usize::from(side.0 & 1) * 6;
        for j in 0..6 {
            x[k * 6 + j] = f32::from(seeds_at(state.board, start + j)) / HOUSE_SCALE;
        }
        x[12 + k] = state.store(side) as f32 / STORE_SCALE;
    }
    x
}

/// The learned value of a position in play for `player`, in `[-0.99,
/// 0.99]` like the hand evaluation's.
pub(crate) fn evaluate(state: &OwareState, player: Player) -> f64 {
    NETWORK.value(&features(state), player.0 & 1 == state.to_move().0 & 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Oware;
    use plateau::{Game, SearchHooks};

    /// The training script's positions, inputs and values.
    #[test]
    fn the_forward_pass_equals_the_training_scripts() {
        let oware = Oware::standard();
        let fixtures =
            plateau::nn::Fixture::read_all(include_str!("../weights/eval-mlp-fixtures.json"))
                .unwrap();
        assert!(fixtures.len() >= 8);
        for f in &fixtures {
            let store = |side: &str| f.state["stores"][side].as_u64().unwrap() as u8;
            let state = oware
                .position(
                    &f.row("south"),
                    &f.row("north"),
                    [store("south"), store("north")],
                    f.to_move(),
                )
                .unwrap();
            f.check(NETWORK.net(), &features(&state)).unwrap();
            if state.end().is_none() {
                let v = oware.evaluate_with(1, &state, f.to_move());
                assert!((v - f.value.clamp(-0.99, 0.99)).abs() < 1e-5);
                assert_eq!(oware.evaluate_with(1, &state, f.to_move().opponent()), -v);
            }
        }
    }

    #[test]
    fn learned_is_offered_and_a_seeded_search_with_it_is_deterministic() {
        let oware = Oware::standard();
        assert_eq!(oware.evaluations(), &["hand", "learned"]);
        let state = oware.initial_state(0);
        let choose = || {
            let mut agent =
                plateau::ai::agent_for(&oware, "alphabeta:iters=20000,eval=learned", 5).unwrap();
            let c = plateau::ai::choose_at(agent.as_mut(), &oware, &state).unwrap();
            (c.mv, c.analysis.value)
        };
        assert_eq!(choose(), choose());
        let e = plateau::ai::agent_for(&oware, "alphabeta:eval=deep", 5)
            .err()
            .unwrap();
        assert!(e.to_string().contains("hand, learned"), "{e}");
    }
}
