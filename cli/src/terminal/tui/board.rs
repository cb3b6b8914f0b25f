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
}

/// The characters of the longest of `texts` (0 if none).
fn widest<'a>(texts: impl IntoIterator<Item = &'a String>) -> usize {
    texts.into_iter().fold(0, |w, t| w.max(t.chars().count()))
}

/// Draws a board in `inner` with its labels and then the `extra` lines;
/// returns where its first cell is and the cells' width (for the mouse).
pub(crate) fn draw_board_view(
    frame: &mut Frame<'_>,
    inner: Rect,
    board: &BoardView,
    highlights: &Highlights,
    extra: Vec<Line<'static>>,
) -> (u16, u16, u16) {
    let width = widest(board.cells.iter().map(|c| &c.text)).max(1) + 2;
    let label_width = widest(&board.row_labels);
    let mut lines = Vec::new();
    let col_line = |labels: &[String]| {
        let mut s = " ".repeat(label_width + 1);
        for l in labels {
            s.push_str(&format!("{l:^width$}"));
        }
        Line::from(s).style(Style::default().fg(Color::Gray))
    };
    if !board.col_labels.is_empty() {
        lines.push(col_line(&board.col_labels));
    }
    for r in 0..board.rows {
        let label = board.row_labels.get(r).cloned().unwrap_or_default();
        let mut spans = vec![Span::styled(
            format!("{label:>label_width$} "),
            Style::default().fg(Color::Gray),
        )];
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
                            .fg(SIDE_COLOURS[o.index() % 4])
                            .add_modifier(Modifier::BOLD);
                    } else {
                        style = style.fg(Color::DarkGray);
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
            spans.push(Span::styled(format!("{text:^width$}"), style));
        }
        spans.push(Span::styled(
            format!(" {label}"),
            Style::default().fg(Color::Gray),
        ));
        lines.push(Line::from(spans));
    }
    if !board.col_labels.is_empty() {
        lines.push(col_line(&board.col_labels));
    }
    // The grid is never wrapped (the mouse finds cells by position); the
    // lines under it are.
    let grid_height = (lines.len() as u16).min(inner.height);
    let [grid, below] =
        Layout::vertical([Constraint::Length(grid_height), Constraint::Min(0)]).areas(inner);
    frame.render_widget(Paragraph::new(lines), grid);
    frame.render_widget(Paragraph::new(extra).wrap(Wrap { trim: false }), below);
    let top = u16::from(!board.col_labels.is_empty());
    (
        inner.x + label_width as u16 + 1,
        inner.y + top,
        width as u16,
    )
}
