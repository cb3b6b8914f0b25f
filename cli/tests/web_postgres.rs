//! Two `plateau web` processes on one PostgreSQL database serve the same
//! matches: a move made through one reaches the WebSockets of the other,
//! two moves made at once through both are not both kept, and the agents
//! of a match watched on both play each move once.
//!
//! Against the database of `PLATEAU_TEST_POSTGRES` (`.ci/postgres start`
//! gives one; scripts/test-all starts it), each test in a schema of its
//! own. Without it the tests are skipped, except in CI (`CI`) and under
//! scripts/test-all (`PLATEAU_REQUIRE_POSTGRES=1`), where they fail unless
//! `PLATEAU_SKIP_POSTGRES=1`.

mod web_common;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use web_common::{kind, Client, PATIENCE};

/// How long a move may take to reach the other server's sockets.
const ACROSS: Duration = Duration::from_secs(5);

/// The test database's URL (see the module's documentation).
fn database_url() -> Option<String> {
    if let Ok(url) = std::env::var("PLATEAU_TEST_POSTGRES") {
        if !url.is_empty() {
            return Some(url);
        }
    }
    let set =
        |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    if set("PLATEAU_SKIP_POSTGRES") {
        eprintln!("skipped: PLATEAU_SKIP_POSTGRES is set");
        return None;
    }
    if set("CI") || set("PLATEAU_REQUIRE_POSTGRES") {
        panic!(
            "PLATEAU_TEST_POSTGRES is not set: start a server with \
             `eval \"$(.ci/postgres start)\"` (scripts/test-all does), \
             or set PLATEAU_SKIP_POSTGRES=1 to skip the PostgreSQL tests"
        );
    }
    eprintln!(
        "skipped: PLATEAU_TEST_POSTGRES is not set (`eval \"$(.ci/postgres start)\"` gives one)"
    );
    None
}

/// Runs one statement on a connection of the test's own (on a thread of
/// its own, so that it may be called anywhere).
fn sql(url: &str, query: &str, id: Option<&str>) -> Result<Vec<String>, String> {
    let (url, query, id) = (url.to_string(), query.to_string(), id.map(str::to_string));
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let config = tokio_postgres::Config::from_str(&url).map_err(|e| e.to_string())?;
            let (client, connection) = config
                .connect(tokio_postgres::NoTls)
                .await
                .map_err(|e| e.to_string())?;
            tokio::spawn(connection);
            let rows = match &id {
                Some(id) => client.query(&query, &[id]).await,
                None => client.query(&query, &[]).await,
            }
            .map_err(|e| e.to_string())?;
            Ok(rows.iter().map(|r| r.get::<_, String>(0)).collect())
        })
    })
    .join()
    .unwrap()
}

/// A schema of its own for one test (the servers' tables go there),
/// dropped at the end.
struct Scratch {
    base: String,
    schema: String,
    /// The URL the servers are given.
    url: String,
}

impl Scratch {
    fn new() -> Option<Scratch> {
        let base = database_url()?;
        let schema = format!("plateau_e2e_{}_{}", std::process::id(), unique());
        sql(&base, &format!("CREATE SCHEMA {schema}"), None).unwrap();
        let sep = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{sep}options=-csearch_path%3D{schema}");
        Some(Scratch { base, schema, url })
    }

    /// The stored state of match `id`.
    fn state(&self, id: &str) -> Value {
        let rows = sql(
            &self.url,
            "SELECT state FROM plateau_matches WHERE id = $1",
            Some(id),
        )
        .unwrap();
        serde_json::from_str(&rows[0]).unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let drop = format!("DROP SCHEMA {} CASCADE", self.schema);
        if let Err(e) = sql(&self.base, &drop, None) {
            eprintln!("cannot drop the test schema {}: {e}", self.schema);
        }
    }
}

/// A number no other test of this process uses.
fn unique() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
}

/// A `plateau web` process on a free port and the database `url`.
struct Served {
    child: Child,
    addr: String,
    /// The line naming the store.
    store_line: String,
    _stdout: BufReader<ChildStdout>,
}

impl Served {
    fn start(url: &str, data: &Path) -> Served {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("plateau"))
            .args(["web", "--bind", "127.0.0.1:0", "--database", url, "--data"])
            .arg(data)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("plateau web starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the first line says where it listens: {line:?}"))
            .to_string();
        let mut store_line = String::new();
        stdout.read_line(&mut store_line).unwrap();
        Served {
            child,
            addr,
            store_line,
            _stdout: stdout,
        }
    }

    /// SIGKILL: the server stops at once, whatever it was doing.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// One HTTP request: the status and the body as JSON.
    async fn http(&self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let mut stream = tokio::net::TcpStream::connect(&self.addr).await.unwrap();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        tokio::time::timeout(PATIENCE, stream.read_to_end(&mut response))
            .await
            .expect("an answer within the patience")
            .unwrap();
        let text = String::from_utf8_lossy(&response);
        let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        let value = serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.into()));
        (status, value)
    }

    async fn create(&self, body: Value) -> Value {
        let (status, created) = self.http("POST", "/api/matches", &body.to_string()).await;
        assert_eq!(status, 200, "{created}");
        created
    }

    /// What anyone may know of the match (`GET /api/matches/ID`).
    async fn info(&self, created: &Value) -> Value {
        let id = created["match"].as_str().unwrap();
        let (status, info) = self.http("GET", &format!("/api/matches/{id}"), "").await;
        assert_eq!(status, 200, "{info}");
        info
    }

    /// A connection to a seat (by number) or the spectator, past its
    /// welcome.
    async fn connect(&self, created: &Value, seat: Option<usize>) -> Client {
        let id = created["match"].as_str().unwrap();
        let url = match seat {
            Some(p) => format!(
                "ws://{}/ws?match={id}&token={}",
                self.addr,
                created["seats"][p]["token"].as_str().unwrap()
            ),
            None => format!("ws://{}/ws?match={id}", self.addr),
        };
        let mut client = Client::connect(&url).await;
        let welcome = client.next().await;
        assert_eq!(welcome["event"], "welcome", "{welcome}");
        client
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads `client` until an update with `moves_played` at least `n`, within
/// [`ACROSS`].
async fn update_with(client: &mut Client, n: u64) -> Value {
    tokio::time::timeout(ACROSS, client.wait_for_moves(n))
        .await
        .unwrap_or_else(|_| panic!("no update with move {n} within {ACROSS:?}"))
}

#[tokio::test]
async fn a_move_through_one_server_reaches_the_seat_on_the_other() {
    let Some(db) = Scratch::new() else { return };
    let data = tempfile::tempdir().unwrap();
    let a = Served::start(&db.url, data.path());
    let b = Served::start(&db.url, data.path());
    for server in [&a, &b] {
        assert!(
            server.store_line.contains("postgresql 127.0.0.1:")
                || server.store_line.contains("postgresql "),
            "{}",
            server.store_line
        );
        assert!(!server.store_line.contains("plateau-test"), "no password");
    }

    // Made through A, found by B (from the database).
    let created = a.create(json!({"game": "hus", "seed": 4})).await;
    let mut seats = [
        a.connect(&created, Some(0)).await,
        b.connect(&created, Some(1)).await,
    ];
    let mut watchers = [
        a.connect(&created, None).await,
        b.connect(&created, None).await,
    ];
    for n in 1..=4u64 {
        let view = seats[0].view().await;
        assert_eq!(view["moves_played"], n - 1, "{view}");
        let mover = view["to_move"].as_u64().expect("someone is to move") as usize;
        let answer = seats[mover].ask(json!({"cmd": "play", "index": 0})).await;
        assert_eq!(answer["ok"], true, "{answer}");
        // The other seat, on the other server, hears of the move.
        let other = 1 - mover;
        let update = update_with(&mut seats[other], n).await;
        assert_eq!(update["moves_played"], n, "{update}");
        // Spectators on both servers see the same board.
        let here = update_with(&mut watchers[0], n).await;
        let there = update_with(&mut watchers[1], n).await;
        assert_eq!(
            here["board"], there["board"],
            "both servers show the same board"
        );
        assert_eq!(here["to_move"], there["to_move"]);
    }
    assert_eq!(
        a.info(&created).await["status"],
        b.info(&created).await["status"]
    );

    // The same seat on both servers at once: one move is kept, the other
    // is refused (a conflict, or no longer its turn), never both.
    let view = seats[0].view().await;
    let mover = view["to_move"].as_u64().unwrap() as usize;
    let mut twins = [
        a.connect(&created, Some(mover)).await,
        b.connect(&created, Some(mover)).await,
    ];
    let [on_a, on_b] = &mut twins;
    let (x, y) = tokio::join!(
        on_a.ask(json!({"cmd": "play", "index": 0})),
        on_b.ask(json!({"cmd": "play", "index": 0}))
    );
    let kept = [&x, &y].iter().filter(|r| r["ok"] == true).count();
    assert_eq!(kept, 1, "{x} {y}");
    for r in [&x, &y] {
        if r["ok"] != true {
            assert!(matches!(kind(r), Some("conflict" | "not_your_turn")), "{r}");
        }
    }
    for seat in &mut seats {
        update_with(seat, 5).await;
    }
    let (ia, ib) = (a.info(&created).await, b.info(&created).await);
    assert_eq!(ia["status"]["moves_played"], 5, "{ia}");
    assert_eq!(ia["status"], ib["status"]);
    let saved = db.state(created["match"].as_str().unwrap());
    assert_eq!(
        saved["saved"]["record"]["moves"].as_array().unwrap().len(),
        5
    );
}

#[tokio::test]
async fn the_agents_of_a_match_watched_on_both_servers_play_each_move_once() {
    let Some(db) = Scratch::new() else { return };
    let data = tempfile::tempdir().unwrap();
    let a = Served::start(&db.url, data.path());
    let b = Served::start(&db.url, data.path());

    // Agents that think a little, so that both servers have the match
    // open while it is played, and both claim the agents' turns.
    let created = a
        .create(json!({
            "game": "oware", "variant": "small", "seed": 11,
            "agents": {"0": "mcts:time=50ms", "1": "mcts:time=50ms"}
        }))
        .await;
    let mut watchers = [
        a.connect(&created, None).await,
        b.connect(&created, None).await,
    ];
    let start = Instant::now();
    let over = loop {
        let (ia, ib) = (a.info(&created).await, b.info(&created).await);
        if ia["status"]["over"] == true && ib["status"]["over"] == true {
            break ia;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the match did not end: {ia} {ib}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let moves = over["status"]["moves_played"].as_u64().unwrap();
    assert!(moves > 4, "{over}");
    // The two servers agree, and so do their spectators.
    assert_eq!(b.info(&created).await["status"], over["status"]);
    let seen: Vec<Value> = {
        let mut seen = Vec::new();
        for w in &mut watchers {
            seen.push(w.view().await);
        }
        seen
    };
    assert_eq!(seen[0]["board"], seen[1]["board"]);
    assert_eq!(seen[0]["moves_played"], moves);
    assert_eq!(seen[1]["moves_played"], moves);
    // Neither spectator saw the game go back (a move undone because
    // another server had made it too).
    for w in &watchers {
        let played: Vec<u64> = w
            .received
            .iter()
            .filter(|m| m["event"] == "update")
            .filter_map(|m| m["moves_played"].as_u64())
            .collect();
        assert!(
            played.windows(2).all(|p| p[0] <= p[1]),
            "moves_played went back: {played:?}"
        );
    }

    // The kept record has each move once: as many as were played, and it
    // replays (every move legal) to the end of the game.
    let saved = db.state(created["match"].as_str().unwrap());
    let record = &saved["saved"]["record"];
    assert_eq!(
        record["moves"].as_array().unwrap().len() as u64,
        moves,
        "{record}"
    );
    let file = data.path().join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let replay = Command::new(assert_cmd::cargo::cargo_bin("plateau"))
        .args(["replay", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let replayed: Value = serde_json::from_slice(&replay.stdout).unwrap();
    assert_eq!(replayed["status"]["over"], true, "{replayed}");
}

#[tokio::test]
async fn when_the_server_playing_the_agents_is_killed_the_other_plays_on() {
    let Some(db) = Scratch::new() else { return };
    let data = tempfile::tempdir().unwrap();
    let a = Served::start(&db.url, data.path());
    let b = Served::start(&db.url, data.path());
    let created = a
        .create(json!({
            "game": "oware", "variant": "small", "seed": 5,
            "agents": {"0": "mcts:time=200ms", "1": "mcts:time=200ms"}
        }))
        .await;
    // A has the agents' turns (it made the match and moves first); B
    // watches, and asks for each turn in vain while A holds it.
    let mut watcher = b.connect(&created, None).await;
    let before = tokio::time::timeout(PATIENCE, watcher.wait_for_moves(3))
        .await
        .expect("the agents play");
    let played = before["moves_played"].as_u64().unwrap();
    a.kill();

    // B plays the agents' turns from where A stopped, to the end.
    let start = Instant::now();
    let over = loop {
        let info = b.info(&created).await;
        if info["status"]["over"] == true {
            break info;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "B did not play on: {info}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let moves = over["status"]["moves_played"].as_u64().unwrap();
    assert!(moves > played, "{over}");
    let record = &db.state(created["match"].as_str().unwrap())["saved"]["record"];
    assert_eq!(record["moves"].as_array().unwrap().len() as u64, moves);
    let file = data.path().join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let replay = Command::new(assert_cmd::cargo::cargo_bin("plateau"))
        .args(["replay", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
}
