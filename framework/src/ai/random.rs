//! `random`: a uniformly random legal move.

use super::{Agent, AgentInput, Choice};
use crate::{GameRng, SearchGame};
use std::time::Instant;

/// Plays a uniformly random legal move from a seeded generator; in a
/// free-form phase, a random move of a state drawn from the view (a random
/// Stratego setup).
pub struct RandomAgent {
    rng: GameRng,
}

impl RandomAgent {
    /// A random agent with this seed.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: crate::rng(seed),
        }
    }
}

impl<G: SearchGame> Agent<G> for RandomAgent {
    fn spec(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>> {
        let started = Instant::now();
        let mv = super::random_move(input, &mut self.rng)?;
        Some(Choice::plain(mv, started.elapsed()))
    }
}
