//! [`SearchHooks`]: what search agents ask of a game beyond its rules.

use super::{view_is_state, Game};
use crate::Player;
use rand::Rng;

/// What search agents ask of a game beyond its rules: a heuristic value,
/// cheap checks for wins, determinization of a view and the game's default
/// agent. Every method has a default; that of
/// [`determinize`](SearchHooks::determinize) serves only games of perfect
/// information, and a game of hidden information must override it.
pub trait SearchHooks: Game {
    /// A heuristic value of `state` for `player`, in `[-1, 1]` (1: as good
    /// as won, -1: as good as lost), for search that stops before the end of
    /// the game: greedy move choice, alpha-beta leaves, evaluation-cut MCTS
    /// rollouts. It may read the whole state; agents call it only on states
    /// they simulate (determinized ones for hidden information). The
    /// default, 0, knows nothing; each game documents its own.
    fn evaluate(&self, _state: &Self::State, _player: Player) -> f64 {
        0.0
    }

    /// The names of the game's evaluations, which an agent's `eval=NAME`
    /// option picks from: the first is [`SearchHooks::evaluate`], the
    /// others (a learned one, say) [`SearchHooks::evaluate_with`]. The
    /// default: `hand` alone.
    fn evaluations(&self) -> &'static [&'static str] {
        &["hand"]
    }

    /// The evaluation of index `eval` in [`SearchHooks::evaluations`] of
    /// `state` for `player`, in `[-1, 1]`; the default, for any index, is
    /// [`SearchHooks::evaluate`].
    fn evaluate_with(&self, _eval: usize, state: &Self::State, player: Player) -> f64 {
        self.evaluate(state, player)
    }

    /// The exact return of `state` (a game in progress) for `player`, as
    /// [`Game::returns`] would give it at the end of best play on both
    /// sides, where the game knows it without search: Oware's endgame
    /// tables. Search takes it as a proven result at every node it covers
    /// and searches no further there. `None` (the default) where the game
    /// does not know.
    fn exact_value(&self, _state: &Self::State, _player: Player) -> Option<f64> {
        None
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

    /// A full state consistent with everything the view's player knows, drawn
    /// at random (determinization, for search from a view) from the game's
    /// belief: uniformly over the consistent states, or weighted by what the
    /// game knows of how players play (Stratego: where people set up their
    /// flag). Its view for that player equals `view`.
    ///
    /// The default serves games of perfect information, whose view is the
    /// state: the view itself. A game of hidden information overrides it;
    /// the default panics for a view that is not a state.
    fn determinize<R: Rng + ?Sized>(&self, view: &Self::View, _rng: &mut R) -> Self::State {
        match view_is_state::<Self::View, Self::State>(view) {
            Some(state) => state.clone(),
            None => panic!(
                "{}: a game whose view is not its state implements SearchHooks::determinize",
                Self::ID
            ),
        }
    }

    /// The names of the game's beliefs about what a view hides, which the
    /// `belief=NAME` option of the agents that search from a view (`pimc`,
    /// `ismcts`) picks from: the first is [`SearchHooks::determinize`]'s,
    /// the others [`SearchHooks::determinize_with`]'s. None by default (a
    /// game of perfect information hides nothing).
    fn beliefs(&self) -> &'static [&'static str] {
        &[]
    }

    /// A full state consistent with the view, drawn from the belief of index
    /// `belief` in [`SearchHooks::beliefs`]; the default, for any index, is
    /// [`SearchHooks::determinize`].
    fn determinize_with<R: Rng + ?Sized>(
        &self,
        _belief: usize,
        view: &Self::View,
        rng: &mut R,
    ) -> Self::State {
        self.determinize(view, rng)
    }

    /// How much people favour `mv` among the moves of `view`'s player, all
    /// else being equal: 0 (the default) for no preference, more for a kind
    /// of move people play more often (Stratego: moving on with the piece
    /// moved last, above all straight on). `pimc` plays, of the moves its
    /// search values within its option `habit` of the best, the one people
    /// favour most, and lists its moves so; a habit never outweighs a
    /// difference in value greater than that.
    fn move_habit(&self, _view: &Self::View, _mv: &Self::Move) -> u32 {
        0
    }

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

    /// The spec of the game's strongest agent, which the agent spec `ai`
    /// stands for (options given to `ai` are added to it, a budget given
    /// replaces its budget). The default, measured at equal time on Hus,
    /// Quinque and Stratego Barrage: `alphabeta` for perfect information,
    /// `ismcts:rollout=eval,cut=0` (information-set MCTS scoring each new
    /// leaf by [`SearchHooks::evaluate`]) for hidden information.
    fn default_agent(&self) -> &'static str {
        if Self::HIDDEN_INFORMATION {
            "ismcts:rollout=eval,cut=0"
        } else {
            "alphabeta"
        }
    }

    /// An agent of this game's own, beyond the framework's, for a spec that
    /// names one (Stratego: `ucc`, an outside program that speaks the UCC
    /// protocol): `None` when the spec's name is none of the game's own
    /// agents ([`SearchHooks::own_agent_docs`]), else the agent or why its
    /// options are refused. Every front end reaches it through
    /// [`crate::ai::agent_for`].
    fn own_agent(
        &self,
        _spec: &crate::ai::Spec,
        _seed: u64,
    ) -> Option<Result<Box<dyn crate::ai::Agent<Self>>, crate::ai::SpecError>>
    where
        Self: crate::SearchGame,
    {
        None
    }

    /// The game's own agents ([`SearchHooks::own_agent`]) as `plateau
    /// agents` lists them; none by default.
    fn own_agent_docs(&self) -> Vec<crate::ai::AgentDoc> {
        Vec::new()
    }
}
