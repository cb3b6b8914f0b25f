//! `serve::run` in this process: every command, every error kind, several
//! games at once, garbage input, and hidden information (with the framework's
//! demo game `plateau::demo::Secret`, whose players choose secret numbers).

mod serve_common;

use plateau_cli::serve::{self, ErrorKind};
use serde_json::{json, Value};
use serve_common::{kind, serve_batch, test_registry, Conn, InProcess};
use std::collections::BTreeSet;

fn lines(requests: &[Value]) -> Vec<u8> {
    let mut input = Vec::new();
    for r in requests {
        input.extend_from_slice(r.to_string().as_bytes());
        input.push(b'\n');
    }
    input
}

fn batch(requests: &[Value]) -> Vec<Value> {
    let responses = serve_batch(&test_registry(), &lines(requests));
    assert_eq!(responses.len(), requests.len(), "one response per request");
    responses
}

#[test]
fn games_lists_variants_players_and_parameters() {
    let r = &batch(&[json!({"cmd": "games"})])[0];
    let games = r["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let nim = &games[0];
    assert_eq!(nim["game"], "nim");
    assert_eq!(nim["hidden_information"], false);
    assert_eq!(nim["variants"][0]["name"], "standard");
    assert_eq!(nim["variants"][0]["players"], json!(["first", "second"]));
    assert_eq!(nim["variants"][0]["params"]["pile"], 21);
    assert_eq!(nim["params"][1]["key"], "max_take");
    assert_eq!(games[1]["game"], "secret");
    assert_eq!(games[1]["hidden_information"], true);
}

#[test]
fn a_game_of_nim_through_every_game_command() {
    let r = batch(&[
        json!({"cmd": "new", "game": "nim", "set": {"pile": 7, "max_take": 2}, "seed": 5}),
        json!({"cmd": "legal", "id": 1}),
        json!({"cmd": "play", "id": 1, "move": "2"}),
        json!({"cmd": "play", "id": 1, "move": ["1", "2"]}),
        json!({"cmd": "status", "id": 1}),
        json!({"cmd": "view", "id": 1}),
        json!({"cmd": "state", "id": 1}),
        json!({"cmd": "undo", "id": 1}),
        json!({"cmd": "undo", "id": 1, "count": 2}),
        json!({"cmd": "record", "id": 1}),
        json!({"cmd": "resign", "id": 1, "player": "first"}),
        json!({"cmd": "close", "id": 1}),
        json!({"cmd": "quit"}),
    ]);
    assert!(r.iter().all(|x| x["ok"] == true), "{r:#?}");
    assert_eq!(r[0]["id"], 1);
    assert_eq!(r[0]["seed"], 5);
    assert_eq!(r[0]["variant"], "standard");
    assert_eq!(r[0]["players"], json!(["first", "second"]));
    assert_eq!(r[0]["status"]["to_move"], 0);
    assert_eq!(r[1]["moves"], json!(["1", "2"]));
    assert_eq!(r[1]["enumerable"], true);
    assert_eq!(r[2]["status"]["to_move_name"], "second");
    assert_eq!(r[2]["described"], Value::Null);
    assert_eq!(r[3]["described"], json!([null, null]));
    assert_eq!(r[2].as_object().unwrap().len(), 3, "ok, status, described");
    // 7 - 2 - 1 - 2 = 2 stones left, second to move.
    assert_eq!(r[4]["status"]["moves_played"], 3);
    assert_eq!(r[4]["status"]["to_move"], 1);
    assert_eq!(r[5]["player"], 1);
    assert_eq!(r[5]["view"]["pile"], 2);
    assert!(r[5]["board"].as_str().unwrap().contains("pile: 2"));
    assert_eq!(r[6]["state"]["pile"], 2);
    assert_eq!(r[7]["undone"], 1);
    assert_eq!(r[8]["undone"], 2);
    assert_eq!(r[8]["status"]["moves_played"], 0);
    assert_eq!(r[9]["record"]["moves"], json!([]));
    assert_eq!(r[9]["record"]["params"], json!({"pile": 7, "max_take": 2}));
    assert_eq!(r[10]["status"]["over"], true);
    assert_eq!(r[10]["status"]["outcome"]["reason"], "resignation");
    assert_eq!(r[10]["status"]["outcome"]["winner_name"], "second");
}

#[test]
fn load_replays_a_record_into_a_new_game() {
    let mut conn = InProcess::start(test_registry);
    conn.ok(&json!({"cmd": "new", "game": "nim", "seed": 3}));
    conn.ok(&json!({"cmd": "play", "id": 1, "move": ["3", "3", "2"]}));
    let record = conn.ok(&json!({"cmd": "record", "id": 1}))["record"].clone();
    assert_eq!(record["moves"], json!(["3", "3", "2"]));
    let loaded = conn.ok(&json!({"cmd": "load", "record": record}));
    assert_eq!(loaded["id"], 2);
    assert_eq!(loaded["seed"], 3);
    assert_eq!(loaded["status"]["moves_played"], 3);
    let as_text = conn.ok(&json!({"cmd": "load", "record": record.to_string()}));
    assert_eq!(as_text["id"], 3);
    let a = conn.ok(&json!({"cmd": "state", "id": 1}));
    let b = conn.ok(&json!({"cmd": "state", "id": 2}));
    assert_eq!(a["state"], b["state"]);
    // The loaded game goes on on its own.
    conn.ok(&json!({"cmd": "play", "id": 2, "move": "1"}));
    let a = conn.ok(&json!({"cmd": "status", "id": 1}));
    assert_eq!(a["status"]["moves_played"], 3);
}

#[test]
fn several_games_at_once_keep_their_own_positions() {
    let mut conn = InProcess::start(test_registry);
    for pile in [5, 9, 13] {
        let r = conn.ok(&json!({"cmd": "new", "game": "nim", "set": {"pile": pile}}));
        assert_eq!(r["status"]["over"], false);
    }
    let secret = conn.ok(&json!({"cmd": "new", "game": "secret"}));
    assert_eq!(secret["id"], 4);
    for round in 0..2 {
        for id in 1..=3 {
            conn.ok(&json!({"cmd": "play", "id": id, "move": (id).to_string(), "tag": round}));
        }
    }
    for (id, pile) in [(1, 5 - 2), (2, 9 - 4), (3, 13 - 6)] {
        let s = conn.ok(&json!({"cmd": "state", "id": id}));
        assert_eq!(s["state"]["pile"], pile, "game {id}");
    }
    conn.ok(&json!({"cmd": "close", "id": 2}));
    assert_eq!(
        kind(&conn.send(&json!({"cmd": "legal", "id": 2}))),
        Some("unknown_id")
    );
    conn.ok(&json!({"cmd": "legal", "id": 3}));
    let r = conn.ok(&json!({"cmd": "new", "game": "nim"}));
    assert_eq!(r["id"], 5, "ids are never reused");
}

#[test]
fn a_list_of_moves_is_all_or_nothing() {
    let r = batch(&[
        json!({"cmd": "new", "game": "nim", "set": {"pile": 10}}),
        json!({"cmd": "play", "id": 1, "move": ["1", "2", "4", "3"]}),
        json!({"cmd": "status", "id": 1}),
        json!({"cmd": "play", "id": 1, "move": ["1", "x"]}),
        json!({"cmd": "undo", "id": 1, "count": 3}),
        json!({"cmd": "status", "id": 1}),
    ]);
    assert_eq!(kind(&r[1]), Some("illegal_move"));
    assert_eq!(r[1]["error"]["index"], 3);
    assert!(r[1]["error"]["message"].as_str().unwrap().contains("'4'"));
    assert_eq!(r[2]["status"]["moves_played"], 0, "nothing was played");
    assert_eq!(kind(&r[3]), Some("bad_move"));
    assert_eq!(r[3]["error"]["index"], 2);
    assert_eq!(kind(&r[4]), Some("nothing_to_undo"));
    assert_eq!(r[5]["status"]["moves_played"], 0);
}

#[test]
fn describe_false_leaves_the_description_out() {
    let mut conn = InProcess::start(test_registry);
    conn.ok(&json!({"cmd": "new", "game": "secret"}));
    let r = conn.ok(&json!({"cmd": "play", "id": 1, "move": "setup 4", "describe": false}));
    assert_eq!(
        r,
        json!({"ok": true, "status": {"over": false, "to_move": 1,
        "to_move_name": "blue", "moves_played": 1}})
    );
    let r = conn.ok(&json!({"cmd": "genmove", "id": 1, "play": true, "describe": false}));
    assert!(
        r.get("described").is_none() && r["status"].is_object(),
        "{r}"
    );
    let r = conn.ok(&json!({"cmd": "play", "id": 1, "move": ["guess 4"], "describe": true}));
    let described = r["described"][0].as_str().unwrap();
    assert!(described.starts_with("red guessed 4: "), "{described}");
    let r = conn.send(&json!({"cmd": "play", "id": 1, "move": "guess 4", "describe": "no"}));
    assert_eq!(kind(&r), Some("bad_request"));
}

#[test]
fn undo_of_more_moves_than_played_takes_back_nothing() {
    let r = batch(&[
        json!({"cmd": "new", "game": "nim"}),
        json!({"cmd": "play", "id": 1, "move": ["1", "1"]}),
        json!({"cmd": "undo", "id": 1, "count": 3}),
        json!({"cmd": "status", "id": 1}),
        json!({"cmd": "undo", "id": 1, "count": 2}),
        json!({"cmd": "undo", "id": 1}),
    ]);
    assert_eq!(kind(&r[2]), Some("nothing_to_undo"));
    assert_eq!(r[3]["status"]["moves_played"], 2);
    assert_eq!(r[4]["undone"], 2);
    assert_eq!(kind(&r[5]), Some("nothing_to_undo"));
}

#[test]
fn genmove_suggests_or_plays_and_each_agent_keeps_its_stream() {
    let script = [
        json!({"cmd": "new", "game": "nim", "set": {"pile": 200, "max_take": 9}, "seed": 1}),
        json!({"cmd": "genmove", "id": 1, "agent": "random:7"}),
        json!({"cmd": "status", "id": 1}),
        json!({"cmd": "genmove", "id": 1, "agent": "random:7", "play": true, "budget": {"ms": 10}}),
        json!({"cmd": "genmove", "id": 1, "agent": "random:7", "play": true, "budget": {"iterations": 5}}),
        json!({"cmd": "genmove", "id": 1, "play": true}),
        json!({"cmd": "status", "id": 1}),
    ];
    let r = batch(&script);
    assert!(r.iter().all(|x| x["ok"] == true), "{r:#?}");
    assert_eq!(r[1]["agent"], "random:7");
    assert!(r[1].get("status").is_none(), "not played");
    assert_eq!(r[2]["status"]["moves_played"], 0);
    assert_eq!(r[3]["status"]["moves_played"], 1);
    assert_eq!(
        r[5]["agent"], "random",
        "plain 'random' keeps its seed secret"
    );
    assert_eq!(r[6]["status"]["moves_played"], 3);
    // The same script gives the same moves from the seeded agent.
    let again = batch(&script);
    let moves = |r: &[Value]| -> Vec<Value> { r[1..5].iter().map(|x| x["move"].clone()).collect() };
    assert_eq!(moves(&r), moves(&again));
    // One agent's stream goes on: its ten suggestions are not all the same.
    let mut requests = vec![script[0].clone()];
    for _ in 0..10 {
        requests.push(json!({"cmd": "genmove", "id": 1, "agent": "random:7"}));
    }
    let r = batch(&requests);
    let distinct: BTreeSet<String> = r[1..].iter().map(|x| x["move"].to_string()).collect();
    assert!(distinct.len() > 1, "{distinct:?}");
}

#[test]
fn an_agent_goes_on_across_games_so_a_match_has_different_games() {
    let new = json!({"cmd": "new", "game": "nim", "set": {"pile": 200, "max_take": 9}});
    let mut requests = vec![new.clone(), new];
    for id in [1, 2] {
        for _ in 0..8 {
            requests.push(json!({"cmd": "genmove", "id": id, "agent": "random:4", "play": true}));
        }
    }
    let r = batch(&requests);
    let moves: Vec<Value> = r[2..].iter().map(|x| x["move"].clone()).collect();
    assert_ne!(moves[..8], moves[8..], "game 2 is not a copy of game 1");
    // A new session starts the agent afresh: the same moves again.
    let again = batch(&requests);
    assert_eq!(r, again);
}

#[test]
fn playout_counts_outcomes_reproducibly() {
    let request = json!({"cmd": "playout", "game": "nim", "count": 40, "seed": 9, "list": true});
    let r = batch(&[
        request.clone(),
        request,
        json!({"cmd": "playout", "game": "nim"}),
    ]);
    assert_eq!(r[0], r[1], "same seed, same outcomes");
    let wins = r[0]["wins"].as_array().unwrap();
    let total: u64 =
        wins.iter().map(|w| w.as_u64().unwrap()).sum::<u64>() + r[0]["draws"].as_u64().unwrap();
    assert_eq!(total, 40);
    assert_eq!(r[0]["reasons"]["last-stone-taken"], 40);
    assert_eq!(r[0]["outcomes"].as_array().unwrap().len(), 40);
    let first_wins = r[0]["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["winner"] == 0)
        .count() as u64;
    assert_eq!(json!(first_wins), wins[0]);
    assert_eq!(r[2]["count"], 100, "100 games by default");
    assert!(r[2].get("outcomes").is_none());
}

#[test]
fn rules_come_from_variants_overrides_and_toml_text() {
    let r = batch(&[
        json!({"cmd": "new", "game": "nim", "variant": "standard", "set": ["pile=4"]}),
        json!({"cmd": "new", "game": "nim", "rules": "pile = 6\nmax_take = 6\n"}),
        json!({"cmd": "legal", "id": 2}),
        json!({"cmd": "record", "id": 2}),
        json!({"cmd": "new", "game": "NIM"}),
    ]);
    assert!(r.iter().all(|x| x["ok"] == true), "{r:#?}");
    assert_eq!(r[1]["variant"], "rules");
    assert_eq!(r[2]["moves"].as_array().unwrap().len(), 6);
    assert_eq!(r[3]["record"]["params"]["pile"], 6);
    assert_eq!(r[4]["game"], "nim");
}

/// Every error kind, each from a request that should produce it.
#[test]
fn every_error_kind_is_reachable_and_documented_by_its_message() {
    let mut over_record = json!({"format": 1, "game": "nim", "variant": "standard",
        "params": {"pile": 3, "max_take": 3}, "seed": 0, "moves": ["3"]});
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("parse", b"{not json\n".to_vec()),
        ("line_too_long", {
            let mut l = vec![b' '; serve::MAX_LINE_BYTES + 10];
            l.push(b'\n');
            l
        }),
        ("unknown_command", b"{\"cmd\":\"dance\"}\n".to_vec()),
        ("bad_request", b"{\"cmd\":\"new\"}\n".to_vec()),
        (
            "unknown_game",
            b"{\"cmd\":\"new\",\"game\":\"chess\"}\n".to_vec(),
        ),
        (
            "unknown_variant",
            b"{\"cmd\":\"new\",\"game\":\"nim\",\"variant\":\"giant\"}\n".to_vec(),
        ),
        (
            "bad_rules",
            b"{\"cmd\":\"new\",\"game\":\"nim\",\"set\":{\"max_take\":0}}\n".to_vec(),
        ),
        ("unknown_id", b"{\"cmd\":\"legal\",\"id\":99}\n".to_vec()),
        (
            "unknown_player",
            b"{\"cmd\":\"view\",\"id\":1,\"player\":\"third\"}\n".to_vec(),
        ),
        (
            "bad_move",
            b"{\"cmd\":\"play\",\"id\":1,\"move\":\"many\"}\n".to_vec(),
        ),
        (
            "illegal_move",
            b"{\"cmd\":\"play\",\"id\":1,\"move\":\"4\"}\n".to_vec(),
        ),
        ("game_over", b"{\"cmd\":\"genmove\",\"id\":2}\n".to_vec()),
        ("nothing_to_undo", b"{\"cmd\":\"undo\",\"id\":1}\n".to_vec()),
        (
            "bad_record",
            format!("{}\n", json!({"cmd": "load", "record": {"format": 1}})).into_bytes(),
        ),
        (
            "unknown_agent",
            b"{\"cmd\":\"genmove\",\"id\":1,\"agent\":\"oracle\"}\n".to_vec(),
        ),
        // Id 3 is the second player's seat of game 1, whose first player is
        // to move.
        (
            "not_your_turn",
            b"{\"cmd\":\"play\",\"id\":3,\"move\":\"1\"}\n".to_vec(),
        ),
        (
            "not_allowed",
            b"{\"cmd\":\"view\",\"id\":3,\"player\":0}\n".to_vec(),
        ),
        (
            "no_request",
            b"{\"cmd\":\"answer_undo\",\"id\":3,\"accept\":true}\n".to_vec(),
        ),
    ];
    over_record["outcome"] = json!({"winner": 0, "reason": "last-stone-taken"});
    let mut input = format!(
        "{}\n{}\n{}\n",
        json!({"cmd": "new", "game": "nim"}),
        json!({"cmd": "load", "record": over_record}),
        json!({"cmd": "join", "id": 1, "player": 1})
    )
    .into_bytes();
    for (_, line) in &cases {
        input.extend_from_slice(line);
    }
    let r = serve_batch(&test_registry(), &input);
    assert_eq!(r.len(), 3 + cases.len());
    assert_eq!(r[0]["ok"], true);
    assert_eq!(r[1]["ok"], true, "{}", r[1]);
    assert_eq!(r[1]["status"]["over"], true);
    assert_eq!(r[2]["id"], 3, "{}", r[2]);
    let mut seen = BTreeSet::new();
    for ((expected, _), response) in cases.iter().zip(&r[3..]) {
        assert_eq!(kind(response), Some(*expected), "{response}");
        let message = response["error"]["message"].as_str().unwrap();
        assert!(!message.is_empty());
        seen.insert(expected.to_string());
    }
    // The bound of open games (here 1; 1 024 by default).
    let options = serve::Options {
        max_games: 1,
        ..serve::Options::default()
    };
    let mut output = Vec::new();
    let two = "{\"cmd\":\"new\",\"game\":\"nim\"}\n".repeat(2);
    serve::run_with(&test_registry(), two.as_bytes(), &mut output, &options).unwrap();
    let bounded = serve_common::parse_lines(&output);
    assert_eq!(bounded[0]["ok"], true);
    assert_eq!(kind(&bounded[1]), Some("too_many_games"), "{}", bounded[1]);
    seen.insert("too_many_games".to_string());
    // `agent_failed` needs an outside program that breaks the protocol:
    // serve_process.rs's every-kind test and cli/tests/ucc.rs run one
    // through `plateau serve` (this registry has no Stratego).
    seen.insert("agent_failed".to_string());
    let all: BTreeSet<String> = ErrorKind::ALL
        .iter()
        .map(|k| k.as_str().to_string())
        .collect();
    assert_eq!(seen, all, "every kind has a case");
}

#[test]
fn tags_are_echoed_on_success_and_on_errors() {
    let r = batch(&[
        json!({"cmd": "games", "tag": {"n": [1, 2]}}),
        json!({"cmd": "warp", "tag": "t2"}),
        json!({"cmd": "legal", "id": 7, "tag": 3}),
        json!({"tag": 4}),
    ]);
    assert_eq!(r[0]["tag"], json!({"n": [1, 2]}));
    assert_eq!(r[1]["tag"], "t2");
    assert_eq!(r[2]["tag"], 3);
    assert_eq!(r[3]["tag"], 4);
    assert_eq!(kind(&r[3]), Some("bad_request"));
}

/// Numbers read as the same JSON value whatever their spelling: a tag beyond
/// 64 bits, or with more digits than a double holds, comes back as the value
/// it was read as (the fuzz target `protocol` found one that did not).
#[test]
fn tags_that_are_big_or_long_numbers_are_echoed_as_read() {
    let tags = [
        "118446744073709551616",
        "1.18446744073709551616e20",
        "0.30000000000000000000000001",
        "-1e-320",
        "123456789012345678901234567890",
    ];
    let mut input = Vec::new();
    for tag in tags {
        input.extend_from_slice(
            format!("{{\"cmd\":\"status\",\"id\":9,\"tag\":[{tag}]}}\n").as_bytes(),
        );
    }
    let responses = serve_batch(&test_registry(), &input);
    assert_eq!(responses.len(), tags.len());
    for (tag, response) in tags.iter().zip(&responses) {
        let read: Value = serde_json::from_str(&format!("[{tag}]")).unwrap();
        assert_eq!(
            response["tag"], read,
            "the tag {tag} is not echoed: {response}"
        );
    }
}

#[test]
fn garbage_gets_errors_and_the_next_valid_line_an_answer() {
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(b"\x00\x01\x02\xff\xfe garbage\n");
    input.extend_from_slice(b"{\"cmd\":\"g\xc3\x28ames\"}\n"); // invalid UTF-8
    input.extend_from_slice(b"[1,2,3]\n");
    input.extend_from_slice(b"\"just a string\"\n");
    input.extend_from_slice(&b"[".repeat(100_000));
    input.push(b'\n');
    input.extend_from_slice(b"{\"cmd\":\"games\"} trailing\n");
    input.extend_from_slice(b"   \n\n"); // blank lines get no answer
    input.extend_from_slice(b"{\"cmd\":\"new\",\"game\":\"nim\",\"seed\":-1}\n");
    input.extend_from_slice(b"{\"cmd\":\"new\",\"game\":\"nim\",\"colour\":\"red\"}\n");
    input.extend_from_slice(&vec![b'x'; 3 * 1024 * 1024]); // a line of megabytes
    input.push(b'\n');
    input.extend_from_slice(b"{\"cmd\":\"games\"}\r\n");
    input.extend_from_slice(b"{\"cmd\":\"new\",\"game\":\"nim\"}"); // no final newline
    let r = serve_batch(&test_registry(), &input);
    let kinds: Vec<Option<&str>> = r.iter().map(kind).collect();
    assert_eq!(
        kinds,
        vec![
            Some("parse"),
            Some("parse"),
            Some("parse"),
            Some("parse"),
            Some("parse"),
            Some("parse"),
            Some("bad_request"),
            Some("bad_request"),
            Some("line_too_long"),
            None,
            None,
        ]
    );
    assert!(r[1]["error"]["message"].as_str().unwrap().contains("UTF-8"));
    assert!(r[8]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("3145728 bytes"));
    assert_eq!(r[10]["id"], 1);
}

#[test]
fn the_line_limit_can_be_set() {
    let options = serve::Options {
        max_line_bytes: 20,
        ..serve::Options::default()
    };
    let input = b"{\"cmd\":\"games\",\"tag\":\"0123456789\"}\n{\"cmd\":\"games\"}\n";
    let mut output = Vec::new();
    serve::run_with(&test_registry(), &input[..], &mut output, &options).unwrap();
    let r = serve_common::parse_lines(&output);
    assert_eq!(kind(&r[0]), Some("line_too_long"));
    assert_eq!(r[1]["ok"], true);
}

#[test]
fn quit_and_end_of_input_end_the_session() {
    let r = batch(&[json!({"cmd": "quit"})]);
    assert_eq!(r[0], json!({"ok": true}));
    let input = lines(&[json!({"cmd": "quit"}), json!({"cmd": "games"})]);
    let r = serve_batch(&test_registry(), &input);
    assert_eq!(r.len(), 1, "nothing is read after quit");
    assert!(serve_batch(&test_registry(), b"").is_empty());
}

#[test]
fn every_response_is_one_line_even_with_newlines_in_the_text() {
    let r = batch(&[
        json!({"cmd": "new", "game": "nim"}),
        json!({"cmd": "state", "id": 1}),
        json!({"cmd": "play", "id": 1, "move": "a\nb"}),
    ]);
    assert!(r[1]["board"].as_str().unwrap().ends_with('\n'));
    assert_eq!(kind(&r[2]), Some("bad_move"));
}

// ---------------------------------------------------------------------------
// Hidden information, with the demo game Secret (`plateau::demo::Secret`):
// each player chooses a number from 1 to 9 (`setup N`, not listed among the
// legal moves), then they guess the other's (`guess N`). Texts show a secret
// number as `#N#`.
// ---------------------------------------------------------------------------

/// The fields of a Secret view: none of them holds the opponent's number.
const VIEW_FIELDS: [&str; 6] = [
    "guesses",
    "opponent_ready",
    "own",
    "player",
    "to_move",
    "winner",
];

/// Checks that `response`, sent to one player, shows nothing of the other
/// player's secret number `secret`: no `#N#` and no `setup N` text (a
/// `genmove` suggestion, the viewer's own move, aside), no full state, and a
/// view whose own number is not the secret and that has no other field.
fn assert_hidden(response: &Value, secret: u8) {
    let mut shown = response.clone();
    shown.as_object_mut().expect("an object").remove("move");
    let text = shown.to_string();
    for token in [format!("#{secret}#"), format!("setup {secret}")] {
        assert!(!text.contains(&token), "'{token}' leaked in {response}");
    }
    assert!(
        response.get("state").is_none(),
        "a full state in {response}"
    );
    if let Some(view) = response.get("view") {
        assert_ne!(view["own"], secret, "{response}");
        let fields: Vec<&str> = view
            .as_object()
            .expect("a view object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(fields, VIEW_FIELDS, "{response}");
    }
}

#[test]
fn play_and_view_never_show_the_opponents_secret_but_state_does() {
    let mut conn = InProcess::start(test_registry);
    conn.ok(&json!({"cmd": "new", "game": "secret"}));
    let red_sets_up = conn.ok(&json!({"cmd": "play", "id": 1, "move": "setup 3"}));
    // Described as Blue (the opponent) knows it.
    assert_eq!(red_sets_up["described"], "red chose a secret number");
    let blue_sets_up = conn.ok(&json!({"cmd": "play", "id": 1, "move": "setup 7"}));
    assert_eq!(blue_sets_up["described"], "blue chose a secret number");
    let blue_view = conn.ok(&json!({"cmd": "view", "id": 1, "player": "blue"}));
    let red_view = conn.ok(&json!({"cmd": "view", "id": 1, "player": 0}));
    for (response, secret) in [
        (&red_sets_up, 3),
        (&blue_sets_up, 7),
        (&blue_view, 3),
        (&red_view, 7),
    ] {
        assert_hidden(response, secret);
    }
    assert_eq!(blue_view["view"]["own"], 7);
    assert_eq!(blue_view["view"]["opponent_ready"], true);
    assert_eq!(red_view["view"]["own"], 3);
    let board = blue_view["board"].as_str().unwrap();
    assert!(board.contains("your number: #7#"), "{board}");
    // The explicit request shows everything.
    let state = conn.ok(&json!({"cmd": "state", "id": 1}));
    assert_eq!(state["state"]["secrets"], json!([3, 7]));
    let board = state["board"].as_str().unwrap();
    assert!(board.contains("#3#") && board.contains("#7#"), "{board}");
    // A viewer may be named: the mover's own description.
    conn.ok(&json!({"cmd": "undo", "id": 1}));
    let own = conn.ok(&json!({"cmd": "play", "id": 1, "move": "setup 6", "viewer": "blue"}));
    assert_eq!(own["described"], "blue chose #6#");
    // Guesses and their results are public.
    let guess = conn.ok(&json!({"cmd": "play", "id": 1, "move": "guess 6"}));
    assert_eq!(guess["described"], "red guessed 6: right");
    assert_eq!(guess["status"]["outcome"]["reason"], "guessed");
    assert_eq!(guess["status"]["outcome"]["winner_name"], "red");
}

/// Plays the same game twice with Red's secret number different (2, then 8;
/// no guess is either): everything Blue is shown (play, legal, view, status,
/// genmove for Blue, errors) must be the same in both, while the full state
/// differs.
#[test]
fn blues_responses_do_not_depend_on_reds_secret() {
    let run = |red_secret: u8| -> (Vec<Value>, Value) {
        let mut conn = InProcess::start(test_registry);
        let mut seen = Vec::new();
        conn.ok(&json!({"cmd": "new", "game": "secret", "set": {"max_guesses": 40}}));
        conn.ok(&json!({"cmd": "play", "id": 1, "move": format!("setup {red_secret}")}));
        // Blue's setup: free-form, so not listed; what Blue sees.
        seen.push(conn.send(&json!({"cmd": "legal", "id": 1})));
        seen.push(conn.send(&json!({"cmd": "view", "id": 1, "player": "blue"})));
        seen.push(conn.send(&json!({"cmd": "genmove", "id": 1, "agent": "random:3"})));
        seen.push(conn.send(&json!({"cmd": "play", "id": 1, "move": "guess 1"})));
        seen.push(conn.send(&json!({"cmd": "play", "id": 1, "move": "setup 5", "viewer": 1})));
        for guess in [1, 3, 4] {
            // Red guesses wrong (Blue chose 5); Blue is shown the result.
            seen.push(
                conn.send(&json!({"cmd": "play", "id": 1, "move": format!("guess {guess}")})),
            );
            // Blue's turn: what Blue sees.
            seen.push(conn.send(&json!({"cmd": "legal", "id": 1})));
            seen.push(conn.send(&json!({"cmd": "view", "id": 1, "player": "blue"})));
            seen.push(conn.send(&json!({"cmd": "status", "id": 1})));
            seen.push(conn.send(&json!({"cmd": "genmove", "id": 1, "agent": "random:3"})));
            seen.push(conn.send(&json!({"cmd": "play", "id": 1, "move": "guess none"})));
            seen.push(conn.send(&json!({"cmd": "play", "id": 1, "move": "setup 6"})));
            seen.push(conn.send(&json!({"cmd": "play", "id": 1, "move": "guess 12"})));
            // Blue guesses a number Red did not choose (never the secret).
            seen.push(
                conn.send(&json!({"cmd": "play", "id": 1, "move": "guess 6", "viewer": "blue"})),
            );
        }
        let state = conn.ok(&json!({"cmd": "state", "id": 1}));
        (seen, state)
    };
    let (a, state_a) = run(2);
    let (b, state_b) = run(8);
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x, y, "Blue's response depends on Red's secret");
        assert_hidden(x, 2);
        assert_hidden(x, 8);
    }
    // The setup phase: `legal` lists nothing and says what to enter.
    assert_eq!(a[0]["moves"], json!([]));
    assert_eq!(a[0]["enumerable"], false);
    let hint = a[0]["hint"].as_str().expect("a hint in a free-form phase");
    assert!(hint.contains("setup N"), "{hint}");
    assert_eq!(a[1]["view"]["own"], Value::Null);
    assert_eq!(a[1]["view"]["opponent_ready"], true);
    let suggested = a[2]["move"].as_str().unwrap();
    assert!(suggested.starts_with("setup "), "{suggested}");
    assert_eq!(kind(&a[3]), Some("illegal_move"));
    assert_eq!(a[4]["described"], "blue chose #5#");
    // The guessing phase: the nine guesses are listed, and the errors.
    assert_eq!(a[6]["moves"].as_array().unwrap().len(), 9);
    assert_eq!(a[6]["enumerable"], true);
    assert!(a[6].get("hint").is_none(), "{}", a[6]);
    assert_eq!(a[7]["view"]["own"], 5);
    assert_eq!(a[5]["described"], "red guessed 1: wrong");
    assert_eq!(kind(&a[10]), Some("bad_move"));
    assert_eq!(kind(&a[11]), Some("illegal_move"));
    assert_eq!(kind(&a[12]), Some("illegal_move"));
    assert_eq!(a[13]["described"], "blue guessed 6: wrong");
    assert_eq!(a.last().unwrap()["status"]["moves_played"], 8);
    assert_ne!(state_a, state_b, "the full state does show the secret");
    assert_eq!(state_a["state"]["secrets"], json!([2, 5]));
    assert_eq!(state_b["state"]["secrets"], json!([8, 5]));
}

#[test]
fn protocol_md_documents_every_command_field_and_error_kind() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/PROTOCOL.md");
    let doc = std::fs::read_to_string(path).expect("docs/PROTOCOL.md exists");
    for command in serve::commands() {
        assert!(
            doc.contains(&format!("### `{command}`")),
            "no section for command '{command}'"
        );
        for field in serve::command_fields(command).unwrap() {
            assert!(
                doc.contains(&format!("`{field}`")),
                "field '{field}' of '{command}' is not documented"
            );
        }
    }
    for kind in ErrorKind::ALL {
        assert!(
            doc.contains(&format!("| `{}` |", kind.as_str())),
            "error kind '{}' is not in the table",
            kind.as_str()
        );
    }
}

/// Raw request lines, each with its newline, through `serve::run`.
fn raw(lines_in: &[&str]) -> Vec<Value> {
    let input: String = lines_in.iter().map(|l| format!("{l}\n")).collect();
    let responses = serve_batch(&test_registry(), input.as_bytes());
    assert_eq!(responses.len(), lines_in.len(), "one response per request");
    responses
}

#[test]
fn a_key_given_twice_is_a_bad_request_not_a_silent_choice() {
    let r = raw(&[
        r#"{"cmd":"new","game":"nim","set":{"pile":5}}"#,
        r#"{"cmd":"new","game":"nim","set":{"pile":9}}"#,
        // serde_json alone keeps the last value: game 2, or the move "1".
        r#"{"cmd":"legal","id":1,"id":2,"tag":"a"}"#,
        r#"{"cmd":"play","id":1,"move":"2","move":"1"}"#,
        r#"{"cmd":"new","game":"nim","set":{"pile":3,"pile":4}}"#,
        r#"{"cmd":"play","cmd":"status","id":1}"#,
        r#"{"cmd":"status","id":1}"#,
    ]);
    for (i, field) in [(2, "'id'"), (3, "'move'"), (4, "'set.pile'"), (5, "'cmd'")] {
        assert_eq!(kind(&r[i]), Some("bad_request"), "{}", r[i]);
        let message = r[i]["error"]["message"].as_str().unwrap();
        assert!(message.contains(field), "{message}");
        assert!(message.contains("twice"), "{message}");
    }
    assert_eq!(r[2]["tag"], "a", "the tag is still echoed");
    assert_eq!(r[6]["status"]["moves_played"], 0, "nothing was played");
}

#[test]
fn a_player_number_must_be_an_integer() {
    let r = raw(&[
        r#"{"cmd":"new","game":"nim"}"#,
        r#"{"cmd":"view","id":1,"player":1.0}"#,
        r#"{"cmd":"view","id":1,"player":1.5}"#,
        r#"{"cmd":"view","id":1,"player":-1}"#,
        r#"{"cmd":"view","id":1,"player":7}"#,
        r#"{"cmd":"view","id":1,"player":1}"#,
    ]);
    // A fraction is the wrong type, as for `id`; a whole number that names
    // no player is an unknown player.
    assert_eq!(kind(&r[1]), Some("bad_request"), "{}", r[1]);
    assert_eq!(kind(&r[2]), Some("bad_request"), "{}", r[2]);
    assert_eq!(kind(&r[3]), Some("unknown_player"), "{}", r[3]);
    assert_eq!(kind(&r[4]), Some("unknown_player"), "{}", r[4]);
    assert_eq!(r[5]["player_name"], "second");
}

#[test]
fn playout_outcomes_have_the_same_keys_whatever_the_reason() {
    let r = batch(&[
        json!({"cmd": "playout", "game": "nim", "count": 3, "list": true}),
        json!({"cmd": "playout", "game": "nim", "count": 3, "max_plies": 1, "list": true}),
    ]);
    let keys: BTreeSet<&str> = ["reason", "scores", "winner"].into();
    for response in &r {
        for outcome in response["outcomes"].as_array().unwrap() {
            let got: BTreeSet<&str> = outcome
                .as_object()
                .unwrap()
                .keys()
                .map(|k| k.as_str())
                .collect();
            assert_eq!(got, keys, "{outcome}");
        }
    }
    assert_eq!(r[1]["outcomes"][0]["reason"], "bench-cap");
    assert_eq!(r[1]["outcomes"][0]["scores"], Value::Null);
    assert_eq!(r[1]["outcomes"][0]["winner"], Value::Null);
}

#[test]
fn set_errors_name_the_set_field_not_the_command_line_option() {
    let r = batch(&[
        json!({"cmd": "new", "game": "nim", "set": ["pile"]}),
        json!({"cmd": "new", "game": "nim", "set": ["pile=x"]}),
    ]);
    for response in &r {
        let message = response["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("set: "), "{message}");
        assert!(!message.contains("--set"), "{message}");
    }
    assert_eq!(kind(&r[0]), Some("bad_request"));
    assert_eq!(kind(&r[1]), Some("bad_rules"));
}

#[test]
fn load_errors_of_a_record_object_point_at_no_position_of_rewritten_text() {
    let r = batch(&[
        json!({"cmd": "load", "record": {"format": 1}}),
        json!({"cmd": "load", "record": "{\"format\":1}"}),
    ]);
    let object = r[0]["error"]["message"].as_str().unwrap();
    assert_eq!(kind(&r[0]), Some("bad_record"));
    assert!(object.contains("the field 'game' is missing"), "{object}");
    assert!(!object.contains("column"), "{object}");
    // Sent as text, the position is in the client's own text: kept.
    let text = r[1]["error"]["message"].as_str().unwrap();
    assert!(text.contains("(line 1, column"), "{text}");
}

/// Seats (docs/PROTOCOL.md): a seat plays and asks on its own turn, sees its
/// own view, and in a game of hidden information gets neither `state`,
/// `record` nor `undo`; the referee gets all three. A game closes with its
/// last id.
#[test]
fn seats_answer_for_their_player_and_the_referee_sees_everything() {
    let r = raw(&[
        r#"{"cmd":"new","game":"secret","seed":4}"#,
        r#"{"cmd":"join","id":1,"player":"red"}"#,
        r#"{"cmd":"join","id":1,"player":1}"#,
        r#"{"cmd":"join","id":2,"player":"blue"}"#,
        r#"{"cmd":"legal","id":3}"#,
        r#"{"cmd":"play","id":3,"move":"setup 5"}"#,
        r#"{"cmd":"view","id":2}"#,
        r#"{"cmd":"view","id":2,"player":"blue"}"#,
        r#"{"cmd":"state","id":2}"#,
        r#"{"cmd":"record","id":2}"#,
        r#"{"cmd":"legal","id":2}"#,
        r#"{"cmd":"undo","id":1}"#,
        r#"{"cmd":"state","id":1}"#,
        r#"{"cmd":"resign","id":3,"player":"red"}"#,
        r#"{"cmd":"close","id":1}"#,
        r#"{"cmd":"status","id":2}"#,
        r#"{"cmd":"close","id":2}"#,
        r#"{"cmd":"close","id":3}"#,
        r#"{"cmd":"status","id":3}"#,
        r#"{"cmd":"new","game":"nim","player":"second"}"#,
        r#"{"cmd":"legal","id":4}"#,
        r#"{"cmd":"view","id":4,"player":"1"}"#,
        r#"{"cmd":"join","id":4,"player":"first"}"#,
        r#"{"cmd":"play","id":5,"move":"1"}"#,
        r#"{"cmd":"undo","id":4}"#,
        r#"{"cmd":"record","id":4}"#,
        r#"{"cmd":"undo","id":5}"#,
        r#"{"cmd":"status","id":4}"#,
        r#"{"cmd":"answer_undo","id":5,"accept":true}"#,
        r#"{"cmd":"answer_undo","id":4,"accept":true}"#,
        r#"{"cmd":"status","id":5}"#,
    ]);
    assert_eq!(r[1]["id"], 2);
    assert_eq!(r[1]["player_name"], "red");
    assert_eq!(r[2]["id"], 3);
    assert_eq!(kind(&r[3]), Some("not_allowed"), "blue is held: {}", r[3]);
    // Red chooses first: Blue's seat is refused, naming only the turn.
    assert_eq!(kind(&r[4]), Some("not_your_turn"));
    assert_eq!(r[4]["error"]["message"], "it is red's turn, not blue's");
    assert_eq!(kind(&r[5]), Some("not_your_turn"));
    assert_eq!(r[6]["player_name"], "red");
    assert_eq!(kind(&r[7]), Some("not_allowed"));
    assert_eq!(kind(&r[8]), Some("not_allowed"));
    assert_eq!(kind(&r[9]), Some("not_allowed"));
    assert_eq!(r[10]["ok"], true, "{}", r[10]);
    assert_eq!(
        kind(&r[11]),
        Some("nothing_to_undo"),
        "the referee may undo"
    );
    assert_eq!(r[12]["ok"], true, "the referee sees the state");
    assert_eq!(
        kind(&r[13]),
        Some("not_allowed"),
        "a seat resigns itself only"
    );
    assert_eq!(r[14]["ok"], true);
    assert_eq!(r[15]["ok"], true, "the seats keep the game open");
    assert_eq!(r[17]["ok"], true);
    assert_eq!(kind(&r[18]), Some("unknown_id"));
    // A perfect-information game opened for a seat.
    assert_eq!(r[19]["player"], 1);
    assert_eq!(kind(&r[20]), Some("not_your_turn"));
    assert_eq!(kind(&r[21]), Some("bad_request"), "\"1\" is not a player");
    assert_eq!(r[22]["id"], 5);
    assert_eq!(r[23]["ok"], true);
    // A seat takes back only its own moves (with the others' since), and
    // only with the other seat's consent: second has no move to take back.
    assert_eq!(kind(&r[24]), Some("not_allowed"), "{}", r[24]);
    assert_eq!(r[25]["ok"], true, "the record of a game without secrets");
    assert_eq!(r[26]["undone"], 0, "first asks: {}", r[26]);
    assert_eq!(r[26]["pending"]["plies"], 1);
    assert_eq!(r[26]["status"]["moves_played"], 1, "nothing taken back yet");
    assert_eq!(r[27]["undo_request"]["by"], 0, "second sees the request");
    assert_eq!(
        kind(&r[28]),
        Some("not_allowed"),
        "the asker does not answer its own request"
    );
    assert_eq!(r[29]["undone"], 1, "second accepts: {}", r[29]);
    assert_eq!(r[30]["status"]["moves_played"], 0);
    assert!(r[30].get("undo_request").is_none());
}

/// `playout` of a game that does not end by itself (Nim with four billion
/// stones, taken one at a time) with `max_plies` 0 answers: every game stops
/// at the default cap (it used to run on and grow without bound).
#[test]
fn playout_of_an_endless_game_answers_at_the_default_cap() {
    let r = raw(&[
        r#"{"cmd":"playout","game":"nim","set":{"pile":4294967295,"max_take":1},"count":2,"max_plies":0}"#,
    ]);
    assert_eq!(r[0]["ok"], true, "{}", r[0]);
    assert_eq!(r[0]["capped"], 2);
    assert_eq!(r[0]["reasons"]["bench-cap"], 2);
}

/// The agent cache as docs/PROTOCOL.md says: an agent's stream goes on
/// from one `genmove` to the next, and once 64 other specs were made after
/// it, it is dropped and made afresh, its stream starting again.
#[test]
fn agents_are_kept_up_to_64_then_the_oldest_is_made_afresh() {
    let mut lines =
        vec![r#"{"cmd":"new","game":"nim","set":{"pile":1000,"max_take":9}}"#.to_string()];
    let draws = |lines: &mut Vec<String>| {
        for _ in 0..6 {
            lines.push(r#"{"cmd":"genmove","id":1,"agent":"random:1"}"#.to_string());
        }
    };
    draws(&mut lines);
    draws(&mut lines);
    for seed in 100..164 {
        lines.push(format!(
            r#"{{"cmd":"genmove","id":1,"agent":"random:{seed}"}}"#
        ));
    }
    draws(&mut lines);
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = raw(&refs);
    let moves: Vec<&Value> = r.iter().map(|v| &v["move"]).collect();
    let (first, second, after) = (&moves[1..7], &moves[7..13], &moves[77..83]);
    assert_ne!(first, second, "the stream goes on");
    assert_eq!(first, after, "dropped after 64 other specs, made afresh");
}
