//! Who plays each seat of `plateau play`, as the match layer's occupants:
//! `human` is a person named after the player, anything else an agent's
//! spec, checked when the match is made.

use crate::common::error::CliError;
use plateau::matches::{MatchError, Occupant};
use plateau::{DynGame, Player};

/// The occupant of `player`'s seat for a `--p1`/`--p2` value.
pub fn occupant(spec: &str, game: &dyn DynGame, player: Player) -> Occupant {
    if spec.trim().eq_ignore_ascii_case("human") {
        Occupant::person(game.player_name(player))
    } else {
        Occupant::agent(spec.trim())
    }
}

/// `human` or the agent's spec, for the header.
pub fn describe(occupant: &Occupant) -> String {
    match occupant {
        Occupant::Person { .. } => "human".into(),
        Occupant::Agent { spec } => spec.clone(),
        Occupant::Empty => "nobody".into(),
    }
}

/// A match that could not be made, as a usage error naming the flag of the
/// seat whose agent is bad (`flags[i]` for seat `i`).
pub fn usage_error(e: MatchError, flags: &[&str]) -> CliError {
    match &e {
        MatchError::BadAgent { seat, message } => {
            let flag = (0..flags.len())
                .find(|i| seat.ends_with(&format!("(seat {i})")))
                .and_then(|i| flags.get(i))
                .copied();
            match flag {
                Some(flag) => CliError::usage(format!(
                    "{flag}: {message}. A seat is `human` or an agent spec (`plateau agents` lists them)"
                )),
                None => CliError::usage(e.to_string()),
            }
        }
        _ => CliError::usage(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::RulesSpec;

    #[test]
    fn occupants_of_the_flags() {
        let game = crate::default_registry()
            .get("hus")
            .unwrap()
            .load(&RulesSpec::default_variant())
            .unwrap();
        let game = game.as_ref();
        assert!(occupant("Human", game, Player(0)).is_person());
        assert_eq!(describe(&occupant(" random ", game, Player(1))), "random");
        assert_eq!(
            occupant("random:3", game, Player(1)),
            Occupant::agent("random:3")
        );
        let e = MatchError::BadAgent {
            seat: "north (seat 1)".into(),
            message: "unknown agent 'alphazero'".into(),
        };
        let e = usage_error(e, &["--p1", "--p2"]);
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().starts_with("--p2: unknown agent"), "{e}");
    }
}
