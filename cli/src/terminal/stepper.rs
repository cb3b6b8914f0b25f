//! `plateau replay --step`: a record on the full-screen board of `play`,
//! stepped forwards and backwards, seen from a chosen seat or whole.
//!
//! A seat's view at a ply is the game's own view of the position at that
//! ply ([`DynSession::board`]): it shows nothing that seat could not know
//! then. The move list holds the moves played up to the ply only, a secret
//! move (a setup) of another seat as `(secret)`, and the report of the last
//! move is the one that seat read.

use super::tui::{
    draw_board_view, draw_move_list, event_loop, main_areas, palette, Animation, FullScreen,
    Highlights,
};
use crate::common::error::{CliError, CliResult};
use crate::common::text::{move_report, status_line};
use crate::Io;
use plateau::analysis::GameAnalysis;
use plateau::matches::{Client, Match, MatchOptions, Occupant};
use plateau::{GameRecord, Player, Registry};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::path::Path;
use std::time::{Duration, Instant};

/// The keys, shown in the help panel.
const KEYS: &[&str] = &[
    "→ / l   next move",
    "← / h   previous move",
    "Home    the start",
    "End     the end",
    "v       next view (seats, whole)",
    "0       the whole position",
    "1 2 ..  that seat's view",
    "any key skips a move's steps",
    "q Esc   quit",
];

/// A record being stepped through.
pub(super) struct Stepper {
    record: GameRecord,
    /// The match of the record's first `ply` steps, its seats all people
    /// (no agent is made to replay a record).
    m: Match,
    ply: usize,
    /// Whose view is shown (`None`: the whole position, the referee's).
    view: Option<Player>,
    animation: Option<Animation>,
    quit: bool,
    title: String,
    /// For restoring the match at another step.
    registry: Registry,
    /// The record's analysis (`plateau analyse --save`), drawn as a line of
    /// values under the status, if there is one.
    analysis: Option<GameAnalysis>,
}

impl Stepper {
    /// The record at its start, checked whole first.
    pub(super) fn new(registry: &Registry, record: GameRecord, title: String) -> CliResult<Self> {
        // Every move is checked first.
        let mut walk = registry
            .load_record(&prefix(&record, 0))
            .map_err(|e| CliError::failed(e.to_string()))?;
        for (i, text) in record.moves.iter().enumerate() {
            walk.play(text)
                .map_err(|e| CliError::failed(format!("move {} ('{text}'): {}", i + 1, e)))?;
        }
        let m = restore(registry, &record, 0)?;
        Ok(Stepper {
            record,
            m,
            ply: 0,
            view: None,
            animation: None,
            quit: false,
            title,
            registry: registry.clone(),
            analysis: None,
        })
    }

    /// Who looks: the seat of the view, or the referee for the whole.
    fn client(&self) -> Client {
        self.view.map_or(Client::Referee, Client::Seat)
    }

    /// Steps in the record: its moves, and a resignation or a flag fall as
    /// one more.
    fn steps(&self) -> usize {
        let ended = self.record.resigned.is_some() || self.record.flagged.is_some();
        self.record.moves.len() + usize::from(ended)
    }

    /// The match at step `ply`.
    fn go_to(&mut self, ply: usize) -> bool {
        match restore(&self.registry, &self.record, ply) {
            Ok(m) => {
                self.m = m;
                self.ply = ply;
                true
            }
            Err(_) => false,
        }
    }

    /// One step on; its frames shown one by one when `animate`.
    fn forward(&mut self, animate: bool) {
        if self.ply >= self.steps() || !self.go_to(self.ply + 1) {
            return;
        }
        self.animation = None;
        if animate && self.ply <= self.record.moves.len() {
            let frames = self
                .m
                .view(self.client())
                .last_move
                .map(|l| l.frames)
                .unwrap_or_default();
            self.animation = Animation::of_frames(frames);
        }
    }

    fn back(&mut self) {
        if self.ply > 0 {
            self.go_to(self.ply - 1);
        }
        self.animation = None;
    }

    fn home(&mut self) {
        self.go_to(0);
        self.animation = None;
    }

    fn end(&mut self) {
        self.go_to(self.steps());
        self.animation = None;
    }

    /// The views to choose from: each seat, then the whole position (only
    /// the whole position for a game of perfect information).
    fn views(&self) -> Vec<Option<Player>> {
        let mut views: Vec<Option<Player>> = Vec::new();
        let session = self.m.session();
        if session.hidden_information() {
            views.extend((0..session.num_players()).map(|i| Some(Player(i as u8))));
        }
        views.push(None);
        views
    }

    fn key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q'))
        {
            self.quit = true;
            return;
        }
        if self.animation.take().is_some() {
            return;
        }
        match key.code {
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => self.forward(true),
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Backspace => self.back(),
            KeyCode::Home | KeyCode::Char('g') => self.home(),
            KeyCode::End | KeyCode::Char('G') => self.end(),
            KeyCode::Char('v') => {
                let views = self.views();
                let at = views.iter().position(|v| *v == self.view).unwrap_or(0);
                self.view = views[(at + 1) % views.len()];
            }
            KeyCode::Char('0') | KeyCode::Char('w') => self.view = None,
            KeyCode::Char(c @ '1'..='9') => {
                let i = c as usize - '1' as usize;
                let session = self.m.session();
                if session.hidden_information() && i < session.num_players() {
                    self.view = Some(Player(i as u8));
                }
            }
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            _ => {}
        }
    }

    fn view_name(&self) -> String {
        match self.view {
            None => "the whole position".to_string(),
            Some(p) => format!("{}'s view", self.m.session().player_name(p)),
        }
    }

    /// Draws the screen.
    pub(super) fn draw(&self, frame: &mut Frame<'_>) {
        let [head, status, main, messages] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(6),
            Constraint::Length(7),
        ])
        .areas(frame.area());
        frame.render_widget(
            Paragraph::new(self.title.clone()).style(Style::default().add_modifier(Modifier::BOLD)),
            head,
        );
        frame.render_widget(
            Paragraph::new(format!(
                "step {} of {}   {}   shown: {}",
                self.ply,
                self.steps(),
                status_line(self.m.session()),
                self.view_name()
            )),
            status,
        );
        let [board_area, moves_area, keys_area] = main_areas(main, KEYS.len());
        self.draw_board(frame, board_area);
        self.draw_moves(frame, moves_area);
        frame.render_widget(
            Paragraph::new(KEYS.iter().map(|k| Line::from(*k)).collect::<Vec<_>>())
                .block(Block::default().borders(Borders::ALL).title(" Keys ")),
            keys_area,
        );
        let mut text: Vec<Line> = Vec::new();
        let view = self.m.view(self.client());
        let name = |p: Player| self.m.session().player_name(p);
        if self.ply > self.record.moves.len() {
            if let Some(p) = self.record.resigned {
                text.push(Line::from(format!("{} resigned.", name(p))));
            }
            if let Some(p) = self.record.flagged {
                text.push(Line::from(format!("{}'s flag fell.", name(p))));
            }
        } else if let Some(last) = &view.last_move {
            let report = move_report(
                &name(last.mover),
                last.notation.as_deref().unwrap_or_default(),
                last.notation.is_some(),
                last.description.clone(),
            );
            text.extend(report.lines().map(|l| Line::from(l.to_string())));
        }
        if view.over {
            text.push(Line::from(format!("Result: {}", view.status)));
        }
        if let Some(line) = self.analysis_line(messages.width as usize) {
            text.insert(0, line);
        }
        frame.render_widget(
            Paragraph::new(text)
                .wrap(Wrap { trim: false })
                .block(Block::default().borders(Borders::TOP)),
            messages,
        );
    }

    /// The analysis at this step: the values of the plies as a sparkline
    /// (the current one reversed), the value after this ply, its mark and
    /// the better move. Shown in the analysed seat's view or the whole
    /// position's, not in another seat's.
    fn analysis_line(&self, width: usize) -> Option<Line<'static>> {
        let a = self.analysis.as_ref()?;
        if let (Some(view), Some(seat)) = (self.view, &a.seat) {
            if self.m.session().player_name(view) != *seat {
                return None;
            }
        }
        let spark: Vec<char> = a.sparkline().chars().collect();
        // A window of the plies around the current one when they do not fit.
        let room = width.saturating_sub(48).max(10);
        let current = self.ply.checked_sub(1);
        let start = match current {
            Some(c) if spark.len() > room => c.saturating_sub(room / 2).min(spark.len() - room),
            _ => 0,
        };
        let end = (start + room).min(spark.len());
        let mut spans = vec![Span::raw(format!("values ({}) ", a.graph_for))];
        for (i, ch) in spark.iter().enumerate().take(end).skip(start) {
            let style = if Some(i) == current {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default().fg(Color::Cyan)
            };
            spans.push(Span::styled(ch.to_string(), style));
        }
        if let Some(p) = current.and_then(|c| a.plies.get(c)) {
            let mut about = String::new();
            if let Some(v) = p.graph {
                about.push_str(&format!("  after this move {v:+.2}"));
            }
            if let Some(m) = p.mark {
                about.push_str(&format!("  {}", m.sign()));
            }
            if let Some(best) = p.best.as_ref().filter(|b| **b != p.played) {
                about.push_str(&format!("  best was {best}"));
            }
            spans.push(Span::raw(about));
        }
        Some(Line::from(spans))
    }

    fn draw_board(&self, frame: &mut Frame<'_>, area: Rect) {
        let block = Block::default()
            .borders(Borders::ALL)
            .title(format!(" Board: {} ", self.view_name()));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if let Some(animation) = &self.animation {
            let board = &animation.frames[animation.shown];
            let extra = board.notes.iter().map(|n| Line::from(n.clone())).collect();
            let highlights = Highlights {
                palette: Some(palette(self.m.session())),
                ..Highlights::default()
            };
            draw_board_view(frame, inner, board, &highlights, extra);
            return;
        }
        let view = self.m.view(self.client());
        match view.board {
            Some(seat_board) => {
                let highlights = Highlights {
                    last_move: seat_board.last_move,
                    palette: Some(palette(self.m.session())),
                    ..Highlights::default()
                };
                let extra = seat_board
                    .board
                    .notes
                    .iter()
                    .map(|n| Line::from(n.clone()))
                    .collect();
                draw_board_view(frame, inner, &seat_board.board, &highlights, extra);
            }
            None => frame.render_widget(Paragraph::new(view.text), inner),
        }
    }

    fn draw_moves(&self, frame: &mut Frame<'_>, area: Rect) {
        let moves = self.m.moves_as(self.client());
        draw_move_list(
            frame,
            area,
            &moves,
            &|p| self.m.session().player_name(p),
            palette(self.m.session()),
        );
    }
}

/// The record's first `ply` steps (its moves, then its resignation or flag
/// fall).
fn prefix(record: &GameRecord, ply: usize) -> GameRecord {
    GameRecord {
        moves: record.moves.iter().take(ply).cloned().collect(),
        resigned: record.resigned.filter(|_| ply > record.moves.len()),
        flagged: record.flagged.filter(|_| ply > record.moves.len()),
        outcome: None,
        draw_agreed: false,
        ..record.clone()
    }
}

/// The match of the record's first `ply` steps, every seat a person named
/// after its player: the match decides what each seat's view shows.
fn restore(registry: &Registry, record: &GameRecord, ply: usize) -> CliResult<Match> {
    let game = crate::common::record_file::rules_of(registry, record)?;
    let people: Vec<(Player, Occupant)> = (0..game.num_players())
        .map(|i| {
            let p = Player(i as u8);
            (p, Occupant::person(game.player_name(p)))
        })
        .collect();
    Match::from_record(
        registry,
        &prefix(record, ply),
        &people,
        MatchOptions::default(),
    )
    .map_err(|e| CliError::failed(e.to_string()))
}

/// The analysis of the record at `path`: `given`, or NAME.analysis.json
/// next to it if there is one; an analysis of another record is refused.
fn read_analysis(
    record: &GameRecord,
    path: &Path,
    given: Option<&Path>,
) -> CliResult<Option<GameAnalysis>> {
    let file = match given {
        Some(f) => f.to_path_buf(),
        None => {
            let sidecar = crate::commands::analyse::analysis_path(path);
            if !sidecar.is_file() {
                return Ok(None);
            }
            sidecar
        }
    };
    let text = std::fs::read_to_string(&file)
        .map_err(|e| CliError::failed(format!("{}: {e}", file.display())))?;
    let analysis: GameAnalysis = serde_json::from_str(&text).map_err(|e| {
        CliError::failed(format!(
            "{}: not an analysis: {}",
            file.display(),
            plateau::plain_words::plain_serde_message(&e.to_string())
        ))
    })?;
    if !analysis.fits(record) {
        return Err(CliError::failed(format!(
            "{}: the analysis is of another game than {} (its moves differ)",
            file.display(),
            path.display()
        )));
    }
    Ok(Some(analysis))
}

/// Steps through the record of `path` on the full-screen board, with its
/// analysis if there is one.
pub fn step(
    registry: &Registry,
    path: &Path,
    analysis: Option<&Path>,
    io: &mut Io<'_>,
) -> CliResult {
    let record = crate::common::record_file::read(path)?;
    // The whole record, resignation and stored outcome included, is checked first.
    registry
        .load_record(&record)
        .map_err(|e| crate::common::record_file::replay_error(path, e))?;
    let title = format!(
        "Replay of {}: {} ({}), seed {}",
        path.display(),
        record.game,
        plateau::escape_controls(&record.variant),
        record.seed
    );
    let analysis = read_analysis(&record, path, analysis)?;
    let mut stepper = Stepper::new(registry, record, title)
        .map_err(|e| CliError::failed(format!("{}: {}", path.display(), e.one_line())))?;
    stepper.analysis = analysis;
    if !super::tui::terminal_is_interactive() {
        return Err(CliError::usage(
            "replay --step needs a terminal; without one use `plateau replay --verbose`",
        ));
    }
    let mut terminal =
        ratatui::try_init().map_err(|e| CliError::failed(format!("terminal: {e}")))?;
    let result = event_loop(&mut stepper, &mut terminal);
    ratatui::restore();
    result?;
    writeln!(
        io.out,
        "{}: left at step {} of {}",
        path.display(),
        stepper.ply,
        stepper.steps()
    )?;
    Ok(())
}

/// The replay: drawn again after each key and each frame of a move.
impl FullScreen for Stepper {
    fn done(&self) -> bool {
        self.quit
    }

    fn render(&self, frame: &mut Frame<'_>) {
        self.draw(frame);
    }

    fn idle(&mut self, now: Instant) -> Option<Duration> {
        if Animation::play_due(&mut self.animation, now) {
            return None;
        }
        Some(match &self.animation {
            Some(a) => a.next_at - now,
            None => Duration::from_secs(60),
        })
    }

    fn event(&mut self, event: Event) {
        if let Event::Key(key) = event {
            if key.kind != KeyEventKind::Release {
                self.key(key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    fn screen(stepper: &Stepper) -> String {
        let mut terminal = Terminal::new(TestBackend::new(110, 36)).unwrap();
        terminal.draw(|f| stepper.draw(f)).unwrap();
        crate::terminal::tui::tests::buffer_text(terminal.backend().buffer())
    }

    fn press(stepper: &mut Stepper, code: KeyCode) {
        stepper.key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    /// A Stratego record: both seeded random setups, then `steps` random moves.
    fn stratego_record(steps: usize) -> GameRecord {
        let registry = crate::default_registry();
        let game = registry
            .get("stratego")
            .unwrap()
            .load(&plateau::RulesSpec::default_variant())
            .unwrap();
        let mut session = game.new_session(7);
        let mut rng = plateau::rng(9);
        for _ in 0..steps + 2 {
            let Some(mv) = session.random_move(&mut rng) else {
                break;
            };
            session.play(&mv).unwrap();
        }
        session.record()
    }

    #[test]
    fn stepping_goes_forwards_and_backwards_and_lists_only_moves_played() {
        let record = stratego_record(6);
        let registry = crate::default_registry();
        let mut stepper = Stepper::new(&registry, record.clone(), "t".into()).unwrap();
        assert!(screen(&stepper).contains("step 0 of 8"));
        press(&mut stepper, KeyCode::End);
        let text = screen(&stepper);
        assert!(text.contains("step 8 of 8"), "{text}");
        assert!(text.contains("  8. "), "{text}");
        press(&mut stepper, KeyCode::Left);
        press(&mut stepper, KeyCode::Left);
        let text = screen(&stepper);
        assert!(text.contains("step 6 of 8"), "{text}");
        assert!(
            !text.contains("  7. "),
            "no move after the ply is listed: {text}"
        );
        press(&mut stepper, KeyCode::Home);
        assert_eq!(stepper.m.moves_played(), 0);
        press(&mut stepper, KeyCode::Right);
        press(&mut stepper, KeyCode::Right);
        assert_eq!(stepper.m.moves_played(), 2);
        assert_eq!(stepper.m.session().record().moves, record.moves[..2]);
    }

    #[test]
    fn a_seat_view_shows_nothing_that_seat_could_not_know() {
        let record = stratego_record(0);
        let registry = crate::default_registry();
        let mut stepper = Stepper::new(&registry, record.clone(), "t".into()).unwrap();
        press(&mut stepper, KeyCode::End);
        press(&mut stepper, KeyCode::Char('2'));
        let text = screen(&stepper);
        assert!(text.contains("blue's view"), "{text}");
        assert!(
            text.contains("(secret)"),
            "Red's setup is secret to Blue: {text}"
        );
        let red_setup = &record.moves[0]["setup ".len()..];
        assert!(!text.contains(&red_setup[..10]), "{text}");
        let board = stepper.m.view(stepper.client()).board.unwrap().board;
        for cell in &board.cells {
            if cell.owner == Some(Player(0)) {
                assert_eq!(cell.text, "?", "{cell:?}");
            }
        }
        // At step 1 Blue has not set up: nothing of Blue's is on its board.
        press(&mut stepper, KeyCode::Left);
        let board = stepper.m.view(Client::Seat(Player(1))).board.unwrap().board;
        assert!(board.cells.iter().all(|c| c.owner != Some(Player(1))));
        press(&mut stepper, KeyCode::Char('0'));
        let text = screen(&stepper);
        assert!(text.contains("the whole position"), "{text}");
        assert!(
            text.contains(&record.moves[0][..16]),
            "the whole account shows it: {text}"
        );
    }

    #[test]
    fn an_analysed_record_shows_its_values_beside_the_board() {
        let registry = crate::default_registry();
        let game = registry
            .get("hus")
            .unwrap()
            .load(&plateau::RulesSpec::default_variant())
            .unwrap();
        let mut session = game.new_session(3);
        let mut rng = plateau::rng(4);
        for _ in 0..8 {
            let mv = session.random_move(&mut rng).unwrap();
            session.play(&mv).unwrap();
        }
        let record = session.record();
        let options = plateau::analysis::AnalysisOptions::new("alphabeta:depth=2");
        let analysis =
            plateau::analysis::analyse(&registry, &record, &options, &|_, _| {}).unwrap();
        let mut stepper = Stepper::new(&registry, record.clone(), "t".into()).unwrap();
        stepper.analysis = Some(analysis.clone());
        press(&mut stepper, KeyCode::Right);
        press(&mut stepper, KeyCode::Right);
        let text = screen(&stepper);
        let line = text
            .lines()
            .find(|l| l.contains("values (south)"))
            .expect(&text);
        let spark = analysis.sparkline();
        assert!(line.contains(spark.trim_end()), "{line} / {spark:?}");
        let after = analysis.plies[stepper.ply - 1].graph.unwrap();
        assert!(
            line.contains(&format!("after this move {after:+.2}")),
            "{line} / {after}"
        );

        // An analysis of another record is refused, naming both files.
        let dir = tempfile::tempdir().unwrap();
        let other = dir.path().join("other.analysis.json");
        let mut wrong = analysis.clone();
        wrong.plies[0].played = "not-a-move".into();
        std::fs::write(&other, serde_json::to_string(&wrong).unwrap()).unwrap();
        let e = read_analysis(&record, Path::new("game.json"), Some(&other))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("other.analysis.json") && e.contains("another game"),
            "{e}"
        );
        // By default, NAME.analysis.json next to the record.
        let game_path = dir.path().join("game.json");
        std::fs::write(
            dir.path().join("game.analysis.json"),
            serde_json::to_string(&analysis).unwrap(),
        )
        .unwrap();
        assert_eq!(
            read_analysis(&record, &game_path, None).unwrap(),
            Some(analysis)
        );
        assert_eq!(
            read_analysis(&record, &dir.path().join("none.json"), None).unwrap(),
            None
        );
    }

    #[test]
    fn a_seat_analysis_is_not_shown_in_the_other_seat_view() {
        let registry = crate::default_registry();
        let record = stratego_record(6);
        let mut options = plateau::analysis::AnalysisOptions::new("ismcts:iters=100");
        options.seat = Some(Player(0));
        let analysis =
            plateau::analysis::analyse(&registry, &record, &options, &|_, _| {}).unwrap();
        let mut stepper = Stepper::new(&registry, record, "t".into()).unwrap();
        stepper.analysis = Some(analysis);
        press(&mut stepper, KeyCode::End);
        press(&mut stepper, KeyCode::Char('1'));
        assert!(screen(&stepper).contains("values (red)"));
        press(&mut stepper, KeyCode::Char('2'));
        let text = screen(&stepper);
        assert!(text.contains("blue's view"), "{text}");
        assert!(!text.contains("values ("), "{text}");
    }
}
