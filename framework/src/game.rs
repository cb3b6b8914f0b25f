//! The [`Game`] trait: the rules of one game, configured by its parameters.

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

/// The rules of a game, configured by its validated parameters.
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
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// The rules parameters, read from the game's TOML rules data.
    type Params: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A full position, including whatever the rules depend on. Its JSON
    /// form, for display and scripts, is [`Game::state_json`]; positions are
    /// restored from records (moves replayed by the engine), not from JSON.
    type State: Clone + Debug + PartialEq + Send + Sync;
    /// One step of the game.
    type Move: Clone + Debug + Eq + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// What one player may see of a state. For a game of perfect information
    /// this is the state itself.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// The game's identifier on the command line and in records, e.g. `hus`.
    const ID: &'static str;
    /// The game's display name, e.g. `Hus`.
    const NAME: &'static str;
    /// Whether players' views hide part of the state.
    const HIDDEN_INFORMATION: bool;

    /// The rule sets shipped with the game; the first is the default.
    fn variants() -> &'static [Variant];

    /// Documentation of the parameters, for `plateau rules`.
    fn param_docs() -> &'static [ParamDoc] {
        &[]
    }

    /// Validates parameters into rules. Errors name the key and the reason.
    fn new(params: Self::Params) -> Result<Self, RulesError>;

    /// The parameters these rules were made from.
    fn params(&self) -> &Self::Params;

    /// A short text summary of the rules, for `plateau rules`.
    fn summary(&self) -> String;

    /// The rules for players in full, as Markdown with every rule numbered
    /// as the game's error messages cite it (`H3.1`): what
    /// `plateau rules GAME --full` prints and help screens show. A game
    /// crate embeds its `docs/rules/<game>.md` with `include_str!`. The
    /// default, `None`, has none.
    fn rules_text(&self) -> Option<&'static str> {
        None
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        2
    }

    /// Whether an outcome comes from an engine cap rather than from play
    /// (benchmarks report the share of capped games; search does not score a
    /// capped game as a result of play). The default reads the typed mark
    /// [`Outcome::capped`](crate::Outcome::capped).
    fn is_capped(&self, outcome: &crate::Outcome) -> bool {
        outcome.capped
    }

    /// The return of `player` for a finished game, in `[-1, 1]`: what search
    /// maximises and what learning code receives (OpenSpiel's `Returns()`).
    /// The default is 1 for the winner, -1 for a loser and 0 for a draw
    /// (capped games included); a game documents any other reading.
    fn returns(&self, outcome: &crate::Outcome, player: Player) -> f64 {
        outcome.win_loss_return(player)
    }

    /// A 64-bit key of everything that decides the legal moves and the
    /// future of the game from `state`: the position, the side to move, and
    /// every counter and history the rules read (repetition, series, chase
    /// state, move caps). Equal states give equal keys; search uses it for
    /// transposition tables, so distinct states should collide only by
    /// chance. Games that keep an incremental Zobrist key return it here.
    ///
    /// The default hashes [`Game::state_json`] with a fixed-key hasher:
    /// correct for every game whose JSON holds the whole state, but slow;
    /// games override it.
    fn state_key(&self, state: &Self::State) -> u64 {
        use std::hash::Hasher;
        let mut hasher = std::hash::DefaultHasher::new();
        hasher.write(self.state_json(state).to_string().as_bytes());
        hasher.finish()
    }

    /// A heuristic value of `state` for `player`, in `[-1, 1]` (1: as good
    /// as won, -1: as good as lost), for search that stops before the end of
    /// the game: greedy move choice, alpha-beta leaves, evaluation-cut MCTS
    /// rollouts. It may read the whole state; agents call it only on states
    /// they simulate (determinized ones for hidden information). The
    /// default, 0, knows nothing; each game documents its own.
    fn evaluate(&self, _state: &Self::State, _player: Player) -> f64 {
        0.0
    }

    /// Whether `player` has a move in `state` (a game in progress) that wins
    /// the game at once, were it `player`'s turn, found by a check cheaper
    /// than playing its moves. Search asks it at its horizon about the
    /// searching player's opponent: a leaf where the opponent, to move, can
    /// win with its next move is scored as that loss, and one where it
    /// would win if it moved next is searched a ply further (a threat the
    /// evaluation cannot see). `false` means no such move was found; the
    /// default checks nothing.
    fn wins_at_once(&self, _state: &Self::State, _player: Player) -> bool {
        false
    }

    /// The fewest of its own moves, at most `max_moves`, in which `player`
    /// surely wins from `state` (a game in progress, the side to move there
    /// moving first), found by a check cheaper than search that gives the
    /// other side every defence it can model. Search asks it at its horizon
    /// about the searching player's opponent and scores such a leaf as that
    /// loss, so that a win the opponent cannot be kept from counts even
    /// when it lies beyond the depth searched. `None` means no such win was
    /// found; the default checks nothing.
    fn forced_win(&self, _state: &Self::State, _player: Player, _max_moves: u32) -> Option<u32> {
        None
    }

    /// For a move `mv` of the player to move in `state` (a state drawn from
    /// that player's view, searched as if it were the truth) that wins the
    /// game only because of something hidden from the player, such as an
    /// attack on an unknown piece that is the flag in this draw: the chance
    /// the player had, from what it knows, that the move wins, and the state
    /// in which it did not win instead. Search from a view weighs such a win
    /// by its chance below its root, where the player's later choices would
    /// otherwise follow each draw's hidden pieces. `None` for a move whose
    /// win rests on nothing hidden; the default, for every move.
    fn guessed_win(&self, _state: &Self::State, _mv: &Self::Move) -> Option<(f64, Self::State)> {
        None
    }

    /// The spec of the game's strongest agent, which the agent spec `ai`
    /// stands for (options given to `ai` are added to it, a budget given
    /// replaces its budget). The default, measured at equal time on Hus,
    /// Quinque and Stratego Barrage: `alphabeta` for perfect information,
    /// `ismcts:rollout=eval,cut=0` (information-set MCTS scoring each new
    /// leaf by [`Game::evaluate`]) for hidden information.
    fn default_agent(&self) -> &'static str {
        if Self::HIDDEN_INFORMATION {
            "ismcts:rollout=eval,cut=0"
        } else {
            "alphabeta"
        }
    }

    /// The player's name under these rules, e.g. `red`, `south`.
    fn player_name(&self, player: Player) -> &str;

    /// The start position. Everything random in it (who starts, for example)
    /// comes from `seed`.
    fn initial_state(&self, seed: u64) -> Self::State;

    /// Whose turn it is, or how the game ended.
    fn status(&self, state: &Self::State) -> Status;

    /// Writes the legal moves into `moves`, after clearing it. A finished game
    /// has none. In a free-form phase ([`Game::moves_enumerable`] is false) the
    /// list is empty too.
    fn legal_moves(&self, state: &Self::State, moves: &mut Vec<Self::Move>);

    /// Whether the legal moves of this position can be listed. It is false
    /// only in free-form phases whose moves are too many to list, such as a
    /// Stratego setup; moves are then entered as text, checked by
    /// [`Game::check_move`] and drawn by [`Game::random_move`].
    fn moves_enumerable(&self, _state: &Self::State) -> bool {
        true
    }

    /// A hint shown to a person who is to enter a move, for example the
    /// format of a setup.
    fn move_hint(&self, _state: &Self::State) -> Option<String> {
        None
    }

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

    /// A candidate for a free-form move (a setup) that an agent scores
    /// before choosing one: by default [`Game::random_move`]. A game that
    /// knows how people make such moves draws from that (Stratego: setups
    /// leaning towards where people put their flag and bombs).
    fn candidate_move<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        rng: &mut R,
    ) -> Option<Self::Move> {
        self.random_move(state, rng)
    }

    /// How many candidates ([`Game::candidate_move`]) an agent that searches
    /// draws and scores by [`Game::evaluate`] for a free-form move (a
    /// setup), the best kept: by default 400. A game whose free-form moves
    /// are cheap to score may ask for more (Stratego: as many as make
    /// 16 000 pieces placed, 400 setups of the classic army, 2 000 of
    /// Barrage's).
    fn free_form_candidates(&self) -> u32 {
        400
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
    fn view(&self, state: &Self::State, player: Player) -> Self::View;

    /// A full state consistent with everything the view's player knows, drawn
    /// at random (determinization, for search from a view) from the game's
    /// belief: uniformly over the consistent states, or weighted by what the
    /// game knows of how players play (Stratego: where people set up their
    /// flag). Its view for that player equals `view`. For perfect
    /// information it is the state itself.
    fn determinize<R: Rng + ?Sized>(&self, view: &Self::View, rng: &mut R) -> Self::State;

    /// A key of what every player saw the last move do beyond the move
    /// itself, read from the state it led to: in Stratego the public event
    /// (S6.3: the ranks a combat revealed and who survived). Information-set
    /// search keys its tree by the moves and by this, so that the positions
    /// one move can lead to for an observer stay apart. 0 by default, for
    /// games whose moves show nothing more than themselves (every game of
    /// perfect information). Never a function of anything hidden from a
    /// player.
    fn move_outcome_key(&self, _state: &Self::State) -> u64 {
        0
    }

    /// The move in the game's notation.
    fn format_move(&self, mv: &Self::Move) -> String;

    /// Reads a move in the game's notation in the given position. It checks
    /// only the form, not legality.
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, MoveParseError>;

    /// The whole state as JSON, for display and scripts (an explicit request:
    /// it shows hidden information). It is a display model written from the
    /// state: nothing reads it back. [`perfect_information!`](crate::perfect_information) writes the
    /// state's own serialization.
    fn state_json(&self, state: &Self::State) -> serde_json::Value;

    /// The whole state as a text board (an explicit request: it shows hidden
    /// information).
    fn render_state(&self, state: &Self::State) -> String;

    /// A player's view as a text board, from that player's seat.
    fn render_view(&self, view: &Self::View) -> String;

    /// The text board of [`Game::render_view`] with the last move marked
    /// on the board itself (its squares bracketed or flagged), for a front
    /// end that tells the last move in words of its own: the board need not
    /// say it again. `last` is the last move and its mover, given only when
    /// the view's player may know the move (a public move, or their own);
    /// the marks must show nothing the view does not hold. The default:
    /// [`Game::render_view`], unmarked.
    fn render_view_marked(&self, view: &Self::View, last: Option<(Player, &Self::Move)>) -> String {
        let _ = last;
        self.render_view(view)
    }

    /// The whole state as [`Game::render_state`] draws it, with the last
    /// move and its mover, `last`, marked on the board as
    /// [`Game::render_view_marked`] marks it (an explicit request: it shows
    /// hidden information). The default: [`Game::render_state`], unmarked.
    fn render_state_marked(
        &self,
        state: &Self::State,
        last: Option<(Player, &Self::Move)>,
    ) -> String {
        let _ = last;
        self.render_state(state)
    }

    /// The board as `seat` sees it (`None`: the whole position, an explicit
    /// request that shows hidden information), for full-screen display. It
    /// must show nothing that seat may not know. The default, `None`, makes
    /// front ends show [`Game::render_view`] / [`Game::render_state`].
    fn board_view(
        &self,
        _state: &Self::State,
        _seat: Option<Player>,
    ) -> Option<crate::board::BoardView> {
        None
    }

    /// The board as anyone watching may see it (a spectator): nothing that
    /// is not revealed to both sides, no player's secrets. The default: the
    /// whole position ([`Game::board_view`] with `None`) for a game of
    /// perfect information, `None` (no public board) for a game of hidden
    /// information, which overrides this to have one.
    fn public_board_view(&self, state: &Self::State) -> Option<crate::board::BoardView> {
        if Self::HIDDEN_INFORMATION {
            None
        } else {
            self.board_view(state, None)
        }
    }

    /// The names of the squares a move touches, as
    /// [`Cell::name`](crate::board::Cell::name) names them: where it starts
    /// first, where it ends last (a Hus pit: one square; a Stratego step:
    /// origin and target). Front ends highlight the last move and select
    /// moves by cursor from it. The default knows none.
    fn move_squares(&self, _mv: &Self::Move) -> Vec<String> {
        Vec::new()
    }

    /// The intermediate boards of a move played in `before`, as `seat` may
    /// see them (`None`: the whole position), for showing it step by step:
    /// each sowing of a Hus move, an Oware sowing before its captures, a
    /// Stratego combat with both pieces shown. They come from the game's
    /// engine; the position before and the one after are not among them.
    /// The default has none.
    fn move_frames(
        &self,
        _before: &Self::State,
        _mv: &Self::Move,
        _seat: Option<Player>,
    ) -> Vec<crate::board::BoardView> {
        Vec::new()
    }

    /// The free-form placement the player to move makes next (a Stratego
    /// setup), for a placement editor: the area, the pieces and whether it
    /// must be filled. `None` (the default) when the next move is no
    /// placement.
    fn placement(&self, _state: &Self::State) -> Option<crate::board::Placement> {
        None
    }

    /// The placement move of an arrangement of [`Game::placement`] (one
    /// entry a square; see [`Placement`](crate::board::Placement)). The
    /// move is not checked here; `None` when the position has no placement
    /// or the arrangement does not fit it.
    fn placement_move(
        &self,
        _state: &Self::State,
        _arrangement: &[Option<usize>],
    ) -> Option<Self::Move> {
        None
    }

    /// The arrangement of a placement move (for a random or loaded setup in
    /// an editor), `None` when the move is no placement of this position.
    fn placement_of(&self, _state: &Self::State, _mv: &Self::Move) -> Option<Vec<Option<usize>>> {
        None
    }

    /// Whether the move's text may be shown to the other players. A Stratego
    /// setup is secret; a step is public (its squares are seen at the table).
    fn move_is_public(&self, _mv: &Self::Move) -> bool {
        true
    }

    /// What a move did, as `viewer` may know it (`None`: everything), for
    /// example the sowing of a Hus move or a Stratego combat. `before` is the
    /// position the move was played in.
    fn describe_move(
        &self,
        _before: &Self::State,
        _mv: &Self::Move,
        _viewer: Option<Player>,
    ) -> Option<String> {
        None
    }

    /// What a move did as anyone watching the table may know it: no
    /// player's secrets, not even the mover's or its opponent's (a
    /// Stratego silent defender that wins stays unnamed, S12.6). The
    /// default: the full description for a game without hidden
    /// information, none for a game with it (such a game overrides this).
    fn describe_move_public(&self, before: &Self::State, mv: &Self::Move) -> Option<String> {
        if Self::HIDDEN_INFORMATION {
            None
        } else {
            self.describe_move(before, mv, None)
        }
    }
}

/// Implements the perfect-information items of [`Game`] inside an
/// `impl Game for ...` block whose `View` is its `State`:
/// `HIDDEN_INFORMATION = false`, `view` (the state itself), `determinize`
/// (the view itself), `render_view` (`render_state`) and `state_json` (the
/// state's serialization).
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

        fn determinize<R: $crate::rand::Rng + ?Sized>(
            &self,
            view: &Self::View,
            _rng: &mut R,
        ) -> Self::State {
            view.clone()
        }

        fn render_view(&self, view: &Self::View) -> String {
            self.render_state(view)
        }

        fn state_json(&self, state: &Self::State) -> $crate::serde_json::Value {
            $crate::serde_json::to_value(state).expect("states always serialize")
        }
    };
}
