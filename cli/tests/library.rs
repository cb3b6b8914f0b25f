//! The command line as a library, driven in-process with a registry of its
//! own (the framework's demo game Nim), as a program adding a game would.

mod common;

use common::{one_line_error, p, run, run_in};
use std::fs;

#[test]
fn games_lists_the_registered_games() {
    let o = run(&["games"]);
    assert_eq!(o.code, 0);
    assert!(o.out.contains("nim - Nim"), "{}", o.out);
    assert!(o.out.contains("standard"), "{}", o.out);
    let o = run(&["games", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o.out).unwrap();
    assert_eq!(v[0]["game"], "nim");
    assert_eq!(v[0]["variants"][0]["default"], true);
}

#[test]
fn rules_show_every_parameter_with_its_description() {
    let o = run(&["rules", "nim"]);
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(o.out.contains("pile = 21"), "{}", o.out);
    assert!(o.out.contains("stones at the start"), "{}", o.out);
    assert!(o.out.contains("max_take = 3"), "{}", o.out);
    let o = run(&["rules", "nim", "--set", "pile=9", "--toml"]);
    assert!(o.out.contains("pile = 9"), "{}", o.out);
    let toml: toml::Table = toml::from_str(&o.out).unwrap();
    assert_eq!(toml["max_take"].as_integer(), Some(3));
}

#[test]
fn rules_errors() {
    one_line_error(&run(&["rules", "chess"]), 2, "unknown game 'chess'");
    one_line_error(
        &run(&["rules", "nim", "--variant", "big"]),
        2,
        "unknown variant 'big'",
    );
    one_line_error(&run(&["rules", "nim", "--set", "colour=3"]), 2, "colour");
    one_line_error(
        &run(&["rules", "nim", "--set", "max_take=0"]),
        2,
        "max_take",
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = p(dir.path(), "bad.toml");
    fs::write(&bad, "pile = 21\nmax_take = [\n").unwrap();
    one_line_error(&run(&["rules", "nim", "--rules", &bad]), 1, "bad.toml");
    let unknown = p(dir.path(), "unknown.toml");
    fs::write(&unknown, "pile = 21\nmax_take = 3\ncolour = 1\n").unwrap();
    one_line_error(&run(&["rules", "nim", "--rules", &unknown]), 1, "colour");
    one_line_error(
        &run(&["rules", "nim", "--rules", &p(dir.path(), "missing.toml")]),
        1,
        "missing.toml",
    );
}

#[test]
fn new_moves_apply_show_replay() {
    let dir = tempfile::tempdir().unwrap();
    let g = p(dir.path(), "g.json");
    let o = run(&["new", "nim", "--seed", "5", "--set", "pile=5", "-o", &g]);
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(o.out.contains("first to move"), "{}", o.out);
    let o = run(&["moves", &g]);
    assert_eq!(o.out, "first to move (move 1)\n3 legal moves:\n1\n2\n3\n");
    let o = run(&["apply", &g, "2", "1", "--json"]);
    assert_eq!(o.code, 0, "{}", o.err);
    let v: serde_json::Value = serde_json::from_str(&o.out).unwrap();
    assert_eq!(v["status"]["to_move"], 0);
    assert_eq!(v["status"]["moves_played"], 2);
    let o = run(&["show", &g]);
    assert!(o.out.contains("pile: 2 stones"), "{}", o.out);
    assert!(o.out.contains("last move: second played 1"), "{}", o.out);
    let o = run(&["apply", &g, "2"]);
    assert!(o.out.contains("game over: first wins"), "{}", o.out);
    let o = run(&["moves", &g, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o.out).unwrap();
    assert_eq!(v["status"]["over"], true);
    assert_eq!(v["moves"], serde_json::json!([]));
    let o = run(&["replay", &g, "--verbose"]);
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(o.out.contains("1. first played 2"), "{}", o.out);
    assert!(o.out.contains("first wins (last-stone-taken)"), "{}", o.out);
}

#[test]
fn apply_errors_leave_the_file_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let g = p(dir.path(), "g.json");
    assert_eq!(run(&["new", "nim", "--seed", "1", "-o", &g]).code, 0);
    let before = fs::read(&g).unwrap();
    one_line_error(
        &run(&["apply", &g, "1", "x"]),
        1,
        "move 2: cannot read move 'x'",
    );
    one_line_error(&run(&["apply", &g, "1", "4"]), 1, "illegal move '4'");
    assert_eq!(fs::read(&g).unwrap(), before);
}

#[test]
fn corrupted_records_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let g = p(dir.path(), "g.json");
    assert_eq!(run(&["new", "nim", "--seed", "1", "-o", &g]).code, 0);
    let good = fs::read_to_string(&g).unwrap();
    let truncated = p(dir.path(), "truncated.json");
    fs::write(&truncated, &good[..good.len() / 2]).unwrap();
    let wrong_game = p(dir.path(), "chess.json");
    fs::write(&wrong_game, good.replace("\"nim\"", "\"chess\"")).unwrap();
    let illegal = p(dir.path(), "illegal.json");
    fs::write(
        &illegal,
        good.replace("\"moves\": []", "\"moves\": [\"3\", \"7\"]"),
    )
    .unwrap();
    for cmd in ["moves", "show", "replay"] {
        one_line_error(
            &run(&[cmd, &truncated]),
            1,
            "truncated.json: not a game record",
        );
        one_line_error(&run(&[cmd, &wrong_game]), 1, "unknown game 'chess'");
        one_line_error(&run(&[cmd, &illegal]), 1, "move 2");
    }
    let before = fs::read(&illegal).unwrap();
    one_line_error(&run(&["apply", &illegal, "1"]), 1, "move 2");
    assert_eq!(fs::read(&illegal).unwrap(), before);
}

#[test]
fn play_against_a_random_player_through_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let save = p(dir.path(), "saved.json");
    let input = format!("help\nmoves\n9\nabc\n3\nundo\n1\nquit\n{save}\n");
    let o = run_in(&["play", "nim", "--p2", "random:4", "--seed", "1"], &input);
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(o.out.contains("Commands:"), "{}", o.out);
    assert!(o.out.contains("3 legal moves: 1, 2, 3"), "{}", o.out);
    assert!(o.out.contains("illegal move '9'"), "{}", o.out);
    assert!(o.out.contains("cannot read move 'abc'"), "{}", o.out);
    assert!(o.out.contains("Taken back."), "{}", o.out);
    assert!(o.out.contains("Stopped"), "{}", o.out);
    let record: plateau::GameRecord =
        plateau::GameRecord::from_json(&fs::read_to_string(&save).unwrap()).unwrap();
    // 3 and the reply were taken back; 1 and the reply remain.
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.moves[0], "1");
}

#[test]
fn play_ends_cleanly_at_the_end_of_input() {
    let o = run_in(&["play", "nim", "--seed", "1"], "1\n");
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(o.out.contains("Stopped"), "{}", o.out);
}

#[test]
fn random_players_play_to_the_end() {
    let o = run_in(
        &[
            "play", "nim", "--p1", "random", "--p2", "random:9", "--seed", "3",
        ],
        "",
    );
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(o.out.contains("Result: "), "{}", o.out);
}

#[test]
fn bench_and_perft() {
    let o = run(&["bench", "nim", "--games", "50", "--json"]);
    assert_eq!(o.code, 0, "{}", o.err);
    let v: serde_json::Value = serde_json::from_str(&o.out).unwrap();
    assert_eq!(v["games"], 50);
    assert!(v["machine"]["cores"].as_u64().unwrap() >= 1);
    let o = run(&["bench", "nim", "--games", "10"]);
    for w in [
        "games/s",
        "plies/s",
        "mean length",
        "capped games",
        "machine",
    ] {
        assert!(o.out.contains(w), "{}", o.out);
    }
    // --agent: the search speed of an agent, one move on each position.
    let spec = [
        "bench",
        "nim",
        "--agent",
        "alphabeta:depth=3",
        "--positions",
        "2",
    ];
    let o = run(&[&spec[..], &["--every", "1", "--json"]].concat());
    assert_eq!(o.code, 0, "{}", o.err);
    let v: serde_json::Value = serde_json::from_str(&o.out).unwrap();
    assert_eq!(v["unit"], "nodes");
    assert_eq!(v["agent"], "alphabeta:depth=3");
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 2);
    assert_eq!(positions[1]["ply"], 1);
    let sum: u64 = positions
        .iter()
        .map(|p| p["iterations"].as_u64().unwrap())
        .sum();
    assert!(sum > 0);
    assert_eq!(v["iterations"].as_u64(), Some(sum));
    // A depth budget searches the same nodes every time.
    let again: serde_json::Value =
        serde_json::from_str(&run(&[&spec[..], &["--every", "1", "--json"]].concat()).out).unwrap();
    assert_eq!(again["iterations"], v["iterations"]);
    let o = run(&spec);
    for w in ["nodes/s", "ply 0", "depth 3", "machine"] {
        assert!(o.out.contains(w), "{}", o.out);
    }
    let o = run(&["bench", "nim", "--agent", "mcts:tme=1s"]);
    assert_eq!(o.code, 2);
    assert!(o.err.contains("no option 'tme'"), "{}", o.err);
    let o = run(&["perft", "nim", "--set", "pile=4", "--depth", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o.out).unwrap();
    // From 4 stones, taking 1 to 3: 3 first moves; pairs 3+2+1 = 6; triples
    // (1,1,1) (1,1,2) (1,2,1) (2,1,1) = 4.
    assert_eq!(v["counts"], serde_json::json!([3, 6, 4]));
    let dir = tempfile::tempdir().unwrap();
    let g = p(dir.path(), "g.json");
    run(&["new", "nim", "--set", "pile=5", "--seed", "0", "-o", &g]);
    run(&["apply", &g, "1"]);
    let o = run(&["perft", "--record", &g, "--depth", "2"]);
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(o.out.contains("depth 1: 3"), "{}", o.out);
    assert!(o.out.contains("depth 2: 6"), "{}", o.out);
    one_line_error(&run(&["perft", "nim", "--depth", "0"]), 2, "depth");
}

#[test]
fn usage_errors_are_one_line_with_exit_2() {
    one_line_error(&run(&["fly"]), 2, "unrecognized subcommand 'fly'");
    one_line_error(&run(&["new"]), 2, "try 'plateau new --help'");
    one_line_error(
        &run(&["play", "nim", "--p2", "deep"]),
        2,
        "unknown agent 'deep'",
    );
    one_line_error(
        &run(&["new", "nim", "--setup", "first=random"]),
        2,
        "not a setup",
    );
    let o = run(&["new", "--help"]);
    assert_eq!(o.code, 0);
    assert!(o.out.contains("Examples:"), "{}", o.out);
}

#[test]
fn errors_of_a_program_of_its_own_name_it_and_the_subcommand() {
    let mut err = Vec::new();
    let code = plateau_cli::run_with(
        &common::registry(),
        ["/usr/local/bin/nimble", "new", "nim", "--seed", "x"],
        &mut std::io::empty(),
        &mut Vec::new(),
        &mut err,
    );
    assert_eq!(code, 2);
    let err = String::from_utf8(err).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.trim_end().ends_with("; try 'nimble new --help'"),
        "{err}"
    );
    assert!(!err.contains("For more information"), "{err}");
}

#[test]
fn a_program_of_its_own_shows_its_own_name_in_version_and_help() {
    for (flag, expected) in [
        ("--version", "nimble "),
        ("--help", "Usage: nimble [OPTIONS] <COMMAND>"),
    ] {
        let mut out = Vec::new();
        let code = plateau_cli::run_with(
            &common::registry(),
            ["/usr/local/bin/nimble", flag],
            &mut std::io::empty(),
            &mut out,
            &mut Vec::new(),
        );
        assert_eq!(code, 0);
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains(expected), "{flag}: {out}");
        assert!(!out.contains("plateau 0"), "{flag}: {out}");
    }
}

/// The worked example of docs/ADDING_A_GAME.md, from the workspace root.
fn example(file: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Lines of Rust code: neither blank nor a comment.
fn code_lines(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .count()
}

#[test]
fn the_example_game_is_under_200_lines_of_code() {
    // Rules, notation, display and tests (issue 8: under about 200 lines;
    // a few more for the hook of its evaluation; its eval.rs and board.rs,
    // optional traits' methods, are not counted); the rules data (two TOML files of two keys) is
    // data, not code.
    let files = [
        "examples/tictactoe/src/lib.rs",
        "examples/tictactoe/src/main.rs",
        "examples/tictactoe/tests/rules.rs",
        "examples/tictactoe/tests/binary.rs",
    ];
    let lines: usize = files.iter().map(|f| code_lines(&example(f))).sum();
    assert!(lines < 205, "the example has {lines} lines of code");
}

/// The code blocks of a Markdown text whose first line contains `marker`,
/// without that line.
fn blocks_marked(markdown: &str, marker: &str) -> Vec<String> {
    markdown
        .split("```")
        .skip(1)
        .step_by(2)
        .filter_map(|b| b.split_once('\n').map(|(_, code)| code))
        .filter_map(|code| {
            let (first, rest) = code.split_once('\n')?;
            first.contains(marker).then(|| rest.to_string())
        })
        .collect()
}

#[test]
fn the_adding_a_game_guide_shows_the_example_as_it_is() {
    let guide = example("docs/ADDING_A_GAME.md");
    let one = |marker: &str| {
        let blocks = blocks_marked(&guide, marker);
        assert_eq!(blocks.len(), 1, "one block marked {marker}");
        blocks[0].clone()
    };
    // Copied literally, the crate, its data, its binary and its first test build.
    assert_eq!(
        one("# examples/tictactoe/Cargo.toml"),
        example("examples/tictactoe/Cargo.toml")
    );
    let rules_data = example("examples/tictactoe/rules-data/standard.toml");
    assert!(rules_data.ends_with(&one("# examples/tictactoe/rules-data/standard.toml")));
    let main = example("examples/tictactoe/src/main.rs");
    assert!(
        main.ends_with(&one("// examples/tictactoe/src/main.rs")),
        "{main}"
    );
    let tests = example("examples/tictactoe/tests/rules.rs");
    let first_test = one("// the first test of examples/tictactoe/tests/rules.rs");
    let (_imports, code) = first_test.split_once("\n\n").unwrap();
    assert!(tests.contains(code), "{code}");
    // The outline of the trait: every type, constant and signature is the example's.
    let lib = example("examples/tictactoe/src/lib.rs").replace("(&self, _", "(&self, ");
    let outline = one("impl Game for TicTacToe {");
    for line in outline.lines().map(str::trim) {
        let item = match line.find([';', '{']) {
            Some(end) if !line.starts_with("//") && line != "}" => &line[..end],
            _ => continue,
        };
        assert!(lib.contains(item.trim_end()), "not in lib.rs: {item}");
    }
}
