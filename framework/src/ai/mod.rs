//! Agents: players that choose moves by themselves, typed and generic over
//! [`Game`](crate::Game), chosen by spec strings shared by every front end.
//!
//! An agent is given an [`AgentInput`]: the rules (to simulate), its
//! player's view, the legal moves and whether they can be listed. It never
//! receives the state of a game with hidden information; search from a view
//! draws full states with [`SearchHooks::determinize`](crate::SearchHooks::determinize) (for perfect information
//! that is the exact state).
//!
//! | spec | agent |
//! |------|-------|
//! | `random` | a uniformly random legal move |
//! | `greedy` | the best move by a one-ply [`SearchHooks::evaluate`](crate::SearchHooks::evaluate) |
//! | `mcts:time=1s`, `mcts:iters=20000,c=1.4` | UCT Monte Carlo tree search |
//! | `alphabeta:depth=8`, `alphabeta:time=500ms` | negamax alpha-beta, iterative deepening |
//! | `pimc:worlds=16,time=1s` | perfect-information Monte Carlo over determinizations |
//! | `ismcts:time=1s` | single-observer information-set MCTS |
//! | `ai`, `ai:time=1s` | the game's strongest agent ([`SearchHooks::default_agent`](crate::SearchHooks::default_agent)) |
//!
//! Durations are written `500ms`, `1s`, `2.5s`. [`catalog`] lists the agents
//! of a game with their options and defaults. Every search agent takes
//! `time=` and `iters=`; with `iters=` alone a seeded agent is
//! deterministic. `mcts` and `alphabeta` search states, so they play games
//! of perfect information; `pimc` and `ismcts` search from a view, for
//! games that hide information. Each agent searches on one thread (arenas
//! run games in parallel instead), unless `mcts` and `ismcts` are given
//! `threads=N`: then `N` independent searches run from the root on threads
//! of their own and their root statistics are merged (root parallelism),
//! deterministic for a seed and an iteration budget whatever the
//! scheduling. [`kit`] checks agents on positions with
//! a known answer.
//!
//! Whoever runs an agent may bound each move whatever its spec says, with
//! [`AgentLimits`] ([`choose_limited`], [`DynAgent::choose_limited`](crate::DynAgent::choose_limited)):
//! a time limit stops the search of `mcts`, `ismcts`, `pimc` and
//! `alphabeta` even under an iteration budget (`mcts:iters=1000000000`
//! within 1 s answers in about 1 s, with the best move found so far), and
//! a node cap bounds their memory: an MCTS or ISMCTS tree full at the cap
//! grows no more (the root's moves are always expanded) and the search
//! goes on with playouts from its leaves until its budget or time ends;
//! alpha-beta's and PIMC's transposition table holds at most the cap's
//! entries. With `threads=N` each search's tree gets `1/N` of the cap.
//! `random` and `greedy` look one ply ahead and need no limit. Without
//! limits an agent plays exactly as it did before.
//!
//! ```
//! use plateau::ai::{self, Agent};
//! use plateau::demo::Nim;
//! use plateau::{rules, Game, RulesSpec};
//!
//! let nim: Nim = rules::load(&RulesSpec::default_variant().set("pile", "5")).unwrap().game;
//! let mut agent = ai::agent_for(&nim, "random", 7).unwrap();
//! let state = nim.initial_state(0);
//! let choice = ai::choose_at(agent.as_mut(), &nim, &state).unwrap();
//! assert!((1..=3).contains(&choice.mv));
//!
//! // A bad option is named, with what is accepted.
//! let e = ai::agent_for(&nim, "mcts:tme=1s", 7).err().unwrap().to_string();
//! assert!(e.contains("'tme'") && e.contains("time"), "{e}");
//! ```

mod alphabeta;
pub mod arena;
mod common;
mod config;
pub mod elo;
mod greedy;
mod ismcts;
pub mod kit;
mod limits;
mod mcts;
mod pimc;
mod random;
pub mod report;
mod spec;

pub use alphabeta::AlphaBetaAgent;
pub use config::{
    AgentKind, AlphaBetaConfig, GreedyConfig, IsmctsConfig, MctsConfig, PimcConfig, Rollout,
    AGENT_NAMES, DEFAULT_TIME,
};
pub use greedy::GreedyAgent;
pub use ismcts::IsmctsAgent;
pub use limits::AgentLimits;
pub use mcts::MctsAgent;
pub use pimc::PimcAgent;
pub use random::RandomAgent;
pub use spec::{format_duration, parse_duration, Spec};

use crate::{Player, SearchGame, Status};
use std::time::{Duration, Instant};

/// How long an agent may think: a time, a number of iterations (what one
/// iteration is depends on the agent: a playout for MCTS, a node for
/// alpha-beta), or both (whichever runs out first).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The time per move.
    pub time: Option<Duration>,
    /// The iterations per move.
    pub iterations: Option<u64>,
}

impl Budget {
    /// A time budget.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            iterations: None,
        }
    }

    /// An iteration budget (deterministic for a seeded agent).
    pub fn iterations(iterations: u64) -> Budget {
        Budget {
            time: None,
            iterations: Some(iterations),
        }
    }

    /// Whether no limit is set.
    pub fn is_unlimited(&self) -> bool {
        self.time.is_none() && self.iterations.is_none()
    }

    /// Starts the clock on this budget.
    pub fn start(&self) -> Deadline {
        self.start_within(AgentLimits::NONE)
    }

    /// Starts the clock on this budget within `limits`: the deadline is
    /// also exhausted at `limits.time`, whatever the budget's iterations,
    /// and it carries the node cap `limits.nodes` for the search's tree.
    /// Without limits it is [`Budget::start`].
    pub fn start_within(&self, limits: AgentLimits) -> Deadline {
        Deadline {
            budget: *self,
            started: Instant::now(),
            cap: limits.time,
            nodes: limits.nodes,
        }
    }

    /// The budget as spec options, e.g. `time=1s,iters=500`.
    pub(crate) fn spec_options(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(t) = self.time {
            out.push(format!("time={}", format_duration(t)));
        }
        if let Some(n) = self.iterations {
            out.push(format!("iters={n}"));
        }
        out
    }
}

/// A running [`Budget`]: when it started, and whether it is used up.
#[derive(Copy, Clone, Debug)]
pub struct Deadline {
    budget: Budget,
    started: Instant,
    /// The time limit of whoever runs the agent, over the budget's.
    cap: Option<Duration>,
    /// The most nodes the search's tree may hold.
    nodes: Option<usize>,
}

impl Deadline {
    /// Whether `done` iterations, or the time since the start, use the
    /// budget up.
    pub fn exhausted(&self, done: u64) -> bool {
        if self.budget.iterations.is_some_and(|n| done >= n) {
            return true;
        }
        self.out_of_time()
    }

    /// Whether the time (not the iterations) is up: the budget's time or
    /// the limit's.
    pub fn out_of_time(&self) -> bool {
        match self.time_limit() {
            Some(t) => self.started.elapsed() >= t,
            None => false,
        }
    }

    /// The time this deadline allows: the smaller of the budget's and the
    /// limit's, if either is set.
    pub fn time_limit(&self) -> Option<Duration> {
        match (self.budget.time, self.cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The most nodes the search's tree may hold, if capped.
    pub fn node_cap(&self) -> Option<usize> {
        self.nodes
    }

    /// Whether a tree of `nodes` nodes is full (may not grow).
    pub fn tree_full(&self, nodes: usize) -> bool {
        self.nodes.is_some_and(|cap| nodes >= cap)
    }

    /// The time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The budget this deadline runs on.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The same clock with a `1 / parts` share of the node cap (one of
    /// several parallel searches, each with a tree of its own).
    pub(crate) fn with_node_share(&self, parts: u32) -> Deadline {
        Deadline {
            nodes: self.nodes.map(|n| (n / parts.max(1) as usize).max(1)),
            ..*self
        }
    }

    /// The same clock with another iteration limit (a share of the
    /// iterations for one of several parallel searches).
    pub(crate) fn with_iterations(&self, iterations: Option<u64>) -> Deadline {
        Deadline {
            budget: Budget {
                iterations,
                ..self.budget
            },
            ..*self
        }
    }
}

/// What an agent may know when it chooses: the rules, its player's view and
/// the legal moves. Never the state.
pub struct AgentInput<'a, G: SearchGame> {
    /// The rules, to simulate with.
    pub game: &'a G,
    /// What the agent's player sees.
    pub view: &'a G::View,
    /// The player the agent moves for (the player to move).
    pub player: Player,
    /// The legal moves (empty in a free-form phase).
    pub legal: &'a [G::Move],
    /// Whether the legal moves could be listed ([`FreeFormMoves::moves_enumerable`](crate::FreeFormMoves::moves_enumerable));
    /// when false, the agent makes up a move from a determinized state's
    /// [`Game::random_move`](crate::Game::random_move) (a Stratego setup).
    pub moves_enumerable: bool,
    /// The limits of whoever runs the agent (a server), which hold whatever
    /// the agent's own budget says: see [`Budget::start_within`].
    pub limits: AgentLimits,
}

/// A player that picks moves by itself.
pub trait Agent<G: SearchGame>: Send {
    /// The agent's canonical spec string, with its options.
    fn spec(&self) -> String;
    /// A move for `input.player`, with what the agent found, or `None` when
    /// it has no move to make. Its randomness comes from the agent's seed.
    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>>;
    /// Forgets anything kept from earlier moves (a search tree), for a new game.
    fn new_game(&mut self) {}
    /// Why the last [`Agent::choose`] gave no move although the game was
    /// on: the fault of an outside program (it crashed, sent a malformed
    /// line or an illegal move, or was late), in words that name what was
    /// wrong. `None` for an agent that cannot fail that way (every agent of
    /// the framework).
    fn failure(&self) -> Option<String> {
        None
    }
    /// Whether the last [`Agent::choose`] gave no move because the agent
    /// resigned (an outside program that gave up): its side loses by
    /// resignation, which is no fault. `false` for the framework's agents.
    fn resigned(&self) -> bool {
        false
    }
}

/// A move chosen by an agent and how it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// What the search found.
    pub analysis: Analysis<M>,
}

impl<M> Choice<M> {
    /// A move with an analysis of no search.
    pub fn plain(mv: M, elapsed: Duration) -> Choice<M> {
        Choice {
            mv,
            analysis: Analysis {
                elapsed,
                ..Analysis::default()
            },
        }
    }
}

/// What an agent's search found. Values are from the moving player's
/// perspective, in `[-1, 1]`. Nothing in it is hidden from that player.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// Iterations run (MCTS playouts, alpha-beta nodes, evaluations).
    pub iterations: u64,
    /// The depth reached, for depth-first search.
    pub depth: Option<u32>,
    /// The best moves found, best first.
    pub top: Vec<MoveStat<M>>,
    /// The value of the position for the mover, if the search estimates one.
    pub value: Option<f64>,
    /// The time taken.
    pub elapsed: Duration,
    /// The nodes the search's tree held at the end (MCTS, ISMCTS), or the
    /// entries of alpha-beta's transposition table (alpha-beta, PIMC); 0
    /// for an agent that keeps no tree. Never more than a node cap
    /// ([`AgentLimits::nodes`]) allows.
    pub nodes: u64,
}

impl<M> Default for Analysis<M> {
    fn default() -> Self {
        Analysis {
            iterations: 0,
            depth: None,
            top: Vec::new(),
            value: None,
            elapsed: Duration::ZERO,
            nodes: 0,
        }
    }
}

/// One move of an [`Analysis`]: how often it was searched and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat<M> {
    /// The move.
    pub mv: M,
    /// Visits (MCTS), votes (PIMC) or 0 (alpha-beta).
    pub visits: u64,
    /// The move's value for the mover, in `[-1, 1]`.
    pub value: f64,
}

/// One agent as `plateau agents` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentDoc {
    /// The name written in a spec.
    pub name: &'static str,
    /// What the agent does.
    pub description: &'static str,
    /// Its options.
    pub options: Vec<OptionDoc>,
}

/// One option of an agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDoc {
    /// The key written in a spec.
    pub key: &'static str,
    /// The default, as a spec would write it.
    pub default: String,
    /// What the option does.
    pub description: &'static str,
}

/// A spec string that names no agent of this game, or gives it a bad
/// option. Every message names what is wrong and lists what is accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The spec is not `name` or `name:key=value,...`.
    #[error("agent spec '{spec}': {reason}")]
    Malformed {
        /// The spec as given (escaped, shortened).
        spec: String,
        /// What is wrong with its form.
        reason: String,
    },
    /// No agent has that name.
    #[error("unknown agent '{name}'; agents for {game}: {}", accepted.join(", "))]
    UnknownAgent {
        /// The name as given (escaped, shortened).
        name: String,
        /// The game's id.
        game: &'static str,
        /// The agents of the game.
        accepted: Vec<String>,
    },
    /// The agent exists but does not play this game.
    #[error("agent '{agent}' does not play {game}: {reason}")]
    Unavailable {
        /// The agent's name.
        agent: String,
        /// The game's id.
        game: &'static str,
        /// Why, and what to use instead.
        reason: String,
    },
    /// The agent has no option of that name.
    #[error("agent '{agent}' has no option '{option}'; its options: {}", accepted.join(", "))]
    UnknownOption {
        /// The agent's name.
        agent: String,
        /// The option as given (escaped, shortened).
        option: String,
        /// The agent's options.
        accepted: Vec<String>,
    },
    /// The option's value cannot be read.
    #[error("agent '{agent}': option {option}='{value}' is not valid; {option} takes {expected}")]
    BadValue {
        /// The agent's name.
        agent: String,
        /// The option.
        option: String,
        /// The value as given (escaped, shortened).
        value: String,
        /// What the option takes.
        expected: String,
    },
}

/// The typed agent of a spec string (`random`, `greedy`, `mcts:time=1s`,
/// `ai`, ...) for these rules, seeded with `seed` (a `seed=N` option
/// overrides it).
pub fn agent_for<G: SearchGame>(
    game: &G,
    spec: &str,
    seed: u64,
) -> Result<Box<dyn Agent<G>>, SpecError> {
    if let Ok(parsed) = Spec::parse(spec) {
        if let Some(own) = game.own_agent(&parsed, seed) {
            return own;
        }
    }
    let (kind, seed) = AgentKind::parse(game, spec, seed)?;
    Ok(kind.build(seed))
}

/// The agents of a game, with their options and defaults.
pub fn catalog<G: SearchGame>(game: &G) -> Vec<AgentDoc> {
    let mut docs = config::catalog(game);
    docs.extend(game.own_agent_docs());
    docs
}

/// Asks `agent` for a move in `state`, giving it only what the player to
/// move may know: that player's view and legal moves. `None` when the game
/// is over (or the agent finds no move).
pub fn choose_at<G: SearchGame>(
    agent: &mut dyn Agent<G>,
    game: &G,
    state: &G::State,
) -> Option<Choice<G::Move>> {
    choose_limited(agent, game, state, AgentLimits::NONE)
}

/// [`choose_at`] within `limits`: the agent's time is cut at
/// `limits.time` and its search tree holds at most `limits.nodes` nodes,
/// whatever its spec's budget says.
pub fn choose_limited<G: SearchGame>(
    agent: &mut dyn Agent<G>,
    game: &G,
    state: &G::State,
    limits: AgentLimits,
) -> Option<Choice<G::Move>> {
    let Status::ToMove(player) = game.status(state) else {
        return None;
    };
    let mut legal = Vec::new();
    with_input(game, state, player, &mut legal, |input| {
        let input = AgentInput { limits, ..*input };
        agent.choose(&input)
    })
}

/// Runs `f` on what `player` may know of `state`: their view and the legal
/// moves, listed into `legal` (a buffer the caller may keep between calls).
pub(crate) fn with_input<G: SearchGame, R>(
    game: &G,
    state: &G::State,
    player: Player,
    legal: &mut Vec<G::Move>,
    f: impl FnOnce(&AgentInput<'_, G>) -> R,
) -> R {
    let view = game.view(state, player);
    let moves_enumerable = game.moves_enumerable(state);
    game.legal_moves(state, legal);
    f(&AgentInput {
        game,
        view: &view,
        player,
        legal,
        moves_enumerable,
        limits: AgentLimits::NONE,
    })
}

/// A uniformly random move for the input's player: from the legal list, or
/// in a free-form phase from a state drawn from the view.
pub(crate) fn random_move<G: SearchGame, R: rand::Rng + ?Sized>(
    input: &AgentInput<'_, G>,
    rng: &mut R,
) -> Option<G::Move> {
    use rand::seq::IndexedRandom;
    if input.moves_enumerable {
        input.legal.choose(rng).cloned()
    } else {
        let state = input.game.determinize(input.view, rng);
        input.game.random_move(&state, rng)
    }
}

#[cfg(test)]
mod tests;
