//! Perft: counting the move sequences of a given depth, to pin down move
//! generation against fixture files.

use crate::Game;

/// The number of legal move sequences of length `depth` from `state`
/// (as in chess perft, a sequence cut short by the end of the game counts
/// nothing). Free-form positions (a setup) list no moves and so count nothing.
pub fn perft<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in &moves {
        let mut next = state.clone();
        game.apply_unchecked(&mut next, mv);
        total += perft(game, &next, depth - 1);
    }
    total
}
