//! End-to-end tests of the `plateau` binary with Hus: every subcommand,
//! and bad input giving one-line errors with the right exit codes.

use assert_cmd::Command;
use std::fs;
use std::path::Path;

fn plateau() -> Command {
    let mut command = Command::cargo_bin("plateau").unwrap();
    // Games left with quit are autosaved here, not in the home folder.
    command.env(
        "PLATEAU_AUTOSAVE_DIR",
        concat!(env!("CARGO_TARGET_TMPDIR"), "/autosave"),
    );
    command
}

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn run_in(args: &[&str], input: &str) -> Run {
    let output = plateau().args(args).write_stdin(input).output().unwrap();
    Run {
        code: output
            .status
            .code()
            .expect("exited normally, not by a signal"),
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
    }
}

fn run(args: &[&str]) -> Run {
    run_in(args, "")
}

/// A failure: the exit code and one line on stderr naming `needle`.
fn fails(r: &Run, code: i32, needle: &str) {
    assert_eq!(r.code, code, "stdout: {}\nstderr: {}", r.out, r.err);
    assert!(r.err.starts_with("error: "), "{:?}", r.err);
    assert_eq!(r.err.lines().count(), 1, "{:?}", r.err);
    assert!(!r.err.contains("panicked"), "{:?}", r.err);
    assert!(r.err.contains(needle), "{:?} lacks {needle:?}", r.err);
}

fn ok(r: &Run) {
    assert_eq!(r.code, 0, "stdout: {}\nstderr: {}", r.out, r.err);
    assert!(r.err.is_empty(), "{}", r.err);
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

fn new_game(dir: &Path) -> String {
    let g = path(dir, "game.json");
    ok(&run(&["new", "hus", "--seed", "7", "-o", &g]));
    g
}

#[test]
fn games_lists_hus() {
    let r = run(&["games"]);
    ok(&r);
    assert!(r.out.contains("hus - Hus"), "{}", r.out);
    assert!(r.out.contains("standard"), "{}", r.out);
}

#[test]
fn games_json_is_the_serve_catalog() {
    let r = run(&["games", "--json"]);
    ok(&r);
    let list: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    let served = run_in(&["serve"], "{\"cmd\":\"games\"}\n");
    ok(&served);
    let served: serde_json::Value = serde_json::from_str(served.out.trim()).unwrap();
    assert_eq!(list, served["games"]);
    let hus = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "hus")
        .unwrap();
    assert_eq!(hus["variants"][0]["name"], "standard");
    assert_eq!(hus["variants"][0]["default"], true);
    assert_eq!(
        hus["variants"][0]["players"],
        serde_json::json!(["south", "north"])
    );
    assert_eq!(hus["variants"][0]["params"]["max_sowings"], 10000);
}

#[test]
fn rules_show_parameters_and_round_trip_as_toml() {
    let r = run(&["rules", "hus"]);
    ok(&r);
    assert!(r.out.contains("max_sowings = 10000"), "{}", r.out);
    assert!(r.out.contains("H3.7"), "{}", r.out);
    let dir = tempfile::tempdir().unwrap();
    let file = path(dir.path(), "mine.toml");
    let r = run(&["rules", "hus", "--set", "max_sowings=500", "--toml"]);
    ok(&r);
    fs::write(&file, &r.out).unwrap();
    let r = run(&["rules", "hus", "--rules", &file]);
    ok(&r);
    assert!(r.out.contains("max_sowings = 500"), "{}", r.out);
    assert!(r.out.contains("variant mine"), "{}", r.out);
}

#[test]
fn rules_errors() {
    fails(
        &run(&["rules", "chess"]),
        2,
        "unknown game 'chess'; games: hus, oware, quinque, stratego",
    );
    // A name with a line break stays on the one error line, escaped.
    fails(&run(&["rules", "hu\ns"]), 2, "unknown game 'hu\\ns'");
    fails(
        &run(&["rules", "hus", "--variant", "stan\ndard"]),
        2,
        "unknown variant 'stan\\ndard'",
    );
    fails(
        &run(&["rules", "hus", "--variant", "giant"]),
        2,
        "unknown variant 'giant' of hus",
    );
    fails(
        &run(&["new", "hus", "--set", "colour=red"]),
        2,
        "--set: colour: unknown parameter",
    );
    fails(&run(&["new", "hus", "--set", "first=east"]), 2, "first");
    fails(&run(&["new", "hus", "--set", "first"]), 2, "key=value");
    let dir = tempfile::tempdir().unwrap();
    let bad = path(dir.path(), "bad.toml");
    fs::write(&bad, "first = \"south\"\nmax_sowings = \n").unwrap();
    fails(
        &run(&["new", "hus", "--rules", &bad]),
        1,
        "bad.toml:2: invalid TOML",
    );
    fs::write(&bad, "first = \"south\"\n").unwrap();
    fails(
        &run(&["rules", "hus", "--rules", &bad]),
        1,
        "bad.toml: the parameter 'max_sowings' is missing",
    );
    fails(
        &run(&["rules", "hus", "--rules", &bad, "--variant", "standard"]),
        2,
        "cannot be used with",
    );
}

#[test]
fn new_moves_apply_show_replay() {
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    let r = run(&["moves", &g]);
    ok(&r);
    assert!(
        r.out
            .starts_with("south to move (move 1)\n12 legal moves:\na8\n"),
        "{}",
        r.out
    );
    let r = run(&["moves", &g, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 12);
    assert_eq!(v["status"]["to_move_name"], "south");
    let r = run(&["apply", &g, "a5"]);
    ok(&r);
    assert!(r.out.contains("relay from a3"), "{}", r.out);
    assert!(r.out.contains("north to move (move 2)"), "{}", r.out);
    let r = run(&["apply", &g, "a6", "--json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["status"]["to_move_name"], "south");
    assert_eq!(v["applied"][0]["move"], "a6");
    let r = run(&["show", &g]);
    ok(&r);
    assert!(r.out.contains("a8  a7  a6"), "{}", r.out);
    assert!(r.out.contains("last move: north a6"), "{}", r.out);
    let r = run(&["show", &g, "--as", "north", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["player_name"], "north");
    assert!(v["view"].is_object());
    let r = run(&["replay", &g, "--verbose"]);
    ok(&r);
    assert!(r.out.contains("1. south a5"), "{}", r.out);
    assert!(r.out.contains("2. north a6"), "{}", r.out);
    assert!(r.out.contains("every move legal"), "{}", r.out);
    // -o writes elsewhere and leaves the file as it was.
    let before = fs::read(&g).unwrap();
    let other = path(dir.path(), "other.json");
    ok(&run(&["apply", &g, "a7", "-o", &other]));
    assert_eq!(fs::read(&g).unwrap(), before);
    let r = run(&["replay", &other, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["moves"], 3);
    // Without -o, new writes the record to stdout.
    let r = run(&["new", "hus", "--seed", "7"]);
    ok(&r);
    assert!(r.out.contains("\"game\": \"hus\""), "{}", r.out);
    let third = path(dir.path(), "third.json");
    let r = run(&["new", "hus", "--set", "first=north", "-o", &third, "--json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["status"]["to_move_name"], "north");
    assert_eq!(v["file"], third.as_str());
    let r = run(&["rules", "hus", "--json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["params"]["max_sowings"], 10000);
    assert!(v["docs"][0]["description"].is_string());
}

#[test]
fn bad_moves_leave_the_record_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    let before = fs::read(&g).unwrap();
    fails(
        &run(&["apply", &g, "z9"]),
        1,
        "move 1: cannot read move 'z9'",
    );
    fails(
        &run(&["apply", &g, "a5", "b1"]),
        1,
        "move 2: illegal move 'b1'",
    );
    fails(
        &run(&["apply", &g, "a5", "a6", "a5"]),
        1,
        "move 3: illegal move 'a5'",
    );
    assert_eq!(fs::read(&g).unwrap(), before);
    fails(&run(&["apply", &g]), 2, "<MOVE>");
}

#[test]
fn corrupted_records_give_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    ok(&run(&["apply", &g, "a5", "a6"]));
    let good = fs::read_to_string(&g).unwrap();
    let truncated = path(dir.path(), "truncated.json");
    fs::write(&truncated, &good[..good.len() - 20]).unwrap();
    let wrong_game = path(dir.path(), "wrong-game.json");
    fs::write(
        &wrong_game,
        good.replace("\"game\": \"hus\"", "\"game\": \"go\""),
    )
    .unwrap();
    let illegal = path(dir.path(), "illegal.json");
    fs::write(&illegal, good.replace("\"a6\"", "\"b4\"")).unwrap();
    let bad_params = path(dir.path(), "bad-params.json");
    fs::write(
        &bad_params,
        good.replace("\"max_sowings\": 10000", "\"max_sowings\": \"x\""),
    )
    .unwrap();
    let missing = path(dir.path(), "missing.json");
    for cmd in ["moves", "show", "replay"] {
        fails(
            &run(&[cmd, &truncated]),
            1,
            "truncated.json: not a game record",
        );
        fails(&run(&[cmd, &wrong_game]), 1, "unknown game 'go'");
        fails(
            &run(&[cmd, &illegal]),
            1,
            "move 2 of the record ('b4') is illegal",
        );
        fails(&run(&[cmd, &bad_params]), 1, "max_sowings");
        fails(&run(&[cmd, &missing]), 1, "missing.json");
    }
    for file in [&truncated, &wrong_game, &illegal] {
        let before = fs::read(file).unwrap();
        fails(&run(&["apply", file, "a1"]), 1, "");
        assert_eq!(&fs::read(file).unwrap(), &before);
    }
}

#[test]
fn scripted_play_against_a_random_player() {
    let dir = tempfile::tempdir().unwrap();
    let save = path(dir.path(), "saved.json");
    // A move, a malformed and an illegal move, then a legal one, undo, quit, save.
    let input = format!("a5\nz9\nb1\nmoves\na6\nundo\nquit\n{save}\n");
    let r = run_in(
        &[
            "play", "hus", "--p1", "human", "--p2", "random", "--seed", "3",
        ],
        &input,
    );
    ok(&r);
    assert!(r.out.contains("south> "), "{}", r.out);
    assert!(r.out.contains("cannot read move 'z9'"), "{}", r.out);
    assert!(r.out.contains("illegal move 'b1'"), "{}", r.out);
    assert!(r.out.contains("legal moves:"), "{}", r.out);
    assert!(r.out.contains("Taken back."), "{}", r.out);
    assert!(
        r.out.contains("Stopped: south to move (move 3)"),
        "{}",
        r.out
    );
    let record = plateau::GameRecord::from_json(&fs::read_to_string(&save).unwrap()).unwrap();
    // a6 and north's reply were taken back.
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.moves[0], "a5");
    ok(&run(&["replay", &save]));
}

#[test]
fn undo_at_one_terminal_between_two_people_takes_back_the_last_move() {
    // Two people at one terminal share the hot seat: undo takes back the
    // last move at once (the match's hot-seat policy), whoever types it.
    // South a5, north a5, south a6; undo: south's a6 goes, south is to
    // move again.
    let dir = tempfile::tempdir().unwrap();
    let save = path(dir.path(), "saved.json");
    let r = run_in(
        &[
            "play", "hus", "--p1", "human", "--p2", "human", "--seed", "1",
        ],
        &format!("a5\na5\na6\nundo\nquit\n{save}\n"),
    );
    ok(&r);
    assert!(r.out.contains("Taken back."), "{}", r.out);
    assert!(r.out.contains("Stopped: south to move"), "{}", r.out);
    let record = plateau::GameRecord::from_json(&fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(record.moves, vec!["a5", "a5"]);
    // At the start there is nothing to take back; after a5 and north's
    // a5, undo takes back north's a5.
    let r = run_in(
        &["play", "hus", "--p1", "human", "--p2", "human"],
        &format!("undo\na5\na5\nundo\nquit\n{save}\nyes\n"),
    );
    ok(&r);
    assert!(
        r.out
            .contains("Not taken back: no person's move to take back."),
        "{}",
        r.out
    );
    let record = plateau::GameRecord::from_json(&fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(record.moves, vec!["a5"]);
}

#[test]
fn a_save_that_fails_asks_for_another_file() {
    let dir = tempfile::tempdir().unwrap();
    let bad = path(dir.path(), "no/such/folder/g.json");
    let good = path(dir.path(), "g.json");
    let r = run_in(
        &["play", "hus", "--p2", "random", "--save", &bad],
        &format!("a5\nquit\n{good}\n"),
    );
    ok(&r);
    assert!(r.out.contains("Cannot save: "), "{}", r.out);
    assert!(r.out.contains(&format!("Saved to {good}.")), "{}", r.out);
    // Skipping the second chance is the error: the game was not saved.
    let r = run_in(
        &["play", "hus", "--p2", "random", "--save", &bad],
        "a5\nquit\n\n",
    );
    assert_eq!(r.code, 1, "{}", r.out);
}

#[test]
fn a_very_long_move_at_the_prompt_is_shortened_in_the_answer() {
    let long = "x".repeat(100_000);
    let r = run_in(
        &["play", "hus", "--p2", "random"],
        &format!("{long}\nquit\n\n"),
    );
    ok(&r);
    assert!(r.out.len() < 20_000, "{} bytes", r.out.len());
    assert!(
        r.out.contains("cannot read move"),
        "{}",
        &r.out[..2000.min(r.out.len())]
    );
}

#[test]
fn the_readme_play_command_works_and_ends_at_the_end_of_input() {
    let r = run_in(&["play", "hus"], "a5\n");
    ok(&r);
    // The second seat is the game's strongest agent unless --p2 says
    // otherwise (a newcomer is not put against random moves).
    assert!(r.out.contains("south human, north ai"), "{}", r.out);
    assert!(r.out.contains("Stopped"), "{}", r.out);
    let r = run_in(&["play", "hus", "--p2", "random"], "");
    ok(&r);
}

#[test]
fn play_help_says_what_the_command_does_today() {
    let r = run(&["play", "--help"]);
    ok(&r);
    let first = r.out.lines().next().unwrap_or_default();
    assert!(
        first.contains("strongest agent") && first.contains("--p2 human"),
        "{first}"
    );
    assert!(!first.contains("random players"), "{first}");
    assert!(r.out.contains("[default: ai"), "{}", r.out);
}

#[test]
fn two_random_players_finish_a_game() {
    let r = run(&[
        "play", "hus", "--p1", "random:1", "--p2", "random:2", "--seed", "5",
    ]);
    ok(&r);
    assert!(r.out.contains("Result: "), "{}", r.out);
    assert!(r.out.contains(" wins ("), "{}", r.out);
}

#[test]
fn bench_and_perft() {
    let r = run(&["bench", "hus", "--games", "20", "--seed", "1"]);
    ok(&r);
    for w in [
        "games/s",
        "plies/s",
        "mean length",
        "capped games",
        "mean legal moves",
        "machine",
    ] {
        assert!(r.out.contains(w), "{w}: {}", r.out);
    }
    let r = run(&["bench", "hus", "--games", "20", "--json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["games"], 20);
    assert!(v["plies_per_second"].as_f64().unwrap() > 0.0);
    let r = run(&["perft", "hus", "--depth", "2"]);
    ok(&r);
    assert!(r.out.contains("depth 1: 12"), "{}", r.out);
    let r = run(&["perft", "hus", "--depth", "2", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["counts"][0], 12);
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    let r = run(&["perft", "--record", &g, "--depth", "2", "--json"]);
    ok(&r);
    let w: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(w["counts"], v["counts"]);
    fails(&run(&["perft", "--depth", "2"]), 2, "<GAME>");
    fails(
        &run(&["perft", "hus", "--record", &g, "--depth", "2"]),
        2,
        "cannot be used with",
    );
    fails(&run(&["bench", "chess"]), 2, "unknown game");
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    for sub in [
        "games", "rules", "new", "moves", "apply", "show", "play", "bench", "perft", "replay",
        "import", "serve",
    ] {
        let r = run(&[sub, "--help"]);
        ok(&r);
        assert!(r.out.contains("Example"), "{sub}: {}", r.out);
        assert!(
            r.out.contains(&format!("plateau {sub}")),
            "{sub}: {}",
            r.out
        );
    }
    let r = run(&["import", "gravon", "--help"]);
    ok(&r);
    assert!(r.out.contains("plateau import gravon"), "{}", r.out);
}

#[test]
fn usage_errors() {
    fails(&run(&["fly"]), 2, "unrecognized subcommand 'fly'");
    fails(&run(&["new", "hus", "--colour"]), 2, "--colour");
    fails(
        &run(&["play", "hus", "--p2", "minimax"]),
        2,
        "--p2: unknown agent 'minimax'",
    );
    fails(
        &run(&["new", "hus", "--setup", "south=random"]),
        2,
        "not a setup",
    );
    fails(
        &run(&["show", "x.json", "--as", "south", "--all"]),
        2,
        "cannot be used with",
    );
    // No command: one line listing the commands, not the whole help.
    fails(
        &run(&[]),
        2,
        "'plateau' needs a command: games, rules, new, moves, apply, show, play",
    );
    fails(
        &run(&["import"]),
        2,
        "'plateau import' needs a command: gravon; try 'plateau import --help'",
    );
}

#[test]
fn clap_errors_are_one_line_and_point_at_the_subcommand_help() {
    for (args, message) in [
        (
            &["new", "hus", "--seed", "abc"][..],
            "error: invalid value 'abc' for '--seed <SEED>': invalid digit found in string; \
             try 'plateau new --help'",
        ),
        (
            &["play", "hus", "--p1"][..],
            "error: a value is required for '--p1 <PLAYER>' but none was supplied; \
             try 'plateau play --help'",
        ),
        (
            &["new", "hus", "--variant", "standard", "--rules", "x.toml"][..],
            "error: the argument '--variant <VARIANT>' cannot be used with '--rules <FILE>'; \
             try 'plateau new --help'",
        ),
        (
            &["perft", "hus", "--depth", "0"][..],
            "error: invalid value '0' for '--depth <DEPTH>': 0 is not in 1..=4294967295; \
             try 'plateau perft --help'",
        ),
    ] {
        let r = run(args);
        fails(&r, 2, "try 'plateau ");
        assert_eq!(r.err.trim_end(), message, "{args:?}");
    }
}

#[test]
fn a_very_long_input_gives_a_short_error_and_leaves_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    let before = fs::read(&g).unwrap();
    let pasted = "a".repeat(100_000);
    let r = run(&["apply", &g, &pasted]);
    fails(&r, 1, "move 1: cannot read move 'aaa");
    assert!(r.err.len() < 300, "{} bytes: {}", r.err.len(), r.err);
    assert!(r.err.contains("[100003 characters]"), "{}", r.err);
    assert!(r.err.contains("a move is a pit name"), "{}", r.err);
    assert_eq!(fs::read(&g).unwrap(), before);
    for args in [&["rules", pasted.as_str()][..], &[pasted.as_str()][..]] {
        let r = run(args);
        fails(&r, 2, "characters]");
        assert!(r.err.len() < 300, "{} bytes: {}", r.err.len(), r.err);
    }
}

#[test]
fn an_unwritable_output_is_named_without_a_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    let before = fs::read(&g).unwrap();
    let missing = path(dir.path(), "missing/out.json");
    for args in [
        &["new", "hus", "--seed", "1", "-o", &missing][..],
        &["apply", &g, "a7", "-o", &missing][..],
    ] {
        let r = run(args);
        fails(&r, 1, "out.json: No such file or directory");
        assert!(
            !r.err.contains(".plateau-") && !r.err.contains("at path"),
            "{:?}",
            r.err
        );
    }
    // A folder as the output: refused, nothing left behind, the record intact.
    let folder = path(dir.path(), "folder");
    fs::create_dir(&folder).unwrap();
    fails(&run(&["apply", &g, "a7", "-o", &folder]), 1, "folder: ");
    assert_eq!(fs::read_dir(&folder).unwrap().count(), 0);
    assert_eq!(fs::read(&g).unwrap(), before);
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        names.iter().all(|n| !n.starts_with(".plateau-")),
        "{names:?}"
    );
}

#[test]
fn serve_answers_json_lines() {
    let r = run_in(&["serve"], "{\"cmd\":\"games\"}\n");
    ok(&r);
    let first = r.out.lines().next().expect("one answer");
    let v: serde_json::Value = serde_json::from_str(first).unwrap();
    assert_eq!(v["ok"], true);
}
