//! A game-independent description of a board for display: a grid of cells,
//! each with a short text, the side that owns it and the name of its square
//! in the game's notation. A full-screen front end draws every game from it
//! with no knowledge of any one game.
//!
//! A game provides it with [`Render::board_view`](crate::Render::board_view) and
//! names the squares a move touches with
//! [`Render::move_squares`](crate::Render::move_squares); a game that provides
//! neither is shown as its text board.
//!
//! ```
//! use plateau::board::{BoardView, Cell};
//! use plateau::Player;
//!
//! let mut board = BoardView::new(1, 2);
//! board.set(0, 0, Cell::square("a1").text("3").owner(Player(0)));
//! assert_eq!(board.find("a1"), Some((0, 0)));
//! assert_eq!(board.cell(0, 0).unwrap().text, "3");
//! assert_eq!(board.find("b1"), None);
//! ```

use crate::Player;
use serde::{Deserialize, Serialize};

/// What kind of place a cell is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellKind {
    /// A square or pit that pieces may occupy.
    #[default]
    Square,
    /// A place no piece may enter (a Stratego lake).
    Blocked,
    /// A gap in the grid: nothing is drawn.
    Gap,
}

/// One cell of a [`BoardView`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// What is shown in the cell (a piece symbol, a count of stones), at
    /// most a few characters; empty for an empty square.
    pub text: String,
    /// The side whose piece or pit it is, for colouring.
    pub owner: Option<Player>,
    /// The square's name in the game's notation, as moves name it.
    pub name: Option<String>,
    /// What kind of place it is.
    pub kind: CellKind,
    /// Shown marked (e.g. a winning line, a piece whose rank is known to
    /// the opponent).
    pub marked: bool,
}

impl Cell {
    /// An empty square with that name.
    pub fn square(name: impl Into<String>) -> Cell {
        Cell {
            name: Some(name.into()),
            ..Cell::default()
        }
    }

    /// A gap: nothing is drawn there.
    pub fn gap() -> Cell {
        Cell {
            kind: CellKind::Gap,
            ..Cell::default()
        }
    }

    /// A place no piece may enter.
    pub fn blocked() -> Cell {
        Cell {
            kind: CellKind::Blocked,
            ..Cell::default()
        }
    }

    /// The cell with this text.
    pub fn text(mut self, text: impl Into<String>) -> Cell {
        self.text = text.into();
        self
    }

    /// The cell owned by `owner`.
    pub fn owner(mut self, owner: Player) -> Cell {
        self.owner = Some(owner);
        self
    }

    /// The cell marked or not.
    pub fn marked(mut self, marked: bool) -> Cell {
        self.marked = marked;
        self
    }
}

/// A board as one seat sees it, row 0 at the top of the screen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The cells, row by row (`rows * cols` of them).
    pub cells: Vec<Cell>,
    /// Labels of the columns shown above and below (empty: none).
    pub col_labels: Vec<String>,
    /// Labels of the columns shown above, when they are not those below:
    /// in a mancala the opponent's row on top is named from the other side
    /// of the table (empty: `col_labels` above too).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub top_labels: Vec<String>,
    /// Labels of the rows shown left and right (empty: none).
    pub row_labels: Vec<String>,
    /// Lines shown under the board: stores, trays, counts.
    pub notes: Vec<String>,
    /// The seeds each player holds in its store, by player number, for a
    /// board with stores (Oware); empty for other games. Front ends draw
    /// the stores from it (the notes say the same in words).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stores: Vec<u32>,
}

impl BoardView {
    /// The labels shown above the board: `top_labels`, else `col_labels`.
    pub fn labels_above(&self) -> &[String] {
        if self.top_labels.is_empty() {
            &self.col_labels
        } else {
            &self.top_labels
        }
    }

    /// A board of gaps.
    pub fn new(rows: usize, cols: usize) -> BoardView {
        BoardView {
            rows,
            cols,
            cells: vec![Cell::gap(); rows * cols],
            ..BoardView::default()
        }
    }

    /// The cell at (row, col), if on the board.
    pub fn cell(&self, row: usize, col: usize) -> Option<&Cell> {
        if row < self.rows && col < self.cols {
            self.cells.get(row * self.cols + col)
        } else {
            None
        }
    }

    /// Replaces the cell at (row, col); off the board nothing happens.
    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        if row < self.rows && col < self.cols {
            self.cells[row * self.cols + col] = cell;
        }
    }

    /// Where the square a move of `mover` names is: the cell of exactly
    /// that name owned by the mover (Hus and Oware pits are named by their
    /// owner), else of exactly that name, else of that name in any case.
    pub fn locate(&self, name: &str, mover: Option<Player>) -> Option<(usize, usize)> {
        let at = |i: usize| (i / self.cols.max(1), i % self.cols.max(1));
        let exact = |c: &Cell| c.name.as_deref() == Some(name);
        if let Some(i) = self
            .cells
            .iter()
            .position(|c| exact(c) && mover.is_some() && c.owner == mover)
        {
            return Some(at(i));
        }
        if let Some(i) = self.cells.iter().position(exact) {
            return Some(at(i));
        }
        self.find(name)
    }

    /// Where the square of that name is (any case).
    pub fn find(&self, name: &str) -> Option<(usize, usize)> {
        self.cells
            .iter()
            .position(|c| {
                c.name
                    .as_deref()
                    .is_some_and(|n| n.eq_ignore_ascii_case(name))
            })
            .map(|i| (i / self.cols.max(1), i % self.cols.max(1)))
    }
}

impl BoardView {
    /// The board as plain text: the column labels, then each row with its
    /// label, every cell's text (`.` for an empty square, `#` for a blocked
    /// one, blank for a gap) in columns of equal width, then the notes.
    pub fn to_text(&self) -> String {
        let shown = |c: &Cell| match c.kind {
            CellKind::Gap => String::new(),
            CellKind::Blocked if c.text.is_empty() => "#".to_string(),
            _ if c.text.is_empty() => ".".to_string(),
            _ => c.text.clone(),
        };
        let width = self
            .cells
            .iter()
            .map(|c| shown(c).chars().count())
            .chain(self.col_labels.iter().map(|l| l.chars().count()))
            .chain(self.top_labels.iter().map(|l| l.chars().count()))
            .max()
            .unwrap_or(1);
        let label_width = self
            .row_labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let mut lines = Vec::new();
        let pad = |text: &str, w: usize| format!("{text:>w$}");
        if !self.labels_above().is_empty() {
            let labels: Vec<String> = self.labels_above().iter().map(|l| pad(l, width)).collect();
            lines.push(format!("{} {}", pad("", label_width), labels.join(" ")));
        }
        for row in 0..self.rows {
            let cells: Vec<String> = (0..self.cols)
                .map(|col| pad(&self.cell(row, col).map(shown).unwrap_or_default(), width))
                .collect();
            let label = self.row_labels.get(row).map_or("", String::as_str);
            lines.push(format!("{} {}", pad(label, label_width), cells.join(" ")));
        }
        lines.extend(self.notes.iter().cloned());
        let mut text: String = lines
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n");
        text.push('\n');
        text
    }
}

/// One kind of piece of a [`Placement`]: its symbol, its name and how many
/// the mover places.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacementPiece {
    /// What the cell shows and what is typed to choose it (one character
    /// in every game so far).
    pub symbol: String,
    /// The piece's name, e.g. `Marshal`.
    pub name: String,
    /// How many of it are placed.
    pub count: usize,
}

/// A free-form placement move (a Stratego setup): the mover puts pieces of
/// a tray on the squares of an area of the board. A game describes it with
/// [`FreeFormMoves::placement`](crate::FreeFormMoves::placement); a front end lets the mover
/// arrange the pieces on the board and gives the arrangement back to
/// [`FreeFormMoves::placement_move`](crate::FreeFormMoves::placement_move), which makes the
/// move, checked as any other.
///
/// An arrangement is one entry a square of [`Placement::squares`], in that
/// order: `Some(i)` for a piece of kind `pieces[i]`, `None` for an empty
/// square.
///
/// ```
/// use plateau::board::{Placement, PlacementPiece};
///
/// let placement = Placement {
///     squares: vec!["a1".into(), "b1".into(), "c1".into()],
///     blocked: vec![false, true, false],
///     pieces: vec![PlacementPiece { symbol: "F".into(), name: "Flag".into(), count: 2 }],
///     fill: true,
/// };
/// assert_eq!(placement.free_squares(), 2);
/// assert_eq!(placement.tray(&[Some(0), None, None]), vec![1]);
/// assert_eq!(placement.piece_of_symbol("f"), Some(0));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// The names of the area's squares, as [`Cell::name`] names them, in
    /// the order of an arrangement.
    pub squares: Vec<String>,
    /// For each square, whether no piece may stand there (a lake).
    pub blocked: Vec<bool>,
    /// The kinds of piece, with how many of each are placed.
    pub pieces: Vec<PlacementPiece>,
    /// Whether every square that is not blocked must hold a piece.
    pub fill: bool,
}

impl Placement {
    /// The squares a piece may stand on.
    pub fn free_squares(&self) -> usize {
        self.blocked.iter().filter(|b| !**b).count()
    }

    /// How many pieces of each kind an arrangement has not placed yet (the
    /// tray), by index of [`Placement::pieces`]; a kind placed too often
    /// counts 0.
    pub fn tray(&self, arrangement: &[Option<usize>]) -> Vec<usize> {
        let mut left: Vec<usize> = self.pieces.iter().map(|p| p.count).collect();
        for i in arrangement.iter().flatten() {
            if let Some(n) = left.get_mut(*i) {
                *n = n.saturating_sub(1);
            }
        }
        left
    }

    /// The kind typed as `symbol`: exactly, else in any case when only one
    /// kind matches so.
    pub fn piece_of_symbol(&self, symbol: &str) -> Option<usize> {
        if let Some(i) = self.pieces.iter().position(|p| p.symbol == symbol) {
            return Some(i);
        }
        let mut matches = self
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.symbol.eq_ignore_ascii_case(symbol));
        match (matches.next(), matches.next()) {
            (Some((i, _)), None) => Some(i),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_shows_labels_cells_and_notes() {
        let mut b = BoardView::new(1, 3);
        b.set(0, 0, Cell::square("a1").text("12"));
        b.set(0, 1, Cell::square("b1"));
        b.set(0, 2, Cell::blocked());
        b.col_labels = vec!["a".into(), "b".into(), "c".into()];
        b.row_labels = vec!["1".into()];
        b.notes = vec!["tray: none".into()];
        assert_eq!(b.to_text(), "   a  b  c\n1 12  .  #\ntray: none\n");
    }

    #[test]
    fn cells_are_found_by_name_and_off_board_is_none() {
        let mut b = BoardView::new(2, 3);
        b.set(1, 2, Cell::square("C2").text("x"));
        b.set(5, 5, Cell::square("zz"));
        assert_eq!(b.find("c2"), Some((1, 2)));
        assert_eq!(b.find("zz"), None);
        assert!(b.cell(2, 0).is_none());
        assert_eq!(b.cell(0, 0).unwrap().kind, CellKind::Gap);
    }
}
