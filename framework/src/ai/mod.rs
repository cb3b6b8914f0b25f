//! Automatic players and the arena that measures them.
//!
//! (The agents' part of this module follows the agreed API; it is replaced
//! by the agents' own implementation.)

pub mod arena;
pub mod elo;
pub mod report;

use crate::{Game, Player};
use std::time::Duration;

/// A thinking budget: time, iterations, or both.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The time a move may take.
    pub time: Option<Duration>,
    /// The iterations a move may take.
    pub iterations: Option<u64>,
}

/// What an agent may know: the rules, its player's view, its legal moves.
pub struct AgentInput<'a, G: Game> {
    /// The rules.
    pub game: &'a G,
    /// The view of the player to move.
    pub view: &'a G::View,
    /// The player to move.
    pub player: Player,
    /// The legal moves (empty where they cannot be listed).
    pub legal: &'a [G::Move],
    /// Whether the legal moves can be listed.
    pub moves_enumerable: bool,
}

/// A player that chooses its moves itself.
pub trait Agent<G: Game>: Send {
    /// The canonical spec string with its options.
    fn spec(&self) -> String;
    /// A move for the player of `input`.
    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>>;
    /// Forgets any tree kept between moves.
    fn new_game(&mut self) {}
}

/// A move chosen, with what the search found.
#[derive(Clone, Debug)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The analysis.
    pub analysis: Analysis<M>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Analysis<M> {
    /// Iterations or nodes.
    pub iterations: u64,
    /// The depth reached.
    pub depth: Option<u32>,
    /// The top moves.
    pub top: Vec<MoveStat<M>>,
    /// The value of the position for the mover.
    pub value: Option<f64>,
    /// The time taken.
    pub elapsed: Duration,
}

/// One move's statistics.
#[derive(Clone, Debug)]
pub struct MoveStat<M> {
    /// The move.
    pub mv: M,
    /// Its visits.
    pub visits: u64,
    /// Its value.
    pub value: f64,
}

/// An agent and its options, for `plateau agents`.
#[derive(Clone, Debug)]
pub struct AgentDoc {
    /// The agent's name.
    pub name: &'static str,
    /// What it does.
    pub description: &'static str,
    /// Its options.
    pub options: Vec<OptionDoc>,
}

/// An option of an agent.
#[derive(Clone, Debug)]
pub struct OptionDoc {
    /// The key.
    pub key: &'static str,
    /// The default value.
    pub default: String,
    /// What it does.
    pub description: &'static str,
}

/// A bad spec string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No agent has that name.
    #[error("unknown agent '{0}'; agents: random")]
    UnknownAgent(String),
    /// The agent has no such option.
    #[error("agent '{agent}': unknown option '{option}'")]
    UnknownOption {
        /// The agent.
        agent: String,
        /// The option.
        option: String,
    },
}

struct RandomAgent(crate::GameRng);

impl<G: Game> Agent<G> for RandomAgent {
    fn spec(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>> {
        use rand::Rng;
        let mv = if input.moves_enumerable {
            if input.legal.is_empty() {
                return None;
            }
            input.legal[self.0.random_range(0..input.legal.len())].clone()
        } else {
            let state = input.game.determinize(input.view, &mut self.0);
            input.game.random_move(&state, &mut self.0)?
        };
        Some(Choice {
            mv,
            analysis: Analysis {
                iterations: 0,
                depth: None,
                top: Vec::new(),
                value: None,
                elapsed: Duration::ZERO,
            },
        })
    }
}

/// The typed agent of a spec string, seeded.
pub fn agent_for<G: Game>(
    _game: &G,
    spec: &str,
    seed: u64,
) -> Result<Box<dyn Agent<G>>, SpecError> {
    let (name, options) = spec.trim().split_once(':').unwrap_or((spec.trim(), ""));
    if name != "random" {
        return Err(SpecError::UnknownAgent(
            crate::escape_controls(name).into_owned(),
        ));
    }
    if let Some(option) = options.split(',').map(str::trim).find(|o| !o.is_empty()) {
        return Err(SpecError::UnknownOption {
            agent: name.into(),
            option: crate::escape_controls(option).into_owned(),
        });
    }
    Ok(Box::new(RandomAgent(crate::rng(seed))))
}

/// The agents of a game.
pub fn catalog<G: Game>(_game: &G) -> Vec<AgentDoc> {
    vec![AgentDoc {
        name: "random",
        description: "a uniformly random legal move",
        options: Vec::new(),
    }]
}
