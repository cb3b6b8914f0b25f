//! The UCC protocol end to end, both ways at once: `plateau arena` plays an
//! outside program (`ucc:cmd=...`) that is `plateau ucc --agent ...`
//! itself, so every line Plateau the referee writes is read by Plateau the
//! program, and back. Also `plateau ucc` against a manager that breaks the
//! protocol, and a faulty program counted apart by the arena.

use assert_cmd::Command;
use serde_json::Value;

fn plateau(args: &[&str], input: &str) -> (i32, String, String) {
    let output = Command::cargo_bin("plateau")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .unwrap();
    (
        output.status.code().expect("exited normally"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

const UCC_RULES: [&str; 4] = ["--set", "two_square_limit=0", "--set", "chase_rule=false"];

fn arena(a: &str, b: &str, games: &str) -> Value {
    let mut args = vec!["arena", "stratego"];
    args.extend(UCC_RULES);
    args.extend([
        "--a", a, "--b", b, "--games", games, "--seed", "3", "--json",
    ]);
    let (code, out, err) = plateau(&args, "");
    assert_eq!(code, 0, "{out}\n{err}");
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn plateau_plays_itself_over_the_protocol_without_a_fault() {
    let bin = assert_cmd::cargo::cargo_bin("plateau");
    let program = format!("ucc:cmd={},args=ucc --agent random --seed 5", bin.display());
    let report = arena(&program, "random", "6");
    let summary = &report["summary"];
    assert_eq!(summary["faults"], serde_json::json!([0, 0]), "{report}");
    assert_eq!(summary["games"], 6, "{report}");
    for g in report["games"].as_array().unwrap() {
        let reason = g["reason"].as_str().unwrap();
        assert!(
            [
                "flag-captured",
                "no-movable-pieces",
                "no-legal-move",
                "move-cap"
            ]
            .contains(&reason),
            "{g}"
        );
    }
    // The program's seat with a searching agent inside: still no fault.
    let program = format!("ucc:cmd={},args=ucc --agent greedy,time=5s", bin.display());
    let report = arena(&program, "random", "2");
    assert_eq!(
        report["summary"]["faults"],
        serde_json::json!([0, 0]),
        "{report}"
    );
}

#[test]
fn a_faulty_program_is_counted_apart_with_its_reason() {
    let dir = std::env::temp_dir().join(format!("plateau-ucc-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("illegal.sh");
    std::fs::write(
        &script,
        "read l\necho FB8sB479B8; echo BB31555583; echo 6724898974; echo 967B669999\n\
         while true; do for i in 1 2 3 4 5 6 7 8 9 10 11; do read l || exit 0; done; echo 4 4 UP; done\n",
    )
    .unwrap();
    let spec = format!("ucc:cmd=sh,args={},time=1s", script.display());
    let report = arena(&spec, "random", "2");
    assert_eq!(
        report["summary"]["faults"],
        serde_json::json!([2, 0]),
        "{report}"
    );
    assert_eq!(report["summary"]["games"], 0, "{report}");
    for g in report["games"].as_array().unwrap() {
        assert_eq!(g["result"], "a_fault", "{g}");
        assert!(
            g["reason"]
                .as_str()
                .unwrap()
                .starts_with("fault: illegal move: '4 4 UP'"),
            "{g}"
        );
    }
    // The table says so too.
    let mut args = vec!["arena", "stratego"];
    args.extend(UCC_RULES);
    args.extend(["--a", &spec, "--b", "random", "--games", "1"]);
    let (code, out, _) = plateau(&args, "");
    assert_eq!(code, 0);
    assert!(
        out.contains("faults, counted apart (in neither score): A 1, B 0"),
        "{out}"
    );
    assert!(out.contains("game 0: A ("), "{out}");
}

#[test]
fn plateau_ucc_names_the_managers_bad_line() {
    let (code, out, err) = plateau(
        &["ucc", "--agent", "random"],
        "RED manager 10 10\nSTART\nnonsense\n",
    );
    assert_eq!(code, 1, "{out}\n{err}");
    // It answered the setup before the bad board.
    assert_eq!(out.lines().count(), 4, "{out}");
    assert!(
        err.contains("line 3 'nonsense'") && err.contains("board row"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = plateau(&["ucc", "--agent", "nobody"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--agent") && err.contains("unknown agent 'nobody'"),
        "{err}"
    );
    let (code, _, err) = plateau(
        &["ucc", "--set", "options.reconquest=true"],
        "BLUE x 10 10\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("reconquest"), "{err}");
}

#[test]
fn agents_lists_the_outside_program_agent_for_stratego_only() {
    let (_, out, _) = plateau(&["agents", "stratego"], "");
    assert!(out.contains("ucc") && out.contains("cmd"), "{out}");
    let (_, out, _) = plateau(&["agents", "hus"], "");
    assert!(!out.contains("ucc"), "{out}");
}

/// Plays a Stratego game over `plateau serve` to its end, asking `genmove`
/// with `agent(seat)` for each move; the number of moves played.
fn serve_game_with(agent: impl Fn(u64) -> String) -> usize {
    use std::io::{BufRead, BufReader, Write};
    let bin = assert_cmd::cargo::cargo_bin("plateau");
    let mut serve = std::process::Command::new(&bin)
        .arg("serve")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = serve.stdin.take().unwrap();
    let mut output = BufReader::new(serve.stdout.take().unwrap());
    let mut ask = |request: Value| -> Value {
        writeln!(input, "{request}").unwrap();
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap()
    };
    let created = ask(
        serde_json::json!({"cmd": "new", "game": "stratego", "seed": 3,
        "set": {"two_square_limit": 0, "chase_rule": false}}),
    );
    let id = created["id"].clone();
    let mut moves = 0;
    loop {
        let status = ask(serde_json::json!({"cmd": "status", "id": id}))["status"].clone();
        if status["over"] == true {
            let reason = status["outcome"]["reason"].as_str().unwrap().to_string();
            assert!(
                [
                    "flag-captured",
                    "no-movable-pieces",
                    "no-legal-move",
                    "move-cap"
                ]
                .contains(&reason.as_str()),
                "{reason}"
            );
            break;
        }
        let seat = status["to_move"].as_u64().unwrap();
        let r = ask(
            serde_json::json!({"cmd": "genmove", "id": id, "agent": agent(seat), "play": true}),
        );
        assert_eq!(r["ok"], true, "move {moves}, seat {seat}: {r}");
        moves += 1;
        assert!(moves < 5000);
    }
    drop(input);
    serve.wait().unwrap();
    moves
}

/// An outside program as a UCC program: Plateau itself, `ucc --agent random`.
fn plateau_as_ucc_program(seed: u64) -> String {
    let bin = assert_cmd::cargo::cargo_bin("plateau");
    format!(
        "ucc:cmd={},args=ucc --agent random --seed {seed}",
        bin.display()
    )
}

#[test]
fn serve_plays_an_outside_program_move_by_move_with_the_same_agent() {
    // The serve session keeps one agent a spec and seat, so the program
    // lives from its setup to the end of the game.
    let program = plateau_as_ucc_program(4);
    let moves = serve_game_with(|seat| {
        if seat == 0 {
            program.clone()
        } else {
            "random:seed=2".to_string()
        }
    });
    assert!(moves > 2);
}

#[test]
fn serve_gives_each_seat_its_own_outside_program_for_one_spec() {
    // One spec asked for both sides (a script that plays a program against
    // itself): each seat has its own agent, so each side's program is set
    // up as that side, sees only that side's view and plays it to the end.
    // With one agent for both, the second setup would restart the program
    // as the second player, and the first player's move would go to it.
    let program = plateau_as_ucc_program(4);
    let moves = serve_game_with(|_| program.clone());
    assert!(moves > 2);
}

#[test]
fn serve_reports_an_outside_programs_fault_as_agent_failed() {
    // A program whose setup is no setup (UCC: four rows of ten pieces):
    // genmove answers with the kind `agent_failed` and the reason, and the
    // game goes on for another agent.
    let dir = std::env::temp_dir().join(format!("plateau-ucc-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("no-setup.sh");
    std::fs::write(&script, "read l\necho not a setup\nsleep 5\n").unwrap();
    let spec = format!("ucc:cmd=sh,args={},time=2s", script.display());
    let lines = [
        serde_json::json!({"cmd": "new", "game": "stratego", "seed": 3,
            "set": {"two_square_limit": 0, "chase_rule": false}}),
        serde_json::json!({"cmd": "genmove", "id": 1, "agent": spec, "play": true}),
        serde_json::json!({"cmd": "genmove", "id": 1, "agent": "random", "play": true}),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (code, out, err) = plateau(&["serve"], &input);
    assert_eq!(code, 0, "{err}");
    let replies: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 3, "{out}");
    let failed = &replies[1];
    assert_eq!(failed["ok"], false, "{failed}");
    assert_eq!(failed["error"]["kind"], "agent_failed", "{failed}");
    let message = failed["error"]["message"].as_str().unwrap();
    assert!(message.contains("setup"), "{message}");
    assert_eq!(replies[2]["ok"], true, "{}", replies[2]);
}
