//! Plateau as a UCC program: reads a manager's lines, keeps its side's view
//! ([`Observer`]) and answers with any agent's setup and moves.

use super::observer::{enemy_squares, Observer};
use super::text::{clip, Outcome, UccMove, UccRules, MAX_LINE, SIZE};
use super::UccError;
use crate::notation::Move;
use crate::Stratego;
use plateau::ai::{Agent, AgentInput, AgentLimits};
use plateau::{FreeFormMoves, Game, Player, SearchHooks};
use std::io::{BufRead, Read, Write};

/// How a game played as a UCC program ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramEnd {
    /// The side played.
    pub player: Player,
    /// Moves of play seen.
    pub plies: u32,
    /// The manager's last line (`QUIT ...`), or `None` when its input
    /// ended without one.
    pub quit: Option<String>,
}

/// Reads lines of at most [`MAX_LINE`] bytes, counting them for errors.
struct Lines<R> {
    input: R,
    number: usize,
}

impl<R: BufRead> Lines<R> {
    /// The next line, trimmed; `None` at the end of the input.
    fn next(&mut self) -> Result<Option<String>, UccError> {
        let mut buf = Vec::new();
        let n = self
            .input
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|e| UccError::Io(e.to_string()))?;
        if n == 0 {
            return Ok(None);
        }
        self.number += 1;
        if buf.len() > MAX_LINE {
            return Err(self.bad(
                &String::from_utf8_lossy(&buf[..80]),
                "a line of at most 512 bytes",
            ));
        }
        Ok(Some(String::from_utf8_lossy(&buf).trim().to_string()))
    }

    /// The next line, which must come.
    fn expect(&mut self, what: &str) -> Result<String, UccError> {
        self.next()?.ok_or_else(|| UccError::Protocol {
            line: self.number + 1,
            text: String::new(),
            expected: format!("{what}, but the input ended"),
        })
    }

    fn bad(&self, text: &str, expected: impl Into<String>) -> UccError {
        UccError::Protocol {
            line: self.number,
            text: clip(text),
            expected: expected.into(),
        }
    }
}

/// The agent's choice for the side of `view`, with the legal moves of
/// `state` (a state that side sees as `view`: the real one in the setup, a
/// drawn one in play, whose legal moves for that side are the same), and
/// how many legal moves there were.
fn ask(
    game: &Stratego,
    agent: &mut dyn Agent<Stratego>,
    view: &crate::StrategoView,
    state: &crate::StrategoState,
) -> (Option<Move>, usize) {
    let mut legal = Vec::new();
    game.legal_moves(state, &mut legal);
    let input = AgentInput {
        game,
        view,
        player: view.viewer,
        legal: &legal,
        moves_enumerable: game.moves_enumerable(state),
        limits: AgentLimits::NONE,
    };
    (agent.choose(&input).map(|c| c.mv), legal.len())
}

fn write_lines<W: Write>(output: &mut W, lines: &[String]) -> Result<(), UccError> {
    for line in lines {
        writeln!(output, "{line}").map_err(|e| UccError::Io(e.to_string()))?;
    }
    output.flush().map_err(|e| UccError::Io(e.to_string()))
}

/// Plays one game as a UCC program: the manager's lines on `input`, the
/// answers on `output`, each setup and move chosen by `agent` from the
/// side's view only (the view Plateau's referee would give it, rebuilt
/// from the manager's lines). Returns at the manager's `QUIT` or at the end
/// of its input; a line that does not follow the protocol, or that
/// contradicts what the side knows, is an error naming the line.
pub fn play_as_program<R: BufRead, W: Write>(
    game: &Stratego,
    agent: &mut dyn Agent<Stratego>,
    seed: u64,
    input: R,
    mut output: W,
) -> Result<ProgramEnd, UccError> {
    let ucc = UccRules::of(game)?;
    let mut lines = Lines { input, number: 0 };
    let mut rng = plateau::rng(seed);
    // 1. Setup: "COLOUR OPPONENT WIDTH HEIGHT".
    let Some(first) = lines.next()? else {
        return Err(lines.bad("", "'RED|BLUE OPPONENT 10 10' first"));
    };
    let words: Vec<&str> = first.split_whitespace().collect();
    let me = match words.first().copied() {
        Some("RED") => Player(0),
        Some("BLUE") => Player(1),
        _ => return Err(lines.bad(&first, "'RED|BLUE OPPONENT WIDTH HEIGHT'")),
    };
    if words.len() >= 4 && (words[words.len() - 2] != "10" || words[words.len() - 1] != "10") {
        return Err(lines.bad(&first, "a board of width 10 and height 10"));
    }
    let setup = {
        let mut state = game.initial_state(seed);
        if me.index() == 1 {
            // The first side's setup is hidden from the second (S3.2): any
            // setup stands for it.
            let red = game.random_setup(Player(0), &mut rng);
            game.apply(&mut state, &Move::Setup(red));
        }
        let view = game.view(&state, me);
        match ask(game, agent, &view, &state).0 {
            Some(Move::Setup(s)) => s,
            _ => return Err(UccError::Agent(format!("'{}' gave no setup", agent.spec()))),
        }
    };
    write_lines(&mut output, &ucc.setup_rows(game, me, &setup))?;
    // 2. Turns.
    let mut observer: Option<Observer> = None;
    let quit = |line: &str| line.split_whitespace().next() == Some("QUIT");
    loop {
        let Some(line) = lines.next()? else {
            return Ok(ProgramEnd {
                player: me,
                plies: observer.as_ref().map_or(0, |o| o.view().plies),
                quit: None,
            });
        };
        if quit(&line) {
            return Ok(ProgramEnd {
                player: me,
                plies: observer.as_ref().map_or(0, |o| o.view().plies),
                quit: Some(line),
            });
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let opponent_move = if words == ["START"] {
            if me.index() != 0 || observer.is_some() {
                return Err(lines.bad(&line, "the opponent's move: START comes once, to RED"));
            }
            None
        } else {
            let (mv, rest) = UccMove::read(&words, &line).map_err(|e| lines.bad(&line, e))?;
            let outcome = ucc
                .read_outcome(rest, &line)
                .map_err(|e| lines.bad(&line, e))?;
            Some((mv, outcome))
        };
        let mut rows = Vec::with_capacity(SIZE as usize);
        for _ in 0..SIZE {
            let row = lines.expect("a board row")?;
            if row.chars().count() != SIZE as usize {
                return Err(lines.bad(&row, "a board row of 10 characters"));
            }
            rows.push(row);
        }
        let observer = match &mut observer {
            Some(o) => {
                if let Some((mv, outcome)) = opponent_move {
                    o.apply(me.opponent(), mv, outcome)
                        .map_err(|e| lines.bad(&line, e))?;
                }
                o
            }
            None => {
                let squares = Observer::squares_before(&rows, opponent_move);
                let mut o = Observer::new(game, &ucc, me, &setup, &squares);
                if let Some((mv, outcome)) = opponent_move {
                    o.apply(me.opponent(), mv, outcome)
                        .map_err(|e| lines.bad(&line, e))?;
                }
                observer.insert(o)
            }
        };
        let expected = observer.rows();
        if let Some(y) = (0..SIZE as usize).find(|&y| rows[y] != expected[y]) {
            return Err(UccError::Protocol {
                line: lines.number - (SIZE as usize - 1 - y),
                text: clip(&rows[y]),
                expected: format!(
                    "board row {y} as the moves so far leave it: '{}' (enemy pieces {} shown, {} known)",
                    expected[y],
                    enemy_squares(&rows).len(),
                    enemy_squares(&expected).len()
                ),
            });
        }
        // The side's move, from its view.
        let view = observer.view();
        let state = game.determinize(&view, &mut rng);
        let (chosen, legal) = ask(game, agent, &view, &state);
        let mv = match chosen {
            Some(Move::Step { from, to }) => UccMove::between(from, to).ok_or_else(|| {
                UccError::Agent(format!(
                    "'{}' chose {from}-{to}, not a straight move",
                    agent.spec()
                ))
            })?,
            Some(other) => {
                return Err(UccError::Agent(format!(
                    "'{}' chose '{}', which the protocol cannot say",
                    agent.spec(),
                    game.format_move(&other)
                )))
            }
            None if legal == 0 => {
                // No legal move loses (S9.4); the protocol's word for it.
                write_lines(&mut output, &["SURRENDER".to_string()])?;
                continue;
            }
            None => {
                return Err(UccError::Agent(format!(
                    "'{}' gave no move of the {legal} legal ones",
                    agent.spec()
                )))
            }
        };
        write_lines(&mut output, &[mv.to_string()])?;
        // The manager repeats it with its outcome, or ends the game.
        let echo = lines.expect("the manager's repeat of the move with its outcome")?;
        if quit(&echo) {
            return Ok(ProgramEnd {
                player: me,
                plies: view.plies + 1,
                quit: Some(echo),
            });
        }
        let words: Vec<&str> = echo.split_whitespace().collect();
        let (told, rest) = UccMove::read(&words, &echo).map_err(|e| lines.bad(&echo, e))?;
        if told != mv {
            return Err(lines.bad(&echo, format!("the repeat of the move '{mv}'")));
        }
        let outcome = ucc
            .read_outcome(rest, &echo)
            .map_err(|e| lines.bad(&echo, e))?;
        if outcome == Outcome::Illegal {
            return Err(lines.bad(&echo, format!("an outcome: the manager refused '{mv}'")));
        }
        observer
            .apply(me, mv, outcome)
            .map_err(|e| lines.bad(&echo, e))?;
    }
}
