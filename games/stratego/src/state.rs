//! The full state of a game: the board, the pieces with what has been
//! revealed of them and what the public history proved about them, the
//! tray, the last public event and the state of the two-squares and chase
//! rules. Its JSON display model is in [`crate::state_json`].
//!
//! A state is bounded by the board: it keeps no list of past events and
//! shares nothing, so a clone is a copy of a few kilobytes whatever the
//! length of the game. What the rules, the views and determinization need of
//! the past is kept per piece in bounded form (moved, revealed, marked,
//! stood on the opponent's back row, and the attackers it beat as a silent
//! defender, S12.6); the public history itself belongs to the record of the
//! game (the moves, replayed through the engine).

use crate::bitboard::Bits;
use crate::board::{Square, BOARD_LEN};
use crate::chase::Chase;
use crate::combat::Clash;
use crate::params::{Rules, CLASSES, MAX_ARMY, MAX_KINDS, MAX_PIECES};
use crate::two_squares::Series;
use plateau::{Outcome, Player};
use serde::{Deserialize, Serialize};

/// Piece flag: the opponent knows the piece's rank (S6.2).
pub(crate) const REVEALED: u8 = 1;
/// Piece flag: the piece has moved at least once (S6.2).
pub(crate) const MOVED: u8 = 2;
/// Piece flag: the piece has returned a removed piece (S12.5c); the mark
/// stays with it through removal and return.
pub(crate) const MARKED: u8 = 4;
/// Piece flag: the piece has ended a move on the opponent's back row, so it
/// is no mobile flag (S12.4: a flag there wins).
pub(crate) const BACK_ROW: u8 = 8;

/// A position of Stratego, with all the history the rules depend on.
///
/// Pieces are numbered per side in the order of their setup (side 0's from 0,
/// side 1's from [`MAX_ARMY`]); a board cell holds the piece number plus one.
///
/// A state comes from play (moves applied to
/// [`Game::initial_state`](plateau::Game::initial_state), e.g. a record
/// replayed) or from a validated hand-made description
/// ([`PositionBuilder`](crate::PositionBuilder)); its JSON is a display
/// model written with the rules ([`crate::state_json`]), never read back.
/// A state belongs to the rules it was made under. For a key of everything
/// that decides the future, see
/// [`Game::state_key`](plateau::Game::state_key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategoState {
    pub(crate) board: [u8; BOARD_LEN],
    pub(crate) kind: [u8; MAX_PIECES],
    /// The cell of each piece; 0 once removed.
    pub(crate) at: [u8; MAX_PIECES],
    /// The cell each piece was set up on.
    pub(crate) origin: [u8; MAX_PIECES],
    pub(crate) flags: [u8; MAX_PIECES],
    /// Pieces set up by each side.
    pub(crate) placed: [u8; 2],
    /// The cells of each side's pieces that move, one list per movement
    /// class: list `side * CLASSES + class` starts at `MAX_ARMY` times that.
    pub(crate) movers: [u8; 2 * CLASSES * MAX_ARMY],
    /// The length of each list.
    pub(crate) movers_len: [[u8; CLASSES]; 2],
    /// Each moving piece's index in its list.
    pub(crate) slot: [u8; MAX_PIECES],
    /// The squares of each side's pieces.
    pub(crate) occ: [Bits; 2],
    /// The squares of each side's moving pieces, by movement class.
    pub(crate) cls: [[Bits; CLASSES]; 2],
    /// Removed pieces by side and kind (S5.7).
    pub(crate) tray: [[u8; MAX_KINDS]; 2],
    /// The order in which each removed piece left the board, counted per
    /// side (S12.5c: a return takes the earliest removed).
    pub(crate) gone: [u8; MAX_PIECES],
    /// Pieces each side has had removed so far (the next `gone` number).
    pub(crate) removals: [u8; 2],
    /// Returns each side has made (S12.5c: at most 2).
    pub(crate) returns: [u8; 2],
    /// The step of S12.5 the side to move is to make, if any.
    pub(crate) pending: Option<Pending>,
    /// Movable pieces (S9) left to each side.
    pub(crate) movable: [u8; 2],
    /// The Zobrist key of the position (S8.3).
    pub(crate) hash: u64,
    /// Setups made: 0, 1 or 2 (play has begun).
    pub(crate) setups_done: u8,
    pub(crate) to_move: Player,
    /// Set once the game is over.
    pub(crate) outcome: Option<Outcome>,
    /// Moves of play so far.
    pub(crate) plies: u32,
    /// Moves of play since the last attack.
    pub(crate) quiet: u32,
    /// Each side's series for the two-squares rule (S7) and last move.
    pub(crate) series: [Series; 2],
    /// Each side's chase (S8).
    pub(crate) chase: [Chase; 2],
    /// The last public event (S6.3), if any.
    pub(crate) last: Option<Event>,
    /// For each piece, the kinds of the attackers it beat as a silent
    /// defender (S12.6), a bit per kind: what those fights publicly proved
    /// about its rank.
    pub(crate) beaten: [u16; MAX_PIECES],
}

/// A pending reconquest step (S12.5e): the move that reached the opponent's
/// back row is made; the same side now returns a piece or skips.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Pending {
    /// The arriving piece.
    pub piece: u8,
    /// The cell where the move ended.
    pub to: u8,
    /// What the move threatened (S8.1), recorded for the chase after the step.
    pub threats: u8,
    /// Whether S8 judges the step (S12.5f): the move was a chasing move
    /// during a chase, not a return of S8.4.
    pub judged: bool,
    /// Whether only `skip` is legal: the arriving piece is an unrevealed
    /// scout (S12.5e).
    pub skip_only: bool,
}

/// What everyone sees of a move (S6.3): the squares, and the ranks it
/// revealed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// A side made its setup (its content is secret).
    Setup {
        /// The side.
        player: Player,
    },
    /// A move of play.
    Move {
        /// The side that moved.
        player: Player,
        /// Where the piece came from.
        from: Square,
        /// Where it went (or what it attacked).
        to: Square,
        /// The mover's kind, when the move itself shows it (a scout moving
        /// more than one square, S6.2).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        revealed: Option<u8>,
        /// The fight, when the move was an attack.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        combat: Option<Combat>,
    },
    /// A side returned a removed piece to its home area (S12.5b); the piece
    /// is revealed.
    Return {
        /// The side.
        player: Player,
        /// The returned piece's kind.
        kind: u8,
        /// Where it was put.
        square: Square,
    },
    /// A side did not use its right to return a piece (S12.5d).
    Skip {
        /// The side.
        player: Player,
    },
}

/// A fight as both players see it (S5.1, S6.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combat {
    /// The attacker's kind.
    pub attacker: u8,
    /// The defender's kind; `None` for a silent defender that stays hidden
    /// (S12.6).
    pub defender: Option<u8>,
    /// Who won.
    pub result: Clash,
}

/// What is on a square: a piece and what is known of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// The piece's side.
    pub owner: Player,
    /// Its kind (an index into [`Stratego::pieces`](crate::Stratego::pieces)).
    pub kind: u8,
    /// Whether the opponent knows its rank.
    pub revealed: bool,
    /// Whether it has moved.
    pub moved: bool,
}

impl StrategoState {
    /// The state before the setups under `rules`.
    pub(crate) fn empty(rules: &Rules) -> StrategoState {
        StrategoState::blank(&rules.template)
    }

    /// A state with no piece and no history on the board `template`.
    pub(crate) fn blank(template: &[u8; BOARD_LEN]) -> StrategoState {
        StrategoState {
            board: *template,
            kind: [0; MAX_PIECES],
            at: [0; MAX_PIECES],
            origin: [0; MAX_PIECES],
            flags: [0; MAX_PIECES],
            placed: [0; 2],
            movers: [0; 2 * CLASSES * MAX_ARMY],
            movers_len: [[0; CLASSES]; 2],
            slot: [0; MAX_PIECES],
            occ: [0; 2],
            cls: [[0; CLASSES]; 2],
            tray: [[0; MAX_KINDS]; 2],
            gone: [0; MAX_PIECES],
            removals: [0; 2],
            returns: [0; 2],
            pending: None,
            movable: [0; 2],
            hash: 0,
            setups_done: 0,
            to_move: Player(0),
            outcome: None,
            plies: 0,
            quiet: 0,
            series: [Series::default(); 2],
            chase: [Chase::default(), Chase::default()],
            last: None,
            beaten: [0; MAX_PIECES],
        }
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, sq: Square) -> Option<PieceInfo> {
        let cell = *self.board.get(sq.index())?;
        if cell == crate::params::EMPTY || cell == crate::params::BLOCKED {
            return None;
        }
        Some(self.info(cell as usize - 1))
    }

    pub(crate) fn info(&self, id: usize) -> PieceInfo {
        PieceInfo {
            owner: Player((id / MAX_ARMY) as u8),
            kind: self.kind[id],
            revealed: self.flags[id] & REVEALED != 0,
            moved: self.flags[id] & MOVED != 0,
        }
    }

    /// Whether the setup phase is on (S3.2).
    pub fn in_setup(&self) -> bool {
        self.setups_done < 2
    }

    /// The side to act next (meaningless once the game is over).
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// A side's removed pieces, counted by kind (S5.7).
    pub fn tray(&self, player: Player) -> &[u8] {
        &self.tray[player.index()]
    }

    /// The last public event (S6.3): the last setup, move, return or skip.
    /// The whole public history is the record's: its moves replayed, each
    /// followed by this.
    pub fn last_event(&self) -> Option<Event> {
        self.last
    }

    /// Whether a side has made its setup (S3.2: the first side sets up
    /// first).
    pub fn has_set_up(&self, player: Player) -> bool {
        self.setups_done as usize > player.index()
    }

    /// Moves of play so far (setups not counted).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Moves of play since the last attack.
    pub fn plies_without_capture(&self) -> u32 {
        self.quiet
    }

    /// The number of pieces a side has on the board.
    pub fn pieces_on_board(&self, player: Player) -> usize {
        let base = player.index() * MAX_ARMY;
        (base..base + self.placed[player.index()] as usize)
            .filter(|&id| self.at[id] != 0)
            .count()
    }

    /// Pieces of a side on the board, as (square, piece).
    pub fn pieces(&self, player: Player) -> impl Iterator<Item = (Square, PieceInfo)> + '_ {
        let base = player.index() * MAX_ARMY;
        (base..base + self.placed[player.index()] as usize)
            .filter(move |&id| self.at[id] != 0)
            .map(move |id| (Square::from_index(self.at[id] as usize), self.info(id)))
    }

    /// The Zobrist key of the position (owner and kind on every square, S8.3).
    pub fn position_key(&self) -> u64 {
        self.hash
    }

    /// Whether the side to move is to make the step of S12.5 (`return PIECE
    /// SQUARE` or `skip`) after a move that reached the opponent's back row.
    pub fn step_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// The returns a side has made (S12.5c).
    pub fn returns(&self, player: Player) -> u8 {
        self.returns[player.index()]
    }

    /// Whether the piece on a square has returned a removed piece (S12.5c).
    pub fn has_returned_one(&self, sq: Square) -> bool {
        match self.board.get(sq.index()) {
            Some(&c) if c != crate::params::EMPTY && c != crate::params::BLOCKED => {
                self.flags[c as usize - 1] & MARKED != 0
            }
            _ => false,
        }
    }
}
