//! `plateau web`'s HTTP and WebSocket API (docs/WEB.md): seats and their
//! tokens, agents' seats, hot-seat, spectators, the replay endpoint and the
//! errors of bad requests.

mod web_common;

use axum::http::StatusCode;
use serde_json::{json, Value};
use web_common::{kind, Client, TestServer};

#[tokio::test]
async fn the_page_and_its_catalog_are_served() {
    let server = TestServer::start().await;
    let (status, page) = server.http("GET", "/", "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.as_str().unwrap().contains("<html"), "{page}");
    let (status, games) = server.http("GET", "/api/games", "").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["hus", "oware", "quinque", "stratego"]);
    let (status, agents) = server.http("GET", "/api/agents?game=hus", "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(agents["default"], "ai");
    assert!(agents["agents"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["name"] == "random"));
    let (status, missing) = server.http("GET", "/assets/nothing.js", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        missing.as_str().unwrap().contains("nothing.js"),
        "{missing}"
    );
}

#[tokio::test]
async fn a_match_gives_one_secret_token_per_human_seat() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "stratego", "variant": "barrage", "agents": {"blue": "random"}}))
        .await;
    assert_eq!(created["players"], json!(["red", "blue"]));
    assert_eq!(created["hidden_information"], true);
    let red = &created["seats"][0];
    let token = red["token"].as_str().unwrap();
    assert_eq!(token.len(), 32);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(
        red["url"],
        format!(
            "/?match={}&token={token}",
            created["match"].as_str().unwrap()
        )
    );
    assert_eq!(created["seats"][1]["agent"], "random");
    assert_eq!(created["seats"][1]["token"], Value::Null);
    let other = server.create(json!({"game": "stratego"})).await;
    assert_ne!(other["match"], created["match"]);
    assert_ne!(other["seats"][0]["token"], created["seats"][0]["token"]);
}

#[tokio::test]
async fn a_wrong_token_is_refused_and_no_token_watches() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus"})).await;
    let wrong = "0".repeat(32);
    for token in [wrong.as_str(), "short", ""] {
        let url = server.ws_url(&created, Some(token));
        let e = tokio_tungstenite::connect_async(&url).await.unwrap_err();
        match e {
            tokio_tungstenite::tungstenite::Error::Http(response) => {
                assert_eq!(response.status(), StatusCode::FORBIDDEN, "{token}");
                let body =
                    String::from_utf8_lossy(response.body().as_deref().unwrap_or(b"")).into_owned();
                assert!(body.contains("bad_token"), "{body}");
            }
            other => panic!("expected a refusal, got {other}"),
        }
    }
    // The page checks its link over HTTP before it connects: a wrong
    // token is refused there too, a seat's own token is not.
    let id = created["match"].as_str().unwrap();
    let (status, answer) = server
        .http("GET", &format!("/api/matches/{id}?token={wrong}"), "")
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    assert_eq!(kind(&answer), Some("bad_token"));
    let token = created["seats"][0]["token"].as_str().unwrap();
    let (status, answer) = server
        .http("GET", &format!("/api/matches/{id}?token={token}"), "")
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["match"], id);
    // Another match's token holds no seat of this one.
    let other = server.create(json!({"game": "hus"})).await;
    let url = server.ws_url(&created, other["seats"][0]["token"].as_str());
    assert!(tokio_tungstenite::connect_async(&url).await.is_err());
    let mut spectator = server.connect(&created, None).await;
    let view = spectator.view().await;
    assert_eq!(view["client"], json!({"kind": "spectator"}), "{view}");
    let welcome = &spectator.received[0];
    assert_eq!(welcome["event"], "welcome", "{welcome}");
    assert_eq!(
        welcome["you"],
        json!({"player": null, "spectator": true, "hotseat": false})
    );
    assert_eq!(welcome["game"], "hus");
    assert_eq!(welcome["players"], json!(["south", "north"]));
    assert!(!welcome
        .to_string()
        .contains(created["seats"][0]["token"].as_str().unwrap()));
    let mut north = server.connect(&created, Some(1)).await;
    let welcome = north.next().await;
    assert_eq!(welcome["you"]["player"], 1, "{welcome}");
    let path = format!("/api/matches/{}", created["match"].as_str().unwrap());
    let (status, info) = server.http("GET", &path, "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        info["seats"][1],
        json!({"player": 1, "name": "north", "agent": null, "person": "north"})
    );
    assert!(!info
        .to_string()
        .contains(created["seats"][1]["token"].as_str().unwrap()));
    let (status, _) = server.http("GET", "/api/matches/feed", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_seat_acts_only_for_itself_and_on_its_turn() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus", "seed": 3})).await;
    let mut south = server.connect(&created, Some(0)).await;
    let mut north = server.connect(&created, Some(1)).await;
    // North sees no moves on south's turn and may not move.
    let view = north.view().await;
    assert_eq!(view["your_turn"], false, "{view}");
    assert_eq!(view["legal_moves"], json!([]));
    let view = south.view().await;
    assert_eq!(view["your_turn"], true, "{view}");
    let first = view["legal_moves"][0].as_str().unwrap().to_string();
    let squares = &view["legal_move_squares"][0];
    assert_eq!(squares[0], json!(first), "each legal move with its squares");
    let refused = north.ask(json!({"cmd": "play", "move": first})).await;
    assert_eq!(kind(&refused), Some("not_your_turn"), "{refused}");
    // A seat names only itself: no field names another.
    let resign = north.ask(json!({"cmd": "resign", "player": 0})).await;
    assert_eq!(kind(&resign), Some("bad_request"), "{resign}");
    let with_id = south.ask(json!({"cmd": "view", "id": 1})).await;
    assert_eq!(kind(&with_id), Some("bad_request"), "{with_id}");
    assert!(with_id["error"]["message"]
        .as_str()
        .unwrap()
        .contains("'id'"));
    // Commands of `serve` that open or close games are not messages here.
    for cmd in [
        "new", "join", "close", "games", "quit", "playout", "genmove",
    ] {
        let r = south.ask(json!({"cmd": cmd})).await;
        assert_eq!(kind(&r), Some("unknown_command"), "{cmd}: {r}");
    }
    let played = south.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(played["ok"], true, "{played}");
    assert_eq!(played["played"]["notation"], json!(first));
    let update = north.wait_for_moves(1).await;
    assert_eq!(update["to_move"], 1);
    assert_eq!(update["your_turn"], true);
    assert!(update["last_move"]["description"].is_string(), "{update}");
    assert!(!update["legal_moves"].as_array().unwrap().is_empty());
    assert_eq!(update["last_move"]["notation"], json!(first));
    assert_eq!(update["board"]["last_move"].as_array().unwrap().len(), 1);
    let update = south.wait_for_moves(1).await;
    assert_eq!(update["legal_moves"], json!([]), "not south's turn");
}

#[tokio::test]
async fn messages_that_are_not_requests_get_errors_and_the_connection_goes_on() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus"})).await;
    let mut south = server.connect(&created, Some(0)).await;
    south.send_text("this is not json").await;
    let r = south.next_response().await;
    assert_eq!(kind(&r), Some("parse"), "{r}");
    south.send_text("[1,2]").await;
    assert_eq!(kind(&south.next_response().await), Some("parse"));
    let r = south.ask(json!({"cmd": "fly"})).await;
    assert_eq!(kind(&r), Some("unknown_command"), "{r}");
    let r = south.ask(json!({"cmd": "play"})).await;
    assert_eq!(kind(&r), Some("bad_request"), "{r}");
    let r = south.ask(json!({"cmd": "play", "move": "z9"})).await;
    assert_eq!(kind(&r), Some("bad_move"), "{r}");
    let r = south.ask(json!({"cmd": "play", "index": 999})).await;
    assert_eq!(kind(&r), Some("bad_index"), "{r}");
    let r = south.ask(json!({"cmd": "answer_undo"})).await;
    assert_eq!(kind(&r), Some("bad_request"), "{r}");
    // A hint may not ask to think past the time cap (an iteration budget
    // is cut by the cap instead: cli/tests/web_bounds.rs).
    let r = south
        .ask(json!({"cmd": "hint", "agent": "mcts:time=3600s"}))
        .await;
    assert_eq!(kind(&r), Some("bad_request"), "{r}");
    let r = south
        .ask(json!({"cmd": "hint", "agent": "mcts:iters=50"}))
        .await;
    assert_eq!(r["ok"], true, "{r}");
    assert!(r["move"].is_string(), "{r}");
    let view = south.view().await;
    assert_eq!(view["moves_played"], 0, "a hint plays nothing");
}

#[tokio::test]
async fn an_agent_seat_answers_on_its_own() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "hus", "seed": 1, "agents": {"1": "random"}}))
        .await;
    let mut south = server.connect(&created, Some(0)).await;
    let played = south.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(played["ok"], true, "{played}");
    let update = south.wait_for_moves(2).await;
    assert_eq!(update["to_move"], 0, "{update}");
    assert_eq!(update["your_turn"], true, "south's turn again: {update}");
    // Against an agent, undo takes back its reply and south's move at once.
    let undo = south.ask(json!({"cmd": "undo"})).await;
    assert_eq!(undo["ok"], true, "{undo}");
    let view = south.view().await;
    assert_eq!(view["moves_played"], 0, "{view}");
}

#[tokio::test]
async fn agents_set_up_and_play_stratego_from_their_own_view() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "stratego", "variant": "barrage", "agents": {"0": "random"}}))
        .await;
    let mut blue = server.connect(&created, Some(1)).await;
    // Red's agent sets up first; then it is blue's turn to set up.
    let update = blue.wait_for_moves(1).await;
    assert_eq!(update["to_move"], 1, "{update}");
    assert_eq!(
        update["last_move"]["notation"],
        Value::Null,
        "red's setup is secret: {update}"
    );
    // Blue's setup from the placement data: the pieces in order.
    let placement = &update["placement"];
    let squares = placement["squares"].as_array().unwrap();
    let blocked = placement["blocked"].as_array().unwrap();
    let mut arrangement = Vec::new();
    for (i, piece) in placement["pieces"].as_array().unwrap().iter().enumerate() {
        for _ in 0..piece["count"].as_u64().unwrap() {
            arrangement.push(json!(i));
        }
    }
    let free = blocked.iter().filter(|b| **b == false).count();
    arrangement.resize(free, Value::Null);
    let mut full = Vec::new();
    let mut pieces = arrangement.into_iter();
    for b in blocked {
        full.push(match b == true {
            true => Value::Null,
            false => pieces.next().unwrap_or(Value::Null),
        });
    }
    assert_eq!(full.len(), squares.len());
    let setup = blue
        .ask(json!({"cmd": "placement", "arrangement": full}))
        .await;
    assert_eq!(setup["ok"], true, "{setup}");
    let update = blue.wait_for_moves(3).await;
    assert_eq!(update["to_move"], 1, "red's agent moved: {update}");
}

#[tokio::test]
async fn a_hotseat_token_acts_for_the_seat_to_move() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "hus", "seed": 2, "hotseat": true}))
        .await;
    assert_eq!(created["seats"][0]["token"], Value::Null);
    let token = created["hotseat"]["token"].as_str().unwrap();
    let mut table = Client::connect(&server.ws_url(&created, Some(token))).await;
    for expected in [1, 0, 1] {
        let played = table.ask(json!({"cmd": "play", "index": 0})).await;
        assert_eq!(played["ok"], true, "{played}");
        let view = table.view().await;
        assert_eq!(view["to_move"], expected, "{view}");
    }
    let undo = table.ask(json!({"cmd": "undo"})).await;
    assert_eq!(
        undo["ok"], true,
        "perfect information, one person at the table: undo at once: {undo}"
    );
    assert_eq!(table.view().await["moves_played"], 2);
}

#[tokio::test]
async fn a_hotseat_token_sees_only_the_view_of_the_player_to_move() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "stratego", "variant": "barrage", "hotseat": true}))
        .await;
    let token = created["hotseat"]["token"].as_str().unwrap();
    let mut table = Client::connect(&server.ws_url(&created, Some(token))).await;
    let hint = table.ask(json!({"cmd": "hint", "agent": "random"})).await;
    assert_eq!(hint["ok"], true, "{hint}");
    let red_setup = table
        .ask(json!({"cmd": "play", "move": hint["move"]}))
        .await;
    assert_eq!(red_setup["ok"], true, "{red_setup}");
    // Now blue is to move: the token sees blue's board, not red's setup.
    let view = table.view().await;
    assert_eq!(view["seat"], 1, "{view}");
    assert_eq!(view["last_move"]["notation"], Value::Null);
    let red_cells = view["board"]["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["owner"] == 0)
        .count();
    assert_eq!(red_cells, 0, "red's setup is not shown to blue (S3.2)");
    let mut watcher = server.connect(&created, None).await;
    let public = watcher.view().await;
    let notes = public["board"]["board"]["notes"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n == "tray: red - | blue -"),
        "the public tray (S5.7): {notes:?}"
    );
    // A setup hid information: it is never taken back.
    let undo = table.ask(json!({"cmd": "undo"})).await;
    assert_eq!(kind(&undo), Some("undo_refused"), "{undo}");
}

#[tokio::test]
async fn spectators_watch_but_cannot_move() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus", "seed": 4})).await;
    let mut watcher = server.connect(&created, None).await;
    let mut south = server.connect(&created, Some(0)).await;
    for cmd in ["play", "resign", "undo", "offer_draw", "hint"] {
        let r = watcher.ask(json!({"cmd": cmd, "index": 0})).await;
        assert!(
            kind(&r) == Some("not_allowed") || kind(&r) == Some("bad_request"),
            "{cmd}: {r}"
        );
    }
    let r = watcher.ask(json!({"cmd": "resign"})).await;
    assert_eq!(kind(&r), Some("not_allowed"), "{r}");
    assert!(
        watcher
            .received
            .contains(&json!({"event": "joined", "player": 0})),
        "the spectator hears that south joined"
    );
    let played = south.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(played["ok"], true);
    let update = watcher.wait_for_moves(1).await;
    assert_eq!(update["event"], "update");
    // Perfect information: the public board is the whole position.
    let whole = server.referee_view(&created);
    assert_eq!(update["board"], whole["board"]);
    assert_eq!(update["text"], whole["text"]);
    assert_eq!(update["legal_moves"], json!([]));
    assert_eq!(update["seat"], Value::Null, "{update}");
    assert_eq!(update["seat_view"], Value::Null, "{update}");
    assert!(
        update["text"].as_str().unwrap().contains("south"),
        "{update}"
    );
}

#[tokio::test]
async fn the_replay_endpoint_steps_through_a_record_from_a_viewpoint() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "stratego", "variant": "barrage", "seed": 9}))
        .await;
    use plateau::matches::{Client as Who, MoveRef};
    for i in 0..3 {
        let r = server.referee(&created, |m| {
            let mv = m
                .hint(Who::Referee, "random")
                .map_err(|e| e.to_string())?
                .mv;
            m.play(Who::Referee, MoveRef::Text(mv))
                .map_err(|e| e.to_string())
        });
        assert!(r.is_ok(), "move {i}: {r:?}");
    }
    let record = server.referee(&created, |m| {
        serde_json::to_value(m.record(Who::Referee).unwrap()).unwrap()
    });
    let post = |body: Value| {
        let server = &server;
        async move { server.http("POST", "/api/replay", &body.to_string()).await }
    };
    let (status, red) = post(json!({"record": record, "ply": 3, "viewer": 0})).await;
    assert_eq!(status, StatusCode::OK, "{red}");
    assert_eq!(red["plies"], 3);
    assert_eq!(red["ply"], 3);
    let moves = red["moves"].as_array().unwrap();
    assert!(moves[0].is_string() && moves[1].is_null() && moves[2].is_string());
    assert_eq!(red["log"].as_array().unwrap().len(), 3);
    let (_, everything) = post(json!({"record": record, "ply": 2, "viewer": null})).await;
    assert!(everything["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(Value::is_string));
    assert_eq!(everything["status"]["moves_played"], 2);
    let (_, start) = post(json!({"record": record.to_string(), "ply": 0})).await;
    assert_eq!(start["moves"], json!([]), "{start}");
    let (status, past) = post(json!({"record": record, "ply": 4})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(past["error"]["message"]
        .as_str()
        .unwrap()
        .contains("3 moves"));
    let (status, bad) = post(json!({"record": {"game": "stratego"}})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(kind(&bad), Some("bad_record"), "{bad}");
    let mut broken = record.clone();
    broken["moves"][2] = json!("a1-z9");
    let (_, broken) = post(json!({"record": broken, "ply": 3})).await;
    assert_eq!(kind(&broken), Some("bad_record"), "{broken}");
    let (_, who) = post(json!({"record": record, "viewer": 5})).await;
    assert_eq!(kind(&who), Some("unknown_player"), "{who}");
}

#[tokio::test]
async fn bad_http_requests_get_errors_that_name_what_is_wrong() {
    let server = TestServer::start().await;
    let cases: &[(&str, &str, &str, StatusCode, &str, &str)] = &[
        (
            "POST",
            "/api/matches",
            "{not json",
            StatusCode::BAD_REQUEST,
            "parse",
            "not valid JSON",
        ),
        (
            "POST",
            "/api/matches",
            "[1]",
            StatusCode::BAD_REQUEST,
            "parse",
            "object",
        ),
        (
            "POST",
            "/api/matches",
            "{}",
            StatusCode::BAD_REQUEST,
            "bad_request",
            "'game'",
        ),
        (
            "POST",
            "/api/matches",
            r#"{"game":"chess"}"#,
            StatusCode::BAD_REQUEST,
            "unknown_game",
            "chess",
        ),
        (
            "POST",
            "/api/matches",
            r#"{"game":"hus","variant":"nope"}"#,
            StatusCode::BAD_REQUEST,
            "unknown_variant",
            "nope",
        ),
        (
            "POST",
            "/api/matches",
            r#"{"game":"hus","colour":1}"#,
            StatusCode::BAD_REQUEST,
            "bad_request",
            "'colour'",
        ),
        (
            "POST",
            "/api/matches",
            r#"{"game":"hus","agents":{"7":"random"}}"#,
            StatusCode::BAD_REQUEST,
            "unknown_player",
            "'7'",
        ),
        (
            "POST",
            "/api/matches",
            r#"{"game":"hus","agents":{"1":"wizard"}}"#,
            StatusCode::BAD_REQUEST,
            "bad_agent",
            "wizard",
        ),
        (
            "POST",
            "/api/matches",
            r#"{"game":"hus","agents":{"1":"mcts:time=60m"}}"#,
            StatusCode::BAD_REQUEST,
            "bad_request",
            "time=60m",
        ),
        (
            "POST",
            "/api/matches",
            r#"{"game":"hus","hotseat":"yes"}"#,
            StatusCode::BAD_REQUEST,
            "bad_request",
            "'hotseat'",
        ),
        (
            "POST",
            "/api/replay",
            r#"{"ply":1}"#,
            StatusCode::BAD_REQUEST,
            "bad_request",
            "'record'",
        ),
        (
            "GET",
            "/api/agents",
            "",
            StatusCode::BAD_REQUEST,
            "bad_request",
            "'game'",
        ),
        (
            "GET",
            "/api/agents?game=chess",
            "",
            StatusCode::BAD_REQUEST,
            "unknown_game",
            "chess",
        ),
        (
            "GET",
            "/api/agents?game=hus&x=1",
            "",
            StatusCode::BAD_REQUEST,
            "bad_request",
            "'x'",
        ),
        (
            "GET",
            "/api/nothing",
            "",
            StatusCode::NOT_FOUND,
            "not_found",
            "/api/nothing",
        ),
        (
            "PUT",
            "/api/matches",
            "{}",
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "PUT",
        ),
        (
            "GET",
            "/api/matches?finished=maybe",
            "",
            StatusCode::BAD_REQUEST,
            "bad_request",
            "maybe",
        ),
        (
            "GET",
            "/api/matches?limit=100000",
            "",
            StatusCode::BAD_REQUEST,
            "bad_request",
            "100000",
        ),
        (
            "GET",
            "/ws",
            "",
            StatusCode::BAD_REQUEST,
            "bad_request",
            "'match'",
        ),
        (
            "GET",
            "/ws?match=feed",
            "",
            StatusCode::NOT_FOUND,
            "unknown_match",
            "feed",
        ),
    ];
    for (method, path, body, status, kind_wanted, needle) in cases {
        let (got, response) = server.http(method, path, body).await;
        assert_eq!(got, *status, "{method} {path} {body}: {response}");
        assert_eq!(
            kind(&response),
            Some(*kind_wanted),
            "{method} {path} {body}: {response}"
        );
        let message = response["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(needle),
            "{method} {path} {body}: {message}"
        );
    }
    // A match exists, but /ws needs a WebSocket upgrade.
    let created = server.create(json!({"game": "hus"})).await;
    let path = format!("/ws?match={}", created["match"].as_str().unwrap());
    let (status, response) = server.http("GET", &path, "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(response["error"]["message"]
        .as_str()
        .unwrap()
        .contains("WebSocket"));
    let huge = format!(r#"{{"game":"hus","variant":"{}"}}"#, "x".repeat(2 << 20));
    let (status, response) = server.http("POST", "/api/matches", &huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(kind(&response), Some("too_large"), "{response}");
}

#[tokio::test]
async fn an_oversized_websocket_message_closes_only_that_connection() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus"})).await;
    let mut south = server.connect(&created, Some(0)).await;
    let mut north = server.connect(&created, Some(1)).await;
    let huge = format!(r#"{{"cmd":"view","tag":"{}"}}"#, "x".repeat(2 << 20));
    south.send_text(&huge).await;
    let status = north.ask(json!({"cmd": "view"})).await;
    assert_eq!(status["ok"], true, "the server goes on: {status}");
}

#[test]
fn plateau_web_prints_where_it_listens_and_serves_the_page() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(["web", "--bind", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("plateau web starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("the first line says where: {line:?}"))
        .to_string();
    let mut stream = std::net::TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(Some(web_common::PATIENCE)).unwrap();
    write!(stream, "GET / HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut response = String::new();
    let read = stream.read_to_string(&mut response);
    child.kill().unwrap();
    child.wait().unwrap();
    read.unwrap();
    assert!(response.starts_with("HTTP/1.0 200"), "{response}");
    assert!(response.contains("text/html"), "{response}");
    assert!(response.contains("<html"), "{response}");
}

#[test]
fn plateau_web_help_and_a_bad_address() {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(["web", "--help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    let text = String::from_utf8(help.stdout).unwrap();
    assert!(
        text.contains("--bind") && text.contains("docs/WEB.md"),
        "{text}"
    );
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(["web", "--bind", "not-an-address"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8(bad.stderr).unwrap();
    assert!(
        err.starts_with("error: cannot listen on 'not-an-address'"),
        "{err}"
    );
}
