//! The agents on Oware: every search agent takes a win in one move and
//! avoids a loss in one move (O5.1: more than half the seeds wins at once),
//! on positions worked by hand and on positions found in seeded random
//! games; alpha-beta equals plain minimax at small depths; MCTS with a seed
//! and an iteration budget is deterministic.

use plateau::ai::kit::{self, Case, CaseKind};
use plateau::ai::{agent_for, choose_at};
use plateau::{Game, Player, Status};
use plateau_oware::{House, Oware, OwareState};

const SOUTH: Player = Player(0);
const NORTH: Player = Player(1);

fn house(letter: char) -> House {
    House::from_letter(letter).unwrap()
}

fn legal(game: &Oware, state: &OwareState) -> Vec<House> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
}

/// The winner once `mv` is played, if the game then ends.
fn winner_after(game: &Oware, state: &OwareState, mv: House) -> Option<Option<Player>> {
    let mut next = *state;
    game.apply(&mut next, &mv);
    match game.status(&next) {
        Status::Over(o) => Some(o.winner),
        Status::ToMove(_) => None,
    }
}

/// Whether the opponent can win at once after `mv`.
fn opens_a_loss(game: &Oware, state: &OwareState, mv: House) -> bool {
    let mut next = *state;
    game.apply(&mut next, &mv);
    let opponent = state.to_move().opponent();
    legal(game, &next)
        .into_iter()
        .any(|r| winner_after(game, &next, r) == Some(Some(opponent)))
}

/// The positions worked by hand, each checked move by move against the
/// rules before it is used.
fn hand_worked() -> Vec<Case<Oware>> {
    let game = Oware::standard();
    let mut cases = Vec::new();
    // Win in one (O3.1, O5.1): South has 22 in store; F's one seed makes
    // North's a a 3, captured: 25 of 48 wins at once. E sows into South's
    // own F and captures nothing.
    let south_wins = game
        .position(&[0, 0, 0, 0, 1, 1], &[2, 1, 1, 1, 1, 1], [22, 17], SOUTH)
        .unwrap();
    // The same for North: f's seed makes South's A a 3.
    let north_wins = game
        .position(&[2, 1, 1, 1, 1, 1], &[0, 0, 0, 0, 1, 1], [17, 22], NORTH)
        .unwrap();
    for (state, win) in [(south_wins, 'F'), (north_wins, 'f')] {
        let mover = state.to_move();
        for mv in legal(&game, &state) {
            let expected = (mv == house(win)).then_some(Some(mover));
            assert_eq!(winner_after(&game, &state, mv), expected, "{mv}");
        }
        cases.push(Case {
            kind: CaseKind::WinInOne,
            state,
            good: vec![house(win)],
            legal: legal(&game, &state).len(),
        });
    }
    // Avoid a loss in one: North has 23 in store and f holds one seed,
    // which sows into South's A. While A holds 1, that makes a 2, captured
    // (O3.1; South's row keeps other seeds, so no grand slam, O3.2): 25
    // wins for North (O5.1). South must empty A (A sows into B); D and E
    // leave it. No move of South captures anything.
    let south_defends = game
        .position(&[1, 0, 0, 1, 1, 0], &[0, 0, 0, 0, 0, 1], [21, 23], SOUTH)
        .unwrap();
    let north_defends = game
        .position(&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 1, 1, 0], [23, 21], NORTH)
        .unwrap();
    for (state, safe) in [(south_defends, 'A'), (north_defends, 'a')] {
        let moves = legal(&game, &state);
        assert_eq!(moves.len(), 3);
        for &mv in &moves {
            assert_eq!(winner_after(&game, &state, mv), None, "{mv}");
            assert_eq!(opens_a_loss(&game, &state, mv), mv != house(safe), "{mv}");
        }
        cases.push(Case {
            kind: CaseKind::AvoidLossInOne,
            state,
            good: vec![house(safe)],
            legal: moves.len(),
        });
    }
    cases
}

/// The hand-worked positions and those found in seeded random games.
fn cases() -> Vec<Case<Oware>> {
    let found = kit::find_cases(
        &Oware::standard(),
        kit::Search {
            games: 60,
            per_kind: 4,
            ..kit::Search::default()
        },
    );
    for kind in [CaseKind::WinInOne, CaseKind::AvoidLossInOne] {
        assert!(
            found.iter().filter(|c| c.kind == kind).count() >= 2,
            "{kind:?}"
        );
    }
    let mut cases = hand_worked();
    cases.extend(found);
    cases
}

#[test]
fn search_agents_win_in_one_and_avoid_a_loss_in_one() {
    let oware = Oware::standard();
    let cases = cases();
    let specs = [
        "alphabeta:depth=3",
        "mcts:iters=1500",
        "mcts:iters=1500,rollout=eval,cut=4",
        "ai:iters=3000",
    ];
    kit::check_agents(&oware, &specs, &cases).unwrap();
}

#[test]
fn alpha_beta_equals_minimax_at_small_depths() {
    let oware = Oware::standard();
    let mut checked = 0;
    let mut positions: Vec<OwareState> = hand_worked().into_iter().map(|c| c.state).collect();
    positions.extend((0..10u64).map(|g| kit::position_after(&oware, g, 10 + 9 * g as u32)));
    for (i, state) in positions.iter().enumerate() {
        if oware.status(state).is_over() {
            continue;
        }
        let depth = 1 + i as u32 % 4;
        let mut agent = agent_for(&oware, &format!("alphabeta:depth={depth}"), 0).unwrap();
        let choice = choose_at(agent.as_mut(), &oware, state).unwrap();
        let expected = kit::minimax(&oware, state, depth);
        let scaled = if expected.abs() > 1.0 {
            expected / 2.0
        } else {
            expected
        };
        let got = choice.analysis.value.unwrap();
        assert!(
            (got - scaled).abs() < 1e-9,
            "position {i}: {got} vs {scaled}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn mcts_on_oware_is_deterministic_with_a_seed_and_iterations() {
    let oware = Oware::standard();
    let state = kit::position_after(&oware, 3, 12);
    for spec in ["mcts:iters=400", "mcts:iters=400,rollout=eval,cut=4"] {
        let run = || {
            let mut agent = agent_for(&oware, spec, 9).unwrap();
            let c = choose_at(agent.as_mut(), &oware, &state).unwrap();
            (c.mv, c.analysis.top, c.analysis.iterations)
        };
        assert_eq!(run(), run(), "{spec}");
    }
}

#[test]
fn agents_play_a_whole_game_of_legal_moves() {
    let oware = Oware::standard();
    let mut state = oware.initial_state(0);
    let mut agents = [
        agent_for(&oware, "alphabeta:depth=2", 1).unwrap(),
        agent_for(&oware, "mcts:iters=100", 2).unwrap(),
    ];
    let mut plies = 0;
    while let Status::ToMove(p) = oware.status(&state) {
        let mv = choose_at(agents[p.index()].as_mut(), &oware, &state)
            .unwrap()
            .mv;
        oware.check_move(&state, &mv).unwrap();
        oware.apply(&mut state, &mv);
        plies += 1;
        assert!(plies < 5000);
    }
}
