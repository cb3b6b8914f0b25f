//! Clocks over the web: `POST /api/matches` takes a `clock`, every update
//! carries the clocks, and a flag falls with nobody sending anything (the
//! match's timer), which every connection hears as the end of the game,
//! reason `time`.

mod web_common;

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_common::{kind, TestServer};

/// Reads `client`'s messages until an update whose game is over.
async fn wait_over(client: &mut web_common::Client) -> Value {
    loop {
        let message = client.next().await;
        if message["event"] == "update" && message["over"] == true {
            return message;
        }
    }
}

#[tokio::test]
async fn a_flag_falls_with_nobody_acting_and_everyone_hears_it() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "hus", "seed": 5, "clock": {"base": 1.5, "increment": 0}}))
        .await;
    let mut south = server.connect(&created, Some(0)).await;
    let mut north = server.connect(&created, Some(1)).await;
    let mut spectator = server.connect(&created, None).await;

    let view = south.view().await;
    let clock = &view["clock"];
    assert_eq!(
        clock["settings"],
        json!({"base_ms": 1500, "increment_ms": 0})
    );
    assert_eq!(clock["remaining_ms"], json!([1500, 1500]));
    assert_eq!(
        (clock["running"].clone(), clock["started"].clone()),
        (Value::Null, json!(false))
    );
    assert!(clock["server_time_ms"].as_u64().unwrap() > 1_600_000_000_000);

    // Each seat's first move is not timed; then south's clock runs.
    assert_eq!(
        south.ask(json!({"cmd": "play", "index": 0})).await["ok"],
        true
    );
    north.wait_for_moves(1).await;
    assert_eq!(
        north.ask(json!({"cmd": "play", "index": 0})).await["ok"],
        true
    );
    let started = Instant::now();
    let view = south.view().await;
    assert_eq!(view["clock"]["running"], 0, "{view}");
    assert_eq!(view["clock"]["started"], true, "{view}");

    // South lets the flag fall: nobody sends anything.
    for client in [&mut south, &mut north, &mut spectator] {
        let over = wait_over(client).await;
        assert_eq!(over["outcome"]["reason"], "time", "{over}");
        assert_eq!(over["outcome"]["winner"], 1, "{over}");
        assert_eq!(over["clock"]["flagged"], 0, "{over}");
        assert_eq!(over["clock"]["remaining_ms"][0], 0, "{over}");
        assert_eq!(over["clock"]["running"], Value::Null, "{over}");
    }
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(1_300), "{waited:?}");
    assert!(waited < Duration::from_secs(5), "{waited:?}");

    // A move after it is refused; the record keeps the flag fall.
    let late = south.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(kind(&late), Some("game_over"), "{late}");
    let record = server.referee(&created, |m| {
        m.record(plateau::matches::Client::Referee).unwrap()
    });
    assert_eq!(record.flagged, Some(plateau::Player(0)));
}

#[tokio::test]
async fn the_clock_field_takes_seconds_or_text_and_bad_clocks_are_named() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus", "clock": "5+3"})).await;
    let mut spectator = server.connect(&created, None).await;
    let view = spectator.view().await;
    assert_eq!(
        view["clock"]["settings"],
        json!({"base_ms": 300_000, "increment_ms": 3000})
    );
    let created = server
        .create(json!({"game": "hus", "clock": {"base": 180}}))
        .await;
    let view = server.connect(&created, None).await.view().await;
    assert_eq!(view["clock"]["settings"]["increment_ms"], 0);
    // Without a clock, none.
    let created = server.create(json!({"game": "hus"})).await;
    assert_eq!(
        server.connect(&created, None).await.view().await["clock"],
        Value::Null
    );

    for (clock, words) in [
        (json!({"base": 0}), "base time"),
        (json!({"base": -3}), "'base' must be a number of seconds"),
        (json!({"increment": 2}), "missing 'base'"),
        (json!({"base": 60, "inc": 2}), "no field 'inc'"),
        (json!({"base": 200000}), "24 hours"),
        (json!("5+x"), "increment"),
        (json!(5), "is not a clock"),
    ] {
        let body = json!({"game": "hus", "clock": clock});
        let (status, error) = server.http("POST", "/api/matches", &body.to_string()).await;
        assert_eq!(status, 400, "{clock}: {error}");
        assert_eq!(kind(&error), Some("bad_clock"), "{clock}: {error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("field 'clock'"), "{message}");
        assert!(message.contains(words), "{clock}: {message}");
    }
}

#[tokio::test]
async fn an_agent_on_a_clock_moves_within_it() {
    let server = TestServer::start().await;
    // The agent's spec asks for 20 s a move; its clock of 3 s allows far
    // less, and its flag does not fall.
    let created = server
        .create(json!({
            "game": "hus", "seed": 1,
            "agents": {"1": "mcts:time=20s"},
            "clock": {"base": 3, "increment": 0},
        }))
        .await;
    let mut x = server.connect(&created, Some(0)).await;
    let begun = Instant::now();
    for ply in [0u64, 2] {
        let view = x.view().await;
        assert_eq!(view["your_turn"], true, "{view}");
        let played = x.ask(json!({"cmd": "play", "index": 0})).await;
        assert_eq!(played["ok"], true, "{played}");
        let reply = x.wait_for_moves(ply + 2).await;
        assert_eq!(reply["over"], false, "{reply}");
    }
    assert!(
        begun.elapsed() < Duration::from_secs(5),
        "{:?}",
        begun.elapsed()
    );
    let view = x.view().await;
    assert!(
        view["clock"]["remaining_ms"][1].as_u64().unwrap() > 1_000,
        "{view}"
    );
}
