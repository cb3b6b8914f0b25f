//! Shared helpers of the Hus tests.
#![allow(dead_code)]

use plateau::{Game, Player};
use plateau_hus::{Hus, HusState, Pit};

pub const SOUTH: Player = Player(0);
pub const NORTH: Player = Player(1);

/// The standard rules.
pub fn hus() -> Hus {
    Hus::standard()
}

/// A position of the standard rules (48 stones), pits in index form
/// `a8 … a1, b1 … b8` (H1.4).
pub fn position(south: [u8; 16], north: [u8; 16], to_move: Player) -> HusState {
    hus()
        .position(south, north, to_move)
        .unwrap_or_else(|e| panic!("test position: {e}"))
}

/// A pit by name.
pub fn pit(name: &str) -> Pit {
    name.parse_pit()
}

trait ParsePit {
    fn parse_pit(&self) -> Pit;
}

impl ParsePit for str {
    fn parse_pit(&self) -> Pit {
        plateau_hus::notation::parse_pit(self).expect("a pit name")
    }
}

/// The names of the legal moves.
pub fn legal(game: &Hus, state: &HusState) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves.iter().map(|m| game.format_move(m)).collect()
}

/// Plays a move given by name (checked) and returns the new state.
pub fn play(game: &Hus, state: &HusState, mv: &str) -> HusState {
    let mut next = *state;
    let mv = game.parse_move(state, mv).expect("a pit name");
    game.try_apply(&mut next, &mv)
        .unwrap_or_else(|e| panic!("{}: {}", game.format_move(&e.mv), e.reason));
    next
}
