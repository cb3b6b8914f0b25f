//! `ismcts`: single-observer information-set Monte Carlo tree search
//! (Cowling, Powley and Whitehouse, 2012).
//!
//! The tree is the agent's: a node is an information set of the observer,
//! the moves from the root, whoever made them, each with what it was seen
//! to do ([`SearchHooks::move_outcome_key`](crate::SearchHooks::move_outcome_key): in Stratego the ranks a fight
//! revealed and who won it). One move can so lead to several nodes, one
//! for each outcome seen in the drawn states. Each iteration draws a state
//! from the view with [`SearchHooks::determinize`](crate::SearchHooks::determinize) and descends the tree with the
//! moves legal in that state, choosing a move by UCB1 over availability
//! counts (how often it was legal when its parent chose) with the
//! statistics of all its outcomes together, then following the node of the
//! outcome it has in this state. It expands one move or outcome not seen
//! before and finishes with a playout. Statistics are from the point of
//! view of the player who made each move. The tree is rebuilt for each move, from the view only.
//! The opponent's moves that win at once in the drawn state are taken
//! (decisive moves); the observer's are not, unless a root move won at
//! once in every state drawn (at least eight): then it is played.
//! With `threads=N` (root parallelism) `N` trees are grown on threads of
//! their own, each from its own seed (drawn from the agent's generator),
//! with the whole time and a share of the iterations, and their root
//! statistics are added up move by move in a fixed order.

use super::common::{self, RootStat};
use super::{Agent, AgentInput, AgentKind, Choice, Deadline, IsmctsConfig, Rollout};
use crate::{GameRng, Player, SearchGame, Status};
use rand::Rng;
use std::time::Instant;

struct Node<M> {
    mv: Option<M>,
    /// What `mv` was seen to do ([`SearchHooks::move_outcome_key`](crate::SearchHooks::move_outcome_key)).
    outcome: u64,
    /// The player who made `mv`.
    actor: Player,
    parent: u32,
    children: Vec<u32>,
    visits: u32,
    /// How often this node's move was legal when its parent chose.
    available: u32,
    /// The sum of the iterations' values for `actor`.
    total: f64,
}

/// The ISMCTS agent.
pub struct IsmctsAgent {
    config: IsmctsConfig,
    rng: GameRng,
}

impl IsmctsAgent {
    /// An ISMCTS agent with these options and seed.
    pub fn new(config: IsmctsConfig, seed: u64) -> Self {
        IsmctsAgent {
            config,
            rng: crate::rng(seed),
        }
    }
}

/// Plies of chance (free-form moves drawn at random) an iteration may take
/// inside the tree before it stops descending.
const MAX_DESCENT: u32 = 1_000;

/// Drawn states in which a root move must win at once, every one of them,
/// to be taken as a sure win (a flag the view tells, S9.1).
const SURE_WORLDS: u32 = 8;

/// The root moves (in the order of the legal moves) that have won at once
/// in every state drawn so far.
struct SureWins {
    still: Vec<bool>,
    worlds: u32,
}

impl SureWins {
    fn new(moves: usize) -> Self {
        SureWins {
            still: vec![true; moves],
            worlds: 0,
        }
    }

    /// Checks the moves not yet refuted in `state`, drawn from the view.
    fn check<G: SearchGame>(&mut self, input: &AgentInput<'_, G>, state: &G::State) {
        self.worlds += 1;
        for (still, mv) in self.still.iter_mut().zip(input.legal) {
            if *still {
                let mut next = state.clone();
                input.game.apply_unchecked(&mut next, mv);
                *still = matches!(input.game.status(&next),
                    Status::Over(o) if o.winner == Some(input.player));
            }
        }
    }

    /// The moves that won at once in every one of at least
    /// [`SURE_WORLDS`] states.
    fn sure<'a, M>(&'a self, legal: &'a [M]) -> impl Iterator<Item = &'a M> + 'a {
        let enough = self.worlds >= SURE_WORLDS;
        legal
            .iter()
            .zip(&self.still)
            .filter(move |(_, s)| enough && **s)
            .map(|(m, _)| m)
    }
}

/// One search from the view: the root moves' statistics (a move that won
/// at once in every drawn state marked proven) and the iterations run.
fn search<G: SearchGame>(
    config: &IsmctsConfig,
    rng: &mut GameRng,
    input: &AgentInput<'_, G>,
    deadline: &Deadline,
) -> (Vec<RootStat<G::Move>>, u64, u64) {
    let mut nodes: Vec<Node<G::Move>> = vec![Node {
        mv: None,
        outcome: 0,
        actor: input.player.opponent(),
        parent: u32::MAX,
        children: Vec::new(),
        visits: 0,
        available: 0,
        total: 0.0,
    }];
    let mut sure = SureWins::new(input.legal.len());
    let mut iterations = 0u64;
    // At least one iteration, so that a root move is expanded even when
    // the time was up before the search began (a limit of a clock).
    while iterations == 0 || !deadline.exhausted(iterations) {
        let full = deadline.tree_full(nodes.len());
        iterate(config, rng, input, &mut nodes, &mut sure, full);
        iterations += 1;
    }
    let mut stats = root_stats(&nodes);
    for mv in sure.sure(input.legal) {
        match stats.iter_mut().find(|s| s.mv == *mv) {
            Some(s) => s.proven = Some(1.0),
            None => stats.push(RootStat {
                mv: mv.clone(),
                visits: 0,
                total: 0.0,
                proven: Some(1.0),
            }),
        }
    }
    (stats, iterations, nodes.len() as u64)
}

/// The root moves' statistics of a tree, each move's outcomes added up.
fn root_stats<M: Clone + PartialEq>(nodes: &[Node<M>]) -> Vec<RootStat<M>> {
    let mut stats: Vec<RootStat<M>> = Vec::new();
    for &c in &nodes[0].children {
        let n = &nodes[c as usize];
        let mv = n.mv.as_ref().expect("children have moves");
        match stats.iter_mut().find(|s| s.mv == *mv) {
            Some(s) => {
                s.visits += u64::from(n.visits);
                s.total += n.total;
            }
            None => stats.push(RootStat {
                mv: mv.clone(),
                visits: u64::from(n.visits),
                total: n.total,
                proven: None,
            }),
        }
    }
    stats
}

/// A new node of `mv` with `outcome` under `parent`, made `available`
/// times so far.
fn add_node<M>(
    nodes: &mut Vec<Node<M>>,
    parent: u32,
    mv: M,
    outcome: u64,
    actor: Player,
    available: u32,
) -> u32 {
    let id = nodes.len() as u32;
    nodes.push(Node {
        mv: Some(mv),
        outcome,
        actor,
        parent,
        children: Vec::new(),
        visits: 0,
        available,
        total: 0.0,
    });
    nodes[parent as usize].children.push(id);
    id
}

fn iterate<G: SearchGame>(
    config: &IsmctsConfig,
    rng: &mut GameRng,
    input: &AgentInput<'_, G>,
    nodes: &mut Vec<Node<G::Move>>,
    sure: &mut SureWins,
    full: bool,
) {
    let game = input.game;
    let belief = common::index_of(game.beliefs(), config.belief);
    let mut state = game.determinize_with(belief, input.view, rng);
    sure.check(input, &state);
    let mut id = 0u32;
    let mut legal: Vec<G::Move> = Vec::new();
    let mut untried: Vec<G::Move> = Vec::new();
    // Each legal move's visits, value and availability, summed over its
    // outcomes (reused from step to step).
    let mut per_move: Vec<(u32, f64, u32)> = Vec::new();
    let mut steps = 0;
    loop {
        steps += 1;
        let Status::ToMove(mover) = game.status(&state) else {
            break;
        };
        if steps > MAX_DESCENT {
            break;
        }
        if !game.moves_enumerable(&state) {
            // A free-form move of another player (a setup) is chance.
            if !game.play_random(&mut state, rng) {
                break;
            }
            continue;
        }
        if id == 0 {
            legal.clear();
            legal.extend_from_slice(input.legal);
        } else {
            game.legal_moves(&state, &mut legal);
        }
        if legal.is_empty() {
            break;
        }
        // An opponent's move that wins at once in this state is taken
        // (decisive moves): its replies that end the game are found
        // without waiting for their expansion by chance. The observer's
        // own moves are not: a move that wins only in this drawn state
        // (an attack on the piece drawn as the flag) would take visits
        // that its value over all the states does not earn, and the root
        // move is chosen by its visits.
        let decisive = (mover != input.player)
            .then(|| {
                legal.iter().position(|m| {
                    let mut next = state.clone();
                    game.apply_unchecked(&mut next, m);
                    matches!(game.status(&next), Status::Over(o) if o.winner == Some(mover))
                })
            })
            .flatten();
        if let Some(d) = decisive {
            legal.swap(0, d);
            legal.truncate(1);
        }
        untried.clear();
        untried.extend(
            legal
                .iter()
                .filter(|m| {
                    !nodes[id as usize]
                        .children
                        .iter()
                        .any(|&c| nodes[c as usize].mv.as_ref() == Some(*m))
                })
                .cloned(),
        );
        if !untried.is_empty() {
            let mv = untried.swap_remove(rng.random_range(0..untried.len()));
            game.apply_unchecked(&mut state, &mv);
            let outcome = game.move_outcome_key(&state);
            // The other legal children were available too.
            let children = nodes[id as usize].children.clone();
            for c in children {
                if nodes[c as usize]
                    .mv
                    .as_ref()
                    .is_some_and(|m| legal.contains(m))
                {
                    nodes[c as usize].available += 1;
                }
            }
            // A full tree grows no more (but the root's moves are always
            // added): the playout starts from here, its value going to
            // the nodes above.
            if !full || id == 0 {
                id = add_node(nodes, id, mv, outcome, mover, 1);
            }
            break;
        }
        // Every legal move has a child: UCB1 over availability, a move's
        // visits and values those of all its outcomes, its availability
        // that of its oldest outcome (counted since the move's expansion).
        per_move.clear();
        per_move.resize(legal.len(), (0, 0.0, 0));
        let children = nodes[id as usize].children.clone();
        for c in children {
            let node = &mut nodes[c as usize];
            let Some(m) = node.mv.as_ref() else { continue };
            let Some(p) = legal.iter().position(|l| l == m) else {
                continue;
            };
            node.available += 1;
            let entry = &mut per_move[p];
            entry.0 += node.visits;
            entry.1 += node.total;
            entry.2 = entry.2.max(node.available);
        }
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for (p, &(visits, total, available)) in per_move.iter().enumerate() {
            if available == 0 {
                continue;
            }
            let n = f64::from(visits.max(1));
            let score = total / n + config.c * (f64::from(available).ln() / n).sqrt();
            if score > best_score {
                best_score = score;
                best = Some(p);
            }
        }
        let Some(p) = best else { break };
        let mv = legal[p].clone();
        game.apply_unchecked(&mut state, &mv);
        let outcome = game.move_outcome_key(&state);
        let seen = nodes[id as usize].children.iter().copied().find(|&c| {
            let node = &nodes[c as usize];
            node.outcome == outcome && node.mv.as_ref() == Some(&mv)
        });
        match seen {
            Some(c) => id = c,
            None => {
                // An outcome of this move not seen before: a new node
                // (unless the tree is full).
                if !full || id == 0 {
                    id = add_node(nodes, id, mv, outcome, mover, per_move[p].2);
                }
                break;
            }
        }
    }
    let cut = match config.rollout {
        Rollout::Random => None,
        Rollout::Eval { cut } => Some(cut),
    };
    let value0 = common::playout(game, &mut state, cut, rng);
    let mut cur = id;
    while cur != 0 {
        let node = &mut nodes[cur as usize];
        node.visits += 1;
        node.total += if node.actor == Player::FIRST {
            value0
        } else {
            -value0
        };
        cur = node.parent;
    }
    nodes[0].visits += 1;
}

impl<G: SearchGame> Agent<G> for IsmctsAgent {
    fn spec(&self) -> String {
        AgentKind::Ismcts(self.config).spec()
    }

    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>> {
        let started = Instant::now();
        let config = self.config;
        let rng = &mut self.rng;
        common::return_if_settled!(input, rng, started);
        if input.legal.len() == 1 {
            return Some(Choice::plain(input.legal[0].clone(), started.elapsed()));
        }
        let deadline = config.budget.start_within(input.limits);
        let threads = common::search_threads(config.threads, &deadline);
        let (stats, iterations, nodes) = if threads <= 1 {
            search(&config, rng, input, &deadline)
        } else {
            let seeds: Vec<u64> = (0..threads).map(|_| rng.random()).collect();
            let runs = common::in_parallel(seeds, |i, seed| {
                let mut rng = crate::rng(seed);
                let deadline = common::thread_deadline(&deadline, threads, i);
                search(&config, &mut rng, input, &deadline)
            });
            let iterations = runs.iter().map(|r| r.1).sum();
            let nodes = runs.iter().map(|r| r.2).sum();
            (
                common::merge_roots(runs.into_iter().map(|r| r.0).collect()),
                iterations,
                nodes,
            )
        };
        common::choice_from_roots(stats, iterations, nodes, started)
    }
}
