//! Property tests: conservation (H3.6), legal moves (H3.1, H3.7), the
//! mover's stones, and the random player.

mod common;

use common::*;
use plateau::{Game, Player};
use plateau_hus::HusState;
use proptest::prelude::*;

/// Any position of 48 stones (H3.6), either player to move.
fn any_position() -> impl Strategy<Value = HusState> {
    (prop::collection::vec(0usize..32, 48), any::<bool>()).prop_map(|(stones, north)| {
        let mut sides = [[0u8; 16]; 2];
        for s in stones {
            sides[s / 16][s % 16] += 1;
        }
        position(sides[0], sides[1], Player(u8::from(north)))
    })
}

/// A position reached by random play from the start.
fn played_position() -> impl Strategy<Value = HusState> {
    (any::<u64>(), 0usize..60).prop_map(|(seed, plies)| {
        let game = hus();
        let mut state = game.initial_state(seed);
        let mut rng = plateau::rng(seed);
        for _ in 0..plies {
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
        }
        state
    })
}

fn check_moves(state: &HusState) -> Result<(), TestCaseError> {
    let game = hus();
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    if game.status(state).is_over() {
        prop_assert!(moves.is_empty());
        return Ok(());
    }
    prop_assert!(!moves.is_empty(), "a game not over has a legal move (H4.1)");
    let mover = state.to_move();
    for mv in &moves {
        // H3.1: every legal move starts from a pit with 2 or more stones.
        prop_assert!(state.pits(mover)[mv.index()] >= 2);
        let mut next = *state;
        game.apply(&mut next, mv);
        // H3.6: 48 stones, always.
        prop_assert_eq!(next.stones(Player(0)) + next.stones(Player(1)), 48);
        // The mover never loses stones during their own move (H3.3, H3.4).
        prop_assert!(next.stones(mover) >= state.stones(mover));
        prop_assert_eq!(next.ply(), state.ply() + 1);
    }
    // Every pit of 2+ stones that is not listed is endless (H3.7).
    for pit in plateau_hus::Pit::all() {
        if state.pits(mover)[pit.index()] >= 2 && !moves.contains(&pit) {
            prop_assert!(game.sow(state, pit).is_err());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_positions_keep_the_rules(state in any_position()) {
        check_moves(&state)?;
    }

    #[test]
    fn played_positions_keep_the_rules(state in played_position()) {
        prop_assert_eq!(state.stones(Player(0)) + state.stones(Player(1)), 48);
        check_moves(&state)?;
    }

    #[test]
    fn random_move_is_always_legal(state in any_position(), seed in any::<u64>()) {
        let game = hus();
        let mut moves = Vec::new();
        game.legal_moves(&state, &mut moves);
        let mut rng = plateau::rng(seed);
        match game.random_move(&state, &mut rng) {
            Some(mv) => prop_assert!(moves.contains(&mv)),
            None => prop_assert!(moves.is_empty() && game.status(&state).is_over()),
        }
        // play_random plays the same move as applying a drawn one.
        let mut a = state;
        let mut b = state;
        let played = game.play_random(&mut a, &mut plateau::rng(seed));
        if let Some(mv) = game.random_move(&state, &mut plateau::rng(seed)) {
            game.apply(&mut b, &mv);
        }
        prop_assert_eq!(played, !moves.is_empty());
        prop_assert_eq!(a, b);
    }

    #[test]
    fn state_json_round_trips(state in played_position()) {
        let json = serde_json::to_string(&state).unwrap();
        let back: HusState = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, state);
    }
}

#[test]
fn random_move_is_uniform_over_legal_moves() {
    // A position with an endless candidate (a8): the draw never gives it and
    // gives the legal a7 every time; from the start, all 12 moves come up
    // about equally often.
    let game = hus();
    let state = game.initial_state(0);
    let mut moves = Vec::new();
    game.legal_moves(&state, &mut moves);
    let mut counts = std::collections::HashMap::new();
    let mut rng = plateau::rng(9);
    let draws = 12_000;
    for _ in 0..draws {
        *counts
            .entry(game.random_move(&state, &mut rng).unwrap())
            .or_insert(0) += 1;
    }
    assert_eq!(counts.len(), moves.len());
    for (mv, n) in counts {
        assert!((800..1200).contains(&n), "{mv}: {n} of {draws}");
    }
    let south = [3, 3, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1];
    let endless = position(
        south,
        [5, 5, 5, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0],
        SOUTH,
    );
    for _ in 0..50 {
        assert_eq!(game.random_move(&endless, &mut rng), Some(pit("a7")));
    }
}
