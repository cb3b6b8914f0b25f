//! Shared helpers of the Quinque rules tests.
#![allow(dead_code)]

use plateau::{rules, Game, Player, Render, RulesSpec};
use plateau_quinque::{Action, EndReason, Quinque, QuinqueState, Tile};
use std::collections::HashSet;

pub const RED: Player = Player(0);
pub const ORANGE: Player = Player(1);

pub fn basic() -> Quinque {
    rules::load(&RulesSpec::variant("basic")).unwrap().game
}

pub fn advanced() -> Quinque {
    rules::load(&RulesSpec::variant("advanced")).unwrap().game
}

pub fn with(spec: RulesSpec) -> Quinque {
    rules::load(&spec).unwrap().game
}

pub fn tile(x: i32, y: i32, picture: &str) -> Tile {
    Tile::parse(x, y, picture).unwrap()
}

pub fn act(game: &Quinque, state: &mut QuinqueState, text: &str) {
    let a = game.parse_move(state, text).unwrap();
    if let Err(e) = game.try_apply(state, &a) {
        panic!(
            "'{text}' refused: {}\n{}",
            e.reason,
            game.render_state(state)
        );
    }
}

pub fn refused(game: &Quinque, state: &QuinqueState, text: &str) -> String {
    let a = game.parse_move(state, text).unwrap();
    let mut copy = state.clone();
    match game.try_apply(&mut copy, &a) {
        Ok(()) => panic!("'{text}' was accepted\n{}", game.render_state(state)),
        Err(e) => {
            assert_eq!(&copy, state, "a refused action changes nothing");
            e.reason
        }
    }
}

pub fn legal(game: &Quinque, state: &QuinqueState) -> Vec<Action> {
    let mut list = Vec::new();
    game.legal_moves(state, &mut list);
    list
}

/// The destinations of the tile on `from` among the legal actions.
pub fn destinations(game: &Quinque, state: &QuinqueState, from: (i32, i32)) -> HashSet<(i32, i32)> {
    legal(game, state)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { from: f, to } if f == from => Some(to),
            _ => None,
        })
        .collect()
}

pub fn cells(list: &[(i32, i32)]) -> HashSet<(i32, i32)> {
    list.iter().copied().collect()
}

pub fn ending(state: &QuinqueState) -> (Option<Player>, EndReason) {
    let e = state.ending.expect("the game is over");
    (e.winner, e.reason)
}

/// Whether `text` is a legal action in `state`.
pub fn accepted(game: &Quinque, state: &QuinqueState, text: &str) -> bool {
    let a = game.parse_move(state, text).unwrap();
    game.check_move(state, &a).is_ok()
}
