//! Who plays each seat of `plateau play`: a person at the terminal or an
//! automatic player.

use crate::agents::make_agent;
use crate::common::error::{CliError, CliResult};
use plateau::{DynAgent, DynGame};

/// The player of one seat.
pub enum Seat {
    /// A person typing moves.
    Human,
    /// An automatic player: its spec as given, and the agent.
    Agent(String, Box<dyn DynAgent>),
}

impl Seat {
    /// The seat of a spec: `human` or an agent's spec (`random`,
    /// `mcts:time=1s`, `ai`, ...; see `plateau agents`), the agent seeded
    /// with `default_seed` unless the spec sets `seed=`.
    pub fn parse(flag: &str, spec: &str, game: &dyn DynGame, default_seed: u64) -> CliResult<Seat> {
        if spec.trim().eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        make_agent(game, spec, default_seed)
            .map(|agent| Seat::Agent(spec.trim().to_string(), agent))
            .map_err(|e| CliError::usage(format!("{flag}: {e}; or human")))
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }

    /// `human` or the agent's spec as given.
    pub fn describe(&self) -> String {
        match self {
            Seat::Human => "human".to_string(),
            Seat::Agent(spec, _) => spec.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::RulesSpec;

    #[test]
    fn seats_parse() {
        let game = crate::default_registry()
            .get("hus")
            .unwrap()
            .load(&RulesSpec::default_variant())
            .unwrap();
        let game = game.as_ref();
        assert!(Seat::parse("--p1", "Human", game, 0).unwrap().is_human());
        assert_eq!(
            Seat::parse("--p2", " random ", game, 7).unwrap().describe(),
            "random"
        );
        assert!(!Seat::parse("--p2", "random:3", game, 7).unwrap().is_human());
        let e = Seat::parse("--p2", "alphazero", game, 0).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().starts_with("--p2: unknown agent"), "{e}");
    }
}
