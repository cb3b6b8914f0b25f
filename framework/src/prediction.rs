//! How well an agent predicts the moves people played: a recorded game
//! replayed, and at each ply the agent asked, from the mover's view only,
//! for its choice and, where it has one, its distribution over the moves.
//!
//! ```
//! use plateau::demo::Nim;
//! use plateau::prediction::{predict, PredictOptions, Summary};
//! use plateau::{Registry, RulesSpec};
//!
//! let mut registry = Registry::new();
//! registry.register::<Nim>();
//! let game = registry.get("nim").unwrap().load(&RulesSpec::default_variant()).unwrap();
//! let mut session = game.new_session(0);
//! for _ in 0..3 {
//!     let mv = session.legal_moves()[0].clone();
//!     session.play(&mv).unwrap();
//! }
//! let options = PredictOptions::new("alphabeta:depth=6");
//! let game = predict(&registry, &session.record(), &options).unwrap();
//! let summary = Summary::of(std::slice::from_ref(&game));
//! assert_eq!(summary.all.positions, 3);
//! assert!(summary.all.top1 <= summary.all.top3);
//! ```
//!
//! **What is counted.** Every ply whose moves can be listed (not a
//! setup): the agent's first choice equals the move played (top-1); the
//! move played is among the agent's three best (top-3: the first three of
//! its ranked moves, fewer if it ranks fewer: alpha-beta ranks its choice
//! alone, MCTS and PIMC their five most visited or voted); and the probability the
//! agent gave the move played. An agent that counts visits or votes
//! (MCTS, information-set MCTS, PIMC) gives each of its listed moves its
//! share of the visits; every legal move gets half a visit more
//! (add-one-half smoothing), so that a move it did not list has a
//! probability above 0 and a log-likelihood. Agents without a
//! distribution (alpha-beta, greedy, random) get no log-likelihood.
//!
//! **Phases.** A game's listable plies are split into the ending (the last
//! [`PredictOptions::ending`] plies), the opening (the first
//! [`PredictOptions::opening`] plies before the ending) and the middle (the
//! rest), so that every ply is in one phase.

use crate::ai::AgentLimits;
use crate::{DynAgent, GameRecord, Registry, Status};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use thiserror::Error;

/// How the moves of a record are predicted.
#[derive(Clone, Debug)]
pub struct PredictOptions {
    /// The agent's spec.
    pub agent: String,
    /// A cap on the agent's time for each position.
    pub time: Option<Duration>,
    /// The agent's seed (a fresh agent for each position, seeded alike).
    pub seed: u64,
    /// Plies at the start counted as the opening.
    pub opening: usize,
    /// Plies at the end counted as the ending.
    pub ending: usize,
}

impl PredictOptions {
    /// Options for `agent`: no time cap, seed 0, a 20-ply opening and a
    /// 50-ply ending.
    pub fn new(agent: impl Into<String>) -> PredictOptions {
        PredictOptions {
            agent: agent.into(),
            time: None,
            seed: 0,
            opening: 20,
            ending: 50,
        }
    }
}

/// The phase of the game a ply is in (see the module docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The first plies.
    Opening,
    /// Neither the first nor the last plies.
    Middle,
    /// The last plies.
    Ending,
}

/// One predicted ply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyPrediction {
    /// The ply's number in the record, from 1 (setups included).
    pub ply: usize,
    /// The phase.
    pub phase: Phase,
    /// The mover's name.
    pub mover: String,
    /// The move played.
    pub played: String,
    /// The agent's choice.
    pub chosen: String,
    /// The agent's ranked moves, best first (at most five).
    pub ranked: Vec<String>,
    /// Whether the choice is the move played.
    pub top1: bool,
    /// Whether the move played is among the first three ranked.
    pub top3: bool,
    /// The probability the agent gave the move played, if it has a
    /// distribution.
    pub probability: Option<f64>,
}

/// A record's predicted plies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GamePrediction {
    /// The game's id.
    pub game: String,
    /// The agent's spec.
    pub agent: String,
    /// The plies predicted, in order.
    pub plies: Vec<PlyPrediction>,
}

/// Counts over some plies.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// Plies predicted.
    pub positions: usize,
    /// Of them, the agent's first choice was the move played.
    pub top1: usize,
    /// Of them, the move played was among the agent's first three.
    pub top3: usize,
    /// Plies with a probability.
    pub with_probability: usize,
    /// The sum of the natural logarithms of those probabilities.
    pub log_likelihood: f64,
}

impl Tally {
    fn add(&mut self, p: &PlyPrediction) {
        self.positions += 1;
        self.top1 += usize::from(p.top1);
        self.top3 += usize::from(p.top3);
        if let Some(prob) = p.probability {
            self.with_probability += 1;
            self.log_likelihood += prob.ln();
        }
    }

    /// Top-1 agreement, a share of the positions (0 when there are none).
    pub fn top1_rate(&self) -> f64 {
        self.top1 as f64 / self.positions.max(1) as f64
    }

    /// Top-3 agreement.
    pub fn top3_rate(&self) -> f64 {
        self.top3 as f64 / self.positions.max(1) as f64
    }

    /// The mean log-likelihood of the moves played, if the agent gave
    /// probabilities.
    pub fn mean_log_likelihood(&self) -> Option<f64> {
        (self.with_probability > 0).then(|| self.log_likelihood / self.with_probability as f64)
    }
}

/// Counts by phase and over all plies.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The opening plies.
    pub opening: Tally,
    /// The middle plies.
    pub middle: Tally,
    /// The ending plies.
    pub ending: Tally,
    /// Every ply.
    pub all: Tally,
}

impl Summary {
    /// The counts over `games`.
    pub fn of(games: &[GamePrediction]) -> Summary {
        let mut s = Summary::default();
        for p in games.iter().flat_map(|g| &g.plies) {
            s.all.add(p);
            match p.phase {
                Phase::Opening => s.opening.add(p),
                Phase::Middle => s.middle.add(p),
                Phase::Ending => s.ending.add(p),
            }
        }
        s
    }
}

/// Why a record cannot be predicted.
#[derive(Debug, Error)]
pub enum PredictError {
    /// The record does not load or replay.
    #[error(transparent)]
    Record(#[from] crate::RecordError),
    /// The agent's spec is not one of the game's.
    #[error("--agent: {0}")]
    Agent(#[from] crate::ai::SpecError),
}

/// Whether the agent of canonical spec `spec` ranks moves by visits or
/// votes that make a distribution (MCTS, information-set MCTS, PIMC);
/// greedy lists every move with the same count, alpha-beta with none.
fn counts_visits(spec: &str) -> bool {
    let name = spec.split(':').next().unwrap_or("");
    matches!(name, "mcts" | "ismcts" | "pimc")
}

/// The phase of listable ply `k` (from 0) of `n`.
fn phase(k: usize, n: usize, options: &PredictOptions) -> Phase {
    if k + options.ending >= n {
        Phase::Ending
    } else if k < options.opening {
        Phase::Opening
    } else {
        Phase::Middle
    }
}

/// Replays `record` and asks the agent of `options` at each listable ply,
/// from the mover's view, for its choice (see the module docs).
pub fn predict(
    registry: &Registry,
    record: &GameRecord,
    options: &PredictOptions,
) -> Result<GamePrediction, PredictError> {
    let whole = registry.load_record(record)?;
    let game = whole.rules();
    let new_agent = || game.agent(&options.agent, options.seed);
    new_agent()?;
    let limits = AgentLimits {
        time: options.time,
        nodes: None,
    };
    let mut session = registry.load_record(&record.start())?;
    let mut plies = Vec::new();
    for (i, text) in record.moves.iter().enumerate() {
        let Status::ToMove(mover) = session.status() else {
            break;
        };
        if session.moves_enumerable() {
            let mut agent: Box<dyn DynAgent> = new_agent()?;
            let counts_visits = counts_visits(&agent.spec());
            if let Some(choice) = agent.choose_limited(session.as_ref(), limits) {
                let ranked: Vec<String> = choice.top.iter().map(|t| t.0.clone()).collect();
                let top3 = choice.mv == *text || ranked.iter().take(3).any(|m| m == text);
                let visits: u64 = choice.top.iter().map(|t| t.1).sum();
                let probability = (counts_visits && visits > 0).then(|| {
                    let legal = session.legal_moves().len().max(1) as f64;
                    let own = choice.top.iter().find(|t| t.0 == *text).map_or(0, |t| t.1) as f64;
                    (own + 0.5) / (visits as f64 + 0.5 * legal)
                });
                plies.push(PlyPrediction {
                    ply: i + 1,
                    // Set below, once the number of plies is known.
                    phase: Phase::Middle,
                    mover: session.player_name(mover),
                    played: text.clone(),
                    top1: choice.mv == *text,
                    top3,
                    chosen: choice.mv,
                    ranked,
                    probability,
                });
            }
        }
        session
            .play(text)
            .map_err(|e| crate::RecordError::of_move(i, text, e, record.moves.len()))?;
    }
    let n = plies.len();
    for (k, ply) in plies.iter_mut().enumerate() {
        ply.phase = phase(k, n, options);
    }
    Ok(GamePrediction {
        game: game.id().to_string(),
        agent: options.agent.clone(),
        plies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::Nim;
    use crate::RulesSpec;

    fn nim_registry() -> Registry {
        let mut registry = Registry::new();
        registry.register::<Nim>();
        registry
    }

    /// Nim of 21 stones, 1 to 3 a move (whoever takes the last stone wins):
    /// the mover wins by leaving a multiple of 4, so from `p` stones the one
    /// winning move takes `p mod 4`. The record's players never leave a
    /// multiple of 4 but at the end, so every position searched is a win
    /// with one winning move, which full-depth alpha-beta chooses.
    #[test]
    fn agreements_counted_by_hand_on_a_nim_record() {
        let registry = nim_registry();
        let mut session = registry
            .get("nim")
            .unwrap()
            .load(&RulesSpec::default_variant())
            .unwrap()
            .new_session(0);
        // Piles before each move: 21 19 18 17 15 13 11 9 7 5 3.
        let played = ["2", "1", "1", "2", "2", "2", "2", "2", "2", "2", "3"];
        for mv in played {
            session.play(mv).unwrap();
        }
        assert!(session.status().is_over());
        let options = PredictOptions {
            opening: 3,
            ending: 4,
            ..PredictOptions::new("alphabeta:depth=24")
        };
        let prediction = predict(&registry, &session.record(), &options).unwrap();
        let chosen: Vec<&str> = prediction.plies.iter().map(|p| p.chosen.as_str()).collect();
        // p mod 4 for each pile.
        assert_eq!(
            chosen,
            ["1", "3", "2", "1", "3", "1", "3", "1", "3", "1", "3"]
        );
        let phases: Vec<Phase> = prediction.plies.iter().map(|p| p.phase).collect();
        use Phase::*;
        assert_eq!(
            phases,
            [
                Opening, Opening, Opening, Middle, Middle, Middle, Middle, Ending, Ending, Ending,
                Ending
            ]
        );
        let s = Summary::of(std::slice::from_ref(&prediction));
        // Only the last move, 3 of 3 stones, is the agent's choice; and
        // alpha-beta ranks its choice alone, so top-3 is top-1.
        assert!(prediction
            .plies
            .iter()
            .all(|p| p.ranked == [p.chosen.clone()]));
        assert_eq!((s.all.positions, s.all.top1, s.all.top3), (11, 1, 1));
        assert_eq!((s.opening.positions, s.opening.top1), (3, 0));
        assert_eq!((s.middle.positions, s.middle.top1), (4, 0));
        assert_eq!((s.ending.positions, s.ending.top1), (4, 1));
        // Alpha-beta has no distribution over moves.
        assert_eq!(s.all.mean_log_likelihood(), None);
        assert!((s.ending.top1_rate() - 0.25).abs() < 1e-12);
    }

    #[test]
    fn a_visit_count_gives_a_smoothed_probability() {
        let registry = nim_registry();
        let mut session = registry
            .get("nim")
            .unwrap()
            .load(&RulesSpec::default_variant())
            .unwrap()
            .new_session(0);
        session.play("2").unwrap();
        let prediction = predict(
            &registry,
            &session.record(),
            &PredictOptions::new("mcts:iters=300"),
        )
        .unwrap();
        let p = prediction.plies[0].probability.expect("MCTS counts visits");
        // 300 visits over 3 moves, half a visit more each: between
        // 0.5 / 301.5 and 300.5 / 301.5.
        assert!(p > 0.5 / 301.5 - 1e-12 && p < 300.5 / 301.5 + 1e-12, "{p}");
        let s = Summary::of(std::slice::from_ref(&prediction));
        assert!((s.all.mean_log_likelihood().unwrap() - p.ln()).abs() < 1e-12);
    }
}
