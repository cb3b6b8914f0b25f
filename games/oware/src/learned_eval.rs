//! The learned evaluation (`eval=learned`): a small network over the
//! houses and stores, trained by `scripts/train-eval.py` to give the value
//! a deeper alpha-beta search finds (weights in `weights/eval-mlp.json`,
//! read once), for the standard board of 6 houses and 48 seeds. Other
//! boards fall back to the hand evaluation ([`crate::eval`]).

use crate::board::{seeds_at, Layout};
use crate::state::OwareState;
use plateau::nn::Mlp;
use plateau::Player;
use std::sync::OnceLock;

/// The scale of a house's seeds in the network's input (the training
/// script's `HOUSE_SCALE`).
pub const HOUSE_SCALE: f32 = 12.0;
/// The scale of a store's seeds (its `STORE_SCALE`).
pub const STORE_SCALE: f32 = 24.0;
/// Inputs: the mover's 6 houses, the opponent's 6, the two stores.
pub const INPUTS: usize = 14;

/// The shipped network.
fn network() -> &'static Mlp {
    static NET: OnceLock<Mlp> = OnceLock::new();
    NET.get_or_init(|| {
        let net = Mlp::from_json(include_str!("../weights/eval-mlp.json"))
            .expect("the shipped network is read by the tests");
        assert_eq!(net.inputs(), INPUTS, "the shipped network's inputs");
        net
    })
}

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
/// 0.99]` like the hand evaluation's: the network's value for the side to
/// move, negated for the other.
pub(crate) fn evaluate(state: &OwareState, player: Player) -> f64 {
    let v = f64::from(network().forward(&features(state))).clamp(-0.99, 0.99);
    if player.0 & 1 == state.to_move().0 & 1 {
        v
    } else {
        -v
    }
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
        let fixtures: serde_json::Value =
            serde_json::from_str(include_str!("../weights/eval-mlp-fixtures.json")).unwrap();
        let fixtures = fixtures.as_array().unwrap();
        assert!(fixtures.len() >= 8);
        for f in fixtures {
            let s = &f["state"];
            let row = |side: &str| -> Vec<u8> {
                s[side]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap() as u8)
                    .collect()
            };
            let store = |side: &str| s["stores"][side].as_u64().unwrap() as u8;
            let to_move = if s["to_move"] == "south" {
                Player(0)
            } else {
                Player(1)
            };
            let state = oware
                .position(
                    &row("south"),
                    &row("north"),
                    [store("south"), store("north")],
                    to_move,
                )
                .unwrap();
            let input: Vec<f32> = f["input"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap() as f32)
                .collect();
            assert_eq!(features(&state).to_vec(), input, "{s}");
            let expected = f["value"].as_f64().unwrap();
            let got = f64::from(network().forward(&input));
            assert!((got - expected).abs() < 1e-5, "{got} {expected}");
            let mover = state.to_move();
            if state.end().is_none() {
                let v = oware.evaluate_with(1, &state, mover);
                assert!((v - expected.clamp(-0.99, 0.99)).abs() < 1e-5);
                assert_eq!(oware.evaluate_with(1, &state, mover.opponent()), -v);
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
