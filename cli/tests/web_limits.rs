//! The limits of `plateau web` hold: connection caps in all and per
//! client address, header, idle and body timeouts, WebSocket ping/pong,
//! the reaper of abandoned and unwatched matches, the cap of matches, and
//! a clean stop on SIGTERM. Most tests run the real binary on
//! 127.0.0.1:0 with small limits; every wait is bounded.

mod web_common;

use futures_util::StreamExt;
use plateau_cli::web::hub::Hub;
use plateau_cli::web::limits::Limits;
use plateau_cli::web::reaper;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use web_common::{kind, Client, TestServer, PATIENCE};

/// A `plateau web` process, killed when dropped.
struct Web {
    child: Child,
    addr: SocketAddr,
}

impl Web {
    fn start(flags: &[&str]) -> Web {
        let mut child = Command::new(env!("CARGO_BIN_EXE_plateau"))
            .args(["web", "--bind", "127.0.0.1:0"])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
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
            .parse()
            .unwrap();
        Web { child, addr }
    }

    /// A TCP connection from the loopback address `from` (127.0.0.x).
    async fn tcp_from(&self, from: &str) -> TcpStream {
        let socket = TcpSocket::new_v4().unwrap();
        socket
            .bind(SocketAddr::new(from.parse().unwrap(), 0))
            .unwrap();
        socket.connect(self.addr).await.unwrap()
    }

    /// One request on a new connection (`Connection: close`): the status
    /// and the body as JSON.
    async fn request(&self, from: &str, method: &str, path: &str, body: &str) -> (u16, Value) {
        let mut stream = self.tcp_from(from).await;
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let text = read_all(&mut stream).await;
        parse_response(&text)
    }

    fn ws_url(&self, created: &Value, seat: Option<usize>) -> String {
        let id = created["match"].as_str().unwrap();
        match seat {
            Some(p) => format!(
                "ws://{}/ws?match={id}&token={}",
                self.addr,
                created["seats"][p]["token"].as_str().unwrap()
            ),
            None => format!("ws://{}/ws?match={id}", self.addr),
        }
    }
}

impl Drop for Web {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads until the end of the stream (bounded by the patience).
async fn read_all(stream: &mut TcpStream) -> String {
    let mut bytes = Vec::new();
    let _ = tokio::time::timeout(PATIENCE, stream.read_to_end(&mut bytes))
        .await
        .expect("the server closes the connection within the patience");
    String::from_utf8_lossy(&bytes).into_owned()
}

fn parse_response(text: &str) -> (u16, Value) {
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("an HTTP response: {text:?}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let value = serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()));
    (status, value)
}

/// How long until the server closes `stream` (which sends nothing more).
async fn time_to_close(stream: &mut TcpStream) -> Duration {
    let start = Instant::now();
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(PATIENCE, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return start.elapsed(),
            Ok(Ok(_)) => continue,
            Err(_) => panic!("the server did not close the connection within the patience"),
        }
    }
}

/// Whether the server still answers on this connection (it was not
/// closed): a request gets its response.
async fn answers(stream: &mut TcpStream, addr: SocketAddr) -> bool {
    let request = format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).await.is_err() {
        return false;
    }
    read_all(stream).await.starts_with("HTTP/1.1 200")
}

#[tokio::test]
async fn the_connection_caps_hold_in_all_and_per_client() {
    let web = Web::start(&[
        "--max-connections",
        "6",
        "--max-connections-per-client",
        "3",
    ]);
    // Three idle connections from 127.0.0.1: a fourth is refused.
    let mut first: Vec<TcpStream> = Vec::new();
    for _ in 0..3 {
        first.push(web.tcp_from("127.0.0.1").await);
    }
    let mut refused = web.tcp_from("127.0.0.1").await;
    let (status, body) = parse_response(&read_all(&mut refused).await);
    assert_eq!(status, 503, "{body}");
    assert_eq!(kind(&body), Some("too_many_connections"), "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("3"));
    // Another address still gets in, up to the cap in all.
    let mut second: Vec<TcpStream> = Vec::new();
    for _ in 0..3 {
        second.push(web.tcp_from("127.0.0.2").await);
    }
    let mut refused = web.tcp_from("127.0.0.3").await;
    let (status, body) = parse_response(&read_all(&mut refused).await);
    assert_eq!(status, 503, "{body}");
    assert_eq!(kind(&body), Some("too_many_connections"), "{body}");
    // The connections let in are served.
    assert!(answers(&mut first[0], web.addr).await);
    // Once some are closed, new ones are served again.
    first.clear();
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, body) = web.request("127.0.0.3", "GET", "/api/games", "").await;
        if status == 200 {
            break;
        }
        assert_eq!(kind(&body), Some("too_many_connections"), "{body}");
        assert!(
            Instant::now() < deadline,
            "the closed connections' slots came back"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, _) = web.request("127.0.0.1", "GET", "/api/games", "").await;
    assert_eq!(status, 200);
    drop(second);
}

#[tokio::test]
async fn half_a_header_is_cut_off_after_the_header_timeout() {
    let web = Web::start(&["--header-timeout", "400ms", "--idle-timeout", "30s"]);
    let mut stream = web.tcp_from("127.0.0.1").await;
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nHo")
        .await
        .unwrap();
    let waited = time_to_close(&mut stream).await;
    assert!(
        waited >= Duration::from_millis(300) && waited < Duration::from_secs(5),
        "closed after {waited:?}"
    );
    // A whole request in time is answered.
    let (status, _) = web.request("127.0.0.1", "GET", "/api/games", "").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let web = Web::start(&["--idle-timeout", "500ms", "--header-timeout", "30s"]);
    // A connection that never sends anything.
    let mut silent = web.tcp_from("127.0.0.1").await;
    let waited = time_to_close(&mut silent).await;
    assert!(
        waited >= Duration::from_millis(400) && waited < Duration::from_secs(5),
        "closed after {waited:?}"
    );
    // A keep-alive connection after its answer.
    let mut kept = web.tcp_from("127.0.0.1").await;
    let request = format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", web.addr);
    kept.write_all(request.as_bytes()).await.unwrap();
    let mut buf = vec![0u8; 64 * 1024];
    let n = kept.read(&mut buf).await.unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
    let waited = time_to_close(&mut kept).await;
    assert!(waited < Duration::from_secs(5), "closed after {waited:?}");
}

#[tokio::test]
async fn a_body_that_does_not_come_is_cut_off() {
    let web = Web::start(&["--body-timeout", "400ms"]);
    let mut stream = web.tcp_from("127.0.0.1").await;
    let head = format!(
        "POST /api/matches HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"game\":",
        web.addr
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let start = Instant::now();
    let text = read_all(&mut stream).await;
    assert!(start.elapsed() < Duration::from_secs(5));
    let (status, body) = parse_response(&text);
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("did not arrive"),
        "{body}"
    );
}

#[tokio::test]
async fn a_websocket_that_answers_no_ping_is_closed() {
    let web = Web::start(&["--ping-interval", "300ms"]);
    let (_, created) = web
        .request("127.0.0.1", "POST", "/api/matches", r#"{"game":"hus"}"#)
        .await;
    // One connection reads (and so answers the pings), one does not.
    let (mut awake, _) = tokio_tungstenite::connect_async(web.ws_url(&created, Some(0)))
        .await
        .unwrap();
    let (mut asleep, _) = tokio_tungstenite::connect_async(web.ws_url(&created, None))
        .await
        .unwrap();
    let start = Instant::now();
    let mut pings = 0;
    while start.elapsed() < Duration::from_millis(1500) {
        let Ok(message) = tokio::time::timeout(Duration::from_millis(100), awake.next()).await
        else {
            continue;
        };
        match message {
            Some(Ok(Message::Ping(_))) => pings += 1,
            Some(Ok(_)) => {}
            other => panic!("the connection that answers stays open: {other:?}"),
        }
    }
    assert!(pings >= 2, "the server pings every 300ms: {pings} pings");
    // The one that slept was closed meanwhile: after the messages it did
    // not read, its stream ends.
    let end = tokio::time::timeout(PATIENCE, async {
        loop {
            match asleep.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(end.is_ok(), "the silent WebSocket was closed");
    // The one that answered still works.
    use futures_util::SinkExt;
    awake
        .send(Message::Text(r#"{"cmd":"view","tag":"still"}"#.into()))
        .await
        .unwrap();
    let answered = tokio::time::timeout(PATIENCE, async {
        while let Some(Ok(message)) = awake.next().await {
            if let Message::Text(text) = message {
                if text.contains(r#""tag":"still""#) {
                    return true;
                }
            }
        }
        false
    })
    .await;
    assert_eq!(
        answered,
        Ok(true),
        "the connection that answered still works"
    );
}

#[tokio::test]
async fn the_cap_of_matches_is_a_flag() {
    let web = Web::start(&["--max-matches", "1"]);
    let (status, body) = web
        .request("127.0.0.1", "POST", "/api/matches", r#"{"game":"hus"}"#)
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = web
        .request("127.0.0.1", "POST", "/api/matches", r#"{"game":"hus"}"#)
        .await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(kind(&body), Some("too_many_matches"), "{body}");
}

#[tokio::test]
async fn sigterm_tells_the_websockets_and_exits_0() {
    let mut web = Web::start(&[]);
    let (_, created) = web
        .request("127.0.0.1", "POST", "/api/matches", r#"{"game":"hus"}"#)
        .await;
    let mut seat = Client::connect(&web.ws_url(&created, Some(0))).await;
    let mut spectator = Client::connect(&web.ws_url(&created, None)).await;
    seat.view().await;
    spectator.view().await;
    // An idle connection does not hold the stop back.
    let _idle = web.tcp_from("127.0.0.1").await;
    let start = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &web.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    for client in [&mut seat, &mut spectator] {
        client.expect_closed().await;
        assert!(
            client
                .received
                .iter()
                .any(|m| m == &json!({"event": "closed", "reason": "shutdown"})),
            "{:?}",
            client.received
        );
    }
    let status = loop {
        if let Some(status) = web.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the server stops within its grace period"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    assert!(
        start.elapsed() < Duration::from_secs(7),
        "{:?}",
        start.elapsed()
    );
}

/// Limits whose reaper acts after `after`.
fn reaping_after(after: Duration) -> Limits {
    Limits {
        abandon_after: after,
        unwatched_after: after,
        ..Limits::default()
    }
}

#[tokio::test]
async fn an_abandoned_match_is_dropped_but_not_a_watched_one() {
    let server = TestServer::start_with(Hub::new(&plateau_cli::default_registry())).await;
    let limits = reaping_after(Duration::from_millis(200));
    let left = server.create(json!({"game": "hus"})).await;
    let kept = server.create(json!({"game": "hus"})).await;
    let mut watcher = server.connect(&kept, Some(0)).await;
    watcher.view().await;
    let left_id = left["match"].as_str().unwrap();
    let kept_id = kept["match"].as_str().unwrap();
    assert_eq!(server.hub.find(kept_id).unwrap().activity().connected(), 1);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(reaper::reap(&server.hub, &limits), 1);
    assert_eq!(server.hub.len(), 1, "the abandoned match left memory");
    let m = server.hub.find(kept_id).expect("a watched match stays");
    // Once its last connection leaves, it is abandoned in turn, and its
    // memory goes with the last handle.
    drop(watcher);
    let deadline = Instant::now() + PATIENCE;
    while m.activity().connected() > 0 {
        assert!(Instant::now() < deadline);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(reaper::reap(&server.hub, &limits), 0, "not idle yet");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(reaper::reap(&server.hub, &limits), 1);
    assert!(server.hub.is_empty());
    // The store still keeps the abandoned match: asked for, it is back.
    let back = server
        .hub
        .find(left_id)
        .expect("an abandoned match comes back from the store");
    assert_eq!(back.id, left_id);
    assert!(m.is_closed());
    let weak = std::sync::Arc::downgrade(&m);
    drop(m);
    assert!(weak.upgrade().is_none(), "nothing else holds the match");
}

#[tokio::test]
async fn an_unwatched_match_of_agents_stops_by_itself() {
    let hub = Hub::new(&plateau_cli::default_registry());
    let server = TestServer::start_with(hub.clone()).await;
    let limits = Limits {
        abandon_after: Duration::from_secs(3600),
        unwatched_after: Duration::from_millis(300),
        ..Limits::default()
    };
    // The reaper task itself, as `plateau web` runs it.
    reaper::start(hub.clone(), limits);
    let agents = json!({"game": "hus", "agents": {"0": "ai:time=20ms", "1": "ai:time=20ms"}});
    let created = server.create(agents.clone()).await;
    let people = server.create(json!({"game": "hus"})).await;
    let id = created["match"].as_str().unwrap();
    let m = hub.find(id).unwrap();
    // Watched, it plays on past the delay.
    let mut spectator = server.connect(&created, None).await;
    spectator.wait_for_moves(2).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert!(hub.find(id).is_ok(), "a watched match plays on");
    drop(spectator);
    let deadline = Instant::now() + PATIENCE;
    while hub.find(id).is_ok() {
        assert!(Instant::now() < deadline, "the unwatched match stops");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(m.is_closed());
    // Its agents stopped: no move after the next one at most.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let moves = || m.with_match(|g| g.view(plateau::matches::Client::Spectator).moves_played);
    let before = moves();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(moves(), before, "the agents stopped");
    // A match with people in it is not stopped for being unwatched.
    assert!(hub.find(people["match"].as_str().unwrap()).is_ok());
}

/// The `update` events of a connection's received messages.
fn updates(client: &Client) -> Vec<Value> {
    client
        .received
        .iter()
        .filter(|m| m["event"] == "update")
        .cloned()
        .collect()
}

#[tokio::test]
async fn spectators_share_one_update_per_change_and_each_gets_its_own_events() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus"})).await;
    let mut a = server.connect(&created, None).await;
    let mut b = server.connect(&created, None).await;
    a.view().await;
    b.view().await;
    let first = server.referee_view(&created)["to_move"].as_u64().unwrap() as usize;
    let mut mover = server.connect(&created, Some(first)).await;
    let played = mover.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(played["ok"], true, "{played}");
    a.wait_for_moves(1).await;
    b.wait_for_moves(1).await;
    // A late spectator has sent no event yet: its events are its own.
    let mut late = server.connect(&created, None).await;
    late.view().await;
    let second = 1 - first;
    let mut other = server.connect(&created, Some(second)).await;
    let played = other.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(played["ok"], true, "{played}");
    for client in [&mut a, &mut b, &mut late] {
        client.wait_for_moves(2).await;
    }
    let (ua, ub) = (updates(&a), updates(&b));
    assert_eq!(ua.last(), ub.last(), "two spectators got the same update");
    let last = ua.last().unwrap();
    assert_eq!(last["client"], json!({"kind": "spectator"}), "{last}");
    assert!(last["legal_moves"].as_array().is_none_or(|m| m.is_empty()));
    // Each one's events follow on from what it had been sent: the second
    // move only.
    let plies = |u: &Value| -> Vec<Value> {
        u["events"]
            .as_array()
            .map(|e| e.iter().filter_map(|e| e.get("ply").cloned()).collect())
            .unwrap_or_default()
    };
    assert_eq!(plies(last), vec![json!(2)], "{last}");
    assert_eq!(plies(ub.last().unwrap()), vec![json!(2)]);
    let late_last = updates(&late).last().unwrap().clone();
    assert_eq!(plies(&late_last), vec![json!(2)], "{late_last}");
    assert_eq!(late_last["moves_played"], last["moves_played"]);
    assert_eq!(late_last["board"], last["board"]);
}
