//! The JSON-lines protocol, for driving games from scripts: `plateau serve`
//! ([`command`]) speaks it on stdin and stdout, and `plateau web` through a
//! WebSocket per seat.
//!
//! The server reads one JSON object per line and answers each with exactly
//! one JSON object on one line, flushed at once. Every response has `ok`; a
//! failure has `error` with a `kind` ([`ErrorKind`]) and a `message`. A
//! request's `tag` is echoed back. Several games can be open at once, each
//! under the `id` that `new` or `load` returned. docs/PROTOCOL.md documents
//! every command, field and error kind.
//!
//! A line that is not JSON, not UTF-8, too long ([`MAX_LINE_BYTES`], read
//! with bounded memory) or an unknown command gets an error response and the
//! session goes on. Blank lines are ignored. The end of input, or `quit`,
//! ends the session.
//!
//! Each open game is a [`plateau::matches::Match`], and each id one of its
//! clients: the referee's (a game opened without `player`: it sees
//! everything), a seat's (`new`/`load` with `player`, or `join`) or a
//! spectator's. The match decides whose turn it is, what each id may do
//! and see, and the undo and draw policy; the server translates requests
//! into match calls and the match's refusals into error kinds. Every answer
//! to a seat is for that seat only: moves and generated moves on its own
//! turn only (otherwise `not_your_turn`, naming only whose turn it is), its
//! own view and descriptions, in a game of hidden information no `state` or
//! `record` (`not_allowed`), and an undo only with the other seat's consent.
//!
//! ```
//! use plateau_cli::protocol as serve;
//!
//! let mut registry = plateau::Registry::new();
//! registry.register::<plateau::demo::Nim>();
//! let input = concat!(
//!     r#"{"cmd":"new","game":"nim","set":{"pile":4}}"#, "\n",
//!     r#"{"cmd":"play","id":1,"move":"3","tag":"t"}"#, "\n",
//!     r#"{"cmd":"legal","id":1}"#, "\n",
//! );
//! let mut output = Vec::new();
//! serve::run(&registry, input.as_bytes(), &mut output).unwrap();
//! let lines: Vec<serde_json::Value> = output
//!     .split(|&b| b == b'\n')
//!     .filter(|l| !l.is_empty())
//!     .map(|l| serde_json::from_slice(l).unwrap())
//!     .collect();
//! assert_eq!(lines[0]["id"], 1);
//! assert_eq!(lines[1]["tag"], "t");
//! assert_eq!(lines[1]["status"]["to_move_name"], "second");
//! assert_eq!(lines[2]["moves"], serde_json::json!(["1"]));
//! ```

pub(crate) mod catalog;
pub mod command;
pub(crate) mod error;
mod inspect;
mod moves;
mod open;
mod reader;
pub(crate) mod request;
pub(crate) mod response;
pub(crate) mod server;
mod strict;

pub use error::ErrorKind;
pub use server::DEFAULT_MAX_GAMES;

use plateau::Registry;
use reader::{Line, LineReader};
use response::ResponseWriter;
use server::{Flow, Server};
use std::io::{self, BufRead, Write};

/// The longest request line accepted, in bytes (1 MiB), not counting its
/// newline nor a `\r` just before it. A longer line is skipped up to its
/// newline and answered with a `line_too_long` error.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The deepest nesting of arrays and objects a request may have, the
/// request object included (serde_json's recursion limit of 128, which
/// refuses the 128th level); deeper is a `parse` error.
pub const MAX_NESTING: usize = 127;

/// Settings of a `serve` session.
#[derive(Clone, Debug)]
pub struct Options {
    /// The longest request line accepted, in bytes.
    pub max_line_bytes: usize,
    /// The most games open at once; one more `new` or `load` is refused
    /// with `too_many_games`.
    pub max_games: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_line_bytes: MAX_LINE_BYTES,
            max_games: DEFAULT_MAX_GAMES,
        }
    }
}

/// The protocol's commands, in the order docs/PROTOCOL.md describes them.
pub fn commands() -> impl Iterator<Item = &'static str> {
    request::COMMANDS.iter().map(|(name, _)| *name)
}

/// The fields a command accepts besides `cmd` and `tag`, or `None` for an
/// unknown command.
pub fn command_fields(command: &str) -> Option<&'static [&'static str]> {
    request::COMMANDS
        .iter()
        .find(|(name, _)| *name == command)
        .map(|(_, fields)| *fields)
}

/// Serves the JSON-lines protocol on `input` and `output` until end of input
/// or `quit`. Errors are only those of reading and writing.
pub fn run(registry: &Registry, input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_with(registry, input, output, &Options::default())
}

/// [`run`] with settings.
pub fn run_with(
    registry: &Registry,
    input: impl BufRead,
    output: impl Write,
    options: &Options,
) -> io::Result<()> {
    let mut reader = LineReader::new(input, options.max_line_bytes);
    let mut writer = ResponseWriter::new(output);
    let mut server = Server::with_max_games(registry, options.max_games);
    while let Some(line) = reader.next_line()? {
        let text = match line {
            Line::TooLong { len } => {
                let error = error::ServeError::new(
                    ErrorKind::LineTooLong,
                    format!(
                        "the line has {len} bytes; the limit is {} (the line was skipped)",
                        options.max_line_bytes
                    ),
                );
                writer.error(None, &error)?;
                continue;
            }
            Line::Text(text) => text,
        };
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match request::parse(text) {
            Err((error, tag)) => writer.error(tag.as_ref(), &error)?,
            Ok((req, tag)) => {
                let (result, flow) = server.handle(&req);
                match result {
                    Ok(fields) => writer.ok(tag.as_ref(), &fields)?,
                    Err(error) => writer.error(tag.as_ref(), &error)?,
                }
                if flow == Flow::Quit {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// The response to a request as a JSON object, exactly as [`run`] writes
/// it (`ok` first, then `tag`, then the fields or the `error`), for a front
/// end that dispatches requests one by one (`plateau web`).
pub(crate) fn response_json(
    result: &error::Result<response::Fields>,
    tag: Option<&serde_json::Value>,
) -> serde_json::Value {
    let mut bytes = Vec::new();
    let mut writer = ResponseWriter::new(&mut bytes);
    let written = match result {
        Ok(fields) => writer.ok(tag, fields),
        Err(e) => writer.error(tag, e),
    };
    drop(writer);
    match written.map(|()| serde_json::from_slice(&bytes)) {
        Ok(Ok(value)) => value,
        // Writing JSON to memory does not fail.
        _ => {
            serde_json::json!({"ok": false, "error": {"kind": "bad_request", "message": "the response could not be written"}})
        }
    }
}
