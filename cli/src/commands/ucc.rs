//! `plateau ucc`: any Plateau agent as a program of the 2012 UCC
//! Programming Competition for Stratego, which its `manager` (or any
//! program that speaks the protocol) runs: the manager's lines on standard
//! input, the answers on standard output, one game a run.

use crate::common::error::{CliError, CliResult};
use crate::common::loading::{find_game, rules_spec};
use crate::common::options::RulesOpts;
use crate::Io;
use clap::Args;
use plateau::{Registry, RulesSpec};
use plateau_stratego::{ucc, Stratego};

/// Arguments of `plateau ucc`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau ucc --agent ai:time=1s            (for the UCC manager: stratego -o ... 'plateau ucc --agent ai')\n  \
    plateau arena stratego --set two_square_limit=0 --set chase_rule=false \\\n    \
    --a 'ucc:cmd=plateau,args=ucc --agent random' --b ai:time=100ms\n\n\
    The protocol knows neither the two-squares rule (S7) nor the chase rule (S8): \
    unless --set says otherwise, the game is played with two_square_limit=0 and chase_rule=false, \
    the rules of the UCC manager. Standard error gets one line if the manager breaks the protocol.")]
pub struct UccArgs {
    /// The agent that chooses the setup and the moves (see `plateau agents stratego`).
    #[arg(long, default_value = "ai")]
    pub agent: String,
    /// The agent's seed (and the seed of the views' draws).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The rules (default: Original under the UCC manager's rules).
    #[command(flatten)]
    pub rules: RulesOpts,
}

/// Plays one game as a UCC program.
pub fn run(registry: &Registry, args: &UccArgs, io: &mut Io<'_>) -> CliResult {
    let entry = find_game(registry, "stratego")?;
    let given = rules_spec(entry, &args.rules)?;
    // The manager's rules first; the user's --set after them wins.
    let mut spec = RulesSpec {
        overrides: Vec::new(),
        ..given.clone()
    }
    .set("two_square_limit", "0")
    .set("chase_rule", "false");
    spec.overrides.extend(given.overrides);
    let game: Stratego = plateau::rules::load::<Stratego>(&spec)
        .map_err(CliError::Rules)?
        .game;
    let mut agent = plateau::ai::agent_for(&game, &args.agent, args.seed)
        .map_err(|e| CliError::usage(format!("--agent: {e}")))?;
    ucc::play_as_program(
        &game,
        agent.as_mut(),
        args.seed,
        &mut *io.input,
        &mut *io.out,
    )
    .map_err(|e| CliError::failed(format!("ucc: {e}")))?;
    Ok(())
}
