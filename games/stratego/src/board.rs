//! The board's geometry (S1): squares, their names, and the padded "mailbox"
//! layout the engine uses.
//!
//! Squares are stored as indices into a 12×12 array: the playable 10×10 (or
//! smaller) board with a border of blocked cells around it, so that walking in
//! a direction always stops at a blocked cell before leaving the array.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The widest board (files `a`–`j`).
pub const MAX_FILES: u8 = 10;
/// The tallest board (ranks `1`–`10`).
pub const MAX_RANKS: u8 = 10;
/// Width of the padded array.
pub(crate) const STRIDE: usize = MAX_FILES as usize + 2;
/// Cells of the padded array.
pub(crate) const CELLS: usize = STRIDE * (MAX_RANKS as usize + 2);
/// The length of the board array: the padded array rounded up to a power of
/// two, so that `cell & MASK` indexes it without a bounds check.
pub(crate) const BOARD_LEN: usize = 256;
/// `BOARD_LEN - 1`.
pub(crate) const MASK: usize = BOARD_LEN - 1;
/// The four orthogonal directions as index offsets: up (towards rank 10),
/// down, right (towards file j), left.
pub(crate) const DIRS: [isize; 4] = [STRIDE as isize, -(STRIDE as isize), 1, -1];

/// A square of the board, such as `b4` (S1.1). Files and ranks count from 0
/// in the constructor and accessors; the name counts ranks from 1.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1), if both are
    /// within the largest board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < MAX_FILES && rank < MAX_RANKS)
            .then(|| Square(((rank as usize + 1) * STRIDE + file as usize + 1) as u8))
    }

    /// The file, 0 for `a`.
    pub fn file(self) -> u8 {
        (self.0 as usize % STRIDE - 1) as u8
    }

    /// The rank, 0 for rank 1.
    pub fn rank(self) -> u8 {
        (self.0 as usize / STRIDE - 1) as u8
    }

    /// The index in the padded array.
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    /// The square of a padded-array index (which must be a real square).
    pub(crate) fn from_index(index: usize) -> Square {
        Square(index as u8)
    }

    /// The square of a padded-array index, if it is a square of the largest
    /// board (no border cell).
    pub(crate) fn from_cell(cell: usize) -> Option<Square> {
        let (rank, file) = (cell / STRIDE, cell % STRIDE);
        ((1..=MAX_RANKS as usize).contains(&rank) && (1..=MAX_FILES as usize).contains(&file))
            .then_some(Square(cell as u8))
    }

    /// The number of squares between two squares of one line (0 if the same).
    pub(crate) fn distance(self, other: Square) -> u8 {
        self.file().abs_diff(other.file()) + self.rank().abs_diff(other.rank())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name could not be read (on one line: the name is shown with
/// control characters escaped).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{}' is not a square (files a–j, ranks 1–10, e.g. b4)",
    plateau::escape_controls(.0)
)]
pub struct SquareError(pub String);

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Square, SquareError> {
        let err = || SquareError(text.to_string());
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(err)?.to_ascii_lowercase();
        if !('a'..='j').contains(&file) {
            return Err(err());
        }
        let rank_text = chars.as_str();
        if rank_text.is_empty()
            || rank_text.len() > 2
            || !rank_text.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(err());
        }
        let rank: u8 = rank_text.parse().map_err(|_| err())?;
        if rank == 0 || rank_text.starts_with('0') {
            return Err(err());
        }
        Square::new(file as u8 - b'a', rank - 1).ok_or_else(err)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The squares of a board of `files` × `ranks`, rank 1 first, each rank from
/// file `a`.
pub(crate) fn squares(files: u8, ranks: u8) -> impl Iterator<Item = Square> {
    (0..ranks).flat_map(move |r| (0..files).filter_map(move |f| Square::new(f, r)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in squares(10, 10) {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap(), Square::new(0, 0).unwrap());
        assert_eq!("J10".parse::<Square>().unwrap(), Square::new(9, 9).unwrap());
        for bad in ["", "a", "k1", "a0", "a11", "a01", "1a", "b-4", "a1x"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bad_name_shows_on_one_line() {
        // Found by tests/tests/malformed_input.rs: a JSON state with the
        // square "\nj8".
        let e = "\nj8".parse::<Square>().unwrap_err().to_string();
        assert!(e.starts_with("'\\nj8' is not a square"), "{e}");
    }
}
