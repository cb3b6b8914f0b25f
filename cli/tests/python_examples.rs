//! Runs the Python examples of examples/python against the `plateau` binary
//! of this build (passed in PLATEAU_BIN). Skipped, with a message, only
//! where python3 is missing.

use std::io::Write;
use std::process::{Command, Stdio};

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/python");

fn have_python() -> bool {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !found {
        eprintln!("SKIPPED: python3 is not installed; the Python examples were not run");
    }
    found
}

/// Runs `python3 ARGS` in examples/python; returns its standard output.
fn python(args: &[&str]) -> String {
    let output = Command::new("python3")
        .args(args)
        .current_dir(EXAMPLES)
        .env("PLATEAU_BIN", env!("CARGO_BIN_EXE_plateau"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "python3 {args:?} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The games the binary registers, asked through `plateau serve`.
fn registered_games() -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"{\"cmd\":\"games\"}\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let response: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    response["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn random_game_plays_one_game_of_each_registered_game() {
    if !have_python() {
        return;
    }
    let out = python(&["random_game.py", "--seed", "3", "--max-plies", "3000"]);
    let lines: Vec<&str> = out.lines().collect();
    let games = registered_games();
    assert_eq!(lines.len(), games.len(), "{out}");
    for (line, game) in lines.iter().zip(&games) {
        assert!(line.starts_with(&format!("{game}: ")), "{line}");
        assert!(
            line.contains(" wins ") || line.contains("draw") || line.contains("stopped after"),
            "{line}"
        );
    }
}

#[test]
fn match_plays_the_games_and_prints_the_score() {
    if !have_python() || !registered_games().iter().any(|g| g == "hus") {
        return;
    }
    let out = python(&["match.py", "--games", "4", "--budget-ms", "10"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (i, line) in lines[..4].iter().enumerate() {
        assert!(line.starts_with(&format!("game {}: ", i + 1)), "{line}");
    }
    let last = lines[4];
    assert!(last.starts_with("random:1 "), "{last}");
    assert!(last.contains(" random:2 (wins "), "{last}");
    assert!(last.ends_with("over 4 games of hus"), "{last}");
    // "random:1 A - B random:2 (...)": the two scores add up to the games.
    let words: Vec<&str> = last.split_whitespace().collect();
    let a: f64 = words[1].parse().unwrap();
    let b: f64 = words[3].parse().unwrap();
    assert_eq!(words[2], "-", "{last}");
    assert_eq!(a + b, 4.0, "{last}");
}

#[test]
fn bench_pipe_reports_plies_per_second() {
    if !have_python() || !registered_games().iter().any(|g| g == "hus") {
        return;
    }
    for extra in [None, Some("--no-describe")] {
        let mut args = vec!["bench_pipe.py", "--plies", "1000"];
        args.extend(extra);
        let out = python(&args);
        assert!(out.starts_with("hus: "), "{out}");
        assert!(out.contains(" plies/s "), "{out}");
    }
}

#[test]
fn the_client_module_raises_errors_with_their_kind() {
    if !have_python() {
        return;
    }
    let script = r#"
from plateau_client import Client, PlateauError
with Client() as p:
    try:
        p.new("no-such-game")
    except PlateauError as e:
        print(e.kind)
    try:
        p.legal(42)
    except PlateauError as e:
        print(e.kind)
    print(p.send_line(b"\xff garbage")["error"]["kind"])
    print(len(p.games()) > 0)
"#;
    let out = python(&["-c", script]);
    assert_eq!(out, "unknown_game\nunknown_id\nparse\nTrue\n");
}

/// Runs `python3 ARGS` in examples/python and kills it after `seconds`;
/// returns (exit success, stdout, stderr), or panics on the timeout.
fn python_within(args: &[&str], seconds: u64) -> (bool, String, String) {
    let mut child = Command::new("python3")
        .args(args)
        .current_dir(EXAMPLES)
        .env("PLATEAU_BIN", env!("CARGO_BIN_EXE_plateau"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("python3 {args:?} did not end within {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn bench_pipe_plays_games_whose_moves_cannot_be_listed() {
    if !have_python() || !registered_games().iter().any(|g| g == "stratego") {
        return;
    }
    // A Stratego setup cannot be listed by `legal`; the benchmark used to
    // start a new game at each empty list, forever.
    let (ok, out, err) = python_within(
        &["bench_pipe.py", "--game", "stratego", "--plies", "300"],
        120,
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.starts_with("stratego: "), "{out}");
    let plies: u64 = out
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("plies in {out}"));
    assert!(plies >= 300, "{out}");
}

#[test]
fn the_scripts_report_a_failed_request_in_one_line_without_a_traceback() {
    if !have_python() {
        return;
    }
    for (args, kind) in [
        (
            vec!["match.py", "--game", "no-such-game", "--games", "1"],
            "unknown_game",
        ),
        (
            vec!["match.py", "oracle", "random", "--games", "1"],
            "unknown_agent",
        ),
        (vec!["random_game.py", "--seed", "-1"], "bad_request"),
        (
            vec!["bench_pipe.py", "--game", "no-such-game", "--plies", "10"],
            "unknown_game",
        ),
    ] {
        let (ok, _, err) = python_within(&args, 60);
        assert!(!ok, "{args:?} fails");
        assert!(!err.contains("Traceback"), "{args:?}: {err}");
        let script = args[0];
        assert!(
            err.starts_with(&format!("{script}: error: {kind}: ")),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_client_module_run_as_a_script_says_how_to_use_it() {
    if !have_python() {
        return;
    }
    let out = python(&["plateau_client.py", "--help"]);
    assert!(out.contains("from plateau_client import Client"), "{out}");
}
