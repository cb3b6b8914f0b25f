//! The [`Game`] trait, the rules of one game configured by its parameters,
//! and the optional traits a game implements for front ends and agents.
//!
//! Where each part of a game lives:
//!
//! | trait | file | what it says |
//! |---|---|---|
//! | [`Game`] | `game.rs` | rules and parameters, the start, legal moves, applying moves, status and returns, a player's view, move notation, a state key |
//! | [`RulesDocs`] | `game/rules_docs.rs` | the rules in words: summary, full text, parameter docs |
//! | [`Render`] | `game/render.rs` | the state as JSON and text, board views, a move's squares |
//! | [`DescribeMoves`] | `game/describe.rs` | what a move did, in words and in intermediate boards |
//! | [`FreeFormMoves`] | `game/free_form.rs` | moves too many to list (setups), placement editors, setup candidates |
//! | [`SearchHooks`] | `game/search.rs` | evaluation, shortcuts to wins, determinization, the default agent |
//!
//! Every method of the optional traits has a default, so a game writes
//! `impl Render for MyGame {}` for a trait it has nothing to add to. Agents
//! ask for [`SearchGame`] (the rules and what search reads); the
//! [`Registry`](crate::Registry), and with it every front end, asks for
//! [`FullGame`] (all of them).

mod describe;
mod free_form;
mod render;
mod rules_docs;
mod search;

pub use describe::DescribeMoves;
pub use free_form::FreeFormMoves;
pub use render::Render;
pub use rules_docs::RulesDocs;
pub use search::SearchHooks;

use crate::{IllegalMove, MoveParseError, Player, RulesError, Status};
use rand::Rng;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;
use std::hash::Hash;

/// A named rule set shipped with a game: a TOML file of `rules-data/<game>/`,
/// embedded in the binary.
#[derive(Copy, Clone, Debug)]
pub struct Variant {
    /// The variant's name, e.g. `standard` or `barrage`.
    pub name: &'static str,
    /// One line saying what the variant is.
    pub description: &'static str,
    /// The TOML text of its parameters.
    pub toml: &'static str,
}

/// The documentation of one rules parameter, shown by `plateau rules`.
#[derive(Copy, Clone, Debug)]
pub struct ParamDoc {
    /// The dotted key, as in the TOML file and in `--set key=value`.
    pub key: &'static str,
    /// What the parameter does.
    pub description: &'static str,
}

/// The rules of a game, configured by its validated parameters: what every
/// game must say.
///
/// A value of a type implementing `Game` holds the rules (the parameters);
/// positions are separate [`Game::State`] values, so that states stay small and
/// cheap to clone for search. Every method takes the rules by reference.
///
/// One step of the game is one [`Game::Move`]: a whole turn in Hus and Stratego,
/// one action of a multi-action turn in Quinque, a follow-up step (Stratego's
/// reconquest) or a free-form first action (a Stratego setup). The player who
/// acts next is always given by [`Game::status`].
///
/// Three ways to apply a move:
/// - [`Game::try_apply`] checks the move and returns the rejected move in its
///   error, leaving the state unchanged;
/// - [`Game::apply`] panics on an illegal move (for tests and trusted input);
/// - [`Game::apply_unchecked`] does no check, for search: on an illegal move it
///   may leave a wrong state, but never undefined behaviour.
///
/// A game must implement [`variants`](Game::variants), [`new`](Game::new),
/// [`params`](Game::params), [`initial_state`](Game::initial_state),
/// [`status`](Game::status), [`legal_moves`](Game::legal_moves),
/// [`apply_unchecked`](Game::apply_unchecked), [`view`](Game::view) (or
/// [`perfect_information!`](crate::perfect_information)),
/// [`format_move`](Game::format_move) and [`parse_move`](Game::parse_move);
/// the rest has defaults. Everything only some games or some front ends need
/// lives in optional traits with defaults throughout:
/// - [`RulesDocs`]: `summary`, `rules_text`, `param_docs`;
/// - [`Render`]: `state_json`, `render_state`, `render_view`,
///   `render_state_marked`, `render_view_marked`, `board_view`,
///   `public_board_view`, `move_squares`;
/// - [`DescribeMoves`]: `describe_move`, `describe_move_public`,
///   `move_frames`;
/// - [`FreeFormMoves`]: `moves_enumerable`, `move_hint`, `placement`,
///   `placement_move`, `placement_of`, `candidate_move`,
///   `free_form_candidates`;
/// - [`SearchHooks`]: `evaluate`, `wins_at_once`, `forced_win`,
///   `guessed_win`, `determinize`, `move_outcome_key`, `default_agent`.
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// The rules parameters, read from the game's TOML rules data.
    type Params: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A full position, including whatever the rules depend on. Its JSON
    /// form, for display and scripts, is [`Render::state_json`]; positions
    /// are restored from records (moves replayed by the engine), not from
    /// JSON.
    type State: Clone + Debug + PartialEq + Send + Sync + 'static;
    /// One step of the game.
    type Move: Clone + Debug + Eq + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// What one player may see of a state. For a game of perfect information
    /// this is the state itself.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The game's identifier on the command line and in records, e.g. `hus`.
    const ID: &'static str;
    /// The game's display name, e.g. `Hus`.
    const NAME: &'static str;
    /// Whether players' views hide part of the state.
    const HIDDEN_INFORMATION: bool;

    /// The rule sets shipped with the game; the first is the default.
    fn variants() -> &'static [Variant];

    /// Validates parameters into rules. Errors name the key and the reason.
    fn new(params: Self::Params) -> Result<Self, RulesError>;

    /// The parameters these rules were made from.
    fn params(&self) -> &Self::Params;

    /// The number of players.
    fn num_players(&self) -> usize {
        2
    }

    /// The player's name under these rules, e.g. `red`, `south`. The
    /// default: `player 1`, `player 2`, … (up to 8 players, `player` beyond).
    fn player_name(&self, player: Player) -> &str {
        const NAMES: [&str; 8] = [
            "player 1", "player 2", "player 3", "player 4", "player 5", "player 6", "player 7",
            "player 8",
        ];
        NAMES.get(player.index()).copied().unwrap_or("player")
    }

    /// The start position. Everything random in it (who starts, for example)
    /// comes from `seed`.
    fn initial_state(&self, seed: u64) -> Self::State;

    /// Whose turn it is, or how the game ended.
    fn status(&self, state: &Self::State) -> Status;

    /// The return of `player` for a finished game, in `[-1, 1]`: what search
    /// maximises and what learning code receives (OpenSpiel's `Returns()`).
    /// The default is 1 for the winner, -1 for a loser and 0 for a draw
    /// (capped games included; an outcome says it was capped in
    /// [`Outcome::capped`](crate::Outcome::capped)); a game documents any
    /// other reading.
    fn returns(&self, outcome: &crate::Outcome, player: Player) -> f64 {
        outcome.win_loss_return(player)
    }

    /// Writes the legal moves into `moves`, after clearing it. A finished game
    /// has none. In a free-form phase
    /// ([`FreeFormMoves::moves_enumerable`] is false) the list is empty too.
    fn legal_moves(&self, state: &Self::State, moves: &mut Vec<Self::Move>);

    /// Checks a move, giving the reason when it is illegal. The default looks
    /// the move up in the legal list.
    fn check_move(&self, state: &Self::State, mv: &Self::Move) -> Result<(), String> {
        if self.status(state).is_over() {
            return Err("the game is over".into());
        }
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        if moves.contains(mv) {
            Ok(())
        } else {
            Err("not a legal move in this position".into())
        }
    }

    /// Applies a move without checking it. On an illegal move the resulting
    /// state may be wrong, but there is never undefined behaviour.
    fn apply_unchecked(&self, state: &mut Self::State, mv: &Self::Move);

    /// Checks and applies a move. On error the state is unchanged and the
    /// error holds the rejected move.
    fn try_apply(
        &self,
        state: &mut Self::State,
        mv: &Self::Move,
    ) -> Result<(), IllegalMove<Self::Move>> {
        match self.check_move(state, mv) {
            Ok(()) => {
                self.apply_unchecked(state, mv);
                Ok(())
            }
            Err(reason) => Err(IllegalMove {
                mv: mv.clone(),
                reason,
            }),
        }
    }

    /// Applies a move, panicking if it is illegal.
    fn apply(&self, state: &mut Self::State, mv: &Self::Move) {
        if let Err(e) = self.try_apply(state, mv) {
            panic!("{e}");
        }
    }

    /// A legal move drawn uniformly at random, or `None` when the game is
    /// over. The default lists the legal moves into this thread's scratch
    /// buffer for the game's move type ([`crate::scratch`]), so that it does
    /// not allocate once the buffer has grown; games override it with
    /// something faster that keeps the draw uniform.
    fn random_move<R: Rng + ?Sized>(&self, state: &Self::State, rng: &mut R) -> Option<Self::Move> {
        if self.status(state).is_over() {
            return None;
        }
        crate::scratch::with_moves::<Self::Move, _>(|moves| {
            self.legal_moves(state, moves);
            if moves.is_empty() {
                return None;
            }
            let i = rng.random_range(0..moves.len());
            Some(moves.swap_remove(i))
        })
    }

    /// Plays a uniformly random legal move; returns false when the game is
    /// over. Games may override it to avoid working out a move twice.
    fn play_random<R: Rng + ?Sized>(&self, state: &mut Self::State, rng: &mut R) -> bool {
        match self.random_move(state, rng) {
            Some(mv) => {
                self.apply_unchecked(state, &mv);
                true
            }
            None => false,
        }
    }

    /// What `player` may see of `state`.
    /// [`perfect_information!`](crate::perfect_information) writes it for a
    /// game whose view is the state.
    fn view(&self, state: &Self::State, player: Player) -> Self::View;

    /// The move in the game's notation.
    fn format_move(&self, mv: &Self::Move) -> String;

    /// Reads a move in the game's notation in the given position. It checks
    /// only the form, not legality.
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, MoveParseError>;

    /// Whether the move's text may be shown to the other players. A Stratego
    /// setup is secret; a step is public (its squares are seen at the table).
    /// Errors name a secret move by its first word only. The default: every
    /// move is public.
    fn move_is_public(&self, _mv: &Self::Move) -> bool {
        true
    }

    /// A 64-bit key of everything that decides the legal moves and the
    /// future of the game from `state`: the position, the side to move, and
    /// every counter and history the rules read (repetition, series, chase
    /// state, move caps). Equal states give equal keys; search uses it for
    /// transposition tables, so distinct states should collide only by
    /// chance. Games that keep an incremental Zobrist key return it here.
    ///
    /// The default hashes the state's JSON form ([`Render::state_json`]'s
    /// default for a game of perfect information: the state's
    /// serialization) or, when the view is not the state, its `Debug` text,
    /// with a fixed-key hasher: correct for every state whose form holds all
    /// of it, but slow; games override it.
    fn state_key(&self, state: &Self::State) -> u64 {
        use std::hash::Hasher;
        let mut hasher = std::hash::DefaultHasher::new();
        match view_is_state::<Self::State, Self::View>(state) {
            Some(view) => {
                let json = serde_json::to_value(view).expect("views always serialize");
                hasher.write(json.to_string().as_bytes());
            }
            None => hasher.write(format!("{state:?}").as_bytes()),
        }
        hasher.finish()
    }
}

/// What agents need of a game: its rules, its [`SearchHooks`] and its
/// [`FreeFormMoves`] (free-form moves are drawn, not listed). Implemented
/// for every type that has them.
pub trait SearchGame: Game + SearchHooks + FreeFormMoves {}

impl<G: Game + SearchHooks + FreeFormMoves> SearchGame for G {}

/// A game with every optional trait: what the [`Registry`](crate::Registry)
/// needs to offer it to every front end (command line, protocol, Python).
/// Implemented for every type that has them.
pub trait FullGame: SearchGame + RulesDocs + Render + DescribeMoves {}

impl<G: SearchGame + RulesDocs + Render + DescribeMoves> FullGame for G {}

/// `value` as a `T`, when `V` is `T`: the state of a game of perfect
/// information as its view, or the view as its state. The check is on the
/// types, decided at compile time.
#[inline]
pub(crate) fn view_is_state<V: 'static, T: 'static>(value: &V) -> Option<&T> {
    (value as &dyn std::any::Any).downcast_ref::<T>()
}

/// Implements the perfect-information items of [`Game`] inside an
/// `impl Game for ...` block whose `View` is its `State`:
/// `HIDDEN_INFORMATION = false` and `view` (the state itself). The defaults
/// of the optional traits then fit the game: [`SearchHooks::determinize`]
/// (the view itself), [`Render::render_view`] ([`Render::render_state`])
/// and [`Render::state_json`] (the state's serialization).
///
/// ```text
/// impl Game for MyGame {
///     type View = MyState;
///     plateau::perfect_information!();
///     // ...
/// }
/// ```
#[macro_export]
macro_rules! perfect_information {
    () => {
        const HIDDEN_INFORMATION: bool = false;

        fn view(&self, state: &Self::State, _player: $crate::Player) -> Self::View {
            state.clone()
        }
    };
}
