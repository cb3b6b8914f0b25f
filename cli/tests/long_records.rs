//! Long records: `show`, `replay` and `serve`'s `load` of a legal record of
//! 100 000 moves finish with bounded memory (a session keeps the moves and a
//! few snapshots, not every position), and a record beyond the bound of
//! moves a game may hold (`plateau::MAX_MOVES`) gets an error naming it.
//!
//! Memory is measured in a child process: this test binary runs itself
//! again with [`CHILD`] set, the child runs one command line through
//! `plateau_cli::run_with` (what the `plateau` binary runs) and prints its
//! peak resident memory (`VmHWM` of /proc/self/status).

use plateau::{DynSession, GameRecord, Registry, RulesSpec};
use std::path::Path;
use std::process::Command;

/// The environment variable that makes [`child`] run a command line: the
/// arguments, separated by tab characters; the standard input comes from
/// the file named by [`CHILD_INPUT`], if set.
const CHILD: &str = "PLATEAU_LONG_RECORD_CHILD";
const CHILD_INPUT: &str = "PLATEAU_LONG_RECORD_INPUT";
/// The file where [`child`] writes its report.
const CHILD_REPORT: &str = "PLATEAU_LONG_RECORD_REPORT";

/// The most memory a command may use on a record of 100 000 moves. On main
/// before sessions kept snapshots, a Stratego record of 10 000 moves took
/// 500 MB and one of 100 000 moves ran out of memory.
const PEAK_LIMIT_KB: u64 = 200 * 1024;

/// A legal record of `plies` moves of play, built through the registry:
/// rules with no cap and no repetition limit, the setups, then each
/// player's moves taken from `cycle`, repeated (moves that bring the pieces
/// back where they were, so the game never ends).
fn long_record(
    registry: &Registry,
    game: &str,
    set: &[(&str, &str)],
    opening: &[&str],
    cycle: &[&str],
    plies: usize,
) -> GameRecord {
    let mut spec = RulesSpec::default_variant();
    for (key, value) in set {
        spec = spec.set(key, value);
    }
    let rules = registry.find(game).unwrap().load(&spec).unwrap();
    let mut session: Box<dyn DynSession> = rules.new_session(1);
    for text in opening {
        session.play(text).unwrap();
    }
    // The cycle is checked on the engine once; the rest repeats it.
    for text in cycle {
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
    record
}

/// A Stratego record of `plies` moves of play: two scouts step forward and
/// back (two-squares rule and chase rule off, no move cap: RULES.md S7,
/// S8, S9.5).
fn stratego_record(plies: usize) -> GameRecord {
    let setup = "setup 2 2 2 2 2 2 2 2 3 3 / X 9 8 8 7 7 7 6 6 6 / \
                 6 5 5 5 5 4 4 4 4 S / 3 3 3 B B B B B B F";
    long_record(
        &plateau_cli::default_registry(),
        "stratego",
        &[
            ("two_square_limit", "0"),
            ("chase_rule", "false"),
            ("max_plies", "0"),
            ("max_plies_without_capture", "0"),
        ],
        &[setup, setup],
        &["a4-a5", "a7-a6", "a5-a4", "a6-a7"],
        plies,
    )
}

/// Runs `plateau ARGS` in a child process; returns the exit code, the
/// standard output and the child's peak resident memory in kB.
fn measured(args: &[&str], input: Option<&Path>) -> (i32, String, u64) {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report");
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args(["--exact", "child", "--ignored", "--test-threads=1"])
        .env(CHILD, args.join("\t"))
        .env(CHILD_REPORT, &report);
    if let Some(path) = input {
        command.env(CHILD_INPUT, path);
    }
    let output = command.output().unwrap();
    let stdout = std::fs::read_to_string(&report).unwrap_or_default();
    let field = |name: &str| -> String {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| {
                panic!(
                    "the child reported no {name}: {stdout}\n{}{}",
                    String::from_utf8_lossy(&output.stdout),
                    String::from_utf8_lossy(&output.stderr)
                )
            })
            .to_string()
    };
    let code = field("exit code: ").parse().unwrap();
    eprintln!("{}: peak {} kB", args.join(" "), field("peak kB: "));
    let peak = field("peak kB: ").parse().unwrap();
    let out = stdout
        .lines()
        .filter(|l| l.starts_with("out: "))
        .map(|l| &l[5..])
        .collect::<Vec<_>>()
        .join("\n");
    (code, out, peak)
}

/// The child: runs the command line of [`CHILD`] and reports its exit code,
/// its output (each line after `out: `) and the peak memory in the file of
/// [`CHILD_REPORT`].
#[test]
#[ignore = "run by the other tests of this file, in a child process"]
fn child() {
    let args = std::env::var(CHILD).expect("run by long_records_take_bounded_memory");
    let mut all = vec!["plateau"];
    all.extend(args.split('\t'));
    let input = match std::env::var(CHILD_INPUT) {
        Ok(path) => std::fs::read(path).unwrap(),
        Err(_) => Vec::new(),
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = plateau_cli::run_with(
        &plateau_cli::default_registry(),
        all,
        &mut input.as_slice(),
        &mut out,
        &mut err,
    );
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let peak = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .expect("/proc/self/status has VmHWM");
    let mut report = format!("exit code: {code}\n");
    for line in String::from_utf8(out).unwrap().lines() {
        report.push_str(&format!("out: {line}\n"));
    }
    for line in String::from_utf8(err).unwrap().lines() {
        report.push_str(&format!("out: {line}\n"));
    }
    report.push_str(&format!("peak kB: {peak}\n"));
    let path = std::env::var(CHILD_REPORT).expect("the report file is named");
    std::fs::write(path, report).unwrap();
}

#[test]
fn long_records_take_bounded_memory() {
    let plies = 100_000;
    let record = stratego_record(plies);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.json");
    std::fs::write(&path, record.to_json()).unwrap();
    let file = path.to_str().unwrap();
    let total = plies + 2;

    let (code, out, peak) = measured(&["show", "--all", file], None);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("move {}", total + 1)), "{out}");
    assert!(out.contains("last move: "), "{out}");
    assert!(peak < PEAK_LIMIT_KB, "show took {peak} kB");

    let (code, out, peak) = measured(&["replay", file], None);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("{total} moves, every move legal")),
        "{out}"
    );
    assert!(peak < PEAK_LIMIT_KB, "replay took {peak} kB");

    // serve: load the record (one line under 1 MiB), take back all but the
    // setups at once, play on.
    let compact = serde_json::to_string(&record).unwrap();
    let requests = format!(
        "{{\"cmd\":\"load\",\"record\":{compact}}}\n\
         {{\"cmd\":\"undo\",\"id\":1,\"count\":{plies}}}\n\
         {{\"cmd\":\"play\",\"id\":1,\"move\":\"a4-a5\"}}\n"
    );
    assert!(requests.lines().next().unwrap().len() < 1 << 20);
    let input = dir.path().join("requests.jsonl");
    std::fs::write(&input, requests).unwrap();
    let (code, out, peak) = measured(&["serve"], Some(&input));
    assert_eq!(code, 0, "{out}");
    let responses: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(responses.len(), 3, "{out}");
    assert!(responses.iter().all(|r| r["ok"] == true), "{out}");
    assert_eq!(responses[0]["status"]["moves_played"], total);
    assert_eq!(responses[1]["status"]["moves_played"], 2);
    assert_eq!(responses[2]["status"]["moves_played"], 3);
    assert!(peak < PEAK_LIMIT_KB, "serve took {peak} kB");
}

#[test]
fn a_record_beyond_the_bound_is_refused_by_name() {
    let mut record = stratego_record(4);
    let max = plateau::MAX_MOVES;
    record.moves.resize(max + 1, "a4-a5".to_string());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("too-long.json");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    for command in ["show --all", "replay"] {
        let mut args: Vec<&str> = command.split(' ').collect();
        args.push(path.to_str().unwrap());
        let mut out = Vec::new();
        let mut err = Vec::new();
        let code = plateau_cli::run_with(
            &plateau_cli::default_registry(),
            std::iter::once("plateau").chain(args),
            &mut [].as_slice(),
            &mut out,
            &mut err,
        );
        let err = String::from_utf8(err).unwrap();
        assert_eq!(code, 1, "{err}");
        assert!(
            err.contains(&format!("holds {} moves, more than the {max}", max + 1)),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
