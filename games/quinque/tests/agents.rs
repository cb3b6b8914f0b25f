//! The agents on Quinque: search agents take a win in one action and avoid
//! a loss in one (Q7.1: five in a row), on positions found in seeded random
//! games, under the basic and the advanced rules; alpha-beta equals plain
//! minimax although a player acts twice in a row (Q3.2).

use plateau::ai::kit::{self, CaseKind};
use plateau::ai::{agent_for, choose_at};
use plateau::{rules, Game, RulesSpec};
use plateau_quinque::Quinque;

fn quinque(variant: &str) -> Quinque {
    rules::load(&RulesSpec::variant(variant)).unwrap().game
}

fn cases(game: &Quinque) -> Vec<kit::Case<Quinque>> {
    let cases = kit::find_cases(
        game,
        kit::Search {
            games: 40,
            per_kind: 4,
            ..kit::Search::default()
        },
    );
    for kind in [CaseKind::WinInOne, CaseKind::AvoidLossInOne] {
        assert!(
            cases.iter().filter(|c| c.kind == kind).count() >= 2,
            "{kind:?}"
        );
    }
    cases
}

#[test]
fn search_agents_win_in_one_and_avoid_a_loss_in_one() {
    for variant in ["basic", "advanced"] {
        let game = quinque(variant);
        let cases = cases(&game);
        let specs: &[&str] = if variant == "basic" {
            &[
                "alphabeta:depth=2",
                "mcts:iters=800",
                "mcts:iters=600,rollout=eval,cut=2",
                "ai:iters=3000",
            ]
        } else {
            &["alphabeta:depth=2", "mcts:iters=600,rollout=eval,cut=2"]
        };
        for spec in specs {
            kit::check(&game, spec, &cases).unwrap_or_else(|e| panic!("{variant}: {e}"));
        }
    }
}

#[test]
fn alpha_beta_equals_minimax_where_a_player_acts_twice() {
    let game = quinque("basic");
    let mut rng = plateau::rng(4);
    let mut checked_second_action = 0;
    for g in 0..12u64 {
        let mut state = game.initial_state(g);
        let plies = 6 + (g as usize * 5) % 17;
        for _ in 0..plies {
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
        }
        if game.status(&state).is_over() {
            continue;
        }
        let depth = 1 + (g as u32 % 2) + u32::from(state.tiles.len() < 6);
        // Alpha-beta, through the agent at a fixed depth.
        let mut agent = agent_for(&game, &format!("alphabeta:depth={depth}"), 0).unwrap();
        let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
        let expected = kit::minimax(&game, &state, depth);
        let got = choice.analysis.value.unwrap();
        let scaled = if expected.abs() > 1.0 {
            expected / 2.0
        } else {
            expected
        };
        assert!((got - scaled).abs() < 1e-9, "game {g}: {got} vs {scaled}");
        if state.second_action {
            checked_second_action += 1;
        }
    }
    assert!(checked_second_action > 0);
}
