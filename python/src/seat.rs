//! The Python class `Seat`: one player's seat at a `State`, answering only
//! what that player may know.

use crate::convert::to_py;
use crate::errors::{play_error, HiddenInformationError, IllegalMoveError};
use crate::objects::{mask_array, Game, State};
use plateau::{DynSession, Player};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One player's seat at a game: it answers only what that player may know
/// (its view, its legal moves on its turn, its observation) and, in a game
/// of hidden information, refuses the whole state, the record and undo.
/// It follows the game as it goes on.
#[pyclass(module = "plateau", frozen)]
pub struct Seat {
    pub(crate) state: Py<State>,
    pub(crate) player: Player,
}

impl Seat {
    fn hidden(&self) -> bool {
        self.state.get().lock().hidden_information()
    }

    fn refuse(&self, what: &str) -> PyErr {
        HiddenInformationError::new_err(format!(
            "a player's seat does not give {what} in a game of hidden information"
        ))
    }

    fn my_turn(&self, session: &dyn DynSession) -> bool {
        plateau::matches::seat_to_move(session, self.player).is_ok()
    }

    /// The match layer's refusal of a move off this seat's turn, with the
    /// seat named.
    fn not_my_turn(&self, session: &dyn DynSession) -> PyErr {
        let rules = &self.state.get().rules;
        IllegalMoveError::new_err(match plateau::matches::seat_to_move(session, self.player) {
            Err(e @ plateau::MatchError::NotYourTurn { .. }) => {
                format!("{e}, not {}'s", rules.game.player_name(self.player))
            }
            _ => "the game is over".into(),
        })
    }
}

#[pymethods]
impl Seat {
    /// The seat's player (a number).
    #[getter]
    fn player(&self) -> u8 {
        self.player.0
    }

    /// The seat's player's name.
    #[getter]
    fn player_name(&self) -> String {
        self.state.get().rules.game.player_name(self.player)
    }

    /// The rules of this game.
    #[getter]
    fn game(&self) -> Game {
        self.state.get().game()
    }

    /// The player to move, or None when the game is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.state.get().to_move()
    }

    /// Whose turn it is or how the game ended, in words.
    #[getter]
    fn status(&self) -> String {
        self.state.get().status()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.state.get().is_over()
    }

    /// How the game ended, or None while it goes on.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.state.get().outcome(py)
    }

    /// Each player's return in [-1, 1] (zeros while the game goes on).
    #[getter]
    fn returns(&self) -> Vec<f64> {
        self.state.get().returns()
    }

    /// The number of moves played.
    #[getter]
    fn num_moves(&self) -> usize {
        self.state.get().num_moves()
    }

    /// Whether the legal moves can be listed (see `State.moves_enumerable`).
    #[getter]
    fn moves_enumerable(&self) -> bool {
        self.state.get().moves_enumerable()
    }

    /// What to enter in a free-form phase, on this player's turn.
    #[getter]
    fn move_hint(&self) -> Option<String> {
        let s = self.state.get().lock();
        if self.my_turn(&**s) {
            s.move_hint()
        } else {
            None
        }
    }

    /// What this player sees, as a dict.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.state.get().lock().view_json(self.player))
    }

    /// The board as this player sees it.
    fn render(&self) -> String {
        self.state.get().lock().render(Some(self.player))
    }

    /// What the last move did, as this player may know it.
    fn describe_last_move(&self) -> Option<String> {
        self.state
            .get()
            .lock()
            .describe_last_move(Some(self.player))
    }

    /// The legal moves on this player's turn; an empty list otherwise.
    fn legal_moves(&self) -> Vec<String> {
        let s = self.state.get().lock();
        if self.my_turn(&**s) {
            s.legal_moves()
        } else {
            Vec::new()
        }
    }

    /// The legal action ids on this player's turn; an empty list otherwise.
    fn legal_action_ids(&self) -> PyResult<Vec<usize>> {
        let state = self.state.get();
        let s = state.lock();
        if self.my_turn(&**s) {
            state.legal_ids(&**s)
        } else {
            Ok(Vec::new())
        }
    }

    /// The legal action mask on this player's turn (all zeros otherwise).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let ids = self.legal_action_ids()?;
        let rules = &self.state.get().rules;
        mask_array(
            py,
            rules.learning()?.num_distinct_actions(&*rules.game),
            &ids,
        )
    }

    /// Plays this player's move (notation or action id), on its turn only.
    fn play(&self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let state = self.state.get();
        let mut s = state.lock();
        if !self.my_turn(&**s) {
            return Err(self.not_my_turn(&**s));
        }
        state.play_any(&mut **s, mv)
    }

    /// Plays the legal move with that action id, on this player's turn only.
    fn play_id(&self, action: usize) -> PyResult<()> {
        let state = self.state.get();
        let mut s = state.lock();
        if !self.my_turn(&**s) {
            return Err(self.not_my_turn(&**s));
        }
        state
            .rules
            .learning()?
            .play_id(&mut **s, action)
            .map_err(play_error)
    }

    /// The action id of a move given in notation, on this player's turn.
    fn action_id(&self, mv: &str) -> PyResult<usize> {
        let state = self.state.get();
        let s = state.lock();
        if !self.my_turn(&**s) {
            return Err(self.not_my_turn(&**s));
        }
        state
            .rules
            .learning()?
            .action_id(&**s, mv)
            .map_err(play_error)
    }

    /// This player's observation tensor (see `State.observation_tensor`).
    fn observation_tensor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.state.get();
        let s = state.lock();
        state.observation(py, &**s, self.player)
    }

    /// The player resigns.
    fn resign(&self) {
        let state = self.state.get();
        state.lock().resign(self.player);
    }

    /// The game record; refused in a game of hidden information (it holds
    /// every player's setup).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.hidden() {
            return Err(self.refuse("the record"));
        }
        self.state.get().record(py)
    }

    /// The whole state; refused in a game of hidden information.
    fn state_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.hidden() {
            return Err(self.refuse("the whole state"));
        }
        self.state.get().state_json(py)
    }

    /// A copy of the whole state; refused in a game of hidden information.
    fn state(&self) -> PyResult<State> {
        if self.hidden() {
            return Err(self.refuse("the whole state"));
        }
        Ok(self.state.get().clone())
    }

    /// Takes back the last move; refused in a game of hidden information
    /// (as in `plateau serve`'s seats).
    fn undo(&self) -> PyResult<bool> {
        if self.hidden() {
            return Err(self.refuse("undo"));
        }
        Ok(self.state.get().undo())
    }

    fn __repr__(&self) -> String {
        format!(
            "<plateau.Seat of {} at {}>",
            self.player_name(),
            self.state.get().__repr__()
        )
    }

    fn __str__(&self) -> String {
        self.render()
    }
}
