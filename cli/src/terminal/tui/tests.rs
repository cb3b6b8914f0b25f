//! Tests of the full-screen board, drawn into a test backend.

use super::animation::FRAME_TIME;
use super::thinking::time_budget;
use super::*;
use crate::terminal::Table;
use plateau::board::BoardView;
use plateau::matches::{Match, MatchOptions, Occupant};
use plateau::Player;
use plateau::RulesSpec;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::style::{Color, Modifier};
use ratatui::text::Line;
use ratatui::Terminal;
use std::time::{Duration, Instant};

/// A table of `game` with these seats' specs, from seed `seed` (agents
/// seeded from 1).
pub(crate) fn table(game: &str, seats: [&str; 2], seed: u64) -> Table {
    let registry = crate::default_registry();
    let game = registry
        .get(game)
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    let occupants: Vec<Occupant> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| crate::terminal::seats::occupant(s, game.as_ref(), Player(i as u8)))
        .collect();
    let options = MatchOptions {
        hotseat: occupants.iter().filter(|o| o.is_person()).count() >= 2,
        agent_seed: Some(1),
        ..MatchOptions::default()
    };
    let m = Match::new(game, seed, occupants, options).unwrap();
    Table::new(m, plateau::rng(3), "random".into(), Default::default())
}

/// The last entry of the move list, as the match lets the viewer read it.
fn last_listed(app: &App) -> Option<String> {
    let moves = app
        .table
        .m
        .moves_as(crate::terminal::play::eyes(app.viewer()));
    moves.last().and_then(|m| m.notation.clone())
}

fn screen(app: &App) -> (String, ratatui::buffer::Buffer) {
    screen_of(app, 110, 36)
}

fn screen_of(app: &App, width: u16, height: u16) -> (String, ratatui::buffer::Buffer) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| app.draw(f)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    (buffer_text(&buffer), buffer)
}

/// The symbols of a drawn screen, a line a row.
pub(crate) fn buffer_text(buffer: &ratatui::buffer::Buffer) -> String {
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
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
    let g = app.board_at.get().unwrap();
    let cell = &buffer[g.middle((r, c))];
    assert_eq!(cell.fg, Color::Red);
    type_line(&mut app, "a1");
    let b = app.board().unwrap();
    assert!(!b.last_move.is_empty(), "the last move has squares");
    let g = app.board_at.get().unwrap();
    let (_, buffer) = screen(&app);
    assert_eq!(buffer[g.left(b.last_move[0])].bg, Color::Indexed(238));
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
    let g = app.board_at.get().unwrap();
    assert_eq!(buffer[g.left(cells[1])].bg, Color::Green);
    app.cursor = cells[1];
    press(&mut app, KeyCode::Enter);
    assert_eq!(last_listed(&app).as_deref(), Some(mv.as_str()));
}

/// A mouse event of `kind` on the middle of the drawn board cell `at`.
fn click_on(app: &App, at: (usize, usize), kind: MouseEventKind) -> MouseEvent {
    let (column, row) = app.board_at.get().expect("the board was drawn").middle(at);
    MouseEvent {
        kind,
        column,
        row,
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
    let g = app.board_at.get().unwrap();
    assert_eq!(
        buffer[g.left(to)].bg,
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
    assert_eq!(last_listed(&app).as_deref(), Some(mv.as_str()));
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
    assert_eq!(last_listed(&app).as_deref(), Some("a1"));
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
    let g = app.board_at.get().unwrap();
    let (x, y) = g.left(at);
    (0..g.w)
        .map(|dx| buffer[(x + dx, y)].symbol().to_string())
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
    assert_eq!(buffer[app.board_at.get().unwrap().left(a4)].fg, Color::Red);
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
    // Any key skips; Esc does nothing else, a character typed is kept
    // (typing ahead is never lost).
    let moves = app.session().num_moves();
    press(&mut app, KeyCode::Esc);
    assert!(app.animation.is_none());
    assert_eq!(app.line.value(), "", "Esc only skips");
    assert_eq!(app.session().num_moves(), moves);
    app.animation = Some(Animation {
        frames: vec![BoardView::new(1, 1); 3],
        shown: 0,
        next_at: Instant::now(),
    });
    press(&mut app, KeyCode::Char('x'));
    assert!(app.animation.is_none());
    assert_eq!(app.line.value(), "x", "the character is typed");
    assert_eq!(app.session().num_moves(), moves);
    app.line.clear();
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
    let g = at.unwrap();
    let buffer = terminal.backend().buffer();
    let cell = |r: usize, c: usize| &buffer[g.middle((r, c))];
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
    // The note follows the grid's last line.
    let y = g.y0 + 2 * g.h;
    let text: String = (0..30).map(|x| buffer[(x, y)].symbol()).collect();
    assert!(text.starts_with("a note"), "{text}");
}

#[test]
fn a_larger_terminal_shows_a_larger_board() {
    // Hus at 80 × 24 and at 120 × 40: the cells are wider and taller, and
    // a click on the middle of a drawn cell still finds it.
    let mut app = App::new(table("hus", ["human", "human"], 5), None);
    let _ = screen_of(&app, 80, 24);
    let small = app.board_at.get().unwrap();
    let _ = screen_of(&app, 120, 40);
    let large = app.board_at.get().unwrap();
    assert!(large.w > small.w, "{small:?} {large:?}");
    assert!(large.h > small.h, "{small:?} {large:?}");
    let a1 = app
        .board()
        .unwrap()
        .board
        .locate("a1", Some(Player(0)))
        .unwrap();
    let (x, y) = large.middle(a1);
    assert_eq!(large.cell_at(x, y), Some(a1));
    click(&mut app, a1);
    assert_eq!(app.cursor, a1);
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

#[test]
fn the_cursor_starts_on_something_the_mover_can_play() {
    fn on_an_origin(app: &App) -> bool {
        let board = app.board().unwrap();
        app.legal_cells(&board.board)
            .iter()
            .any(|(_, cells)| cells.first() == Some(&app.cursor))
    }
    // The first seat's own pit, not the opponent's row at the top left.
    for game in ["hus", "oware", "quinque"] {
        let app = App::new(table(game, ["human", "random"], 3), None);
        assert!(on_an_origin(&app), "{game}: cursor {:?}", app.cursor);
    }
    // Stratego: after the setups, on a piece of one's own that can move.
    let mut app = App::new(table("stratego", ["human", "random"], 5), None);
    type_line(&mut app, "random");
    app.start_agent();
    app.poll_thinking(true);
    assert_eq!(app.session().num_moves(), 2, "{:?}", app.messages);
    assert!(on_an_origin(&app), "stratego: cursor {:?}", app.cursor);
    // The second seat, after the agent's first move.
    let mut app = App::new(table("hus", ["random", "human"], 3), None);
    app.start_agent();
    app.poll_thinking(true);
    assert_eq!(app.session().num_moves(), 1, "{:?}", app.messages);
    assert!(on_an_origin(&app), "hus north: cursor {:?}", app.cursor);
}

#[test]
fn mancala_pits_are_labelled_as_the_notation_names_them() {
    // Hus (H1.2): the mover's pits 1-8 from its left below; the opponent's
    // row above runs 8-1. The move box takes `a5`: row a, fifth pit.
    let app = App::new(table("hus", ["human", "random"], 3), None);
    let (text, _) = screen(&app);
    // Spaces collapsed: the cells' width grows with the terminal.
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let above = lines.iter().position(|l| l.contains("8 7 6 5 4 3 2 1"));
    let below = lines.iter().position(|l| l.contains("1 2 3 4 5 6 7 8"));
    assert!(
        matches!((above, below), (Some(a), Some(b)) if a < b),
        "{text}"
    );
    // Oware (O1.2): houses A-F of South below, a-f of North above from
    // South's right.
    let app = App::new(table("oware", ["human", "random"], 3), None);
    let (text, _) = screen(&app);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("f e d c b a"), "{text}");
    assert!(text.contains("A B C D E F"), "{text}");
}

#[test]
fn keys_typed_while_the_agent_thinks_are_kept_and_run_after_its_move() {
    // North is the person; South's agent moves first. `random` typed and
    // entered while it thinks is played once it has moved, not dropped.
    let mut app = App::new(table("hus", ["random", "human"], 3), None);
    app.start_agent();
    assert!(app.thinking.is_some(), "the agent thinks");
    for c in "random".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.session().num_moves(),
        0,
        "nothing runs before the agent's move"
    );
    app.poll_thinking(true);
    assert_eq!(app.session().num_moves(), 2, "{:?}", app.messages);
    assert!(app.typed_ahead.is_none());
}

#[test]
fn quinque_end_typed_quickly_after_a_mark_is_played() {
    let mut app = App::new(table("quinque", ["human", "random"], 1), None);
    type_line(&mut app, "random");
    assert_eq!(app.session().num_moves(), 1, "{:?}", app.messages);
    for c in "end".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    assert_eq!(
        app.line.value(),
        "end",
        "{:?} {:?}",
        app.focus,
        app.messages
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session().num_moves(), 2, "{:?}", app.messages);
}

#[test]
fn colours_follow_the_players_names_and_quinque_tiles_are_filled() {
    // Quinque's second player is orange: drawn orange, not blue.
    let app = App::new(table("quinque", ["human", "random"], 1), None);
    let colours = palette(app.session());
    assert_eq!(colours[0], Color::Red);
    assert_eq!(colours[1], Color::Indexed(208), "orange");
    // Stratego's blue is blue; Hus's south and north take the sides' colours.
    let app = App::new(table("stratego", ["human", "random"], 1), None);
    assert_eq!(palette(app.session())[1], Color::LightBlue);
    let app = App::new(table("hus", ["human", "random"], 1), None);
    assert_eq!(palette(app.session())[..2], SIDE_COLOURS[..2]);

    // A mark of each side: the parachutes in their players' colours, the
    // points of a tile filled, the open table around not.
    let mut app = App::new(table("quinque", ["human", "random"], 1), None);
    type_line(&mut app, "random");
    type_line(&mut app, "end");
    while app.human_to_move().is_none() && matches!(app.session().status(), Status::ToMove(_)) {
        app.start_agent();
        app.poll_thinking(true);
    }
    let (_, buffer) = screen(&app);
    let board = app.board().unwrap().board;
    let find = |text: &str| {
        (0..board.rows)
            .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
            .find(|&(r, c)| board.cell(r, c).is_some_and(|cell| cell.text == text))
    };
    let g = app.board_at.get().unwrap();
    let at = |cell: (usize, usize)| &buffer[g.middle(cell)];
    assert_eq!(at(find("R").expect("red's mark")).fg, Color::Red);
    if let Some(o) = find("O") {
        assert_eq!(at(o).fg, Color::Indexed(208));
    }
    let free = find("·").expect("a free point of a tile");
    assert_eq!(at(free).bg, Color::Indexed(239), "a tile is filled");
    let open = (0..board.rows)
        .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
        .find(|&(r, c)| {
            board
                .cell(r, c)
                .is_some_and(|cell| cell.kind == plateau::board::CellKind::Gap)
                && app.cursor != (r, c)
        })
        .expect("open table around the tiles");
    assert_eq!(at(open).bg, Color::Reset, "the open table is not");
}

#[test]
fn nothing_is_cut_at_80_by_24() {
    // Every key's help line whole, and every line under the board (notes,
    // the setup's tray and the pieces' names) shown in full, wrapped.
    let whole = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let check = |app: &App, help: &[&str], what: &str| {
        let (text, _) = screen_of(app, 80, 24);
        for line in help {
            assert!(
                text.contains(line),
                "{what}: the key line '{line}' is cut:\n{text}"
            );
        }
        let board = app.board().unwrap().board;
        let mut under: Vec<String> = match app.active_editor() {
            Some(editor) => editor.tray_lines(1000),
            None => board.notes.clone(),
        };
        under.retain(|l| !l.is_empty());
        // The board panel's inside: between the first two bars of a line.
        let panel: Vec<&str> = text.lines().filter_map(|l| l.split('│').nth(1)).collect();
        let shown = whole(&panel.join(" "));
        for line in under {
            // Wrapped at spaces: compare words.
            assert!(
                shown.contains(&whole(&line)),
                "{what}: '{line}' is cut:\n{text}"
            );
        }
    };
    for game in ["hus", "oware", "quinque"] {
        let app = App::new(table(game, ["human", "random"], 3), None);
        check(&app, HELP, game);
    }
    let mut app = App::new(table("stratego", ["human", "random"], 5), None);
    check(&app, SETUP_HELP, "stratego setup");
    type_line(&mut app, "random");
    app.start_agent();
    app.poll_thinking(true);
    check(&app, HELP, "stratego");
}
