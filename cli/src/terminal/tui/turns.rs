//! The course of the game: whose turn it is, the moves played, a person's
//! move and what follows it (hand-over, animation, game over).

use super::*;
use crate::terminal::placement::{refusal_reason, Editor};
use crate::terminal::saving;
use plateau::matches::MoveRef;
use plateau::{Player, Status};

impl App {
    /// Sets the screen for the position: game over, a hand-over, or play.
    pub(super) fn enter_turn(&mut self) {
        match self.session().status() {
            Status::Over(_) => {
                self.screen = Screen::GameOver;
                if !self.finished {
                    self.finished = true;
                    self.selected = None;
                    self.say(format!("Result: {}", self.session().describe_status()));
                    self.say("Game over: s saves the record, q quits.");
                    if let Some(path) = self.save.clone() {
                        // A file made since the start is replaced only if asked.
                        if !self.overwrite && saving::would_overwrite(&path) {
                            self.screen = Screen::Overwrite(path);
                        } else {
                            self.save_to(&path);
                        }
                    }
                }
            }
            Status::ToMove(p) => {
                if self.table.hot_seat && self.table.is_human(p) && self.table.shown_to != Some(p) {
                    self.screen = Screen::HandOver(p);
                } else {
                    if self.table.is_human(p) {
                        self.table.shown_to = Some(p);
                        self.prompt_for_free_form();
                        if self.active_editor().is_none() {
                            self.cursor_to_playable();
                        }
                    }
                    self.screen = Screen::Play;
                }
            }
        }
    }

    pub(super) fn prompt_for_free_form(&mut self) {
        if let (Some(placement), Some(p)) = (self.session().placement(), self.human_to_move()) {
            if self.editor.as_ref().is_none_or(|e| e.player != p) {
                self.editor = Some(Editor::new(p, placement));
                self.focus = Focus::Board;
                self.cursor = self.editor_cell(0).unwrap_or((0, 0));
                self.say(
                    "Set up your pieces in your home area: type a piece's symbol, \
                     Ctrl-F fills the rest at random, Ctrl-R draws a random setup, \
                     Ctrl-D confirms (or type a whole `setup ...` line).",
                );
            }
            return;
        }
        if !self.session().moves_enumerable() {
            if let Some(hint) = self.session().move_hint() {
                self.say(hint);
            }
            self.say("Type the move, or 'random' for a random one.");
            self.focus = Focus::Line;
        }
    }

    /// After any move: the move list, the report for the viewer, the next
    /// screen.
    pub(super) fn after_move(&mut self, mover_was_human: Option<Player>) {
        self.saved = None;
        self.selected = None;
        self.editor = None;
        // A setup given on the command line for the player now to move.
        loop {
            match self.table.play_one_preset() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    self.say(e.to_string());
                    break;
                }
            }
        }
        let viewer = match mover_was_human {
            Some(p) if self.table.hot_seat => Some(p),
            _ => self.viewer(),
        };
        if let Some(report) = self.table.last_move_report(viewer) {
            self.say(report);
        }
        self.animation = self.table.animation(viewer);
        if let Some(p) = mover_was_human {
            let next_other_person = matches!(
                self.session().status(),
                Status::ToMove(q) if q != p && self.table.is_human(q)
            );
            if self.table.hot_seat && next_other_person {
                self.screen = Screen::Hide(p);
                return;
            }
        }
        self.enter_turn();
    }

    pub(super) fn to_move(&self) -> Option<Player> {
        self.session().status().to_move()
    }

    /// The person to move here, as the match says.
    pub(super) fn human_to_move(&self) -> Option<Player> {
        self.table.person_to_move()
    }

    /// The board the match shows the viewer.
    pub(super) fn board(&self) -> Option<plateau::SeatBoard> {
        let info = self.table.view(self.viewer()).board?;
        Some(plateau::SeatBoard {
            board: info.board,
            last_move: info.last_move,
        })
    }

    /// Puts the cursor on a cell the person to move can play from (a piece
    /// or pit that starts a legal move), the one nearest to where it is,
    /// unless it is on one already: a newcomer's first Enter picks
    /// something of their own, not the opponent's side.
    pub(super) fn cursor_to_playable(&mut self) {
        let Some(seat_board) = self.board() else {
            return;
        };
        let origins: Vec<(usize, usize)> = self
            .legal_cells(&seat_board.board)
            .iter()
            .filter_map(|(_, cells)| cells.first().copied())
            .collect();
        if origins.is_empty() || origins.contains(&self.cursor) {
            return;
        }
        let (r, c) = self.cursor;
        if let Some(nearest) = origins
            .iter()
            .min_by_key(|(or, oc)| or.abs_diff(r) + oc.abs_diff(c))
        {
            self.cursor = *nearest;
        }
    }

    /// The legal moves with the cells they touch, for the player to move.
    pub(super) fn legal_cells(
        &self,
        board: &plateau::board::BoardView,
    ) -> Vec<(String, Vec<(usize, usize)>)> {
        let mover = self.to_move();
        self.table
            .legal_move_squares()
            .into_iter()
            .map(|(mv, squares)| {
                let cells = squares
                    .iter()
                    .filter_map(|s| board.locate(s, mover))
                    .collect();
                (mv, cells)
            })
            .collect()
    }

    /// Plays a move of the person to move, or says why not. A free-form
    /// move (a setup) is never echoed: only the reason is shown.
    pub(super) fn play_human(&mut self, text: &str) {
        let free_form = !self.session().moves_enumerable();
        let client = self.table.client;
        match self.table.m.play(client, MoveRef::Text(text.to_string())) {
            Ok(report) => self.after_move(Some(report.mover)),
            Err(e) if free_form => self.say(format!(
                "Not played: {}.",
                refusal_reason(self.session(), text, &e)
            )),
            Err(e) => self.say(format!(
                "{}. 'moves' lists the legal moves.",
                crate::common::error::shorten_words(&e.to_string())
            )),
        }
    }
}
