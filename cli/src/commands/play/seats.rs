//! Who plays each seat of `plateau play`: a person at the terminal or an
//! automatic player.

use crate::agents::{parse_agent, Agent};
use crate::error::{CliError, CliResult};

/// The player of one seat.
pub enum Seat {
    /// A person typing moves.
    Human,
    /// An automatic player.
    Agent(Box<dyn Agent>),
}

impl Seat {
    /// The seat of a spec: `human`, `random` (seeded with `default_seed`) or `random:SEED`.
    pub fn parse(flag: &str, spec: &str, default_seed: u64) -> CliResult<Seat> {
        if spec.trim().eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        parse_agent(spec, default_seed)
            .map(Seat::Agent)
            .map_err(|e| CliError::usage(format!("{flag}: {e}; or human")))
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }

    /// `human` or the agent's spec.
    pub fn describe(&self) -> String {
        match self {
            Seat::Human => "human".to_string(),
            Seat::Agent(a) => a.spec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_parse() {
        assert!(Seat::parse("--p1", "Human", 0).unwrap().is_human());
        assert_eq!(
            Seat::parse("--p2", "random", 7).unwrap().describe(),
            "random:7"
        );
        assert_eq!(
            Seat::parse("--p2", "random:3", 7).unwrap().describe(),
            "random:3"
        );
        let e = Seat::parse("--p2", "alphazero", 0).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().starts_with("--p2: unknown agent"), "{e}");
    }
}
