//! Shared by the `serve` tests: connections to a server (in this process or
//! a `plateau serve` process), and a tiny game with a secret, to check that
//! responses keep hidden information hidden.

#![allow(dead_code)]

use plateau::rand::Rng;
use plateau::{Game, MoveParseError, Outcome, Player, Registry, RulesError, Status, Variant};
use serde::{Deserialize, Serialize};
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
        let mut child = Command::new(plateau_bin())
            .arg("serve")
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

// ---------------------------------------------------------------------------
// A tiny game with hidden information, for the hidden-information tests.
// Each player first hides a code word (`hide amber`); then they take turns
// guessing the other's word (`guess jade`). A right guess wins; after
// `max_guesses` guesses in all the game is drawn. A player sees their own
// word, never the opponent's.
// ---------------------------------------------------------------------------

/// The code words.
pub const WORDS: [&str; 6] = ["amber", "cobalt", "crimson", "jade", "ochre", "umber"];

/// The secret game's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretParams {
    /// How many guesses in all before a draw.
    pub max_guesses: u32,
}

/// The secret game.
#[derive(Clone, Debug)]
pub struct Secret {
    params: SecretParams,
}

/// A position of the secret game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecretState {
    /// Each player's hidden word, once hidden.
    pub words: [Option<u8>; 2],
    /// The guesses so far: (guesser, word).
    pub guesses: Vec<(u8, u8)>,
    /// The player to act.
    pub to_move: Player,
    /// The winner, once someone guessed right.
    pub winner: Option<Player>,
}

/// What one player sees.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecretView {
    /// The viewer.
    pub me: Player,
    /// The viewer's own word.
    pub my_word: Option<String>,
    /// Whether the opponent has hidden a word.
    pub opponent_hidden: bool,
    /// The guesses so far (public).
    pub guesses: Vec<(u8, String)>,
    /// The player to act.
    pub to_move: Player,
    /// The winner.
    pub winner: Option<Player>,
}

/// A move of the secret game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SecretMove {
    /// Hide a word.
    Hide(u8),
    /// Guess the opponent's word.
    Guess(u8),
}

impl Game for Secret {
    type Params = SecretParams;
    type State = SecretState;
    type Move = SecretMove;
    type View = SecretView;

    const ID: &'static str = "secret";
    const NAME: &'static str = "Secret";
    const HIDDEN_INFORMATION: bool = true;

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "standard",
            description: "six guesses",
            toml: "max_guesses = 6\n",
        }]
    }

    fn new(params: SecretParams) -> Result<Self, RulesError> {
        Ok(Secret { params })
    }

    fn params(&self) -> &SecretParams {
        &self.params
    }

    fn summary(&self) -> String {
        "Secret: hide a word, guess the other's".into()
    }

    fn player_name(&self, player: Player) -> &str {
        ["red", "blue"][player.index()]
    }

    fn initial_state(&self, _seed: u64) -> SecretState {
        SecretState {
            words: [None, None],
            guesses: Vec::new(),
            to_move: Player(0),
            winner: None,
        }
    }

    fn status(&self, state: &SecretState) -> Status {
        if let Some(w) = state.winner {
            Status::Over(Outcome::win(w, "guessed"))
        } else if state.guesses.len() as u32 >= self.params.max_guesses {
            Status::Over(Outcome::draw("guess-cap"))
        } else {
            Status::ToMove(state.to_move)
        }
    }

    fn legal_moves(&self, state: &SecretState, moves: &mut Vec<SecretMove>) {
        moves.clear();
        if self.status(state).is_over() {
            return;
        }
        let hiding = state.words[state.to_move.index()].is_none();
        moves.extend((0..WORDS.len() as u8).map(|w| {
            if hiding {
                SecretMove::Hide(w)
            } else {
                SecretMove::Guess(w)
            }
        }));
    }

    fn apply_unchecked(&self, state: &mut SecretState, mv: &SecretMove) {
        let me = state.to_move;
        match *mv {
            SecretMove::Hide(w) => state.words[me.index()] = Some(w),
            SecretMove::Guess(w) => {
                state.guesses.push((me.0, w));
                if state.words[me.opponent().index()] == Some(w) {
                    state.winner = Some(me);
                }
            }
        }
        state.to_move = me.opponent();
    }

    fn view(&self, state: &SecretState, player: Player) -> SecretView {
        SecretView {
            me: player,
            my_word: state.words[player.index()].map(|w| WORDS[w as usize].to_string()),
            opponent_hidden: state.words[player.opponent().index()].is_some(),
            guesses: state
                .guesses
                .iter()
                .map(|&(p, w)| (p, WORDS[w as usize].to_string()))
                .collect(),
            to_move: state.to_move,
            winner: state.winner,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &SecretView, rng: &mut R) -> SecretState {
        let mut words = [None, None];
        words[view.me.index()] = view
            .my_word
            .as_ref()
            .and_then(|w| WORDS.iter().position(|x| x == w).map(|i| i as u8));
        if view.opponent_hidden {
            words[view.me.opponent().index()] = Some(rng.random_range(0..WORDS.len() as u8));
        }
        SecretState {
            words,
            guesses: view
                .guesses
                .iter()
                .map(|(p, w)| (*p, WORDS.iter().position(|x| x == w).unwrap_or(0) as u8))
                .collect(),
            to_move: view.to_move,
            winner: view.winner,
        }
    }

    fn format_move(&self, mv: &SecretMove) -> String {
        match *mv {
            SecretMove::Hide(w) => format!("hide {}", WORDS[w as usize]),
            SecretMove::Guess(w) => format!("guess {}", WORDS[w as usize]),
        }
    }

    fn parse_move(&self, _state: &SecretState, text: &str) -> Result<SecretMove, MoveParseError> {
        let mut parts = text.split_whitespace();
        let (verb, word) = (parts.next(), parts.next());
        let word = word
            .and_then(|w| WORDS.iter().position(|x| *x == w))
            .ok_or_else(|| MoveParseError::new(text, "expected 'hide WORD' or 'guess WORD'"))?
            as u8;
        match verb {
            Some("hide") => Ok(SecretMove::Hide(word)),
            Some("guess") => Ok(SecretMove::Guess(word)),
            _ => Err(MoveParseError::new(
                text,
                "expected 'hide WORD' or 'guess WORD'",
            )),
        }
    }

    fn render_state(&self, state: &SecretState) -> String {
        let name = |w: Option<u8>| w.map_or("-", |w| WORDS[w as usize]);
        format!(
            "red: {}, blue: {}\n",
            name(state.words[0]),
            name(state.words[1])
        )
    }

    fn render_view(&self, view: &SecretView) -> String {
        format!(
            "my word: {}; opponent {}\n",
            view.my_word.as_deref().unwrap_or("-"),
            if view.opponent_hidden {
                "has hidden a word"
            } else {
                "has not hidden a word yet"
            }
        )
    }

    fn describe_move(
        &self,
        before: &SecretState,
        mv: &SecretMove,
        viewer: Option<Player>,
    ) -> Option<String> {
        let mover = before.to_move;
        let name = self.player_name(mover);
        Some(match *mv {
            SecretMove::Hide(w) if viewer.is_none() || viewer == Some(mover) => {
                format!("{name} hides {}", WORDS[w as usize])
            }
            SecretMove::Hide(_) => format!("{name} hides a word"),
            SecretMove::Guess(w) => {
                let right = before.words[mover.opponent().index()] == Some(w);
                format!(
                    "{name} guesses {}: {}",
                    WORDS[w as usize],
                    if right { "right" } else { "wrong" }
                )
            }
        })
    }
}

/// Nim and the secret game.
pub fn test_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<plateau::demo::Nim>();
    registry.register::<Secret>();
    registry
}
