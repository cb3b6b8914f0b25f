//! The arena: two agents play a number of games of one game, sides
//! alternating, in parallel, with results that depend on the seed only.
//!
//! Game `i` starts from the position of its own seed and gives each agent
//! a generator of its own seed, all derived from the run's seed and `i`
//! ([`game_seeds`]); every game gets fresh agents. So with iteration
//! budgets (or agents without a clock) a run gives the same games on one
//! thread or many, and shard `I/N` plays exactly the games of the whole run
//! whose index is `I` modulo `N` ([`crate::ai::report`]). With time budgets
//! the moves depend on the machine's speed as well.
//!
//! ```
//! use plateau::ai::arena::{play_arena, ArenaConfig};
//! use plateau::demo::Nim;
//! use plateau::{rules, RulesSpec};
//!
//! let nim: Nim = rules::load(&RulesSpec::default_variant()).unwrap().game;
//! let config = ArenaConfig::new("random", "random", 20, 7);
//! let run = play_arena(&nim, &config, &|_| {}).unwrap();
//! let summary = run.report.summary();
//! assert_eq!(summary.a.wins + summary.a.draws + summary.a.losses, 20);
//! // The same seed gives the same games, on any number of threads.
//! let again = play_arena(&nim, &ArenaConfig { threads: 3, ..config }, &|_| {}).unwrap();
//! assert_eq!(run.records, again.records);
//! ```

use super::elo::Score;
use super::report::{
    a_player, game_seeds, ArenaReport, ArenaSetup, GameResult, GameResultKind, Shard, ShardSet,
};
use super::{agent_for, SpecError};
use crate::{GameRecord, Outcome, SearchGame, Session, Status};
use rand::seq::IndexedRandom;
use rayon::prelude::*;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What an arena run plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The spec of agent A.
    pub a: String,
    /// The spec of agent B.
    pub b: String,
    /// The number of games of the whole run (all shards).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// The worker threads (0: one per core). The results do not depend on it.
    pub threads: usize,
    /// The shard of the run to play.
    pub shard: Shard,
    /// The most moves a game may last before it is stopped as a capped
    /// draw (0: only the rules' own caps).
    pub max_plies: u64,
    /// The variant name written into the records and the setup.
    pub variant: String,
    /// Whether to keep every game's record.
    pub keep_records: bool,
    /// Uniformly random moves played before the agents take over (0:
    /// none), the same for both games of a pair (games `2k` and `2k + 1`,
    /// where the agents swap colours): an opening chosen by chance, so that
    /// a game with one start position is not played along one line.
    pub opening_plies: u32,
}

impl ArenaConfig {
    /// `games` games of `a` against `b` from `seed`: the whole run, one
    /// thread per core, a cap of 10 000 moves, the records kept, variant
    /// `standard`.
    pub fn new(a: &str, b: &str, games: u64, seed: u64) -> Self {
        ArenaConfig {
            a: a.trim().to_string(),
            b: b.trim().to_string(),
            games,
            seed,
            threads: 0,
            shard: Shard::WHOLE,
            max_plies: 10_000,
            variant: "standard".to_string(),
            keep_records: true,
            opening_plies: 0,
        }
    }
}

/// Where a run is, for a progress display.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ArenaProgress {
    /// Games finished.
    pub done: u64,
    /// Games this run plays (this shard's).
    pub total: u64,
    /// Agent A's wins, draws and losses so far.
    pub a: Score,
    /// Time since the start.
    pub elapsed: Duration,
}

/// The result of a run: the report and, if kept, every game's record (in
/// the order of the games).
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaRun {
    /// The results.
    pub report: ArenaReport,
    /// The records, in the order of [`ArenaReport::games`].
    pub records: Vec<GameRecord>,
}

/// Why an arena run failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// A spec string is bad; `side` names the option (`--a` or `--b`).
    #[error("{side}: {error}")]
    Spec {
        /// Which agent: `--a` or `--b`.
        side: &'static str,
        /// What is wrong.
        error: SpecError,
    },
    /// The arena plays two-player games only.
    #[error("the arena plays two-player games; this game has {0} players")]
    Players(usize),
    /// The worker threads could not be started.
    #[error("cannot start {threads} worker threads: {reason}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// The system's reason.
        reason: String,
    },
    /// An agent failed to give a legal move.
    #[error("game {game}: agent '{spec}' {reason}")]
    Agent {
        /// The game's index.
        game: u64,
        /// The agent's spec.
        spec: String,
        /// What happened.
        reason: String,
    },
}

/// Plays the configured games of `a` against `b` (this shard's), calling
/// `progress` after each game (from the worker threads).
pub fn play_arena<G: SearchGame>(
    game: &G,
    config: &ArenaConfig,
    progress: &(dyn Fn(&ArenaProgress) + Sync),
) -> Result<ArenaRun, ArenaError> {
    if game.num_players() != 2 {
        return Err(ArenaError::Players(game.num_players()));
    }
    // Bad specs fail before any game is played, naming the option.
    for (side, spec) in [("--a", &config.a), ("--b", &config.b)] {
        agent_for(game, spec, 0).map_err(|error| ArenaError::Spec { side, error })?;
    }
    let setup = ArenaSetup {
        game: G::ID.to_string(),
        variant: config.variant.clone(),
        params: serde_json::to_value(game.params()).expect("rules parameters always serialize"),
        a: config.a.clone(),
        b: config.b.clone(),
        games: config.games,
        seed: config.seed,
        max_plies: config.max_plies,
        opening_plies: config.opening_plies,
    };
    let indices: Vec<u64> = config.shard.games(config.games).collect();
    let total = indices.len() as u64;
    let start = Instant::now();
    let tally = Mutex::new((0u64, Score::default()));
    let play = |index: u64| {
        let played = play_game(game, config, index)?;
        let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
        tally.0 += 1;
        match played.0.result {
            GameResultKind::A => tally.1.wins += 1,
            GameResultKind::B => tally.1.losses += 1,
            GameResultKind::Draw => tally.1.draws += 1,
            GameResultKind::AFault | GameResultKind::BFault => {}
        }
        progress(&ArenaProgress {
            done: tally.0,
            total,
            a: tally.1,
            elapsed: start.elapsed(),
        });
        Ok(played)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| ArenaError::Threads {
            threads: config.threads,
            reason: e.to_string(),
        })?;
    let played: Vec<(GameResult, Option<GameRecord>)> =
        pool.install(|| indices.into_par_iter().map(play).collect::<Result<_, _>>())?;
    let mut report = ArenaReport::new(setup, ShardSet::of(config.shard));
    let mut records = Vec::new();
    for (result, record) in played {
        report.games.push(result);
        records.extend(record);
    }
    Ok(ArenaRun { report, records })
}

/// Plays game `index` of the run.
fn play_game<G: SearchGame>(
    game: &G,
    config: &ArenaConfig,
    index: u64,
) -> Result<(GameResult, Option<GameRecord>), ArenaError> {
    let seeds = game_seeds(config.seed, index);
    let specs = [&config.a, &config.b];
    let spec_error = |side, error| ArenaError::Spec { side, error };
    let mut agents = [
        agent_for(game, specs[0], seeds.a).map_err(|e| spec_error("--a", e))?,
        agent_for(game, specs[1], seeds.b).map_err(|e| spec_error("--b", e))?,
    ];
    let a_seat = a_player(index);
    let mut session = Session::new(game.clone(), config.variant.clone(), seeds.start);
    if config.opening_plies > 0 {
        // The pair's opening: drawn from the seed of its first game.
        let pair = game_seeds(config.seed, index & !1);
        let mut rng = crate::rng(pair.start ^ 0x6f70_656e_696e_6773);
        let mut moves = Vec::new();
        for _ in 0..config.opening_plies {
            if session.status().is_over() {
                break;
            }
            game.legal_moves(session.state(), &mut moves);
            let Some(mv) = moves.choose(&mut rng).cloned() else {
                break;
            };
            session.play(mv).expect("a legal move");
        }
    }
    let (mut moves, mut time) = ([0u64; 2], [Duration::ZERO; 2]);
    // The side whose agent's fault stopped the game, if one did.
    let mut faulted = None;
    let mut legal = Vec::new();
    let outcome: Outcome = loop {
        let player = match session.status() {
            Status::Over(outcome) => break outcome,
            Status::ToMove(p) => p,
        };
        if config.max_plies > 0 && session.moves().len() as u64 >= config.max_plies {
            break Outcome::cap("arena-cap");
        }
        let side = usize::from(player != a_seat);
        let agent_error = |reason: String| ArenaError::Agent {
            game: index,
            spec: specs[side].clone(),
            reason,
        };
        let choice = super::with_input(game, session.state(), player, &mut legal, |input| {
            let clock = Instant::now();
            let choice = agents[side].choose(input);
            time[side] += clock.elapsed();
            choice
        });
        let Some(choice) = choice else {
            if agents[side].resigned() {
                session.resign(player);
                continue;
            }
            // An outside program's fault stops the game, counted apart.
            if let Some(reason) = agents[side].failure() {
                faulted = Some(side);
                break Outcome {
                    winner: None,
                    reason: format!("fault: {reason}").into(),
                    scores: None,
                    capped: false,
                };
            }
            return Err(agent_error("found no move".to_string()));
        };
        session.play(choice.mv).map_err(|e| {
            agent_error(format!(
                "chose the illegal move '{}': {}",
                game.format_move(&e.mv),
                e.reason
            ))
        })?;
        moves[side] += 1;
    };
    let result = match (faulted, outcome.winner) {
        (Some(0), _) => GameResultKind::AFault,
        (Some(_), _) => GameResultKind::BFault,
        (None, None) => GameResultKind::Draw,
        (None, Some(w)) if w == a_seat => GameResultKind::A,
        (None, Some(_)) => GameResultKind::B,
    };
    // A game stopped by the arena's cap is not over by the rules: its record
    // stays unfinished.
    let record = config.keep_records.then(|| session.record());
    Ok((
        GameResult {
            index,
            a_player: a_seat,
            result,
            reason: outcome.reason.to_string(),
            capped: outcome.capped,
            plies: session.moves().len() as u64,
            moves,
            time_us: time.map(|t| t.as_micros() as u64),
        },
        record,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::Nim;
    use crate::{rules, RulesSpec};

    fn nim() -> Nim {
        rules::load(&RulesSpec::default_variant().set("pile", "21"))
            .unwrap()
            .game
    }

    fn strip_times(mut report: ArenaReport) -> ArenaReport {
        for g in &mut report.games {
            g.time_us = [0, 0];
        }
        report
    }

    #[test]
    fn totals_add_up() {
        let run = play_arena(
            &nim(),
            &ArenaConfig::new("random", "random", 31, 3),
            &|_| {},
        )
        .unwrap();
        let s = run.report.summary();
        assert_eq!(s.games, 31);
        assert_eq!(s.a.wins + s.a.draws + s.a.losses, 31);
        assert_eq!(s.a_first.games(), 16);
        assert_eq!(s.a_second.games(), 15);
        assert_eq!(s.a_first.wins + s.a_second.wins, s.a.wins);
        let moves: u64 = run
            .report
            .games
            .iter()
            .map(|g| g.moves[0] + g.moves[1])
            .sum();
        let plies: u64 = run.report.games.iter().map(|g| g.plies).sum();
        assert_eq!(moves, plies);
        assert_eq!(run.records.len(), 31);
        for (g, r) in run.report.games.iter().zip(&run.records) {
            assert_eq!(g.plies, r.moves.len() as u64);
            let winner = r.outcome.as_ref().unwrap().winner;
            let expected = match g.result {
                GameResultKind::A => Some(g.a_player),
                GameResultKind::B => Some(g.a_player.opponent()),
                GameResultKind::Draw => None,
                GameResultKind::AFault | GameResultKind::BFault => unreachable!(),
            };
            assert_eq!(winner, expected);
        }
    }

    #[test]
    fn both_games_of_a_pair_start_with_the_same_random_opening() {
        let config = ArenaConfig {
            opening_plies: 3,
            ..ArenaConfig::new("greedy", "greedy", 8, 5)
        };
        let run = play_arena(&nim(), &config, &|_| {}).unwrap();
        assert_eq!(run.report.setup.opening_plies, 3);
        let opening = |g: usize| run.records[g].moves[..3].to_vec();
        let mut openings = Vec::new();
        for pair in 0..4 {
            assert_eq!(opening(2 * pair), opening(2 * pair + 1), "pair {pair}");
            openings.push(opening(2 * pair));
            // The opening's moves are nobody's: the agents' count starts after.
            let g = &run.report.games[2 * pair];
            assert_eq!(g.moves[0] + g.moves[1] + 3, g.plies);
        }
        openings.dedup();
        assert!(
            openings.len() > 1,
            "the pairs' openings differ: {openings:?}"
        );
    }

    #[test]
    fn a_run_is_the_same_on_one_thread_and_four() {
        let config = ArenaConfig {
            threads: 1,
            ..ArenaConfig::new("random", "random", 24, 11)
        };
        let one = play_arena(&nim(), &config, &|_| {}).unwrap();
        let four = play_arena(
            &nim(),
            &ArenaConfig {
                threads: 4,
                ..config.clone()
            },
            &|_| {},
        )
        .unwrap();
        assert_eq!(one.records, four.records);
        assert_eq!(strip_times(one.report.clone()), strip_times(four.report));
        let other_seed = play_arena(&nim(), &ArenaConfig { seed: 12, ..config }, &|_| {}).unwrap();
        assert_ne!(one.records, other_seed.records);
    }

    #[test]
    fn merged_shards_equal_the_whole_run() {
        let config = ArenaConfig::new("random", "random", 17, 5);
        let whole = play_arena(&nim(), &config, &|_| {}).unwrap();
        let shards: Vec<(String, ArenaReport)> = (0..3)
            .map(|index| {
                let shard = Shard { index, count: 3 };
                let run = play_arena(
                    &nim(),
                    &ArenaConfig {
                        shard,
                        ..config.clone()
                    },
                    &|_| {},
                )
                .unwrap();
                (shard.to_string(), run.report)
            })
            .collect();
        let merged = super::super::report::merge(shards).unwrap();
        assert_eq!(strip_times(merged), strip_times(whole.report));
    }

    #[test]
    fn progress_counts_every_game() {
        let seen = Mutex::new(Vec::new());
        let config = ArenaConfig::new("random", "random", 9, 1);
        play_arena(&nim(), &config, &|p| seen.lock().unwrap().push(p.done)).unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort_unstable();
        assert_eq!(seen, (1..=9).collect::<Vec<_>>());
    }

    #[test]
    fn bad_specs_name_the_option_and_the_cap_stops_long_games() {
        let e =
            play_arena(&nim(), &ArenaConfig::new("random", "oracle", 2, 1), &|_| {}).unwrap_err();
        assert!(
            e.to_string().starts_with("--b: unknown agent 'oracle'"),
            "{e}"
        );
        let capped = ArenaConfig {
            max_plies: 2,
            ..ArenaConfig::new("random", "random", 4, 1)
        };
        let run = play_arena(&nim(), &capped, &|_| {}).unwrap();
        assert!(run.report.games.iter().all(|g| g.capped && g.plies == 2));
        assert!(run.records.iter().all(|r| r.outcome.is_none()));
    }
}
