//! End-to-end tests of the full-screen `plateau play` in a real terminal:
//! each test runs the binary in its own tmux server, sends keys and reads
//! the screen (and the scrollback, `capture-pane -S -`). Without tmux the
//! tests say so and pass without checking anything (CI installs tmux).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of its own running one `plateau` command.
struct Tmux {
    socket: String,
}

/// The longest wait for the screen to show something.
const PATIENCE: Duration = Duration::from_secs(30);

fn tmux_present() -> bool {
    let found = Command::new("tmux").arg("-V").output().is_ok();
    if !found {
        eprintln!(
            "tmux is not installed: the full-screen tests are skipped (apt-get install tmux)"
        );
    }
    found
}

impl Tmux {
    /// Starts `plateau ARGS` in a 120×40 terminal, autosaving into `autosave`.
    fn start(name: &str, args: &[&str], autosave: &Path) -> Tmux {
        let socket = format!("plateau-test-{name}-{}", std::process::id());
        let bin = env!("CARGO_BIN_EXE_plateau");
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        // The shell stays after plateau ends, so that its last words can be read.
        let command = format!(
            "PLATEAU_AUTOSAVE_DIR='{}' '{bin}' {}; echo PLATEAU-EXITED-$?; sleep 60",
            autosave.display(),
            quoted.join(" ")
        );
        let status = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-x",
                "120",
                "-y",
                "40",
            ])
            .arg(command)
            .status()
            .expect("tmux runs");
        assert!(status.success(), "tmux new-session failed");
        Tmux { socket }
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The visible screen.
    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p"])
    }

    /// Everything the terminal holds: the scrollback and the screen.
    fn everything(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-S", "-"])
    }

    /// Sends keys (tmux key names: `Enter`, `C-c`, `Up`, or literal text).
    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.tmux(&["send-keys", k]);
        }
    }

    /// Types a line and Enter.
    fn line(&self, text: &str) {
        self.tmux(&["send-keys", "-l", text]);
        self.tmux(&["send-keys", "Enter"]);
    }

    /// Waits until the screen shows `needle`, and returns the screen.
    fn wait_for(&self, needle: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(needle) {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the screen never showed {needle:?}:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// The one autosaved record in `dir`.
fn autosaved(dir: &Path) -> (PathBuf, plateau::GameRecord) {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    (
        files[0].clone(),
        plateau::GameRecord::from_json(&text).unwrap(),
    )
}

#[test]
fn hus_against_an_automatic_player_then_ctrl_c_autosaves_and_load_resumes() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::start(
        "hus",
        &["play", "hus", "--p2", "random", "--seed", "3"],
        dir.path(),
    );
    let screen = t.wait_for("south to move (move 1)");
    assert!(
        screen.contains(" Board ") && screen.contains(" Keys "),
        "{screen}"
    );
    // A typed move, with line editing: a typo fixed with Left and Backspace.
    t.tmux(&["send-keys", "-l", "a1x"]);
    t.keys(&["BSpace", "Enter"]);
    let screen = t.wait_for("south to move (move 3)");
    assert!(screen.contains("1. south a1"), "{screen}");
    assert!(
        screen.contains("(north (random):"),
        "the agent's time: {screen}"
    );
    // Ctrl-C leaves the game, saved.
    t.keys(&["C-c"]);
    let screen = t.wait_for("PLATEAU-EXITED-0");
    assert!(screen.contains("Autosaved to"), "{screen}");
    assert!(
        !t.everything().contains(" Board "),
        "the board stays out of the scrollback"
    );
    let (path, record) = autosaved(dir.path());
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.moves[0], "a1");
    drop(t);
    // --load continues it: the move list is back, South is to move.
    let again = tempfile::tempdir().unwrap();
    let t = Tmux::start(
        "hus-load",
        &["play", "--load", path.to_str().unwrap(), "--p2", "random"],
        again.path(),
    );
    let screen = t.wait_for("south to move (move 3)");
    assert!(screen.contains("1. south a1"), "{screen}");
    t.line("quit");
    t.wait_for("PLATEAU-EXITED-0");
    let (_, resumed) = autosaved(again.path());
    assert_eq!(resumed.moves, record.moves);
}

#[test]
fn hot_seat_stratego_never_shows_one_army_to_the_other_player() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::start(
        "stratego",
        &[
            "play", "stratego", "--p1", "human", "--p2", "human", "--seed", "5",
        ],
        dir.path(),
    );
    t.wait_for("Pass the terminal to Red");
    t.keys(&["Enter"]);
    t.wait_for("red>");
    t.line("random");
    // Red sees its own army before hiding it.
    let red_screen = t.wait_for("Press Enter to hide your board");
    assert!(
        red_screen.contains("pieces on the board: red 40"),
        "{red_screen}"
    );
    t.keys(&["Enter"]);
    let handover = t.wait_for("Pass the terminal to Blue");
    assert!(!handover.contains(" Board "), "{handover}");
    let all = t.everything();
    assert!(
        !all.contains(" Board ") && !all.contains("Red's setup"),
        "scrollback: {all}"
    );
    t.keys(&["Enter"]);
    t.wait_for("blue>");
    t.line("random");
    t.wait_for("Press Enter to hide your board");
    t.keys(&["Enter"]);
    t.wait_for("Pass the terminal to Red");
    let all = t.everything();
    assert!(
        !all.contains(" Board "),
        "scrollback after Blue's setup: {all}"
    );
    t.keys(&["C-c"]);
    t.wait_for("PLATEAU-EXITED-0");
    // The setups (in the autosave) never reached the terminal.
    let (_, record) = autosaved(dir.path());
    assert_eq!(record.moves.len(), 2);
    let all = t.everything();
    for setup in &record.moves {
        let rows = setup.trim_start_matches("setup ");
        for row in rows.split('/') {
            assert!(
                !all.contains(row),
                "a setup row {row} in the terminal: {all}"
            );
        }
    }
    assert!(!all.contains(" Board "), "{all}");
}

#[test]
fn quinque_and_oware_boards_play_typed_commands() {
    if !tmux_present() {
        return;
    }
    // Quinque's first action leaves red to act again (Q3.2).
    for (game, after) in [("oware", "move 3"), ("quinque", "move 2")] {
        let dir = tempfile::tempdir().unwrap();
        let t = Tmux::start(
            game,
            &["play", game, "--p2", "random", "--seed", "2"],
            dir.path(),
        );
        let screen = t.wait_for(" Board ");
        assert!(screen.contains("to move (move 1)"), "{game}: {screen}");
        t.line("random");
        t.wait_for(&format!("to move ({after})"));
        t.keys(&["C-c"]);
        t.wait_for("PLATEAU-EXITED-0");
        let (_, record) = autosaved(dir.path());
        assert!(!record.moves.is_empty(), "{game}");
    }
}

/// The cells of the board row labelled `label` on a screen (between the
/// label on the left and the same label on the right).
fn board_row(screen: &str, label: &str) -> Option<Vec<String>> {
    screen.lines().find_map(|line| {
        let inner = line.strip_prefix('│')?;
        let mut tokens = inner.split_whitespace();
        if tokens.next()? != label {
            return None;
        }
        let cells: Vec<String> = tokens
            .take_while(|t| *t != label)
            .map(str::to_string)
            .collect();
        Some(cells)
    })
}

#[test]
fn hot_seat_stratego_setup_editor_shows_each_army_only_to_its_owner() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::start(
        "setup-editor",
        &[
            "play", "stratego", "--p1", "human", "--p2", "human", "--seed", "8",
        ],
        dir.path(),
    );
    t.wait_for("Pass the terminal to Red");
    t.keys(&["Enter"]);
    // Red's editor: its home area on its board, the tray beside.
    t.wait_for("Tray (40 left)");
    t.keys(&["F", "9"]);
    let screen = t.wait_for("Tray (38 left)");
    let rank4 = board_row(&screen, "4").expect("rank 4 on the screen");
    assert_eq!(rank4[..2], ["F", "9"], "{screen}");
    t.keys(&["C-f"]);
    let red = t.wait_for("Tray: empty");
    let red_rows: Vec<Vec<String>> = ["4", "3", "2", "1"]
        .iter()
        .map(|r| board_row(&red, r).unwrap())
        .collect();
    assert!(red_rows.iter().flatten().all(|c| c != "·"), "{red}");
    t.keys(&["C-d"]);
    t.wait_for("Press Enter to hide your board");
    t.keys(&["Enter"]);
    let handover = t.wait_for("Pass the terminal to Blue");
    assert!(!handover.contains(" Board "), "{handover}");
    assert!(
        !t.everything().contains(" Board "),
        "the scrollback holds no board"
    );
    t.keys(&["Enter"]);
    // Blue's editor: nothing of Red's army on Blue's screen.
    let blue = t.wait_for("Tray (40 left)");
    assert!(blue.contains("1. red (secret)"), "{blue}");
    for r in ["1", "2", "3", "4"] {
        let row = board_row(&blue, r).unwrap();
        assert!(
            row.iter().all(|c| c == "·" || c == "?"),
            "Red's rank {r} on Blue's screen: {blue}"
        );
    }
    t.keys(&["C-r"]);
    t.wait_for("Tray: empty");
    t.keys(&["C-d"]);
    t.wait_for("Press Enter to hide your board");
    t.keys(&["Enter"]);
    t.wait_for("Pass the terminal to Red");
    t.keys(&["C-c"]);
    t.wait_for("PLATEAU-EXITED-0");
    let all = t.everything();
    assert!(!all.contains(" Board ") && !all.contains("Tray"), "{all}");
    let (_, record) = autosaved(dir.path());
    assert_eq!(record.moves.len(), 2);
    // Red's setup starts as typed (S3.3: the front row first, from file a).
    assert!(
        record.moves[0].starts_with("setup F9"),
        "{}",
        record.moves[0]
    );
    let red_front: String = red_rows[0].concat();
    assert!(record.moves[0].contains(&red_front), "{red_front}");
}

#[test]
fn replay_step_walks_a_record_and_a_seat_sees_only_what_it_knew() {
    if !tmux_present() {
        return;
    }
    // A record: both seeded random setups and a few random moves.
    let registry = plateau_cli::default_registry();
    let game = registry
        .get("stratego")
        .unwrap()
        .load(&plateau::RulesSpec::default_variant())
        .unwrap();
    let mut session = game.new_session(4);
    let mut rng = plateau::rng(4);
    for _ in 0..12 {
        let mv = session.random_move(&mut rng).unwrap();
        session.play(&mv).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    std::fs::write(&path, session.record().to_json()).unwrap();
    let t = Tmux::start(
        "replay-step",
        &["replay", "--step", path.to_str().unwrap()],
        dir.path(),
    );
    t.wait_for("step 0 of 12");
    t.keys(&["Right", "Right"]);
    let whole = t.wait_for("step 2 of 12");
    assert!(whole.contains("shown: the whole position"), "{whole}");
    // Blue's view after both setups: Red's pieces unknown.
    t.keys(&["2"]);
    let blue = t.wait_for("shown: blue's view");
    assert!(blue.contains("1. red (secret)"), "{blue}");
    for r in ["1", "2", "3", "4"] {
        let row = board_row(&blue, r).unwrap();
        assert!(row.iter().all(|c| c == "?"), "rank {r}: {blue}");
    }
    t.keys(&["End"]);
    let end = t.wait_for("step 12 of 12");
    assert!(end.contains(" 12. "), "{end}");
    t.keys(&["Home"]);
    let start = t.wait_for("step 0 of 12");
    assert!(
        !start.contains("  1. "),
        "no move listed at the start: {start}"
    );
    t.keys(&["q"]);
    let out = t.wait_for("PLATEAU-EXITED-0");
    assert!(out.contains("left at step 0 of 12"), "{out}");
}

#[test]
fn plain_line_mode_ctrl_c_autosaves_the_game() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::start(
        "plain-ctrl-c",
        &["play", "hus", "--plain", "--p2", "random", "--seed", "3"],
        dir.path(),
    );
    t.wait_for("south>");
    t.line("a1");
    let start = Instant::now();
    while t.screen().matches("south>").count() < 2 {
        assert!(start.elapsed() < PATIENCE, "{}", t.screen());
        std::thread::sleep(Duration::from_millis(100));
    }
    t.keys(&["C-c"]);
    let screen = t.wait_for("PLATEAU-EXITED-130");
    assert!(screen.contains("Interrupted: autosaved to"), "{screen}");
    let (_, record) = autosaved(dir.path());
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.moves[0], "a1");
}
