//! Automatic players, chosen by a spec string (`random`, `random:SEED`).

use plateau::{DynSession, GameRng};

/// A player that picks moves by itself.
pub trait Agent: Send {
    /// The agent's spec, as it would be written on the command line.
    fn spec(&self) -> String;
    /// A move for the player to move in `session`, in notation, or `None`
    /// when the game is over.
    fn choose(&mut self, session: &dyn DynSession) -> Option<String>;
}

/// Plays a uniformly random legal move, from a seeded generator.
pub struct RandomAgent {
    seed: u64,
    rng: GameRng,
}

impl RandomAgent {
    /// A random agent with this seed.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            seed,
            rng: plateau::rng(seed),
        }
    }
}

impl Agent for RandomAgent {
    fn spec(&self) -> String {
        format!("random:{}", self.seed)
    }
    fn choose(&mut self, session: &dyn DynSession) -> Option<String> {
        session.random_move(&mut self.rng)
    }
}

/// The agent of a spec string: `random` (seeded with `default_seed`) or
/// `random:SEED`.
pub fn parse_agent(spec: &str, default_seed: u64) -> Result<Box<dyn Agent>, String> {
    let shown = plateau::escape_controls(spec);
    let (name, arg) = match spec.split_once(':') {
        Some((n, a)) => (n.trim(), Some(a.trim())),
        None => (spec.trim(), None),
    };
    match name {
        "random" => {
            let seed = match arg {
                None => default_seed,
                Some(a) => a.parse().map_err(|_| {
                    let a = plateau::escape_controls(a);
                    format!("agent '{shown}': seed '{a}' is not a number")
                })?,
            };
            Ok(Box::new(RandomAgent::new(seed)))
        }
        _ => Err(format!(
            "unknown agent '{shown}'; agents: random, random:SEED"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_specs_are_named_on_one_line() {
        // Found by tests/tests/malformed_input.rs: the agent "x\ny".
        let e = parse_agent("x\ny", 0).err().unwrap();
        assert_eq!(e, "unknown agent 'x\\ny'; agents: random, random:SEED");
        let e = parse_agent("random:\nx", 0).err().unwrap();
        assert!(!e.contains('\n') && e.contains("seed 'x'"), "{e}");
        let e = parse_agent("random:1\n2", 0).err().unwrap();
        assert!(e.contains("seed '1\\n2'"), "{e}");
        assert_eq!(parse_agent("random:7", 0).unwrap().spec(), "random:7");
    }
}
