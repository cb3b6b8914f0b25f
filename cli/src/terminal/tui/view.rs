//! Drawing the screen: the hand-over screen, and the game's layout of
//! title, status line, board, move list, messages and typing line.

use super::*;
use crate::common::text::status_line;
use crate::terminal::title;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

impl App {
    /// Draws the screen.
    pub(crate) fn draw(&self, frame: &mut Frame<'_>) {
        let area = frame.area();
        if let (Some(panel), Screen::Play) = (&self.help, &self.screen) {
            return panel.draw(frame, area);
        }
        match &self.screen {
            Screen::HandOver(p) => {
                let name = title(&self.table.name(*p));
                let text = vec![
                    Line::from(""),
                    Line::from(format!("Pass the terminal to {name}.")).style(
                        Style::default()
                            .fg(palette(self.session())[p.index() % 4])
                            .add_modifier(Modifier::BOLD),
                    ),
                    Line::from(""),
                    Line::from(format!("{name}, press Enter when you are ready.")),
                ];
                frame.render_widget(
                    Paragraph::new(text)
                        .block(Block::default().borders(Borders::ALL).title(" Hand-over ")),
                    area,
                );
            }
            _ => self.draw_game(frame, area),
        }
    }

    pub(super) fn draw_game(&self, frame: &mut Frame<'_>, area: Rect) {
        // On a short terminal the messages give the board two lines, and
        // the game's line and the status share one.
        let short = area.height < 30;
        let message_lines = if short { 4 } else { 6 };
        let [head, status, main, messages, input] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(u16::from(!short)),
            Constraint::Min(6),
            Constraint::Length(message_lines),
            Constraint::Length(1),
        ])
        .areas(area);
        let game = self.table.m.game();
        let title = format!(
            "{} ({}): {}",
            game.name(),
            game.variant(),
            self.table.seats_line()
        );
        let bold = Style::default().add_modifier(Modifier::BOLD);
        if short {
            frame.render_widget(
                Paragraph::new(Line::from(vec![
                    Span::styled(title, bold),
                    Span::raw(" · "),
                    Span::raw(self.status_text()),
                ])),
                head,
            );
        } else {
            frame.render_widget(Paragraph::new(title).style(bold), head);
            frame.render_widget(Paragraph::new(self.status_text()), status);
        }
        let [board_area, moves_area, help_area] = main_areas(main, HELP.len());
        self.draw_board(frame, board_area);
        self.draw_moves(frame, moves_area);
        let help = if self.active_editor().is_some() {
            SETUP_HELP
        } else {
            HELP
        };
        frame.render_widget(
            Paragraph::new(help.iter().map(|h| Line::from(*h)).collect::<Vec<_>>())
                .block(Block::default().borders(Borders::ALL).title(" Keys ")),
            help_area,
        );
        self.message_width.set(messages.width.max(20));
        let shown = messages.height.saturating_sub(2) as usize;
        let lines: Vec<Line> = self
            .messages
            .iter()
            .flat_map(|m| {
                m.lines()
                    .map(|l| Line::from(l.to_string()))
                    .collect::<Vec<_>>()
            })
            .collect();
        let skip = lines.len().saturating_sub(shown);
        frame.render_widget(
            Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>())
                .wrap(Wrap { trim: false })
                .block(Block::default().borders(Borders::TOP)),
            messages,
        );
        let (prompt, text) = match &self.screen {
            Screen::SaveAs => ("Save as (Esc: cancel): ".to_string(), self.line.value()),
            Screen::Overwrite(p) | Screen::OverwriteSetup(p) => (
                format!("{} exists. Replace it? y/n", p.display()),
                String::new(),
            ),
            Screen::GameOver => ("s: save the record   q: quit".to_string(), String::new()),
            Screen::Hide(_) => ("Press Enter to hide your board.".to_string(), String::new()),
            _ => match self.human_to_move() {
                Some(p) => (format!("{}> ", self.table.name(p)), self.line.value()),
                None => (String::new(), String::new()),
            },
        };
        let line_focus = matches!(self.screen, Screen::SaveAs)
            || (self.focus == Focus::Line && self.screen == Screen::Play);
        frame.render_widget(
            Paragraph::new(Line::from(vec![
                Span::styled(
                    prompt.clone(),
                    Style::default().add_modifier(Modifier::BOLD),
                ),
                Span::raw(text),
            ])),
            input,
        );
        if line_focus {
            let x = input.x + (prompt.chars().count() + self.line.cursor) as u16;
            frame.set_cursor_position((x.min(input.right().saturating_sub(1)), input.y));
        }
    }

    /// One status line with one numbering: the move number counts every
    /// move of the record.
    pub(super) fn status_text(&self) -> String {
        let mut text = status_line(self.session());
        if let Some(t) = &self.thinking {
            const SPIN: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
            let elapsed = t.started.elapsed();
            let frame = (elapsed.as_millis() / 100) as usize % SPIN.len();
            text.push_str(&format!(
                "   {} thinking {} {:.1} s",
                t.label,
                SPIN[frame],
                elapsed.as_secs_f64()
            ));
            if let Some(budget) = t.budget {
                text.push_str(&format!(
                    " {} of {}",
                    progress_bar(elapsed, budget),
                    crate::agents::show_duration(budget)
                ));
            }
        }
        text
    }

    pub(super) fn draw_moves(&self, frame: &mut Frame<'_>, area: Rect) {
        let moves = self.table.m.moves_as(eyes(self.viewer()));
        draw_move_list(
            frame,
            area,
            &moves,
            &|p| self.table.name(p),
            palette(self.session()),
        );
    }

    pub(super) fn draw_board(&self, frame: &mut Frame<'_>, area: Rect) {
        let block = Block::default().borders(Borders::ALL).title(" Board ");
        let inner = block.inner(area);
        frame.render_widget(block, area);
        // A move shown step by step: its frame, nothing to pick.
        if let Some(animation) = &self.animation {
            let board = &animation.frames[animation.shown];
            let mut extra = vec![Line::from(format!(
                "step {} of {} (any key skips)",
                animation.shown + 1,
                animation.frames.len()
            ))
            .style(Style::default().fg(Color::Yellow))];
            extra.extend(board.notes.iter().map(|n| Line::from(n.clone())));
            let highlights = Highlights {
                palette: Some(palette(self.session())),
                ..Highlights::default()
            };
            let geometry = draw_board_view(frame, inner, board, &highlights, extra);
            self.board_at.set(Some(geometry));
            return;
        }
        let Some(seat_board) = self.board() else {
            self.board_at.set(None);
            let text = self.table.view(self.viewer()).text;
            frame.render_widget(Paragraph::new(text), inner);
            return;
        };
        let mut board = seat_board.board;
        let board_focus = self.focus == Focus::Board && self.screen == Screen::Play;
        let mut highlights = Highlights {
            last_move: seat_board.last_move,
            cursor: board_focus.then_some(self.cursor),
            selected: self.selected,
            palette: Some(palette(self.session())),
            ..Highlights::default()
        };
        let mut extra: Vec<Line> = Vec::new();
        match self.active_editor() {
            Some(editor) => {
                highlights.area = editor.overlay(&mut board);
                highlights.selected = editor.picked.and_then(|i| editor.cell_of(&board, i));
                highlights.last_move.clear();
                extra.extend(
                    editor
                        .tray_lines(inner.width as usize)
                        .into_iter()
                        .map(|l| Line::from(l).style(Style::default().fg(Color::Yellow))),
                );
            }
            None => {
                let moves = if self.screen == Screen::Play && self.human_to_move().is_some() {
                    self.legal_cells(&board)
                } else {
                    Vec::new()
                };
                if self.selected.is_none() {
                    highlights.origins = moves
                        .iter()
                        .filter_map(|(_, c)| c.first().copied())
                        .collect();
                }
                if let Some(s) = self.selected {
                    highlights.targets = moves
                        .iter()
                        .filter(|(_, c)| c.len() > 1 && c.first() == Some(&s))
                        .filter_map(|(_, c)| c.last().copied())
                        .collect();
                }
            }
        }
        // The notes tell of the position (pieces on the board, the tray of
        // removed pieces): while a setup is being arranged the editor's own
        // lines say what is placed and what is left instead.
        if self.active_editor().is_none() {
            extra.extend(board.notes.iter().map(|n| Line::from(n.clone())));
        }
        let geometry = draw_board_view(frame, inner, &board, &highlights, extra);
        self.board_at.set(Some(geometry));
    }
}

/// The main part of a game's screen cut in three: the board on the left;
/// on the right the moves over a box of `keys` lines (the keys' help).
pub(crate) fn main_areas(main: Rect, keys: usize) -> [Rect; 3] {
    let [board, side] =
        Layout::horizontal([Constraint::Min(20), Constraint::Length(34)]).areas(main);
    let [moves, keys] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(keys as u16 + 2)]).areas(side);
    [board, moves, keys]
}
