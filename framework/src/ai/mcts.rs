//! `mcts`: UCT Monte Carlo tree search for games of perfect information.
//!
//! Each node stores the player to move there and each child's statistics
//! are from the point of view of the player who made its move, so a player
//! who moves twice in a row needs no special case. Iterations end in a
//! random playout to the end of the game, or (`rollout=eval`) after `cut`
//! random plies in [`SearchHooks::evaluate`](crate::SearchHooks::evaluate). With `solver=true` proven results
//! (MCTS-solver) are propagated: a node is won when one of its moves wins,
//! decided when all its moves are; the search stops when the root is
//! decided. With `keep=true` the tree is kept between moves: the next call
//! looks in the old tree, a few plies deep, for the node whose
//! [`Game::state_key`](crate::Game::state_key) is the new position's, and goes on from its subtree.
//! With `threads=N` (root parallelism) `N` searches, each with a generator
//! seeded from the agent's and its own kept tree, run on threads of their
//! own with the whole time and a share of the iterations; their root
//! moves' visits and values are added up in a fixed order, so the choice
//! depends on the seed and an iteration budget only.

use super::common::{self, RootStat};
use super::{Agent, AgentInput, AgentKind, Choice, Deadline, MctsConfig, Rollout};
use crate::{GameRng, Player, SearchGame, Status};
use rand::Rng;
use std::collections::VecDeque;
use std::time::Instant;

const NONE: u32 = u32::MAX;

/// The deepest the kept tree is searched for the new position, in plies.
const REUSE_DEPTH: u32 = 8;
/// The most nodes of the kept tree looked at for the new position.
const REUSE_NODES: usize = 4_000;

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move from the parent (none at the root).
    mv: Option<M>,
    /// The player who made `mv`: the point of view of `total` and `proven`.
    actor: Player,
    /// The player to move here; `None` when the game is over here.
    mover: Option<Player>,
    parent: u32,
    children: Vec<u32>,
    /// Legal moves not yet expanded.
    untried: Vec<M>,
    visits: u32,
    /// The sum of the iterations' values for `actor`.
    total: f64,
    /// The proven value for `actor`, if the subtree is decided.
    proven: Option<f64>,
}

impl<M> Node<M> {
    fn mean(&self) -> f64 {
        match self.proven {
            Some(v) => v,
            None if self.visits == 0 => 0.0,
            None => self.total / f64::from(self.visits),
        }
    }
}

/// A search tree and the state at its root.
#[derive(Clone, Debug)]
pub(crate) struct Tree<G: SearchGame> {
    nodes: Vec<Node<G::Move>>,
    root_state: G::State,
}

impl<G: SearchGame> Tree<G> {
    fn new(state: G::State, player: Player, legal: &[G::Move]) -> Self {
        Tree {
            nodes: vec![Node {
                mv: None,
                actor: player.opponent(),
                mover: Some(player),
                parent: NONE,
                children: Vec::new(),
                untried: legal.to_vec(),
                visits: 0,
                total: 0.0,
                proven: None,
            }],
            root_state: state,
        }
    }

    /// The subtree of the kept tree at `state`, found by its key within a
    /// few plies of the old root, as a tree of its own.
    fn reuse(mut self, game: &G, state: &G::State, deadline: &Deadline) -> Option<Self> {
        // The search for the subtree may take a quarter of the time.
        let allowed = deadline.time_limit().map(|t| t / 4);
        let key = game.state_key(state);
        let mover = game.status(state).to_move();
        let mut queue: VecDeque<(u32, G::State, u32)> = VecDeque::new();
        queue.push_back((0, self.root_state.clone(), 0));
        let mut looked = 0;
        let mut found = None;
        while let Some((id, s, depth)) = queue.pop_front() {
            looked += 1;
            if looked > REUSE_NODES || allowed.is_some_and(|t| deadline.elapsed() > t) {
                break;
            }
            if self.nodes[id as usize].mover == mover && game.state_key(&s) == key {
                found = Some(id);
                break;
            }
            if depth >= REUSE_DEPTH {
                continue;
            }
            for &c in &self.nodes[id as usize].children {
                let mut next = s.clone();
                let mv = self.nodes[c as usize]
                    .mv
                    .as_ref()
                    .expect("children have moves");
                game.apply_unchecked(&mut next, mv);
                queue.push_back((c, next, depth + 1));
            }
        }
        let found = found?;
        // Copy the subtree into a new arena.
        let mut nodes = Vec::new();
        let mut stack = vec![(found, NONE)];
        while let Some((old, parent)) = stack.pop() {
            let id = nodes.len() as u32;
            let mut node = std::mem::replace(
                &mut self.nodes[old as usize],
                Node {
                    mv: None,
                    actor: Player::FIRST,
                    mover: None,
                    parent: NONE,
                    children: Vec::new(),
                    untried: Vec::new(),
                    visits: 0,
                    total: 0.0,
                    proven: None,
                },
            );
            let children = std::mem::take(&mut node.children);
            node.parent = parent;
            nodes.push(node);
            if parent != NONE {
                nodes[parent as usize].children.push(id);
            }
            // Reversed so that children keep their order.
            for &c in children.iter().rev() {
                stack.push((c, id));
            }
        }
        nodes[0].mv = None;
        Some(Tree {
            nodes,
            root_state: state.clone(),
        })
    }
}

/// The MCTS agent.
pub struct MctsAgent<G: SearchGame> {
    config: MctsConfig,
    rng: GameRng,
    /// The trees kept from the last move, one per root-parallel search.
    kept: Vec<Option<Tree<G>>>,
}

impl<G: SearchGame> MctsAgent<G> {
    /// An MCTS agent with these options and seed.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        MctsAgent {
            config,
            rng: crate::rng(seed),
            kept: Vec::new(),
        }
    }
}

/// One search: the tree, the rules, the options and the generator.
struct Search<'a, G: SearchGame> {
    game: &'a G,
    config: &'a MctsConfig,
    rng: &'a mut GameRng,
    tree: Tree<G>,
    moves: Vec<G::Move>,
    /// The most nodes the tree may hold ([`Deadline::node_cap`]).
    node_cap: Option<usize>,
}

impl<G: SearchGame> Search<'_, G> {
    fn child_of(&self, parent: u32, mv: G::Move, actor: Player, state: &G::State) -> Node<G::Move> {
        let (mover, proven) = match self.game.status(state) {
            Status::Over(outcome) => (None, Some(self.game.returns(&outcome, actor))),
            Status::ToMove(p) => (Some(p), None),
        };
        Node {
            mv: Some(mv),
            actor,
            mover,
            parent,
            children: Vec::new(),
            untried: Vec::new(),
            visits: 0,
            total: 0.0,
            proven: if self.config.solver || mover.is_none() {
                proven
            } else {
                None
            },
        }
    }

    /// The child of `id` to descend to by UCB1, proven losses avoided.
    fn select(&self, id: u32) -> u32 {
        let node = &self.tree.nodes[id as usize];
        let log_n = f64::from(node.visits.max(1)).ln();
        let mut best = node.children[0];
        let mut best_score = f64::NEG_INFINITY;
        for &c in &node.children {
            let child = &self.tree.nodes[c as usize];
            let score = match child.proven {
                Some(v) if self.config.solver && v >= 1.0 => f64::INFINITY,
                Some(v) if self.config.solver && v <= -1.0 => -1e9,
                _ if child.visits == 0 => 1e9,
                _ => child.mean() + self.config.c * (log_n / f64::from(child.visits)).sqrt(),
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// One iteration: descent, expansion, playout, back-propagation.
    fn iterate(&mut self) {
        let game = self.game;
        let mut state = self.tree.root_state.clone();
        let mut id = 0u32;
        loop {
            let node = &self.tree.nodes[id as usize];
            if node.proven.is_some() && id != 0 {
                break;
            }
            let Some(mover) = node.mover else { break };
            // A full tree grows no more: the iteration's playout starts
            // from the first node with a move not yet expanded (the root's
            // moves are always expanded, so that there is a move to play).
            let full = self
                .node_cap
                .is_some_and(|cap| self.tree.nodes.len() >= cap);
            if !node.untried.is_empty() && full && id != 0 {
                break;
            }
            if !node.untried.is_empty() {
                let n = node.untried.len();
                let i = self.rng.random_range(0..n);
                let mv = self.tree.nodes[id as usize].untried.swap_remove(i);
                game.apply_unchecked(&mut state, &mv);
                let mut child = self.child_of(id, mv, mover, &state);
                if child.mover.is_some() && game.moves_enumerable(&state) {
                    game.legal_moves(&state, &mut self.moves);
                    child.untried = self.moves.clone();
                }
                let cid = self.tree.nodes.len() as u32;
                self.tree.nodes.push(child);
                self.tree.nodes[id as usize].children.push(cid);
                id = cid;
                break;
            }
            if node.children.is_empty() {
                break;
            }
            let c = self.select(id);
            let mv = self.tree.nodes[c as usize]
                .mv
                .clone()
                .expect("children have moves");
            game.apply_unchecked(&mut state, &mv);
            id = c;
        }
        // The value for player 0 of this iteration.
        let leaf = &self.tree.nodes[id as usize];
        let value0 = match leaf.proven {
            Some(v) if id != 0 => {
                if leaf.actor == Player::FIRST {
                    v
                } else {
                    -v
                }
            }
            _ => {
                let cut = match self.config.rollout {
                    Rollout::Random => None,
                    Rollout::Eval { cut } => Some(cut),
                };
                common::playout(game, &mut state, cut, self.rng)
            }
        };
        // Back-propagation, with proofs.
        let mut cur = id;
        loop {
            let node = &mut self.tree.nodes[cur as usize];
            node.visits += 1;
            node.total += if node.actor == Player::FIRST {
                value0
            } else {
                -value0
            };
            if self.config.solver && node.proven.is_none() {
                self.prove(cur);
            }
            if cur == 0 {
                break;
            }
            cur = self.tree.nodes[cur as usize].parent;
        }
    }

    /// Marks `id` proven if one of its moves wins for its mover, or all
    /// its moves are expanded and proven.
    fn prove(&mut self, id: u32) {
        let node = &self.tree.nodes[id as usize];
        let Some(mover) = node.mover else { return };
        if node.children.is_empty() {
            return;
        }
        let mut best = f64::NEG_INFINITY;
        let mut all = node.untried.is_empty();
        for &c in &node.children {
            let child = &self.tree.nodes[c as usize];
            match child.proven {
                // A child's value is for its actor, the mover here.
                Some(v) => {
                    if v >= 1.0 {
                        best = v;
                        all = true;
                        break;
                    }
                    best = best.max(v);
                }
                None => all = false,
            }
        }
        if all {
            let actor = node.actor;
            self.tree.nodes[id as usize].proven = Some(if actor == mover { best } else { -best });
        }
    }

    fn root_done(&self) -> bool {
        self.tree.nodes[0].proven.is_some()
    }
}

/// Runs one search on `tree` until the deadline or a proven root.
fn run<G: SearchGame>(
    game: &G,
    config: &MctsConfig,
    rng: &mut GameRng,
    tree: Tree<G>,
    deadline: &Deadline,
) -> (Tree<G>, u64) {
    let mut search = Search {
        game,
        config,
        rng,
        tree,
        moves: Vec::new(),
        node_cap: deadline.node_cap(),
    };
    let mut iterations = 0u64;
    // At least one iteration, so that a root move is expanded even when
    // the time was up before the search began (a limit of a clock).
    while (iterations == 0 || !deadline.exhausted(iterations)) && !search.root_done() {
        search.iterate();
        iterations += 1;
    }
    (search.tree, iterations)
}

/// The root moves' statistics of a tree.
fn root_stats<G: SearchGame>(tree: &Tree<G>) -> Vec<RootStat<G::Move>> {
    let nodes = &tree.nodes;
    nodes[0]
        .children
        .iter()
        .map(|&c| {
            let n = &nodes[c as usize];
            RootStat {
                mv: n.mv.clone().expect("children have moves"),
                visits: u64::from(n.visits),
                total: n.total,
                proven: n.proven,
            }
        })
        .collect()
}

impl<G: SearchGame> Agent<G> for MctsAgent<G> {
    fn spec(&self) -> String {
        AgentKind::Mcts(self.config).spec()
    }

    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>> {
        let started = Instant::now();
        common::return_if_settled!(input, &mut self.rng, started);
        let game = input.game;
        let config = self.config;
        // The clock runs from the start: finding the kept subtree counts.
        let deadline = config.budget.start_within(input.limits);
        let state = game.determinize(input.view, &mut self.rng);
        let threads = common::search_threads(config.threads, &deadline);
        let mut kept = std::mem::take(&mut self.kept);
        if !config.keep_tree {
            kept.clear();
        }
        kept.resize_with(threads as usize, || None);
        let tree_from = |old: Option<Tree<G>>, deadline: &Deadline| {
            old.and_then(|t| t.reuse(game, &state, deadline))
                .filter(|t| t.nodes[0].mover == Some(input.player))
                .unwrap_or_else(|| Tree::new(state.clone(), input.player, input.legal))
        };
        let runs: Vec<(Tree<G>, u64)> = if threads <= 1 {
            let tree = tree_from(kept.pop().flatten(), &deadline);
            vec![run(game, &config, &mut self.rng, tree, &deadline)]
        } else {
            let inputs: Vec<(u64, Option<Tree<G>>)> =
                kept.into_iter().map(|t| (self.rng.random(), t)).collect();
            common::in_parallel(inputs, |i, (seed, old)| {
                let mut rng = crate::rng(seed);
                let deadline = common::thread_deadline(&deadline, threads, i);
                let tree = tree_from(old, &deadline);
                run(game, &config, &mut rng, tree, &deadline)
            })
        };
        let iterations = runs.iter().map(|r| r.1).sum();
        let nodes = runs.iter().map(|r| r.0.nodes.len() as u64).sum();
        let stats = common::merge_roots(runs.iter().map(|r| root_stats(&r.0)).collect());
        if config.keep_tree {
            self.kept = runs.into_iter().map(|r| Some(r.0)).collect();
        }
        // A proven win, else the most visited move that is not a proven loss.
        common::choice_from_roots(stats, iterations, nodes, started)
    }

    fn new_game(&mut self) {
        self.kept.clear();
    }
}
