//! The setup editor on the board: a free-form placement (a Stratego
//! setup) arranged square by square, rerolled, saved and loaded.

use super::*;
use crate::terminal::placement::{refusal_reason, Editor};
use crate::terminal::saving;
use plateau::matches::MoveRef;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::path::{Path, PathBuf};

/// The keys of the setup editor, shown in the help panel.
pub(super) const SETUP_HELP: &[&str] = &[
    "arrows  move in your home area",
    "X 9..B  put that piece there",
    "Del .   take the piece back",
    "Enter   pick two squares: swap",
    "Ctrl-F  fill the rest at random",
    "Ctrl-R  a new random setup",
    "Ctrl-X  clear the setup",
    "Ctrl-O  load a setup file",
    "Ctrl-W  save it to a file",
    "Ctrl-D  confirm the setup",
];

impl App {
    /// The placement editor, when the person to move is arranging one on
    /// the screen.
    pub(super) fn active_editor(&self) -> Option<&Editor> {
        let editor = self.editor.as_ref()?;
        (self.screen == Screen::Play
            && self.animation.is_none()
            && self.human_to_move() == Some(editor.player))
        .then_some(editor)
    }

    /// The board cell of square `i` of the area being arranged.
    pub(super) fn editor_cell(&self, i: usize) -> Option<(usize, usize)> {
        let editor = self.editor.as_ref()?;
        let board = self.board()?.board;
        editor.cell_of(&board, i)
    }

    /// The square of the area under the cursor.
    pub(super) fn editor_square(&self) -> Option<usize> {
        let editor = self.active_editor()?;
        let board = self.board()?.board;
        let name = board.cell(self.cursor.0, self.cursor.1)?.name.clone()?;
        editor.index_of(&name)
    }

    /// The cursor to the next square of the area on the screen (left to
    /// right, top to bottom), wrapping round.
    pub(super) fn editor_advance(&mut self) {
        let Some(editor) = self.active_editor() else {
            return;
        };
        let Some(board) = self.board().map(|b| b.board) else {
            return;
        };
        let mut cells: Vec<(usize, usize)> = (0..editor.placement.squares.len())
            .filter(|&i| !editor.placement.blocked[i])
            .filter_map(|i| editor.cell_of(&board, i))
            .collect();
        cells.sort();
        if let Some(next) = cells.iter().find(|c| **c > self.cursor).or(cells.first()) {
            self.cursor = *next;
        }
    }

    /// A command of the placement editor (typed or by key); false when the
    /// line is none.
    pub(super) fn editor_command(&mut self, line: &str) -> bool {
        if self.active_editor().is_none() {
            return false;
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "fill" => {
                if let Some(e) = self.editor.as_mut() {
                    e.fill(&mut self.table.rng);
                }
                self.say("The rest of the tray placed at random.");
            }
            "reroll" | "reshuffle" => {
                let drawn = self.table.m.session().random_move(&mut self.table.rng);
                let session = self.table.m.session();
                match (drawn, self.editor.as_mut()) {
                    (Some(text), Some(e)) => match e.load_text(session, &text) {
                        Ok(()) => self.say("A new random setup: review it, Ctrl-D confirms."),
                        Err(reason) => self.say(format!("No random setup: {reason}.")),
                    },
                    _ => self.say("No random setup here."),
                }
            }
            "clear" => {
                if let Some(e) = self.editor.as_mut() {
                    e.arrangement.iter_mut().for_each(|k| *k = None);
                    e.picked = None;
                }
                self.say("All pieces back in the tray.");
            }
            "done" | "confirm" => self.confirm_placement(),
            "load" if !rest.is_empty() => self.load_placement(rest),
            "save" if !rest.is_empty() => {
                let path = PathBuf::from(rest);
                if saving::would_overwrite(&path) {
                    self.screen = Screen::OverwriteSetup(path);
                } else {
                    self.save_placement(&path);
                }
            }
            _ => return false,
        }
        true
    }

    /// Plays the arrangement; a refusal names the reason only.
    pub(super) fn confirm_placement(&mut self) {
        let Some(editor) = self.active_editor() else {
            return;
        };
        if !editor.complete() {
            let left = editor.left();
            return self.say(if left > 0 {
                format!(
                    "{left} piece{} still in the tray (Ctrl-F places them at random).",
                    if left == 1 { " is" } else { "s are" }
                )
            } else {
                "Every free square of the home area must hold a piece.".to_string()
            });
        }
        let Some(text) = self.session().placement_move(&editor.arrangement) else {
            return self.say("The setup does not fit the home area.");
        };
        let client = self.table.client;
        match self.table.m.play(client, MoveRef::Text(text.clone())) {
            Ok(report) => self.after_move(Some(report.mover)),
            Err(e) => self.say(format!(
                "Not played: {}.",
                refusal_reason(self.session(), &text, &e)
            )),
        }
    }

    /// Loads a setup file (the text `--setup` reads) into the editor.
    pub(super) fn load_placement(&mut self, name: &str) {
        let text = match std::fs::read_to_string(name) {
            Ok(text) => crate::common::setups::setup_move_text(&text),
            Err(e) => return self.say(format!("Cannot read {name}: {e}.")),
        };
        let session = self.table.m.session();
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        match editor.load_text(session, &text) {
            Ok(()) => self.say(format!("Loaded {name}: review it, Ctrl-D confirms.")),
            Err(reason) => self.say(format!("Cannot load {name}: {reason}.")),
        }
    }

    /// Saves the arrangement as a setup file (`--setup` reads it back).
    pub(super) fn save_placement(&mut self, path: &Path) {
        let Some(editor) = self.active_editor() else {
            return;
        };
        let Some(text) = self.session().placement_move(&editor.arrangement) else {
            return self.say("The setup does not fit the home area.");
        };
        // Atomically, as records are: an interrupt leaves the old file or
        // the new one, and no temporary file.
        match crate::common::record_file::write_text(path, &format!("{text}\n")) {
            Ok(()) => self.say(format!("Setup saved to {}.", path.display())),
            Err(e) => self.say(format!("Cannot save: {}.", e.one_line())),
        }
    }

    /// A key of the board while the editor is active; false when the key is
    /// not the editor's.
    pub(super) fn editor_key(&mut self, key: KeyEvent, ctrl: bool) -> bool {
        if self.active_editor().is_none() {
            return false;
        }
        if ctrl {
            match key.code {
                KeyCode::Char('f') => self.editor_command("fill"),
                KeyCode::Char('r') => self.editor_command("reroll"),
                KeyCode::Char('x') => self.editor_command("clear"),
                KeyCode::Char('d') => self.editor_command("done"),
                KeyCode::Char('o') => {
                    self.focus = Focus::Line;
                    self.line.set("load ");
                    true
                }
                KeyCode::Char('w') => {
                    self.focus = Focus::Line;
                    self.line.set("save ");
                    true
                }
                _ => false,
            };
            return matches!(key.code, KeyCode::Char('f' | 'r' | 'x' | 'd' | 'o' | 'w'));
        }
        if self.focus != Focus::Board {
            return false;
        }
        let square = self.editor_square();
        match key.code {
            KeyCode::Enter | KeyCode::Char(' ') => {
                let Some(i) = square else {
                    self.say("Not a square of your home area.");
                    return true;
                };
                if let Some(Err(e)) = self.editor.as_mut().map(|e| e.pick(i)) {
                    self.say(format!("{e}."));
                }
                true
            }
            KeyCode::Delete | KeyCode::Backspace | KeyCode::Char('.') => {
                if let (Some(i), Some(e)) = (square, self.editor.as_mut()) {
                    e.take_back(i);
                }
                true
            }
            KeyCode::Char(c) => {
                let symbol = c.to_string();
                let is_piece = self
                    .active_editor()
                    .is_some_and(|e| e.placement.pieces.iter().any(|p| p.symbol == symbol));
                if !is_piece {
                    return false;
                }
                let Some(i) = square else {
                    self.say("Move the cursor to a square of your home area first.");
                    return true;
                };
                let result = self.editor.as_mut().map(|e| e.put(i, &symbol));
                match result {
                    Some(Ok(())) => self.editor_advance(),
                    Some(Err(e)) => self.say(format!("{e}.")),
                    None => {}
                }
                true
            }
            _ => false,
        }
    }
}
