//! Seeded random games, for statistics and benchmarks.

use crate::{FreeFormMoves, Game, Outcome, Status};
use serde::Serialize;
use std::time::Instant;

/// The cap of a random game whose caller gives none (`max_plies` 0): every
/// playout, benchmark and match game ends, with bounded time and memory,
/// even under rules without a cap of their own (Hus's `max_plies = 0`, a
/// Stratego rules file with `max_plies = 0`).
pub const DEFAULT_MAX_PLIES: usize = 10_000;

/// The cap a random game is played with: `max_plies`, or
/// [`DEFAULT_MAX_PLIES`] for 0. Never unlimited.
pub fn ply_cap(max_plies: usize) -> usize {
    if max_plies == 0 {
        DEFAULT_MAX_PLIES
    } else {
        max_plies
    }
}

/// Plays one game of uniformly random moves from the start position of
/// `seed` (the random moves drawn from the same seed). Stops after
/// `max_plies` moves if the game has not ended (`0`: after
/// [`DEFAULT_MAX_PLIES`]) with a draw for the reason `bench-cap`. Returns the
/// outcome and the number of moves.
pub fn random_game<G: Game + FreeFormMoves>(
    game: &G,
    seed: u64,
    max_plies: usize,
) -> (Outcome, usize) {
    let max_plies = ply_cap(max_plies);
    let mut rng = crate::rng(seed);
    let mut state = game.initial_state(seed);
    let mut plies = 0;
    loop {
        if let Status::Over(outcome) = game.status(&state) {
            return (outcome, plies);
        }
        if plies >= max_plies {
            return (Outcome::cap("bench-cap"), plies);
        }
        if !game.play_random(&mut state, &mut rng) {
            // A game that is not over always has a move; report it plainly.
            return (Outcome::draw("no-random-move"), plies);
        }
        plies += 1;
    }
}

/// The figures of a benchmark run of random games.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// Games played.
    pub games: usize,
    /// Moves played in all.
    pub plies: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games that ended by a cap of the rules ([`Outcome::capped`]) or of the benchmark.
    pub capped: usize,
    /// Games won by each player, and draws last.
    pub results: Vec<usize>,
    /// Mean number of legal moves per position, measured in an untimed pass
    /// over at most 100 further games, where moves can be listed.
    pub mean_legal_moves: Option<f64>,
}

impl BenchReport {
    /// Games per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.seconds.max(1e-9)
    }
    /// Moves per second.
    pub fn plies_per_second(&self) -> f64 {
        self.plies as f64 / self.seconds.max(1e-9)
    }
    /// Mean game length in moves.
    pub fn mean_length(&self) -> f64 {
        self.plies as f64 / self.games.max(1) as f64
    }
    /// Share of games that ended by a cap.
    pub fn capped_share(&self) -> f64 {
        self.capped as f64 / self.games.max(1) as f64
    }
}

/// Plays `games` random games on this thread (game `i` with seed `seed + i`)
/// and times them.
pub fn bench<G: Game + FreeFormMoves>(
    game: &G,
    games: usize,
    seed: u64,
    max_plies: usize,
) -> BenchReport {
    let mut results = vec![0; game.num_players() + 1];
    let mut plies = 0u64;
    let mut capped = 0;
    let start = Instant::now();
    for i in 0..games {
        let (outcome, n) = random_game(game, seed.wrapping_add(i as u64), max_plies);
        plies += n as u64;
        if outcome.capped {
            capped += 1;
        }
        match outcome.winner {
            Some(p) => results[p.index()] += 1,
            None => *results.last_mut().expect("results has a draw slot") += 1,
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    BenchReport {
        games,
        plies,
        seconds,
        capped,
        results,
        mean_legal_moves: mean_legal_moves(
            game,
            games.min(100),
            seed.wrapping_add(games as u64),
            max_plies,
        ),
    }
}

fn mean_legal_moves<G: Game + FreeFormMoves>(
    game: &G,
    games: usize,
    seed: u64,
    max_plies: usize,
) -> Option<f64> {
    let max_plies = ply_cap(max_plies);
    let mut rng = crate::rng(seed);
    let mut moves = Vec::new();
    let (mut positions, mut total) = (0u64, 0u64);
    for i in 0..games {
        let mut state = game.initial_state(seed.wrapping_add(i as u64));
        let mut plies = 0;
        while !game.status(&state).is_over() && plies < max_plies {
            if game.moves_enumerable(&state) {
                game.legal_moves(&state, &mut moves);
                positions += 1;
                total += moves.len() as u64;
            }
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
            plies += 1;
        }
    }
    (positions > 0).then(|| total as f64 / positions as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::{Nim, NimParams};

    /// Nim with four billion stones taken one at a time: as good as a game
    /// that never ends.
    fn endless() -> Nim {
        Nim::new(NimParams {
            pile: u32::MAX,
            max_take: 1,
        })
        .unwrap()
    }

    #[test]
    fn a_random_game_without_a_cap_stops_at_the_default_cap() {
        let (outcome, plies) = random_game(&endless(), 1, 0);
        assert_eq!(plies, DEFAULT_MAX_PLIES);
        assert!(outcome.capped, "{outcome:?}");
        assert_eq!(outcome.reason, "bench-cap");
        let (_, plies) = random_game(&endless(), 1, 7);
        assert_eq!(plies, 7);
    }

    #[test]
    fn a_benchmark_with_max_plies_0_ends() {
        let report = bench(&endless(), 2, 0, 0);
        assert_eq!(report.plies, 2 * DEFAULT_MAX_PLIES as u64);
        assert_eq!(report.capped, 2);
    }
}
