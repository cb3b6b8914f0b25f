//! `POST /api/analyses` and `GET /api/analyses/ID`: an analysis of a record
//! or of a finished match, computed in the background within bounds; a
//! live match is not analysed, a game of hidden information only from a
//! seat's view (with its token for a match); bad requests are named.

mod web_common;

use axum::http::StatusCode;
use serde_json::{json, Value};
use web_common::{kind, TestServer};

/// Polls an analysis until it is finished (at most 60 s).
async fn finished(server: &TestServer, id: &str) -> Value {
    for _ in 0..600 {
        let (status, answer) = server.http("GET", &format!("/api/analyses/{id}"), "").await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert!(answer["done"].as_u64().unwrap() <= answer["total"].as_u64().unwrap());
        if answer["finished"] == true {
            return answer;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the analysis did not finish");
}

fn hus_record(plies: usize) -> Value {
    let registry = plateau_games::default_registry();
    let game = registry
        .get("hus")
        .unwrap()
        .load(&plateau::RulesSpec::default_variant())
        .unwrap();
    let mut session = game.new_session(6);
    let mut rng = plateau::rng(2);
    while session.num_moves() < plies {
        let Some(mv) = session.random_move(&mut rng) else {
            break;
        };
        session.play(&mv).unwrap();
    }
    serde_json::to_value(session.record()).unwrap()
}

#[tokio::test]
async fn a_record_is_analysed_in_the_background_with_its_progress() {
    let server = TestServer::start().await;
    let record = hus_record(10);
    let body = json!({"record": record, "agent": "alphabeta:depth=2"}).to_string();
    let (status, started) = server.http("POST", "/api/analyses", &body).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(started["total"], 10);
    let id = started["analysis_id"].as_str().unwrap();
    let done = finished(&server, id).await;
    assert_eq!(done["done"], 10);
    let plies = done["analysis"]["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 10);
    for (p, mv) in plies.iter().zip(record["moves"].as_array().unwrap()) {
        assert_eq!(&p["played"], mv);
        assert!(p["best"].is_string() && p["value"].is_number(), "{p}");
        assert!(!p["best_squares"].as_array().unwrap().is_empty(), "{p}");
    }
    let (status, answer) = server.http("GET", "/api/analyses/nothing", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(kind(&answer), Some("unknown_analysis"));
}

#[tokio::test]
async fn bad_requests_are_named_and_hidden_information_needs_a_seat() {
    let server = TestServer::start().await;
    let record = hus_record(4);
    let stratego = {
        let registry = plateau_games::default_registry();
        let game = registry
            .get("stratego")
            .unwrap()
            .load(&plateau::RulesSpec::variant("barrage"))
            .unwrap();
        let mut session = game.new_session(1);
        let mut rng = plateau::rng(1);
        for _ in 0..6 {
            let mv = session.random_move(&mut rng).unwrap();
            session.play(&mv).unwrap();
        }
        serde_json::to_value(session.record()).unwrap()
    };
    let cases = [
        (
            json!({"record": record, "agent": "wizard"}),
            "bad_agent",
            "wizard",
        ),
        (
            json!({"record": record, "colour": "red"}),
            "bad_request",
            "'colour'",
        ),
        (json!({"record": {"format": 1}}), "bad_record", "game"),
        (json!({}), "bad_request", "'record' or 'match'"),
        (
            json!({"record": stratego}),
            "bad_request",
            "one seat's view",
        ),
        (
            json!({"record": stratego, "seat": "green"}),
            "bad_request",
            "'green'",
        ),
        (json!({"match": "nope"}), "unknown_match", "nope"),
        (
            json!({"record": record, "agent": "mcts:threads=999"}),
            "bad_request",
            "threads",
        ),
    ];
    for (body, want, needle) in cases {
        let (status, answer) = server
            .http("POST", "/api/analyses", &body.to_string())
            .await;
        assert_ne!(status, StatusCode::OK, "{body}");
        assert_eq!(kind(&answer), Some(want), "{body}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(needle), "{body}: {message}");
    }
    // From red's view: blue's setup is secret, only red's moves searched.
    let body = json!({"record": stratego, "seat": "red", "agent": "ismcts:iters=50"}).to_string();
    let (status, started) = server.http("POST", "/api/analyses", &body).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let done = finished(&server, started["analysis_id"].as_str().unwrap()).await;
    let text = done.to_string();
    let blue_setup = stratego["moves"][1]
        .as_str()
        .unwrap()
        .trim_start_matches("setup ")
        .to_string();
    assert!(
        !text.contains(&blue_setup),
        "blue's setup in red's analysis"
    );
    for p in done["analysis"]["plies"].as_array().unwrap() {
        if p["searched"] == true {
            assert_eq!(p["mover"], "red");
        }
    }
}

#[tokio::test]
async fn a_live_match_is_not_analysed_and_a_finished_one_is() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus", "seed": 2})).await;
    let id = created["match"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let body = json!({"match": id, "token": token}).to_string();
    let (status, answer) = server.http("POST", "/api/analyses", &body).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(kind(&answer), Some("match_not_over"));
    // Two agents play one to the end; then it is analysed.
    let created = server
        .create(json!({"game": "hus", "seed": 3, "agents": {"0": "random", "1": "random"}}))
        .await;
    let _watcher = server.connect(&created, None).await;
    let path = format!("/api/matches/{}", created["match"].as_str().unwrap());
    let mut over = false;
    for _ in 0..300 {
        let (_, info) = server.http("GET", &path, "").await;
        if info["status"]["over"] == true {
            over = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(over, "the agents' match ended");
    let body = json!({"match": created["match"], "agent": "alphabeta:depth=1"}).to_string();
    let (status, started) = server.http("POST", "/api/analyses", &body).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let done = finished(&server, started["analysis_id"].as_str().unwrap()).await;
    assert!(done["analysis"]["plies"].as_array().unwrap().len() >= 2);
}

#[tokio::test]
async fn at_most_two_analyses_run_at_once() {
    let server = TestServer::start().await;
    let record = hus_record(40);
    // An iteration budget far past the time per position: each search
    // stops at the server's cap, so these run for a while.
    let body = json!({"record": record, "agent": "mcts:iters=1000000000"}).to_string();
    for _ in 0..2 {
        let (status, answer) = server.http("POST", "/api/analyses", &body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert!(answer["ms_per_position"].as_u64().unwrap() <= 300);
    }
    let (status, answer) = server.http("POST", "/api/analyses", &body).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert_eq!(kind(&answer), Some("busy"));
}
