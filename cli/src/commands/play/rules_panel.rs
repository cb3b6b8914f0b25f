//! The help panel of the full-screen board: the keys, then the game's rules
//! for players ([`plateau::DynGame::rules_text`], numbered as the error
//! messages cite them), scrolled with the cursor keys. It shows nothing of
//! any player's pieces, so it may be opened at any time.

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The scrollable help over the whole screen.
#[derive(Clone, Debug)]
pub(super) struct RulesPanel {
    /// The lines shown, the keys first.
    lines: Vec<String>,
    /// The first line shown (of the lines as wrapped to the last width drawn).
    scroll: usize,
    /// The height and width of the text area last drawn, for paging.
    shown: std::cell::Cell<(usize, usize)>,
}

impl RulesPanel {
    /// The panel for the keys and the rules (or, for a game without rules
    /// for players, its summary).
    pub(super) fn new(keys: &[&str], game: &dyn plateau::DynGame) -> RulesPanel {
        let mut lines: Vec<String> = vec!["Keys".to_string()];
        lines.extend(keys.iter().map(|k| format!("  {k}")));
        lines.push(String::new());
        match game.rules_text() {
            Some(text) => lines.extend(text.lines().map(plain_markdown)),
            None => {
                lines.push(format!("{} rules", game.name()));
                lines.push(String::new());
                lines.extend(game.summary().lines().map(str::to_string));
            }
        }
        RulesPanel {
            lines,
            scroll: 0,
            shown: std::cell::Cell::new((20, 80)),
        }
    }

    /// A key while the panel is open; false when it closes the panel.
    pub(super) fn key(&mut self, key: KeyEvent) -> bool {
        let (height, _) = self.shown.get();
        let page = height.saturating_sub(1).max(1);
        let last = self.last_scroll();
        match key.code {
            KeyCode::Esc | KeyCode::Enter | KeyCode::F(1) | KeyCode::Char('q') => return false,
            KeyCode::Up | KeyCode::Char('k') => self.scroll = self.scroll.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.scroll = (self.scroll + 1).min(last),
            KeyCode::PageUp | KeyCode::Char('b') => self.scroll = self.scroll.saturating_sub(page),
            KeyCode::PageDown | KeyCode::Char(' ') => self.scroll = (self.scroll + page).min(last),
            KeyCode::Home | KeyCode::Char('g') => self.scroll = 0,
            KeyCode::End | KeyCode::Char('G') => self.scroll = last,
            _ => {}
        }
        true
    }

    /// The number of screen lines of the text wrapped to `width`.
    fn wrapped_lines(&self, width: usize) -> usize {
        let width = width.max(1);
        self.lines
            .iter()
            .map(|l| l.chars().count().div_ceil(width).max(1))
            .sum()
    }

    /// The scroll that shows the end of the text.
    fn last_scroll(&self) -> usize {
        let (height, width) = self.shown.get();
        self.wrapped_lines(width).saturating_sub(height)
    }

    /// Draws the panel over `area`.
    pub(super) fn draw(&self, frame: &mut Frame<'_>, area: Rect) {
        let block = Block::default()
            .borders(Borders::ALL)
            .title(" Help: Up/Down PgUp/PgDn Home/End scroll, Esc closes ");
        let inner = block.inner(area);
        self.shown
            .set((inner.height as usize, inner.width as usize));
        let scroll = self.scroll.min(self.last_scroll());
        let lines: Vec<Line> = self
            .lines
            .iter()
            .map(|l| {
                if l.starts_with('#') || l == "Keys" {
                    Line::from(l.trim_start_matches('#').trim_start().to_string())
                        .style(Style::default().add_modifier(Modifier::BOLD))
                } else {
                    Line::from(l.clone())
                }
            })
            .collect();
        frame.render_widget(Clear, area);
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((scroll.min(u16::MAX as usize) as u16, 0))
                .block(block),
            area,
        );
    }
}

/// A line of Markdown as plain text on the terminal: without the `**` of
/// bold (the rule codes).
pub(super) fn plain_markdown(line: &str) -> String {
    line.replace("**", "")
}

#[cfg(test)]
mod tests {
    use super::super::tui::App;
    use super::super::{Seat, Table};
    use super::*;
    use plateau::RulesSpec;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::KeyModifiers;
    use ratatui::Terminal;

    fn game(id: &str) -> Box<dyn plateau::DynGame> {
        crate::default_registry()
            .get(id)
            .unwrap()
            .load(&RulesSpec::default_variant())
            .unwrap()
    }

    fn text_of(terminal: &Terminal<TestBackend>) -> String {
        let buffer = terminal.backend().buffer();
        let mut text = String::new();
        for y in 0..buffer.area.height {
            for x in 0..buffer.area.width {
                text.push_str(buffer[(x, y)].symbol());
            }
            text.push('\n');
        }
        text
    }

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn draw_panel(panel: &RulesPanel) -> String {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| panel.draw(f, f.area())).unwrap();
        text_of(&terminal)
    }

    #[test]
    fn the_panel_shows_the_keys_then_scrolls_through_the_rules() {
        let mut panel = RulesPanel::new(&["arrows  move the cursor"], game("hus").as_ref());
        let first = draw_panel(&panel);
        assert!(first.contains("arrows  move the cursor"), "{first}");
        assert!(first.contains("Hus: the rules"), "{first}");
        // H4.3 is near the end: not on the first page.
        assert!(!first.contains("H4.3"), "{first}");
        assert!(!first.contains("**"), "bold marks are dropped: {first}");
        assert!(panel.key(press(KeyCode::End)));
        let end = draw_panel(&panel);
        assert!(end.contains("H4.3"), "{end}");
        assert!(!end.contains("arrows  move the cursor"), "{end}");
        assert!(panel.key(press(KeyCode::PageUp)));
        assert!(panel.key(press(KeyCode::Home)));
        assert_eq!(draw_panel(&panel), first);
        // Scrolling past either end stays on the text.
        assert!(panel.key(press(KeyCode::Up)));
        assert_eq!(draw_panel(&panel), first);
        assert!(!panel.key(press(KeyCode::Esc)), "Esc closes");
    }

    #[test]
    fn help_opens_the_rules_over_the_board_and_esc_goes_back() {
        let game = game("stratego");
        let session = game.new_session(5);
        let seats = vec![
            Seat::parse("--p1", "human", game.as_ref(), 1).unwrap(),
            Seat::parse("--p2", "random", game.as_ref(), 2).unwrap(),
        ];
        let table = Table {
            hot_seat: false,
            session,
            seats,
            shown_to: None,
            rng: plateau::rng(3),
            hint: ("random".into(), None),
            game,
            hint_seed: 4,
        };
        let mut app = App::new(table, None);
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
        let mut screen = |app: &App| {
            terminal.draw(|f| app.draw(f)).unwrap();
            text_of(&terminal)
        };
        assert!(screen(&app).contains(" Moves "));
        // The setup prompt has the typing line: `help` typed there.
        for c in "help".chars() {
            app.key(press(KeyCode::Char(c)));
        }
        app.key(press(KeyCode::Enter));
        let help = screen(&app);
        assert!(help.contains("Stratego: the rules"), "{help}");
        assert!(
            !help.contains(" Moves "),
            "the panel covers the game: {help}"
        );
        for _ in 0..40 {
            app.key(press(KeyCode::PageDown));
        }
        let later = screen(&app);
        assert!(later.contains("S13 Gravon records"), "{later}");
        app.key(press(KeyCode::Esc));
        assert!(screen(&app).contains(" Moves "), "back to the board");
        // F1 opens it too.
        app.key(press(KeyCode::F(1)));
        assert!(screen(&app).contains("Stratego: the rules"));
    }
}
