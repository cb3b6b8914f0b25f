//! The help panel of the full-screen board: the keys, then the game's rules
//! for players ([`plateau::DynGame::rules_text`], numbered as the error
//! messages cite them), scrolled with the cursor keys. It shows nothing of
//! any player's pieces, so it may be opened at any time.

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
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
            Some(text) => lines.extend(reflow(text).iter().map(|l| plain_markdown(l))),
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

    /// The text wrapped to `width` columns.
    fn wrapped(&self, width: usize) -> Vec<String> {
        self.lines
            .iter()
            .flat_map(|l| wrap_line(l, width))
            .collect()
    }

    /// The scroll that shows the end of the text.
    fn last_scroll(&self) -> usize {
        let (height, width) = self.shown.get();
        self.wrapped(width).len().saturating_sub(height)
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
        // Wrapped here, not by the paragraph, so that the end of the text is
        // known exactly.
        let lines: Vec<Line> = self
            .wrapped(inner.width as usize)
            .into_iter()
            .skip(scroll)
            .take(inner.height as usize)
            .map(|l| {
                if l.starts_with('#') || l == "Keys" {
                    Line::from(l.trim_start_matches('#').trim_start().to_string())
                        .style(Style::default().add_modifier(Modifier::BOLD))
                } else {
                    Line::from(l)
                }
            })
            .collect();
        frame.render_widget(Clear, area);
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }
}

/// One line of text wrapped at word boundaries to `width` columns: the
/// spaces between words are kept where the line does not break, the lines
/// it wraps onto are indented as the text of a list item (`- `), and a word
/// longer than a line is cut.
fn wrap_line(line: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let text = line.trim_start_matches(' ');
    let lead = line.len() - text.len();
    let hanging = (lead + if text.starts_with("- ") { 2 } else { 0 }).min(width / 2);
    // Each word with the spaces before it.
    let mut words = Vec::new();
    let mut gap = lead;
    for piece in text.split(' ') {
        if piece.is_empty() {
            gap += 1;
        } else {
            words.push((gap, piece));
            gap = 1;
        }
    }
    let mut out = Vec::new();
    let mut current = String::new();
    let mut used = 0;
    let mut fresh = true;
    for (gap, word) in words {
        let mut chars: Vec<char> = word.chars().collect();
        let gap = if fresh && !out.is_empty() { 0 } else { gap };
        if used + gap + chars.len() <= width {
            current.extend(std::iter::repeat_n(' ', gap));
            used += gap;
        } else if !fresh {
            out.push(std::mem::take(&mut current));
            current = " ".repeat(hanging);
            used = hanging;
        } else {
            current.extend(std::iter::repeat_n(' ', gap.min(width / 2)));
            used += gap.min(width / 2);
        }
        while used + chars.len() > width {
            let room = width.saturating_sub(used).max(1).min(chars.len());
            let rest = chars.split_off(room);
            current.extend(chars);
            out.push(std::mem::take(&mut current));
            current = " ".repeat(hanging);
            used = hanging;
            chars = rest;
        }
        used += chars.len();
        current.extend(chars);
        fresh = false;
    }
    out.push(current);
    out
}

/// The lines of a Markdown text with each paragraph and list item joined
/// into one line (the file breaks them at a hundred columns; the panel
/// wraps them to its own width). Headings, table rows, blank lines and
/// code blocks stay as they are.
fn reflow(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut code = false;
    let mut open = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            code = !code;
            open = false;
            out.push(line.to_string());
            continue;
        }
        let starts_block = trimmed.is_empty()
            || trimmed.starts_with('#')
            || trimmed.starts_with('|')
            || trimmed.starts_with("- ");
        if code || !open || starts_block {
            out.push(line.to_string());
            open = !code
                && !trimmed.is_empty()
                && !trimmed.starts_with('#')
                && !trimmed.starts_with('|');
        } else if let Some(last) = out.last_mut() {
            last.push(' ');
            last.push_str(trimmed);
        }
    }
    out
}

/// A line of Markdown as plain text on the terminal: without the `**` of
/// bold (the rule codes).
pub(super) fn plain_markdown(line: &str) -> String {
    line.replace("**", "")
}

#[cfg(test)]
mod tests {
    use super::super::tui::App;
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
        crate::terminal::tui::tests::buffer_text(terminal.backend().buffer())
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
    fn lines_wrap_at_words_keeping_their_indentation() {
        assert_eq!(wrap_line("", 10), [""]);
        assert_eq!(wrap_line("aaaa bbbb", 10), ["aaaa bbbb"]);
        assert_eq!(wrap_line("aaaa bbbb cc", 10), ["aaaa bbbb", "cc"]);
        assert_eq!(
            wrap_line("  - aa bbbb cc", 10),
            ["  - aa", "    bbbb", "    cc"]
        );
        assert_eq!(wrap_line("Esc  closes it", 20), ["Esc  closes it"]);
        assert_eq!(
            wrap_line("aaaaaaaaaaaaaaaaaaaaaaaaa", 10),
            ["aaaaaaaaaa", "aaaaaaaaaa", "aaaaa"]
        );
        assert_eq!(wrap_line("x aaaaaaaaaaaa", 10), ["x", "aaaaaaaaaa", "aa"]);
    }

    #[test]
    fn paragraphs_and_items_are_joined_before_wrapping() {
        let text = "# T\n\nOne\ntwo.\n\n- **A1** first\n  more\n  - **A1a** sub\n| a |\n| b |\n```\nx\ny\n```\n";
        assert_eq!(
            reflow(text),
            [
                "# T",
                "",
                "One two.",
                "",
                "- **A1** first more",
                "  - **A1a** sub",
                "| a |",
                "| b |",
                "```",
                "x",
                "y",
                "```"
            ]
        );
    }

    #[test]
    fn the_end_of_the_rules_is_reached_on_a_narrow_screen() {
        let mut panel = RulesPanel::new(&[], game("stratego").as_ref());
        let mut terminal = Terminal::new(TestBackend::new(40, 12)).unwrap();
        terminal.draw(|f| panel.draw(f, f.area())).unwrap();
        assert!(panel.key(press(KeyCode::End)));
        terminal.draw(|f| panel.draw(f, f.area())).unwrap();
        let text = text_of(&terminal);
        // The last words of docs/rules/stratego.md.
        assert!(text.contains("(`random`)."), "{text}");
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
        let table = crate::terminal::tui::tests::table("stratego", ["human", "random"], 5);
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
