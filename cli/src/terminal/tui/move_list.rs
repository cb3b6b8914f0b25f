//! The side panel: the moves played, one a line.

use plateau::matches::MoveEntry;
use plateau::Player;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

/// The move list: one entry a line, so that a move never wraps in its
/// middle, the newest at the bottom; a move the match does not let the
/// viewer read (another seat's setup) is shown as `(secret)`.
pub(crate) fn draw_move_list(
    frame: &mut Frame<'_>,
    area: Rect,
    moves: &[MoveEntry],
    name: &dyn Fn(Player) -> String,
    palette: [ratatui::style::Color; 4],
) {
    let lines: Vec<Line> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let text = m.notation.as_deref().unwrap_or("(secret)");
            Line::from(vec![
                Span::raw(format!("{:>3}. ", i + 1)),
                Span::styled(
                    name(m.mover),
                    Style::default().fg(palette[m.mover.index() % palette.len()]),
                ),
                Span::raw(format!(" {text}")),
            ])
        })
        .collect();
    let shown = area.height.saturating_sub(2) as usize;
    let skip = lines.len().saturating_sub(shown);
    frame.render_widget(
        Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>())
            .block(Block::default().borders(Borders::ALL).title(" Moves ")),
        area,
    );
}
