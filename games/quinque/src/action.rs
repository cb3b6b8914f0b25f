//! Actions, one step of the game each, and their notation (Q2.3).

use plateau::MoveParseError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One action of a turn (Q3.2), written as in Q2.3.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// `mark PX,PY`: a parachute on point `(x, y)`, adding a tile from the
    /// supply first if that point's cell is empty (Q4).
    Mark {
        /// The point's column.
        x: i32,
        /// The point's row.
        y: i32,
    },
    /// `move X,Y X2,Y2`: the tile on cell `from` moves to cell `to` (Q5, Q6).
    Move {
        /// The tile's cell.
        from: (i32, i32),
        /// The destination cell.
        to: (i32, i32),
    },
    /// `end`: ends the turn after its first action (Q3.2).
    End,
    /// `pass`: the turn of a player without a legal first action (Q3.3).
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Mark { x, y } => write!(f, "mark {x},{y}"),
            Action::Move { from, to } => write!(f, "move {},{} {},{}", from.0, from.1, to.0, to.1),
            Action::End => f.write_str("end"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

const FORMS: &str = "expected 'mark PX,PY', 'move X,Y X2,Y2', 'end' or 'pass'";

/// Reads an action. Spaces are free (`mark 3, 1`, `move 0,0  2,2`,
/// `move (0,0) -> (2,2)`), the keyword is case-insensitive.
pub fn parse_action(text: &str) -> Result<Action, MoveParseError> {
    let err = |reason: String| MoveParseError::new(text, reason);
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(err(format!("empty action; {FORMS}")));
    }
    let split = trimmed
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(trimmed.len());
    let (word, rest) = trimmed.split_at(split);
    let word = word.to_ascii_lowercase();
    let numbers = |expected: usize, form: &str| -> Result<Vec<i32>, MoveParseError> {
        let cleaned = rest.replace("->", " ");
        let mut out = Vec::new();
        for token in cleaned
            .split(|c: char| c == ',' || c == '(' || c == ')' || c.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            match token.parse::<i32>() {
                Ok(n) => out.push(n),
                Err(_) => {
                    return Err(err(format!(
                        "'{token}' is not a whole number; expected '{form}'"
                    )))
                }
            }
        }
        if out.len() != expected {
            return Err(err(format!(
                "'{word}' takes {expected} coordinates, {} given; expected '{form}'",
                out.len()
            )));
        }
        Ok(out)
    };
    match word.as_str() {
        "mark" => {
            let n = numbers(2, "mark PX,PY")?;
            Ok(Action::Mark { x: n[0], y: n[1] })
        }
        "move" => {
            let n = numbers(4, "move X,Y X2,Y2")?;
            Ok(Action::Move {
                from: (n[0], n[1]),
                to: (n[2], n[3]),
            })
        }
        "end" | "pass" => {
            if !rest.trim().is_empty() {
                return Err(err(format!("'{word}' takes nothing after it")));
            }
            Ok(if word == "end" {
                Action::End
            } else {
                Action::Pass
            })
        }
        "" => Err(err(format!("no action word; {FORMS}"))),
        other => Err(err(format!("unknown action '{other}'; {FORMS}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_tolerates_spaces() {
        for a in [
            Action::Mark { x: 3, y: 1 },
            Action::Mark { x: -4, y: -1 },
            Action::Move {
                from: (0, 0),
                to: (2, -2),
            },
            Action::End,
            Action::Pass,
        ] {
            assert_eq!(parse_action(&a.to_string()).unwrap(), a);
        }
        assert_eq!(
            parse_action("  MARK 3 , 1 ").unwrap(),
            Action::Mark { x: 3, y: 1 }
        );
        assert_eq!(
            parse_action("move (0,0) -> (2,2)").unwrap(),
            Action::Move {
                from: (0, 0),
                to: (2, 2)
            }
        );
        assert_eq!(
            parse_action("move 0,0   -1,2").unwrap(),
            Action::Move {
                from: (0, 0),
                to: (-1, 2)
            }
        );
    }

    #[test]
    fn parse_errors_name_the_problem() {
        for (text, reason) in [
            ("mark 3", "takes 2 coordinates, 1 given"),
            ("move 0,0 x,2", "'x' is not a whole number"),
            ("jump 1,1", "unknown action 'jump'"),
            ("end 3", "'end' takes nothing"),
            ("", "empty action"),
            ("3,1", "no action word"),
            ("mark 99999999999,1", "not a whole number"),
        ] {
            let e = parse_action(text).unwrap_err();
            assert!(e.reason.contains(reason), "{text}: {e}");
        }
    }
}
