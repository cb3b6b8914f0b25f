//! The agents on Stratego, which search from a player's view only (S6):
//! they take a win in one move and avoid a loss in one where the view
//! shows it (positions found in seeded random Barrage games, judged in
//! states drawn from the mover's view), and their choice does not change
//! when the opponent's unrevealed pieces are swapped in the true state.

use plateau::ai::kit::{self, CaseKind};
use plateau::ai::{agent_for, choose_at};
use plateau::{Game, Player, Status};
use plateau_stratego::{Stratego, StrategoState};

fn barrage() -> Stratego {
    Stratego::variant("barrage").unwrap()
}

#[test]
fn search_from_the_view_wins_in_one_and_avoids_a_loss_in_one() {
    let game = barrage();
    let cases = kit::find_cases(
        &game,
        kit::Search {
            games: 30,
            per_kind: 3,
            ..kit::Search::default()
        },
    );
    for kind in [CaseKind::WinInOne, CaseKind::AvoidLossInOne] {
        assert!(
            cases.iter().filter(|c| c.kind == kind).count() >= 2,
            "{kind:?}"
        );
    }
    for spec in [
        "pimc:worlds=4,iters=8000,depth=2",
        "ismcts:iters=400,rollout=eval,cut=4",
        "ai:iters=2000",
    ] {
        kit::check(&game, spec, &cases).unwrap();
    }
}

/// Two games that differ only in where two of Blue's pieces of different
/// kinds stand, played with the same moves while Red's views of them stay
/// equal: the positions where Red is to move, from both games.
fn twin_positions(seed: u64) -> Vec<(StrategoState, StrategoState)> {
    let game = barrage();
    let mut rng = plateau::rng(seed);
    let mut a = game.initial_state(0);
    let red = game.random_move(&a, &mut rng).unwrap();
    game.apply(&mut a, &red);
    let mut b = a.clone();
    let blue = game.format_move(&game.random_move(&a, &mut rng).unwrap());
    // Swap the first two different piece symbols of Blue's setup (S3.3).
    let mut chars: Vec<char> = blue.chars().collect();
    let start = "setup ".len();
    let pieces: Vec<usize> = (start..chars.len())
        .filter(|&i| chars[i] != '.' && chars[i] != '/')
        .collect();
    let j = pieces[1..]
        .iter()
        .copied()
        .find(|&j| chars[j] != chars[pieces[0]])
        .unwrap();
    chars.swap(pieces[0], j);
    let swapped: String = chars.into_iter().collect();
    let (setup_a, setup_b) = (
        game.parse_move(&a, &blue).unwrap(),
        game.parse_move(&b, &swapped).unwrap(),
    );
    game.apply(&mut a, &setup_a);
    game.apply(&mut b, &setup_b);
    assert_ne!(a, b);
    let mut twins = Vec::new();
    for _ in 0..60 {
        if game.view(&a, Player(0)) != game.view(&b, Player(0)) {
            break;
        }
        match game.status(&a) {
            Status::ToMove(Player(0)) => twins.push((a.clone(), b.clone())),
            Status::ToMove(_) => {}
            Status::Over(_) => break,
        }
        let mv = game.format_move(&game.random_move(&a, &mut rng).unwrap());
        let (Ok(ma), Ok(mb)) = (game.parse_move(&a, &mv), game.parse_move(&b, &mv)) else {
            break;
        };
        if game.try_apply(&mut a, &ma).is_err() || game.try_apply(&mut b, &mb).is_err() {
            break;
        }
    }
    twins
}

#[test]
fn choices_do_not_change_when_hidden_pieces_are_swapped() {
    let game = barrage();
    let mut compared = 0;
    for seed in 0..3 {
        for (a, b) in twin_positions(seed).into_iter().rev().take(2) {
            assert_ne!(a, b, "the true states differ");
            for spec in [
                "greedy",
                "pimc:worlds=4,iters=1500,depth=2",
                "ismcts:iters=150",
                "ai:iters=600",
            ] {
                let choose = |s: &StrategoState| {
                    let mut agent = agent_for(&game, spec, 42).unwrap();
                    let c = choose_at(agent.as_mut(), &game, s).unwrap();
                    (
                        c.mv,
                        c.analysis.top,
                        c.analysis.iterations,
                        c.analysis.value,
                    )
                };
                assert_eq!(choose(&a), choose(&b), "{spec}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 8, "{compared}");
}

#[test]
fn agents_make_up_setups_and_play_legal_moves() {
    let game = barrage();
    let mut state = game.initial_state(3);
    let mut agents = [
        agent_for(&game, "pimc:worlds=2,iters=200,depth=1", 1).unwrap(),
        agent_for(&game, "ismcts:iters=40,rollout=eval,cut=2", 2).unwrap(),
    ];
    for _ in 0..30 {
        let Status::ToMove(p) = game.status(&state) else {
            break;
        };
        let mv = choose_at(agents[p.index()].as_mut(), &game, &state)
            .unwrap()
            .mv;
        game.try_apply(&mut state, &mv).unwrap();
    }
    assert!(!state.in_setup());
}
