//! The placement editor of the full-screen board: a free-form placement
//! move (a Stratego setup) arranged on the board from the mover's own seat.
//!
//! The game describes the move with a [`Placement`] (the squares of the
//! area, the pieces of the tray) and makes the move of an arrangement
//! ([`DynSession::placement_move`]); nothing here knows any one game. The
//! editor keeps the arrangement, one entry a square of the area, and lays it
//! over the mover's board. Pieces are put by typing their symbol, taken back
//! with Delete, swapped by picking two squares; the tray's rest is filled at
//! random, or the whole arrangement drawn afresh by the game's own random
//! move. Setup files are the text the game reads for `--setup` (the move
//! text, `setup ...` for Stratego). Messages name squares and pieces, never
//! the arrangement.

use plateau::board::{BoardView, Cell, Placement};
use plateau::rand::seq::SliceRandom;
use plateau::{DynSession, GameRng, Player};

/// An arrangement being made by `player`.
#[derive(Clone, Debug)]
pub(super) struct Editor {
    /// Who places.
    pub player: Player,
    /// What the game asks for.
    pub placement: Placement,
    /// One entry a square of the area: the index of a piece kind, or empty.
    pub arrangement: Vec<Option<usize>>,
    /// The square picked first for a swap (index into the area).
    pub picked: Option<usize>,
}

impl Editor {
    /// An empty arrangement of `placement` for `player`.
    pub fn new(player: Player, placement: Placement) -> Editor {
        Editor {
            player,
            arrangement: vec![None; placement.squares.len()],
            placement,
            picked: None,
        }
    }

    /// The index in the area of the square of that name.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.placement.squares.iter().position(|s| s == name)
    }

    /// The pieces of each kind not placed yet.
    pub fn tray(&self) -> Vec<usize> {
        self.placement.tray(&self.arrangement)
    }

    /// Pieces left in the tray.
    pub fn left(&self) -> usize {
        self.tray().iter().sum()
    }

    /// Whether the arrangement is ready to be played: nothing left in the
    /// tray, and (if the game says so) every free square filled.
    pub fn complete(&self) -> bool {
        self.left() == 0
            && (!self.placement.fill
                || self
                    .arrangement
                    .iter()
                    .zip(&self.placement.blocked)
                    .all(|(k, blocked)| *blocked || k.is_some()))
    }

    fn square(&self, i: usize) -> &str {
        self.placement.squares.get(i).map_or("", String::as_str)
    }

    fn piece_name(&self, k: usize) -> String {
        self.placement
            .pieces
            .get(k)
            .map_or_else(String::new, |p| format!("{} ({})", p.name, p.symbol))
    }

    /// Puts a piece of the kind with that symbol on square `i` from the
    /// tray (the piece there goes back to the tray).
    pub fn put(&mut self, i: usize, symbol: &str) -> Result<(), String> {
        let Some(k) = self.placement.piece_of_symbol(symbol) else {
            return Err(format!("'{symbol}' is no piece here"));
        };
        if self.placement.blocked.get(i).copied().unwrap_or(true) {
            return Err(format!("no piece may stand on {}", self.square(i)));
        }
        if self.arrangement[i] == Some(k) {
            return Ok(());
        }
        if self.tray()[k] == 0 {
            return Err(format!(
                "no {} left in the tray: pick two squares to swap them",
                self.piece_name(k)
            ));
        }
        self.arrangement[i] = Some(k);
        Ok(())
    }

    /// Takes the piece on square `i` back to the tray.
    pub fn take_back(&mut self, i: usize) {
        if let Some(slot) = self.arrangement.get_mut(i) {
            *slot = None;
        }
    }

    /// Picks square `i`: the first pick is remembered, the second swaps the
    /// two squares' pieces. True when a swap was made.
    pub fn pick(&mut self, i: usize) -> Result<bool, String> {
        if self.placement.blocked.get(i).copied().unwrap_or(true) {
            return Err(format!("no piece may stand on {}", self.square(i)));
        }
        match self.picked.take() {
            None => {
                self.picked = Some(i);
                Ok(false)
            }
            Some(j) if j == i => Ok(false),
            Some(j) => {
                self.arrangement.swap(i, j);
                Ok(true)
            }
        }
    }

    /// Puts the pieces left in the tray on the empty free squares at random.
    pub fn fill(&mut self, rng: &mut GameRng) {
        let empty: Vec<usize> = (0..self.arrangement.len())
            .filter(|&i| self.arrangement[i].is_none() && !self.placement.blocked[i])
            .collect();
        let mut pool: Vec<Option<usize>> = self
            .tray()
            .iter()
            .enumerate()
            .flat_map(|(k, &n)| std::iter::repeat_n(Some(k), n))
            .collect();
        pool.resize(empty.len().max(pool.len()), None);
        pool.shuffle(rng);
        for (i, k) in empty.into_iter().zip(pool) {
            self.arrangement[i] = k;
        }
        self.picked = None;
    }

    /// Replaces the arrangement by the one of a placement move in text (a
    /// random move of the game, a setup file); the error is the game's
    /// reason only.
    pub fn load_text(&mut self, session: &dyn DynSession, text: &str) -> Result<(), String> {
        let arrangement = session.placement_of(text)?;
        // The game's own check, on a copy: counts, lakes, a full area.
        session
            .clone_box()
            .play(text)
            .map_err(|e| reason_only(&e))?;
        if arrangement.len() != self.arrangement.len() {
            return Err("the setup does not fit the home area".into());
        }
        self.arrangement = arrangement;
        self.picked = None;
        Ok(())
    }

    /// The arrangement laid over the mover's board: each square of the area
    /// shows its piece, owned by the mover. Returns the cells of the area.
    pub fn overlay(&self, board: &mut BoardView) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for (i, name) in self.placement.squares.iter().enumerate() {
            let Some((r, c)) = board.locate(name, Some(self.player)) else {
                continue;
            };
            cells.push((r, c));
            if self.placement.blocked[i] {
                continue;
            }
            let mut cell = Cell::square(name.clone());
            if let Some(p) = self.arrangement[i].and_then(|k| self.placement.pieces.get(k)) {
                cell = cell.text(p.symbol.clone()).owner(self.player);
            }
            board.set(r, c, cell);
        }
        cells
    }

    /// The cell (on `board`) of square `i` of the area.
    pub fn cell_of(&self, board: &BoardView, i: usize) -> Option<(usize, usize)> {
        board.locate(self.square(i), Some(self.player))
    }

    /// The lines of the tray, for the panel under the board.
    pub fn tray_lines(&self, width: usize) -> Vec<String> {
        let tray = self.tray();
        let left: Vec<String> = self
            .placement
            .pieces
            .iter()
            .zip(&tray)
            .filter(|(_, n)| **n > 0)
            .map(|(p, n)| format!("{n}×{}", p.symbol))
            .collect();
        let mut lines = if left.is_empty() {
            vec!["Tray: empty. Ctrl-D confirms the setup.".to_string()]
        } else {
            let mut words = vec![format!("Tray ({} left):", self.left())];
            words.extend(left);
            pack(&words, " ", width)
        };
        // The names, as many to a line as fit, so that none is cut off.
        let names: Vec<String> = self
            .placement
            .pieces
            .iter()
            .filter(|p| p.count > 0)
            .map(|p| format!("{} {}", p.symbol, p.name))
            .collect();
        lines.extend(pack(&names, ", ", width));
        lines
    }
}

/// `items` joined by `separator` into lines of at most `width` characters
/// where they fit, an item never split.
fn pack(items: &[String], separator: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        // The line with this item and the separator's end after it (more
        // may follow).
        let needed = line.chars().count()
            + separator.chars().count()
            + item.chars().count()
            + separator.trim_end().chars().count();
        if !line.is_empty() && needed > width {
            line.push_str(separator.trim_end());
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(separator);
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The reason of a refused move without the move's text (a setup is
/// secret and must not be echoed).
pub(super) fn reason_only(e: &plateau::PlayError) -> String {
    match e {
        plateau::PlayError::Parse(p) => p.reason.clone(),
        plateau::PlayError::Illegal { reason, .. } => reason.clone(),
        e => e.to_string(),
    }
}

/// The reason a free-form move (a setup) `text` was refused by the match,
/// without the move: the session's own refusal, read again on a copy of
/// the position the match refused it in.
pub(super) fn refusal_reason(
    session: &dyn plateau::DynSession,
    text: &str,
    e: &plateau::matches::MatchError,
) -> String {
    match e {
        plateau::matches::MatchError::Illegal { reason, .. } => reason.clone(),
        plateau::matches::MatchError::Parse(_) => match session.clone_box().play(text) {
            Err(e) => reason_only(&e),
            Ok(()) => "the move cannot be read".into(),
        },
        e => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::board::PlacementPiece;

    fn editor() -> Editor {
        Editor::new(
            Player(0),
            Placement {
                squares: ["a1", "b1", "c1", "d1"].map(String::from).to_vec(),
                blocked: vec![false, false, true, false],
                pieces: vec![
                    PlacementPiece {
                        symbol: "F".into(),
                        name: "flag".into(),
                        count: 1,
                    },
                    PlacementPiece {
                        symbol: "9".into(),
                        name: "scout".into(),
                        count: 2,
                    },
                ],
                fill: true,
            },
        )
    }

    #[test]
    fn pieces_come_from_the_tray_and_swap() {
        let mut e = editor();
        e.put(0, "F").unwrap();
        assert!(e.put(1, "F").unwrap_err().contains("no flag (F) left"));
        assert!(e.put(2, "9").unwrap_err().contains("c1"), "a lake");
        e.put(1, "9").unwrap();
        assert_eq!(e.tray(), vec![0, 1]);
        assert!(!e.complete());
        assert!(!e.pick(0).unwrap());
        assert!(e.pick(1).unwrap());
        assert_eq!(e.arrangement[..2], [Some(1), Some(0)]);
        e.take_back(0);
        assert_eq!(e.left(), 2);
    }

    #[test]
    fn random_fill_places_the_rest_and_leaves_lakes_empty() {
        let mut e = editor();
        e.put(3, "F").unwrap();
        e.fill(&mut plateau::rng(1));
        assert!(e.complete(), "{:?}", e.arrangement);
        assert_eq!(e.arrangement[2], None);
        assert_eq!(e.arrangement[3], Some(0));
    }
}
