//! `greedy`: the move whose resulting state evaluates best for the mover,
//! one ply deep. A finished game is scored by [`Game::returns`](crate::Game::returns); for hidden
//! information every move is evaluated in a few states drawn from the view
//! and the values averaged.

use super::common::{self, value_of, TOP_MOVES};
use super::{Agent, AgentInput, AgentKind, Analysis, Choice, GreedyConfig, MoveStat};
use crate::{GameRng, SearchGame};
use rand::Rng;
use std::time::Instant;

/// The greedy agent.
pub struct GreedyAgent {
    config: GreedyConfig,
    rng: GameRng,
}

impl GreedyAgent {
    /// A greedy agent with these options and seed.
    pub fn new(config: GreedyConfig, seed: u64) -> Self {
        GreedyAgent {
            config,
            rng: crate::rng(seed),
        }
    }
}

impl<G: SearchGame> Agent<G> for GreedyAgent {
    fn spec(&self) -> String {
        AgentKind::Greedy(self.config).spec()
    }

    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>> {
        let started = Instant::now();
        common::return_if_settled!(input, common::GREEDY_FREE_FORM, &mut self.rng, started);
        let game = input.game;
        let worlds = if G::HIDDEN_INFORMATION {
            self.config.worlds.max(1)
        } else {
            1
        };
        let mut totals = vec![0.0; input.legal.len()];
        for _ in 0..worlds {
            let state = game.determinize(input.view, &mut self.rng);
            for (total, mv) in totals.iter_mut().zip(input.legal) {
                let mut next = state.clone();
                game.apply_unchecked(&mut next, mv);
                *total += value_of(game, &next, input.player);
            }
        }
        // Ties are broken at random, so that equal moves do not always go
        // to the first listed.
        let mut best = 0;
        let mut ties = 1;
        for i in 1..totals.len() {
            if totals[i] > totals[best] {
                best = i;
                ties = 1;
            } else if totals[i] == totals[best] {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    best = i;
                }
            }
        }
        let stats = input
            .legal
            .iter()
            .zip(&totals)
            .map(|(mv, t)| MoveStat {
                mv: mv.clone(),
                visits: u64::from(worlds),
                value: t / f64::from(worlds),
            })
            .collect();
        Some(Choice {
            mv: input.legal[best].clone(),
            analysis: Analysis {
                iterations: input.legal.len() as u64 * u64::from(worlds),
                depth: Some(1),
                top: common::top(stats, TOP_MOVES, |s| s.value),
                value: Some(totals[best] / f64::from(worlds)),
                elapsed: started.elapsed(),
                nodes: 0,
            },
        })
    }
}
