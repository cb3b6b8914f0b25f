//! `plateau web`: a local web server with a page for every game, play
//! against agents, hot-seat, two browsers (one secret link per seat) and
//! spectators, and a replay viewer. Each match is a `plateau::matches::Match`:
//! a connection sends one message per action and gets one `update` per
//! change, its client's view as the match gives it, so a seat only ever
//! sees its own view and a spectator the public view (docs/WEB.md).

pub mod assets;
pub mod error;
pub mod guard;
pub mod http;
pub mod hub;
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
    plateau web --bind 127.0.0.1:0\n\n\
    Prints `listening on http://ADDR/` once ready, then serves until stopped \
    (Ctrl-C). Open that address in a browser: create a game against an agent, \
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
    /// page of ORIGIN (e.g. https://example.org); repeatable.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// Open the page in the default browser once listening.
    #[arg(long)]
    pub open: bool,
}

/// Serves until the process is stopped.
pub fn run(registry: &Registry, args: &WebArgs, io: &mut Io<'_>) -> CliResult {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failed(format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.bind)
            .await
            .map_err(|e| CliError::usage(format!("cannot listen on '{}': {e}", args.bind)))?;
        let addr = listener
            .local_addr()
            .map_err(|e| CliError::failed(format!("cannot read the address listened on: {e}")))?;
        let guard = guard::Guard::new(addr.ip(), &args.allow_host, &args.allow_origin)
            .map_err(CliError::usage)?;
        let hub = hub::Hub::with(registry, hub::MAX_MATCHES, guard);
        let url = format!("http://{addr}/");
        writeln!(io.out, "listening on {url}")?;
        io.out.flush()?;
        if args.open {
            open_browser(&url);
        }
        http::serve(listener, hub)
            .await
            .map_err(|e| CliError::failed(format!("the server stopped: {e}")))
    })
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
