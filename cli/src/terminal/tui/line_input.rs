//! The line a move or a command is typed on, with editing and history.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A line of text being edited, with the lines entered before.
#[derive(Clone, Debug, Default)]
pub(crate) struct LineInput {
    pub(super) text: Vec<char>,
    pub(super) cursor: usize,
    pub(super) history: Vec<String>,
    /// The history entry shown, counted from the newest.
    pub(super) back: Option<usize>,
}

impl LineInput {
    pub(super) fn value(&self) -> String {
        self.text.iter().collect()
    }

    pub(super) fn set(&mut self, text: &str) {
        self.text = text.chars().collect();
        self.cursor = self.text.len();
    }

    pub(super) fn clear(&mut self) {
        self.set("");
        self.back = None;
    }

    /// The line entered: kept in the history and cleared.
    pub(super) fn take(&mut self) -> String {
        let line = self.value();
        if !line.trim().is_empty() && self.history.last() != Some(&line) {
            self.history.push(line.clone());
        }
        self.clear();
        line
    }

    /// Edits the line; false if the key is not an editing key.
    pub(super) fn key(&mut self, key: KeyEvent) -> bool {
        match key.code {
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.text.insert(self.cursor, c);
                self.cursor += 1;
            }
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.text.remove(self.cursor);
            }
            KeyCode::Delete if self.cursor < self.text.len() => {
                self.text.remove(self.cursor);
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(self.text.len()),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.text.len(),
            KeyCode::Up if !self.history.is_empty() => {
                let back = self.back.map_or(0, |b| (b + 1).min(self.history.len() - 1));
                self.back = Some(back);
                let line = self.history[self.history.len() - 1 - back].clone();
                self.set(&line);
            }
            KeyCode::Down => match self.back {
                Some(0) | None => {
                    self.back = None;
                    self.set("");
                }
                Some(b) => {
                    self.back = Some(b - 1);
                    let line = self.history[self.history.len() - b].clone();
                    self.set(&line);
                }
            },
            KeyCode::Backspace | KeyCode::Delete | KeyCode::Up => {}
            _ => return false,
        }
        true
    }
}
