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
//!
//! This module holds the app's state ([`App`]) and the event loop; the
//! rest is one submodule a concern, each with its `impl App` block: the
//! board widget (`board`), the move list (`move_list`), the typing line
//! (`line_input`), the screen's layout and status line (`view`), keys, mouse
//! and commands (`input`), the course of the game (`turns`), the setup
//! editor (`setup_editor`), agents thinking (`thinking`) and moves shown
//! frame by frame (`animation`).

mod animation;
mod board;
mod input;
mod line_input;
mod move_list;
mod setup_editor;
mod thinking;
mod turns;
mod view;

#[cfg(test)]
pub(crate) mod tests;

use super::placement::Editor;
use super::play::eyes;
use super::{saving, Table};
use crate::common::error::{CliError, CliResult};
use crate::common::text::status_line;
use crate::Io;
use plateau::{DynSession, Player, Status};
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use ratatui::style::Color;
use ratatui::Frame;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub(crate) use animation::Animation;
pub(crate) use board::{draw_board_view, BoardGeometry, Highlights};
use input::HELP;
pub(crate) use line_input::LineInput;
pub(crate) use move_list::draw_move_list;
use setup_editor::SETUP_HELP;
use thinking::{progress_bar, Thinking};
pub(crate) use view::main_areas;

/// Whether the full-screen board can be used: input and output are a
/// terminal.
pub fn terminal_is_interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// The colours of the sides, by player index, for players whose names
/// are no colour (Hus's south and north).
pub(super) const SIDE_COLOURS: [Color; 4] =
    [Color::Red, Color::LightBlue, Color::Green, Color::Yellow];

/// The colour of a player named `name`: its own when the name is a colour
/// (Quinque's orange is drawn orange, Stratego's blue blue), else the
/// side's by `index`.
pub(crate) fn side_colour(name: &str, index: usize) -> Color {
    match name.trim().to_ascii_lowercase().as_str() {
        "red" => Color::Red,
        "blue" => Color::LightBlue,
        "orange" => Color::Indexed(208),
        "green" => Color::Green,
        "yellow" => Color::Yellow,
        "purple" | "violet" => Color::Magenta,
        "white" => Color::White,
        "black" | "grey" | "gray" => Color::Gray,
        _ => SIDE_COLOURS[index % SIDE_COLOURS.len()],
    }
}

/// The colours of a game's players, by player index (see [`side_colour`]).
pub(crate) fn palette(session: &dyn plateau::DynSession) -> [Color; 4] {
    std::array::from_fn(|i| {
        let name = if i < session.num_players() {
            session.player_name(plateau::Player(i as u8))
        } else {
            String::new()
        };
        side_colour(&name, i)
    })
}

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
    thinking: Option<Thinking>,
    /// A line entered (Enter) while an agent was thinking: run once it has
    /// moved, so that nothing typed ahead is lost.
    typed_ahead: Option<String>,
    /// The record file written since the last move, if any.
    saved: Option<PathBuf>,
    /// The game over screen was reached (and --save written).
    finished: bool,
    quit: bool,
    /// Where the board's first cell was drawn and the cells' width, for
    /// the mouse.
    board_at: std::cell::Cell<Option<BoardGeometry>>,
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
            thinking: None,
            typed_ahead: None,
            saved: None,
            finished: false,
            quit: false,
            board_at: std::cell::Cell::new(None),
            editor: None,
            animation: None,
            help: None,
        };
        if let Some(report) = app.table.last_move_report(app.viewer()) {
            app.messages.push(report);
        }
        app.enter_turn();
        app
    }

    fn session(&self) -> &dyn DynSession {
        self.table.session()
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
        let path = saving::autosave(&app.table.record())?;
        writeln!(
            io.out,
            "Autosaved to {}; `plateau play --load {}` continues it.",
            path.display(),
            path.display()
        )?;
    }
    Ok(())
}

/// A full-screen program (the game, the replay) as the event loop drives
/// it.
pub(crate) trait FullScreen {
    /// The program is over.
    fn done(&self) -> bool;
    /// Draws the whole screen.
    fn render(&self, frame: &mut Frame<'_>);
    /// The screen is drawn from a wiped one (the terminal is cleared when
    /// this starts).
    fn wiped(&self) -> bool {
        false
    }
    /// What happens between events at `now`: `None` to draw again at once
    /// (a frame of a move was due, an agent played), else how long to wait
    /// for an event.
    fn idle(&mut self, now: Instant) -> Option<Duration>;
    /// One event of the terminal.
    fn event(&mut self, event: Event);
    /// The screen changes with no event (an agent thinking): drawn again
    /// when a wait ends.
    fn busy(&self) -> bool {
        false
    }
}

/// Draws only when something changed: an event, the next frame of a move,
/// whatever the screen does between events; idle, it waits for the next
/// event without waking.
pub(crate) fn event_loop(
    screen: &mut impl FullScreen,
    terminal: &mut ratatui::DefaultTerminal,
) -> CliResult {
    let fail = |e: std::io::Error| CliError::failed(format!("terminal: {e}"));
    let mut dirty = true;
    let mut wiped = false;
    while !screen.done() {
        if dirty {
            // A wiped screen (the hand-over) starts from a cleared terminal:
            // drawn as a difference, the last player's board would be
            // blanked cell by cell after the hand-over text is already up.
            let wipe = screen.wiped();
            if wipe && !wiped {
                terminal.clear().map_err(fail)?;
            }
            wiped = wipe;
            terminal.draw(|f| screen.render(f)).map_err(fail)?;
            dirty = false;
        }
        let Some(timeout) = screen.idle(Instant::now()) else {
            dirty = true;
            continue;
        };
        if event::poll(timeout).map_err(fail)? {
            screen.event(event::read().map_err(fail)?);
            dirty = true;
        } else if screen.busy() {
            dirty = true;
        }
    }
    Ok(())
}

/// The game: its agents play between events, and a thinking agent's
/// spinner turns.
impl FullScreen for App {
    fn done(&self) -> bool {
        self.quit
    }

    fn render(&self, frame: &mut Frame<'_>) {
        self.draw(frame);
    }

    fn wiped(&self) -> bool {
        matches!(self.screen, Screen::HandOver(_))
    }

    fn idle(&mut self, now: Instant) -> Option<Duration> {
        if Animation::play_due(&mut self.animation, now) {
            return None;
        }
        if self.animation.is_none() {
            let moves = self.session().num_moves();
            let was_thinking = self.thinking.is_some();
            self.poll_thinking(false);
            self.start_agent();
            if self.session().num_moves() != moves || was_thinking != self.thinking.is_some() {
                return None;
            }
        }
        Some(match (&self.animation, &self.thinking) {
            (Some(a), _) => a.next_at.saturating_duration_since(now),
            (None, Some(_)) => Duration::from_millis(100),
            (None, None) => Duration::from_secs(60),
        })
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Mouse(m) => self.mouse(m),
            _ => {}
        }
    }

    fn busy(&self) -> bool {
        self.thinking.is_some()
    }
}
