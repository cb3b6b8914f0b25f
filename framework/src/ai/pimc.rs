//! `pimc`: perfect-information Monte Carlo. States are drawn from the view
//! with [`SearchHooks::determinize`](crate::SearchHooks::determinize) (`worlds` of them), each is searched by
//! alpha-beta as if it were the truth, and every world scores every move
//! (each root move searched with a full window); the move with the best
//! mean score over the worlds is played, exact ties going to the move
//! whose mean is better one ply shallower (then two, ...): of a capture
//! made now and the same capture made after another move, the first gains
//! sooner, though the deepest iteration scores both alike. The worlds' votes (how many put
//! a move first) are reported. Plain votes for each world's best move fuse
//! strategies badly in Stratego: in each world some attack on an unknown
//! piece finds its flag, so the votes go to attacks that lose on average.
//! The same fusion deeper in each world's tree (a later attack aimed at the
//! flag of that world) is met in the search: such a win is worth the chance
//! of the guess ([`SearchHooks::guessed_win`](crate::SearchHooks::guessed_win)).
//! With the option `habit`, of the moves whose mean is within `habit` of the
//! best, the one people favour most is played
//! ([`SearchHooks::move_habit`](crate::SearchHooks::move_habit)): with
//! `habit` 0, only among moves valued exactly alike.
//! The budget is shared equally by the worlds.

use super::alphabeta::{Searcher, Table, PROVEN_SCALE};
use super::common::{self, TOP_MOVES};
use super::{
    Agent, AgentInput, AgentKind, AgentLimits, Analysis, Budget, Choice, MoveStat, PimcConfig,
};
use crate::{GameRng, SearchGame};
use std::time::Instant;

/// The PIMC agent.
pub struct PimcAgent<G: SearchGame> {
    config: PimcConfig,
    table: Table<G::Move>,
    rng: GameRng,
}

impl<G: SearchGame> PimcAgent<G> {
    /// A PIMC agent with these options and seed.
    pub fn new(config: PimcConfig, seed: u64) -> Self {
        PimcAgent {
            config,
            table: Table::new(),
            rng: crate::rng(seed),
        }
    }
}

impl<G: SearchGame> Agent<G> for PimcAgent<G> {
    fn spec(&self) -> String {
        AgentKind::Pimc(self.config).spec()
    }

    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>> {
        let started = Instant::now();
        common::return_if_settled!(input, &mut self.rng, started);
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
        let n = input.legal.len();
        let mut votes = vec![0u64; n];
        // The worlds' summed values of each move, by how many plies short
        // of each world's deepest iteration they were searched: `totals[0]`
        // from the deepest, `totals[k]` from `k` plies shallower (or the
        // shallowest, for a world that did not go that deep).
        let mut totals: Vec<Vec<f64>> = Vec::new();
        let mut scored = 0u32;
        let mut nodes = 0;
        let mut depth = u32::MAX;
        // The table is keyed by full states, so the worlds can share it;
        // it is emptied for each move, as it holds guesses of hidden pieces.
        self.table.clear();
        let cap = input.limits.nodes;
        self.table.limit(cap);
        let deadline = self.config.budget.start_within(input.limits);
        let mut by_world: Vec<Vec<Vec<f64>>> = Vec::new();
        let belief = common::index_of(input.game.beliefs(), self.config.belief);
        let eval = common::index_of(input.game.evaluations(), self.config.eval);
        for w in 0..worlds {
            // Drawing a world may cost more than its share of the time:
            // no new world once the time is up (one is always searched).
            if w > 0 && deadline.out_of_time() {
                break;
            }
            let state = input
                .game
                .determinize_with(belief, input.view, &mut self.rng);
            // Each world's search stops at the time limit too: what is left
            // of it.
            let limits = AgentLimits {
                time: input
                    .limits
                    .time
                    .map(|t| t.saturating_sub(deadline.elapsed())),
                ..input.limits
            };
            let mut searcher =
                Searcher::within(input.game, &mut self.table, share, limits).with_eval(eval);
            let by_depth =
                searcher.all_values(&state, input.player, input.legal, self.config.depth);
            let used = searcher.nodes();
            nodes += used;
            self.table.fit(used, cap);
            let Some(values) = by_depth.first() else {
                continue;
            };
            depth = depth.min(by_depth.len() as u32);
            scored += 1;
            let mut best = 0;
            for (i, v) in values.iter().enumerate() {
                if *v > values[best] {
                    best = i;
                }
            }
            votes[best] += 1;
            by_world.push(by_depth);
        }
        let levels = by_world.iter().map(Vec::len).max().unwrap_or(0);
        for k in 0..levels {
            let mut sums = vec![0.0f64; n];
            for by_depth in &by_world {
                let values = &by_depth[k.min(by_depth.len() - 1)];
                for (sum, v) in sums.iter_mut().zip(values) {
                    let v = if v.abs() > 1.0 { v / PROVEN_SCALE } else { *v };
                    *sum += v.clamp(-1.0, 1.0);
                }
            }
            totals.push(sums);
        }
        let mean =
            |k: usize, i: usize| totals.get(k).map_or(0.0, |t| t[i]) / f64::from(scored.max(1));
        // The best mean of the deepest iterations; exact ties go to the
        // move that gains sooner (the better mean one ply shallower, then
        // two, ...): where a capture can be made now or after any other
        // move, the deepest values cannot tell them apart, and a search
        // that plays the first of the tied moves puts the capture off for
        // ever (seen in the Original game: a miner beside a known bomb for
        // 1 600 plies, the game drawn at the move cap).
        let sooner = |a: usize, b: usize| {
            (1..levels)
                .map(|k| mean(k, a).total_cmp(&mean(k, b)))
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        };
        // With `habit`, the moves whose mean is within it of the best: of
        // those, the one people favour most (Stratego: moving on with the
        // piece moved last), then the best as above. With `habit` 0, habits
        // break exact ties alone; without it, they are not read.
        let margin = self.config.habit;
        let habit: Option<Vec<u32>> = margin.map(|_| {
            input
                .legal
                .iter()
                .map(|m| input.game.move_habit(input.view, m))
                .collect()
        });
        let better = |a: usize, b: usize| {
            mean(0, a)
                .total_cmp(&mean(0, b))
                .then_with(|| sooner(a, b))
                .then(votes[a].cmp(&votes[b]))
                .then(b.cmp(&a))
        };
        let top_mean = (0..n).map(|i| mean(0, i)).fold(f64::NEG_INFINITY, f64::max);
        let near_best = |i: usize| margin.is_some_and(|m| mean(0, i) >= top_mean - m);
        // Every move in the order of choice: the near-best ones by habit
        // first, then the rest by value; the first is played.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| {
            near_best(b)
                .cmp(&near_best(a))
                .then_with(|| match &habit {
                    Some(habit) if near_best(a) => habit[b].cmp(&habit[a]),
                    _ => std::cmp::Ordering::Equal,
                })
                .then_with(|| better(b, a))
        });
        let best = order[0];
        let mean = |i: usize| mean(0, i);
        let top = order
            .into_iter()
            .take(TOP_MOVES)
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
                top,
                value: (scored > 0).then(|| mean(best)),
                elapsed: started.elapsed(),
                nodes: self.table.len() as u64,
            },
        })
    }

    fn new_game(&mut self) {
        self.table.clear();
    }
}
