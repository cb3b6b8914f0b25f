//! The full-screen board of `plateau play` (ratatui over crossterm, in the
//! terminal's alternate screen, which keeps no scrollback).
//!
//! Every game is drawn from the game-independent
//! [`BoardView`](plateau::board::BoardView) its session gives for the
//! viewer's seat (a game without one is shown as its text board): pieces
//! coloured by side, the last move's squares shaded, the squares a move can
//! start from underlined, the selected piece's targets in green. Moves are
//! made with the cursor keys or the mouse (origin, then target) or typed in
//! notation on a line with editing and history. Automatic players think in
//! the background while a spinner shows their time (and a bar of their time
//! budget). A move that happens in steps (a sowing, a combat) is shown frame
//! by frame from the game's own [`move_frames`](plateau::Game::move_frames);
//! a free-form placement (a Stratego setup) is arranged on the board in the
//! [placement editor](super::placement). The screen is redrawn only when
//! something changed.
//!
//! With two people at one terminal in a game of hidden information, the
//! mover reads the result of the move, hides the board, and the next player
//! gets a hand-over screen that shows nothing of anyone's pieces.

use super::placement::{reason_only, Editor};
use super::{legal_moves_listing, saving, title, Seat, Table};
use crate::common::error::{CliError, CliResult};
use crate::common::record_file;
use crate::common::text::{last_move_report, status_line};
use crate::Io;
use plateau::board::{BoardView, CellKind};
use plateau::{DynAgent, DynChoice, DynSession, LastMove, Player, Status};
use ratatui::crossterm::event::{
    self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Whether the full-screen board can be used: input and output are a
/// terminal.
pub fn terminal_is_interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// The colours of the sides, by player index.
pub(super) const SIDE_COLOURS: [Color; 4] =
    [Color::Red, Color::LightBlue, Color::Green, Color::Yellow];

/// The keys, shown in the help panel.
const HELP: &[&str] = &[
    "arrows  move the cursor",
    "Enter   pick a piece, then target",
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

/// Where the typed keys go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Focus {
    Board,
    Line,
}

/// What the screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Screen {
    /// The game, for the viewer.
    Play,
    /// Nothing but a request to pass the terminal to this player.
    HandOver(Player),
    /// The mover reads what their move did before the board is hidden.
    Hide(Player),
    /// The line asks for a file to save to.
    SaveAs,
    /// The file exists: replace it?
    Overwrite(PathBuf),
    /// The setup file exists: replace it?
    OverwriteSetup(PathBuf),
    /// The game is over; waits for an explicit choice.
    GameOver,
}

/// A line of text being edited, with the lines entered before.
#[derive(Clone, Debug, Default)]
pub(super) struct LineInput {
    text: Vec<char>,
    cursor: usize,
    history: Vec<String>,
    /// The history entry shown, counted from the newest.
    back: Option<usize>,
}

impl LineInput {
    fn value(&self) -> String {
        self.text.iter().collect()
    }

    fn set(&mut self, text: &str) {
        self.text = text.chars().collect();
        self.cursor = self.text.len();
    }

    fn clear(&mut self) {
        self.set("");
        self.back = None;
    }

    /// The line entered: kept in the history and cleared.
    fn take(&mut self) -> String {
        let line = self.value();
        if !line.trim().is_empty() && self.history.last() != Some(&line) {
            self.history.push(line.clone());
        }
        self.clear();
        line
    }

    /// Edits the line; false if the key is not an editing key.
    fn key(&mut self, key: KeyEvent) -> bool {
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

/// An automatic player (or the hint agent) choosing in the background.
struct Thinking {
    /// Who thinks, for the spinner.
    label: String,
    started: Instant,
    /// The seat whose agent it is, or `None` for the hint agent.
    seat: Option<usize>,
    /// The agent's time budget, when its spec gives one (for the progress
    /// bar).
    budget: Option<Duration>,
    answer: mpsc::Receiver<(Box<dyn DynAgent>, Result<DynChoice, String>)>,
}

/// Stands in a seat while its agent thinks on another thread.
struct Busy;

impl DynAgent for Busy {
    fn spec(&self) -> String {
        "busy".into()
    }
    fn choose(&mut self, _session: &dyn DynSession) -> Option<DynChoice> {
        None
    }
    fn new_game(&mut self) {}
}

/// A move shown step by step: the game's intermediate boards, one every
/// [`FRAME_TIME`]; any key skips the rest.
pub(super) struct Animation {
    /// The boards between the position before and the one after.
    pub frames: Vec<BoardView>,
    /// The frame on the screen.
    pub shown: usize,
    /// When the next frame is due.
    pub next_at: Instant,
}

/// How long each intermediate board of a move is shown.
pub(super) const FRAME_TIME: Duration = Duration::from_millis(350);

impl Animation {
    /// The frames of the last move as `seat` may see them, if there are any.
    pub(super) fn of_last_move(
        session: &dyn DynSession,
        seat: Option<Player>,
    ) -> Option<Animation> {
        let frames = session.last_move_frames(seat);
        (!frames.is_empty()).then(|| Animation {
            frames,
            shown: 0,
            next_at: Instant::now() + FRAME_TIME,
        })
    }

    /// Moves on to the frame due; false when the animation is over.
    pub(super) fn tick(&mut self, now: Instant) -> bool {
        while now >= self.next_at {
            self.shown += 1;
            self.next_at += FRAME_TIME;
            if self.shown >= self.frames.len() {
                return false;
            }
        }
        true
    }
}

/// The time budget of an agent spec (`time=...`), if it has one.
fn time_budget(spec: &str) -> Option<Duration> {
    let spec = plateau::ai::Spec::parse(spec).ok()?;
    plateau::ai::parse_duration(spec.get("time")?).ok()
}

/// A bar of ten cells filled as `elapsed` goes towards `budget`.
fn progress_bar(elapsed: Duration, budget: Duration) -> String {
    let filled = if budget.is_zero() {
        10
    } else {
        ((elapsed.as_secs_f64() / budget.as_secs_f64()) * 10.0).min(10.0) as usize
    };
    format!("[{}{}]", "■".repeat(filled), "·".repeat(10 - filled))
}

/// The keys of the setup editor, shown in the help panel.
const SETUP_HELP: &[&str] = &[
    "arrows  move in your home area",
    "SYMBOL  put that piece (X 9 B F..)",
    "Del .   take the piece back",
    "Enter   pick two squares: swap",
    "Ctrl-F  fill the rest at random",
    "Ctrl-R  a new random setup",
    "Ctrl-X  clear the setup",
    "Ctrl-O  load a setup file",
    "Ctrl-W  save it to a file",
    "Ctrl-D  confirm the setup",
];

/// The full-screen game.
pub(super) struct App {
    table: Table,
    save: Option<PathBuf>,
    /// `--overwrite`: the `--save` file may be replaced without asking.
    overwrite: bool,
    /// The width of the messages' lines at the last drawing.
    message_width: std::cell::Cell<u16>,
    screen: Screen,
    focus: Focus,
    cursor: (usize, usize),
    selected: Option<(usize, usize)>,
    line: LineInput,
    messages: Vec<String>,
    played: Vec<LastMove>,
    thinking: Option<Thinking>,
    /// The record file written since the last move, if any.
    saved: Option<PathBuf>,
    /// The game over screen was reached (and --save written).
    finished: bool,
    quit: bool,
    /// Where the board's first cell was drawn and the cells' width, for
    /// the mouse.
    board_at: std::cell::Cell<Option<(u16, u16, u16)>>,
    /// The placement being arranged by the person to move, if their next
    /// move is one.
    editor: Option<Editor>,
    /// The last move shown step by step.
    animation: Option<Animation>,
    /// The help panel (the keys and the rules), when open over the game.
    help: Option<super::rules_panel::RulesPanel>,
}

impl App {
    pub(super) fn new(table: Table, save: Option<&Path>) -> App {
        let mut app = App {
            table,
            save: save.map(Path::to_path_buf),
            overwrite: false,
            message_width: std::cell::Cell::new(80),
            screen: Screen::Play,
            focus: Focus::Board,
            cursor: (0, 0),
            selected: None,
            line: LineInput::default(),
            messages: Vec::new(),
            played: Vec::new(),
            thinking: None,
            saved: None,
            finished: false,
            quit: false,
            board_at: std::cell::Cell::new(None),
            editor: None,
            animation: None,
            help: None,
        };
        app.rebuild_played();
        if let Some(report) = last_move_report(app.session(), app.viewer()) {
            app.messages.push(report);
        }
        app.enter_turn();
        app
    }

    fn session(&self) -> &dyn DynSession {
        self.table.session.as_ref()
    }

    /// Whose eyes the screen is for (`None`: everything may be shown).
    fn viewer(&self) -> Option<Player> {
        match self.screen {
            Screen::GameOver => None,
            // The mover reads the result of their own move.
            Screen::Hide(p) => Some(p),
            _ => self.table.viewer(),
        }
    }

    fn say(&mut self, text: impl Into<String>) {
        self.messages.push(text.into());
        let excess = self.messages.len().saturating_sub(50);
        self.messages.drain(..excess);
    }

    /// The moves played so far, replayed from the record.
    fn rebuild_played(&mut self) {
        self.played.clear();
        let record = self.session().record();
        let mut replay = self.table.game.new_session(record.seed);
        for mv in &record.moves {
            if replay.play(mv).is_err() {
                break;
            }
            if let Some(last) = replay.last_move() {
                self.played.push(last);
            }
        }
    }

    /// Sets the screen for the position: game over, a hand-over, or play.
    fn enter_turn(&mut self) {
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
                    }
                    self.screen = Screen::Play;
                }
            }
        }
    }

    fn prompt_for_free_form(&mut self) {
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
    fn after_move(&mut self, mover_was_human: Option<Player>) {
        self.saved = None;
        self.selected = None;
        self.editor = None;
        if let Some(last) = self.session().last_move() {
            self.played.push(last);
        }
        // A setup given on the command line for the player now to move.
        loop {
            match self.table.play_one_preset() {
                Ok(true) => {
                    if let Some(last) = self.session().last_move() {
                        self.played.push(last);
                    }
                }
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
        if let Some(report) = last_move_report(self.session(), viewer) {
            self.say(report);
        }
        self.animation = Animation::of_last_move(self.session(), viewer);
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

    /// Starts the automatic player of the seat to move, if it is one.
    fn start_agent(&mut self) {
        if self.thinking.is_some() || self.screen != Screen::Play {
            return;
        }
        let Status::ToMove(p) = self.session().status() else {
            return;
        };
        let Some(Seat::Agent(spec, agent)) = self.table.seats.get_mut(p.index()) else {
            return;
        };
        let label = format!("{} ({spec})", self.table.session.player_name(p));
        let agent = std::mem::replace(agent, Box::new(Busy));
        self.thinking = Some(self.think(label, Some(p.index()), agent));
    }

    fn think(&self, label: String, seat: Option<usize>, mut agent: Box<dyn DynAgent>) -> Thinking {
        let budget = time_budget(&agent.spec());
        let session = self.table.session.clone_box();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let choice = crate::agents::choose(agent.as_mut(), session.as_ref());
            let _ = tx.send((agent, choice));
        });
        Thinking {
            label,
            started: Instant::now(),
            seat,
            budget,
            answer: rx,
        }
    }

    /// Takes the answer of the thinking agent, if there is one (`wait`:
    /// waits for it).
    fn poll_thinking(&mut self, wait: bool) {
        let Some(thinking) = &self.thinking else {
            return;
        };
        let answer = if wait {
            thinking.answer.recv().ok()
        } else {
            thinking.answer.try_recv().ok()
        };
        let Some((agent, choice)) = answer else {
            return;
        };
        let thinking = self.thinking.take().expect("thinking");
        match thinking.seat {
            Some(i) => {
                if let Some(Seat::Agent(_, slot)) = self.table.seats.get_mut(i) {
                    *slot = agent;
                }
                match choice {
                    Ok(choice) => {
                        if let Err(e) = self.table.session.play(&choice.mv) {
                            self.say(format!("{} chose a refused move: {e}", thinking.label));
                            self.quit = true;
                            return;
                        }
                        let mut shown = choice.clone();
                        if self.session().hidden_information() {
                            // Values and other moves would tell of its hidden pieces.
                            shown.top.clear();
                            shown.value = None;
                        }
                        self.after_move(None);
                        let thought = crate::agents::describe_choice(&shown);
                        self.say(format!("  ({}: {thought})", thinking.label));
                    }
                    Err(e) => {
                        self.say(e);
                        self.quit = true;
                    }
                }
            }
            None => {
                self.table.hint.1 = Some(agent);
                match choice {
                    Ok(choice) if self.active_editor().is_some() => {
                        // A placement hint goes into the editor, to review.
                        let session = self.table.session.as_ref();
                        let loaded = self
                            .editor
                            .as_mut()
                            .map(|e| e.load_text(session, &choice.mv));
                        match loaded {
                            Some(Ok(())) => self.say(format!(
                                "The hint's setup is on the board: review it, Ctrl-D confirms ({}).",
                                crate::agents::describe_choice(&choice)
                            )),
                            _ => self.say("No hint for this setup."),
                        }
                    }
                    Ok(choice) => {
                        let squares = self
                            .session()
                            .legal_move_squares()
                            .into_iter()
                            .find(|(m, _)| *m == choice.mv)
                            .map(|(_, s)| s)
                            .unwrap_or_default();
                        if let (Some(first), Some(b)) = (squares.first(), self.board()) {
                            if let Some(at) = b.board.locate(first, self.to_move()) {
                                self.cursor = at;
                                // The hinted piece selected: its targets show.
                                if squares.len() > 1 {
                                    self.selected = Some(at);
                                }
                            }
                        }
                        self.say(format!(
                            "Hint: {} ({})",
                            choice.mv,
                            crate::agents::describe_choice(&choice)
                        ))
                    }
                    Err(e) => self.say(format!("No hint: {e}.")),
                }
            }
        }
    }

    fn hint(&mut self) {
        if self.thinking.is_some() {
            return;
        }
        let agent = match self.table.hint.1.take() {
            Some(agent) => agent,
            None => match crate::agents::make_agent(
                self.table.game.as_ref(),
                &self.table.hint.0,
                self.table.hint_seed,
            ) {
                Ok(agent) => agent,
                Err(e) => return self.say(format!("No hint: {e}.")),
            },
        };
        let label = format!("hint ({})", agent.spec());
        self.thinking = Some(self.think(label, None, agent));
    }

    fn to_move(&self) -> Option<Player> {
        self.session().status().to_move()
    }

    fn human_to_move(&self) -> Option<Player> {
        self.to_move().filter(|p| self.table.is_human(*p))
    }

    fn board(&self) -> Option<plateau::SeatBoard> {
        self.session().board(self.viewer())
    }

    /// The legal moves with the cells they touch, for the player to move.
    fn legal_cells(&self, board: &plateau::board::BoardView) -> Vec<(String, Vec<(usize, usize)>)> {
        let mover = self.to_move();
        self.session()
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
    fn play_human(&mut self, text: &str) {
        let Some(p) = self.human_to_move() else {
            return;
        };
        let free_form = !self.session().moves_enumerable();
        match self.table.session.play(text) {
            Ok(()) => self.after_move(Some(p)),
            Err(e) if free_form => self.say(format!("Not played: {}.", reason_only(&e))),
            Err(e) => self.say(format!(
                "{}. 'moves' lists the legal moves.",
                crate::common::error::shorten_words(&e.to_string())
            )),
        }
    }

    /// The placement editor, when the person to move is arranging one on
    /// the screen.
    fn active_editor(&self) -> Option<&Editor> {
        let editor = self.editor.as_ref()?;
        (self.screen == Screen::Play
            && self.animation.is_none()
            && self.human_to_move() == Some(editor.player))
        .then_some(editor)
    }

    /// The board cell of square `i` of the area being arranged.
    fn editor_cell(&self, i: usize) -> Option<(usize, usize)> {
        let editor = self.editor.as_ref()?;
        let board = self.board()?.board;
        editor.cell_of(&board, i)
    }

    /// The square of the area under the cursor.
    fn editor_square(&self) -> Option<usize> {
        let editor = self.active_editor()?;
        let board = self.board()?.board;
        let name = board.cell(self.cursor.0, self.cursor.1)?.name.clone()?;
        editor.index_of(&name)
    }

    /// The cursor to the next square of the area on the screen (left to
    /// right, top to bottom), wrapping round.
    fn editor_advance(&mut self) {
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
    fn editor_command(&mut self, line: &str) -> bool {
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
                let drawn = self.table.session.random_move(&mut self.table.rng);
                let session = self.table.session.as_ref();
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
    fn confirm_placement(&mut self) {
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
        let Some(p) = self.human_to_move() else {
            return;
        };
        match self.table.session.play(&text) {
            Ok(()) => self.after_move(Some(p)),
            Err(e) => self.say(format!("Not played: {}.", reason_only(&e))),
        }
    }

    /// Loads a setup file (the text `--setup` reads) into the editor.
    fn load_placement(&mut self, name: &str) {
        let text = match std::fs::read_to_string(name) {
            Ok(text) => crate::common::setups::setup_move_text(&text),
            Err(e) => return self.say(format!("Cannot read {name}: {e}.")),
        };
        let session = self.table.session.as_ref();
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        match editor.load_text(session, &text) {
            Ok(()) => self.say(format!("Loaded {name}: review it, Ctrl-D confirms.")),
            Err(reason) => self.say(format!("Cannot load {name}: {reason}.")),
        }
    }

    /// Saves the arrangement as a setup file (`--setup` reads it back).
    fn save_placement(&mut self, path: &Path) {
        let Some(editor) = self.active_editor() else {
            return;
        };
        let Some(text) = self.session().placement_move(&editor.arrangement) else {
            return self.say("The setup does not fit the home area.");
        };
        match std::fs::write(path, format!("{text}\n")) {
            Ok(()) => self.say(format!("Setup saved to {}.", path.display())),
            Err(e) => self.say(format!("Cannot save {}: {e}.", path.display())),
        }
    }

    /// A key of the board while the editor is active; false when the key is
    /// not the editor's.
    fn editor_key(&mut self, key: KeyEvent, ctrl: bool) -> bool {
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

    /// Enter (or a click) on a board cell.
    fn pick(&mut self, at: (usize, usize)) {
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
    fn command(&mut self, line: &str) {
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
                self.help = Some(super::rules_panel::RulesPanel::new(
                    keys,
                    self.table.game.as_ref(),
                ));
            }
            "hint" => self.hint(),
            "quit" | "exit" => self.quit = true,
            "save" => self.ask_save(),
            "moves" => {
                if !self.session().moves_enumerable() {
                    self.say("The moves here cannot be listed; type one.");
                } else {
                    // Wrapped here, between moves, to the messages' width:
                    // the paragraph's own wrap would split a move at a space.
                    let moves = self.session().legal_moves();
                    let width = usize::from(self.message_width.get());
                    self.say(legal_moves_listing(&moves, width));
                }
            }
            "random" => {
                if let Some(mv) = self.table.session.random_move(&mut self.table.rng) {
                    self.play_human(&mv);
                }
            }
            "resign" => {
                self.table.session.resign(p);
                self.say(format!("{} resigns.", title(&self.table.name(p))));
                self.enter_turn();
            }
            "undo" if self.session().hidden_information() => self.say(
                "Moves cannot be taken back with hidden information: it would show what they revealed.",
            ),
            "undo" => {
                if self.table.undo(p) {
                    self.rebuild_played();
                    self.saved = None;
                    self.say("Taken back.");
                } else {
                    self.say("There is no move of yours to take back.");
                }
            }
            _ => self.play_human(line),
        }
    }

    fn ask_save(&mut self) {
        self.screen = Screen::SaveAs;
        self.line.clear();
    }

    fn save_to(&mut self, path: &Path) {
        match record_file::write(path, &self.session().record()) {
            Ok(()) => {
                self.saved = Some(path.to_path_buf());
                self.say(format!("Saved to {}.", path.display()));
            }
            Err(e) => self.say(format!("Cannot save: {}", e.one_line())),
        }
    }

    /// After a save question: back to the game or to the game-over screen.
    fn back(&mut self) {
        self.line.clear();
        if self.finished {
            self.screen = Screen::GameOver;
        } else {
            self.enter_turn();
        }
    }

    /// A key press.
    pub(super) fn key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q')) {
            self.quit = true;
            return;
        }
        if self.animation.take().is_some() {
            // Any key skips the rest of a move shown step by step.
            return;
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
                    if let Some(report) = last_move_report(self.session(), Some(p)) {
                        self.say(report);
                    }
                    // The opponent's last move, step by step, as `p` saw it.
                    self.animation = Animation::of_last_move(self.session(), Some(p));
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

    fn play_key(&mut self, key: KeyEvent, ctrl: bool) {
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
    fn mouse(&mut self, m: MouseEvent) {
        if m.kind != MouseEventKind::Down(MouseButton::Left)
            || self.screen != Screen::Play
            || self.help.is_some()
        {
            return;
        }
        let Some((x0, y0, width)) = self.board_at.get() else {
            return;
        };
        if m.column < x0 || m.row < y0 || width == 0 {
            return;
        }
        let at = ((m.row - y0) as usize, ((m.column - x0) / width) as usize);
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

    /// Draws the screen.
    pub(super) fn draw(&self, frame: &mut Frame<'_>) {
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
                            .fg(SIDE_COLOURS[p.index() % 4])
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

    fn draw_game(&self, frame: &mut Frame<'_>, area: Rect) {
        // On a short terminal the messages give the board two lines.
        let message_lines = if area.height < 30 { 4 } else { 6 };
        let [head, status, main, messages, input] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(6),
            Constraint::Length(message_lines),
            Constraint::Length(1),
        ])
        .areas(area);
        let game = self.table.game.as_ref();
        let who: Vec<String> = self
            .table
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {}", game.player_name(Player(i as u8)), s.describe()))
            .collect();
        frame.render_widget(
            Paragraph::new(format!(
                "{} ({}): {}",
                game.name(),
                game.variant(),
                who.join(", ")
            ))
            .style(Style::default().add_modifier(Modifier::BOLD)),
            head,
        );
        frame.render_widget(Paragraph::new(self.status_text()), status);
        let [board_area, side] =
            Layout::horizontal([Constraint::Min(20), Constraint::Length(34)]).areas(main);
        self.draw_board(frame, board_area);
        let [moves_area, help_area] = Layout::vertical([
            Constraint::Min(3),
            Constraint::Length(HELP.len() as u16 + 2),
        ])
        .areas(side);
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
    fn status_text(&self) -> String {
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

    fn draw_moves(&self, frame: &mut Frame<'_>, area: Rect) {
        draw_move_list(frame, area, &self.played, self.viewer(), &|p| {
            self.table.name(p)
        });
    }

    fn draw_board(&self, frame: &mut Frame<'_>, area: Rect) {
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
            let geometry = draw_board_view(frame, inner, board, &Highlights::default(), extra);
            self.board_at.set(Some(geometry));
            return;
        }
        let Some(seat_board) = self.board() else {
            self.board_at.set(None);
            let text = self.session().render(self.viewer());
            frame.render_widget(Paragraph::new(text), inner);
            return;
        };
        let mut board = seat_board.board;
        let board_focus = self.focus == Focus::Board && self.screen == Screen::Play;
        let mut highlights = Highlights {
            last_move: seat_board.last_move,
            cursor: board_focus.then_some(self.cursor),
            selected: self.selected,
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
                        .tray_lines()
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
        extra.extend(board.notes.iter().map(|n| Line::from(n.clone())));
        let geometry = draw_board_view(frame, inner, &board, &highlights, extra);
        self.board_at.set(Some(geometry));
    }
}

/// What the board widget shows besides the cells: all (row, column).
#[derive(Clone, Debug, Default)]
pub(super) struct Highlights {
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

/// Draws a board in `inner` with its labels and then the `extra` lines;
/// returns where its first cell is and the cells' width (for the mouse).
pub(super) fn draw_board_view(
    frame: &mut Frame<'_>,
    inner: Rect,
    board: &BoardView,
    highlights: &Highlights,
    extra: Vec<Line<'static>>,
) -> (u16, u16, u16) {
    let width = board
        .cells
        .iter()
        .map(|c| c.text.chars().count())
        .max()
        .unwrap_or(1)
        .max(1)
        + 2;
    let label_width = board
        .row_labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
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

/// Runs the game full-screen, then prints (in the normal screen) the result
/// and where the game was saved.
pub(super) fn run(
    table: Table,
    save: Option<&Path>,
    overwrite: bool,
    io: &mut Io<'_>,
) -> CliResult {
    let mut app = App::new(table, save);
    app.overwrite = overwrite;
    let mut terminal =
        ratatui::try_init().map_err(|e| CliError::failed(format!("terminal: {e}")))?;
    let _ = ratatui::crossterm::execute!(std::io::stdout(), event::EnableMouseCapture);
    let result = event_loop(&mut app, &mut terminal);
    let _ = ratatui::crossterm::execute!(std::io::stdout(), event::DisableMouseCapture);
    ratatui::restore();
    result?;
    // Nothing of the board is printed here: the alternate screen is gone.
    match app.session().status() {
        Status::Over(_) => writeln!(io.out, "Result: {}", app.session().describe_status())?,
        Status::ToMove(_) => writeln!(io.out, "Stopped: {}", status_line(app.session()))?,
    }
    if let Some(path) = &app.saved {
        writeln!(io.out, "Saved to {}.", path.display())?;
    } else {
        let path = saving::autosave(&app.session().record())?;
        writeln!(
            io.out,
            "Autosaved to {}; `plateau play --load {}` continues it.",
            path.display(),
            path.display()
        )?;
    }
    Ok(())
}

/// Draws only when something changed: a key, the mouse, a resize, an
/// agent's answer, the next frame of a move or the spinner of a thinking
/// agent; idle, it waits for the next event without waking.
fn event_loop(app: &mut App, terminal: &mut ratatui::DefaultTerminal) -> CliResult {
    let fail = |e: std::io::Error| CliError::failed(format!("terminal: {e}"));
    let mut dirty = true;
    let mut handing_over = false;
    while !app.quit {
        if dirty {
            // The hand-over screen starts from a wiped screen: drawn as a
            // difference, the last player's board would be blanked cell by
            // cell after the hand-over text is already up.
            let hand_over = matches!(app.screen, Screen::HandOver(_));
            if hand_over && !handing_over {
                terminal.clear().map_err(fail)?;
            }
            handing_over = hand_over;
            terminal.draw(|f| app.draw(f)).map_err(fail)?;
            dirty = false;
        }
        let now = Instant::now();
        if let Some(animation) = &mut app.animation {
            if now >= animation.next_at {
                if !animation.tick(now) {
                    app.animation = None;
                }
                dirty = true;
                continue;
            }
        } else {
            let moves = app.session().num_moves();
            let was_thinking = app.thinking.is_some();
            app.poll_thinking(false);
            app.start_agent();
            if app.session().num_moves() != moves || was_thinking != app.thinking.is_some() {
                dirty = true;
                continue;
            }
        }
        let timeout = match (&app.animation, &app.thinking) {
            (Some(a), _) => a.next_at.saturating_duration_since(now),
            (None, Some(_)) => Duration::from_millis(100),
            (None, None) => Duration::from_secs(60),
        };
        if event::poll(timeout).map_err(fail)? {
            match event::read().map_err(fail)? {
                Event::Key(key) if key.kind != KeyEventKind::Release => app.key(key),
                Event::Mouse(m) => app.mouse(m),
                _ => {}
            }
            dirty = true;
        } else if app.thinking.is_some() {
            dirty = true;
        }
    }
    Ok(())
}

/// The move list: one entry a line, so that a move never wraps in its
/// middle, the newest at the bottom; a move `viewer` may not read (another
/// seat's setup) is shown as `(secret)`.
pub(super) fn draw_move_list(
    frame: &mut Frame<'_>,
    area: Rect,
    moves: &[LastMove],
    viewer: Option<Player>,
    name: &dyn Fn(Player) -> String,
) {
    let lines: Vec<Line> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let text = if m.public || viewer.is_none_or(|v| v == m.mover) {
                m.text.clone()
            } else {
                "(secret)".to_string()
            };
            Line::from(vec![
                Span::raw(format!("{:>3}. ", i + 1)),
                Span::styled(
                    name(m.mover),
                    Style::default().fg(SIDE_COLOURS[m.mover.index() % 4]),
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use plateau::RulesSpec;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    /// A table of `game` with these seats' specs, from seed `seed`.
    pub(crate) fn table(game: &str, seats: [&str; 2], seed: u64) -> Table {
        let registry = crate::default_registry();
        let game = registry
            .get(game)
            .unwrap()
            .load(&RulesSpec::default_variant())
            .unwrap();
        let seats: Vec<Seat> = seats
            .iter()
            .map(|s| Seat::parse("--p", s, game.as_ref(), 1).unwrap())
            .collect();
        let humans = seats.iter().filter(|s| s.is_human()).count();
        let session = game.new_session(seed);
        Table {
            hot_seat: session.hidden_information() && humans >= 2,
            session,
            seats,
            shown_to: None,
            rng: plateau::rng(3),
            hint: ("random".into(), None),
            game,
            hint_seed: 4,
            presets: Default::default(),
        }
    }

    fn screen(app: &App) -> (String, ratatui::buffer::Buffer) {
        screen_of(app, 110, 36)
    }

    fn screen_of(app: &App, width: u16, height: u16) -> (String, ratatui::buffer::Buffer) {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| app.draw(f)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        let mut text = String::new();
        for y in 0..buffer.area.height {
            for x in 0..buffer.area.width {
                text.push_str(buffer[(x, y)].symbol());
            }
            text.push('\n');
        }
        (text, buffer)
    }

    fn press(app: &mut App, code: KeyCode) {
        app.key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    fn type_line(app: &mut App, text: &str) {
        for c in text.chars() {
            press(app, KeyCode::Char(c));
        }
        press(app, KeyCode::Enter);
    }

    #[test]
    fn every_game_draws_its_board_with_one_status_line() {
        for game in ["hus", "oware", "quinque", "stratego"] {
            let app = App::new(table(game, ["human", "random"], 5), None);
            let (text, _) = screen(&app);
            assert!(text.contains(" Board "), "{game}:\n{text}");
            assert!(
                text.contains(" Moves ") && text.contains(" Keys "),
                "{game}:\n{text}"
            );
            assert!(text.contains("to move (move 1)"), "{game}:\n{text}");
            assert!(app.board().is_some(), "{game} gives a board view");
        }
    }

    #[test]
    fn hus_pits_are_coloured_by_side_and_the_last_move_is_shaded() {
        let mut app = App::new(table("hus", ["human", "human"], 5), None);
        let (text, buffer) = screen(&app);
        // H2: two stones in every pit at the start.
        assert!(text.contains("south a"), "{text}");
        let b = app.board().unwrap();
        let (r, c) = b.board.locate("a1", Some(Player(0))).unwrap();
        assert_eq!(r, 3, "South's row a is at the bottom");
        // Find the drawn cell of a1 by the mouse geometry.
        let (x0, y0, w) = app.board_at.get().unwrap();
        let cell = &buffer[(x0 + c as u16 * w + w / 2, y0 + r as u16)];
        assert_eq!(cell.fg, Color::Red);
        type_line(&mut app, "a1");
        let b = app.board().unwrap();
        assert!(!b.last_move.is_empty(), "the last move has squares");
        let (x0, y0, w) = app.board_at.get().unwrap();
        let (_, buffer) = screen(&app);
        let (r, c) = b.last_move[0];
        assert_eq!(
            buffer[(x0 + c as u16 * w, y0 + r as u16)].bg,
            Color::Indexed(238)
        );
    }

    #[test]
    fn cursor_selection_plays_a_stratego_step_and_shows_targets() {
        let mut app = App::new(table("stratego", ["human", "random"], 5), None);
        // The setup is typed: random.
        type_line(&mut app, "random");
        app.start_agent();
        app.poll_thinking(true);
        assert_eq!(app.session().num_moves(), 2, "{:?}", app.messages);
        let board = app.board().unwrap();
        let moves = app.legal_cells(&board.board);
        let (mv, cells) = moves.iter().find(|(_, c)| c.len() == 2).unwrap().clone();
        press(&mut app, KeyCode::Esc);
        app.focus = Focus::Board;
        app.cursor = cells[0];
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.selected, Some(cells[0]));
        let (_, buffer) = screen(&app);
        let (x0, y0, w) = app.board_at.get().unwrap();
        let t = cells[1];
        assert_eq!(
            buffer[(x0 + t.1 as u16 * w, y0 + t.0 as u16)].bg,
            Color::Green
        );
        app.cursor = cells[1];
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.played.last().unwrap().text, mv);
    }

    /// A mouse event of `kind` on the middle of the drawn board cell `at`.
    fn click_on(app: &App, at: (usize, usize), kind: MouseEventKind) -> MouseEvent {
        let (x0, y0, w) = app.board_at.get().expect("the board was drawn");
        MouseEvent {
            kind,
            column: x0 + at.1 as u16 * w + w / 2,
            row: y0 + at.0 as u16,
            modifiers: KeyModifiers::NONE,
        }
    }

    fn click(app: &mut App, at: (usize, usize)) {
        let left = click_on(app, at, MouseEventKind::Down(MouseButton::Left));
        app.mouse(left);
    }

    #[test]
    fn a_click_selects_a_piece_and_a_click_on_its_target_plays_it() {
        let mut app = App::new(table("stratego", ["human", "random"], 5), None);
        type_line(&mut app, "random");
        app.start_agent();
        app.poll_thinking(true);
        assert_eq!(app.session().num_moves(), 2, "{:?}", app.messages);
        screen(&app);
        let board = app.board().unwrap();
        let moves = app.legal_cells(&board.board);
        let (mv, cells) = moves.iter().find(|(_, c)| c.len() == 2).unwrap().clone();
        let (from, to) = (cells[0], cells[1]);
        // A right click, or a release, picks nothing.
        let right = click_on(&app, from, MouseEventKind::Down(MouseButton::Right));
        app.mouse(right);
        let up = click_on(&app, from, MouseEventKind::Up(MouseButton::Left));
        app.mouse(up);
        assert_eq!(app.selected, None);
        // A click on the piece selects it; its targets are shown.
        click(&mut app, from);
        assert_eq!(app.selected, Some(from));
        assert_eq!(app.cursor, from);
        let (_, buffer) = screen(&app);
        let (x0, y0, w) = app.board_at.get().unwrap();
        assert_eq!(
            buffer[(x0 + to.1 as u16 * w, y0 + to.0 as u16)].bg,
            Color::Green,
            "the target is highlighted"
        );
        // A click outside the board changes nothing.
        let outside = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        };
        app.mouse(outside);
        assert_eq!(app.selected, Some(from));
        assert_eq!(app.session().num_moves(), 2);
        // A click on the target plays the move.
        click(&mut app, to);
        assert_eq!(app.session().num_moves(), 3, "{:?}", app.messages);
        assert_eq!(app.played.last().unwrap().text, mv);
        assert_eq!(app.selected, None);
    }

    #[test]
    fn a_click_on_a_pit_plays_it() {
        let mut app = App::new(table("hus", ["human", "random"], 5), None);
        screen(&app);
        let b = app.board().unwrap();
        let a1 = b.board.locate("a1", Some(Player(0))).unwrap();
        // A pit is a move of one square: picked, it is played at once.
        click(&mut app, a1);
        assert_eq!(app.session().num_moves(), 1, "{:?}", app.messages);
        assert_eq!(app.played.last().unwrap().text, "a1");
        // While the board is hidden (a hand-over screen) a click does nothing.
        let mut app = App::new(table("hus", ["human", "human"], 5), None);
        screen(&app);
        app.screen = Screen::HandOver(Player(0));
        click(&mut app, a1);
        assert_eq!(app.session().num_moves(), 0);
    }

    #[test]
    fn hot_seat_hand_over_shows_nothing_of_either_army() {
        let mut app = App::new(table("stratego", ["human", "human"], 5), None);
        let (text, _) = screen(&app);
        assert!(text.contains("Pass the terminal to Red"), "{text}");
        press(&mut app, KeyCode::Enter);
        type_line(&mut app, "random");
        // Red reads the result on its own board, then hides it.
        let (text, _) = screen(&app);
        assert!(text.contains("Press Enter to hide"), "{text}");
        let own = app.board().unwrap().board;
        let reds = own.cells.iter().filter(|c| c.owner == Some(Player(0)));
        assert!(reds.clone().count() == 40 && reds.clone().all(|c| c.text != "?"));
        press(&mut app, KeyCode::Enter);
        let (text, _) = screen(&app);
        assert!(text.contains("Pass the terminal to Blue"), "{text}");
        // Only the request: no board, no move list, no messages.
        for panel in [" Board ", " Moves ", "Red played", "setup"] {
            assert!(!text.contains(panel), "{panel}: {text}");
        }
        press(&mut app, KeyCode::Enter);
        // Blue's board shows Red's pieces only as unknown.
        let b = app.board().unwrap();
        for cell in &b.board.cells {
            if cell.owner == Some(Player(0)) {
                assert!(cell.text == "?" || cell.marked, "{cell:?}");
            }
        }
        let (text, _) = screen(&app);
        assert!(
            text.contains("(secret)"),
            "Red's setup is not shown to Blue: {text}"
        );
    }

    fn ctrl(app: &mut App, c: char) {
        app.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
    }

    /// The symbols drawn in the cells of `cells` (trimmed).
    fn drawn(app: &App, buffer: &ratatui::buffer::Buffer, at: (usize, usize)) -> String {
        let (x0, y0, w) = app.board_at.get().unwrap();
        (0..w)
            .map(|dx| {
                buffer[(x0 + at.1 as u16 * w + dx, y0 + at.0 as u16)]
                    .symbol()
                    .to_string()
            })
            .collect::<String>()
            .trim()
            .to_string()
    }

    #[test]
    fn the_setup_editor_places_swaps_fills_and_confirms_on_the_board() {
        let mut app = App::new(table("stratego", ["human", "random"], 5), None);
        let (text, buffer) = screen(&app);
        assert!(text.contains("Tray (40 left)"), "{text}");
        assert!(
            text.contains("Ctrl-D  confirm"),
            "the editor's keys: {text}"
        );
        // The cursor starts on the first square of Red's home area (a4, S3.3).
        let board = app.board().unwrap().board;
        assert_eq!(app.cursor, board.locate("a4", None).unwrap());
        assert_eq!(drawn(&app, &buffer, app.cursor), "·");
        press(&mut app, KeyCode::Char('F'));
        press(&mut app, KeyCode::Char('9'));
        let (text, buffer) = screen(&app);
        let a4 = board.locate("a4", None).unwrap();
        let b4 = board.locate("b4", None).unwrap();
        assert_eq!(drawn(&app, &buffer, a4), "F");
        assert_eq!(drawn(&app, &buffer, b4), "9");
        assert!(text.contains("Tray (38 left)"), "{text}");
        assert_eq!(
            buffer[(
                app.board_at.get().unwrap().0,
                app.board_at.get().unwrap().1 + a4.0 as u16
            )]
                .fg,
            Color::Red
        );
        // A second flag is not in the tray.
        press(&mut app, KeyCode::Char('F'));
        assert!(
            app.messages.last().unwrap().contains("no flag (F) left"),
            "{:?}",
            app.messages
        );
        // Swap a4 and b4.
        app.cursor = a4;
        press(&mut app, KeyCode::Enter);
        app.cursor = b4;
        press(&mut app, KeyCode::Enter);
        let (_, buffer) = screen(&app);
        assert_eq!(drawn(&app, &buffer, a4), "9");
        assert_eq!(drawn(&app, &buffer, b4), "F");
        // Confirming with pieces left is refused, without playing.
        ctrl(&mut app, 'd');
        assert_eq!(app.session().num_moves(), 0);
        assert!(app
            .messages
            .last()
            .unwrap()
            .contains("38 pieces are still in the tray"));
        ctrl(&mut app, 'f');
        let (text, buffer) = screen(&app);
        assert!(text.contains("Tray: empty"), "{text}");
        assert_eq!(
            drawn(&app, &buffer, a4),
            "9",
            "the fill keeps what was placed"
        );
        ctrl(&mut app, 'd');
        assert_eq!(app.session().num_moves(), 1, "{:?}", app.messages);
        let setup = app.session().record().moves[0].clone();
        assert!(setup.starts_with("setup 9F"), "{setup}");
        assert!(app.editor.is_none());
    }

    #[test]
    fn setups_reroll_save_and_load_and_errors_never_echo_the_setup() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new(table("stratego", ["human", "random"], 5), None);
        ctrl(&mut app, 'r');
        let first = app.editor.as_ref().unwrap().arrangement.clone();
        assert!(app.editor.as_ref().unwrap().complete());
        ctrl(&mut app, 'r');
        assert_ne!(app.editor.as_ref().unwrap().arrangement, first, "re-rolled");
        let path = dir.path().join("red.txt");
        ctrl(&mut app, 'w');
        type_line(&mut app, path.to_str().unwrap());
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.starts_with("setup "), "{saved}");
        // Saving again asks before replacing the file.
        ctrl(&mut app, 'w');
        type_line(&mut app, path.to_str().unwrap());
        assert!(matches!(app.screen, Screen::OverwriteSetup(_)));
        press(&mut app, KeyCode::Char('n'));
        ctrl(&mut app, 'x');
        assert_eq!(app.editor.as_ref().unwrap().left(), 40);
        // A bad file: the error names the square, never the setup.
        let bad = dir.path().join("bad.txt");
        std::fs::write(&bad, saved.replacen('F', "9", 1)).unwrap();
        ctrl(&mut app, 'o');
        type_line(&mut app, bad.to_str().unwrap());
        let said = app.messages.last().unwrap().clone();
        assert!(said.starts_with("Cannot load"), "{said}");
        assert!(!said.contains(&saved.trim()[6..16]), "{said}");
        assert_eq!(app.editor.as_ref().unwrap().left(), 40);
        ctrl(&mut app, 'o');
        type_line(&mut app, path.to_str().unwrap());
        assert_eq!(app.editor.as_ref().unwrap().left(), 0, "{:?}", app.messages);
        ctrl(&mut app, 'd');
        assert_eq!(app.session().record().moves[0], saved.trim());
        // A typed setup that is refused is not echoed either.
        let mut app = App::new(table("stratego", ["human", "random"], 5), None);
        let wrong = saved.trim().replacen('F', "9", 1);
        press(&mut app, KeyCode::Tab);
        type_line(&mut app, &wrong);
        let said = app.messages.last().unwrap().clone();
        assert!(said.starts_with("Not played: "), "{said}");
        assert!(!said.contains(&wrong[6..16]), "{said}");
    }

    #[test]
    fn a_sowing_is_shown_step_by_step_and_a_key_skips_it() {
        let mut app = App::new(table("hus", ["human", "human"], 5), None);
        // Find a move that relays (H3.3): it has intermediate boards.
        let mv = app
            .session()
            .legal_moves()
            .into_iter()
            .find(|m| {
                let mut s = app.session().clone_box();
                s.play(m).unwrap();
                !s.last_move_frames(None).is_empty()
            })
            .expect("a relaying move");
        type_line(&mut app, &mv);
        let animation = app.animation.as_ref().expect("frames");
        let frames = animation.frames.len();
        let (text, _) = screen(&app);
        assert!(text.contains(&format!("step 1 of {frames}")), "{text}");
        // Frames follow one another at FRAME_TIME, then the animation ends.
        let mut a = Animation {
            frames: vec![BoardView::new(1, 1); 3],
            shown: 0,
            next_at: Instant::now(),
        };
        let t0 = a.next_at;
        assert!(a.tick(t0));
        assert_eq!(a.shown, 1);
        assert!(!a.tick(t0 + FRAME_TIME * 2));
        // Any key skips; the key does nothing else.
        let moves = app.session().num_moves();
        press(&mut app, KeyCode::Char('x'));
        assert!(app.animation.is_none());
        assert_eq!(app.line.value(), "", "the skipping key is not typed");
        assert_eq!(app.session().num_moves(), moves);
        let (text, _) = screen(&app);
        assert!(!text.contains("any key skips"), "{text}");
    }

    #[test]
    fn a_timed_agent_shows_its_budget_as_a_bar() {
        assert_eq!(
            time_budget("mcts:time=2s,c=1.4"),
            Some(Duration::from_secs(2))
        );
        assert_eq!(time_budget("random"), None);
        assert_eq!(
            progress_bar(Duration::from_millis(500), Duration::from_secs(2)),
            "[■■········]"
        );
        assert_eq!(
            progress_bar(Duration::from_secs(5), Duration::from_secs(2)),
            "[■■■■■■■■■■]"
        );
        let mut app = App::new(table("hus", ["mcts:time=200ms", "human"], 5), None);
        app.start_agent();
        let status = app.status_text();
        assert!(
            status.contains("thinking") && status.contains("of 200 ms"),
            "{status}"
        );
        assert!(status.contains('['), "{status}");
        app.poll_thinking(true);
        assert!(
            app.messages.iter().any(|m| m.contains("mcts")),
            "its time is reported after the move: {:?}",
            app.messages
        );
    }

    #[test]
    fn a_hint_for_a_setup_goes_into_the_editor_and_a_step_hint_selects_the_piece() {
        let mut app = App::new(table("stratego", ["human", "random"], 5), None);
        app.hint();
        app.poll_thinking(true);
        let editor = app.editor.as_ref().unwrap();
        assert!(editor.complete(), "{:?}", app.messages);
        assert_eq!(app.session().num_moves(), 0, "nothing is played");
        assert!(
            app.messages.iter().all(|m| !m.contains('/')),
            "the hint's setup is not written out: {:?}",
            app.messages
        );
        ctrl(&mut app, 'd');
        app.start_agent();
        app.poll_thinking(true);
        assert_eq!(app.session().num_moves(), 2);
        app.hint();
        app.poll_thinking(true);
        let selected = app.selected.expect("the hinted piece is selected");
        assert_eq!(app.cursor, selected);
        let board = app.board().unwrap().board;
        assert!(
            app.legal_cells(&board)
                .iter()
                .any(|(_, c)| c.first() == Some(&selected)),
            "a piece that moves"
        );
    }

    #[test]
    fn the_board_widget_draws_marks_areas_and_highlights() {
        use plateau::board::Cell;
        let mut board = BoardView::new(2, 3);
        for r in 0..2 {
            for c in 0..3 {
                board.set(r, c, Cell::square(format!("{r}{c}")));
            }
        }
        // A winning line's cell, another side's piece, an area being set up.
        board.set(
            0,
            0,
            Cell::square("00").text("R").owner(Player(0)).marked(true),
        );
        board.set(0, 1, Cell::square("01").text("O").owner(Player(1)));
        let highlights = Highlights {
            area: vec![(1, 0), (1, 1)],
            targets: vec![(1, 2)],
            cursor: Some((1, 1)),
            ..Highlights::default()
        };
        let mut terminal = Terminal::new(TestBackend::new(30, 6)).unwrap();
        let mut at = None;
        terminal
            .draw(|f| {
                at = Some(draw_board_view(
                    f,
                    f.area(),
                    &board,
                    &highlights,
                    vec![Line::from("a note")],
                ))
            })
            .unwrap();
        let (x0, y0, w) = at.unwrap();
        let buffer = terminal.backend().buffer();
        let cell = |r: u16, c: u16| &buffer[(x0 + c * w + w / 2, y0 + r)];
        assert_eq!(cell(0, 0).symbol(), "R");
        assert!(cell(0, 0).modifier.contains(Modifier::ITALIC), "marked");
        assert!(!cell(0, 1).modifier.contains(Modifier::ITALIC));
        assert_eq!(cell(0, 1).fg, SIDE_COLOURS[1]);
        assert_eq!(cell(1, 0).bg, Color::Indexed(236), "the area");
        assert!(
            cell(1, 1).modifier.contains(Modifier::REVERSED),
            "the cursor"
        );
        assert_eq!(cell(1, 2).bg, Color::Green, "a target");
        assert_eq!(cell(0, 2).bg, Color::Reset);
        let text: String = (0..30).map(|x| buffer[(x, y0 + 2)].symbol()).collect();
        assert!(text.starts_with("a note"), "{text}");
    }

    #[test]
    fn the_line_edits_and_remembers() {
        let mut line = LineInput::default();
        let k = |c| KeyEvent::new(c, KeyModifiers::NONE);
        for c in "a8".chars() {
            line.key(k(KeyCode::Char(c)));
        }
        line.key(k(KeyCode::Left));
        line.key(k(KeyCode::Char('x')));
        assert_eq!(line.value(), "ax8");
        line.key(k(KeyCode::Home));
        line.key(k(KeyCode::Delete));
        line.key(k(KeyCode::End));
        line.key(k(KeyCode::Backspace));
        assert_eq!(line.value(), "x");
        assert_eq!(line.take(), "x");
        line.set("b2");
        line.take();
        line.key(k(KeyCode::Up));
        assert_eq!(line.value(), "b2");
        line.key(k(KeyCode::Up));
        assert_eq!(line.value(), "x");
        line.key(k(KeyCode::Down));
        assert_eq!(line.value(), "b2");
        line.key(k(KeyCode::Down));
        assert_eq!(line.value(), "");
    }

    #[test]
    fn game_over_waits_for_an_explicit_choice() {
        let mut app = App::new(table("hus", ["human", "random"], 5), None);
        type_line(&mut app, "resign");
        assert_eq!(app.screen, Screen::GameOver);
        press(&mut app, KeyCode::Enter);
        assert!(!app.quit, "Enter decides nothing");
        assert_eq!(app.screen, Screen::GameOver);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        std::fs::write(&path, "keep me").unwrap();
        press(&mut app, KeyCode::Char('s'));
        type_line(&mut app, path.to_str().unwrap());
        assert!(matches!(app.screen, Screen::Overwrite(_)));
        press(&mut app, KeyCode::Char('n'));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep me");
        press(&mut app, KeyCode::Esc);
        assert_eq!(app.screen, Screen::GameOver);
        press(&mut app, KeyCode::Char('q'));
        assert!(app.quit);
    }

    #[test]
    fn the_legal_moves_are_listed_without_splitting_a_move() {
        // Quinque's moves have spaces: `mark 0,0`. A narrow terminal wraps
        // the list, between moves only.
        let mut app = App::new(table("quinque", ["human", "random"], 5), None);
        screen_of(&app, 44, 40);
        type_line(&mut app, "moves");
        let moves = app.session().legal_moves();
        assert!(moves.len() >= 4 && moves.iter().all(|m| m.contains(' ')));
        let said = app.messages.last().unwrap().clone();
        assert!(
            said.starts_with(&format!("{} legal moves:", moves.len())),
            "{said}"
        );
        let listed: Vec<&str> = said
            .split_once(':')
            .unwrap()
            .1
            .split('|')
            .map(str::trim)
            .collect();
        assert_eq!(listed, moves, "{said}");
        let (text, _) = screen_of(&app, 44, 40);
        assert!(said.lines().count() > 1, "{said}");
        for line in said.lines() {
            assert!(line.chars().count() <= 44, "{line}");
            assert!(
                text.contains(line.trim_end()),
                "{line:?} not drawn:\n{text}"
            );
        }
    }

    #[test]
    fn a_save_file_made_during_the_game_is_replaced_only_if_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let mut app = App::new(table("hus", ["human", "random"], 5), Some(&path));
        std::fs::write(&path, "keep me").unwrap();
        type_line(&mut app, "resign");
        assert!(matches!(&app.screen, Screen::Overwrite(p) if *p == path));
        press(&mut app, KeyCode::Char('n'));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep me");
        // With --overwrite the file is replaced at once.
        let mut app = App::new(table("hus", ["human", "random"], 5), Some(&path));
        app.overwrite = true;
        type_line(&mut app, "resign");
        assert_eq!(app.screen, Screen::GameOver);
        assert!(std::fs::read_to_string(&path).unwrap().contains("\"hus\""));
    }

    #[test]
    fn agents_think_in_the_background_and_hints_move_the_cursor() {
        let mut app = App::new(table("hus", ["random", "human"], 5), None);
        app.start_agent();
        assert!(app.thinking.is_some());
        assert!(
            app.status_text().contains("thinking"),
            "{}",
            app.status_text()
        );
        app.poll_thinking(true);
        assert_eq!(app.session().num_moves(), 1);
        app.hint();
        app.poll_thinking(true);
        assert!(
            app.messages.iter().any(|m| m.starts_with("Hint: ")),
            "{:?}",
            app.messages
        );
    }
}
