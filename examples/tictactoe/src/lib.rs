//! Tic-tac-toe on a `size`×`size` board, `line` in a row wins: the worked
//! example of adding a game to Plateau (see docs/ADDING_A_GAME.md).
//!
//! ```
//! use plateau::{Game, Session};
//! use plateau_example_tictactoe::TicTacToe;
//!
//! let game: TicTacToe = plateau::rules::load(&Default::default()).unwrap().game;
//! let mut session = Session::new(game, "standard", 0);
//! for m in ["a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1"] {
//!     session.play_text(m).unwrap();
//! }
//! assert_eq!(session.status().outcome().unwrap().reason, "board-full");
//! ```

use plateau::{Game, MoveParseError, Outcome, Player, RulesError, Status, Variant};
use serde::{Deserialize, Serialize};

/// The rules parameters (`rules-data/*.toml`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Cells per side of the square board (1 to 26).
    pub size: u8,
    /// Marks in a row (row, column or diagonal) that win.
    pub line: u8,
}

/// The rules of tic-tac-toe.
#[derive(Clone, Debug)]
pub struct TicTacToe(Params);

/// A position: the cells row by row (`None` empty) and the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The cells, row 1 first, files a, b, … within a row.
    pub cells: Vec<Option<Player>>,
    /// The player to move.
    pub to_move: Player,
    /// The outcome, once decided.
    pub outcome: Option<Outcome>,
}

impl TicTacToe {
    fn wins(&self, cells: &[Option<Player>], at: usize) -> bool {
        let (n, k) = (self.0.size as i32, self.0.line as i32);
        let (x, y) = (at as i32 % n, at as i32 / n);
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let count = |s: i32| {
                (1..k)
                    .take_while(|i| {
                        let (cx, cy) = (x + s * dx * i, y + s * dy * i);
                        (0..n).contains(&cx)
                            && (0..n).contains(&cy)
                            && cells[(cy * n + cx) as usize] == cells[at]
                    })
                    .count() as i32
            };
            1 + count(1) + count(-1) >= k
        })
    }
}

impl Game for TicTacToe {
    type Params = Params;
    type State = State;
    type Move = u16;
    type View = State;
    const ID: &'static str = "tictactoe";
    const NAME: &'static str = "Tic-tac-toe";
    plateau::perfect_information!();

    fn variants() -> &'static [Variant] {
        &[
            Variant {
                name: "standard",
                description: "3×3, three in a row",
                toml: include_str!("../rules-data/standard.toml"),
            },
            Variant {
                name: "gomoku-lite",
                description: "6×6, four in a row",
                toml: include_str!("../rules-data/gomoku-lite.toml"),
            },
        ]
    }

    fn new(p: Params) -> Result<Self, RulesError> {
        if !(1..=26).contains(&p.size) {
            return Err(RulesError::new("must be 1 to 26").key("size").value(p.size));
        }
        if p.line == 0 || p.line > p.size {
            return Err(RulesError::new("must be 1 to size")
                .key("line")
                .value(p.line));
        }
        Ok(TicTacToe(p))
    }
    fn params(&self) -> &Params {
        &self.0
    }
    fn summary(&self) -> String {
        let (n, k) = (self.0.size, self.0.line);
        format!("Tic-tac-toe on {n}×{n}: place a mark in turn; {k} in a row wins; a full board is a draw. Moves: a cell such as b2.")
    }
    fn player_name(&self, p: Player) -> &str {
        ["x", "o"][p.index()]
    }
    fn initial_state(&self, _seed: u64) -> State {
        let cells = vec![None; self.0.size as usize * self.0.size as usize];
        State {
            cells,
            to_move: Player(0),
            outcome: None,
        }
    }
    fn status(&self, s: &State) -> Status {
        s.outcome
            .clone()
            .map_or(Status::ToMove(s.to_move), Status::Over)
    }
    fn legal_moves(&self, s: &State, moves: &mut Vec<u16>) {
        moves.clear();
        if s.outcome.is_none() {
            moves.extend((0..s.cells.len() as u16).filter(|&i| s.cells[i as usize].is_none()));
        }
    }
    fn apply_unchecked(&self, s: &mut State, mv: &u16) {
        let Some(cell) = s.cells.get_mut(*mv as usize) else {
            return;
        };
        *cell = Some(s.to_move);
        if self.wins(&s.cells, *mv as usize) {
            s.outcome = Some(Outcome::win(s.to_move, "line-completed"));
        } else if s.cells.iter().all(Option::is_some) {
            s.outcome = Some(Outcome::draw("board-full"));
        }
        s.to_move = s.to_move.opponent();
    }
    fn format_move(&self, mv: &u16) -> String {
        let n = self.0.size as u16;
        format!("{}{}", (b'a' + (mv % n) as u8) as char, mv / n + 1)
    }
    fn parse_move(&self, _s: &State, text: &str) -> Result<u16, MoveParseError> {
        let t = text.trim();
        let n = self.0.size as u16;
        let file = t
            .chars()
            .next()
            .and_then(|c| (c as u32).checked_sub('a' as u32))
            .filter(|&f| f < n as u32)
            .map(|f| f as u16);
        let rank = t
            .get(1..)
            .and_then(|r| r.parse::<u16>().ok())
            .filter(|r| (1..=n).contains(r));
        match (file, rank) {
            (Some(f), Some(r)) => Ok((r - 1) * n + f),
            _ => Err(MoveParseError::new(
                text,
                format!("expected a cell a1 to {}", self.format_move(&(n * n - 1))),
            )),
        }
    }
    fn render_state(&self, s: &State) -> String {
        let n = self.0.size as usize;
        let mut out = String::new();
        for y in (0..n).rev() {
            out += &format!("{:>2} ", y + 1);
            for x in 0..n {
                out.push(match s.cells[y * n + x] {
                    None => '.',
                    Some(p) => ['X', 'O'][p.index()],
                });
                out.push(' ');
            }
            out.push('\n');
        }
        out += "   ";
        out.extend((0..n).flat_map(|x| [(b'a' + x as u8) as char, ' ']));
        out + "\n"
    }
}
