//! Shared by the `serve` tests: connections to a server (in this process or
//! a `plateau serve` process), and a registry with the framework's demo games,
//! among them `plateau::demo::Secret`, to check that responses keep hidden
//! information hidden.

#![allow(dead_code)]

use plateau::Registry;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

/// Parses every output line as JSON; each line must be one JSON object.
pub fn parse_lines(output: &[u8]) -> Vec<Value> {
    let text = std::str::from_utf8(output).expect("responses are UTF-8");
    assert!(
        text.is_empty() || text.ends_with('\n'),
        "the output ends with a newline"
    );
    text.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("response is not JSON ({e}): {line}"));
            assert!(v.is_object(), "response is not an object: {line}");
            assert!(v["ok"].is_boolean(), "response has no 'ok': {line}");
            v
        })
        .collect()
}

/// Runs the server in this process on `input` and returns the responses.
pub fn serve_batch(registry: &Registry, input: &[u8]) -> Vec<Value> {
    let mut output = Vec::new();
    plateau_cli::serve::run(registry, input, &mut output).expect("no I/O error on buffers");
    parse_lines(&output)
}

/// The error kind of a response, or `None` if it succeeded.
pub fn kind(response: &Value) -> Option<&str> {
    if response["ok"] == Value::Bool(true) {
        None
    } else {
        Some(
            response["error"]["kind"]
                .as_str()
                .expect("errors have a kind"),
        )
    }
}

/// A connection that sends one request line and reads its response.
pub trait Conn {
    /// Sends a raw line (a newline is added) and reads one response.
    fn send_line(&mut self, line: &str) -> Value;

    /// Sends a request and returns its response.
    fn send(&mut self, request: &Value) -> Value {
        self.send_line(&request.to_string())
    }

    /// Sends a request and returns its response, which must be `ok`.
    fn ok(&mut self, request: &Value) -> Value {
        let response = self.send(request);
        assert_eq!(
            response["ok"],
            Value::Bool(true),
            "request {request} failed: {response}"
        );
        response
    }
}

/// A server running on a thread of this process, talking through channels.
pub struct InProcess {
    requests: Option<Sender<Vec<u8>>>,
    responses: BufReader<ChannelReader>,
    thread: Option<JoinHandle<()>>,
}

impl InProcess {
    /// Starts a server with the registry that `make` builds.
    pub fn start(make: fn() -> Registry) -> Self {
        let (req_tx, req_rx) = channel::<Vec<u8>>();
        let (resp_tx, resp_rx) = channel::<Vec<u8>>();
        let thread = std::thread::spawn(move || {
            let registry = make();
            let input = BufReader::new(ChannelReader::new(req_rx));
            plateau_cli::serve::run(&registry, input, ChannelWriter(resp_tx)).unwrap();
        });
        InProcess {
            requests: Some(req_tx),
            responses: BufReader::new(ChannelReader::new(resp_rx)),
            thread: Some(thread),
        }
    }
}

impl Conn for InProcess {
    fn send_line(&mut self, line: &str) -> Value {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.requests
            .as_ref()
            .expect("open")
            .send(bytes)
            .expect("server alive");
        let mut response = String::new();
        self.responses.read_line(&mut response).unwrap();
        assert!(response.ends_with('\n'), "one whole line: {response:?}");
        serde_json::from_str(&response).unwrap_or_else(|e| panic!("not JSON ({e}): {response}"))
    }
}

impl Drop for InProcess {
    fn drop(&mut self) {
        self.requests.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

struct ChannelReader {
    rx: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    pos: usize,
}

impl ChannelReader {
    fn new(rx: Receiver<Vec<u8>>) -> Self {
        ChannelReader {
            rx,
            chunk: Vec::new(),
            pos: 0,
        }
    }
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.pos >= self.chunk.len() {
            match self.rx.recv() {
                Ok(chunk) => {
                    self.chunk = chunk;
                    self.pos = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.chunk.len() - self.pos);
        buf[..n].copy_from_slice(&self.chunk[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

struct ChannelWriter(Sender<Vec<u8>>);

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .send(buf.to_vec())
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The `plateau` binary under test.
pub fn plateau_bin() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_BIN_EXE_plateau"))
}

/// A `plateau serve` process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Process {
    /// Starts `plateau serve`.
    pub fn start() -> Self {
        Process::start_with(&[])
    }

    /// Starts `plateau serve` with these options (`--max-games 2`).
    pub fn start_with(args: &[&str]) -> Self {
        let mut child = Command::new(plateau_bin())
            .arg("serve")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("plateau starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        Process {
            child,
            stdin,
            stdout,
        }
    }

    /// Closes the input and waits for the server to end; true if it exited
    /// with success.
    pub fn finish(mut self) -> (bool, String) {
        self.stdin.take();
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).unwrap();
        let status = self.child.wait().unwrap();
        (status.success(), rest)
    }

    /// Writes raw bytes to the server's input.
    pub fn write_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads one response line.
    pub fn read_response(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        assert!(line.ends_with('\n'), "one whole line: {line:?}");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }
}

impl Conn for Process {
    fn send_line(&mut self, line: &str) -> Value {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.write_raw(&bytes);
        self.read_response()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin.take();
        let _ = self.child.wait();
    }
}

/// The framework's demo games: Nim and the hidden-information game Secret.
pub fn test_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<plateau::demo::Nim>();
    registry.register::<plateau::demo::Secret>();
    registry
}
