//! `plateau serve` as a process: every command, every error kind, several
//! games at once, garbage input, the end of input, and a Stratego game whose
//! responses to Blue are checked not to depend on Red's hidden ranks.

mod serve_common;

use assert_cmd::Command;
use plateau::rand::Rng;
use plateau_cli::serve::ErrorKind;
use serde_json::{json, Value};
use serve_common::{kind, parse_lines, Conn, Process};
use std::collections::BTreeSet;

/// Runs `plateau serve` on the given input and returns the responses.
fn serve(input: impl Into<Vec<u8>>) -> Vec<Value> {
    let output = Command::new(serve_common::plateau_bin())
        .arg("serve")
        .write_stdin(input.into())
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "plateau serve failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty(), "nothing on stderr");
    parse_lines(&output.stdout)
}

fn script(requests: &[Value]) -> Vec<u8> {
    requests
        .iter()
        .flat_map(|r| format!("{r}\n").into_bytes())
        .collect()
}

/// The games the binary registers.
fn registered() -> Vec<String> {
    let r = serve(script(&[json!({"cmd": "games"})]));
    r[0]["games"]
        .as_array()
        .expect("games lists the games")
        .iter()
        .map(|g| g["game"].as_str().unwrap().to_string())
        .collect()
}

/// Whether `game` is registered; prints why a test is skipped if not.
fn has_game(game: &str) -> bool {
    let games = registered();
    let found = games.iter().any(|g| g == game);
    if !found {
        eprintln!("SKIPPED: '{game}' is not registered in plateau_cli::default_registry() (games: {games:?})");
    }
    found
}

#[test]
fn garbage_then_valid_lines_are_answered_and_end_of_input_ends_cleanly() {
    let mut input = Vec::new();
    input.extend_from_slice(b"\xff\xfe\x00binary\x01\n");
    input.extend_from_slice(b"{\"cmd\":\n");
    input.extend_from_slice(&vec![b'{'; 2 * 1024 * 1024]);
    input.push(b'\n');
    input.extend_from_slice(b"{\"cmd\":\"nope\",\"tag\":1}\n");
    input.extend_from_slice(b"{\"cmd\":\"games\",\"tag\":2}\n");
    input.extend_from_slice(b"{\"cmd\":\"close\",\"id\":4}"); // no newline at the end
    let r = serve(input);
    let kinds: Vec<Option<&str>> = r.iter().map(kind).collect();
    assert_eq!(
        kinds,
        vec![
            Some("parse"),
            Some("parse"),
            Some("line_too_long"),
            Some("unknown_command"),
            None,
            Some("unknown_id"),
        ]
    );
    assert_eq!(r[3]["tag"], 1);
    assert_eq!(r[4]["tag"], 2);
}

#[test]
fn the_server_answers_each_line_at_once_and_ends_with_its_input() {
    let mut server = Process::start();
    for i in 0..3 {
        let r = server.send(&json!({"cmd": "games", "tag": i}));
        assert_eq!(r["tag"], i);
        assert_eq!(r["ok"], true);
    }
    server.write_raw(b"{\"cmd\":\"status\",\"id\":1}\n");
    assert_eq!(kind(&server.read_response()), Some("unknown_id"));
    let (success, rest) = server.finish();
    assert!(success, "exit status 0 at the end of input");
    assert!(rest.is_empty(), "nothing more: {rest}");
}

#[test]
fn quit_ends_the_server() {
    let r = serve(script(&[
        json!({"cmd": "quit", "tag": "bye"}),
        json!({"cmd": "games"}),
    ]));
    assert_eq!(r, vec![json!({"ok": true, "tag": "bye"})]);
}

#[test]
fn every_command_drives_a_hus_game() {
    if !has_game("hus") {
        return;
    }
    let mut s = Process::start();
    let games = s.ok(&json!({"cmd": "games"}));
    let hus = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "hus")
        .unwrap()
        .clone();
    assert_eq!(hus["variants"][0]["players"], json!(["south", "north"]));

    let new = s.ok(&json!({"cmd": "new", "game": "hus", "seed": 4, "tag": "n"}));
    assert_eq!(new["tag"], "n");
    let id = new["id"].clone();
    assert_eq!(new["status"]["to_move_name"], "south");
    let legal = s.ok(&json!({"cmd": "legal", "id": id}));
    let moves: Vec<String> = serde_json::from_value(legal["moves"].clone()).unwrap();
    assert!(moves.contains(&"a1".to_string()) && !moves.contains(&"b1".to_string()));
    let played = s.ok(&json!({"cmd": "play", "id": id, "move": moves[0]}));
    assert_eq!(played["status"]["to_move_name"], "north");
    assert!(played["described"].is_string() || played["described"].is_null());
    let view = s.ok(&json!({"cmd": "view", "id": id, "player": "south"}));
    assert!(view["view"].is_object());
    assert!(view["board"].as_str().unwrap().contains("a1"));
    let state = s.ok(&json!({"cmd": "state", "id": id}));
    assert!(state["state"].is_object());
    assert!(state["board"].as_str().unwrap().contains("a1"));
    let suggested = s.ok(&json!({"cmd": "genmove", "id": id, "agent": "random:2",
        "budget": {"ms": 50}}));
    let both = s.ok(&json!({"cmd": "play", "id": id,
        "move": [suggested["move"].clone()]}));
    assert_eq!(both["status"]["moves_played"], 2);
    let undone = s.ok(&json!({"cmd": "undo", "id": id, "count": 2}));
    assert_eq!(undone["status"]["moves_played"], 0);
    // Play to the end with genmove, then check record, load, status.
    let mut plies = 0;
    loop {
        let r = s.ok(&json!({"cmd": "genmove", "id": id, "agent": "random:9", "play": true}));
        plies += 1;
        if r["status"]["over"] == true {
            break;
        }
        assert!(plies < 5000, "a random Hus game ends");
    }
    let status = s.ok(&json!({"cmd": "status", "id": id}));
    assert_eq!(status["status"]["moves_played"], plies);
    assert!(status["status"]["outcome"]["winner"].is_u64());
    let record = s.ok(&json!({"cmd": "record", "id": id}))["record"].clone();
    assert_eq!(record["game"], "hus");
    assert_eq!(record["moves"].as_array().unwrap().len(), plies);
    let loaded = s.ok(&json!({"cmd": "load", "record": record}));
    assert_eq!(loaded["status"], status["status"]);
    let playout = s.ok(&json!({"cmd": "playout", "game": "hus", "count": 20, "seed": 1}));
    let wins: u64 = playout["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins + playout["draws"].as_u64().unwrap(), 20);
    let other = s.ok(&json!({"cmd": "new", "game": "hus"}));
    let resigned = s.ok(&json!({"cmd": "resign", "id": other["id"]}));
    assert_eq!(resigned["status"]["outcome"]["reason"], "resignation");
    s.ok(&json!({"cmd": "close", "id": id}));
    assert_eq!(s.send(&json!({"cmd": "quit"})), json!({"ok": true}));
    let (success, _) = s.finish();
    assert!(success);
}

#[test]
fn every_error_kind_from_the_binary() {
    if !has_game("hus") {
        return;
    }
    let mut s = Process::start();
    let id = s.ok(&json!({"cmd": "new", "game": "hus"}))["id"].clone();
    let mut record = s.ok(&json!({"cmd": "record", "id": id}))["record"].clone();
    record["moves"] = json!(["b1"]);
    let over = s.ok(&json!({"cmd": "new", "game": "hus"}))["id"].clone();
    s.ok(&json!({"cmd": "resign", "id": over}));
    let mut seen = BTreeSet::new();
    let mut expect = |s: &mut Process, line: Vec<u8>, expected: &str| {
        s.write_raw(&line);
        let r = s.read_response();
        assert_eq!(
            kind(&r),
            Some(expected),
            "{}",
            String::from_utf8_lossy(&line[..line.len().min(200)])
        );
        seen.insert(expected.to_string());
    };
    let line = |v: Value| format!("{v}\n").into_bytes();
    expect(&mut s, b"not json\n".to_vec(), "parse");
    let mut long = vec![b'"'; 1 << 21];
    long.push(b'\n');
    expect(&mut s, long, "line_too_long");
    expect(&mut s, line(json!({"cmd": "fly"})), "unknown_command");
    expect(
        &mut s,
        line(json!({"cmd": "play", "id": id})),
        "bad_request",
    );
    expect(
        &mut s,
        line(json!({"cmd": "new", "game": "go"})),
        "unknown_game",
    );
    expect(
        &mut s,
        line(json!({"cmd": "new", "game": "hus", "variant": "oware"})),
        "unknown_variant",
    );
    expect(
        &mut s,
        line(json!({"cmd": "new", "game": "hus", "set": {"no_such_key": 1}})),
        "bad_rules",
    );
    expect(
        &mut s,
        line(json!({"cmd": "legal", "id": 1000})),
        "unknown_id",
    );
    expect(
        &mut s,
        line(json!({"cmd": "view", "id": id, "player": 7})),
        "unknown_player",
    );
    expect(
        &mut s,
        line(json!({"cmd": "play", "id": id, "move": "z9"})),
        "bad_move",
    );
    expect(
        &mut s,
        line(json!({"cmd": "play", "id": id, "move": "b1"})),
        "illegal_move",
    );
    expect(
        &mut s,
        line(json!({"cmd": "play", "id": over, "move": "a1"})),
        "game_over",
    );
    expect(
        &mut s,
        line(json!({"cmd": "undo", "id": id})),
        "nothing_to_undo",
    );
    expect(
        &mut s,
        line(json!({"cmd": "load", "record": record})),
        "bad_record",
    );
    expect(
        &mut s,
        line(json!({"cmd": "genmove", "id": id, "agent": "mcts-of-doom"})),
        "unknown_agent",
    );
    expect(
        &mut s,
        line(json!({"cmd": "answer_undo", "id": id, "accept": true})),
        "no_request",
    );
    // The second player's seat, while the first is to move.
    let seat = s.ok(&json!({"cmd": "join", "id": id, "player": 1}))["id"].clone();
    expect(
        &mut s,
        line(json!({"cmd": "legal", "id": seat})),
        "not_your_turn",
    );
    expect(
        &mut s,
        line(json!({"cmd": "view", "id": seat, "player": 0})),
        "not_allowed",
    );
    // An outside program whose setup is no setup (Stratego's `ucc:` agent).
    let dir = std::env::temp_dir().join(format!("plateau-serve-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("no-setup.sh");
    std::fs::write(&script, "read l\necho not a setup\n").unwrap();
    let stratego = s.ok(&json!({"cmd": "new", "game": "stratego", "seed": 1,
        "set": {"two_square_limit": 0, "chase_rule": false}}))["id"]
        .clone();
    let program = format!("ucc:cmd=sh,args={},time=2s", script.display());
    expect(
        &mut s,
        line(json!({"cmd": "genmove", "id": stratego, "agent": program})),
        "agent_failed",
    );
    // The bound of open games, small here.
    let mut small = Process::start_with(&["--max-games", "1"]);
    small.ok(&json!({"cmd": "new", "game": "hus"}));
    expect(
        &mut small,
        line(json!({"cmd": "new", "game": "hus"})),
        "too_many_games",
    );
    let all: BTreeSet<String> = ErrorKind::ALL
        .iter()
        .map(|k| k.as_str().to_string())
        .collect();
    assert_eq!(seen, all);
    // Still serving.
    s.ok(&json!({"cmd": "legal", "id": id}));
}

#[test]
fn several_games_of_different_kinds_at_once() {
    let games = registered();
    if games.is_empty() {
        eprintln!("SKIPPED: no game is registered in plateau_cli::default_registry()");
        return;
    }
    let mut s = Process::start();
    let mut open = Vec::new();
    for (i, game) in games.iter().cycle().take(6).enumerate() {
        let r = s.ok(&json!({"cmd": "new", "game": game, "seed": i}));
        open.push((r["id"].clone(), 0u64));
    }
    // Round-robin: one random move in each game per round.
    for round in 0..30 {
        for (id, played) in open.iter_mut() {
            let status = s.ok(&json!({"cmd": "status", "id": id}));
            if status["status"]["over"] == true {
                continue;
            }
            let r = s.ok(&json!({"cmd": "genmove", "id": id, "agent": format!("random:{round}")}));
            let p = s.send(&json!({"cmd": "play", "id": id, "move": r["move"]}));
            assert_eq!(p["ok"], true, "{p}");
            *played += 1;
        }
    }
    for (id, played) in &open {
        let r = s.ok(&json!({"cmd": "status", "id": id}));
        assert_eq!(r["status"]["moves_played"], *played, "game {id}");
        let record = s.ok(&json!({"cmd": "record", "id": id}))["record"].clone();
        assert_eq!(record["moves"].as_array().unwrap().len() as u64, *played);
    }
}

// ---------------------------------------------------------------------------
// Stratego: nothing Blue is shown depends on Red's hidden ranks.
// ---------------------------------------------------------------------------

/// Red's setup text with the flag swapped with a bomb and the marshal with
/// the general, and the squares of those four pieces. Setup text (S3.3):
/// `setup ROWS`, Red's front row (rank 4) first, files a to j, rows
/// separated by `/`.
fn swapped_setup(text: &str) -> (String, Vec<String>) {
    let body = text
        .trim()
        .strip_prefix("setup")
        .unwrap_or_else(|| panic!("a setup move starts with 'setup': {text}"));
    let symbols: Vec<char> = body
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '/')
        .collect();
    assert_eq!(symbols.len(), 40, "Original: 40 squares in {text}");
    let pos = |c: char| {
        symbols
            .iter()
            .position(|&s| s == c)
            .unwrap_or_else(|| panic!("'{c}' in {text}"))
    };
    let pairs = [(pos('F'), pos('B')), (pos('X'), pos('9'))];
    let mut swapped = symbols.clone();
    let mut squares = Vec::new();
    for (a, b) in pairs {
        swapped.swap(a, b);
        for i in [a, b] {
            let file = (b'a' + (i % 10) as u8) as char;
            let rank = 4 - i / 10;
            squares.push(format!("{file}{rank}"));
        }
    }
    let rows: Vec<String> = swapped.chunks(10).map(|row| row.iter().collect()).collect();
    (format!("setup {}", rows.join("/")), squares)
}

#[test]
fn stratego_responses_to_blue_do_not_depend_on_reds_hidden_ranks() {
    if !has_game("stratego") {
        return;
    }
    let mut a = Process::start();
    let mut b = Process::start();
    let new = json!({"cmd": "new", "game": "stratego", "seed": 17});
    let id = a.ok(&new)["id"].clone();
    assert_eq!(b.ok(&new)["id"], id);
    // Red's setup in A; in B the same with flag<->bomb and marshal<->general.
    let red = a.ok(&json!({"cmd": "genmove", "id": id, "agent": "random:1"}))["move"]
        .as_str()
        .unwrap()
        .to_string();
    let (red_swapped, tracked) = swapped_setup(&red);
    let ra = a.ok(&json!({"cmd": "play", "id": id, "move": red}));
    let rb = b.ok(&json!({"cmd": "play", "id": id, "move": red_swapped}));
    assert_eq!(ra, rb, "Red's setup as Blue sees it");
    let blue = a.ok(&json!({"cmd": "genmove", "id": id, "agent": "random:2"}))["move"].clone();
    let mut compared = 0;
    for s in [&mut a, &mut b] {
        s.ok(&json!({"cmd": "play", "id": id, "move": blue, "viewer": "blue"}));
    }
    assert_ne!(
        a.ok(&json!({"cmd": "view", "id": id, "player": "red"})),
        b.ok(&json!({"cmd": "view", "id": id, "player": "red"})),
        "Red sees the difference"
    );
    let mut rng = plateau::rng(5);
    for ply in 0..300 {
        let status = a.ok(&json!({"cmd": "status", "id": id}));
        if status["status"]["over"] == true {
            break;
        }
        let mover = status["status"]["to_move_name"]
            .as_str()
            .unwrap()
            .to_string();
        // What Blue is shown: the same in both games.
        let mut blue_sees = vec![
            json!({"cmd": "status", "id": id}),
            json!({"cmd": "view", "id": id, "player": "blue"}),
        ];
        if mover == "blue" {
            blue_sees.push(json!({"cmd": "legal", "id": id}));
            blue_sees.push(json!({"cmd": "genmove", "id": id, "agent": "random:3"}));
            // Blue tries to move a hidden Red piece: the error is the same.
            let (file, rank) = tracked[0].split_at(1);
            let up = rank.parse::<u32>().unwrap() + 1;
            blue_sees.push(
                json!({"cmd": "play", "id": id, "move": format!("{}-{file}{up}", tracked[0])}),
            );
            blue_sees.push(json!({"cmd": "play", "id": id, "move": "q1-q2"}));
        }
        for request in &blue_sees {
            let (x, y) = (a.send(request), b.send(request));
            assert_eq!(x, y, "ply {ply}: {request} depends on Red's hidden ranks");
            compared += 1;
        }
        // A move that never touches the four swapped pieces.
        let legal = a.ok(&json!({"cmd": "legal", "id": id}));
        assert_eq!(legal, b.ok(&json!({"cmd": "legal", "id": id})), "ply {ply}");
        let candidates: Vec<&str> = legal["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|m| m.as_str())
            .filter(|m| {
                !tracked
                    .iter()
                    .any(|sq| m.split(['-', 'x']).any(|part| part == sq))
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        let mv = candidates[rng.random_range(0..candidates.len())];
        let play = json!({"cmd": "play", "id": id, "move": mv, "viewer": "blue"});
        let (x, y) = (a.send(&play), b.send(&play));
        assert_eq!(x["ok"], true, "{x}");
        assert_eq!(x, y, "ply {ply}: {mv} as Blue sees it");
        compared += 1;
    }
    assert!(compared > 200, "{compared} responses compared");
    let state = json!({"cmd": "state", "id": id});
    assert_ne!(a.ok(&state), b.ok(&state), "the full state shows the swap");
}

// ---------------------------------------------------------------------------
// docs/PROTOCOL.md: its examples are one real session.
// ---------------------------------------------------------------------------

/// docs/PROTOCOL.md.
fn protocol_md() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/PROTOCOL.md");
    std::fs::read_to_string(path).expect("docs/PROTOCOL.md exists")
}

/// The lines of the first ```console block whose first line is `first`,
/// after that line.
fn console_block<'a>(doc: &'a str, first: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = doc.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == first)
        .unwrap_or_else(|| panic!("PROTOCOL.md has the line {first}"));
    lines[start + 1..]
        .iter()
        .take_while(|l| !l.starts_with("```"))
        .copied()
        .collect()
}

/// Whether a response is the one the documentation shows: the same text,
/// or, where the documentation shortens it with `…`, the same text around
/// the cuts (the first piece starts it, the last ends it).
fn as_documented(expected: &str, actual: &str) -> bool {
    if expected == actual {
        return true;
    }
    if !expected.contains('…') {
        return false;
    }
    let pieces: Vec<&str> = expected.split('…').collect();
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if first.len() + last.len() > actual.len()
        || !actual.starts_with(first)
        || !actual.ends_with(last)
    {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

#[test]
fn as_documented_matches_shortened_examples_only_around_the_cuts() {
    assert!(as_documented(r#"{"a":1}"#, r#"{"a":1}"#));
    assert!(!as_documented(r#"{"a":1}"#, r#"{"a":2}"#));
    assert!(as_documented(r#"{"a":[1,…]}"#, r#"{"a":[1,2,3]}"#));
    assert!(!as_documented(r#"{"a":[1, …]}"#, r#"{"a":[1,2,3]}"#));
    assert!(as_documented(r#"{"a":"x…y…z"}"#, r#"{"a":"x1y2z"}"#));
    assert!(!as_documented(r#"{"a":"x…y…z"}"#, r#"{"a":"x1z2y"}"#));
    assert!(!as_documented(r#"{"b":[1,…]}"#, r#"{"a":[1,2,3]}"#));
    assert!(!as_documented("ab…ba", "aba"), "the cuts do not overlap");
}

#[test]
fn protocol_md_examples_are_one_session_with_exactly_these_responses() {
    if !has_game("hus") || !has_game("stratego") {
        return;
    }
    let doc = protocol_md();
    // (request, documented response): the opening console session, then
    // every `→` line and the `←` line after it, in document order.
    let mut pairs: Vec<(String, String)> = Vec::new();
    let intro = console_block(&doc, "$ plateau serve");
    assert!(
        intro.len() >= 2 && intro.len().is_multiple_of(2),
        "{intro:?}"
    );
    for pair in intro.chunks(2) {
        pairs.push((pair[0].to_string(), pair[1].to_string()));
    }
    let lines: Vec<&str> = doc.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if let Some(request) = line.strip_prefix("→ ") {
            let response = lines
                .get(i + 1)
                .and_then(|l| l.strip_prefix("← "))
                .unwrap_or_else(|| panic!("line {}: a request without its response", i + 1));
            pairs.push((request.to_string(), response.to_string()));
        }
    }
    assert!(pairs.len() > 30, "{} examples", pairs.len());
    let input: String = pairs.iter().map(|(r, _)| format!("{r}\n")).collect();
    let output = Command::new(serve_common::plateau_bin())
        .arg("serve")
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let responses: Vec<&str> = text.lines().collect();
    assert_eq!(responses.len(), pairs.len(), "one response per request");
    for ((request, expected), actual) in pairs.iter().zip(&responses) {
        assert!(
            as_documented(expected, actual),
            "PROTOCOL.md: the request\n{request}\nis documented with the response\n{expected}\nbut gets\n{actual}"
        );
    }
}

#[test]
fn protocol_md_examples_of_the_stateless_commands_are_real() {
    if !has_game("hus") {
        return;
    }
    let doc = protocol_md();
    let block = console_block(&doc, "$ plateau new hus --seed 7 -o game.json --json");
    let mut lines = vec!["$ plateau new hus --seed 7 -o game.json --json"];
    lines.extend(block);
    assert!(
        lines.len() >= 2 && lines.len().is_multiple_of(2),
        "{lines:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    for pair in lines.chunks(2) {
        let args: Vec<&str> = pair[0]
            .strip_prefix("$ plateau ")
            .expect("a command line")
            .split_whitespace()
            .collect();
        let output = Command::new(serve_common::plateau_bin())
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", pair[0]);
        let actual = String::from_utf8(output.stdout).unwrap();
        assert_eq!(actual.trim_end(), pair[1], "PROTOCOL.md: {}", pair[0]);
    }
}

#[test]
fn with_silent_defense_a_winning_defender_is_named_only_to_its_side() {
    if !has_game("stratego") {
        return;
    }
    // Blue's marshal on a7; Red's captain attacks it from a6 and loses.
    // Under S12.6 the marshal stays hidden from Red and from onlookers
    // (docs/PROTOCOL.md, Hidden information).
    let red = "setup 2628FB24S9/24B6386B5X/23B2B27B47/5523347356";
    let blue = "setup X628FB24S9/24B6386B52/23B2B27B47/5523347356";
    let mut s = Process::start();
    s.ok(&json!({"cmd": "new", "game": "stratego",
        "set": {"options.silent_defense": true}, "seed": 1}));
    s.ok(&json!({"cmd": "play", "id": 1, "move": [red, blue], "describe": false}));
    s.ok(&json!({"cmd": "play", "id": 1, "describe": false,
        "move": ["b4-b5", "j7-j6", "b5-b6", "j6-j5", "b6-a6", "j5-i5"]}));
    let attack = json!({"cmd": "play", "id": 1, "move": "a6xa7", "viewer": "red"});
    let as_red = s.ok(&attack);
    let text = as_red["described"].as_str().unwrap();
    assert!(text.contains("loses"), "{text}");
    assert!(!text.contains("marshal"), "Red is not told: {text}");
    let view = s.ok(&json!({"cmd": "view", "id": 1, "player": "red"}));
    assert!(!view.to_string().contains("marshal"), "{view}");
    // The default describes the attack as anyone watching knows it: the
    // marshal is not named either; Blue, the defender, is told.
    s.ok(&json!({"cmd": "undo", "id": 1}));
    let public = s.ok(&json!({"cmd": "play", "id": 1, "move": "a6xa7"}));
    let text = public["described"].as_str().unwrap();
    assert!(text.contains("loses"), "{text}");
    assert!(!text.contains("marshal"), "onlookers are not told: {text}");
    s.ok(&json!({"cmd": "undo", "id": 1}));
    let as_blue = s.ok(&json!({"cmd": "play", "id": 1, "move": "a6xa7", "viewer": "blue"}));
    let text = as_blue["described"].as_str().unwrap();
    assert!(text.contains("marshal"), "{text}");
}

/// `--max-games` bounds the open games: one more `new` or `load` is
/// refused with `too_many_games`, changing nothing, until a game is closed;
/// the ids of a game (seats, spectators) do not count as games.
#[test]
fn serve_holds_at_most_max_games_open_games() {
    if !has_game("hus") {
        return;
    }
    let mut s = Process::start_with(&["--max-games", "2"]);
    let first = s.ok(&json!({"cmd": "new", "game": "hus"}))["id"].clone();
    let record = s.ok(&json!({"cmd": "record", "id": first}))["record"].clone();
    s.ok(&json!({"cmd": "join", "id": first, "player": 0}));
    s.ok(&json!({"cmd": "join", "id": first, "spectator": true}));
    let second = s.ok(&json!({"cmd": "load", "record": record}))["id"].clone();
    for refused in [
        json!({"cmd": "new", "game": "hus"}),
        json!({"cmd": "load", "record": record}),
    ] {
        let r = s.send(&refused);
        assert_eq!(kind(&r), Some("too_many_games"), "{r}");
        let message = r["error"]["message"].as_str().unwrap();
        assert!(message.contains("2 games are open"), "{message}");
    }
    s.ok(&json!({"cmd": "close", "id": second}));
    let third = s.ok(&json!({"cmd": "new", "game": "hus"}))["id"].clone();
    assert_eq!(
        kind(&s.send(&json!({"cmd": "new", "game": "hus"}))),
        Some("too_many_games")
    );
    s.ok(&json!({"cmd": "legal", "id": third}));
    assert!(s.finish().0);
}
