//! The learned evaluation (`eval=learned`): a small network over the pits,
//! trained by `scripts/train-eval.py` to give the value a deeper alpha-beta
//! search finds (weights in `weights/eval-mlp.json`, read once), for the
//! standard 48 stones. Other stone counts fall back to the hand evaluation
//! ([`crate::eval`]).

use crate::board::PITS;
use crate::state::HusState;
use plateau::nn::Mlp;
use plateau::Player;
use std::sync::OnceLock;

/// The scale of a pit's stones in the network's input (the training
/// script's `HOUSE_SCALE`).
pub const PIT_SCALE: f32 = 8.0;
/// Inputs: the mover's 16 pits, then the opponent's (index order, H1.4).
pub const INPUTS: usize = 2 * PITS;

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
/// 0.99]`: the network's value for the side to move, negated for the
/// other.
pub(crate) fn evaluate(state: &HusState, player: Player) -> f64 {
    let v = f64::from(network().forward(&features(state))).clamp(-0.99, 0.99);
    if player.index() & 1 == state.to_move().index() & 1 {
        v
    } else {
        -v
    }
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
        let fixtures: serde_json::Value =
            serde_json::from_str(include_str!("../weights/eval-mlp-fixtures.json")).unwrap();
        let fixtures = fixtures.as_array().unwrap();
        assert!(fixtures.len() >= 8);
        for f in fixtures {
            let s = &f["state"];
            let row = |side: &str| -> [u8; 16] {
                let v: Vec<u8> = s[side]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap() as u8)
                    .collect();
                v.try_into().unwrap()
            };
            let to_move = if s["to_move"] == "south" {
                Player(0)
            } else {
                Player(1)
            };
            let state = hus.position(row("south"), row("north"), to_move).unwrap();
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
            if state.end().is_none() {
                let v = hus.evaluate_with(1, &state, to_move);
                assert!((v - expected.clamp(-0.99, 0.99)).abs() < 1e-5);
                assert_eq!(hus.evaluate_with(1, &state, to_move.opponent()), -v);
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
