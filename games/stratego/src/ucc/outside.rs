//! An outside UCC program as a Plateau agent (`ucc:cmd=PATH`): Plateau is
//! the referee and the manager. The program is shown what the manager
//! would show it (its own pieces, every enemy piece as `#`, each move with
//! its outcome), nothing more: every line is made from its side's view.
//! A fault (no start, a crash, a malformed line, an illegal move or setup,
//! no answer in time) ends its part: [`Agent::failure`] says what it was.

use super::text::{clip, colour_name, UccMove, UccRules, MAX_LINE};
use crate::board::Square;
use crate::notation::Move;
use crate::view::{StrategoView, ViewSquare};
use crate::Stratego;
use plateau::ai::{Agent, AgentDoc, AgentInput, Choice, OptionDoc, Spec, SpecError};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The name of the agent in specs.
pub const NAME: &str = "ucc";

/// The time a program has for a move unless `time=` says otherwise: the
/// UCC manager's own default.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(2);

/// Extra time for the program's start and its setup.
const STARTUP: Duration = Duration::from_secs(5);

/// How much of the program's standard error a fault quotes.
const STDERR_TAIL: usize = 600;

/// How an outside program is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UccConfig {
    /// The program.
    pub cmd: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The directory it runs in (the current one if `None`).
    pub dir: Option<PathBuf>,
    /// The time it has for each move (its setup gets 5 s more).
    pub time: Duration,
    /// The opponent's name it is told.
    pub opponent: String,
}

impl UccConfig {
    /// The configuration of a spec `ucc:cmd=PATH[,args=A B C][,dir=DIR][,time=2s][,name=NAME]`.
    pub fn from_spec(spec: &Spec) -> Result<UccConfig, SpecError> {
        let accepted = ["cmd", "args", "dir", "time", "name"];
        for (key, _) in &spec.options {
            if !accepted.contains(&key.as_str()) {
                return Err(SpecError::UnknownOption {
                    agent: NAME.into(),
                    option: key.clone(),
                    accepted: accepted.iter().map(|s| s.to_string()).collect(),
                });
            }
        }
        let bad = |option: &str, value: &str, expected: &str| SpecError::BadValue {
            agent: NAME.into(),
            option: option.into(),
            value: clip(value),
            expected: expected.into(),
        };
        let cmd = match spec.get("cmd") {
            Some(c) if !c.trim().is_empty() => PathBuf::from(c.trim()),
            _ => {
                return Err(SpecError::Malformed {
                    spec: NAME.into(),
                    reason: "ucc needs the program to run: ucc:cmd=PATH[,args=A B C]".into(),
                })
            }
        };
        let time = match spec.get("time") {
            None => DEFAULT_MOVE_TIME,
            Some(t) => plateau::ai::parse_duration(t).map_err(|e| bad("time", t, &e))?,
        };
        Ok(UccConfig {
            cmd,
            args: spec
                .get("args")
                .map(|a| a.split_whitespace().map(str::to_string).collect())
                .unwrap_or_default(),
            dir: spec.get("dir").map(PathBuf::from),
            time,
            opponent: spec.get("name").unwrap_or("plateau").to_string(),
        })
    }

    /// The canonical spec.
    fn spec(&self) -> String {
        let mut s = format!("{NAME}:cmd={}", self.cmd.display());
        if !self.args.is_empty() {
            s.push_str(&format!(",args={}", self.args.join(" ")));
        }
        if let Some(d) = &self.dir {
            s.push_str(&format!(",dir={}", d.display()));
        }
        s.push_str(&format!(
            ",time={}",
            plateau::ai::format_duration(self.time)
        ));
        s
    }
}

/// The agent's entry in `plateau agents`.
pub fn doc() -> AgentDoc {
    let option = |key, default: &str, description| OptionDoc {
        key,
        default: default.to_string(),
        description,
    };
    AgentDoc {
        name: NAME,
        description: "an outside program that speaks the UCC protocol (the 2012 UCC Stratego manager's); Plateau referees it",
        options: vec![
            option("cmd", "", "the program to run (required)"),
            option("args", "", "its arguments, separated by spaces"),
            option("dir", "", "the directory it runs in (default: the current one)"),
            option("time", "2s", "the time it has for each move; later is a fault"),
            option("name", "plateau", "the opponent's name it is told"),
        ],
    }
}

/// A running program: its input, a thread reading its lines, the tail of
/// its standard error.
struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    /// The thread reading standard error, done once the program's end
    /// closed it.
    stderr_reader: thread::JoinHandle<()>,
}

impl Program {
    fn start(config: &UccConfig) -> Result<Program, String> {
        let mut command = Command::new(&config.cmd);
        command
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &config.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("could not start '{}': {e}", config.cmd.display()))?;
        let stdout = child.stdout.take().expect("piped");
        let stderr_pipe = child.stderr.take().expect("piped");
        // Bounded: a program that floods its output waits for its reader.
        let (tx, lines) = mpsc::sync_channel(64);
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match (&mut reader)
                    .take(MAX_LINE as u64 + 1)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) if buf.len() > MAX_LINE => {
                        let _ = tx.send(Err(format!(
                            "a line longer than {MAX_LINE} bytes: '{}'",
                            clip(&String::from_utf8_lossy(&buf[..80]))
                        )));
                        break;
                    }
                    Ok(_) => {
                        if tx
                            .send(Ok(String::from_utf8_lossy(&buf).trim().to_string()))
                            .is_err()
                        {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = stderr.clone();
        let stderr_reader = thread::spawn(move || {
            let mut pipe = stderr_pipe;
            let mut buf = [0u8; 1024];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                t.extend(&buf[..n]);
                while t.len() > STDERR_TAIL {
                    t.pop_front();
                }
            }
        });
        Ok(Program {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            stderr_reader,
        })
    }

    fn send(&mut self, lines: &[String]) -> Result<(), String> {
        let Some(stdin) = &mut self.stdin else {
            return Err("its input is closed".into());
        };
        let mut text = lines.join("\n");
        text.push('\n');
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|_| self.ended("before reading its input"))
    }

    /// The next line that is not empty, before `deadline`.
    fn read(&mut self, deadline: Instant, what: &str) -> Result<String, String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Ok(line)) if line.is_empty() => continue,
                Ok(Ok(line)) => return Ok(line),
                Ok(Err(e)) => return Err(format!("malformed: {e}")),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("timeout: no {what} in time"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.ended(&format!("instead of {what}")))
                }
            }
        }
    }

    /// A crash in words: the exit status and the tail of standard error.
    fn ended(&mut self, when: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(1);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => break None,
            }
        };
        // What it wrote before it ended, read to the end.
        while status.is_some() && !self.stderr_reader.is_finished() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        let status = status.map_or("still running".to_string(), |s| s.to_string());
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        let tail = String::from_utf8_lossy(&tail.iter().copied().collect::<Vec<u8>>()).to_string();
        let tail = tail.trim();
        if tail.is_empty() {
            format!("crash: the program ended {when} ({status})")
        } else {
            format!(
                "crash: the program ended {when} ({status}); its last error output: {}",
                clip(tail.lines().last().unwrap_or(""))
            )
        }
    }

    /// Tells the program the game is over and lets it go.
    fn stop(mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(b"QUIT\n");
            let _ = stdin.flush();
        }
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The side's own last move, to tell the program its outcome once the
/// opponent has answered.
#[derive(Clone, Debug)]
struct OwnMove {
    from: Square,
    to: Square,
    /// Its view when it moved.
    before: StrategoView,
}

/// An outside UCC program playing one side.
pub struct UccAgent {
    config: UccConfig,
    program: Option<Program>,
    failure: Option<String>,
    /// The program sent SURRENDER: its side resigns (no fault).
    resigned: bool,
    /// The plies of play when it last moved (None before its first move).
    last_plies: Option<u32>,
    own: Option<OwnMove>,
}

impl UccAgent {
    /// An agent that runs `config`'s program, started at its side's setup.
    pub fn new(config: UccConfig) -> UccAgent {
        UccAgent {
            config,
            program: None,
            failure: None,
            resigned: false,
            last_plies: None,
            own: None,
        }
    }

    fn fail(&mut self, reason: String) -> Option<Choice<Move>> {
        if let Some(p) = self.program.take() {
            p.stop();
        }
        self.failure = Some(reason);
        None
    }

    fn setup(&mut self, input: &AgentInput<'_, Stratego>, ucc: &UccRules) -> Result<Move, String> {
        if let Some(p) = self.program.take() {
            p.stop();
        }
        let start = Instant::now();
        let mut program = Program::start(&self.config)?;
        let colour = colour_name(input.player);
        program.send(&[format!("{colour} {} 10 10", self.config.opponent)])?;
        let deadline = start + self.time(input) + STARTUP;
        let mut rows = Vec::new();
        for i in 0..4 {
            rows.push(program.read(deadline, &format!("setup row {}", i + 1))?);
        }
        self.program = Some(program);
        let setup = ucc
            .read_setup(input.game, input.player, &rows)
            .map_err(|e| format!("bad setup: {e}"))?;
        self.last_plies = None;
        self.own = None;
        Ok(Move::Setup(setup))
    }

    fn time(&self, input: &AgentInput<'_, Stratego>) -> Duration {
        match input.limits.time {
            Some(t) => t.min(self.config.time),
            None => self.config.time,
        }
    }

    fn play(&mut self, input: &AgentInput<'_, Stratego>, ucc: &UccRules) -> Result<Move, String> {
        let view = input.view;
        if self.program.is_none() {
            return Err(format!(
                "unavailable: an outside program plays a game from its setup; this one is {} moves under way",
                view.plies
            ));
        }
        let mut lines = Vec::new();
        // The outcome of its own last move, then the opponent's move.
        let expected = match self.last_plies {
            None => u32::from(input.player.index() == 1),
            Some(p) => p + 2,
        };
        if view.plies != expected {
            return Err(format!(
                "unavailable: the game went from move {} to move {} without this program (taken back or replayed); an outside program cannot follow",
                self.last_plies.map_or(0, |p| p + 1),
                view.plies
            ));
        }
        if let Some(own) = self.own.take() {
            lines.push(format!(
                "{} {}",
                UccMove::between(own.from, own.to).expect("a straight move"),
                own_outcome(ucc, &own, view)?
            ));
        }
        match view.last_event.as_ref().and_then(|e| ucc.event_line(e)) {
            Some(line) => lines.push(line),
            None => lines.push("START".into()),
        }
        lines.extend(ucc.board_rows(view));
        let deadline = Instant::now() + self.time(input);
        let program = self.program.as_mut().expect("checked");
        program.send(&lines)?;
        let line = program.read(deadline, "move")?;
        if line == "SURRENDER" {
            self.resigned = true;
            return Err(String::new());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (mv, rest) = UccMove::read(&words, &line).map_err(|e| format!("malformed: {e}"))?;
        if !rest.is_empty() {
            return Err(format!(
                "malformed: '{}' has words after the move",
                clip(&line)
            ));
        }
        let to = mv
            .to()
            .ok_or_else(|| format!("illegal move: '{}' leaves the board", clip(&line)))?;
        let chosen = Move::Step {
            from: mv.from(),
            to,
        };
        if !input.legal.contains(&chosen) {
            return Err(format!(
                "illegal move: '{}' ({}-{to}) is not a legal move here",
                clip(&line),
                mv.from()
            ));
        }
        self.last_plies = Some(view.plies);
        self.own = Some(OwnMove {
            from: mv.from(),
            to,
            before: view.clone(),
        });
        Ok(chosen)
    }
}

/// What the side's own last move did, from its view before it and its view
/// now (after the opponent's answer, whose own removals are known from its
/// public event): a move to an empty square is `OK`; an attack removed the
/// attacker, the defender or both, as the trays tell, and the defender's
/// rank was revealed to both.
fn own_outcome(ucc: &UccRules, own: &OwnMove, now: &StrategoView) -> Result<String, String> {
    let before = &own.before;
    let Some(ViewSquare::Own { kind: attacker, .. }) = before.square(own.from) else {
        return Err("internal: the program's last move has no piece".into());
    };
    if !matches!(before.square(own.to), Some(ViewSquare::Opponent { .. })) {
        return Ok("OK".into());
    }
    let me = before.viewer.index();
    let opp = 1 - me;
    let mut removed: [Vec<i32>; 2] = [0, 1].map(|s| {
        now.trays[s]
            .iter()
            .zip(&before.trays[s])
            .map(|(a, b)| *a as i32 - *b as i32)
            .collect()
    });
    // Less what the opponent's answer removed.
    let answer = now.last_event.as_ref();
    if let Some(crate::state::Event::Move {
        combat: Some(c), ..
    }) = answer
    {
        use crate::Clash;
        if c.result != Clash::DefenderWins {
            if let Some(d) = c.defender {
                removed[me][d as usize] -= 1;
            }
        }
        if c.result != Clash::AttackerWins {
            removed[opp][c.attacker as usize] -= 1;
        }
    }
    let attacker_removed = removed[me][attacker as usize] > 0;
    let defender = removed[opp].iter().position(|&n| n > 0).map(|k| k as u8);
    let defender_kind = match defender {
        Some(d) => d,
        None => {
            // The defender stands, revealed: where it was, or where the
            // answer took it.
            let (square, answer_kind) = match answer {
                Some(crate::state::Event::Move {
                    from, to, combat, ..
                }) if *from == own.to => (*to, combat.map(|c| c.attacker)),
                _ => (own.to, None),
            };
            match (answer_kind, now.square(square)) {
                (Some(k), _) => k,
                (None, Some(ViewSquare::Opponent { kind: Some(k), .. })) => k,
                _ => {
                    return Err(
                        "internal: the defender of the program's last move is not known".into(),
                    )
                }
            }
        }
    };
    let (a, d) = (ucc.token(attacker), ucc.token(defender_kind));
    Ok(match (attacker_removed, defender.is_some()) {
        (false, true) => format!("KILLS {a} {d}"),
        (true, false) => format!("DIES {a} {d}"),
        (true, true) => format!("BOTHDIE {a} {d}"),
        (false, false) => return Err("internal: the program's last attack removed nothing".into()),
    })
}

impl Agent<Stratego> for UccAgent {
    fn spec(&self) -> String {
        self.config.spec()
    }

    fn choose(&mut self, input: &AgentInput<'_, Stratego>) -> Option<Choice<Move>> {
        if self.failure.is_some() || self.resigned {
            return None;
        }
        let started = Instant::now();
        let ucc = match UccRules::of(input.game) {
            Ok(u) => u,
            Err(e) => return self.fail(format!("unavailable: {e}")),
        };
        let result = if input.view.in_setup() {
            self.setup(input, &ucc)
        } else {
            self.play(input, &ucc)
        };
        match result {
            Ok(mv) => Some(Choice::plain(mv, started.elapsed())),
            Err(_) if self.resigned => {
                if let Some(p) = self.program.take() {
                    p.stop();
                }
                None
            }
            Err(reason) => self.fail(reason),
        }
    }

    fn new_game(&mut self) {
        if let Some(p) = self.program.take() {
            p.stop();
        }
        self.failure = None;
        self.resigned = false;
        self.last_plies = None;
        self.own = None;
    }

    fn failure(&self) -> Option<String> {
        self.failure.clone()
    }

    fn resigned(&self) -> bool {
        self.resigned
    }
}

impl Drop for UccAgent {
    fn drop(&mut self) {
        if let Some(p) = self.program.take() {
            p.stop();
        }
    }
}

/// The agent of a spec named `ucc`.
pub(crate) fn agent(spec: &Spec) -> Result<Box<dyn Agent<Stratego>>, SpecError> {
    Ok(Box::new(UccAgent::new(UccConfig::from_spec(spec)?)))
}
