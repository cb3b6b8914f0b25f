//! Move notation (S1.4, S3.3, S12.5e): `b4-b5` (`x` accepted for `-`),
//! `setup ROWS` for a setup, and `return PIECE SQUARE` or `skip` for the
//! step of reconquest.

use crate::board::Square;
use crate::params::Rules;
use crate::setup::Setup;
use crate::state::StrategoState;
use plateau::MoveParseError;
use serde::{Deserialize, Serialize};

/// One action of Stratego: a side's setup (its first action, S3.2) or a move
/// of play (S4).
///
/// It is `Copy`: a setup is packed into a fixed array ([`Setup`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// S12.5: returns a removed piece of this kind (an index into
    /// [`Stratego::pieces`](crate::Stratego::pieces)) to an empty square of
    /// the home area, after a move that reached the opponent's back row.
    /// Written `return 9 c3` with the piece's symbol.
    Return {
        /// The returned piece's kind.
        kind: u8,
        /// Where it goes.
        square: Square,
    },
    /// S12.5d: the side does not return a piece after reaching the back row.
    Skip,
}

impl Rules {
    /// The move in notation.
    pub(crate) fn format_move(&self, mv: &Move) -> String {
        match mv {
            Move::Setup(s) => format!("setup {}", self.setup_text(s)),
            Move::Step { from, to } => format!("{from}-{to}"),
            Move::Return { kind, square } => {
                let symbol = self.kinds.get(*kind as usize).map_or('?', |k| k.symbol);
                format!("return {symbol} {square}")
            }
            Move::Skip => "skip".into(),
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
        if t.eq_ignore_ascii_case("skip") {
            return Ok(Move::Skip);
        }
        let mut words = t.split_whitespace();
        if words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("return"))
        {
            return self.parse_return(text, words.collect());
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

    /// Reads the words after `return`: a piece's symbol and a square.
    fn parse_return(&self, text: &str, words: Vec<&str>) -> Result<Move, MoveParseError> {
        let [piece, square] = words[..] else {
            return Err(MoveParseError::new(
                text,
                "expected return PIECE SQUARE, e.g. return 9 c3 (S12.5e)",
            ));
        };
        let mut chars = piece.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(c), None) => self.kind_of_symbol(c),
            _ => None,
        };
        let Some(kind) = kind else {
            let known: Vec<String> = self
                .kinds
                .iter()
                .map(|k| format!("{} {}", k.symbol, k.name))
                .collect();
            return Err(MoveParseError::new(
                text,
                format!(
                    "'{piece}' is no piece symbol; the pieces are {}",
                    known.join(", ")
                ),
            ));
        };
        let square: Square = square
            .parse()
            .map_err(|e: crate::board::SquareError| MoveParseError::new(text, e.to_string()))?;
        Ok(Move::Return { kind, square })
    }
}
