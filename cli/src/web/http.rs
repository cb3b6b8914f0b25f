//! The routes of `plateau web`: the page and its assets, the JSON API
//! (`/api/games`, `/api/agents`, `/api/matches`, `/api/replay`) and the
//! WebSocket of a seat or spectator (`/ws`). docs/WEB.md describes them.

use super::assets;
use super::hub::{clip, Client, Event, Hub, WebError, WebMatch};
use super::limits::{Limits, WsTiming};
use crate::protocol::server::Server;
use axum::body::{Body, Bytes};
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The largest request body and WebSocket message accepted, in bytes (as
/// `serve`'s longest line, [`crate::protocol::MAX_LINE_BYTES`]).
pub const MAX_BODY_BYTES: usize = crate::protocol::MAX_LINE_BYTES;

/// The router of the web server over a hub.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/assets/{*file}", get(asset))
        .route("/api/games", get(games))
        .route("/api/agents", get(agents))
        .route("/api/matches", post(create_match).get(list_matches))
        .route("/api/matches/{id}", get(match_info).delete(delete_match))
        .route("/api/matches/{id}/record", get(match_record))
        .route("/api/replay", post(replay))
        .route("/api/analyses", post(start_analysis))
        .route("/api/analyses/{id}", get(analysis_status))
        .route("/ws", get(ws))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(hub.clone(), guard))
        .with_state(hub)
}

/// Serves the router of `hub` on `listener` within the default
/// [`Limits`] until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, hub: Arc<Hub>) -> std::io::Result<()> {
    serve_with(listener, hub, Limits::default(), std::future::pending()).await
}

/// Serves the router of `hub` on `listener` within `limits` (connection
/// caps and timeouts: `limits.rs`), drops abandoned matches
/// (`reaper.rs`), until `stop` completes; then tells every WebSocket
/// `{"event":"closed","reason":"shutdown"}` and returns once the
/// connections closed (at most [`Limits::shutdown_grace`]). Every
/// connection sends at once (no Nagle delay): a move's answer is small.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    hub: Arc<Hub>,
    limits: Limits,
    stop: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    super::reaper::start(hub.clone(), limits);
    let on_stop = {
        let hub = hub.clone();
        move || hub.matches().iter().for_each(|m| m.shutdown())
    };
    super::limits::serve(listener, router(hub), limits, stop, on_stop).await
}

/// The HTTP status of an error kind.
fn status_of(kind: &str) -> StatusCode {
    match kind {
        "unknown_match" | "unknown_analysis" | "not_found" => StatusCode::NOT_FOUND,
        "bad_token" | "forbidden_origin" | "forbidden_host" => StatusCode::FORBIDDEN,
        "unsupported_media_type" => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "too_many_matches" | "busy" | "storage" => StatusCode::SERVICE_UNAVAILABLE,
        "rate_limited" => StatusCode::TOO_MANY_REQUESTS,
        "conflict" | "match_not_over" => StatusCode::CONFLICT,
        "too_large" => StatusCode::PAYLOAD_TOO_LARGE,
        "method_not_allowed" => StatusCode::METHOD_NOT_ALLOWED,
        "internal" => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        (status_of(self.kind), axum::Json(self.json())).into_response()
    }
}

type ApiResult = Result<axum::Json<Value>, WebError>;

/// Every request first passes the hub's [`super::guard::Guard`]: its Host,
/// its Origin and its Content-Type.
async fn guard(
    State(hub): State<Arc<Hub>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match hub.guard().check(request.method(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

async fn index() -> Response {
    asset_response("index.html")
}

async fn asset(Path(file): Path<String>) -> Response {
    asset_response(&file)
}

fn asset_response(path: &str) -> Response {
    match assets::file(path) {
        Some(bytes) => (
            [
                (header::CONTENT_TYPE, assets::content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            Body::from(bytes),
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("no file '{}' in the page's assets\n", clip(path)),
        )
            .into_response(),
    }
}

async fn not_found(uri: axum::http::Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") {
        return WebError::new(
            "not_found",
            format!(
                "no API route '{}'; routes: GET /api/games, GET /api/agents?game=G, \
                 POST /api/matches, GET /api/matches?finished=true|false&limit=N, \
                 GET /api/matches/ID, GET /api/matches/ID/record[?token=T], \
                 DELETE /api/matches/ID?token=OWNER, \
                 POST /api/replay, \
                 GET /ws?match=ID[&token=T]",
                clip(path)
            ),
        )
        .into_response();
    }
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!(
            "no page '{}': the page is at / and its files under /assets/\n",
            clip(path)
        ),
    )
        .into_response()
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> Response {
    WebError::new(
        "method_not_allowed",
        format!("{} is not answered at '{}'", method, clip(uri.path())),
    )
    .into_response()
}

/// The body as JSON, with errors naming what is wrong.
fn json_body(body: Result<Bytes, BytesRejection>) -> Result<Value, WebError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            WebError::new(
                "too_large",
                format!("the body is larger than the limit of {MAX_BODY_BYTES} bytes"),
            )
        } else {
            WebError::bad_request(format!("the body could not be read: {}", e.body_text()))
        }
    })?;
    let value: Value = serde_json::from_slice(&bytes)
        .map_err(|e| WebError::new("parse", format!("the body is not valid JSON: {e}")))?;
    if !value.is_object() {
        return Err(WebError::new(
            "parse",
            "the body must be a JSON object, e.g. {\"game\":\"hus\"}",
        ));
    }
    Ok(value)
}

/// The query string as a map, with only the keys `allowed`.
fn query(
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
    allowed: &[&str],
) -> Result<HashMap<String, String>, WebError> {
    let Query(map) = q.map_err(|e| {
        WebError::bad_request(format!(
            "the query string is not readable: {}",
            e.body_text()
        ))
    })?;
    if let Some(key) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(WebError::bad_request(format!(
            "unknown query parameter '{}'; parameters: {}",
            clip(key),
            allowed.join(", ")
        )));
    }
    Ok(map)
}

/// `GET /api/games`: the `serve` catalog.
async fn games(State(hub): State<Arc<Hub>>) -> ApiResult {
    let mut server = Server::new(hub.registry());
    let req = crate::protocol::request::Request {
        cmd: "games",
        fields: Map::new(),
    };
    let result = server.handle(&req).0;
    Ok(axum::Json(crate::protocol::response_json(&result, None)))
}

/// `GET /api/agents?game=G`: the agents of a game with their options.
async fn agents(
    State(hub): State<Arc<Hub>>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult {
    let q = query(q, &["game"])?;
    let game = q
        .get("game")
        .ok_or_else(|| WebError::bad_request("missing query parameter 'game', e.g. ?game=hus"))?;
    let entry = hub
        .registry()
        .find(game)
        .map_err(|m| WebError::new("unknown_game", m))?;
    let rules = entry
        .load(&plateau::RulesSpec::default_variant())
        .map_err(|e| WebError::new("bad_rules", e.to_string()))?;
    let agents: Vec<Value> = rules
        .agent_catalog()
        .iter()
        .map(|a| {
            json!({
                "name": a.name,
                "description": a.description,
                "options": a.options.iter().map(|o| json!({
                    "key": o.key, "default": o.default, "description": o.description,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(axum::Json(
        json!({"ok": true, "game": entry.id(), "agents": agents, "default": "ai"}),
    ))
}

/// `POST /api/matches`: a new match.
async fn create_match(
    State(hub): State<Arc<Hub>>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let body = json_body(body)?;
    let (_, response) = hub.create(&body)?;
    Ok(axum::Json(response))
}

/// The most matches `GET /api/matches` lists, and how many by default.
const LIST_MAX: usize = 100;
const LIST_DEFAULT: usize = 20;

/// `GET /api/matches?finished=true|false&limit=N`: public summaries of the
/// kept matches, most recently changed first; finished ones by default.
async fn list_matches(
    State(hub): State<Arc<Hub>>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult {
    let q = query(q, &["finished", "limit"])?;
    let finished = match q.get("finished").map(String::as_str) {
        None | Some("true") => true,
        Some("false") => false,
        Some(other) => {
            return Err(WebError::bad_request(format!(
                "query parameter 'finished' is true or false, not '{}'",
                clip(other)
            )))
        }
    };
    let limit = match q.get("limit") {
        None => LIST_DEFAULT,
        Some(n) => n
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=LIST_MAX).contains(n))
            .ok_or_else(|| {
                WebError::bad_request(format!(
                    "query parameter 'limit' is a number from 1 to {LIST_MAX}, not '{}'",
                    clip(n)
                ))
            })?,
    };
    let matches = tokio::task::spawn_blocking(move || hub.list(finished, limit))
        .await
        .map_err(|e| WebError::new("internal", format!("the listing failed: {e}")))??;
    Ok(axum::Json(
        json!({"ok": true, "finished": finished, "matches": matches}),
    ))
}

/// `GET /api/matches/ID`: what anyone with the match's id may know of it.
/// `GET /api/matches/ID[?token=T]`: the match's public facts; with a
/// token, `bad_token` unless it is one of the match's seats (the page
/// checks its link with it before it connects).
async fn match_info(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult {
    let q = query(q, &["token"])?;
    let m = hub.find(&id)?;
    if let Some(token) = q.get("token") {
        m.client(Some(token))?;
    }
    Ok(axum::Json(m.public_json()))
}

/// `GET /api/matches/ID/record[?token=T]`: the record as the token's
/// client may know it (`Match::record_for`: a seat of a game of hidden
/// information gets its own view only; no token, the public record), as a
/// file to download.
async fn match_record(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Response, WebError> {
    let q = query(q, &["token"])?;
    let m = hub.find(&id)?;
    let client = m.client(q.get("token").map(String::as_str))?;
    // The record is replayed on a blocking thread: a long game takes a while.
    let match_id = m.id.clone();
    let (game, record) = tokio::task::spawn_blocking(move || {
        m.with_match(|g| (g.game().id().to_string(), g.record_for(client)))
    })
    .await
    .map_err(|e| WebError::new("internal", format!("the record failed: {e}")))?;
    let text = serde_json::to_string_pretty(&record?)
        .map_err(|e| WebError::new("internal", format!("the record cannot be written: {e}")))?;
    let file = format!("attachment; filename=\"plateau-{game}-{match_id}.json\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}

/// `DELETE /api/matches/ID?token=OWNER`: ends the match for its owner.
async fn delete_match(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult {
    let q = query(q, &["token"])?;
    hub.delete(&id, q.get("token").map(String::as_str))?;
    Ok(axum::Json(json!({"ok": true})))
}

/// The fields of `POST /api/replay`.
const REPLAY_FIELDS: &[&str] = &["record", "ply", "viewer"];

/// `POST /api/replay`: the position of a record after `ply` moves, as
/// `viewer` sees it (null: the whole position), through `serve`'s `load`
/// and `board`. Stateless.
/// `POST /api/analyses`: starts an analysis of a record or of a finished
/// match (`analyses.rs`).
async fn start_analysis(
    State(hub): State<Arc<Hub>>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let body = json_body(body)?;
    Ok(axum::Json(super::analyses::start(&hub, &body).await?))
}

/// `GET /api/analyses/ID`: how far an analysis got, and the analysis once
/// done.
async fn analysis_status(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> ApiResult {
    Ok(axum::Json(hub.analyses().status(&id)?))
}

async fn replay(State(hub): State<Arc<Hub>>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let body = json_body(body)?;
    let registry = hub.registry();
    let value = tokio::task::spawn_blocking(move || replay_at(registry, &body))
        .await
        .map_err(|e| WebError::new("internal", format!("the replay failed: {e}")))??;
    Ok(axum::Json(value))
}

fn replay_at(registry: &'static plateau::Registry, body: &Value) -> Result<Value, WebError> {
    let Value::Object(body) = body else {
        return Err(WebError::bad_request("the body must be a JSON object"));
    };
    super::hub::only_fields(body, "a replay", REPLAY_FIELDS)?;
    let mut record = match body.get("record") {
        Some(Value::Object(r)) => r.clone(),
        Some(Value::String(text)) => match serde_json::from_str(text) {
            Ok(Value::Object(r)) => r,
            _ => {
                return Err(WebError::new(
                    "bad_record",
                    "field 'record': the text is not a record (a JSON object)",
                ))
            }
        },
        Some(_) => {
            return Err(WebError::bad_request(
                "field 'record' must be a record object (as plateau writes it) or its text",
            ))
        }
        None => return Err(WebError::bad_request("missing field 'record'")),
    };
    let total = match record.get("moves") {
        Some(Value::Array(moves)) => moves.len(),
        _ => {
            return Err(WebError::new(
                "bad_record",
                "field 'record': it has no list of 'moves'",
            ))
        }
    };
    let ply = match body.get("ply") {
        None | Some(Value::Null) => total,
        Some(v) => match v.as_u64() {
            Some(n) if n as usize <= total => n as usize,
            Some(n) => {
                return Err(WebError::bad_request(format!(
                    "field 'ply': {n} is past the end of the record, which has {total} moves"
                )))
            }
            None => {
                return Err(WebError::bad_request(format!(
                    "field 'ply' must be a non-negative integer, not {}",
                    clip(&v.to_string())
                )))
            }
        },
    };
    if ply < total {
        if let Some(Value::Array(moves)) = record.get_mut("moves") {
            moves.truncate(ply);
        }
        record.remove("resigned");
        record.remove("flagged");
        record.remove("outcome");
    }
    let mut load = Map::new();
    load.insert("record".into(), Value::Object(record));
    if let Some(viewer) = body.get("viewer").filter(|v| !v.is_null()) {
        load.insert("player".into(), viewer.clone());
    }
    let mut server = Server::new(registry);
    let opened = server
        .handle(&crate::protocol::request::Request {
            cmd: "load",
            fields: load,
        })
        .0?;
    let id = opened
        .iter()
        .find(|(k, _)| *k == "id")
        .map_or(Value::Null, |(_, v)| v.clone());
    let mut fields = Map::new();
    fields.insert("id".into(), id);
    let board = server
        .handle(&crate::protocol::request::Request {
            cmd: "board",
            fields,
        })
        .0?;
    let mut out = Map::new();
    out.insert("ok".into(), Value::Bool(true));
    out.insert("plies".into(), Value::from(total));
    out.insert("ply".into(), Value::from(ply));
    for (key, value) in board {
        out.insert(key.to_string(), value);
    }
    Ok(Value::Object(out))
}

/// `GET /ws?match=ID[&token=T]`: a seat's connection (with its token) or a
/// spectator's (without).
async fn ws(
    State(hub): State<Arc<Hub>>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    timing: Option<axum::Extension<WsTiming>>,
) -> Result<Response, WebError> {
    let timing = timing.map(|t| t.0).unwrap_or_default();
    let q = query(q, &["match", "token"])?;
    let id = q.get("match").ok_or_else(|| {
        WebError::bad_request("missing query parameter 'match' (the id POST /api/matches returned)")
    })?;
    let m = hub.find(id)?;
    let client = m.client(q.get("token").map(String::as_str))?;
    let upgrade = upgrade.map_err(|e| {
        WebError::bad_request(format!(
            "/ws is a WebSocket: the request must ask for an upgrade ({})",
            e.body_text()
        ))
    })?;
    Ok(upgrade
        .max_message_size(MAX_BODY_BYTES)
        .read_buffer_size(super::limits::WS_BUFFER_BYTES)
        .write_buffer_size(0)
        .on_upgrade(move |socket| connection(socket, m, client, timing, hub)))
}

/// Serves one connection: answers its messages through the match and
/// pushes one `update` per change of the match, computed for this client
/// (none when the match's version is the one this connection last sent).
/// It pings every `timing.ping_interval` and closes when nothing (a pong
/// or any message) came back within `timing.pong_timeout` of a ping.
async fn connection(
    socket: WebSocket,
    m: Arc<WebMatch>,
    client: Client,
    timing: WsTiming,
    hub: Arc<Hub>,
) {
    let _watching = m.activity().watch();
    let (mut sink, mut stream) = socket.split();
    let mut pings = tokio::time::interval_at(
        tokio::time::Instant::now() + timing.ping_interval,
        timing.ping_interval,
    );
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // When the unanswered ping was sent.
    let mut pinged: Option<tokio::time::Instant> = None;
    let mut events = m.subscribe();
    if m.is_closed() {
        let closed = json!({"event": "closed", "reason": "deleted"});
        let _ = sink.send(Message::Text(closed.to_string().into())).await;
        let _ = sink.close().await;
        return;
    }
    let welcome = m.welcome(client);
    if sink
        .send(Message::Text(welcome.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    m.joined(client);
    let _present = super::presence::connected(&m, client);
    let first = m.update_for(client, Some(0));
    let mut sent_version = first["version"].as_u64();
    let mut cursor = first["last_event"].as_u64().unwrap_or(0);
    if sink
        .send(Message::Text(first.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        let deadline = pinged.map(|at| at + timing.pong_timeout);
        let outgoing: Utf8Bytes = tokio::select! {
            _ = pings.tick() => {
                if pinged.is_none() {
                    pinged = Some(tokio::time::Instant::now());
                }
                if sink.send(Message::Ping(Bytes::new())).await.is_err() {
                    break;
                }
                continue;
            }
            _ = tokio::time::sleep_until(deadline.unwrap_or_else(tokio::time::Instant::now)),
                if deadline.is_some() => break,
            incoming = stream.next() => { pinged = None; match incoming {
                Some(Ok(Message::Text(text))) if super::rematch::is_rematch(&text).is_some() => {
                    super::rematch::ask(&hub, &m, client, &text).to_string().into()
                }
                Some(Ok(Message::Text(text))) => {
                    let (response, changed) = m.request(client, text.as_str()).await;
                    if changed {
                        m.changed();
                    }
                    response.to_string().into()
                }
                Some(Ok(Message::Binary(_))) => WebError::new(
                    "parse",
                    "send each request as a text message holding a JSON object",
                )
                .json()
                .to_string()
                .into(),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
            }},
            event = events.recv() => match event {
                Ok(Event::Joined(p)) => json!({"event": "joined", "player": p.0}).to_string().into(),
                Ok(Event::Presence) => super::presence::event_json(&m).to_string().into(),
                Ok(Event::Rematch) => match super::rematch::event_for(&m, client) {
                    Some(event) => event.to_string().into(),
                    None => continue,
                },
                Ok(Event::Closed(reason)) => {
                    let closed = json!({"event": "closed", "reason": reason});
                    let _ = sink.send(Message::Text(closed.to_string().into())).await;
                    let _ = sink.close().await;
                    break;
                }
                e @ (Ok(Event::Update) | Err(RecvError::Lagged(_))) => {
                    // Spectators share one update per change (fanout.rs).
                    let (version, last_event, text) = if client == Client::Spectator {
                        let shared = m.spectator_update(cursor);
                        (shared.version, shared.last_event, shared.text)
                    } else {
                        let update = m.update_for(client, Some(cursor));
                        (
                            update["version"].as_u64(),
                            update["last_event"].as_u64(),
                            update.to_string().into(),
                        )
                    };
                    // After a lag the update goes anyway: it carries the
                    // presence events missed.
                    if version.is_some() && version == sent_version && e.is_ok() {
                        continue;
                    }
                    sent_version = version;
                    cursor = last_event.unwrap_or(cursor);
                    text
                }
                Err(RecvError::Closed) => break,
            },
        };
        if sink.send(Message::Text(outgoing)).await.is_err() {
            break;
        }
    }
}
