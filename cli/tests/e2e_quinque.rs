//! End-to-end tests of the `plateau` binary with Quinque: moves with spaces
//! (one argument each), turns of several actions, the second variant.

use assert_cmd::Command;
use std::fs;

fn run_in(args: &[&str], input: &str) -> (i32, String, String) {
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
    (
        output.status.code().expect("exited normally"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_turn_of_two_actions_through_apply_and_show() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("q.json").display().to_string();
    let (code, _, err) = run_in(
        &[
            "new",
            "quinque",
            "--variant",
            "advanced",
            "--seed",
            "1",
            "-o",
            &g,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run_in(&["apply", &g, "mark 0,1", "end"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("orange to move"), "{out}");
    let (code, out, _) = run_in(&["show", &g, "--as", "orange"], "");
    assert_eq!(code, 0);
    assert!(out.contains("last move: red"), "{out}");
    // The last action is told once: by the front end, not again by the board.
    assert_eq!(out.matches("last move").count(), 1, "{out}");
    assert!(!out.contains("last action"), "{out}");
    let before = fs::read(&g).unwrap();
    let (code, _, err) = run_in(&["apply", &g, "mark 9"], "");
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: move 1: cannot read move 'mark 9'"),
        "{err}"
    );
    assert_eq!(fs::read(&g).unwrap(), before);
    let record = plateau::GameRecord::from_json(&String::from_utf8(before).unwrap()).unwrap();
    assert_eq!(record.variant, "advanced");
    assert_eq!(record.moves, vec!["mark 0,1", "end"]);
}

#[test]
fn scripted_play_of_a_turn_then_quit() {
    let (code, out, err) = run_in(
        &["play", "quinque", "--seed", "2", "--p2", "random:4"],
        "moves\nmark 0,1\nmove 5,5 6,6\nend\nquit\n\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal moves: mark 0,0 | mark 1,0 |"), "{out}");
    assert!(
        out.contains("illegal move 'move 5,5 6,6'") || out.contains("cannot read move"),
        "{out}"
    );
    assert!(out.contains("red ends the turn"), "{out}");
    assert!(out.contains("Stopped"), "{out}");
}
