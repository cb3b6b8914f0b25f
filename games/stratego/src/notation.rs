//! Move notation (S1.4, S3.3, S12.5e): `b4-b5` (`x` accepted for `-`, and
//! the dash may be left out: `e4e5`, `e4 e5`), `setup ROWS` for a setup
//! (`setup seen ROWS`: the rows as the owner's screen shows them), and
//! `return PIECE SQUARE` or `skip` for the step of reconquest.

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

/// How a setup is named in an error, in place of its secret text.
pub(crate) const SETUP_IN_ERRORS: &str = "setup …";

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
            // The setup is secret: the error does not repeat it (S6.4).
            return self
                .read_setup(st.to_move(), t)
                .map(Move::Setup)
                .map_err(|e| MoveParseError::new(SETUP_IN_ERRORS, e.to_string()));
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
        let (a, b) = match sep {
            Some((i, c)) => (t[..i].trim(), t[i + c.len_utf8()..].trim()),
            // S1.4: the dash may be left out, as players often type it.
            None => two_squares(t).ok_or_else(|| {
                MoveParseError::new(
                    text,
                    "expected FROM-TO, e.g. b4-b5 (also b4b5 or b4xb5; or a setup: setup ROWS)",
                )
            })?,
        };
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

/// A step written without its dash: two square names side by side (`e4e5`,
/// `a10a9`) or apart (`e4 e5`). `None` unless the text is a letter and
/// digits, then a letter and digits.
fn two_squares(t: &str) -> Option<(&str, &str)> {
    let mut words = t.split_whitespace();
    if let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) {
        return Some((a, b));
    }
    let square = |s: &str| {
        let mut chars = s.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && !chars.as_str().is_empty()
            && chars.all(|c| c.is_ascii_digit())
    };
    let (i, _) = t
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c.is_ascii_alphabetic())?;
    let (a, b) = t.split_at(i);
    (square(a) && square(b)).then_some((a, b))
}
