//! End-to-end tests of the `plateau` binary with Stratego: setups from
//! files and at random, views that never show the opponent's hidden ranks
//! (RULES.md S6), two people at one terminal, bench and perft.

use assert_cmd::Command;
use std::fs;
use std::path::Path;

/// A red setup (S3.3: front row first, files a to j): a4 holds a scout.
const RED_A: &str = "2 2 2 2 2 2 2 2 3 3
X 9 8 8 7 7 7 6 6 6
6 5 5 5 5 4 4 4 4 S
3 3 3 B B B B B B F
";
/// The same front row, the back rows in another order: a different secret.
const RED_B: &str = "2 2 2 2 2 2 2 2 3 3
6 5 5 5 5 4 4 4 4 S
X 9 8 8 7 7 7 6 6 6
3 3 3 B B B B B B F
";
/// Blue's setup: front row (rank 7) first; a7 holds a scout.
const BLUE: &str =
    "2 2 2 2 2 2 2 2 3 3 / X 9 8 8 7 7 7 6 6 6 / 6 5 5 5 5 4 4 4 4 S / 3 3 3 B B B B B B F";

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn run_in(args: &[&str], input: &str) -> Run {
    let output = Command::cargo_bin("plateau")
        .unwrap()
        // Games left with quit are autosaved here, not in the home folder.
        .env(
            "PLATEAU_AUTOSAVE_DIR",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/autosave"),
        )
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    Run {
        code: output.status.code().expect("exited normally"),
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
    }
}

fn run(args: &[&str]) -> Run {
    run_in(args, "")
}

fn ok(r: &Run) {
    assert_eq!(r.code, 0, "stdout: {}\nstderr: {}", r.out, r.err);
}

fn fails(r: &Run, code: i32, needle: &str) {
    assert_eq!(r.code, code, "stdout: {}\nstderr: {}", r.out, r.err);
    assert!(r.err.starts_with("error: "), "{:?}", r.err);
    assert_eq!(r.err.lines().count(), 1, "{:?}", r.err);
    assert!(r.err.contains(needle), "{:?} lacks {needle:?}", r.err);
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Whether the board lines of the given ranks show only unknown pieces,
/// empty squares and lakes (and `>`, the mark of the last move's squares).
fn ranks_hidden(screen: &str, ranks: &[&str]) -> bool {
    screen.lines().all(|line| {
        let mut words = line.split_whitespace();
        let Some(label) = words.next() else {
            return true;
        };
        if !ranks.contains(&label) || !line.trim_end().ends_with(label) {
            return true;
        }
        let cells = line
            .trim()
            .trim_start_matches(label)
            .trim_end_matches(label);
        cells
            .replace("[?]", "")
            .replace("(?)", "")
            .chars()
            .all(|c| c == '.' || c == '~' || c == '>' || c.is_whitespace())
    })
}

const RED_HOME: &[&str] = &["1", "2", "3", "4"];
const BLUE_HOME: &[&str] = &["7", "8", "9", "10"];

#[test]
fn new_with_a_setup_file_and_a_random_setup() {
    let dir = tempfile::tempdir().unwrap();
    let red = write(dir.path(), "red.txt", RED_A);
    let g = dir.path().join("g.json").display().to_string();
    let r = run(&[
        "new",
        "stratego",
        "--seed",
        "3",
        "--red-setup",
        &red,
        "--blue-setup",
        "random",
        "-o",
        &g,
    ]);
    ok(&r);
    assert!(r.out.contains("red to move"), "{}", r.out);
    let record = plateau::GameRecord::from_json(&fs::read_to_string(&g).unwrap()).unwrap();
    assert_eq!(record.moves.len(), 2);
    assert!(record.moves.iter().all(|m| m.starts_with("setup ")));
    // The same seed draws the same random setup.
    let again = run(&[
        "new",
        "stratego",
        "--seed",
        "3",
        "--setup",
        &format!("red={red}"),
        "--setup",
        "blue=random",
    ]);
    ok(&again);
    assert_eq!(
        plateau::GameRecord::from_json(&again.out).unwrap().moves,
        record.moves
    );
    ok(&run(&["apply", &g, "a4-a5"]));
    ok(&run(&["replay", &g]));
}

#[test]
fn bad_setups_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let short = write(dir.path(), "short.txt", "2 3 2 B 9 8 2 2 7 4\n");
    fails(
        &run(&["new", "stratego", "--red-setup", &short]),
        1,
        "red's setup (",
    );
    let unknown = write(dir.path(), "unknown.txt", &RED_A.replacen('9', "Q", 1));
    fails(&run(&["new", "stratego", "--red-setup", &unknown]), 1, "Q");
    fails(
        &run(&["new", "stratego", "--blue-setup", "random"]),
        2,
        "red is to move first",
    );
    fails(
        &run(&["new", "stratego", "--setup", "south=random"]),
        2,
        "players: red, blue",
    );
}

/// Plays the same moves from two red setups that differ only behind the
/// front row, and shows the game as each player sees it.
fn shown(red: &str, as_player: &str, json: bool) -> String {
    let dir = tempfile::tempdir().unwrap();
    let red = write(dir.path(), "red.txt", red);
    let blue = write(dir.path(), "blue.txt", BLUE);
    let g = dir.path().join("g.json").display().to_string();
    ok(&run(&[
        "new",
        "stratego",
        "--seed",
        "1",
        "--red-setup",
        &red,
        "--blue-setup",
        &blue,
        "-o",
        &g,
    ]));
    ok(&run(&["apply", &g, "a4-a5", "a7-a6"]));
    let mut args = vec!["show", g.as_str(), "--as", as_player];
    if json {
        args.push("--json");
    }
    let r = run(&args);
    ok(&r);
    r.out
}

#[test]
fn show_as_blue_never_shows_reds_hidden_ranks() {
    // Blue cannot tell the two red setups apart, in text or in JSON.
    assert_eq!(shown(RED_A, "blue", false), shown(RED_B, "blue", false));
    assert_eq!(shown(RED_A, "blue", true), shown(RED_B, "blue", true));
    assert!(ranks_hidden(&shown(RED_A, "blue", false), RED_HOME));
    // Red can: the test tells setups apart where it should.
    assert_ne!(shown(RED_A, "red", false), shown(RED_B, "red", false));
    assert!(!ranks_hidden(&shown(RED_A, "red", false), RED_HOME));
    assert!(ranks_hidden(&shown(RED_A, "red", false), BLUE_HOME));
}

#[test]
fn show_without_a_player_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.json").display().to_string();
    ok(&run(&[
        "new",
        "stratego",
        "--red-setup",
        "random",
        "--blue-setup",
        "random",
        "-o",
        &g,
    ]));
    fails(&run(&["show", &g]), 2, "give --as PLAYER (red or blue)");
    fails(&run(&["show", &g, "--json"]), 2, "--as PLAYER");
    let all = run(&["show", &g, "--all"]);
    ok(&all);
    assert!(!ranks_hidden(&all.out, RED_HOME) && !ranks_hidden(&all.out, BLUE_HOME));
}

#[test]
fn two_people_at_one_terminal_see_only_their_own_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let red = write(dir.path(), "red.txt", RED_A);
    let blue = write(dir.path(), "blue.txt", BLUE);
    // Pass to Red, a move, hide; pass to Blue, a move, hide; pass to Red, quit.
    let input = "\na4-a5\n\n\na7-a6\n\n\nquit\n\n";
    let r = run_in(
        &[
            "play",
            "stratego",
            "--p1",
            "human",
            "--p2",
            "human",
            "--seed",
            "1",
            "--red-setup",
            &red,
            "--blue-setup",
            &blue,
        ],
        input,
    );
    ok(&r);
    assert!(
        r.out.contains("Pass to Blue, then press Enter."),
        "{}",
        r.out
    );
    let screens: Vec<&str> = r.out.split("\x1b[2J\x1b[3J\x1b[H").collect();
    let (mut red_screens, mut blue_screens) = (0, 0);
    for screen in &screens {
        let is_red = screen.contains("You are Red");
        let is_blue = screen.contains("You are Blue");
        assert!(!(is_red && is_blue), "one screen for both:\n{screen}");
        if is_red {
            red_screens += 1;
            assert!(
                ranks_hidden(screen, BLUE_HOME),
                "Red sees Blue's ranks:\n{screen}"
            );
        }
        if is_blue {
            blue_screens += 1;
            assert!(
                ranks_hidden(screen, RED_HOME),
                "Blue sees Red's ranks:\n{screen}"
            );
        }
    }
    assert_eq!((red_screens, blue_screens), (2, 1), "{}", r.out);
}

#[test]
fn against_a_random_player_the_human_sees_only_their_view() {
    let input = "random\nmoves\nquit\n";
    let r = run_in(
        &["play", "stratego", "--p2", "random:3", "--seed", "2"],
        input,
    );
    ok(&r);
    assert!(
        !r.out.contains("\x1b[2J"),
        "no screen clearing for one person"
    );
    assert!(r.out.contains("You are Red"), "{}", r.out);
    assert!(!r.out.contains("You are Blue"), "{}", r.out);
    assert!(ranks_hidden(&r.out, BLUE_HOME), "{}", r.out);
}

#[test]
fn bench_and_perft() {
    let r = run(&["bench", "stratego", "--games", "2", "--seed", "1", "--json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["games"], 2);
    let r = run(&[
        "perft",
        "stratego",
        "--red-setup",
        "random",
        "--blue-setup",
        "random",
        "--seed",
        "4",
        "--depth",
        "2",
        "--json",
    ]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["moves_played"], 2);
    assert!(v["counts"][0].as_u64().unwrap() > 0);
}

#[test]
fn a_set_that_breaks_a_rule_across_parameters_is_blamed_on_set() {
    // The example: 41 scouts do not fit in barrage's setup area. The
    // key that breaks the rule is `pieces` (the army), but the cause is the
    // --set: a usage error (2) naming it, not an error of barrage.toml.
    let set = ["--variant", "barrage", "--set", "pieces.scout.count=41"];
    for cmd in ["new", "rules", "bench"] {
        let r = run(&[&[cmd, "stratego"][..], &set].concat());
        fails(
            &r,
            2,
            "--set pieces.scout.count=41: pieces: more pieces than squares in the setup area",
        );
        assert!(!r.err.contains("barrage.toml"), "{}", r.err);
    }
    // A rules file that is wrong by itself stays the file's error (1).
    let dir = tempfile::tempdir().unwrap();
    let toml = run(&[
        "rules",
        "stratego",
        "--variant",
        "barrage",
        "--set",
        "pieces.scout.count=41",
        "--toml",
    ]);
    assert_eq!(
        toml.code, 2,
        "--toml of invalid rules prints nothing: {}",
        toml.out
    );
    let barrage = run(&["rules", "stratego", "--variant", "barrage", "--toml"]).out;
    let bad = barrage.replace(
        "[pieces.scout]\nstrength = 2\ncount = 2",
        "[pieces.scout]\nstrength = 2\ncount = 41",
    );
    assert_ne!(bad, barrage, "the scouts' count is in the file:\n{barrage}");
    let file = write(dir.path(), "mine.toml", &bad);
    fails(
        &run(&["new", "stratego", "--rules", &file, "--set", "max_plies=10"]),
        1,
        "mine.toml: pieces: more pieces than squares",
    );
}

/// The Gravon records of the shared acceptance data, if present.
fn gravon_records() -> Option<Vec<std::path::PathBuf>> {
    let dir = plateau::shared_data::dir().join("acceptance/stratego-records/gravon-xml");
    let Ok(entries) = fs::read_dir(&dir) else {
        plateau::shared_data::note_missing(&dir);
        return None;
    };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    Some(files)
}

#[test]
fn gravon_records_import_and_replay() {
    let Some(files) = gravon_records() else {
        return;
    };
    // The acceptance data's own per-game facts: move count, ending, winner.
    let index_path = files[0].parent().unwrap().join("../index.json");
    let index: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(index_path).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut classic, mut barrage) = (0, 0);
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let facts = index
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["file"] == format!("gravon-xml/{name}"))
            .unwrap_or_else(|| panic!("{name} is not in index.json"));
        let xml = file.display().to_string();
        let out = dir
            .path()
            .join(format!("{name}.json"))
            .display()
            .to_string();
        let r = run(&["import", "gravon", &xml, "-o", &out]);
        ok(&r);
        let record = plateau::GameRecord::from_json(&fs::read_to_string(&out).unwrap()).unwrap();
        if name.starts_with("barrage") {
            assert_eq!(record.variant, "barrage", "{name}");
            barrage += 1;
        } else {
            assert_eq!(record.variant, "classic-5", "{name}");
            classic += 1;
        }
        // The record holds both setups and then the game's moves.
        let moves = facts["moves"].as_u64().unwrap() as usize;
        assert_eq!(record.moves.len(), moves + 2, "{name}");
        let replay = run(&["replay", &out]);
        ok(&replay);
        assert!(replay.out.contains("every move legal"), "{}", replay.out);
        let last = replay.out.lines().last().unwrap();
        let expected = match (
            facts["ending"].as_str().unwrap(),
            facts["winner_name"].as_str().unwrap(),
        ) {
            ("flag captured", winner) => format!("game over: {winner} wins (flag-captured)"),
            ("unable to move", winner) => format!("game over: {winner} wins (no-movable-pieces)"),
            ("forfeit/resign", winner) => format!("game over: {winner} wins (resignation)"),
            (_, "draw/none") => format!("red to move (move {})", moves + 3),
            other => panic!("{name}: unexpected ending {other:?}"),
        };
        assert_eq!(last, expected, "{name}");
    }
    assert_eq!((classic, barrage), (21, 4));
    // Without -o the record goes to stdout; --verbose prints every move.
    let first = files
        .iter()
        .find(|f| f.to_string_lossy().contains("classic"))
        .unwrap();
    let r = run(&["import", "gravon", &first.display().to_string()]);
    ok(&r);
    let record = plateau::GameRecord::from_json(&r.out).unwrap();
    assert_eq!(record.variant, "classic-5");
    let path = write(dir.path(), "stdout.json", &r.out);
    let r = run(&["replay", &path, "--verbose"]);
    ok(&r);
    assert!(
        r.out.contains(&format!("{}. ", record.moves.len())),
        "{}",
        r.out
    );
}

#[test]
fn bad_gravon_records_give_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(
        dir.path(),
        "bad.xml",
        "<stratego><game type=\"classic\"><field content=\"x\"/>",
    );
    fails(&run(&["import", "gravon", &bad]), 1, "bad.xml: ");
    let missing = dir.path().join("missing.xml").display().to_string();
    fails(&run(&["import", "gravon", &missing]), 1, "missing.xml");
    fails(
        &run(&["import", "sgf", &bad]),
        2,
        "unrecognized subcommand 'sgf'",
    );
}
