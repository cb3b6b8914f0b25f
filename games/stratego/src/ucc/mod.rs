//! The UCC protocol, both ways: the text protocol of the 2012 UCC
//! Programming Competition for Stratego (its `manager` program and sample
//! AIs), with which programs that others wrote play.
//!
//! - [`play_as_program`] makes any Plateau agent a UCC program that such a
//!   manager runs (`plateau ucc --agent SPEC`).
//! - [`UccAgent`] (the agent spec `ucc:cmd=PATH[,args=…]`) plays an outside
//!   UCC program as a Plateau agent, in every front end. Plateau referees:
//!   the program gets only its side's view, as the protocol gives it, and a
//!   fault of the program ends its part with the reason
//!   ([`plateau::ai::Agent::failure`]), which arenas count apart.
//!
//! The protocol in brief. The manager sends `RED|BLUE OPPONENT 10 10`; the
//! program answers four setup rows (RED's from its back row, BLUE's from
//! its front row). Each turn it is sent the opponent's last move with its
//! outcome (`START` on RED's first), then the ten rows of the board (its
//! own pieces by token, enemy pieces as `#`, lakes as `+`); it answers `X Y
//! UP|DOWN|LEFT|RIGHT [N]` and is told its move back with the outcome:
//! `OK`, `KILLS A D`, `DIES A D`, `BOTHDIE A D` (the attacker's and the
//! defender's ranks), `VICTORY_FLAG` or `VICTORY_ATTRITION`. `QUIT` ends
//! the game. Tokens: `1` marshal .. `9` scout, `s` spy, `B` bomb, `F` flag.
//! RED is Plateau's first player (Red, ranks 1-4, moves first): the
//! protocol's square (x, y) is file `a` + x, rank y + 1.
//!
//! The protocol knows neither the two-squares rule (S7) nor the chase rule
//! (S8): play its programs with `two_square_limit = 0` and `chase_rule =
//! false`, or their moves that break those rules are faults. It has no
//! option rule of S12 and only the standard board and pieces; other rules
//! are refused with the reason.
//!
//! ```
//! use plateau::ai::{self, Agent};
//! use plateau_stratego::{ucc, Stratego};
//!
//! // A manager's first turn for RED, answered by Plateau's random agent.
//! let game = Stratego::original();
//! let mut agent = ai::agent_for(&game, "random", 1).unwrap();
//! let mut lines = String::from("RED manager 10 10\nSTART\n");
//! // The board RED is shown: it cannot be known before the setup, so this
//! // example only reads the setup and stops at the end of its input.
//! lines.truncate("RED manager 10 10\n".len());
//! let mut out = Vec::new();
//! let end = ucc::play_as_program(&game, agent.as_mut(), 7, lines.as_bytes(), &mut out).unwrap();
//! assert_eq!(end.quit, None);
//! let rows: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
//! assert_eq!(rows.len(), 4);
//! assert!(rows.iter().all(|r| r.len() == 10) && rows.concat().contains('F'));
//! ```

mod as_program;
mod observer;
mod outside;
mod text;

#[cfg(test)]
mod tests;

pub use as_program::{play_as_program, ProgramEnd};
pub use outside::{UccAgent, UccConfig, DEFAULT_MOVE_TIME, NAME};
pub use text::colour_name;

pub(crate) use outside::{agent, doc};

/// Why a game over the protocol could not go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UccError {
    /// The rules cannot be played over the protocol.
    #[error("these rules cannot be played over the UCC protocol: {0}")]
    Rules(String),
    /// A line does not follow the protocol, or contradicts what the side
    /// knows.
    #[error("line {line} '{text}': expected {expected}")]
    Protocol {
        /// The line's number in the input, from 1.
        line: usize,
        /// The line (escaped, shortened).
        text: String,
        /// What was expected there.
        expected: String,
    },
    /// The agent gave no setup or a move the protocol cannot say.
    #[error("{0}")]
    Agent(String),
    /// Reading or writing failed.
    #[error("input or output failed: {0}")]
    Io(String),
}
