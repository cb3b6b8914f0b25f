//! `plateau web`: a local web server with a page for every game, play
//! against agents, hot-seat, two browsers (one secret link per seat) and
//! spectators, and a replay viewer. Each match is a `plateau::matches::Match`:
//! a connection sends one message per action and gets one `update` per
//! change, its client's view as the match gives it, so a seat only ever
//! sees its own view and a spectator the public view (docs/WEB.md).

pub mod analyses;
pub mod assets;
pub mod clock_timer;
pub mod error;
pub mod fanout;
pub mod guard;
pub mod http;
pub mod hub;
pub mod limits;
pub mod names;
pub mod persist;
pub mod pool;
pub mod presence;
pub mod reaper;
pub mod rematch;
pub mod room;
pub mod store;
pub mod tokens;

use crate::common::error::{CliError, CliResult};
use crate::Io;
use clap::Args;
use plateau::Registry;

/// Arguments of `plateau web`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau web\n  \
    plateau web --bind 0.0.0.0:8080\n  \
    plateau web --bind 127.0.0.1:0\n  \
    plateau web --data /srv/plateau\n\n\
    Prints `listening on http://ADDR/` once ready, then where matches are kept, \
    and serves until stopped (SIGTERM or Ctrl-C: WebSockets hear `closed`, requests \
    in flight finish, exit 0). Every move is written to disk before it is answered: \
    after a restart the matches are back, same links. Open that address in a browser: create a game against an agent, \
    hot-seat, or for two browsers (one secret link per seat; a link without a \
    token watches as a spectator). See docs/WEB.md.")]
pub struct WebArgs {
    /// The address to listen on; the default serves this machine only.
    /// Port 0 picks a free port (the line `listening on` shows which).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Also accept requests whose Host header names NAME (e.g. the public
    /// name of the machine when bound to 0.0.0.0); repeatable.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// Also accept requests that change anything, and WebSockets, from the
    /// page of ORIGIN (e.g. `https://example.org`); repeatable.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// Where matches are kept (the file matches.sqlite3, created if
    /// missing): by default $PLATEAU_DATA, else the platform's data
    /// directory for plateau (~/.local/share/plateau on Linux).
    #[arg(long, value_name = "DIR")]
    pub data: Option<std::path::PathBuf>,
    /// Keep matches in this PostgreSQL database instead of SQLite
    /// (postgres://USER:PASSWORD@HOST:PORT/DATABASE): several servers on
    /// one database serve the same matches.
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Open the page in the default browser once listening.
    #[arg(long)]
    pub open: bool,
    /// The longest an agent (a seat's or a hint) thinks a move, whatever
    /// its spec says: an iteration budget stops there too.
    #[arg(long = "max-think", value_name = "DURATION", default_value = "30s",
          value_parser = parse_think)]
    pub max_think: std::time::Duration,
    /// The most nodes an agent's search tree may hold (its memory: 20 to
    /// 100 MB for 200000 MCTS nodes, by game).
    #[arg(long = "max-nodes", value_name = "N", default_value_t = pool::DEFAULT_MAX_NODES,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_nodes: usize,
    /// The agents and hints thinking at once (default: one per core);
    /// more wait their turn, and a hint is refused `busy` when more than
    /// twice as many wait.
    #[arg(long = "agent-threads", value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub agent_threads: Option<usize>,
    /// An outside program that agent specs may run (`ucc:cmd=PATH`, a
    /// Stratego program of the UCC protocol), written as the specs write
    /// it (repeatable). None by default: no client starts a program here.
    #[arg(long = "allow-program", value_name = "PATH")]
    pub allow_program: Vec<String>,
    /// The most hints a seat may ask for in a minute.
    #[arg(long = "hints-per-minute", value_name = "N", default_value_t = pool::DEFAULT_HINTS_PER_MINUTE,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub hints_per_minute: u32,
    /// The most connections open at once, WebSockets included; over it a
    /// connection is answered 503 (too_many_connections) and closed.
    #[arg(long, value_name = "N", default_value_t = 4096)]
    pub max_connections: usize,
    /// The most connections open at once from one client address.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_connections_per_client: usize,
    /// The longest a client may take to send a request's header.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = limits::parse_duration)]
    pub header_timeout: std::time::Duration,
    /// A connection with no request for this long is closed.
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = limits::parse_duration)]
    pub idle_timeout: std::time::Duration,
    /// The longest a client may take to send a request's body.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = limits::parse_duration)]
    pub body_timeout: std::time::Duration,
    /// How often each WebSocket is pinged; one that answers nothing within
    /// as long again is closed.
    #[arg(long, value_name = "DURATION", default_value = "20s", value_parser = limits::parse_duration)]
    pub ping_interval: std::time::Duration,
    /// A match with no connection and no move for this long leaves memory
    /// (the store keeps it).
    #[arg(long, value_name = "DURATION", default_value = "1h", value_parser = limits::parse_duration)]
    pub abandon_after: std::time::Duration,
    /// A match of agents alone stops once nobody watched it for this long.
    #[arg(long, value_name = "DURATION", default_value = "10m", value_parser = limits::parse_duration)]
    pub unwatched_after: std::time::Duration,
    /// The most matches kept in memory; creating one more is refused
    /// (503, too_many_matches) unless a finished one can make room.
    #[arg(long, value_name = "N", default_value_t = hub::MAX_MATCHES)]
    pub max_matches: usize,
}

/// A `--max-think` duration: `500ms`, `1s`, `2.5s`, more than zero.
fn parse_think(text: &str) -> Result<std::time::Duration, String> {
    match plateau::ai::parse_duration(text) {
        Ok(d) if !d.is_zero() => Ok(d),
        Ok(_) => Err("the time must be more than zero".into()),
        Err(e) => Err(e.to_string()),
    }
}

impl WebArgs {
    /// The pool's settings of these flags.
    pub fn pool_settings(&self) -> pool::PoolSettings {
        let mut settings = pool::PoolSettings::default();
        if let Some(threads) = self.agent_threads {
            settings.threads = threads;
            settings.max_waiting = 2 * threads;
        }
        settings.limits = plateau::ai::AgentLimits {
            time: Some(self.max_think),
            nodes: Some(self.max_nodes),
        };
        settings.hints_per_minute = self.hints_per_minute;
        settings.programs = self.allow_program.clone();
        settings
    }

    /// The limits these flags set.
    pub fn limits(&self) -> limits::Limits {
        limits::Limits {
            max_connections: self.max_connections.max(1),
            max_per_client: self.max_connections_per_client.max(1),
            header_timeout: self.header_timeout,
            idle_timeout: self.idle_timeout,
            body_timeout: self.body_timeout,
            ping_interval: self.ping_interval,
            pong_timeout: self.ping_interval,
            abandon_after: self.abandon_after,
            unwatched_after: self.unwatched_after,
            ..limits::Limits::default()
        }
    }
}

/// Serves until the process is stopped.
pub fn run(registry: &Registry, args: &WebArgs, io: &mut Io<'_>) -> CliResult {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failed(format!("cannot start the server: {e}")))?;
    let limits = args.limits();
    if let Some(files) = limits::raise_open_files_limit() {
        // Each connection is a file, and the server needs some of its own.
        let needed = limits.max_connections as u64 + 64;
        if files < needed {
            let _ = writeln!(
                io.err,
                "note: this process may open {files} files, fewer than the {needed} that \
                 --max-connections {} needs: raise the hard limit (ulimit -Hn) or lower the flag",
                limits.max_connections
            );
        }
    }
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.bind)
            .await
            .map_err(|e| CliError::usage(format!("cannot listen on '{}': {e}", args.bind)))?;
        let addr = listener
            .local_addr()
            .map_err(|e| CliError::failed(format!("cannot read the address listened on: {e}")))?;
        let guard = guard::Guard::new(addr.ip(), &args.allow_host, &args.allow_origin)
            .map_err(CliError::usage)?;
        let data = args.data.clone().unwrap_or_else(store::default_data_dir);
        let store = store::open(args.database.as_deref(), &data)
            .map_err(|e| CliError::failed(e.to_string()))?;
        let described = store.describe();
        let pool = pool::AgentPool::new(args.pool_settings());
        let hub = hub::Hub::with_store_and_pool(registry, args.max_matches, guard, store, pool)
            .map_err(|e| CliError::failed(e.to_string()))?;
        let url = format!("http://{addr}/");
        writeln!(io.out, "listening on {url}")?;
        io.out.flush()?;
        // A reader of the first line only (a script waiting for the
        // address) may have closed the output since: the server goes on.
        let _ = writeln!(io.out, "matches kept in {described}").and_then(|()| io.out.flush());
        if args.open {
            open_browser(&url);
        }
        http::serve_with(listener, hub, limits, limits::stop_signal())
            .await
            .map_err(|e| CliError::failed(format!("the server stopped: {e}")))
    });
    // An agent still thinking on a blocking thread is not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    served
}

/// Asks the desktop to open `url` (best effort: the address is printed anyway).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
