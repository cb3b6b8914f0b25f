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

    /// Waits until the screen shows `needle` and no move is being shown
    /// step by step (a key would only skip it), and returns the screen.
    fn wait_settled(&self, needle: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(needle) && !screen.contains("any key skips") {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the screen never settled on {needle:?}:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
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
        &["play", "hus", "--p2", "greedy", "--seed", "3"],
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
        screen.contains("(north (greedy):"),
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
    let agents: Vec<Option<&str>> = record.players.iter().map(|p| p.agent.as_deref()).collect();
    assert_eq!(
        agents,
        [None, Some("greedy")],
        "the record names the players"
    );
    drop(t);
    // --load continues it: the move list is back, South is to move, and
    // North is greedy again (no --p2 given); stopped again, the game goes
    // back to the same autosave file.
    let t = Tmux::start(
        "hus-load",
        &["play", "--load", path.to_str().unwrap()],
        dir.path(),
    );
    let screen = t.wait_for("south to move (move 3)");
    assert!(screen.contains("1. south a1"), "{screen}");
    assert!(screen.contains("north greedy"), "{screen}");
    t.line(&record_next_move(&record));
    let screen = t.wait_settled("south to move (move 5)");
    assert!(screen.contains("(north (greedy):"), "{screen}");
    t.line("quit");
    t.wait_for("PLATEAU-EXITED-0");
    let (again, resumed) = autosaved(dir.path());
    assert_eq!(again, path, "the same autosave file");
    assert_eq!(resumed.moves[..2], record.moves[..]);
    assert_eq!(resumed.moves.len(), 4);
    assert_eq!(resumed.players, record.players);
}

/// A legal move of the player to move after `record`.
fn record_next_move(record: &plateau::GameRecord) -> String {
    let registry = plateau_games::default_registry();
    let session = registry.load_record(record).unwrap();
    session.legal_moves()[0].clone()
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
    // The tray of removed pieces (S5.7), public, on a seat's board too.
    assert!(red_screen.contains("tray: red - | blue -"), "{red_screen}");
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
fn oware_board_plays_typed_moves_and_shows_each_sowing() {
    if !tmux_present() {
        return;
    }
    // Two people, perfect information: each move is seen from the mover's
    // seat, the opponent's row on top running from our right (O1.2).
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::start(
        "oware",
        &["play", "oware", "--p2", "human", "--seed", "2"],
        dir.path(),
    );
    let screen = t.wait_for(" Board ");
    assert!(screen.contains("south to move (move 1)"), "{screen}");
    assert_eq!(board_row(&screen, "north").unwrap(), ["4"; 6], "{screen}");
    // Worked by hand (O2: sowing counterclockwise, one seed a house):
    // C sows D E F a; f sows A B C D; F sows a b c d e; a sows b c d e f A.
    // Each row as the next player sees it: theirs on top from the right.
    for (mv, next, top, bottom) in [
        (
            "C",
            "north to move (move 2)",
            ["5", "5", "5", "·", "4", "4"],
            ["5", "4", "4", "4", "4", "4"],
        ),
        (
            "f",
            "south to move (move 3)",
            ["·", "4", "4", "4", "4", "5"],
            ["5", "5", "1", "6", "5", "5"],
        ),
        (
            "F",
            "north to move (move 4)",
            ["·", "5", "6", "1", "5", "5"],
            ["6", "5", "5", "5", "5", "·"],
        ),
        (
            "a",
            "south to move (move 5)",
            ["1", "6", "6", "6", "6", "·"],
            ["6", "5", "1", "6", "5", "·"],
        ),
    ] {
        t.line(mv);
        let screen = t.wait_for(next);
        let (top_label, bottom_label) = if next.starts_with("south") {
            ("north", "south")
        } else {
            ("south", "north")
        };
        assert_eq!(
            board_row(&screen, top_label).unwrap(),
            top,
            "{mv}:\n{screen}"
        );
        assert_eq!(
            board_row(&screen, bottom_label).unwrap(),
            bottom,
            "{mv}:\n{screen}"
        );
    }
    t.keys(&["C-c"]);
    t.wait_for("PLATEAU-EXITED-0");
    let (_, record) = autosaved(dir.path());
    assert_eq!(record.moves, ["C", "f", "F", "a"]);
}

/// What is drawn on point (x, y) of a Quinque board, read by position:
/// the header line (the first line of the board that holds numbers only)
/// gives the column of x, the row labelled y the line. A point of the open
/// table around the tiles is drawn blank: "".
fn point(screen: &str, x: i32, y: i32) -> String {
    let inner = |l: &str| -> Option<Vec<char>> {
        let l = l.strip_prefix('│')?;
        Some(l.split('│').next().unwrap_or("").chars().collect())
    };
    // The tokens of a line with their first character's index.
    let tokens = |chars: &[char]| -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == ' ' {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && chars[i] != ' ' {
                i += 1;
            }
            out.push((start, chars[start..i].iter().collect()));
        }
        out
    };
    let header = screen
        .lines()
        .filter_map(inner)
        .map(|chars| tokens(&chars))
        .find(|t| t.len() > 1 && t.iter().all(|(_, s)| s.parse::<i32>().is_ok()))
        .unwrap_or_else(|| panic!("no header:\n{screen}"));
    let (start, label) = header
        .iter()
        .find(|(_, s)| s.parse::<i32>() == Ok(x))
        .unwrap_or_else(|| panic!("no column {x}:\n{screen}"));
    // Labels and cells are centred alike: a label of two characters starts
    // one before the cell's middle.
    let column = start + label.chars().count() / 2;
    let row = screen
        .lines()
        .filter_map(inner)
        .find(|chars| tokens(chars).first().map(|(_, s)| s.as_str()) == Some(&y.to_string()))
        .unwrap_or_else(|| panic!("no row {y}:\n{screen}"));
    row.get(column)
        .map_or(String::new(), |c| c.to_string())
        .trim()
        .to_string()
}

#[test]
fn quinque_board_plays_typed_actions_and_shows_the_marks() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::start(
        "quinque",
        &["play", "quinque", "--p2", "human", "--seed", "2"],
        dir.path(),
    );
    let screen = t.wait_for(" Board ");
    assert!(screen.contains("red to move (move 1)"), "{screen}");
    assert_eq!(point(&screen, 0, 1), "·", "{screen}");
    // A turn is a mark and `end` (Q3.2); each mark puts the side's
    // parachutist on its point.
    let turns = [
        ("mark 0,1", "red", "orange to move (move 3)", (0, 1), "R"),
        ("mark 1,0", "orange", "red to move (move 5)", (1, 0), "O"),
        ("mark 0,0", "red", "orange to move (move 7)", (0, 0), "R"),
    ];
    let mut marked = Vec::new();
    for (mv, who, next, (x, y), symbol) in turns {
        t.line(mv);
        t.wait_for(&format!("{who} played {mv}"));
        t.line("end");
        let screen = t.wait_for(next);
        marked.push(((x, y), symbol));
        for &((x, y), symbol) in &marked {
            assert_eq!(
                point(&screen, x, y),
                symbol,
                "({x},{y}) after {mv}:\n{screen}"
            );
        }
        assert_eq!(point(&screen, 1, 1), "·", "{screen}");
    }
    t.keys(&["C-c"]);
    t.wait_for("PLATEAU-EXITED-0");
    let (_, record) = autosaved(dir.path());
    assert_eq!(
        record.moves,
        ["mark 0,1", "end", "mark 1,0", "end", "mark 0,0", "end"]
    );
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

/// The cell of `square` (`b7`) on the board of a screen seen from `seat`
/// (0: files a to j from the left; 1: turned round, j to a).
fn cell(screen: &str, seat: usize, square: &str) -> String {
    let (file, rank) = square.split_at(1);
    let row = board_row(screen, rank).unwrap_or_else(|| panic!("no rank {rank}:\n{screen}"));
    let f = usize::from(file.as_bytes()[0] - b'a');
    let i = if seat == 0 { f } else { row.len() - 1 - f };
    row[i].clone()
}

/// A hot-seat Barrage game of two people in tmux session `name` (with the
/// `extra` options of `play`), from the setups of the hot-seat tests (S3.3
/// short rows): Red scout a4, marshal b4, general c4, miner d4, scout e4,
/// spy f4, bomb a3, flag b3; Blue marshal a7, general b7, miner c7, scouts
/// d7 e7, spy f7, bomb g7, flag h7. The setup files and the autosave folder
/// (returned) are made in `dir`.
fn hot_seat_barrage(dir: &Path, name: &str, extra: &[&str]) -> (Tmux, PathBuf) {
    let red = dir.join("red.txt");
    let blue = dir.join("blue.txt");
    std::fs::write(&red, "2X932S/BF\n").unwrap();
    std::fs::write(&blue, "X9322SBF\n").unwrap();
    let autosave = dir.join("autosave");
    let mut args = vec!["play", "stratego"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&[
        "--variant",
        "barrage",
        "--p1",
        "human",
        "--p2",
        "human",
        "--red-setup",
        red.to_str().unwrap(),
        "--blue-setup",
        blue.to_str().unwrap(),
        "--seed",
        "1",
    ]);
    (Tmux::start(name, &args, &autosave), autosave)
}

#[test]
fn hot_seat_stratego_moves_and_attacks_never_show_one_army_to_the_other() {
    if !tmux_present() {
        return;
    }
    // The setups of `hot_seat_barrage`.
    let dir = tempfile::tempdir().unwrap();
    let (t, autosave) = hot_seat_barrage(dir.path(), "hot-seat-moves", &[]);
    // What each side keeps from the other until a combat shows it: the
    // setup's text, and its own words for its pieces' moves.
    let secrets = [
        ["2X932S", "Red marshal b4-b5", "Red marshal b5-b6"],
        ["X9322S", "Blue scout e7-e6", "Blue scout e6-e5"],
    ];
    // The squares of each side's pieces, move by move.
    let mut red_at: Vec<&str> = vec!["a4", "b4", "c4", "d4", "e4", "f4", "a3", "b3"];
    let mut blue_at: Vec<&str> = vec!["a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"];
    let names = ["red", "blue"];
    let mut to_move = 0;
    // The hand-over, then the board of the player to move: nothing of the
    // other army on the screen or in the scrollback, the other's pieces on
    // `theirs` unknown.
    let take_over = |p: usize, theirs: &[&str]| {
        let title = if p == 0 { "Red" } else { "Blue" };
        let handover = t.wait_for(&format!("Pass the terminal to {title}"));
        assert!(!handover.contains(" Board "), "{handover}");
        let all = t.everything();
        assert!(!all.contains(" Board "), "a board in the scrollback: {all}");
        for side in &secrets {
            for secret in side {
                assert!(!all.contains(secret), "{secret} at the hand-over: {all}");
            }
        }
        t.keys(&["Enter"]);
        let screen = t.wait_settled(&format!("{}>", names[p]));
        let all = t.everything();
        for secret in &secrets[1 - p] {
            assert!(!all.contains(secret), "{secret} shown to {title}: {all}");
        }
        for square in theirs {
            let shown = cell(&screen, p, square);
            assert_eq!(shown, "?", "{square} on {title}'s board:\n{screen}");
        }
        screen
    };
    // Plays a move and hides the board (`told`: what the mover is told).
    let play = |mv: &str, told: &str| {
        t.line(mv);
        let screen = t.wait_settled("Press Enter to hide your board");
        assert!(screen.contains(told), "{mv}: {screen}");
        t.keys(&["Enter"]);
    };
    take_over(0, &blue_at);
    for (mv, told, from, to) in [
        ("b4-b5", "Red marshal b4-b5.", "b4", "b5"),
        ("e7-e6", "Blue scout e7-e6.", "e7", "e6"),
        ("b5-b6", "Red marshal b5-b6.", "b5", "b6"),
        ("e6-e5", "Blue scout e6-e5.", "e6", "e5"),
    ] {
        play(mv, told);
        let at = if to_move == 0 {
            &mut red_at
        } else {
            &mut blue_at
        };
        let i = at.iter().position(|s| *s == from).unwrap();
        at[i] = to;
        to_move = 1 - to_move;
        let theirs = if to_move == 0 { &blue_at } else { &red_at };
        take_over(to_move, theirs);
    }
    // Red's marshal attacks Blue's general (S5): both ranks are shown to
    // both, the general is removed.
    play(
        "b6xb7",
        "Red marshal b6-b7 attacks the Blue general and wins: the general is removed.",
    );
    red_at.retain(|s| *s != "b6");
    blue_at.retain(|s| *s != "b7");
    let screen = take_over(1, &red_at);
    assert_eq!(
        cell(&screen, 1, "b7"),
        "X",
        "the attacker is known:\n{screen}"
    );
    assert!(
        screen.contains("Red marshal b6-b7 attacks the Blue general"),
        "{screen}"
    );
    // Blue's marshal takes on Red's: both are removed.
    play("a7xb7", "and both are removed");
    blue_at.retain(|s| *s != "a7");
    let screen = take_over(0, &blue_at);
    assert_eq!(cell(&screen, 0, "b7"), "·", "{screen}");
    assert_eq!(cell(&screen, 0, "a7"), "·", "{screen}");
    t.keys(&["C-c"]);
    t.wait_for("PLATEAU-EXITED-0");
    let all = t.everything();
    assert!(!all.contains(" Board "), "{all}");
    for side in &secrets {
        assert!(!all.contains(side[0]), "a setup after the game: {all}");
    }
    let (_, record) = autosaved(&autosave);
    assert_eq!(record.moves.len(), 8);
}

#[test]
fn plain_hot_seat_stratego_clears_the_scrollback_at_every_hand_over() {
    if !tmux_present() {
        return;
    }
    // The line prompt writes into the terminal's own screen: the clearing
    // at a hand-over must take the scrollback too (ESC[3J), or the other
    // player could scroll back to the board (tmux keeps what ESC[2J clears).
    let dir = tempfile::tempdir().unwrap();
    let (t, autosave) = hot_seat_barrage(dir.path(), "plain-hot-seat", &["--plain"]);
    // Each side's board and words for its own pieces.
    let own = [
        ["You are Red", "Red marshal b4-b5", "2X932S"],
        ["You are Blue", "Blue scout e7-e6", "X9322S"],
    ];
    let hand_over = |to: usize| {
        let name = ["Red", "Blue"][to];
        t.wait_for(&format!("Pass to {name}, then press Enter."));
        let all = t.everything();
        for side in &own {
            for text in side {
                assert!(
                    !all.contains(text),
                    "{text} at the hand-over to {name}: {all}"
                );
            }
        }
        t.keys(&["Enter"]);
        t.wait_for(&format!("{}>", name.to_lowercase()));
        let all = t.everything();
        assert!(all.contains(own[to][0]), "{name}'s own board: {all}");
        for text in &own[1 - to] {
            assert!(!all.contains(text), "{text} shown to {name}: {all}");
        }
    };
    let play = |mv: &str, told: &str| {
        t.line(mv);
        let screen = t.wait_for("Press Enter to hide your board.");
        assert!(screen.contains(told), "{mv}: {screen}");
        t.keys(&["Enter"]);
    };
    hand_over(0);
    play("b4-b5", "Red marshal b4-b5.");
    hand_over(1);
    play("e7-e6", "Blue scout e7-e6.");
    hand_over(0);
    t.line("quit");
    t.wait_for("Save the record?");
    t.line("no");
    t.wait_for("PLATEAU-EXITED-0");
    // Red's quit cleared the screen and the scrollback again.
    let all = t.everything();
    assert!(!all.contains("You are"), "{all}");
    let (_, record) = autosaved(&autosave);
    assert_eq!(record.moves.len(), 4);
}
