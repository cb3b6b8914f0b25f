//! Stratego for the Plateau framework: Original (RULES.md S1–S10) with its
//! setups, movement, combat, two-squares and chase rules, hidden information
//! for each player, the variants of S11, the option rules of S12, and import
//! of Gravon records (S13).
//!
//! Pieces, board, setup area, sides and rule switches are data
//! (`rules-data/stratego/*.toml`); the code knows only roles and movement
//! kinds. The six options of S12 are booleans under `[options]` in every
//! variant and combine freely (`--set options.reconquest=true`):
//! attacker advantage, explosive bombs, mobile bombs and flag (which never
//! attack; a flag on the opponent's back row wins), reconquest (after a move
//! that reaches the opponent's back row the same side plays
//! [`Move::Return`] or [`Move::Skip`], `return 9 c3` or `skip`), and silent
//! defense (a defender that wins stays hidden, [`Combat::defender`] is
//! `None`).
//!
//! A [`StrategoState`] is bounded by the board (no list of past events, no
//! shared parts): it clones in constant time, and a [`Move`] is `Copy`. A
//! game is restored from its record (the moves replayed through the one
//! engine); a hand-made position comes from a validated [`PositionBuilder`];
//! the state's JSON is a display model written with the rules
//! ([`state_json`]).
//!
//! ```
//! use plateau::{rng, Game, Player, Session, Status};
//! use plateau_stratego::{Stratego, ViewSquare};
//!
//! let game = Stratego::original();
//! let mut session = Session::new(game.clone(), "original", 0);
//!
//! // Each side's setup is its first move (S3.2): front row first (S3.3).
//! let red = game.parse_setup(Player(0), "
//!     2 3 2 B 9 8 2 2 7 4
//!     4 B 6 3 X 5 6 2 5 5
//!     B 2 8 3 6 7 B 6 S 7
//!     5 3 4 2 B F B 4 2 3").unwrap();
//! session.play(plateau_stratego::Move::Setup(red)).unwrap();
//! let blue = game.random_setup(Player(1), &mut rng(7));
//! session.play(plateau_stratego::Move::Setup(blue)).unwrap();
//!
//! // Red moves first; a bomb never moves and the error says why.
//! assert!(session.play_text("d4-d5").unwrap_err().to_string().contains("never moves"));
//! session.play_text("a4-a5").unwrap();
//! assert_eq!(session.status(), Status::ToMove(Player(1)));
//!
//! // Blue sees the piece that moved as an unknown piece that has moved (S6).
//! let view = game.view(session.state(), Player(1));
//! let a5 = "a5".parse().unwrap();
//! assert_eq!(view.square(a5), Some(ViewSquare::Opponent { kind: None, moved: true }));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bitboard;
mod board;
mod board_view;
mod builder;
mod chase;
mod combat;
mod end;
mod eval;
mod game;
pub mod gravon;
mod guess;
mod habit;
mod learning;
mod movegen;
mod notation;
mod params;
mod play;
mod race;
mod render;
mod setup;
mod setup_prior;
mod state;
pub mod state_json;
mod threat;
mod two_squares;
pub mod ucc;
mod view;
mod zobrist;

#[cfg(test)]
mod tests;

pub use board::{Square, SquareError, MAX_FILES, MAX_RANKS};
pub use builder::{
    BuildError, ChaseRecord, Checks, PendingStep, PlacedPiece, PositionBuilder, RemovedPiece,
    TwoSquares,
};
pub use combat::Clash;
pub use end::{FLAG_CAPTURED, FLAG_REACHED_BACK_ROW, MOVE_CAP, NO_LEGAL_MOVE, NO_MOVABLE_PIECES};
pub use notation::Move;
pub use params::{
    BoardParams, Movement, OptionsParams, PieceKind, PieceParams, Role, SetupParams, SidesParams,
    StrategoParams, MAX_ARMY, MAX_KINDS,
};
pub use setup::{Setup, SetupError, MAX_HOME};
pub use state::{Combat, Event, PieceInfo, StrategoState};
pub use view::{ChaseView, Clue, PendingView, SeriesView, StrategoView, ViewSquare};

use plateau::rand::Rng;
use plateau::{Player, RulesError};
use std::sync::Arc;

/// The rules of Stratego under some parameters (a variant of S11, or a
/// user's rules file).
#[derive(Clone, Debug)]
pub struct Stratego {
    params: StrategoParams,
    rules: Arc<params::Rules>,
}

impl Stratego {
    /// Rules from validated parameters (also [`plateau::Game::new`]).
    pub fn from_params(params: StrategoParams) -> Result<Stratego, RulesError> {
        let rules = params::Rules::new(&params)?;
        Ok(Stratego {
            params,
            rules: Arc::new(rules),
        })
    }

    /// The shipped variant of that name (`original`, `classic-5`).
    pub fn variant(name: &str) -> Result<Stratego, RulesError> {
        plateau::rules::load::<Stratego>(&plateau::RulesSpec::variant(name)).map(|l| l.game)
    }

    /// Stratego Original (S11.1).
    pub fn original() -> Stratego {
        Stratego::variant("original").expect("the shipped original rules are valid")
    }

    /// The kinds of piece, strongest first; a kind number is an index here.
    pub fn pieces(&self) -> &[PieceKind] {
        &self.rules.kinds
    }

    /// The kind with that setup symbol.
    pub fn kind_of_symbol(&self, symbol: char) -> Option<u8> {
        self.rules.kind_of_symbol(symbol)
    }

    /// The kind with that name.
    pub fn kind_of_name(&self, name: &str) -> Option<u8> {
        self.rules.kind_of_name(name)
    }

    /// A side's home area in setup text order (S3.3), lakes included.
    pub fn home_area(&self, player: Player) -> &[Square] {
        &self.rules.home[player.index() & 1]
    }

    /// The lake squares (S1.2).
    pub fn lakes(&self) -> &[Square] {
        &self.rules.lakes
    }

    /// Reads and checks setup text (S3.3) for `player`, e.g. from a file.
    /// A leading `setup`, whitespace, `/` between rows and `#` comments are
    /// ignored; a leading `seen` says that each row is written as the
    /// owner's screen shows it (for the second side, from the last file to
    /// `a`). The error names the square or symbol at fault.
    pub fn parse_setup(&self, player: Player, text: &str) -> Result<Setup, SetupError> {
        self.rules.parse_setup(player, text)
    }

    /// Checks a setup for `player` (counts, lakes, a full home area).
    pub fn check_setup(&self, player: Player, setup: &Setup) -> Result<(), SetupError> {
        self.rules.check_setup(player, setup)
    }

    /// A uniformly random legal setup for `player`.
    pub fn random_setup<R: Rng + ?Sized>(&self, player: Player, rng: &mut R) -> Setup {
        self.rules.random_setup(player, rng)
    }

    /// The setup's text (S3.3), rows separated by `/`, without the `setup`
    /// word; [`Stratego::parse_setup`] reads it back.
    pub fn setup_text(&self, setup: &Setup) -> String {
        self.rules.setup_text(setup)
    }

    /// The setup a side made in a game (once it has made one).
    pub fn setup_of(&self, state: &StrategoState, player: Player) -> Option<Setup> {
        state
            .has_set_up(player)
            .then(|| self.rules.setup_of(state, player.index() & 1))
    }
}
