//! Tic-tac-toe on a `size`×`size` board, `line` in a row wins: the worked
//! example of adding a game to Plateau (see docs/ADDING_A_GAME.md).
//!
//! What a new game must implement: [`Game`]'s ten methods without a
//! default (`variants`, `new`, `params`, `initial_state`, `status`,
//! `legal_moves`, `apply_unchecked`, `view`, `format_move`, `parse_move`);
//! here [`plateau::perfect_information!`] writes `view`, so nine are
//! written by hand. It also implements the five optional traits, whose
//! methods all have defaults, so that the registry offers it to every front
//! end (command line, protocol, Python); an empty `impl` takes them all:
//! - [`RulesDocs`](plateau::RulesDocs): `summary`, `rules_text`,
//!   `param_docs` (here: `summary`);
//! - [`Render`](plateau::Render): `state_json`, text boards, `board_view`
//!   for the full-screen terminal board and the web page's generic board
//!   (here: `render_state`, `board_view` and `move_squares`, in `board.rs`);
//! - [`DescribeMoves`](plateau::DescribeMoves): what a move did, in words
//!   and in frames (nothing here);
//! - [`FreeFormMoves`](plateau::FreeFormMoves): setups and other moves too
//!   many to list (nothing here);
//! - [`SearchHooks`](plateau::SearchHooks): `evaluate` and other hooks for
//!   the agents (here: `evaluate`, in `eval.rs`).
//!
//! What it may add: any default of these traits or of [`Game`], as
//! `player_name` here (`x` and `o` rather than `player 1` and `player 2`).
//!
//! ```
//! use plateau::{RulesSpec, Session};
//! use plateau_example_tictactoe::TicTacToe;
//!
//! let game: TicTacToe = plateau::rules::load(&RulesSpec::variant("standard")).unwrap().game;
//! let mut session = Session::new(game, "standard", 0);
//! for m in ["a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1"] {
//!     session.play_text(m).unwrap();
//! }
//! assert_eq!(session.status().outcome().unwrap().reason, "board-full");
//! ```

mod board;
mod eval;

use plateau::{Game, MoveParseError, Outcome, Player, RulesError, Status, Variant};
use serde::{Deserialize, Serialize};

/// The rules of tic-tac-toe, which are just their parameters: every key
/// of a `rules-data/*.toml` file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TicTacToe {
    /// Cells per side of the square board (1 to 26).
    pub size: u8,
    /// Marks in a row (row, column or diagonal) that win.
    pub line: u8,
}

/// A position: the cells row by row (`None` empty), whose turn, the outcome.
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
    /// Whether the mark on `at` is in a line of `line` equal marks.
    fn wins(&self, cells: &[Option<Player>], at: usize) -> bool {
        let (n, k) = (self.size as i32, self.line as usize);
        // The equal marks next to `at` in one direction.
        let run = |dx: i32, dy: i32| {
            let (x, y) = (at as i32 % n, at as i32 / n);
            (1..)
                .map(|i| (x + dx * i, y + dy * i))
                .take_while(|&(x, y)| (0..n).contains(&x) && (0..n).contains(&y))
                .take_while(|&(x, y)| cells[(y * n + x) as usize] == cells[at])
                .count()
        };
        [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dx, dy)| 1 + run(dx, dy) + run(-dx, -dy) >= k)
    }
}

impl Game for TicTacToe {
    type Params = Self; // the rules are their parameters
    type State = State;
    type Move = u16; // the cell's index in `State::cells`
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
    fn new(p: Self) -> Result<Self, RulesError> {
        let (size, line) = (p.size, p.line);
        if !(1..=26).contains(&size) {
            return Err(RulesError::new("must be 1 to 26").key("size").value(size));
        }
        if !(1..=size).contains(&line) {
            return Err(RulesError::new("must be 1 to size").key("line").value(line));
        }
        Ok(p)
    }
    fn params(&self) -> &Self {
        self
    }
    fn player_name(&self, p: Player) -> &str {
        ["x", "o"][p.index()]
    }
    fn initial_state(&self, _seed: u64) -> State {
        State {
            cells: vec![None; self.size as usize * self.size as usize],
            to_move: Player(0),
            outcome: None,
        }
    }
    fn status(&self, s: &State) -> Status {
        let over = s.outcome.clone().map(Status::Over);
        over.unwrap_or(Status::ToMove(s.to_move))
    }
    fn legal_moves(&self, s: &State, moves: &mut Vec<u16>) {
        moves.clear();
        if s.outcome.is_none() {
            moves.extend((0..s.cells.len() as u16).filter(|&i| s.cells[i as usize].is_none()));
        }
    }
    fn apply_unchecked(&self, s: &mut State, mv: &u16) {
        let Some(cell) = s.cells.get_mut(*mv as usize) else {
            return; // an illegal move may leave a wrong state, never a panic
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
        let n = self.size as u16;
        format!("{}{}", (b'a' + (mv % n) as u8) as char, mv / n + 1)
    }
    fn parse_move(&self, _s: &State, text: &str) -> Result<u16, MoveParseError> {
        // Each cell has one name, as formatted: `b2`, not `B2` or `b02`.
        let cells = self.size as u16 * self.size as u16;
        let last = self.format_move(&(cells - 1));
        let error = || MoveParseError::new(text, format!("expected a cell a1 to {last}"));
        (0..cells)
            .find(|mv| self.format_move(mv) == text.trim())
            .ok_or_else(error)
    }
}

impl plateau::RulesDocs for TicTacToe {
    fn summary(&self) -> String {
        let (n, k) = (self.size, self.line);
        format!("Tic-tac-toe on {n}×{n}: place a mark in turn; {k} in a row wins; a full board is a draw. Moves: a cell such as b2.")
    }
}

impl plateau::DescribeMoves for TicTacToe {}

impl plateau::FreeFormMoves for TicTacToe {}
