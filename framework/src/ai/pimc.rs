//! `pimc`: perfect-information Monte Carlo. States are drawn from the view
//! with [`Game::determinize`] (`worlds` of them), each is searched by
//! alpha-beta as if it were the truth, and each world votes for its best
//! move; the move with most votes is played (ties go to the higher mean
//! value). The budget is shared equally by the worlds.

use super::alphabeta::{Searcher, Table, PROVEN_SCALE};
use super::common::{self, TOP_MOVES};
use super::{Agent, AgentInput, AgentKind, Analysis, Budget, Choice, MoveStat, PimcConfig};
use crate::{Game, GameRng};
use std::time::Instant;

/// The PIMC agent.
pub struct PimcAgent<G: Game> {
    config: PimcConfig,
    table: Table<G::Move>,
    rng: GameRng,
}

impl<G: Game> PimcAgent<G> {
    /// A PIMC agent with these options and seed.
    pub fn new(config: PimcConfig, seed: u64) -> Self {
        PimcAgent {
            config,
            table: Table::new(),
            rng: crate::rng(seed),
        }
    }
}

impl<G: Game> Agent<G> for PimcAgent<G> {
    fn spec(&self) -> String {
        AgentKind::Pimc(self.config).spec()
    }

    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>> {
        let started = Instant::now();
        if !input.moves_enumerable {
            let (mv, value) =
                common::free_form_move(input, common::FREE_FORM_SAMPLES, &mut self.rng)?;
            let mut choice = Choice::plain(mv, started.elapsed());
            choice.analysis.value = Some(value);
            return Some(choice);
        }
        if input.legal.is_empty() {
            return None;
        }
        if input.legal.len() == 1 {
            return Some(Choice::plain(input.legal[0].clone(), started.elapsed()));
        }
        let worlds = self.config.worlds.max(1);
        let share = Budget {
            time: self.config.budget.time.map(|t| t / worlds),
            iterations: self
                .config
                .budget
                .iterations
                .map(|n| (n / u64::from(worlds)).max(1)),
        };
        let mut votes = vec![0u64; input.legal.len()];
        let mut values = vec![0.0f64; input.legal.len()];
        let mut nodes = 0;
        let mut depth = u32::MAX;
        // The table is keyed by full states, so the worlds can share it;
        // it is emptied for each move, as it holds guesses of hidden pieces.
        self.table.clear();
        for _ in 0..worlds {
            let state = input.game.determinize(input.view, &mut self.rng);
            let mut searcher = Searcher::new(input.game, &mut self.table, share);
            let result = searcher.search(&state, input.player, input.legal, self.config.depth);
            nodes += result.nodes;
            self.table.fit(result.nodes);
            depth = depth.min(result.depth);
            if let Some((mv, v)) = result.best {
                if let Some(i) = input.legal.iter().position(|m| *m == mv) {
                    votes[i] += 1;
                    let v = if v.abs() > 1.0 { v / PROVEN_SCALE } else { v };
                    values[i] += v.clamp(-1.0, 1.0);
                }
            }
        }
        let mean = |i: usize| {
            if votes[i] == 0 {
                f64::NEG_INFINITY
            } else {
                values[i] / votes[i] as f64
            }
        };
        let best = (0..input.legal.len())
            .max_by(|&a, &b| {
                votes[a]
                    .cmp(&votes[b])
                    .then(mean(a).total_cmp(&mean(b)))
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        let stats = (0..input.legal.len())
            .filter(|&i| votes[i] > 0)
            .map(|i| MoveStat {
                mv: input.legal[i].clone(),
                visits: votes[i],
                value: mean(i),
            })
            .collect();
        Some(Choice {
            mv: input.legal[best].clone(),
            analysis: Analysis {
                iterations: nodes,
                depth: Some(if depth == u32::MAX { 0 } else { depth }),
                top: common::top(stats, TOP_MOVES, |s| s.visits as f64 + s.value * 1e-3),
                value: (votes[best] > 0).then(|| mean(best)),
                elapsed: started.elapsed(),
            },
        })
    }

    fn new_game(&mut self) {
        self.table.clear();
    }
}
