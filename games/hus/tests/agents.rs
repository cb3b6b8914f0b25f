//! The agents on Hus: every search agent takes a win in one move and
//! avoids a loss in one move (H4.1: a side left without a pit of 2 stones
//! loses), on positions found in seeded random games.

use plateau::ai::kit::{self, CaseKind};
use plateau::ai::{agent_for, choose_at};
use plateau::Game;
use plateau_hus::Hus;

fn cases() -> Vec<kit::Case<Hus>> {
    let cases = kit::find_cases(
        &Hus::standard(),
        kit::Search {
            games: 60,
            per_kind: 6,
            ..kit::Search::default()
        },
    );
    for kind in [CaseKind::WinInOne, CaseKind::AvoidLossInOne] {
        assert!(
            cases.iter().filter(|c| c.kind == kind).count() >= 3,
            "{kind:?}"
        );
    }
    cases
}

#[test]
fn search_agents_win_in_one_and_avoid_a_loss_in_one() {
    let hus = Hus::standard();
    let cases = cases();
    let specs = [
        "alphabeta:depth=3",
        "mcts:iters=1500",
        "mcts:iters=1500,rollout=eval,cut=4",
        "ai:iters=3000",
    ];
    kit::check_agents(&hus, &specs, &cases).unwrap();
}

#[test]
fn mcts_on_hus_is_deterministic_with_a_seed_and_iterations() {
    let hus = Hus::standard();
    let state = hus.initial_state(0);
    let run = || {
        let mut agent = agent_for(&hus, "mcts:iters=300", 9).unwrap();
        let c = choose_at(agent.as_mut(), &hus, &state).unwrap();
        (c.mv, c.analysis.top)
    };
    assert_eq!(run(), run());
}

#[test]
fn agents_play_a_whole_game_of_legal_moves() {
    let hus = Hus::standard();
    let mut state = hus.initial_state(1);
    let mut agents = [
        agent_for(&hus, "alphabeta:depth=2", 1).unwrap(),
        agent_for(&hus, "mcts:iters=100", 2).unwrap(),
    ];
    let mut plies = 0;
    while let plateau::Status::ToMove(p) = hus.status(&state) {
        let mv = choose_at(agents[p.index()].as_mut(), &hus, &state)
            .unwrap()
            .mv;
        hus.apply(&mut state, &mv);
        plies += 1;
        assert!(plies < 2000);
    }
}
