//! The keys, the mouse and the typed commands: picking cells, the help
//! panel, saving, quitting.

use super::*;
use crate::common::record_file;
use crate::terminal::{legal_moves_listing, saving, title};
use plateau::matches::UndoOutcome;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::path::{Path, PathBuf};

/// The keys, shown in the help panel.
pub(super) const HELP: &[&str] = &[
    "arrows  move the cursor",
    "Enter   pick a piece, its target",
    "Esc     drop the selection",
    "Tab     board / typing line",
    "type    a move or a command:",
    "  hint random moves undo",
    "  resign save quit help",
    "Up/Down earlier lines typed",
    "Ctrl-T  hint   Ctrl-S save",
    "Ctrl-C  quit (autosaved)",
    "F1      these keys and the rules",
];

impl App {
    /// Enter (or a click) on a board cell.
    pub(super) fn pick(&mut self, at: (usize, usize)) {
        let Some(board) = self.board() else { return };
        if self.human_to_move().is_none() {
            return;
        }
        let moves = self.legal_cells(&board.board);
        let from_here = |cell: (usize, usize)| -> Vec<&(String, Vec<(usize, usize)>)> {
            moves
                .iter()
                .filter(|(_, c)| c.first() == Some(&cell))
                .collect()
        };
        let single = |cell| {
            from_here(cell)
                .into_iter()
                .find(|(_, c)| c.len() == 1)
                .map(|(m, _)| m.clone())
        };
        match self.selected {
            Some(s) if s == at => {
                if let Some(mv) = single(at) {
                    return self.play_human(&mv);
                }
                self.selected = None;
            }
            Some(s) => {
                let target = moves
                    .iter()
                    .find(|(_, c)| c.len() > 1 && c.first() == Some(&s) && c.last() == Some(&at));
                if let Some((mv, _)) = target {
                    let mv = mv.clone();
                    return self.play_human(&mv);
                }
                if !from_here(at).is_empty() {
                    self.selected = Some(at);
                } else {
                    self.say("Not a target of the selected piece (Esc drops it).");
                }
            }
            None => {
                let here = from_here(at);
                if here.is_empty() {
                    let name = board
                        .board
                        .cell(at.0, at.1)
                        .and_then(|c| c.name.clone())
                        .unwrap_or_default();
                    self.say(format!("No move starts on {name}."));
                } else if here.iter().all(|(_, c)| c.len() == 1) && here.len() == 1 {
                    let mv = here[0].0.clone();
                    self.play_human(&mv);
                } else {
                    self.selected = Some(at);
                }
            }
        }
    }

    /// A line typed at the prompt.
    pub(super) fn command(&mut self, line: &str) {
        let line = line.trim();
        let Some(p) = self.human_to_move() else {
            return;
        };
        if self.editor_command(line) {
            self.focus = Focus::Board;
            return;
        }
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "rules" => {
                let keys = if self.active_editor().is_some() {
                    SETUP_HELP
                } else {
                    HELP
                };
                self.help = Some(crate::terminal::rules_panel::RulesPanel::new(
                    keys,
                    self.table.m.game(),
                ));
            }
            "hint" => self.hint(),
            "quit" | "exit" => self.quit = true,
            "save" => self.ask_save(),
            "moves" => {
                let view = self.table.m.view(self.table.client);
                if !view.moves_enumerable {
                    self.say("The moves here cannot be listed; type one.");
                } else {
                    // Wrapped here, between moves, to the messages' width:
                    // the paragraph's own wrap would split a move at a space.
                    let moves = view.legal_moves;
                    let width = usize::from(self.message_width.get());
                    self.say(legal_moves_listing(&moves, width));
                }
            }
            "random" => {
                if let Some(mv) = self.table.m.session().random_move(&mut self.table.rng) {
                    self.play_human(&mv);
                }
            }
            "resign" => {
                match self.table.m.resign(self.table.client) {
                    Ok(_) => self.say(format!("{} resigns.", title(&self.table.name(p)))),
                    Err(e) => self.say(format!("Cannot resign: {e}.")),
                }
                self.enter_turn();
            }
            "undo" => match self.table.m.request_undo(self.table.client) {
                Ok(UndoOutcome::Done { .. }) => {
                    self.saved = None;
                    self.say("Taken back.");
                    self.enter_turn();
                }
                Ok(_) => self.say("Not taken back."),
                Err(e) => self.say(format!("Not taken back: {e}.")),
            },
            _ => self.play_human(line),
        }
    }

    pub(super) fn ask_save(&mut self) {
        self.screen = Screen::SaveAs;
        self.line.clear();
    }

    pub(super) fn save_to(&mut self, path: &Path) {
        match record_file::write(path, &self.table.record()) {
            Ok(()) => {
                self.saved = Some(path.to_path_buf());
                self.say(format!("Saved to {}.", path.display()));
            }
            Err(e) => self.say(format!("Cannot save: {}", e.one_line())),
        }
    }

    /// After a save question: back to the game or to the game-over screen.
    pub(super) fn back(&mut self) {
        self.line.clear();
        if self.finished {
            self.screen = Screen::GameOver;
        } else {
            self.enter_turn();
        }
    }

    /// A key press.
    pub(crate) fn key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q')) {
            self.quit = true;
            return;
        }
        if self.animation.take().is_some() {
            // Any key skips the rest of a move shown step by step; a
            // character typed is kept (typed ahead), other keys only skip.
            let typed = matches!(key.code, KeyCode::Char(c) if c != ' ') && !ctrl;
            if !typed {
                return;
            }
        }
        if let (Some(panel), Screen::Play) = (&mut self.help, &self.screen) {
            if !panel.key(key) {
                self.help = None;
            }
            return;
        }
        match self.screen.clone() {
            Screen::HandOver(p) => {
                if key.code == KeyCode::Enter {
                    self.table.shown_to = Some(p);
                    self.messages.clear();
                    if let Some(report) = self.table.last_move_report(Some(p)) {
                        self.say(report);
                    }
                    // The opponent's last move, step by step, as `p` saw it.
                    self.animation = self.table.animation(Some(p));
                    self.enter_turn();
                }
            }
            Screen::Hide(_) => {
                if key.code == KeyCode::Enter {
                    self.table.shown_to = None;
                    self.messages.clear();
                    self.enter_turn();
                }
            }
            Screen::GameOver => match key.code {
                KeyCode::Char('s') => self.ask_save(),
                KeyCode::Char('q') => self.quit = true,
                _ => {}
            },
            Screen::SaveAs => match key.code {
                KeyCode::Esc => self.back(),
                KeyCode::Enter => {
                    let name = self.line.take();
                    let name = name.trim();
                    if name.is_empty() {
                        return;
                    }
                    let path = PathBuf::from(name);
                    if saving::would_overwrite(&path) {
                        self.screen = Screen::Overwrite(path);
                    } else {
                        self.save_to(&path);
                        self.back();
                    }
                }
                _ => {
                    self.line.key(key);
                }
            },
            Screen::Overwrite(path) => match key.code {
                KeyCode::Char('y') => {
                    self.save_to(&path);
                    self.back();
                }
                KeyCode::Char('n') | KeyCode::Esc => self.screen = Screen::SaveAs,
                _ => {}
            },
            Screen::OverwriteSetup(path) => match key.code {
                KeyCode::Char('y') => {
                    self.screen = Screen::Play;
                    self.save_placement(&path);
                }
                KeyCode::Char('n') | KeyCode::Esc => {
                    self.screen = Screen::Play;
                    self.say("Kept the file.");
                }
                _ => {}
            },
            Screen::Play => self.play_key(key, ctrl),
        }
    }

    pub(super) fn play_key(&mut self, key: KeyEvent, ctrl: bool) {
        if self.editor_key(key, ctrl) {
            return;
        }
        if ctrl {
            match key.code {
                KeyCode::Char('t') => self.hint(),
                KeyCode::Char('s') => self.ask_save(),
                KeyCode::Char('r') => self.command("random"),
                _ => {}
            }
            return;
        }
        if self.thinking.is_some() {
            // Typed ahead while an agent thinks: the line takes the keys,
            // and a line entered runs once the agent has moved.
            match key.code {
                KeyCode::Enter if !self.line.value().is_empty() => {
                    self.typed_ahead = Some(self.line.take());
                }
                KeyCode::Char(_) | KeyCode::Backspace | KeyCode::Left | KeyCode::Right => {
                    self.focus = Focus::Line;
                    self.line.key(key);
                }
                _ => {}
            }
            return;
        }
        if key.code == KeyCode::Tab {
            self.focus = match self.focus {
                Focus::Board => Focus::Line,
                Focus::Line => Focus::Board,
            };
            return;
        }
        if key.code == KeyCode::F(1) {
            self.command("help");
            return;
        }
        match self.focus {
            Focus::Line => match key.code {
                KeyCode::Enter => {
                    let line = self.line.take();
                    self.command(&line);
                }
                KeyCode::Esc => {
                    self.line.clear();
                    self.focus = Focus::Board;
                }
                _ => {
                    self.line.key(key);
                }
            },
            Focus::Board => {
                let (rows, cols) = self
                    .board()
                    .map_or((0, 0), |b| (b.board.rows, b.board.cols));
                let (r, c) = self.cursor;
                match key.code {
                    KeyCode::Up => self.cursor.0 = r.saturating_sub(1),
                    KeyCode::Down => self.cursor.0 = (r + 1).min(rows.saturating_sub(1)),
                    KeyCode::Left => self.cursor.1 = c.saturating_sub(1),
                    KeyCode::Right => self.cursor.1 = (c + 1).min(cols.saturating_sub(1)),
                    KeyCode::Enter | KeyCode::Char(' ') => self.pick(self.cursor),
                    KeyCode::Esc => self.selected = None,
                    KeyCode::Char(_) => {
                        self.focus = Focus::Line;
                        self.line.key(key);
                    }
                    _ => {}
                }
            }
        }
    }

    /// A mouse click on a board cell picks it.
    pub(super) fn mouse(&mut self, m: MouseEvent) {
        if m.kind != MouseEventKind::Down(MouseButton::Left)
            || self.screen != Screen::Play
            || self.help.is_some()
        {
            return;
        }
        let Some(at) = self.board_at.get().and_then(|g| g.cell_at(m.column, m.row)) else {
            return;
        };
        if let Some(b) = self.board() {
            if at.0 < b.board.rows && at.1 < b.board.cols {
                self.cursor = at;
                self.focus = Focus::Board;
                if self.active_editor().is_some() {
                    self.editor_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), false);
                } else {
                    self.pick(at);
                }
            }
        }
    }
}
