//! A `plateau web` server in the test's process, and a WebSocket client
//! that keeps every message it receives.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use futures_util::{SinkExt, StreamExt};
use plateau_cli::web::{http, hub::Hub};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tower::ServiceExt;

/// How long a test waits for a message before failing (a hang is a
/// failure, not a slow pass).
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A server listening on a free port of localhost.
pub struct TestServer {
    pub hub: Arc<Hub>,
    pub addr: std::net::SocketAddr,
}

impl TestServer {
    pub async fn start() -> TestServer {
        TestServer::start_with(Hub::new(&plateau_cli::default_registry())).await
    }

    /// A server of that hub (e.g. one with a small cap, or other checks).
    pub async fn start_with(hub: Arc<Hub>) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(http::serve(listener, hub.clone()));
        TestServer { hub, addr }
    }

    /// One HTTP request through the router: the status and the body as
    /// JSON (or as a JSON string when it is not JSON).
    pub async fn http(&self, method: &str, path: &str, body: &str) -> (StatusCode, Value) {
        self.http_with(
            method,
            path,
            &[
                ("host", &self.addr.to_string()),
                ("content-type", "application/json"),
            ],
            body,
        )
        .await
    }

    /// One HTTP request through the router with exactly these headers.
    pub async fn http_with(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request.body(Body::from(body.to_string())).unwrap();
        let response = http::router(self.hub.clone())
            .oneshot(request)
            .await
            .unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, value)
    }

    /// `POST /api/matches`, which must succeed.
    pub async fn create(&self, body: Value) -> Value {
        let (status, created) = self.http("POST", "/api/matches", &body.to_string()).await;
        assert_eq!(status, StatusCode::OK, "{created}");
        created
    }

    /// The link of a seat's WebSocket (or a spectator's, with no token).
    pub fn ws_url(&self, created: &Value, token: Option<&str>) -> String {
        let id = created["match"].as_str().unwrap();
        match token {
            Some(t) => format!("ws://{}/ws?match={id}&token={t}", self.addr),
            None => format!("ws://{}/ws?match={id}", self.addr),
        }
    }

    /// A connection to a seat (by its number) or the spectator (`None`).
    pub async fn connect(&self, created: &Value, seat: Option<usize>) -> Client {
        let token = seat.map(|p| created["seats"][p]["token"].as_str().unwrap().to_string());
        Client::connect(&self.ws_url(created, token.as_deref())).await
    }

    /// Runs `f` on the match as its referee may (sees everything), then
    /// tells the connections of any change.
    pub fn referee<R>(
        &self,
        created: &Value,
        f: impl FnOnce(&mut plateau::matches::Match) -> R,
    ) -> R {
        let m = self.hub.find(created["match"].as_str().unwrap()).unwrap();
        let out = m.with_match(f);
        m.changed();
        out
    }

    /// The referee's view of the match, as JSON.
    pub fn referee_view(&self, created: &Value) -> Value {
        self.referee(created, |m| {
            serde_json::to_value(m.view(plateau::matches::Client::Referee)).unwrap()
        })
    }
}

/// A WebSocket client that keeps every message received.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every message received, in order.
    pub received: Vec<Value>,
    next_tag: u64,
}

impl Client {
    pub async fn connect(url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
            .await
            .unwrap_or_else(|e| panic!("connect {url}: {e}"));
        Client {
            ws,
            received: Vec::new(),
            next_tag: 0,
        }
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::Text(text.to_string().into()))
            .await
            .unwrap();
    }

    /// The next message, kept in `received`.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message within the patience")
                .expect("the connection is open")
                .expect("a readable message");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(text.as_str()).expect("messages are JSON");
                self.received.push(value.clone());
                return value;
            }
        }
    }

    /// Reads until the server closes the connection (a close frame or the
    /// end of the stream); fails if it stays open past the patience.
    pub async fn expect_closed(&mut self) {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("the connection closes within the patience");
            match message {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(Message::Text(text))) => {
                    if let Ok(value) = serde_json::from_str(text.as_str()) {
                        self.received.push(value);
                    }
                }
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next message that is not an event (the answer to an untagged
    /// request).
    pub async fn next_response(&mut self) -> Value {
        loop {
            let message = self.next().await;
            if message.get("event").is_none() {
                return message;
            }
        }
    }

    /// Sends a request with a fresh tag and returns its response; the
    /// events received meanwhile are kept in `received`.
    pub async fn ask(&mut self, mut request: Value) -> Value {
        self.next_tag += 1;
        let tag = format!("t{}", self.next_tag);
        request["tag"] = json!(tag);
        self.send_text(&request.to_string()).await;
        loop {
            let message = self.next().await;
            if message["tag"] == json!(tag) {
                return message;
            }
        }
    }

    /// The connection's current update (asked with `view`).
    pub async fn view(&mut self) -> Value {
        let answer = self.ask(json!({"cmd": "view"})).await;
        assert_eq!(answer["ok"], true, "{answer}");
        answer["update"].clone()
    }

    /// Reads until an `update` event with `moves_played` at least `n`.
    pub async fn wait_for_moves(&mut self, n: u64) -> Value {
        loop {
            let message = self.next().await;
            if message["event"] == "update" && message["moves_played"].as_u64() >= Some(n) {
                return message;
            }
        }
    }
}

/// The error kind of a response, if it is an error.
pub fn kind(response: &Value) -> Option<&str> {
    response["error"]["kind"].as_str()
}
