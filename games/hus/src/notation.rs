//! Move notation (RULES.md H1.2): a move is the name of the pit it starts
//! from, `a1`–`a8` (first row) or `b1`–`b8` (second row), from the mover's
//! own view.

use crate::board::Pit;

const EXPECTED: &str = "a move is a pit name, a1–a8 (first row) or b1–b8 (second row)";

/// Reads a pit name (`a3`, `B7`; surrounding blanks are ignored). The error
/// is one line saying what is wrong.
pub fn parse_pit(text: &str) -> Result<Pit, String> {
    let trimmed = text.trim();
    let mut chars = trimmed.chars();
    let (row, column) = match (chars.next(), chars.next(), chars.next()) {
        (None, _, _) => return Err(format!("empty move; {EXPECTED}")),
        (Some(row), Some(column), None) => (row.to_ascii_lowercase(), column),
        _ => return Err(EXPECTED.to_string()),
    };
    if row != 'a' && row != 'b' {
        return Err(format!("no row '{row}'; {EXPECTED}"));
    }
    let column = match column.to_digit(10) {
        Some(c @ 1..=8) => c as u8,
        _ => return Err(format!("no column '{column}'; {EXPECTED}")),
    };
    Pit::from_name(row, column).ok_or_else(|| EXPECTED.to_string())
}

/// Writes a pit name, e.g. `a3`.
pub fn format_pit(pit: Pit) -> String {
    pit.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for pit in Pit::all() {
            assert_eq!(parse_pit(&format_pit(pit)), Ok(pit));
        }
        assert_eq!(parse_pit(" B7 ").unwrap().to_string(), "b7");
        assert_eq!(parse_pit("a8").unwrap().index(), 0);
        assert_eq!(parse_pit("b8").unwrap().index(), 15);
    }

    #[test]
    fn bad_names_give_one_line_reasons() {
        for bad in ["", "a", "a0", "a9", "c3", "b12", "3a", "a-1", "ä1", "a٣"] {
            let err = parse_pit(bad).unwrap_err();
            assert!(!err.contains('\n'), "{err}");
            assert!(err.contains("a1–a8"), "{bad}: {err}");
        }
        assert!(parse_pit("c3").unwrap_err().contains("no row 'c'"));
        assert!(parse_pit("a9").unwrap_err().contains("no column '9'"));
    }
}
