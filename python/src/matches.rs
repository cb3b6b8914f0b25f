//! The Python class `Match`: one game with its seats (people, agents,
//! empty), driven through the match layer [`plateau::matches`], which
//! keeps the turns, the agents, undo, draws, resignations and what each
//! seat may see. This file only translates Python calls into Match calls.

use crate::convert::{json_text, to_py};
use crate::errors::match_error;
use crate::objects::{f32_array, mask_array, outcome_dict, registry, Game, Rules, State};
use plateau::matches::{self, Client, MatchOptions, MoveRef, Occupant};
use plateau::{Player, RulesSpec};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde::Serialize;
use std::sync::{Arc, Mutex, MutexGuard};

/// A value as the Python object `json.loads` would give for its JSON.
fn py_json<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(value)
        .map_err(|e| PyValueError::new_err(format!("cannot convert to JSON: {e}")))?;
    to_py(py, &value)
}

/// Whether a seat's text is an agent spec: it has options (`name:...`)
/// or it is the name of one of Plateau's agents.
fn is_agent_spec(text: &str) -> bool {
    text.contains(':')
        || plateau::ai::AGENT_NAMES
            .iter()
            .any(|a| a.eq_ignore_ascii_case(text.trim()))
}

/// One seat as Python gives it: None (empty), `"human"` (a person named
/// after the player), an agent spec (an agent's name, or any text with a
/// `:`), or any other text (a person's name).
fn occupant(obj: &Bound<'_, PyAny>, player_name: &str) -> PyResult<Occupant> {
    if obj.is_none() {
        return Ok(Occupant::Empty);
    }
    let text: String = obj.extract().map_err(|_| {
        PyTypeError::new_err("a seat is None (empty), \"human\", a person's name or an agent spec")
    })?;
    let text = text.trim();
    Ok(if text.eq_ignore_ascii_case("human") {
        Occupant::person(player_name)
    } else if is_agent_spec(text) {
        Occupant::agent(text)
    } else {
        Occupant::person(text)
    })
}

/// One game in progress with its seats, driven through Plateau's match
/// layer (the same rules of turns, undo, draws and hidden information as
/// the terminal, the web server and `plateau serve`). See the stubs
/// (`plateau/_plateau.pyi`) for each method.
#[pyclass(module = "plateau", frozen, name = "Match")]
pub struct PyMatch {
    rules: Arc<Rules>,
    inner: Mutex<matches::Match>,
}

impl PyMatch {
    fn lock(&self) -> MutexGuard<'_, matches::Match> {
        // Every Match call checks its input before it changes anything.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A client given as Python gives it: a player (number or name under
    /// the rules), the name of a person seated, or "referee", "spectator",
    /// "hotseat"; None is `default`.
    fn client(&self, obj: Option<&Bound<'_, PyAny>>, default: Client) -> PyResult<Client> {
        let Some(obj) = obj.filter(|o| !o.is_none()) else {
            return Ok(default);
        };
        if let Ok(s) = obj.cast::<PyString>() {
            match s.to_str()?.trim().to_ascii_lowercase().as_str() {
                "referee" => return Ok(Client::Referee),
                "spectator" => return Ok(Client::Spectator),
                "hotseat" => return Ok(Client::HotSeat),
                name => {
                    let occupants = self.lock().occupants();
                    let person = occupants.iter().position(|o| {
                        matches!(o, Occupant::Person { name: n } if n.trim().eq_ignore_ascii_case(name))
                    });
                    if let Some(i) = person {
                        return Ok(Client::Seat(Player(i as u8)));
                    }
                }
            }
        }
        Ok(Client::Seat(self.rules.player(obj)?))
    }

    /// The learning interface's id of `action` as a move of this position.
    fn action_text(&self, action: usize) -> PyResult<String> {
        self.rules
            .action_notation(self.lock().session(), action, |message| {
                crate::errors::IllegalMoveError::new_err(format!("illegal move: {message}"))
            })
    }

    /// Runs `act` for `seat` on the match; a refusal raises `MatchError`.
    fn seat_act<T>(
        &self,
        py: Python<'_>,
        seat: &Bound<'_, PyAny>,
        act: impl FnOnce(&mut matches::Match, Client) -> Result<T, matches::MatchError>,
    ) -> PyResult<T> {
        let client = self.client(Some(seat), Client::Spectator)?;
        let result = act(&mut self.lock(), client);
        result.map_err(|e| match_error(py, e))
    }

    fn played<'py>(
        &self,
        py: Python<'py>,
        client: Client,
        mv: MoveRef,
    ) -> PyResult<Bound<'py, PyAny>> {
        let report = self.lock().play(client, mv);
        py_json(py, &report.map_err(|e| match_error(py, e))?)
    }
}

#[pymethods]
impl PyMatch {
    /// A new match of `game` (an id, or a loaded `Game`) from the start
    /// position of `seed`, one seat per player: None (empty), "human" (a
    /// person named after the player), a person's name, or an agent spec
    /// (an agent's name, or any text with a `:`; checked now: `AgentError`, a ValueError, names the seat and the
    /// option). Agents are seeded from `agent_seed` (seat i: agent_seed +
    /// i), or from the operating system when None.
    #[new]
    #[pyo3(signature = (game, seats = None, seed = 0, variant = None, agent_seed = None))]
    fn new(
        game: &Bound<'_, PyAny>,
        seats: Option<&Bound<'_, PyAny>>,
        seed: u64,
        variant: Option<String>,
        agent_seed: Option<u64>,
    ) -> PyResult<PyMatch> {
        let py = game.py();
        let rules = if let Ok(g) = game.cast::<Game>() {
            if variant.is_some() {
                return Err(PyValueError::new_err(
                    "a variant is given with a game id, not with a loaded Game",
                ));
            }
            g.get().rules.clone()
        } else if let Ok(id) = game.extract::<String>() {
            let entry = registry()
                .find(&id)
                .map_err(crate::errors::RulesError::new_err)?;
            let spec = RulesSpec {
                variant,
                ..RulesSpec::default()
            };
            Rules::new(entry.load(&spec).map_err(crate::errors::rules_error)?)
        } else {
            return Err(PyTypeError::new_err(
                "a match's game is a game id (str) or a loaded plateau.Game",
            ));
        };
        let names: Vec<String> = (0..rules.game.num_players())
            .map(|i| rules.game.player_name(Player(i as u8)))
            .collect();
        let occupants = match seats {
            None => names.iter().map(|n| Occupant::person(n.as_str())).collect(),
            Some(seats) => {
                let mut occupants = Vec::new();
                for (i, seat) in seats.try_iter()?.enumerate() {
                    let name = names.get(i).map_or("", String::as_str);
                    occupants.push(occupant(&seat?, name)?);
                }
                occupants
            }
        };
        // The match owns its own copy of the rules.
        let reloaded = registry()
            .find(rules.game.id())
            .map_err(crate::errors::RulesError::new_err)?
            .load_params(rules.game.variant(), &rules.game.params_json())
            .map_err(crate::errors::rules_error)?;
        let options = MatchOptions {
            hotseat: true,
            agent_seed,
            ..MatchOptions::default()
        };
        let inner = matches::Match::new(reloaded, seed, occupants, options)
            .map_err(|e| match_error(py, e))?;
        Ok(PyMatch {
            rules,
            inner: Mutex::new(inner),
        })
    }

    /// The rules of this match.
    #[getter]
    fn game(&self) -> Game {
        Game {
            rules: self.rules.clone(),
        }
    }

    /// Each seat as everyone may know it: dicts of `player`, `player_name`,
    /// `occupant` (`kind` person/agent/empty, with `name` or `spec`) and
    /// `thinking`.
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py_json(py, &self.lock().view(Client::Spectator).seats)
    }

    /// Whose turn it is or how the game ended, in words.
    #[getter]
    fn status(&self) -> String {
        self.lock().view(Client::Spectator).status
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.lock().status().is_over()
    }

    /// How the game ended (as `State.outcome`), or None while it goes on.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        match self.lock().status() {
            plateau::Status::Over(o) => Ok(Some(outcome_dict(py, &self.rules, &o)?)),
            plateau::Status::ToMove(_) => Ok(None),
        }
    }

    /// The player to move, or None when the game is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.lock().status().to_move().map(|p| p.0)
    }

    /// The number of moves played.
    #[getter]
    fn num_moves(&self) -> usize {
        self.lock().moves_played()
    }

    /// A number that changes with every change of the match.
    #[getter]
    fn version(&self) -> u64 {
        self.lock().version()
    }

    /// Plays a move (notation, or an index into `legal_moves`) for the seat
    /// `as_` (a player number or name, "referee" for whoever is to move;
    /// None: the person seat to move). Returns what the move did as that
    /// seat may know it (`ply`, `mover`, `notation`, `description`,
    /// `outcome`, `seq`). Another seat's turn raises `MatchError` with kind
    /// `not_your_turn`; a bad move `IllegalMoveError`.
    #[pyo3(signature = (mv, as_ = None))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        mv: &Bound<'_, PyAny>,
        as_: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let client = self.client(as_, Client::HotSeat)?;
        let mv = if let Ok(text) = mv.cast::<PyString>() {
            MoveRef::Text(text.to_str()?.to_string())
        } else if let Ok(index) = mv.extract::<usize>() {
            MoveRef::Index(index)
        } else {
            return Err(PyTypeError::new_err(
                "a move is its notation (str) or its index in legal_moves (int)",
            ));
        };
        self.played(py, client, mv)
    }

    /// Plays the move of an action id (the learning interface's, as
    /// `State.play_id`) for the seat `as_` (None: the person seat to move).
    #[pyo3(signature = (action, as_ = None))]
    fn play_id<'py>(
        &self,
        py: Python<'py>,
        action: usize,
        as_: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let client = self.client(as_, Client::HotSeat)?;
        let text = self.action_text(action)?;
        self.played(py, client, MoveRef::Text(text))
    }

    /// The legal moves of `seat` (None: the person seat to move) in
    /// notation, on its turn; an empty list otherwise.
    #[pyo3(signature = (seat = None))]
    fn legal_moves(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
        let client = self.client(seat, Client::HotSeat)?;
        Ok(self.lock().view(client).legal_moves)
    }

    /// The legal action ids of `seat` on its turn; an empty list otherwise.
    #[pyo3(signature = (seat = None))]
    fn legal_action_ids(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<usize>> {
        let client = self.client(seat, Client::HotSeat)?;
        let learning = self.rules.learning()?;
        let game = self.lock();
        let mut ids = Vec::new();
        if game.view(client).your_turn {
            learning.legal_action_ids(game.session(), &mut ids);
        }
        Ok(ids)
    }

    /// The legal action mask of `seat` (all zeros when it is not its turn).
    #[pyo3(signature = (seat = None))]
    fn legal_action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let ids = self.legal_action_ids(seat)?;
        let n = self
            .rules
            .learning()?
            .num_distinct_actions(&*self.rules.game);
        mask_array(py, n, &ids)
    }

    /// What the player of `seat` (number or name) sees, as a float32 NumPy
    /// array of the game's `observation_shape`, from its view only.
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let player = self.rules.player(seat)?;
        let learning = self.rules.learning()?;
        let shape = learning.observation_shape(&*self.rules.game);
        let mut out = vec![0.0f32; shape.iter().product()];
        learning.observation(self.lock().session(), player, &mut out);
        f32_array(py, &out, &shape)
    }

    /// Plays the agents' seats until a person (or an empty seat) is to move
    /// or the game is over; the GIL is released while each agent thinks.
    /// Returns each move as anyone watching may know it.
    fn play_agents<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let reports = PyList::empty(py);
        loop {
            let turn = self.lock().take_agent_turn();
            let Some(mut turn) = turn else { break };
            let turn = py.detach(move || {
                turn.think();
                turn
            });
            let report = self.lock().finish_agent_turn(turn);
            if let Some(report) = report.map_err(|e| match_error(py, e))? {
                reports.append(py_json(py, &report)?)?;
            }
            py.check_signals()?;
        }
        Ok(reports)
    }

    /// Asks to take moves back for `seat`: against agents at once (the
    /// agent's reply and the seat's move), between people only when the
    /// other accepts (`answer_undo`). Returns `{"result": "done"|"pending",
    /// "plies": n}`; a refusal raises `MatchError` (kind `undo_refused`).
    fn request_undo<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let outcome = self.seat_act(py, seat, |game, client| game.request_undo(client))?;
        py_json(py, &outcome)
    }

    /// `seat` answers the pending undo request.
    fn answer_undo<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
        accept: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let outcome = self.seat_act(py, seat, |game, client| game.answer_undo(client, accept))?;
        py_json(py, &outcome)
    }

    /// `seat` offers a draw: "agreed", "pending" or "declined".
    fn offer_draw<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let outcome = self.seat_act(py, seat, |game, client| game.offer_draw(client))?;
        py_json(py, &outcome)
    }

    /// `seat` answers the pending draw offer: "agreed", "pending" or
    /// "declined".
    fn answer_draw<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
        accept: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let outcome = self.seat_act(py, seat, |game, client| game.answer_draw(client, accept))?;
        py_json(py, &outcome)
    }

    /// `seat` resigns; returns the outcome (as `outcome`).
    fn resign<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let outcome = self.seat_act(py, seat, |game, client| game.resign(client))?;
        outcome_dict(py, &self.rules, &outcome)
    }

    /// What `seat` may know now, as a dict (the match layer's ClientView:
    /// status, board, text, legal moves on its turn, last move, pending
    /// requests, seats). None or "spectator": the public view; "referee":
    /// everything.
    #[pyo3(signature = (seat = None))]
    fn view<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let client = self.client(seat, Client::Spectator)?;
        py_json(py, &self.lock().view(client))
    }

    /// The events after sequence number `seq` as `seat` may know them:
    /// `{"kind": "events", "events": [...]}`, or `{"kind": "resync",
    /// "latest": n}` when `seq` is older than the log.
    #[pyo3(signature = (seat = None, seq = 0))]
    fn events_since<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
        seq: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let client = self.client(seat, Client::Spectator)?;
        py_json(py, &self.lock().events_since(client, seq))
    }

    /// The game record with its players (dict; `json.dumps` gives the file
    /// text), as `seat` may read it: None is the referee (the owner of the
    /// match). In a game of hidden information a seat is refused.
    #[pyo3(signature = (seat = None))]
    fn record<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let client = self.client(seat, Client::Referee)?;
        let record = self.lock().record(client);
        py_json(py, &record.map_err(|e| match_error(py, e))?)
    }

    /// The game record as JSON text (see `record`).
    #[pyo3(signature = (seat = None))]
    fn record_json(&self, py: Python<'_>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        json_text(&self.record(py, seat)?)
    }

    /// A move suggested to `seat` for its own turn by a fresh agent of
    /// `spec`, from the seat's view only (the GIL released while it
    /// thinks): a dict as `Agent.analyse` gives.
    #[pyo3(signature = (seat, spec = "ai"))]
    fn hint<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
        spec: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let client = self.client(Some(seat), Client::Spectator)?;
        let job = self.lock().hint_job(client, spec);
        let job = job.map_err(|e| match_error(py, e))?;
        let player = job.seat();
        let choice = py.detach(move || job.run()).ok_or_else(|| {
            let e = plateau::MatchError::AgentFailed {
                seat: self.rules.game.player_name(player),
                spec: spec.trim().to_string(),
                reason: None,
            };
            match_error(py, e)
        })?;
        crate::ai::choice_dict(py, &choice)
    }

    /// A copy of the whole state (every secret: the owner's, not a
    /// player's), as a `State` that does not follow the match.
    fn state(&self) -> State {
        State::new(self.rules.clone(), self.lock().session().clone_box())
    }

    fn __repr__(&self) -> String {
        let game = self.lock();
        format!(
            "<plateau.Match {} ({}) after {} moves: {}>",
            self.rules.game.id(),
            self.rules.game.variant(),
            game.moves_played(),
            game.view(Client::Spectator).status
        )
    }
}

/// Adds the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMatch>()?;
    Ok(())
}
