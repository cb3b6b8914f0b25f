//! The example's own binary: the default games plus tic-tac-toe, every
//! subcommand for free.

use assert_cmd::Command;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Process, Stdio};

fn tictactoe() -> Command {
    Command::cargo_bin("tictactoe").unwrap()
}

#[test]
fn games_lists_tictactoe_next_to_the_default_games() {
    let out = tictactoe()
        .arg("games")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    for id in ["hus", "stratego", "quinque", "tictactoe"] {
        assert!(out.contains(id), "{id} in:\n{out}");
    }
    assert!(out.contains("gomoku-lite"), "{out}");
}

#[test]
fn scripted_play_through_stdin_reaches_the_result() {
    let script = "b2\nb2\nz9\na1\nc1\na3\na2\nc3\nb3\nb1\nc2\n";
    let out = tictactoe()
        .args([
            "play",
            "tictactoe",
            "--p1",
            "human",
            "--p2",
            "human",
            "--seed",
            "1",
        ])
        .write_stdin(script)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("illegal move 'b2'"), "{out}");
    assert!(out.contains("expected a cell"), "{out}");
    // x: b2 c1 a2 b3 c2 makes the middle row a2 b2 c2.
    assert!(out.contains("x wins (line-completed)"), "{out}");
}

#[test]
fn serve_plays_tictactoe() {
    let mut child = Process::new(env!("CARGO_BIN_EXE_tictactoe"))
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |line: &str| -> serde_json::Value {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        let mut answer = String::new();
        output.read_line(&mut answer).unwrap();
        serde_json::from_str(&answer).unwrap()
    };
    let new = ask(r#"{"cmd":"new","game":"tictactoe","seed":1}"#);
    assert_eq!(new["ok"], true, "{new}");
    let id = new["id"].clone();
    let legal = ask(&format!(r#"{{"cmd":"legal","id":{id}}}"#));
    assert_eq!(legal["moves"].as_array().unwrap().len(), 9, "{legal}");
    let played = ask(&format!(
        r#"{{"cmd":"play","id":{id},"move":["a1","b1","a2","b2","a3"]}}"#
    ));
    assert_eq!(played["ok"], true, "{played}");
    assert_eq!(played["status"]["outcome"]["winner_name"], "x", "{played}");
    let quit = ask(r#"{"cmd":"quit"}"#);
    assert_eq!(quit["ok"], true, "{quit}");
    assert!(child.wait().unwrap().success());
}
