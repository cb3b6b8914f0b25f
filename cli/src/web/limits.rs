//! The limits of `plateau web`, and the accept loop that holds them: a cap
//! on connections in all and per client address, a header timeout, an
//! idle timeout for keep-alive connections, a body timeout, WebSocket
//! ping/pong, and a clean stop on SIGTERM or Ctrl-C (docs/WEB.md,
//! "Limits").
//!
//! Each accepted connection takes a slot, held by its socket: the slot is
//! given back when the socket closes, also after an upgrade to a
//! WebSocket (the WebSocket keeps the socket). Over a cap the connection
//! is answered `503` with `{"ok":false,"error":{"kind":
//! "too_many_connections",...}}` and closed at once, without reading its
//! request.

use axum::body::{Body, Bytes};
use axum::Router;
use hyper_util::rt::TokioIo;
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::{watch, Notify};

/// The read buffer of a WebSocket, in bytes: it grows for a longer
/// message (up to [`super::http::MAX_BODY_BYTES`]) and the default of
/// 128 KiB made every idle WebSocket hold about 170 KB.
pub const WS_BUFFER_BYTES: usize = 4096;

/// The limits of one web server. [`Limits::default`] gives the defaults of
/// `plateau web`'s flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most connections open at once, WebSockets included (default
    /// 4 096; `plateau web` raises its soft limit of open files to the hard
    /// one at start).
    pub max_connections: usize,
    /// The most connections open at once from one client address (default
    /// 64: a browser opens about 6 plus one WebSocket per tab).
    pub max_per_client: usize,
    /// The longest a client may take to send a request's header once it
    /// sent its first byte (default 10 s).
    pub header_timeout: Duration,
    /// The longest a connection may stay open with no request, at its
    /// start or between keep-alive requests (default 60 s); also the
    /// longest a request may take from its header to the end of its answer
    /// (a client that does not read its answer is cut off).
    pub idle_timeout: Duration,
    /// The longest a client may take to send a request's body once its
    /// header is read (default 10 s).
    pub body_timeout: Duration,
    /// How often the server pings every WebSocket (default 20 s).
    pub ping_interval: Duration,
    /// How long a WebSocket has to answer a ping (a pong or any message)
    /// before it is closed (default 20 s).
    pub pong_timeout: Duration,
    /// A match with no connection and no move for this long is dropped
    /// from memory (default 1 h). The store keeps it.
    pub abandon_after: Duration,
    /// A match whose seats are all agents stops (its connections, if any
    /// come back, hear `closed` with reason `unwatched`) once no
    /// connection watched it for this long (default 10 min).
    pub unwatched_after: Duration,
    /// How long, on SIGTERM or Ctrl-C, requests in flight and WebSockets
    /// have to finish before the process ends anyway (default 5 s).
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            max_per_client: 64,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            body_timeout: Duration::from_secs(10),
            ping_interval: Duration::from_secs(20),
            pong_timeout: Duration::from_secs(20),
            abandon_after: Duration::from_secs(3600),
            unwatched_after: Duration::from_secs(600),
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

/// A duration flag: `500ms`, `10s`, `5m` or `1h` (as agent specs write
/// durations, plus hours; at most a day).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if let Some(hours) = text.strip_suffix('h') {
        let hours: f64 = hours
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a duration such as 10s, 5m or 1h"))?;
        return plateau::ai::parse_duration(&format!("{}s", hours * 3600.0));
    }
    plateau::ai::parse_duration(text).map_err(|e| format!("'{text}': {e} (or h for hours)"))
}

/// Raises this process's soft limit of open files to its hard limit, so
/// that [`Limits::max_connections`] can be reached; returns the limit now
/// in force (None where it cannot be read).
pub fn raise_open_files_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrlimit, setrlimit, Resource};
        let (soft, hard) = getrlimit(Resource::RLIMIT_NOFILE).ok()?;
        if soft < hard && setrlimit(Resource::RLIMIT_NOFILE, hard, hard).is_ok() {
            return Some(hard);
        }
        Some(soft)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Waits for SIGTERM or Ctrl-C (SIGINT).
pub async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = ctrl_c => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => ctrl_c.await,
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await
}

/// The connections open, in all and per client address.
#[derive(Default)]
pub struct Slots {
    total: AtomicUsize,
    per_client: Mutex<HashMap<IpAddr, usize>>,
    emptied: Notify,
}

/// One open connection's place among the [`Slots`]: given back on drop.
pub struct Slot {
    slots: Arc<Slots>,
    ip: IpAddr,
}

impl Slots {
    /// The connections open now.
    pub fn open(&self) -> usize {
        self.total.load(Ordering::SeqCst)
    }

    /// A slot for a connection from `ip`, or why not (the message of the
    /// `503`).
    fn take(self: &Arc<Self>, ip: IpAddr, limits: &Limits) -> Result<Slot, String> {
        let mut per_client = super::hub::lock(&self.per_client);
        if self.total.load(Ordering::SeqCst) >= limits.max_connections {
            return Err(format!(
                "the server already has {} connections open, the most it keeps; try again later",
                limits.max_connections
            ));
        }
        let mine = per_client.entry(ip).or_insert(0);
        if *mine >= limits.max_per_client {
            return Err(format!(
                "this address already has {} connections open, the most one client may keep; \
                 close some",
                limits.max_per_client
            ));
        }
        *mine += 1;
        self.total.fetch_add(1, Ordering::SeqCst);
        Ok(Slot {
            slots: self.clone(),
            ip,
        })
    }

    /// Waits until no connection is open, at most until `deadline`.
    async fn wait_empty(&self, deadline: tokio::time::Instant) {
        loop {
            let emptied = self.emptied.notified();
            if self.open() == 0 {
                return;
            }
            if tokio::time::timeout_at(deadline, emptied).await.is_err() {
                return;
            }
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut per_client = super::hub::lock(&self.slots.per_client);
        if let Some(n) = per_client.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                per_client.remove(&self.ip);
            }
        }
        if self.slots.total.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.slots.emptied.notify_waiters();
        }
    }
}

/// Where a connection is between requests, for its header and idle
/// timeouts.
struct Phase {
    /// A request is being answered (its body may still be read: the body
    /// timeout bounds that).
    in_request: bool,
    /// The first byte of the next request arrived then.
    first_byte: Option<Instant>,
    /// The connection is waiting for a request, or answering one, since
    /// then.
    since: Instant,
}

type SharedPhase = Arc<Mutex<Phase>>;

/// A socket that holds its connection's slot and notes the first byte of
/// each request.
struct Counted {
    stream: TcpStream,
    phase: SharedPhase,
    _slot: Slot,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            let mut phase = super::hub::lock(&this.phase);
            if !phase.in_request && phase.first_byte.is_none() {
                phase.first_byte = Some(Instant::now());
            }
        }
        polled
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// A request body that fails once its time is up.
struct TimedBody {
    inner: Body,
    deadline: Pin<Box<tokio::time::Sleep>>,
    timeout: Duration,
}

impl http_body::Body for TimedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame);
        }
        if this.deadline.as_mut().poll(cx).is_ready() {
            let message = format!(
                "the body did not arrive within {}",
                plateau::ai::format_duration(this.timeout)
            );
            return Poll::Ready(Some(Err(axum::Error::new(message))));
        }
        Poll::Pending
    }
    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }
    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// A response body that marks the end of its request when dropped (once
/// written, or when the connection is gone).
struct TrackedBody {
    inner: Body,
    phase: SharedPhase,
}

impl http_body::Body for TrackedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_frame(cx)
    }
    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }
    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for TrackedBody {
    fn drop(&mut self) {
        let mut phase = super::hub::lock(&self.phase);
        phase.in_request = false;
        phase.first_byte = None;
        phase.since = Instant::now();
    }
}

/// The WebSocket timing of a server, put in each request's extensions for
/// the `/ws` handler.
#[derive(Clone, Copy, Debug)]
pub struct WsTiming {
    /// See [`Limits::ping_interval`].
    pub ping_interval: Duration,
    /// See [`Limits::pong_timeout`].
    pub pong_timeout: Duration,
}

impl Default for WsTiming {
    fn default() -> WsTiming {
        let limits = Limits::default();
        WsTiming {
            ping_interval: limits.ping_interval,
            pong_timeout: limits.pong_timeout,
        }
    }
}

/// Answers a connection over a cap: `503` and closed, its request unread.
async fn refuse(mut stream: TcpStream, message: String) {
    let body = serde_json::json!({
        "ok": false,
        "error": {"kind": "too_many_connections", "message": message},
    })
    .to_string();
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\nretry-after: 5\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(response.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// Serves `router` on `listener` within `limits` until `stop` completes;
/// then stops accepting, runs `on_stop` (which tells the WebSockets), lets
/// the requests in flight finish and waits for the connections to close,
/// at most [`Limits::shutdown_grace`].
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
    on_stop: impl FnOnce(),
) -> std::io::Result<()> {
    let slots = Arc::new(Slots::default());
    let (stopping, stopped) = watch::channel(false);
    let timing = WsTiming {
        ping_interval: limits.ping_interval,
        pong_timeout: limits.pong_timeout,
    };
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // Best effort: without it, answers are only slower.
        let _ = stream.set_nodelay(true);
        match slots.take(peer.ip(), &limits) {
            Ok(slot) => {
                let router = router.clone();
                let stopped = stopped.clone();
                tokio::spawn(connection(
                    stream, peer, slot, router, limits, timing, stopped,
                ));
            }
            Err(message) => {
                tokio::spawn(refuse(stream, message));
            }
        }
    }
    drop(listener);
    let _ = stopping.send(true);
    on_stop();
    slots
        .wait_empty(tokio::time::Instant::now() + limits.shutdown_grace)
        .await;
    Ok(())
}

/// Serves one HTTP connection within its timeouts.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    slot: Slot,
    router: Router,
    limits: Limits,
    timing: WsTiming,
    mut stopped: watch::Receiver<bool>,
) {
    let phase = Arc::new(Mutex::new(Phase {
        in_request: false,
        first_byte: None,
        since: Instant::now(),
    }));
    let io = TokioIo::new(Counted {
        stream,
        phase: phase.clone(),
        _slot: slot,
    });
    let service_phase = phase.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<_>| {
        {
            let mut p = super::hub::lock(&service_phase);
            p.in_request = true;
            p.first_byte = None;
            p.since = Instant::now();
        }
        let mut request = request.map(|incoming| {
            Body::new(TimedBody {
                inner: Body::new(incoming),
                deadline: Box::pin(tokio::time::sleep(limits.body_timeout)),
                timeout: limits.body_timeout,
            })
        });
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(peer));
        request.extensions_mut().insert(timing);
        let router = router.clone();
        let phase = service_phase.clone();
        async move {
            use tower::ServiceExt;
            let response = router.oneshot(request).await?;
            Ok::<_, std::convert::Infallible>(
                response.map(|inner| Body::new(TrackedBody { inner, phase })),
            )
        }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .keep_alive(true)
        .serve_connection(io, service)
        .with_upgrades();
    tokio::pin!(conn);
    let tick = (limits.header_timeout.min(limits.idle_timeout) / 4)
        .clamp(Duration::from_millis(20), Duration::from_secs(2));
    let mut ticks = tokio::time::interval(tick);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = stopped.changed() => break,
            _ = ticks.tick() => {
                let p = super::hub::lock(&phase);
                let late = match p.first_byte {
                    Some(first) if !p.in_request => first.elapsed() >= limits.header_timeout,
                    _ => p.since.elapsed() >= limits.idle_timeout,
                };
                if late {
                    // Dropping the connection closes its socket.
                    return;
                }
            }
        }
    }
    // Stopping: an idle connection closes at once, a request in flight is
    // answered first (the grace period bounds it).
    conn.as_mut().graceful_shutdown();
    let _ = tokio::time::timeout(limits.shutdown_grace, conn).await;
}
