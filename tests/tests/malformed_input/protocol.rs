//! Protocol lines.

use crate::harness::*;
use crate::mutate::*;
use plateau::{Registry, RulesSpec};
use proptest::prelude::*;
use proptest::sample::{select, Index};
use serde_json::{json, Value};
use std::fmt::Debug;

/// Valid request lines to edit, about game 1 (a game of `game`).
fn request_samples(game: &str, registry: &Registry) -> Vec<String> {
    let rules = registry.get(game).unwrap();
    let mut session = rules
        .load(&RulesSpec::default_variant())
        .unwrap()
        .new_session(1);
    let mut rng = plateau::rng(1);
    let first = session.random_move(&mut rng).unwrap();
    session.play(&first).unwrap();
    let second = session.random_move(&mut rng).unwrap();
    let record = session.record();
    let toml = rules.variants()[0].toml;
    [
        json!({"cmd": "new", "game": game, "seed": 3}),
        json!({"cmd": "new", "game": "stratego", "variant": "duel", "set": {"options.reconquest": true, "max_plies": 50}, "seed": 1}),
        json!({"cmd": "new", "game": game, "rules": toml}),
        json!({"cmd": "play", "id": 1, "move": first, "tag": "t"}),
        json!({"cmd": "play", "id": 1, "move": [first, second], "describe": true, "viewer": 0}),
        json!({"cmd": "legal", "id": 1}),
        json!({"cmd": "status", "id": 1, "tag": [1, {"a": null}]}),
        json!({"cmd": "view", "id": 1, "player": 1}),
        json!({"cmd": "state", "id": 1}),
        json!({"cmd": "record", "id": 1}),
        json!({"cmd": "undo", "id": 1, "count": 1}),
        json!({"cmd": "resign", "id": 1, "player": 0}),
        json!({"cmd": "genmove", "id": 1, "agent": "random:4", "play": true}),
        json!({"cmd": "load", "record": record}),
        json!({"cmd": "load", "record": record.to_json()}),
        json!({"cmd": "games"}),
        json!({"cmd": "playout", "game": game, "count": 1, "max_plies": 9}),
        // Valid JSON with line breaks where names and moves go.
        json!({"cmd": "play", "id": 1, "move": format!("\n{first}")}),
        json!({"cmd": "play", "id": 1, "move": [first, "x\ny"]}),
        json!({"cmd": "new", "game": format!("{game}\n")}),
        json!({"cmd": "new", "game": game, "variant": "x\ny"}),
        json!({"cmd": "new", "game": game, "set": {"a\nb": 1}}),
        json!({"cmd": "new", "game": game, "rules": "a\nb = [1,\n"}),
        json!({"cmd": "view", "id": 1, "player": "x\ny"}),
        json!({"cmd": "resign", "id": 1, "player": "\r"}),
        json!({"cmd": "genmove", "id": 1, "agent": "random:\n"}),
        json!({"cmd": "genmove", "id": 1, "agent": "x\ny"}),
        json!({"cmd": "x\ny"}),
        json!({"cmd": "legal", "id": 1, "x\ny": 1}),
        json!({"cmd": "load", "record": "{\"format\":1,\n"}),
        json!({"cmd": "load", "record": {"game": "x\ny"}}),
    ]
    .iter()
    .map(|v| v.to_string())
    .collect()
}

/// A garbage line: an edited request (byte by byte, so possibly not UTF-8)
/// or arbitrary bytes.
#[derive(Clone, Debug)]
enum LineInput {
    Mutated(Index, Vec<Edit>, Vec<(Index, u8)>),
    Arbitrary(Vec<u8>),
    Text(String),
}

fn line_input() -> impl Strategy<Value = LineInput> {
    let bytes = prop_oneof![
        3 => select(b"{}[]\":,\\ 0123456789-eEnulltrue\r\t\x00\x7f".to_vec()),
        2 => select(vec![0xffu8, 0xfe, 0xc3, 0x80, 0xe2, 0x82, 0xf0, 0x9f, 0xc0, 0xed, 0xa0]),
        1 => any::<u8>(),
    ];
    prop_oneof![
        6 => (
            any::<Index>(),
            edits(),
            proptest::collection::vec((any::<Index>(), bytes), 0..=2)
        )
            .prop_map(|(i, e, b)| LineInput::Mutated(i, e, b)),
        1 => proptest::collection::vec(any::<u8>(), 0..60).prop_map(LineInput::Arbitrary),
        1 => "\\PC{0,40}".prop_map(LineInput::Text),
    ]
}

impl LineInput {
    fn bytes(&self, samples: &[String]) -> Vec<u8> {
        let mut line = match self {
            LineInput::Mutated(i, edits, bytes) => {
                let mut b = mutate(&samples[i.index(samples.len())], edits).into_bytes();
                for (at, byte) in bytes {
                    b.insert(at.index(b.len() + 1), *byte);
                }
                b
            }
            LineInput::Arbitrary(b) => b.clone(),
            LineInput::Text(s) => s.clone().into_bytes(),
        };
        // A valid `quit` or `close` would end the session or game 1 (as it
        // should); the test is about what is not valid.
        let ends = serde_json::from_slice::<Value>(&line)
            .is_ok_and(|v| v.get("cmd").is_some_and(|c| c == "quit" || c == "close"));
        if ends {
            line = br#"{"cmd":"games"}"#.to_vec();
        }
        line
    }
}

/// The lines the server answers: those not blank, split as it splits them.
fn answered_lines(input: &[u8]) -> usize {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if input.ends_with(b"\n") {
        lines.pop();
    }
    lines
        .into_iter()
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .count()
}

#[test]
fn malformed_protocol_lines_get_one_error_each_and_the_session_goes_on() {
    let registry = registry();
    let games = ["hus", "oware", "quinque", "stratego"];
    let samples: Vec<Vec<String>> = games
        .iter()
        .map(|g| request_samples(g, &registry))
        .collect();
    check(
        "protocol lines",
        2000,
        (
            any::<Index>(),
            proptest::collection::vec(line_input(), 1..=5),
        ),
        |(game, lines)| {
            let g = game.index(games.len());
            let mut input =
                format!("{{\"cmd\":\"new\",\"game\":\"{}\",\"seed\":2}}\n", games[g]).into_bytes();
            for line in &lines {
                input.extend(line.bytes(&samples[g]));
                input.push(b'\n');
            }
            input.extend_from_slice(b"{\"cmd\":\"legal\",\"id\":1}\n");
            let expected = answered_lines(&input);
            let mut output = Vec::new();
            plateau_cli::serve::run(&registry, input.as_slice(), &mut output)
                .map_err(|e| fail(format!("I/O error on buffers: {e}")))?;
            let text = std::str::from_utf8(&output)
                .map_err(|_| fail("the responses are not UTF-8".into()))?;
            let responses: Vec<Value> = text
                .lines()
                .map(|l| serde_json::from_str(l).map_err(|e| fail(format!("{e}: {l}"))))
                .collect::<Result<_, _>>()?;
            let shown = String::from_utf8_lossy(&input);
            prop_assert_eq!(
                responses.len(),
                expected,
                "one response per line of {:?}:\n{}",
                shown,
                text
            );
            for r in &responses {
                prop_assert!(r["ok"].is_boolean(), "no 'ok' in {} for {:?}", r, shown);
                if r["ok"] == false {
                    let message = r["error"]["message"].as_str().unwrap_or("");
                    one_line("serve", &shown, message)?;
                    prop_assert!(r["error"]["kind"].is_string(), "no kind in {}", r);
                }
            }
            prop_assert_eq!(&responses[0]["ok"], &json!(true), "new: {}", &responses[0]);
            let last = responses.last().unwrap();
            prop_assert_eq!(
                &last["ok"],
                &json!(true),
                "the final legal request fails after {:?}: {}",
                shown,
                last
            );
            Ok(())
        },
    );
}
