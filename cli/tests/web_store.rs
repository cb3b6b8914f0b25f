//! Matches survive restarts: the real `plateau web` binary with a data
//! directory, killed with SIGKILL in the middle of games and started
//! again on the same directory. Every acknowledged move is back, with the
//! same match id, seats and tokens; agents resume their turn; finished
//! matches are listed; a Stratego seat still sees only its own ranks. In
//! the server's process: a write that fails is refused (`storage`) and
//! leaves the match as it was, and a match changed by another server
//! answers `conflict` and catches up.

mod web_common;

use plateau_cli::web::hub::{Guard, Hub};
use plateau_cli::web::store::{Notice, SqliteStore, Store, StoreError, StoredMatch};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use web_common::{kind, Client, TestServer, PATIENCE};

/// A `plateau web` process on a free port with the data directory `dir`.
struct Served {
    child: Child,
    addr: String,
    /// The line naming the store.
    store_line: String,
    _stdout: BufReader<ChildStdout>,
}

impl Served {
    fn start(dir: &Path) -> Served {
        let mut command = Command::new(assert_cmd::cargo::cargo_bin("plateau"));
        command
            .args(["web", "--bind", "127.0.0.1:0", "--data"])
            .arg(dir);
        Served::spawn(command)
    }

    fn spawn(mut command: Command) -> Served {
        let mut child = command
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

    /// SIGKILL: nothing is finished or flushed.
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

    /// A connection to a seat (by number) or the spectator.
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
        Client::connect(&url).await
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What must be the same after a restart: the position as the seat sees
/// it.
fn position(update: &Value) -> Value {
    json!({
        "board": update["board"],
        "legal_moves": update["legal_moves"],
        "moves_played": update["moves_played"],
        "to_move": update["to_move"],
        "seat_view": update["seat_view"],
    })
}

/// Plays `n` moves (the first legal one) with whichever seat is to move.
async fn play_moves(seats: &mut [Client], n: usize) {
    for _ in 0..n {
        let view = seats[0].view().await;
        let p = view["to_move"].as_u64().expect("someone is to move") as usize;
        let answer = seats[p].ask(json!({"cmd": "play", "index": 0})).await;
        assert_eq!(answer["ok"], true, "{answer}");
    }
}

#[tokio::test]
async fn a_match_comes_back_after_sigkill_with_its_moves_and_tokens() {
    let dir = tempfile::tempdir().unwrap();
    let server = Served::start(dir.path());
    assert!(
        server.store_line.contains("matches.sqlite3"),
        "{}",
        server.store_line
    );
    let created = server.create(json!({"game": "hus", "seed": 5})).await;
    let id = created["match"].as_str().unwrap().to_string();
    let owner = created["owner_token"].as_str().unwrap().to_string();
    let mut seats = vec![
        server.connect(&created, Some(0)).await,
        server.connect(&created, Some(1)).await,
    ];
    // The last move is acknowledged just before the kill.
    play_moves(&mut seats, 5).await;
    let before = [
        position(&seats[0].view().await),
        position(&seats[1].view().await),
    ];
    assert_eq!(before[0]["moves_played"], 5);
    server.kill();

    let server = Served::start(dir.path());
    let (status, info) = server.http("GET", &format!("/api/matches/{id}"), "").await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["status"]["moves_played"], 5);
    // The seats' tokens still hold their seats, and see the same position.
    let mut seats = vec![
        server.connect(&created, Some(0)).await,
        server.connect(&created, Some(1)).await,
    ];
    for (p, seat) in seats.iter_mut().enumerate() {
        let welcome = seat.next().await;
        assert_eq!(welcome["event"], "welcome", "{welcome}");
        assert_eq!(welcome["you"]["player"], p as u64, "{welcome}");
        assert_eq!(position(&seat.view().await), before[p]);
    }
    // The game goes on, and that move is kept too.
    play_moves(&mut seats, 1).await;
    server.kill();

    let server = Served::start(dir.path());
    let (_, info) = server.http("GET", &format!("/api/matches/{id}"), "").await;
    assert_eq!(info["status"]["moves_played"], 6);
    // The owner's token still ends the match, which stays listed.
    let (status, answer) = server
        .http("DELETE", &format!("/api/matches/{id}?token={owner}"), "")
        .await;
    assert_eq!(status, 200, "{answer}");
    let (status, _) = server.http("GET", &format!("/api/matches/{id}"), "").await;
    assert_eq!(status, 404);
    server.kill();
    let server = Served::start(dir.path());
    let (status, _) = server.http("GET", &format!("/api/matches/{id}"), "").await;
    assert_eq!(status, 404, "an ended match does not come back");
    let (_, listed) = server.http("GET", "/api/matches?finished=true", "").await;
    let entry = listed["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["match"] == json!(id))
        .unwrap_or_else(|| panic!("the ended match is listed: {listed}"));
    assert_eq!(entry["ended"], "deleted");
    assert_eq!(entry["moves_played"], 6);
}

#[tokio::test]
async fn an_agent_resumes_its_turn_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let server = Served::start(dir.path());
    // The agent moves first and thinks for a while: the kill comes while
    // it thinks.
    let created = server
        .create(json!({"game": "hus", "seed": 3, "agents": {"0": "mcts:time=2s"}}))
        .await;
    let id = created["match"].as_str().unwrap().to_string();
    let (_, info) = server.http("GET", &format!("/api/matches/{id}"), "").await;
    assert_eq!(info["status"]["moves_played"], 0);
    server.kill();

    // Nobody asks for the match: the agent plays on its own after the
    // restart, and its move is kept (the listing reads the store).
    let server = Served::start(dir.path());
    let start = Instant::now();
    loop {
        let (_, listed) = server.http("GET", "/api/matches?finished=false", "").await;
        let entry = listed["matches"][0].clone();
        assert_eq!(entry["match"], json!(id), "{listed}");
        if entry["moves_played"] == 1 {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "the agent did not resume: {listed}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut person = server.connect(&created, Some(1)).await;
    let update = person.view().await;
    assert_eq!(update["your_turn"], true, "{update}");
    assert_eq!(update["moves_played"], 1, "{update}");
    // Its move was kept: after another kill it is still there.
    server.kill();
    let server = Served::start(dir.path());
    let (_, info) = server.http("GET", &format!("/api/matches/{id}"), "").await;
    assert_eq!(info["status"]["moves_played"], 1, "{info}");
    assert_eq!(info["status"]["to_move"], 1, "{info}");
}

#[tokio::test]
async fn finished_matches_are_listed_without_secrets_and_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = Served::start(dir.path());
    let created = server.create(json!({"game": "hus", "seed": 9})).await;
    let id = created["match"].as_str().unwrap().to_string();
    let mut seats = vec![
        server.connect(&created, Some(0)).await,
        server.connect(&created, Some(1)).await,
    ];
    play_moves(&mut seats, 2).await;
    let answer = seats[0].ask(json!({"cmd": "resign"})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    let live = server.create(json!({"game": "hus"})).await;
    server.kill();

    let server = Served::start(dir.path());
    let (status, listed) = server.http("GET", "/api/matches?finished=true", "").await;
    assert_eq!(status, 200, "{listed}");
    let matches = listed["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 1, "{listed}");
    assert_eq!(matches[0]["match"], json!(id));
    assert_eq!(matches[0]["game"], "hus");
    assert_eq!(matches[0]["finished"], true);
    assert_eq!(matches[0]["moves_played"], 2);
    assert!(!matches[0]["outcome"].is_null(), "{listed}");
    let (_, unfinished) = server
        .http("GET", "/api/matches?finished=false&limit=5", "")
        .await;
    assert_eq!(unfinished["matches"][0]["match"], live["match"]);
    // No token of any kind is listed.
    let text = format!("{listed}{unfinished}");
    for c in [&created, &live] {
        for secret in [
            &c["owner_token"],
            &c["seats"][0]["token"],
            &c["seats"][1]["token"],
        ] {
            assert!(
                !text.contains(secret.as_str().unwrap()),
                "a token is listed"
            );
        }
    }
    // The finished match is brought back when asked for.
    let (status, info) = server.http("GET", &format!("/api/matches/{id}"), "").await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["status"]["over"], true);
    let mut watcher = server.connect(&created, None).await;
    let update = watcher.view().await;
    assert_eq!(update["moves_played"], 2);
}

/// The rank texts of the cells of `owner` (or of the other side) in a
/// seat's board.
fn ranks(update: &Value, own: bool, seat: u64) -> Vec<String> {
    update["board"]["board"]["cells"]
        .as_array()
        .expect("a board with cells")
        .iter()
        .filter(|c| c["owner"].as_u64().is_some_and(|o| (o == seat) == own))
        .map(|c| c["text"].as_str().unwrap_or("").to_string())
        .collect()
}

#[tokio::test]
async fn a_stratego_match_comes_back_and_still_hides_the_enemy_ranks() {
    let dir = tempfile::tempdir().unwrap();
    let server = Served::start(dir.path());
    let created = server
        .create(json!({"game": "stratego", "variant": "barrage", "seed": 21}))
        .await;
    let mut seats = vec![
        server.connect(&created, Some(0)).await,
        server.connect(&created, Some(1)).await,
    ];
    // Both setups (drawn by a hint from the seat's own view), then a move.
    for _ in 0..2 {
        let view = seats[0].view().await;
        let p = view["to_move"].as_u64().unwrap() as usize;
        let hint = seats[p]
            .ask(json!({"cmd": "hint", "agent": format!("random:seed={p}")}))
            .await;
        assert_eq!(hint["ok"], true, "{hint}");
        let played = seats[p]
            .ask(json!({"cmd": "play", "move": hint["move"]}))
            .await;
        assert_eq!(played["ok"], true, "{played}");
    }
    play_moves(&mut seats, 1).await;
    let before = [
        position(&seats[0].view().await),
        position(&seats[1].view().await),
    ];
    server.kill();

    let server = Served::start(dir.path());
    for p in 0..2u64 {
        let mut seat = server.connect(&created, Some(p as usize)).await;
        let update = seat.view().await;
        assert_eq!(position(&update), before[p as usize], "seat {p}");
        let own = ranks(&update, true, p);
        let enemy = ranks(&update, false, p);
        assert!(!own.is_empty() && !enemy.is_empty());
        assert!(own.iter().all(|t| t != "?"), "seat {p} sees its own ranks");
        assert!(
            enemy.iter().all(|t| t == "?"),
            "seat {p} sees no enemy rank: {enemy:?}"
        );
    }
    let mut watcher = server.connect(&created, None).await;
    let update = watcher.view().await;
    for p in 0..2 {
        assert!(ranks(&update, true, p).iter().all(|t| t == "?"));
    }
}

/// A store whose writes fail while `failing` is set.
struct Flaky {
    inner: SqliteStore,
    failing: AtomicBool,
}

impl Flaky {
    fn check(&self) -> Result<(), StoreError> {
        match self.failing.load(Ordering::SeqCst) {
            true => Err(StoreError::new("the disk is full (a test)")),
            false => Ok(()),
        }
    }
}

impl Store for Flaky {
    fn describe(&self) -> String {
        "flaky".into()
    }
    fn insert(&self, m: &StoredMatch) -> Result<(), StoreError> {
        self.check()?;
        self.inner.insert(m)
    }
    fn update(&self, m: &StoredMatch) -> Result<bool, StoreError> {
        self.check()?;
        self.inner.update(m)
    }
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        self.inner.load(id)
    }
    fn unfinished(&self) -> Result<Vec<StoredMatch>, StoreError> {
        self.inner.unfinished()
    }
    fn recent(&self, finished: bool, limit: usize) -> Result<Vec<StoredMatch>, StoreError> {
        self.inner.recent(finished, limit)
    }
    fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.inner.delete(id)
    }
}

#[tokio::test]
async fn a_failed_write_is_refused_and_leaves_the_match_as_it_was() {
    let store = Arc::new(Flaky {
        inner: SqliteStore::in_memory().unwrap(),
        failing: AtomicBool::new(false),
    });
    let registry = plateau_cli::default_registry();
    let hub = Hub::with_store(&registry, 16, Guard::loopback(), store.clone()).unwrap();
    let server = TestServer::start_with(hub).await;
    let created = server.create(json!({"game": "hus", "seed": 4})).await;
    let mut seats = vec![
        server.connect(&created, Some(0)).await,
        server.connect(&created, Some(1)).await,
    ];
    play_moves(&mut seats, 2).await;
    let before = position(&seats[0].view().await);

    store.failing.store(true, Ordering::SeqCst);
    let answer = seats[0].ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(kind(&answer), Some("storage"), "{answer}");
    assert_eq!(position(&seats[0].view().await), before);
    let (status, refused) = server
        .http("POST", "/api/matches", &json!({"game": "hus"}).to_string())
        .await;
    assert_eq!(status.as_u16(), 503, "{refused}");
    assert_eq!(kind(&refused), Some("storage"));
    assert_eq!(server.hub.len(), 1, "the refused match is not kept");

    store.failing.store(false, Ordering::SeqCst);
    let answer = seats[0].ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    let id = created["match"].as_str().unwrap();
    let kept = store.load(id).unwrap().unwrap();
    assert_eq!(
        kept.state["saved"]["record"]["moves"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[tokio::test]
async fn a_match_changed_by_another_server_answers_conflict_and_catches_up() {
    let dir = tempfile::tempdir().unwrap();
    let registry = plateau_cli::default_registry();
    let open = || Arc::new(SqliteStore::open_dir(dir.path()).unwrap()) as Arc<dyn Store>;
    let one =
        TestServer::start_with(Hub::with_store(&registry, 16, Guard::loopback(), open()).unwrap())
            .await;
    let created = one.create(json!({"game": "hus", "seed": 8})).await;
    // A second server on the same file, which has the match in memory.
    let two =
        TestServer::start_with(Hub::with_store(&registry, 16, Guard::loopback(), open()).unwrap())
            .await;
    // A match of people comes back when asked for.
    assert_eq!(two.hub.len(), 0);
    let mut on_one = one.connect(&created, Some(0)).await;
    let mut on_two = two.connect(&created, Some(0)).await;
    assert_eq!(two.hub.len(), 1);
    let answer = on_one.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    let answer = on_two.ask(json!({"cmd": "play", "index": 1})).await;
    assert_eq!(kind(&answer), Some("conflict"), "{answer}");
    // The second server now has the first one's move.
    let start = Instant::now();
    let seen = on_two.view().await;
    assert_eq!(seen["moves_played"], 1);
    assert_eq!(position(&seen), position(&on_one.view().await));
    assert!(start.elapsed() < Duration::from_secs(5));
}

/// A server of a shared store and where its notices go.
type Peer = (usize, tokio::sync::mpsc::UnboundedSender<Notice>);

/// One server's view of a store shared by several: a SQLite file, and
/// the notices of each write sent to the other servers (as PostgreSQL's
/// LISTEN/NOTIFY would); the agents' turns are claimed once.
struct Shared {
    inner: SqliteStore,
    me: usize,
    peers: Arc<std::sync::Mutex<Vec<Peer>>>,
    claims: Arc<std::sync::Mutex<std::collections::HashSet<(String, u64)>>>,
    /// How many turns this server claimed.
    claimed: std::sync::atomic::AtomicUsize,
}

impl Shared {
    fn tell(&self, m: &StoredMatch) {
        for (peer, tx) in self.peers.lock().unwrap().iter() {
            if *peer != self.me {
                let _ = tx.send(Notice {
                    id: m.id.clone(),
                    revision: m.revision,
                });
            }
        }
    }
}

impl Store for Shared {
    fn describe(&self) -> String {
        format!("shared {}", self.me)
    }
    fn insert(&self, m: &StoredMatch) -> Result<(), StoreError> {
        self.inner.insert(m)?;
        self.tell(m);
        Ok(())
    }
    fn update(&self, m: &StoredMatch) -> Result<bool, StoreError> {
        let written = self.inner.update(m)?;
        if written {
            self.tell(m);
        }
        Ok(written)
    }
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        self.inner.load(id)
    }
    fn unfinished(&self) -> Result<Vec<StoredMatch>, StoreError> {
        self.inner.unfinished()
    }
    fn recent(&self, finished: bool, limit: usize) -> Result<Vec<StoredMatch>, StoreError> {
        self.inner.recent(finished, limit)
    }
    fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.inner.delete(id)
    }
    fn claim_agent_turn(&self, id: &str, revision: u64) -> Result<bool, StoreError> {
        let first = self
            .claims
            .lock()
            .unwrap()
            .insert((id.to_string(), revision));
        if first {
            self.claimed.fetch_add(1, Ordering::SeqCst);
        }
        Ok(first)
    }
    fn subscribe(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Notice>> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        self.peers.lock().unwrap().push((self.me, tx));
        Some(rx)
    }
}

#[tokio::test]
async fn a_move_on_one_server_reaches_the_connections_of_another_and_agents_move_once() {
    let dir = tempfile::tempdir().unwrap();
    let registry = plateau_cli::default_registry();
    let peers = Arc::new(std::sync::Mutex::new(Vec::new()));
    let claims = Arc::new(std::sync::Mutex::new(std::collections::HashSet::new()));
    let stores: Vec<Arc<Shared>> = (0..2)
        .map(|me| {
            Arc::new(Shared {
                inner: SqliteStore::open_dir(dir.path()).unwrap(),
                me,
                peers: peers.clone(),
                claims: claims.clone(),
                claimed: Default::default(),
            })
        })
        .collect();
    let mut servers = Vec::new();
    for store in &stores {
        let hub = Hub::with_store(&registry, 16, Guard::loopback(), store.clone()).unwrap();
        servers.push(TestServer::start_with(hub).await);
    }
    // People: a move through one server reaches a watcher of the other.
    let created = servers[0].create(json!({"game": "hus", "seed": 2})).await;
    let mut mover = servers[0].connect(&created, Some(0)).await;
    let mut watcher = servers[1].connect(&created, None).await;
    watcher.view().await;
    let answer = mover.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    let update = watcher.wait_for_moves(1).await;
    assert_eq!(update["to_move"], 1, "{update}");

    // Agents: a game of two agents watched on both servers; each move is
    // claimed by one server only, and both servers see the same game.
    let created = servers[0]
        .create(json!({"game": "hus", "seed": 6, "agents": {"0": "greedy", "1": "greedy"}}))
        .await;
    let mut watchers = vec![
        servers[0].connect(&created, None).await,
        servers[1].connect(&created, None).await,
    ];
    let id = created["match"].as_str().unwrap();
    let start = Instant::now();
    let last = loop {
        let kept = stores[0].load(id).unwrap().unwrap();
        if kept.finished {
            break kept;
        }
        assert!(
            start.elapsed() < PATIENCE * 3,
            "the agents' game does not end"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let moves = last.state["saved"]["record"]["moves"]
        .as_array()
        .unwrap()
        .len();
    // One write a move, and at most one claim a move.
    assert_eq!(last.revision as usize, moves + 1, "every move written once");
    let claimed: usize = stores
        .iter()
        .map(|s| s.claimed.load(Ordering::SeqCst))
        .sum();
    assert!(
        (moves..=moves + 1).contains(&claimed),
        "{claimed} claims for {moves} moves"
    );
    for w in &mut watchers {
        let update = w.wait_for_moves(moves as u64).await;
        assert_eq!(update["over"], true, "{update}");
    }
}

#[test]
fn a_bad_store_stops_the_server_with_a_message_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("matches.sqlite3");
    std::fs::write(&file, vec![b'#'; 8192]).unwrap();
    let run = |extra: &[&str]| {
        let out = Command::new(assert_cmd::cargo::cargo_bin("plateau"))
            .args(["web", "--bind", "127.0.0.1:0", "--data"])
            .arg(dir.path())
            .args(extra)
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(out.stdout.is_empty(), "nothing is served");
        String::from_utf8(out.stderr).unwrap()
    };
    let message = run(&[]);
    assert!(message.contains(&file.display().to_string()), "{message}");
    assert!(message.contains("not a match store"), "{message}");
    let message = run(&["--database", "mysql://me:secret@db/x"]);
    assert!(message.contains("postgres://"), "{message}");
    assert!(!message.contains("secret"), "{message}");
}

#[test]
fn the_data_directory_defaults_to_plateau_data() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("from-env");
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("plateau"));
    command
        .args(["web", "--bind", "127.0.0.1:0"])
        .env("PLATEAU_DATA", &data);
    let server = Served::spawn(command);
    let file = data.join("matches.sqlite3");
    assert_eq!(
        server.store_line.trim(),
        format!("matches kept in sqlite {}", file.display())
    );
    assert!(file.exists());
    server.kill();
}

/// A player's time left, as an update gives it at its `server_time_ms`.
fn clock_of(update: &Value) -> (Vec<u64>, Option<u64>, u64) {
    let clock = &update["clock"];
    let remaining = clock["remaining_ms"]
        .as_array()
        .unwrap_or_else(|| panic!("the update has clocks: {update}"))
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    (
        remaining,
        clock["running"].as_u64(),
        clock["server_time_ms"].as_u64().unwrap(),
    )
}

#[tokio::test]
async fn clocks_come_back_after_sigkill_less_only_the_time_the_server_was_down() {
    let dir = tempfile::tempdir().unwrap();
    let server = Served::start(dir.path());
    let created = server
        .create(json!({"game": "hus", "seed": 3, "clock": {"base": 600, "increment": 2}}))
        .await;
    let mut seats = vec![
        server.connect(&created, Some(0)).await,
        server.connect(&created, Some(1)).await,
    ];
    // The clocks start once each seat moved; then one more move runs one.
    play_moves(&mut seats, 3).await;
    let (before, running, at) = clock_of(&seats[0].view().await);
    let running = running.expect("a clock runs") as usize;
    let other = 1 - running;
    assert!(
        before[other] > 600_000,
        "the increment was added: {before:?}"
    );
    server.kill();
    let killed = std::time::Instant::now();

    let server = Served::start(dir.path());
    // Read before the view is asked for: the server's reading comes
    // later, so the time between its two readings is at least this.
    let down = killed.elapsed().as_millis() as u64;
    let mut seat = server.connect(&created, Some(0)).await;
    let (after, running_after, at_after) = clock_of(&seat.view().await);
    assert_eq!(running_after, Some(running as u64), "the same clock runs");
    // The clock that was not running is as it was, to the millisecond.
    assert_eq!(after[other], before[other]);
    // The running one lost exactly the server's time between the two
    // readings, which holds the time the server was down.
    let passed = at_after.saturating_sub(at);
    assert!(
        passed >= down,
        "{passed} ms between readings, down {down} ms"
    );
    let lost = before[running] - after[running];
    assert!(lost.abs_diff(passed) <= 5, "lost {lost} ms in {passed} ms");
}
