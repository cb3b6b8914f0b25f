//! The board of the full-screen terminal and of the web page's generic
//! board: the cells as [`BoardView`] squares named as moves name them.
//! Optional, as every [`Render`](plateau::Render) method: without it the
//! front ends show [`render_state`](plateau::Render::render_state)'s text.

use crate::{State, TicTacToe};
use plateau::board::{BoardView, Cell};
use plateau::{Game, Player};

impl plateau::Render for TicTacToe {
    fn render_state(&self, s: &State) -> String {
        let n = self.size as usize;
        let mut out = String::new();
        for (y, row) in s.cells.chunks(n).enumerate().rev() {
            let marks = row
                .iter()
                .map(|c| [" .", " X", " O"][c.map_or(0, |p| p.index() + 1)]);
            out += &format!("{:>2}{}\n", y + 1, marks.collect::<String>());
        }
        let files = (0..n).map(|x| format!(" {}", (b'a' + x as u8) as char));
        out + "  " + &files.collect::<String>() + "\n"
    }

    fn board_view(&self, s: &State, _seat: Option<Player>) -> Option<BoardView> {
        let n = self.size as usize;
        let mut board = BoardView::new(n, n);
        for (i, mark) in s.cells.iter().enumerate() {
            // Row 1 at the bottom of the screen, as `render_state` draws it.
            let (row, col) = (n - 1 - i / n, i % n);
            let mut cell = Cell::square(self.format_move(&(i as u16)));
            if let Some(p) = mark {
                cell = cell.text(["X", "O"][p.index()]).owner(*p);
            }
            board.set(row, col, cell);
        }
        board.col_labels = (0..n)
            .map(|x| ((b'a' + x as u8) as char).to_string())
            .collect();
        board.row_labels = (1..=n).rev().map(|y| y.to_string()).collect();
        Some(board)
    }

    fn move_squares(&self, mv: &u16) -> Vec<String> {
        vec![self.format_move(mv)]
    }
}
