//! `Game::state_key` for Hus: the pits, the player to move, the ending, and
//! the moves played only under a move cap (H4.3).

mod common;

use common::*;
use plateau::{rules, Game, RulesSpec};
use plateau_hus::{Hus, HusState};
use std::collections::HashMap;

/// What decides the rest of a game: the state, with the moves played
/// counted only when the rules cap them (H4.3).
fn canonical(game: &Hus, s: &HusState) -> ([u8; 16], [u8; 16], u8, Option<u32>, String) {
    let ply = (game.params().max_plies > 0).then_some(s.ply());
    let end = format!("{:?}", s.end());
    (s.pits(SOUTH), s.pits(NORTH), s.to_move().0, ply, end)
}

fn rule_sets() -> Vec<Hus> {
    vec![
        hus(),
        rules::load(&RulesSpec::default_variant().set("max_plies", "20"))
            .unwrap()
            .game,
    ]
}

#[test]
fn keys_tell_positions_of_random_games_apart() {
    for game in rule_sets() {
        let mut by_key: HashMap<u64, _> = HashMap::new();
        let mut by_position: HashMap<_, u64> = HashMap::new();
        let mut rng = plateau::rng(5);
        let mut states = 0;
        for seed in 0..3000 {
            let mut s = game.initial_state(seed);
            loop {
                let key = game.state_key(&s);
                let c = canonical(&game, &s);
                // Equal positions, equal keys.
                assert_eq!(*by_position.entry(c.clone()).or_insert(key), key);
                // Equal keys, equal positions.
                assert_eq!(by_key.entry(key).or_insert_with(|| c.clone()), &c);
                states += 1;
                if !game.play_random(&mut s, &mut rng) {
                    break;
                }
            }
        }
        assert!(
            by_key.len() > states / 2,
            "{} keys, {states} states",
            by_key.len()
        );
    }
}

#[test]
fn the_moves_played_enter_the_key_only_under_a_move_cap() {
    // The same pits and player to move, reached after two moves or set up
    // directly: without a move cap (H4.3) the number of moves played decides
    // nothing, so the keys are equal.
    let game = hus();
    let mut start = [0u8; 16];
    start[0] = 24;
    let mut other = [0u8; 16];
    other[0] = 23;
    other[1] = 1;
    let a = position(start, other, SOUTH);
    let mut b = a;
    game.apply(&mut b, &pit("a8"));
    let mut c = b;
    game.apply(&mut c, &pit("a8"));
    let mut replayed = game
        .position(c.pits(SOUTH), c.pits(NORTH), c.to_move())
        .unwrap();
    assert_eq!(replayed.pits(SOUTH), c.pits(SOUTH));
    assert_ne!(replayed.ply(), c.ply());
    assert_eq!(game.state_key(&replayed), game.state_key(&c));
    // Under a move cap the moves played are part of the key.
    let capped: Hus = rules::load(&RulesSpec::default_variant().set("max_plies", "20"))
        .unwrap()
        .game;
    assert_ne!(capped.state_key(&replayed), capped.state_key(&c));
    // Another player to move is another position.
    replayed = game
        .position(c.pits(SOUTH), c.pits(NORTH), c.to_move().opponent())
        .unwrap();
    assert_ne!(game.state_key(&replayed), game.state_key(&c));
}
