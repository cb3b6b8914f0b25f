//! The bounds on agents of `plateau web`: an iteration budget of 10⁹ ends
//! within the time cap, hints are rate-limited per seat, a full pool
//! refuses hints (`busy`) while plain moves answer at once, and a deleted
//! match frees its agents.

mod web_common;

use plateau::ai::AgentLimits;
use plateau_cli::web::guard::Guard;
use plateau_cli::web::hub::{AgentPool, Hub, PoolSettings};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use web_common::{kind, TestServer, PATIENCE};

/// A server whose agents think at most `think`, on `threads` threads with
/// at most `max_waiting` jobs waiting, `hints` hints a minute per seat.
async fn server(think: Duration, threads: usize, max_waiting: usize, hints: u32) -> TestServer {
    let pool = AgentPool::new(PoolSettings {
        threads,
        max_waiting,
        limits: AgentLimits {
            time: Some(think),
            nodes: Some(200_000),
        },
        hints_per_minute: hints,
        hint_wait: Duration::from_secs(5),
        programs: Vec::new(),
    });
    let hub = Hub::with_pool(
        &plateau_cli::default_registry(),
        64,
        Guard::loopback(),
        pool,
    );
    TestServer::start_with(hub).await
}

const HUGE: &str = "mcts:iters=1000000000";

/// Ends a match with its owner's token (its agents stop).
async fn delete(server: &TestServer, created: &Value) {
    let path = format!(
        "/api/matches/{}?token={}",
        created["match"].as_str().unwrap(),
        created["owner_token"].as_str().unwrap()
    );
    let (status, answer) = server.http("DELETE", &path, "").await;
    assert!(status.is_success(), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_iteration_budget_of_a_billion_ends_within_the_time_cap() {
    let server = server(Duration::from_secs(1), 2, 4, 10).await;
    // Such a budget is accepted: the cap bounds it.
    let created = server
        .create(json!({"game": "hus", "seed": 3, "agents": {"1": HUGE}}))
        .await;
    let mut south = server.connect(&created, Some(0)).await;
    // A hint of that budget answers within the cap too.
    let started = Instant::now();
    let hint = south.ask(json!({"cmd": "hint", "agent": HUGE})).await;
    assert_eq!(hint["ok"], true, "{hint}");
    let took = started.elapsed();
    assert!(took < Duration::from_millis(2500), "the hint took {took:?}");
    assert!(
        took >= Duration::from_millis(900),
        "the cap, not the budget, ended it: {took:?}"
    );
    // The agent's move.
    let played = south.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(played["ok"], true, "{played}");
    let started = Instant::now();
    south.wait_for_moves(2).await;
    let took = started.elapsed();
    assert!(
        took < Duration::from_millis(2500),
        "the agent took {took:?}"
    );
    assert!(
        took >= Duration::from_millis(900),
        "the agent thought {took:?}"
    );
    // A time over the cap is refused with what the cap is.
    let r = south
        .ask(json!({"cmd": "hint", "agent": "mcts:time=5s"}))
        .await;
    assert_eq!(kind(&r), Some("bad_request"), "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("at most 1s"),
        "{r}"
    );
    // More search threads than the pool has are refused too, at creation
    // and for a hint.
    let r = south
        .ask(json!({"cmd": "hint", "agent": "mcts:iters=10,threads=3"}))
        .await;
    assert_eq!(kind(&r), Some("bad_request"), "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("at most 2 threads"),
        "{r}"
    );
    let (status, r) = server
        .http(
            "POST",
            "/api/matches",
            &json!({"game": "hus", "agents": {"1": "mcts:threads=64"}}).to_string(),
        )
        .await;
    assert_eq!(status, 400, "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("player '1'"),
        "{r}"
    );
    // No client starts a program on the server: an outside program is
    // refused at creation and for a hint unless the operator allowed it.
    let (status, r) = server
        .http(
            "POST",
            "/api/matches",
            &json!({"game": "stratego", "agents": {"1": "ucc:cmd=/bin/sh,args=-c true"}})
                .to_string(),
        )
        .await;
    assert_eq!(status, 400, "{r}");
    let message = r["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("no outside program '/bin/sh'") && message.contains("--allow-program"),
        "{r}"
    );
    let r = south
        .ask(json!({"cmd": "hint", "agent": "ucc:cmd=/bin/sh"}))
        .await;
    assert_eq!(kind(&r), Some("bad_request"), "{r}");
    delete(&server, &created).await;
}

#[tokio::test]
async fn hints_past_a_seats_rate_are_refused_with_when_to_retry() {
    let server = server(Duration::from_secs(1), 2, 4, 3).await;
    let created = server.create(json!({"game": "hus", "seed": 1})).await;
    let mut south = server.connect(&created, Some(0)).await;
    for _ in 0..3 {
        let r = south.ask(json!({"cmd": "hint", "agent": "random"})).await;
        assert_eq!(r["ok"], true, "{r}");
    }
    let r = south.ask(json!({"cmd": "hint", "agent": "random"})).await;
    assert_eq!(kind(&r), Some("rate_limited"), "{r}");
    let message = r["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("3 hints a minute; try again in"),
        "{message}"
    );
    // The other seat has hints of its own (on its turn).
    let r = south.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(r["ok"], true, "{r}");
    let mut north = server.connect(&created, Some(1)).await;
    let r = north.ask(json!({"cmd": "hint", "agent": "random"})).await;
    assert_eq!(r["ok"], true, "{r}");
    // One hint at a time per seat, even from two pages of the seat (a
    // connection answers its messages in turn).
    north
        .send_text(&json!({"cmd": "hint", "agent": HUGE, "tag": "long"}).to_string())
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut north_again = server.connect(&created, Some(1)).await;
    let r = north_again
        .ask(json!({"cmd": "hint", "agent": "random"}))
        .await;
    assert_eq!(kind(&r), Some("rate_limited"), "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("being computed"),
        "{r}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_pool_refuses_hints_and_plain_moves_answer_at_once() {
    // One thread, one job may wait: three agent matches keep it full. One
    // hint a minute per seat.
    let server = server(Duration::from_secs(1), 1, 1, 1).await;
    let mut busy = Vec::new();
    for seed in 0..3 {
        busy.push(
            server
                .create(json!({"game": "hus", "seed": seed, "agents": {"0": HUGE, "1": HUGE}}))
                .await,
        );
    }
    let pool: Arc<AgentPool> = server.hub.pool().clone();
    let deadline = Instant::now() + PATIENCE;
    while pool.waiting() < 2 {
        assert!(
            Instant::now() < deadline,
            "the agents never filled the pool"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let created = server.create(json!({"game": "hus", "seed": 9})).await;
    let mut south = server.connect(&created, Some(0)).await;
    let r = south.ask(json!({"cmd": "hint", "agent": "random"})).await;
    assert_eq!(kind(&r), Some("busy"), "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("try again"),
        "{r}"
    );
    // A plain move does not wait for the pool.
    let started = Instant::now();
    let r = south.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(r["ok"], true, "{r}");
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    // The agents' turns waited and went on: each match moves.
    for created in &busy {
        let mut watcher = server.connect(created, None).await;
        watcher.wait_for_moves(1).await;
    }
    for created in &busy {
        delete(&server, created).await;
    }
    // Once the pool is free, the seat's hint (the busy one did not count
    // against its one hint a minute) is answered.
    let mut north = server.connect(&created, Some(1)).await;
    let r = north.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(r["ok"], true, "{r}");
    while pool.running() > 0 || pool.waiting() > 0 {
        assert!(Instant::now() < deadline, "the pool stays busy");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let r = south.ask(json!({"cmd": "hint", "agent": "random"})).await;
    assert_eq!(r["ok"], true, "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_match_frees_its_agents() {
    let server = server(Duration::from_millis(500), 2, 4, 10).await;
    let created = server
        .create(json!({"game": "hus", "seed": 2, "agents": {"0": HUGE, "1": HUGE}}))
        .await;
    let m = server.hub.find(created["match"].as_str().unwrap()).unwrap();
    let weak = Arc::downgrade(&m);
    drop(m);
    tokio::time::sleep(Duration::from_millis(200)).await;
    delete(&server, &created).await;
    // Once the agent out thinking comes back (within the cap), nothing
    // holds the match: its agents, session and events are freed.
    let deadline = Instant::now() + Duration::from_secs(5);
    while weak.upgrade().is_some() {
        assert!(Instant::now() < deadline, "the deleted match is still held");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
