//! The checks that make `plateau web` safe to leave running: JSON bodies
//! only, the Origin and Host headers, ending a match with its owner's
//! token, and no live match dropped when the server is full.

mod web_common;

use axum::http::StatusCode;
use futures_util::StreamExt;
use plateau_cli::web::guard::Guard;
use plateau_cli::web::hub::Hub;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use web_common::{kind, TestServer, PATIENCE};

const HUS: &str = r#"{"game":"hus"}"#;

#[tokio::test]
async fn a_body_that_is_not_said_to_be_json_is_refused() {
    let server = TestServer::start().await;
    let host = server.addr.to_string();
    for headers in [
        vec![("host", host.as_str()), ("content-type", "text/plain")],
        vec![("host", host.as_str())],
        vec![
            ("host", host.as_str()),
            ("content-type", "application/x-www-form-urlencoded"),
        ],
    ] {
        for path in ["/api/matches", "/api/replay"] {
            let (status, answer) = server.http_with("POST", path, &headers, HUS).await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{answer}");
            assert_eq!(kind(&answer), Some("unsupported_media_type"));
            let message = answer["error"]["message"].as_str().unwrap();
            assert!(message.contains("application/json"), "{message}");
        }
    }
    assert!(server.hub.is_empty(), "no match was made");
    // With a charset it is JSON still.
    let (status, answer) = server
        .http_with(
            "POST",
            "/api/matches",
            &[
                ("host", &host),
                ("content-type", "Application/JSON; charset=utf-8"),
            ],
            HUS,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

#[tokio::test]
async fn a_foreign_origin_may_not_change_anything() {
    let server = TestServer::start().await;
    let host = server.addr.to_string();
    let json = ("content-type", "application/json");
    for origin in ["https://evil.example", "null", "http://localhost:1"] {
        let (status, answer) = server
            .http_with(
                "POST",
                "/api/matches",
                &[("host", &host), json, ("origin", origin)],
                HUS,
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}: {answer}");
        assert_eq!(kind(&answer), Some("forbidden_origin"));
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains("Origin") && message.contains("--allow-origin"));
    }
    assert!(server.hub.is_empty());
    // The page's own origin may; so may a request with no Origin.
    let own = format!("http://{host}");
    let (status, answer) = server
        .http_with(
            "POST",
            "/api/matches",
            &[("host", &host), json, ("origin", &own)],
            HUS,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Reading stays open to any origin (the browser keeps the answer from
    // a foreign page anyway).
    let (status, _) = server
        .http_with(
            "GET",
            "/api/games",
            &[("host", &host), ("origin", "https://evil.example")],
            "",
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_websocket_from_a_foreign_origin_is_refused() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus"})).await;
    let url = server.ws_url(&created, None);
    let mut request = url.as_str().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", "https://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), StatusCode::FORBIDDEN);
        }
        Err(e) => panic!("expected a 403, got {e}"),
        Ok(_) => panic!("a WebSocket from a foreign origin was accepted"),
    }
    // From the page's own origin it opens.
    let mut request = url.as_str().into_client_request().unwrap();
    let own = format!("http://{}", server.addr);
    request.headers_mut().insert("origin", own.parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let first = tokio::time::timeout(PATIENCE, ws.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(matches!(first, Message::Text(_)));
}

#[tokio::test]
async fn only_the_hosts_served_are_answered() {
    let server = TestServer::start().await;
    let port = server.addr.port();
    for host in ["evil.example", &format!("evil.example:{port}"), "10.1.2.3"] {
        for (method, path, body) in [
            ("GET", "/", ""),
            ("GET", "/api/games", ""),
            ("POST", "/api/matches", HUS),
        ] {
            let (status, answer) = server
                .http_with(
                    method,
                    path,
                    &[("host", host), ("content-type", "application/json")],
                    body,
                )
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{host} {path}: {answer}");
            assert_eq!(kind(&answer), Some("forbidden_host"));
            let message = answer["error"]["message"].as_str().unwrap();
            assert!(message.contains("Host") && message.contains("localhost"));
        }
    }
    let (status, answer) = server.http_with("GET", "/api/games", &[], "").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "no Host: {answer}");
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        let (status, _) = server.http_with("GET", "/", &[("host", &host)], "").await;
        assert_eq!(status, StatusCode::OK, "{host}");
        let (status, answer) = server
            .http_with(
                "POST",
                "/api/matches",
                &[("host", &host), ("content-type", "application/json")],
                HUS,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{host}: {answer}");
    }
}

#[tokio::test]
async fn allowed_origins_and_hosts_are_admitted() {
    let guard = Guard::new(
        "127.0.0.1".parse().unwrap(),
        &["board.example".to_string()],
        &["https://friend.example".to_string()],
    )
    .unwrap();
    let hub = Hub::with(&plateau_cli::default_registry(), 256, guard);
    let server = TestServer::start_with(hub).await;
    let host = server.addr.to_string();
    let json = ("content-type", "application/json");
    let (status, answer) = server
        .http_with(
            "POST",
            "/api/matches",
            &[("host", &host), json, ("origin", "https://friend.example")],
            HUS,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = server
        .http_with(
            "POST",
            "/api/matches",
            &[("host", &host), json, ("origin", "https://evil.example")],
            HUS,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    let (status, answer) = server
        .http_with(
            "POST",
            "/api/matches",
            &[
                ("host", "board.example:8080"),
                json,
                ("origin", "http://board.example:8080"),
            ],
            HUS,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(Guard::new("127.0.0.1".parse().unwrap(), &[], &["evil".into()]).is_err());
    // A wildcard bind answers any IP literal and the names added, no other.
    let any = Guard::new("0.0.0.0".parse().unwrap(), &["box.lan".into()], &[]).unwrap();
    let server =
        TestServer::start_with(Hub::with(&plateau_cli::default_registry(), 256, any)).await;
    for (host, expected) in [
        ("192.168.1.20:8080", StatusCode::OK),
        ("box.lan:8080", StatusCode::OK),
        ("evil.example:8080", StatusCode::FORBIDDEN),
    ] {
        let (status, _) = server
            .http_with("GET", "/api/games", &[("host", host)], "")
            .await;
        assert_eq!(status, expected, "{host}");
    }
}

/// The number of moves played in a match, as its referee sees it.
fn moves(server: &TestServer, created: &Value) -> usize {
    let m = server.hub.find(created["match"].as_str().unwrap()).unwrap();
    m.with_match(|g| g.moves_played())
}

#[tokio::test]
async fn the_owner_ends_a_match_of_two_agents() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "hus", "agents": {"0": "mcts:time=20ms", "1": "mcts:time=20ms"}}))
        .await;
    let id = created["match"].as_str().unwrap().to_string();
    let owner = created["owner_token"].as_str().unwrap().to_string();
    assert_eq!(owner.len(), 32, "128 bits in hex: {owner}");
    assert!(owner.bytes().all(|b| b.is_ascii_hexdigit()));
    let m = server.hub.find(&id).unwrap();
    let mut watcher = server.connect(&created, None).await;
    watcher.wait_for_moves(2).await;

    // A seat's token, a wrong token or none may not end it.
    let seat = created["seats"][0]["token"]
        .as_str()
        .unwrap_or("x")
        .to_string();
    for query in [
        String::new(),
        "?token=0123".to_string(),
        format!("?token={seat}"),
    ] {
        let (status, answer) = server
            .http("DELETE", &format!("/api/matches/{id}{query}"), "")
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{query}: {answer}");
        assert_eq!(kind(&answer), Some("bad_token"));
    }
    assert!(server.hub.find(&id).is_ok());

    let (status, answer) = server
        .http("DELETE", &format!("/api/matches/{id}?token={owner}"), "")
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer, json!({"ok": true}));

    // The watcher hears it and its connection closes.
    loop {
        let message = watcher.next().await;
        if message["event"] == "closed" {
            assert_eq!(message["reason"], "deleted");
            break;
        }
    }
    watcher.expect_closed().await;

    // The id is unknown now, for every route.
    let (status, answer) = server.http("GET", &format!("/api/matches/{id}"), "").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    let (status, answer) = server
        .http("DELETE", &format!("/api/matches/{id}?token={owner}"), "")
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(kind(&answer), Some("unknown_match"));

    // Its agents stopped: no move is played any more.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = m.with_match(|g| g.moves_played());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(m.with_match(|g| g.moves_played()), before);
    assert!(m.is_closed());
}

#[tokio::test]
async fn a_full_server_refuses_new_matches_rather_than_drop_live_ones() {
    let hub = Hub::with(&plateau_cli::default_registry(), 4, Guard::loopback());
    let server = TestServer::start_with(hub).await;
    let mut live = Vec::new();
    for _ in 0..4 {
        live.push(server.create(json!({"game": "hus"})).await);
    }
    let (status, answer) = server.http("POST", "/api/matches", HUS).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert_eq!(kind(&answer), Some("too_many_matches"));
    assert!(answer["error"]["message"].as_str().unwrap().contains('4'));
    for created in &live {
        assert!(server.hub.find(created["match"].as_str().unwrap()).is_ok());
    }
    assert_eq!(moves(&server, &live[0]), 0);

    // Once one is finished, it makes room (and its watchers are told).
    let finished = &live[2];
    let mut watcher = server.connect(finished, None).await;
    watcher.next().await;
    server.referee(finished, |m| {
        m.resign(plateau::matches::Client::Seat(plateau::Player(0)))
            .unwrap()
    });
    let fresh = server.create(json!({"game": "hus"})).await;
    assert!(server.hub.find(fresh["match"].as_str().unwrap()).is_ok());
    assert!(server
        .hub
        .find(finished["match"].as_str().unwrap())
        .is_err());
    for (i, created) in live.iter().enumerate() {
        if i != 2 {
            assert!(server.hub.find(created["match"].as_str().unwrap()).is_ok());
        }
    }
    loop {
        let message = watcher.next().await;
        if message["event"] == "closed" {
            assert_eq!(message["reason"], "dropped");
            break;
        }
    }
    watcher.expect_closed().await;
    let (status, _) = server.http("POST", "/api/matches", HUS).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn the_default_cap_is_256() {
    let server = TestServer::start().await;
    assert_eq!(server.hub.max_matches(), 256);
    for _ in 0..256 {
        server.create(json!({"game": "hus"})).await;
    }
    let (status, answer) = server.http("POST", "/api/matches", HUS).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert_eq!(kind(&answer), Some("too_many_matches"));
    assert_eq!(server.hub.len(), 256, "no live match was dropped");
}
