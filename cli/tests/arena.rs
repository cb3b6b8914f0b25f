//! End-to-end tests of `plateau arena`, `arena merge`, `tournament`,
//! `agents`, `play --p2 SPEC` with `hint`, and `serve genmove` with any
//! spec: small runs of `random` and tiny-budget agents, so they are fast.

use assert_cmd::Command;
use serde_json::Value;
use std::fs;
use std::path::Path;

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn run_in(args: &[&str], input: &str) -> Run {
    let output = Command::cargo_bin("plateau")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(120))
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

fn ok(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(r.code, 0, "{args:?}\nstdout: {}\nstderr: {}", r.out, r.err);
    assert!(r.err.is_empty(), "{}", r.err);
    r.out
}

/// A usage error (exit 2) on one line naming every needle.
fn usage_error(args: &[&str], needles: &[&str]) {
    let r = run(args);
    assert_eq!(r.code, 2, "{args:?}\nstdout: {}\nstderr: {}", r.out, r.err);
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    for needle in needles {
        assert!(r.err.contains(needle), "{:?} lacks {needle:?}", r.err);
    }
}

fn json(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A result without what is measured (the times), which no two runs share.
fn untimed(mut v: Value) -> Value {
    for g in v["games"].as_array_mut().unwrap() {
        g["time_us"] = Value::Null;
    }
    v["summary"]["ms_per_move"] = Value::Null;
    v
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

const A: &str = "mcts:iters=20";
const B: &str = "greedy";

fn arena(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "arena", "hus", "--a", A, "--b", B, "-n", "12", "--seed", "9",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn ok_owned(args: &[String]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    ok(&args)
}

#[test]
fn arena_totals_add_up_in_the_table_and_the_json() {
    let v = json(&ok_owned(&arena(&["--json"])));
    let s = &v["summary"];
    let (w, d, l) = (
        s["a"]["wins"].as_u64().unwrap(),
        s["a"]["draws"].as_u64().unwrap(),
        s["a"]["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 12);
    assert_eq!(s["games"], 12);
    assert_eq!(v["games"].as_array().unwrap().len(), 12);
    let first = &s["a_first"];
    let second = &s["a_second"];
    assert_eq!(
        first["wins"].as_u64().unwrap() + second["wins"].as_u64().unwrap(),
        w
    );
    let mut plies = 0;
    for (i, g) in v["games"].as_array().unwrap().iter().enumerate() {
        assert_eq!(g["index"], i as u64);
        assert_eq!(g["a_player"], (i % 2) as u64, "sides alternate");
        let moves = g["moves"][0].as_u64().unwrap() + g["moves"][1].as_u64().unwrap();
        assert_eq!(moves, g["plies"].as_u64().unwrap());
        plies += moves;
    }
    let mean = s["mean_length"].as_f64().unwrap();
    assert!((mean - plies as f64 / 12.0).abs() < 1e-9);
    let table = ok_owned(&arena(&[]));
    assert!(table.contains(&format!("A {A}")), "{table}");
    let row = table.lines().find(|l| l.starts_with("A ")).unwrap();
    let numbers: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(numbers[2..5], [w.to_string(), d.to_string(), l.to_string()]);
}

#[test]
fn a_run_is_reproducible_from_its_seed_on_one_thread_or_four() {
    let dir = tempfile::tempdir().unwrap();
    let (r1, r4) = (path(dir.path(), "r1.jsonl"), path(dir.path(), "r4.jsonl"));
    let one = json(&ok_owned(&arena(&[
        "--json",
        "--threads",
        "1",
        "--records",
        &r1,
    ])));
    let four = json(&ok_owned(&arena(&[
        "--json",
        "--threads",
        "4",
        "--records",
        &r4,
    ])));
    assert_eq!(untimed(one), untimed(four));
    assert_eq!(
        fs::read_to_string(&r1).unwrap(),
        fs::read_to_string(&r4).unwrap()
    );
}

#[test]
fn shards_merged_equal_the_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    let whole = json(&ok_owned(&arena(&["--json"])));
    let mut files = Vec::new();
    for i in 0..3 {
        let file = path(dir.path(), &format!("shard{i}.json"));
        let shard = format!("{i}/3");
        ok_owned(&arena(&["--shard", &shard, "-o", &file]));
        files.push(file);
    }
    let mut merge = vec!["arena", "merge", "--json"];
    merge.extend(files.iter().map(String::as_str).rev());
    let merged = json(&ok(&merge));
    assert_eq!(untimed(merged), untimed(whole));
    // The table of a merge reads like the run's.
    let table = ok(&["arena", "merge", &files[0], &files[1], &files[2]]);
    assert!(
        table.starts_with("Hus (standard): 12 games of 12, seed 9"),
        "{table}"
    );
    // Part of the shards: their games only, and said so.
    let part = ok(&["arena", "merge", &files[0], &files[2]]);
    assert!(
        part.contains("8 games of 12") && part.contains("shards 0,2 of 3"),
        "{part}"
    );
}

#[test]
fn merge_refuses_other_runs_and_a_shard_twice() {
    let dir = tempfile::tempdir().unwrap();
    let (s0, s1, other) = (
        path(dir.path(), "s0.json"),
        path(dir.path(), "s1.json"),
        path(dir.path(), "other.json"),
    );
    ok_owned(&arena(&["--shard", "0/2", "-o", &s0]));
    ok_owned(&arena(&[
        "--shard",
        "1/2",
        "-o",
        &s1,
        "--set",
        "max_plies=300",
    ]));
    let args: Vec<String> = ["arena", "hus", "--a", A, "--b", "random", "-n", "12"]
        .iter()
        .map(|s| s.to_string())
        .chain(["--seed", "9", "--shard", "1/2", "-o", &other].map(String::from))
        .collect();
    ok_owned(&args);
    let r = run(&["arena", "merge", &s0, &other]);
    assert_eq!(r.code, 1);
    assert!(
        r.err.contains("not the same arena run")
            && r.err.contains("b \"greedy\" against \"random\""),
        "{}",
        r.err
    );
    let r = run(&["arena", "merge", &s0, &s1]);
    assert!(r.err.contains("params"), "{}", r.err);
    let r = run(&["arena", "merge", &s0, &s0]);
    assert!(r.err.contains("shard 0/2 is also in"), "{}", r.err);
    fs::write(&other, "{\"format\": 1}").unwrap();
    let r = run(&["arena", "merge", &s0, &other]);
    assert_eq!(r.code, 1);
    assert!(
        r.err.contains("other.json: not an arena result"),
        "{}",
        r.err
    );
}

#[test]
fn records_lines_replay() {
    let dir = tempfile::tempdir().unwrap();
    let records = path(dir.path(), "games.jsonl");
    let v = json(&ok(&[
        "arena",
        "quinque",
        "--a",
        "random",
        "--b",
        "greedy",
        "-n",
        "3",
        "--seed",
        "2",
        "--records",
        &records,
        "--json",
    ]));
    let text = fs::read_to_string(&records).unwrap();
    assert_eq!(text.lines().count(), 3);
    for (i, line) in text.lines().enumerate() {
        let file = path(dir.path(), &format!("game{i}.json"));
        fs::write(&file, line).unwrap();
        let replayed = json(&ok(&["replay", &file, "--json"]));
        let winner = &replayed["status"]["outcome"]["winner"];
        let game = &v["games"][i];
        let a = game["a_player"].as_u64().unwrap();
        let expected = match game["result"].as_str().unwrap() {
            "a" => Value::from(a),
            "b" => Value::from(1 - a),
            _ => Value::Null,
        };
        assert_eq!(*winner, expected, "game {i}: {replayed}");
    }
}

#[test]
fn bad_arena_options_are_named() {
    usage_error(
        &[
            "arena",
            "hus",
            "--a",
            "mcts:tme=1s",
            "--b",
            "random",
            "-n",
            "2",
        ],
        &["--a", "'tme'", "time"],
    );
    usage_error(
        &["arena", "hus", "--a", "random", "--b", "oracle", "-n", "2"],
        &["--b", "unknown agent 'oracle'"],
    );
    usage_error(
        &[
            "arena", "hus", "--a", "random", "--b", "random", "--seed", "1", "--shard", "3/3",
        ],
        &["--shard", "from 0 to 2"],
    );
    usage_error(
        &[
            "arena", "hus", "--a", "random", "--b", "random", "--shard", "0/3",
        ],
        &["--shard needs --seed"],
    );
    usage_error(&["arena", "hus", "--a", "random"], &["--b"]);
    usage_error(
        &["tournament", "hus", "random", "alphabeta:depth=x"],
        &["agent 2", "depth"],
    );
}

#[test]
fn a_tournament_prints_a_ladder_of_every_agent() {
    let out = ok(&[
        "tournament",
        "hus",
        "random",
        "greedy",
        "mcts:iters=20",
        "-n",
        "4",
        "--seed",
        "3",
    ]);
    assert!(
        out.contains("round robin of 3 agents, 4 games per pair"),
        "{out}"
    );
    let ladder: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("rank"))
        .skip(1)
        .take_while(|l| !l.starts_with('('))
        .collect();
    assert_eq!(ladder.len(), 3, "{out}");
    for agent in ["random", "greedy", "mcts:iters=20"] {
        assert!(
            ladder
                .iter()
                .any(|l| l.split_whitespace().nth(1) == Some(agent)),
            "{out}"
        );
    }
    let v = json(&ok(&[
        "tournament",
        "hus",
        "random",
        "greedy",
        "mcts:iters=20",
        "-n",
        "4",
        "--seed",
        "3",
        "--json",
    ]));
    let games: u64 = v["ladder"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["games"].as_u64().unwrap())
        .sum();
    assert_eq!(games, 2 * 3 * 4, "each game counts for both agents");
    let points: f64 = v["ladder"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_f64().unwrap())
        .sum();
    assert_eq!(points, 12.0, "a point per game");
}

#[test]
fn agents_lists_each_games_agents_with_options_and_defaults() {
    let out = ok(&["agents", "hus"]);
    for needle in [
        "random",
        "greedy",
        "mcts",
        "alphabeta",
        "ai",
        "iters=",
        "c=1.4",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    let stratego = ok(&["agents", "stratego"]);
    assert!(
        stratego.contains("pimc") && stratego.contains("ismcts"),
        "{stratego}"
    );
    let v = json(&ok(&["agents", "--json"]));
    assert!(v.as_array().unwrap().len() >= 3);
    usage_error(&["agents", "chess"], &["unknown game 'chess'"]);
}

#[test]
fn play_against_an_agent_shows_its_time_and_hint_answers_from_the_view() {
    let r = run_in(
        &[
            "play",
            "hus",
            "--p2",
            "mcts:iters=30",
            "--hint",
            "greedy",
            "--seed",
            "4",
        ],
        "hint\nrandom\nquit\n\n",
    );
    assert_eq!(r.code, 0, "{}\n{}", r.out, r.err);
    assert!(r.out.contains("Hint for south: "), "{}", r.out);
    assert!(r.out.contains("(mcts:iters=30: "), "{}", r.out);
    assert!(r.out.contains("30 iterations"), "{}", r.out);
    usage_error(&["play", "hus", "--p2", "mcts:c=x"], &["--p2", "'x'"]);
}

#[test]
fn serve_genmove_takes_any_spec_and_can_show_its_analysis() {
    let input = [
        r#"{"cmd":"new","game":"hus","seed":3}"#,
        r#"{"cmd":"genmove","id":1,"agent":"mcts:iters=40,seed=1","analysis":true}"#,
        r#"{"cmd":"genmove","id":1,"agent":"alphabeta:depth=2","budget":{"iterations":500},"analysis":true,"play":true}"#,
        r#"{"cmd":"genmove","id":1,"agent":"mcts:tme=1s"}"#,
        r#"{"cmd":"genmove","id":1,"agent":"mcts:iters=40","budget":{"iterations":25},"analysis":true}"#,
        r#"{"cmd":"genmove","id":1,"agent":"random","budget":{"ms":5},"analysis":true}"#,
    ]
    .join("\n");
    let r = run_in(&["serve"], &input);
    let lines: Vec<Value> = r.out.lines().map(json).collect();
    assert_eq!(lines.len(), 6, "{}", r.out);
    let mcts = &lines[1];
    assert_eq!(mcts["ok"], true, "{mcts}");
    assert_eq!(mcts["analysis"]["iterations"], 40, "{mcts}");
    let top = mcts["analysis"]["top"].as_array().unwrap();
    assert!(!top.is_empty(), "{mcts}");
    assert_eq!(
        top[0]["move"], mcts["move"],
        "the best move is the one chosen"
    );
    let ab = &lines[2];
    assert_eq!(ab["ok"], true, "{ab}");
    assert!(ab["analysis"]["depth"].as_u64().is_some(), "{ab}");
    assert_eq!(ab["status"]["moves_played"], 1);
    assert_eq!(lines[3]["error"]["kind"], "unknown_agent");
    assert!(lines[3]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("'tme'"));
}

/// The `data-` attribute `name` of the element of `html` that carries
/// `marker` (the first tag holding both).
fn data_of(html: &str, marker: &str, name: &str) -> String {
    let tag = html
        .split('<')
        .find(|t| t.contains(marker))
        .unwrap_or_else(|| panic!("no tag with {marker}"));
    let key = format!("{name}=\"");
    let start = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in <{tag}"))
        + key.len();
    tag[start..].split('"').next().unwrap().to_string()
}

/// A report page holds nothing from elsewhere: no script, no link or
/// source outside the file.
fn self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"), "{}", &html[..40]);
    assert!(!html.contains("<script"), "a script");
    for attr in ["src=", "href=", "@import", "url("] {
        assert!(!html.contains(attr), "{attr} in the page");
    }
}

#[test]
fn report_pages_are_self_contained_and_hold_the_json_figures() {
    let dir = tempfile::tempdir().unwrap();
    let page = path(dir.path(), "arena.html");
    let out = ok(&[
        "arena", "hus", "--a", "greedy", "--b", "random", "-n", "12", "--seed", "3", "--json",
        "--report", &page,
    ]);
    let results = json(&out);
    let html = fs::read_to_string(&page).unwrap();
    self_contained(&html);
    for id in ["elo-chart", "score-chart", "length-chart"] {
        assert!(html.contains(&format!("<svg id=\"{id}\"")), "{id}");
    }
    let summary = &results["summary"];
    let a = data_of(&html, "data-side=\"A\"", "data-score");
    assert_eq!(a, format!("{:.3}", summary["score"].as_f64().unwrap()));
    assert_eq!(
        data_of(&html, "data-side=\"A\"", "data-wins"),
        summary["a"]["wins"].to_string()
    );
    // The running score ends at the final score; the histogram counts
    // every game.
    assert_eq!(data_of(&html, "id=\"score-chart\"", "data-final"), a);
    let counted: u64 = html
        .split("data-games=\"")
        .skip(1)
        .map(|t| t.split('"').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(counted, 12);

    let page = path(dir.path(), "tournament.html");
    let out = ok(&[
        "tournament",
        "hus",
        "random",
        "greedy",
        "alphabeta:depth=2",
        "-n",
        "4",
        "--seed",
        "2",
        "--json",
        "--report",
        &page,
    ]);
    let results = json(&out);
    let html = fs::read_to_string(&page).unwrap();
    self_contained(&html);
    for rating in results["ladder"].as_array().unwrap() {
        let agent = rating["agent"].as_str().unwrap();
        let elo = data_of(&html, &format!("data-agent=\"{agent}\""), "data-elo");
        let want = rating["elo"].as_f64().unwrap();
        assert_eq!(elo.parse::<f64>().unwrap(), want, "{agent}");
    }
    // The cross table: each pair's points from both sides add up to its games.
    let p01: f64 = data_of(&html, "data-row=\"0\" data-col=\"1\"", "data-points")
        .parse()
        .unwrap();
    let p10: f64 = data_of(&html, "data-row=\"1\" data-col=\"0\"", "data-points")
        .parse()
        .unwrap();
    assert_eq!(p01 + p10, 4.0);
}
