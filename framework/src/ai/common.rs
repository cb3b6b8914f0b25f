//! What the agents share: the value of a simulated state for a player,
//! free-form moves (setups), random playouts and the analysis's top moves.

use super::{AgentInput, Choice, MoveStat};
use crate::{Game, Player, Status};
use rand::Rng;

/// Plies a random playout may run before it is stopped and evaluated: a
/// guard against games without a move cap, never reached by the shipped ones.
pub(crate) const PLAYOUT_LIMIT: u32 = 5_000;

/// Free-form moves (setups) drawn and compared by evaluation when the moves
/// cannot be listed.
pub(crate) const FREE_FORM_SAMPLES: u32 = 24;

/// The value of `state` for `player`: the game's return if it is over, its
/// evaluation otherwise. Both are in `[-1, 1]`.
pub(crate) fn value_of<G: Game>(game: &G, state: &G::State, player: Player) -> f64 {
    match game.status(state) {
        Status::Over(outcome) => game.returns(&outcome, player),
        Status::ToMove(_) => game.evaluate(state, player).clamp(-1.0, 1.0),
    }
}

/// Plays random moves from `state` to the end (or for `cut` plies, when
/// given, then evaluates) and returns the value for player 0; player 1's
/// is its negation (two-player zero-sum games).
pub(crate) fn playout<G: Game, R: Rng + ?Sized>(
    game: &G,
    state: &mut G::State,
    cut: Option<u32>,
    rng: &mut R,
) -> f64 {
    let limit = cut.unwrap_or(PLAYOUT_LIMIT);
    let mut plies = 0;
    while plies < limit {
        if let Status::Over(outcome) = game.status(state) {
            return game.returns(&outcome, Player::FIRST);
        }
        if !game.play_random(state, rng) {
            break;
        }
        plies += 1;
    }
    value_of(game, state, Player::FIRST)
}

/// The choice of a search agent where the moves cannot be listed (a
/// setup): [`free_form_move`] with [`FREE_FORM_SAMPLES`], its value as the
/// analysis, timed from `started`.
pub(crate) fn free_form_choice<G: Game, R: Rng + ?Sized>(
    input: &AgentInput<'_, G>,
    rng: &mut R,
    started: std::time::Instant,
) -> Option<Choice<G::Move>> {
    let (mv, value) = free_form_move(input, FREE_FORM_SAMPLES, rng)?;
    let mut choice = Choice::plain(mv, started.elapsed());
    choice.analysis.value = Some(value);
    Some(choice)
}

/// A free-form move for the input's player (a setup): a few moves drawn
/// from states determinized from the view, each scored by the evaluation of
/// the state it leads to (averaged over a few other determinizations), the
/// best kept. With `samples = 1` it is a random free-form move.
pub(crate) fn free_form_move<G: Game, R: Rng + ?Sized>(
    input: &AgentInput<'_, G>,
    samples: u32,
    rng: &mut R,
) -> Option<(G::Move, f64)> {
    let game = input.game;
    let worlds = if G::HIDDEN_INFORMATION { 4 } else { 1 };
    let states: Vec<G::State> = (0..worlds)
        .map(|_| game.determinize(input.view, rng))
        .collect();
    let mut best: Option<(G::Move, f64)> = None;
    for _ in 0..samples.max(1) {
        let Some(mv) = game.random_move(&states[0], rng) else {
            continue;
        };
        let mut total = 0.0;
        for state in &states {
            let mut next = state.clone();
            game.apply_unchecked(&mut next, &mv);
            total += value_of(game, &next, input.player);
        }
        let value = total / states.len() as f64;
        if best.as_ref().is_none_or(|(_, v)| value > *v) {
            best = Some((mv, value));
        }
    }
    best
}

/// The `n` best of `stats`, best first by `key`.
pub(crate) fn top<M: Clone>(
    mut stats: Vec<MoveStat<M>>,
    n: usize,
    key: impl Fn(&MoveStat<M>) -> f64,
) -> Vec<MoveStat<M>> {
    stats.sort_by(|a, b| key(b).total_cmp(&key(a)));
    stats.truncate(n);
    stats
}

/// How many moves an analysis lists.
pub(crate) const TOP_MOVES: usize = 5;
