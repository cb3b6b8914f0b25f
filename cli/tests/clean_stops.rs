//! Clean stops: SIGTERM (and Ctrl-C, SIGINT) while `plateau apply` writes a
//! record leaves no temporary file, and the record is either its old text
//! or the new one, never part of it. The signal is sent at many moments
//! of the command's run, most of them near its end, where it writes.

#![cfg(unix)]

use plateau::{DynSession, RulesSpec};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How many runs are interrupted.
const RUNS: usize = 40;

/// A legal Stratego record of `plies` moves (two scouts step forward and
/// back, with the rules that would end such a game turned off), as text.
fn long_record_text(plies: usize) -> String {
    let setup = "setup 2 2 2 2 2 2 2 2 3 3 / X 9 8 8 7 7 7 6 6 6 / \
                 6 5 5 5 5 4 4 4 4 S / 3 3 3 B B B B B B F";
    let mut spec = RulesSpec::default_variant();
    for (key, value) in [
        ("two_square_limit", "0"),
        ("chase_rule", "false"),
        ("max_plies", "0"),
        ("max_plies_without_capture", "0"),
    ] {
        spec = spec.set(key, value);
    }
    let registry = plateau_cli::default_registry();
    let rules = registry.find("stratego").unwrap().load(&spec).unwrap();
    let mut session: Box<dyn DynSession> = rules.new_session(1);
    let cycle = ["a4-a5", "a7-a6", "a5-a4", "a6-a7"];
    for text in [setup, setup].iter().chain(&cycle) {
        session.play(text).unwrap();
    }
    let mut record = session.record();
    record.moves.extend(
        cycle
            .iter()
            .cycle()
            .take(plies - cycle.len())
            .map(|m| m.to_string()),
    );
    let mut text = record.to_json();
    text.push('\n');
    text
}

/// The names of the files in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A small generator of the moments (xorshift, seeded from the clock: the
/// seed is printed so that a failure can be replayed).
struct Moments(u64);

impl Moments {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn apply(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_plateau"));
    command
        .current_dir(dir)
        .args(["apply", "src.json", "a4-a5", "-o", "out.json"])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

#[test]
fn sigterm_and_ctrl_c_during_apply_leave_no_temporary_file_and_no_partial_record() {
    let dir = tempfile::tempdir().unwrap();
    let src = long_record_text(20_000);
    std::fs::write(dir.path().join("src.json"), &src).unwrap();
    // The old text of the output (any text will do) and the new one.
    let old = "the old text\n".repeat(1000);
    let out = dir.path().join("out.json");
    std::fs::write(&out, &old).unwrap();
    let started = Instant::now();
    assert!(apply(dir.path()).status().unwrap().success());
    let full = started.elapsed();
    let new = std::fs::read_to_string(&out).unwrap();
    assert!(new.len() > src.len(), "the move was written");
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    eprintln!("a full run takes {full:?}; moments seeded {seed}");
    let mut moments = Moments(seed);
    let (mut kept_old, mut got_new, mut caught) = (0, 0, 0);
    for run in 0..RUNS {
        std::fs::write(&out, &old).unwrap();
        let mut child = apply(dir.path()).spawn().unwrap();
        let at = if run % 2 == 0 {
            // Once the temporary file is seen, within half a millisecond.
            let seen = Instant::now();
            while child.try_wait().unwrap().is_none()
                && !names(dir.path()).iter().any(|n| n.ends_with(".tmp"))
                && seen.elapsed() < full * 4
            {}
            std::thread::sleep(Duration::from_micros((500.0 * moments.next()) as u64));
            seen.elapsed()
        } else {
            // Mostly in the last half of the run, where the record is written.
            let at = full.mul_f64(0.5 + 0.6 * moments.next());
            std::thread::sleep(at);
            at
        };
        let signal = if run % 4 == 3 { "-INT" } else { "-TERM" };
        let _ = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status();
        let status = child.wait().unwrap();
        if status.code() == Some(130) {
            caught += 1;
        }
        assert_eq!(
            names(dir.path()),
            ["out.json", "src.json"],
            "run {run} ({signal} after {at:?}, {status}): a file was left behind"
        );
        let text = std::fs::read_to_string(&out).unwrap();
        if text == old {
            kept_old += 1;
        } else if text == new {
            got_new += 1;
        } else {
            panic!(
                "run {run} ({signal} after {at:?}): the record is partial ({} bytes)",
                text.len()
            );
        }
    }
    eprintln!(
        "{RUNS} runs: {kept_old} kept the old text, {got_new} wrote the new one, \
         {caught} were stopped by the handler"
    );
    assert!(
        kept_old > 0,
        "some signals landed before the write was done"
    );
    assert!(
        caught > 0,
        "some signals landed while the record was written"
    );
}

#[test]
fn sigterm_at_the_line_prompt_autosaves_the_game_and_leaves_no_temporary_file() {
    use std::io::{Read, Write};
    use std::sync::{Arc, Mutex};
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(["play", "hus", "--plain", "--p2", "random", "--seed", "3"])
        .env("PLATEAU_AUTOSAVE_DIR", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let screen = Arc::new(Mutex::new(String::new()));
    let mut stdout = child.stdout.take().unwrap();
    let seen = screen.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    let prompts = || screen.lock().unwrap().matches("south>").count();
    let started = Instant::now();
    let mut stdin = child.stdin.take().unwrap();
    while prompts() < 1 {
        assert!(started.elapsed() < Duration::from_secs(20), "no prompt");
        std::thread::sleep(Duration::from_millis(20));
    }
    stdin.write_all(b"a1\n").unwrap();
    // The agent replies, then the prompt comes back.
    while prompts() < 2 {
        assert!(started.elapsed() < Duration::from_secs(20), "no reply");
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status}");
    let files = names(dir.path());
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files[0].ends_with(".json"), "{files:?}");
    let text = std::fs::read_to_string(dir.path().join(&files[0])).unwrap();
    let record: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["moves"][0], "a1", "{text}");
    drop(stdin);
}
