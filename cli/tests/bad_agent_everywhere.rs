//! A bad agent spec is refused by every front end when it is given, with
//! the same words: those of the agent layer (`DynGame::agent`), wrapped by
//! the match layer with the seat it was for. The terminal refuses it before
//! the game starts, the web server before the match exists, `serve` at the
//! `genmove` that names it; Python's test of the same is
//! python/tests/test_match.py.

mod web_common;

use assert_cmd::Command;
use plateau::matches::{Match, MatchOptions, Occupant};
use plateau::RulesSpec;
use serde_json::json;
use web_common::{kind, TestServer};

/// An option that `mcts` does not have.
const SPEC: &str = "mcts:tme=1s";

/// The agent layer's words for [`SPEC`], and the match layer's.
fn messages() -> (String, String) {
    let registry = plateau_cli::default_registry();
    let rules = registry
        .get("hus")
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    let agent = rules
        .agent(SPEC, 0)
        .err()
        .expect("a bad option is refused")
        .to_string();
    let seats = vec![Occupant::person("south"), Occupant::agent(SPEC)];
    let Err(e) = Match::new(rules, 0, seats, MatchOptions::default()) else {
        panic!("Match::new takes a bad agent");
    };
    (agent, e.to_string())
}

#[test]
fn the_match_layer_names_the_seat_and_keeps_the_agents_words() {
    let (agent, matched) = messages();
    assert!(agent.contains("'tme'"), "{agent}");
    assert!(matched.contains(&agent), "{matched} holds {agent}");
    assert!(matched.contains("north"), "{matched} names the seat");
}

#[test]
fn the_terminal_refuses_it_before_the_game_starts() {
    let (agent, _) = messages();
    let out = Command::cargo_bin("plateau")
        .unwrap()
        .args(["play", "hus", "--plain", "--p2", SPEC])
        .write_stdin("a1\n")
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains(&agent), "{err} holds {agent}");
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(!stdout.contains("a1"), "no move was played: {stdout}");
}

#[test]
fn serve_refuses_it_at_the_genmove_that_names_it() {
    let (agent, _) = messages();
    let input = concat!(
        r#"{"cmd":"new","game":"hus"}"#,
        "\n",
        r#"{"cmd":"genmove","id":1,"agent":"mcts:tme=1s","play":true}"#,
        "\n",
        r#"{"cmd":"status","id":1}"#,
        "\n"
    );
    let out = Command::cargo_bin("plateau")
        .unwrap()
        .arg("serve")
        .write_stdin(input)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[1]["ok"], false, "{text}");
    let message = lines[1]["error"]["message"].as_str().unwrap();
    assert!(message.contains(&agent), "{message} holds {agent}");
    assert_eq!(
        lines[2]["status"]["moves_played"], 0,
        "nothing was played: {text}"
    );
}

#[tokio::test]
async fn the_web_server_refuses_it_before_the_match_exists() {
    let (_, matched) = messages();
    let server = TestServer::start().await;
    let body = json!({"game": "hus", "agents": {"north": SPEC}}).to_string();
    let (status, refused) = server.http("POST", "/api/matches", &body).await;
    assert_eq!(status, axum::http::StatusCode::BAD_REQUEST);
    assert_eq!(kind(&refused), Some("bad_agent"), "{refused}");
    assert_eq!(refused["error"]["message"], matched.as_str());
}
