//! The board widget: any game's [`BoardView`] drawn with its labels,
//! the sides' colours and the highlights of moves, selection and cursor.

use super::*;
use plateau::board::{BoardView, CellKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// What the board widget shows besides the cells: all (row, column).
#[derive(Clone, Debug, Default)]
pub(crate) struct Highlights {
    /// The squares of the last move (shaded).
    pub last_move: Vec<(usize, usize)>,
    /// Where a move may start (underlined).
    pub origins: Vec<(usize, usize)>,
    /// Where the selected piece may go (green).
    pub targets: Vec<(usize, usize)>,
    /// The selected cell (yellow).
    pub selected: Option<(usize, usize)>,
    /// The cursor (reversed).
    pub cursor: Option<(usize, usize)>,
    /// An area being set up (a dark background).
    pub area: Vec<(usize, usize)>,
    /// The players' colours (see [`super::palette`]); `None`: by side.
    pub palette: Option<[Color; 4]>,
}

/// The characters of the longest of `texts` (0 if none).
fn widest<'a>(texts: impl IntoIterator<Item = &'a String>) -> usize {
    texts.into_iter().fold(0, |w, t| w.max(t.chars().count()))
}

/// Where a board was drawn, for the mouse and the tests: the first cell's
/// top-left corner, and each cell's width and height in characters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct BoardGeometry {
    /// The column of the first cell's left edge.
    pub x0: u16,
    /// The row of the first cell's top edge.
    pub y0: u16,
    /// A cell's width.
    pub w: u16,
    /// A cell's height (1, or more on a large terminal).
    pub h: u16,
}

impl BoardGeometry {
    /// The screen position of the middle of cell `(row, col)`: where its
    /// text is.
    #[cfg(test)]
    pub fn middle(&self, (row, col): (usize, usize)) -> (u16, u16) {
        (
            self.x0 + col as u16 * self.w + self.w / 2,
            self.y0 + row as u16 * self.h + self.h / 2,
        )
    }

    /// The screen position of the left end of cell `(row, col)`'s text line.
    #[cfg(test)]
    pub fn left(&self, (row, col): (usize, usize)) -> (u16, u16) {
        (
            self.x0 + col as u16 * self.w,
            self.y0 + row as u16 * self.h + self.h / 2,
        )
    }

    /// The cell at a screen position, if it is on the board's grid (which
    /// may be past its last row or column: the caller checks).
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        if x < self.x0 || y < self.y0 || self.w == 0 || self.h == 0 {
            return None;
        }
        Some((
            ((y - self.y0) / self.h) as usize,
            ((x - self.x0) / self.w) as usize,
        ))
    }
}

/// The widest a cell grows beyond its text on a large terminal.
const MAX_EXTRA_WIDTH: usize = 6;

/// Draws a board in `inner` with its labels and then the `extra` lines;
/// returns where its cells are (for the mouse). The cells grow with the
/// room there is: wider, and two lines high when the board and the lines
/// under it still fit, so a large terminal shows a large board.
pub(crate) fn draw_board_view(
    frame: &mut Frame<'_>,
    inner: Rect,
    board: &BoardView,
    highlights: &Highlights,
    extra: Vec<Line<'static>>,
) -> BoardGeometry {
    let base = widest(board.cells.iter().map(|c| &c.text)).max(1) + 2;
    let palette = highlights.palette.unwrap_or(SIDE_COLOURS);
    // A board with gaps (Quinque's tiles on an open table) draws its
    // squares as tiles: filled, so that where a tile lies can be seen.
    let tiles = board.cells.iter().any(|c| c.kind == CellKind::Gap);
    let label_width = widest(&board.row_labels);
    let cols = board.cols.max(1);
    let room = (inner.width as usize).saturating_sub(2 * (label_width + 1));
    let width = (room / cols).clamp(base, base + MAX_EXTRA_WIDTH);
    // The lines under the grid, wrapped to the area's width.
    let under: usize = extra
        .iter()
        .map(|l| l.width().max(1).div_ceil((inner.width as usize).max(1)))
        .sum();
    let labels =
        usize::from(!board.labels_above().is_empty()) + usize::from(!board.col_labels.is_empty());
    let height = if width >= base + 2 && board.rows * 2 + labels + under <= inner.height as usize {
        2
    } else {
        1
    };
    // Short of room, the labels below go (those above stay) so that the
    // lines under the board are not cut.
    let labels_below = !board.col_labels.is_empty()
        && board.rows * height + labels + under <= inner.height as usize;
    let mut lines = Vec::new();
    let col_line = |labels: &[String]| {
        let mut s = " ".repeat(label_width + 1);
        for l in labels {
            s.push_str(&format!("{l:^width$}"));
        }
        Line::from(s).style(Style::default().fg(Color::Gray))
    };
    if !board.labels_above().is_empty() {
        lines.push(col_line(board.labels_above()));
    }
    for r in 0..board.rows {
        let label = board.row_labels.get(r).cloned().unwrap_or_default();
        // The cell's text on its middle line; the other lines of a tall
        // cell carry its background only.
        let mut rows: Vec<Vec<Span>> = (0..height)
            .map(|line| {
                let text = if line == height / 2 {
                    label.as_str()
                } else {
                    ""
                };
                vec![Span::styled(
                    format!("{text:>label_width$} "),
                    Style::default().fg(Color::Gray),
                )]
            })
            .collect();
        for c in 0..board.cols {
            let cell = board.cell(r, c).expect("cells of the board");
            let at = (r, c);
            let mut style = Style::default();
            let text = match cell.kind {
                CellKind::Gap => String::new(),
                CellKind::Blocked => {
                    style = style.bg(Color::Blue).fg(Color::White);
                    cell.text.clone()
                }
                CellKind::Square => {
                    if let Some(o) = cell.owner {
                        style = style
                            .fg(palette[o.index() % palette.len()])
                            .add_modifier(Modifier::BOLD);
                    } else {
                        style = style.fg(Color::Gray);
                    }
                    if tiles {
                        style = style.bg(Color::Indexed(239));
                    }
                    if cell.text.is_empty() {
                        "·".to_string()
                    } else {
                        cell.text.clone()
                    }
                }
            };
            if cell.marked {
                style = style.add_modifier(Modifier::ITALIC | Modifier::UNDERLINED);
            }
            if highlights.area.contains(&at) && cell.kind == CellKind::Square {
                style = style.bg(Color::Indexed(236));
            }
            if highlights.last_move.contains(&at) {
                style = style.bg(Color::Indexed(238));
            }
            if highlights.origins.contains(&at) {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            if highlights.targets.contains(&at) {
                style = style.bg(Color::Green).fg(Color::Black);
            }
            if highlights.selected == Some(at) {
                style = style.bg(Color::Yellow).fg(Color::Black);
            }
            if highlights.cursor == Some(at) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            for (line, spans) in rows.iter_mut().enumerate() {
                let shown = if line == height / 2 {
                    text.as_str()
                } else {
                    ""
                };
                // The blank lines of a tall cell: no underline or italics.
                let style = if line == height / 2 {
                    style
                } else {
                    style.remove_modifier(Modifier::UNDERLINED | Modifier::ITALIC)
                };
                spans.push(Span::styled(format!("{shown:^width$}"), style));
            }
        }
        for (line, mut spans) in rows.into_iter().enumerate() {
            let text = if line == height / 2 {
                label.as_str()
            } else {
                ""
            };
            spans.push(Span::styled(
                format!(" {text}"),
                Style::default().fg(Color::Gray),
            ));
            lines.push(Line::from(spans));
        }
    }
    if labels_below {
        lines.push(col_line(&board.col_labels));
    }
    // The grid is never wrapped (the mouse finds cells by position); the
    // lines under it are.
    let grid_height = (lines.len() as u16).min(inner.height);
    let [grid, below] =
        Layout::vertical([Constraint::Length(grid_height), Constraint::Min(0)]).areas(inner);
    frame.render_widget(Paragraph::new(lines), grid);
    frame.render_widget(Paragraph::new(extra).wrap(Wrap { trim: false }), below);
    let top = u16::from(!board.labels_above().is_empty());
    BoardGeometry {
        x0: inner.x + label_width as u16 + 1,
        y0: inner.y + top,
        w: width as u16,
        h: height as u16,
    }
}
