//! Move notation (S1.4, S3.3): `b4-b5` (`x` accepted for `-`), and
//! `setup ROWS` for a setup.

use crate::board::Square;
use crate::params::Rules;
use crate::setup::Setup;
use crate::state::StrategoState;
use plateau::MoveParseError;
use serde::{Deserialize, Serialize};

/// One action of Stratego: a side's setup (its first action, S3.2) or a move
/// of play (S4).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Move {
    /// Places the side's army on its home area.
    Setup(Setup),
    /// Moves the piece on `from` to `to`, or attacks the piece there.
    Step {
        /// The moving piece's square.
        from: Square,
        /// Where it goes (or the piece it attacks).
        to: Square,
    },
}

impl Rules {
    /// The move in notation.
    pub(crate) fn format_move(&self, mv: &Move) -> String {
        match mv {
            Move::Setup(s) => format!("setup {}", self.setup_text(s)),
            Move::Step { from, to } => format!("{from}-{to}"),
        }
    }

    /// Reads a move; checks its form only.
    pub(crate) fn parse_move(
        &self,
        st: &StrategoState,
        text: &str,
    ) -> Result<Move, MoveParseError> {
        let t = text.trim();
        if t.len() >= 5 && t.is_char_boundary(5) && t[..5].eq_ignore_ascii_case("setup") {
            return self
                .read_setup(st.to_move(), t)
                .map(Move::Setup)
                .map_err(|e| MoveParseError::new(text, e.to_string()));
        }
        let sep = t
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c == '-' || c == 'x' || c == 'X');
        let Some((i, c)) = sep else {
            return Err(MoveParseError::new(
                text,
                "expected FROM-TO, e.g. b4-b5 (or a setup: setup ROWS)",
            ));
        };
        let (a, b) = (t[..i].trim(), t[i + c.len_utf8()..].trim());
        let from: Square = a
            .parse()
            .map_err(|e: crate::board::SquareError| MoveParseError::new(text, e.to_string()))?;
        let to: Square = b
            .parse()
            .map_err(|e: crate::board::SquareError| MoveParseError::new(text, e.to_string()))?;
        Ok(Move::Step { from, to })
    }
}
