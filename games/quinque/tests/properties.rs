//! Property tests: what every position reached by play keeps (RULES.md Q1,
//! Q3–Q5): parachutes and tiles are conserved, the formation is one
//! edge-connected group of distinct cells.

use petgraph::algo::connected_components;
use petgraph::graph::UnGraph;
use plateau::{rules, DescribeMoves, Game, Render, RulesSpec};
use plateau_quinque::{Quinque, QuinqueState};
use proptest::prelude::*;
use std::collections::HashSet;

fn game(which: usize) -> Quinque {
    let spec = match which {
        0 => RulesSpec::variant("basic"),
        1 => RulesSpec::variant("advanced"),
        _ => RulesSpec::variant("basic")
            .set("line_length", "4")
            .set("parachutes", "12")
            .set("tiles", "9"),
    };
    rules::load(&spec).unwrap().game
}

fn check_invariants(game: &Quinque, s: &QuinqueState) {
    let p = game.params();
    // Q1.1: every parachute is in a reserve or on a tile.
    let on_board = s.parachutes_on_board();
    for (colour, (board, reserve)) in on_board.iter().zip(s.reserves).enumerate() {
        assert_eq!(
            board + reserve,
            p.parachutes,
            "parachutes of player {colour}"
        );
    }
    // Q1.1, Q3.1: every tile is in play or in the supply.
    assert_eq!(s.tiles.len() as u32 + s.supply, p.tiles, "tiles");
    // No parachutist carries two parachutes, none beyond the tile's points.
    let mask = ((1u32 << (p.points_per_side * p.points_per_side)) - 1) as u16;
    for t in &s.tiles {
        assert_eq!(t.red & t.orange, 0);
        assert_eq!((t.red | t.orange) & !mask, 0);
    }
    // Q1.2, Q5.5: distinct cells, one edge-connected group.
    let cells: HashSet<(i32, i32)> = s.tiles.iter().map(|t| (t.x, t.y)).collect();
    assert_eq!(cells.len(), s.tiles.len(), "two tiles on one cell");
    let mut g = UnGraph::<(), ()>::new_undirected();
    let nodes: Vec<_> = s.tiles.iter().map(|_| g.add_node(())).collect();
    for (i, a) in s.tiles.iter().enumerate() {
        for (j, b) in s.tiles.iter().enumerate().skip(i + 1) {
            if (a.x - b.x).abs() + (a.y - b.y).abs() == 1 {
                g.add_edge(nodes[i], nodes[j], ());
            }
        }
    }
    assert_eq!(connected_components(&g), 1, "the formation is in pieces");
    // Q4.3: the marked tile exists and only at a second action.
    if let Some(m) = s.marked {
        assert!(s.second_action && (m as usize) < s.tiles.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn play_keeps_the_invariants(seed in any::<u64>(), which in 0usize..3, fast in any::<bool>()) {
        let game = game(which);
        let mut rng = plateau::rng(seed);
        let mut state = game.initial_state(seed);
        check_invariants(&game, &state);
        let mut actions = 0;
        while state.ending.is_none() {
            if fast {
                prop_assert!(game.play_random(&mut state, &mut rng));
            } else {
                let a = game.random_move(&state, &mut rng).unwrap();
                game.apply(&mut state, &a);
            }
            check_invariants(&game, &state);
            actions += 1;
            prop_assert!(actions <= 2 * game.params().max_turns as usize);
        }
        prop_assert_eq!(game.count_actions(&state), 0);
    }
}

/// Any state at all, even one that breaks the rules' invariants (tiles
/// apart or on one cell, far coordinates, too many tiles, stray bits).
fn any_state() -> impl Strategy<Value = QuinqueState> {
    let coord = prop_oneof![-4i32..4, any::<i32>()];
    let tile = (coord.clone(), coord, any::<u16>(), any::<u16>()).prop_map(|(x, y, r, o)| {
        plateau_quinque::Tile {
            x,
            y,
            red: r,
            orange: o & !r,
        }
    });
    (
        proptest::collection::vec(tile, 0..40),
        0u32..20,
        (0u32..20, 0u32..20),
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(0u8..45),
        0u32..5,
    )
        .prop_map(
            |(tiles, supply, (r, o), orange, second, marked, turns)| QuinqueState {
                tiles,
                supply,
                reserves: [r, o],
                to_move: plateau::Player(orange as u8),
                second_action: second,
                marked,
                turns,
                last: None,
                history: vec![1, 2].into(),
                ending: None,
                analysis: Default::default(),
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn no_panic_on_any_state(state in any_state(), which in 0usize..3, seed in any::<u64>()) {
        let game = game(which);
        let mut rng = plateau::rng(seed);
        let mut list = Vec::new();
        game.legal_moves(&state, &mut list);
        let _ = game.count_actions(&state);
        let _ = game.render_state(&state);
        let candidates = [
            plateau_quinque::Action::Mark { x: 0, y: 0 },
            plateau_quinque::Action::Mark { x: i32::MAX, y: i32::MIN },
            plateau_quinque::Action::Move { from: (0, 0), to: (1, 1) },
            plateau_quinque::Action::Move { from: (0, 0), to: (i32::MAX, 0) },
            plateau_quinque::Action::End,
            plateau_quinque::Action::Pass,
        ];
        for a in list.iter().take(5).chain(candidates.iter()) {
            let _ = game.check_move(&state, a);
            let _ = game.describe_move(&state, a, None);
            let mut s = state.clone();
            game.apply_unchecked(&mut s, a);
            let _ = game.render_state(&s);
        }
        let mut s = state.clone();
        for _ in 0..4 {
            if !game.play_random(&mut s, &mut rng) {
                break;
            }
        }
        let mut s = state.clone();
        if let Some(a) = game.random_move(&s, &mut rng) {
            game.apply_unchecked(&mut s, &a);
        }
    }
}
