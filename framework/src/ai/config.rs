//! The agents' configurations: their options, defaults and documentation in
//! one table per agent, read from spec strings and written back.

use super::spec::{shown, Options, Spec};
use super::{Agent, AgentDoc, Budget, OptionDoc, SpecError};
use crate::SearchGame;
use std::time::Duration;

/// Every agent name a spec may use, in the order `plateau agents` lists them.
pub const AGENT_NAMES: &[&str] = &[
    "random",
    "greedy",
    "mcts",
    "alphabeta",
    "pimc",
    "ismcts",
    "ai",
];

/// The time per move when a search agent is given no budget.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// How MCTS finishes an iteration below the tree.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Random moves to the end of the game.
    Random,
    /// Random moves for `cut` plies, then [`SearchHooks::evaluate`](crate::SearchHooks::evaluate) of the reached
    /// state (`cut = 0`: the new leaf is evaluated at once).
    Eval {
        /// Plies of random play before the evaluation.
        cut: u32,
    },
}

/// The options of `greedy`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct GreedyConfig {
    /// Determinizations of the view over which a hidden-information game's
    /// moves are evaluated (1 for perfect information).
    pub worlds: u32,
}

/// The options of `mcts` (UCT).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Time and playouts per move.
    pub budget: Budget,
    /// The exploration constant of UCB1.
    pub c: f64,
    /// How iterations end below the tree.
    pub rollout: Rollout,
    /// Whether the tree is kept between moves (the subtree of the position
    /// reached is found by [`Game::state_key`](crate::Game::state_key)).
    pub keep_tree: bool,
    /// Whether proven wins and losses are propagated (MCTS-solver).
    pub solver: bool,
    /// Independent searches run in parallel from the root, their root
    /// statistics merged (root parallelism); `iters` is shared among them.
    pub threads: u32,
}

/// The options of `alphabeta`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct AlphaBetaConfig {
    /// Time and nodes per move.
    pub budget: Budget,
    /// The deepest iteration of iterative deepening, in plies.
    pub depth: u32,
    /// The evaluation at the leaves, by name
    /// ([`SearchHooks::evaluations`](crate::SearchHooks::evaluations));
    /// `None`: the game's first (`hand`).
    pub eval: Option<&'static str>,
}

/// The options of `pimc`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PimcConfig {
    /// Time and nodes per move, shared by the worlds.
    pub budget: Budget,
    /// States drawn from the view, each searched as if it were the truth.
    pub worlds: u32,
    /// The deepest alpha-beta iteration in each world.
    pub depth: u32,
    /// What the worlds are drawn from, by name
    /// ([`SearchHooks::beliefs`](crate::SearchHooks::beliefs)); `None`: the
    /// game's first.
    pub belief: Option<&'static str>,
    /// The most mean value a move may give up to the best for one that
    /// people favour more ([`SearchHooks::move_habit`](crate::SearchHooks::move_habit));
    /// 0: habits break exact ties alone; `None` (the default): habits are
    /// not read.
    pub habit: Option<f64>,
    /// The evaluation at the leaves, by name
    /// ([`SearchHooks::evaluations`](crate::SearchHooks::evaluations));
    /// `None`: the game's first.
    pub eval: Option<&'static str>,
}

/// The options of `ismcts` (single-observer information-set MCTS).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Time and iterations per move.
    pub budget: Budget,
    /// The exploration constant of UCB1.
    pub c: f64,
    /// How iterations end below the tree.
    pub rollout: Rollout,
    /// Independent searches run in parallel from the root, their root
    /// statistics merged (root parallelism); `iters` is shared among them.
    pub threads: u32,
    /// What the determinizations are drawn from, by name
    /// ([`SearchHooks::beliefs`](crate::SearchHooks::beliefs)); `None`: the
    /// game's first.
    pub belief: Option<&'static str>,
}

/// A configured agent of any kind, before it is seeded.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum AgentKind {
    /// `random`.
    Random,
    /// `greedy`.
    Greedy(GreedyConfig),
    /// `mcts`.
    Mcts(MctsConfig),
    /// `alphabeta`.
    AlphaBeta(AlphaBetaConfig),
    /// `pimc`.
    Pimc(PimcConfig),
    /// `ismcts`.
    Ismcts(IsmctsConfig),
}

const SEED: (&str, &str, &str) = (
    "seed",
    "from the caller",
    "seeds the agent's random choices (overrides the seed it is given)",
);
const TIME: (&str, &str, &str) = (
    "time",
    "1s unless iters is given",
    "time per move (500ms, 1s, 2.5s)",
);
const C: (&str, &str, &str) = ("c", "1.4", "UCB1 exploration constant");
const ROLLOUT: (&str, &str, &str) = (
    "rollout",
    "random",
    "random: play to the end; eval: play `cut` plies, then evaluate",
);
const BELIEF: (&str, &str, &str) = (
    "belief",
    "the game's first",
    "what the hidden pieces are drawn from (Stratego: flag, army, setup, uniform or threat)",
);
const CUT: (&str, &str, &str) = (
    "cut",
    "6",
    "random plies before the evaluation (rollout=eval)",
);

const THREADS: (&str, &str, &str) = (
    "threads",
    "1",
    "searches run in parallel from the root, their root statistics merged (iters is shared among them)",
);

/// The deepest alpha-beta iteration of `pimc` in each world by default:
/// deep enough that the time budget, not the depth, ends the search (in
/// Barrage depth 3 was done in 41 ms of 200, and depth 6 won 32-8 against
/// `greedy` where depth 3 won 26-14).
const PIMC_DEPTH: u64 = 6;

/// The most threads an agent may be given.
pub(crate) const MAX_THREADS: u64 = 256;

/// The option table of an agent: (key, default, description).
fn table(name: &str) -> Vec<(&'static str, &'static str, &'static str)> {
    match name {
        "random" => vec![SEED],
        "greedy" => vec![
            (
                "worlds",
                "8 (1 for perfect information)",
                "determinizations of the view over which moves are evaluated",
            ),
            SEED,
        ],
        "mcts" => vec![
            TIME,
            ("iters", "none", "playouts per move"),
            C,
            ROLLOUT,
            CUT,
            ("keep", "true", "keep the tree between moves"),
            (
                "solver",
                "true",
                "propagate proven wins and losses (MCTS-solver)",
            ),
            THREADS,
            SEED,
        ],
        "alphabeta" => vec![
            TIME,
            ("iters", "none", "nodes per move"),
            (
                "depth",
                "64",
                "deepest iteration of iterative deepening, in plies",
            ),
            (
                "eval",
                "hand",
                "the evaluation at the leaves: hand (the game's formula), learned (a network, in Oware and Hus) or steep (Stratego's material by a steep curve of the difference)",
            ),
            SEED,
        ],
        "pimc" => vec![
            TIME,
            (
                "iters",
                "none",
                "alpha-beta nodes per move, shared by the worlds",
            ),
            ("worlds", "16", "states drawn from the view, each searched"),
            ("depth", "6", "deepest alpha-beta iteration in each world"),
            BELIEF,
            (
                "habit",
                "off",
                "the most mean value given up for a move people favour more (Stratego: moving on with the piece moved last); 0: exact ties only",
            ),
            (
                "eval",
                "hand",
                "the evaluation at the leaves: hand (the game's formula), or steep in Stratego (material by a steep curve of the difference)",
            ),
            SEED,
        ],
        "ismcts" => vec![
            TIME,
            (
                "iters",
                "none",
                "iterations (determinized playouts) per move",
            ),
            C,
            ROLLOUT,
            CUT,
            THREADS,
            BELIEF,
            SEED,
        ],
        _ => Vec::new(),
    }
}

fn describe(name: &str) -> &'static str {
    match name {
        "random" => "a uniformly random legal move",
        "greedy" => "the best move by a one-ply evaluation",
        "mcts" => "UCT Monte Carlo tree search",
        "alphabeta" => {
            "negamax alpha-beta search with iterative deepening and a transposition table"
        }
        "pimc" => "perfect-information Monte Carlo: searches states drawn from the view and votes",
        "ismcts" => "single-observer information-set Monte Carlo tree search",
        _ => "",
    }
}

fn ai_description(base: &str) -> &'static str {
    match base {
        "random" => "the game's strongest agent: random",
        "greedy" => "the game's strongest agent: greedy",
        "mcts" => "the game's strongest agent: mcts",
        "alphabeta" => "the game's strongest agent: alphabeta",
        "pimc" => "the game's strongest agent: pimc",
        "ismcts" => "the game's strongest agent: ismcts",
        _ => "the game's strongest agent",
    }
}

/// The agents a game offers: `mcts` and `alphabeta` search states, so they
/// play only games of perfect information; `pimc` and `ismcts` search from
/// a view, for games that hide information.
fn offered<G: SearchGame>() -> Vec<&'static str> {
    AGENT_NAMES
        .iter()
        .copied()
        .filter(|n| match *n {
            "mcts" | "alphabeta" => !G::HIDDEN_INFORMATION,
            "pimc" | "ismcts" => G::HIDDEN_INFORMATION,
            _ => true,
        })
        .collect()
}

pub(crate) fn catalog<G: SearchGame>(game: &G) -> Vec<AgentDoc> {
    offered::<G>()
        .into_iter()
        .map(|name| {
            if name == "ai" {
                let base = Spec::parse(game.default_agent())
                    .map(|s| s.name)
                    .unwrap_or_default();
                let given = Spec::parse(game.default_agent()).ok();
                let options = table(&base)
                    .into_iter()
                    .map(|(key, default, description)| OptionDoc {
                        key,
                        default: given
                            .as_ref()
                            .and_then(|s| s.get(key))
                            .unwrap_or(default)
                            .to_string(),
                        description,
                    })
                    .collect();
                AgentDoc {
                    name,
                    description: ai_description(&base),
                    options,
                }
            } else {
                AgentDoc {
                    name,
                    description: describe(name),
                    options: table(name)
                        .into_iter()
                        .map(|(key, default, description)| OptionDoc {
                            key,
                            default: default.to_string(),
                            description,
                        })
                        .collect(),
                }
            }
        })
        .map(|mut doc| {
            // The beliefs are the game's: none listed where it has none, the
            // default named.
            let beliefs = game.beliefs();
            doc.options
                .retain(|o| o.key != "belief" || !beliefs.is_empty());
            for o in doc.options.iter_mut().filter(|o| o.key == "belief") {
                if o.default == BELIEF.1 {
                    o.default = beliefs[0].to_string();
                }
            }
            doc
        })
        .collect()
}

fn budget(o: &mut Options) -> Result<Budget, SpecError> {
    let time = o.duration("time")?;
    let iterations = o.integer("iters", 1, u64::MAX)?;
    let mut budget = Budget { time, iterations };
    if budget.is_unlimited() {
        budget.time = Some(DEFAULT_TIME);
    }
    Ok(budget)
}

fn rollout(o: &mut Options) -> Result<Rollout, SpecError> {
    let kind = o
        .choice("rollout", &["random", "eval"])?
        .unwrap_or("random");
    let cut = o.integer("cut", 0, 10_000)?.unwrap_or(6) as u32;
    Ok(match kind {
        "eval" => Rollout::Eval { cut },
        _ => Rollout::Random,
    })
}

impl AgentKind {
    /// Reads a spec string for these rules; returns the configuration and
    /// the seed (`seed` unless the spec sets one).
    pub fn parse<G: SearchGame>(
        game: &G,
        text: &str,
        seed: u64,
    ) -> Result<(AgentKind, u64), SpecError> {
        let mut spec = Spec::parse(text)?;
        // How errors name the agent: as the user wrote it, with what `ai`
        // stands for in this game ("ai (alphabeta)").
        let mut called = None;
        if spec.name == "ai" {
            spec = resolve_ai(game, spec)?;
            called = Some(format!("ai ({})", spec.name));
        }
        let name = spec.name.clone();
        if !AGENT_NAMES.contains(&name.as_str()) {
            return Err(SpecError::UnknownAgent {
                name: shown(&name),
                game: G::ID,
                accepted: offered::<G>()
                    .iter()
                    .map(|s| s.to_string())
                    .chain(game.own_agent_docs().iter().map(|d| d.name.to_string()))
                    .collect(),
            });
        }
        if !offered::<G>().contains(&name.as_str()) {
            let reason = if G::HIDDEN_INFORMATION {
                format!(
                    "{} hides information and {name} searches full states; use pimc or ismcts",
                    G::NAME
                )
            } else {
                format!(
                    "{} has perfect information and {name} searches from a hidden-information view; use mcts or alphabeta",
                    G::NAME
                )
            };
            return Err(SpecError::Unavailable {
                agent: name,
                game: G::ID,
                reason,
            });
        }
        let keys: Vec<&'static str> = table(&name).into_iter().map(|(k, _, _)| k).collect();
        let mut o = Options::new(called.as_deref().unwrap_or(&name), &spec, &keys)?;
        let seed = o.integer("seed", 0, u64::MAX)?.unwrap_or(seed);
        let kind = match name.as_str() {
            "random" => AgentKind::Random,
            "greedy" => {
                let default = if G::HIDDEN_INFORMATION { 8 } else { 1 };
                AgentKind::Greedy(GreedyConfig {
                    worlds: o.integer("worlds", 1, 1024)?.unwrap_or(default) as u32,
                })
            }
            "mcts" => AgentKind::Mcts(MctsConfig {
                budget: budget(&mut o)?,
                c: o.number("c", 0.0, 100.0)?.unwrap_or(1.4),
                rollout: rollout(&mut o)?,
                keep_tree: o.flag("keep")?.unwrap_or(true),
                solver: o.flag("solver")?.unwrap_or(true),
                threads: o.integer("threads", 1, MAX_THREADS)?.unwrap_or(1) as u32,
            }),
            "alphabeta" => AgentKind::AlphaBeta(AlphaBetaConfig {
                budget: {
                    let time = o.duration("time")?;
                    let iterations = o.integer("iters", 1, u64::MAX)?;
                    let depth_given = spec.get("depth").is_some();
                    let mut b = Budget { time, iterations };
                    if b.is_unlimited() && !depth_given {
                        b.time = Some(DEFAULT_TIME);
                    }
                    b
                },
                depth: o.integer("depth", 1, 64)?.unwrap_or(64) as u32,
                eval: o.choice("eval", game.evaluations())?,
            }),
            "pimc" => AgentKind::Pimc(PimcConfig {
                budget: budget(&mut o)?,
                worlds: o.integer("worlds", 1, 1024)?.unwrap_or(16) as u32,
                depth: o.integer("depth", 1, 64)?.unwrap_or(PIMC_DEPTH) as u32,
                belief: o.choice("belief", game.beliefs())?,
                habit: o.number("habit", 0.0, 1.0)?,
                eval: o.choice("eval", game.evaluations())?,
            }),
            "ismcts" => AgentKind::Ismcts(IsmctsConfig {
                budget: budget(&mut o)?,
                c: o.number("c", 0.0, 100.0)?.unwrap_or(1.4),
                rollout: rollout(&mut o)?,
                threads: o.integer("threads", 1, MAX_THREADS)?.unwrap_or(1) as u32,
                belief: o.choice("belief", game.beliefs())?,
            }),
            _ => unreachable!("every offered name is handled"),
        };
        o.finish()?;
        Ok((kind, seed))
    }

    /// The agent's name in a spec.
    pub fn name(&self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Greedy(_) => "greedy",
            AgentKind::Mcts(_) => "mcts",
            AgentKind::AlphaBeta(_) => "alphabeta",
            AgentKind::Pimc(_) => "pimc",
            AgentKind::Ismcts(_) => "ismcts",
        }
    }

    /// The canonical spec string: the name and every option's value (the
    /// seed left out: it may be secret).
    pub fn spec(&self) -> String {
        let mut opts: Vec<String> = Vec::new();
        let rollout = |opts: &mut Vec<String>, r: &Rollout| match r {
            Rollout::Random => opts.push("rollout=random".into()),
            Rollout::Eval { cut } => {
                opts.push("rollout=eval".into());
                opts.push(format!("cut={cut}"));
            }
        };
        match self {
            AgentKind::Random => {}
            AgentKind::Greedy(g) => opts.push(format!("worlds={}", g.worlds)),
            AgentKind::Mcts(m) => {
                opts.extend(m.budget.spec_options());
                opts.push(format!("c={}", m.c));
                rollout(&mut opts, &m.rollout);
                opts.push(format!("keep={}", m.keep_tree));
                opts.push(format!("solver={}", m.solver));
                if m.threads != 1 {
                    opts.push(format!("threads={}", m.threads));
                }
            }
            AgentKind::AlphaBeta(a) => {
                opts.extend(a.budget.spec_options());
                opts.push(format!("depth={}", a.depth));
                if let Some(eval) = a.eval {
                    opts.push(format!("eval={eval}"));
                }
            }
            AgentKind::Pimc(p) => {
                opts.extend(p.budget.spec_options());
                opts.push(format!("worlds={}", p.worlds));
                opts.push(format!("depth={}", p.depth));
                if let Some(belief) = p.belief {
                    opts.push(format!("belief={belief}"));
                }
                if let Some(habit) = p.habit {
                    opts.push(format!("habit={habit}"));
                }
                if let Some(eval) = p.eval {
                    opts.push(format!("eval={eval}"));
                }
            }
            AgentKind::Ismcts(i) => {
                opts.extend(i.budget.spec_options());
                opts.push(format!("c={}", i.c));
                rollout(&mut opts, &i.rollout);
                if i.threads != 1 {
                    opts.push(format!("threads={}", i.threads));
                }
                if let Some(belief) = i.belief {
                    opts.push(format!("belief={belief}"));
                }
            }
        }
        if opts.is_empty() {
            self.name().to_string()
        } else {
            format!("{}:{}", self.name(), opts.join(","))
        }
    }

    /// The seeded agent.
    pub fn build<G: SearchGame>(self, seed: u64) -> Box<dyn Agent<G>> {
        match self {
            AgentKind::Random => Box::new(super::RandomAgent::new(seed)),
            AgentKind::Greedy(c) => Box::new(super::GreedyAgent::new(c, seed)),
            AgentKind::Mcts(c) => Box::new(super::MctsAgent::<G>::new(c, seed)),
            AgentKind::AlphaBeta(c) => Box::new(super::AlphaBetaAgent::<G>::new(c, seed)),
            AgentKind::Pimc(c) => Box::new(super::PimcAgent::<G>::new(c, seed)),
            AgentKind::Ismcts(c) => Box::new(super::IsmctsAgent::new(c, seed)),
        }
    }
}

/// `ai[:options]` as the game's strongest agent: the game's
/// [`SearchHooks::default_agent`](crate::SearchHooks::default_agent) spec with the options given added (a budget
/// given replaces the default's budget).
fn resolve_ai<G: SearchGame>(game: &G, given: Spec) -> Result<Spec, SpecError> {
    let mut base = Spec::parse(game.default_agent())?;
    if base.name == "ai" {
        base.name = if G::HIDDEN_INFORMATION {
            "ismcts"
        } else {
            "alphabeta"
        }
        .into();
    }
    let budget_given = given.get("time").is_some() || given.get("iters").is_some();
    if budget_given {
        base.options
            .retain(|(k, _)| k != "time" && k != "iters" && k != "depth");
    }
    for (k, v) in given.options {
        base.options.retain(|(bk, _)| *bk != k);
        base.options.push((k, v));
    }
    Ok(base)
}
