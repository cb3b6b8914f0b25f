//! Automatic players, chosen by a spec string (`random`, `random:SEED`).
//!
//! An agent is given an [`AgentInput`]: the view of the player it plays and
//! the moves that player may make, never the whole game, so that it knows
//! nothing its player could not know at the table.

use plateau::{DynSession, GameRng, Player, Status};

/// What an agent may know when it chooses a move: its player's view and the
/// moves its player may make. The game itself (the state, the record, the
/// opponent's hidden pieces) is out of its reach.
pub struct AgentInput<'a> {
    session: &'a dyn DynSession,
    player: Player,
}

impl<'a> AgentInput<'a> {
    /// The input for the player to move in `session`, or `None` when the
    /// game is over.
    pub fn new(session: &'a dyn DynSession) -> Option<Self> {
        match session.status() {
            Status::ToMove(player) => Some(AgentInput { session, player }),
            Status::Over(_) => None,
        }
    }

    /// The player the agent plays.
    pub fn player(&self) -> Player {
        self.player
    }

    /// That player's view, as JSON (the game's `View`).
    pub fn view(&self) -> serde_json::Value {
        self.session.view_json(self.player)
    }

    /// The legal moves of the player, in notation (empty when they cannot
    /// be listed, see [`AgentInput::moves_enumerable`]).
    pub fn legal_moves(&self) -> Vec<String> {
        self.session.legal_moves()
    }

    /// Whether the legal moves can be listed (false in a free-form phase
    /// such as a setup).
    pub fn moves_enumerable(&self) -> bool {
        self.session.moves_enumerable()
    }

    /// What to enter where the moves cannot be listed, if the game says.
    pub fn move_hint(&self) -> Option<String> {
        self.session.move_hint()
    }

    /// A uniformly random legal move of the player (a random setup in a
    /// setup phase).
    pub fn random_move(&self, rng: &mut GameRng) -> Option<String> {
        self.session.random_move(rng)
    }
}

/// A player that picks moves by itself.
pub trait Agent: Send {
    /// The agent's spec, as it would be written on the command line.
    fn spec(&self) -> String;
    /// A move for its player, in notation, or `None` if it finds none.
    fn choose(&mut self, input: &AgentInput<'_>) -> Option<String>;
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
    fn choose(&mut self, input: &AgentInput<'_>) -> Option<String> {
        input.random_move(&mut self.rng)
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
