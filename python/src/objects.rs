//! The Python classes `Game` and `State` (`Seat` in seat.rs), and the module functions
//! `games`, `load` and `load_record`.

use crate::convert::{json_text, to_py};
use crate::errors::{play_error, record_error, rules_error, PlateauError, RulesError};
use crate::playouts::Playouts;
pub(crate) use crate::seat::Seat;
use plateau::learning::DynLearning;
use plateau::{DynGame, DynSession, GameRecord, Outcome, Player, Registry, RulesSpec, Status};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList, PyString};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The registry of every game that ships with Plateau.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(plateau_games::default_registry)
}

/// Loaded rules and the game's learning interface, shared by a `Game` and
/// its states.
pub struct Rules {
    pub(crate) game: Box<dyn DynGame>,
    pub(crate) learning: Option<&'static dyn DynLearning>,
}

impl Rules {
    /// The rules of a loaded game, with its learning interface.
    pub(crate) fn new(game: Box<dyn DynGame>) -> Arc<Rules> {
        let learning = registry().learning(game.id());
        Arc::new(Rules { game, learning })
    }

    /// The game's learning interface, or an error saying it has none.
    pub(crate) fn learning(&self) -> PyResult<&'static dyn DynLearning> {
        self.learning.ok_or_else(|| {
            PlateauError::new_err(format!(
                "{} has no action space or observation tensor",
                self.game.id()
            ))
        })
    }

    /// The notation of the move action id `action` names in `session`
    /// (legal or not); an id that names none raises `refuse` of a message
    /// giving the game's ids.
    pub(crate) fn action_notation(
        &self,
        session: &dyn DynSession,
        action: usize,
        refuse: impl FnOnce(String) -> PyErr,
    ) -> PyResult<String> {
        let learning = self.learning()?;
        learning.action_notation(session, action).ok_or_else(|| {
            refuse(format!(
                "no action {action}: ids are 0 to {}",
                learning.num_distinct_actions(&*self.game).saturating_sub(1)
            ))
        })
    }

    /// A player given as a number or a name.
    pub(crate) fn player(&self, obj: &Bound<'_, PyAny>) -> PyResult<Player> {
        let n = self.game.num_players();
        if let Ok(i) = obj.extract::<i64>() {
            if (0..n as i64).contains(&i) {
                return Ok(Player(i as u8));
            }
            return Err(PyIndexError::new_err(format!(
                "no player {i}: players are 0 to {}",
                n - 1
            )));
        }
        if let Ok(name) = obj.extract::<String>() {
            return (0..n)
                .map(|i| Player(i as u8))
                .find(|p| self.game.player_name(*p).eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| {
                    PlateauError::new_err(format!(
                        "no player '{}'; players: {}",
                        plateau::escape_controls(&name),
                        self.player_names().join(", ")
                    ))
                });
        }
        Err(PyTypeError::new_err(
            "a player is a number (0, 1, ...) or a name",
        ))
    }

    fn player_names(&self) -> Vec<String> {
        (0..self.game.num_players())
            .map(|i| self.game.player_name(Player(i as u8)))
            .collect()
    }
}

/// An outcome as a dict: `winner` (player number or None), `winner_name`,
/// `reason`, `scores` (list or None), `capped`.
pub(crate) fn outcome_dict<'py>(
    py: Python<'py>,
    rules: &Rules,
    outcome: &Outcome,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("winner", outcome.winner.map(|p| p.0))?;
    d.set_item(
        "winner_name",
        outcome.winner.map(|p| rules.game.player_name(p)),
    )?;
    d.set_item("reason", outcome.reason.as_ref())?;
    d.set_item("scores", outcome.scores.clone())?;
    d.set_item("capped", outcome.capped)?;
    Ok(d)
}

/// Float32 values as a NumPy array of `shape`.
pub(crate) fn f32_array<'py>(
    py: Python<'py>,
    values: &[f32],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    let buffer = PyByteArray::new(py, &bytes);
    let numpy = py.import("numpy")?;
    numpy
        .call_method1("frombuffer", (buffer, numpy.getattr("float32")?))?
        .call_method1("reshape", (shape.to_vec(),))
}

/// An int8 NumPy mask of `n` entries, 1 at `ids`.
pub(crate) fn mask_array<'py>(
    py: Python<'py>,
    n: usize,
    ids: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let mut bytes = vec![0u8; n];
    for &id in ids {
        if id < n {
            bytes[id] = 1;
        }
    }
    let buffer = PyByteArray::new(py, &bytes);
    let numpy = py.import("numpy")?;
    numpy.call_method1("frombuffer", (buffer, numpy.getattr("int8")?))
}

/// A game with loaded rules: the start of every `State`.
#[pyclass(module = "plateau", frozen)]
pub struct Game {
    pub(crate) rules: Arc<Rules>,
}

#[pymethods]
impl Game {
    /// The game's identifier, e.g. `"hus"`.
    #[getter]
    fn id(&self) -> &'static str {
        self.rules.game.id()
    }

    /// The game's display name.
    #[getter]
    fn name(&self) -> &'static str {
        self.rules.game.name()
    }

    /// The variant the rules came from.
    #[getter]
    fn variant(&self) -> String {
        self.rules.game.variant().to_string()
    }

    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.rules.game.num_players()
    }

    /// The players' names, by player number.
    #[getter]
    fn player_names(&self) -> Vec<String> {
        self.rules.player_names()
    }

    /// Whether players' views hide part of the state.
    #[getter]
    fn hidden_information(&self) -> bool {
        registry()
            .get(self.rules.game.id())
            .is_some_and(|e| e.hidden_information())
    }

    /// The rules parameters, as a dict.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.rules.game.params_json())
    }

    /// The rules as a TOML file (loadable with `plateau.load(game, rules=...)`).
    #[getter]
    fn params_toml(&self) -> String {
        self.rules.game.params_toml()
    }

    /// A text summary of the rules.
    #[getter]
    fn summary(&self) -> String {
        self.rules.game.summary()
    }

    /// The rules for players in full (Markdown, docs/rules/<game>.md), every
    /// rule numbered as the error messages cite it; None for a game without.
    #[getter]
    fn rules_text(&self) -> Option<&'static str> {
        self.rules.game.rules_text()
    }

    /// The number of distinct action ids (0 to n-1) of the action space.
    #[getter]
    fn num_distinct_actions(&self) -> PyResult<usize> {
        Ok(self
            .rules
            .learning()?
            .num_distinct_actions(&*self.rules.game))
    }

    /// The shape of `State.observation_tensor(player)`.
    #[getter]
    fn observation_shape(&self) -> PyResult<Vec<usize>> {
        Ok(self.rules.learning()?.observation_shape(&*self.rules.game))
    }

    /// What each plane or block of the observation tensor means.
    #[getter]
    fn observation_layout(&self) -> PyResult<Vec<String>> {
        Ok(self.rules.learning()?.observation_layout(&*self.rules.game))
    }

    /// A name of an action id that holds in every position: its notation
    /// where ids do not depend on the position (Hus, Oware from South's
    /// side, Stratego), a description relative to the frame in Quinque
    /// (use `State.action_to_string` for a position's notation).
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        self.rules
            .learning()?
            .action_name(&*self.rules.game, action)
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "no action {action}: ids are 0 to {}",
                    self.num_distinct_actions().unwrap_or(0).saturating_sub(1)
                ))
            })
    }

    /// A new game from the start position of `seed` (everything random in
    /// the start, such as who begins, comes from it).
    #[pyo3(name = "new", signature = (seed = 0))]
    fn new_state(&self, seed: u64) -> State {
        State::new(self.rules.clone(), self.rules.game.new_session(seed))
    }

    /// Replays a game record of this game (JSON text or dict, as
    /// `State.record()` gives) and returns its position.
    #[pyo3(name = "from_record")]
    fn replay_record(&self, record: &Bound<'_, PyAny>) -> PyResult<State> {
        let record = read_record(record)?;
        if !record.game.eq_ignore_ascii_case(self.rules.game.id()) {
            return Err(crate::errors::RecordError::new_err(format!(
                "the record is of '{}', not of {}",
                plateau::escape_controls(&record.game),
                self.rules.game.id()
            )));
        }
        load_record_value(&record)
    }

    /// Plays `n` uniformly random games natively (without holding the GIL),
    /// the games of seeds `seed`, `seed + 1`, ...; a game still going after
    /// `max_plies` moves (0: no limit) is a capped draw. Returns a
    /// `Playouts`: a sequence of outcome dicts (as `State.outcome`), made
    /// when read, with the winners, lengths and scores as NumPy arrays.
    #[pyo3(signature = (n, seed = 0, max_plies = 0))]
    fn playouts(
        &self,
        py: Python<'_>,
        n: usize,
        seed: u64,
        max_plies: usize,
    ) -> PyResult<Playouts> {
        // In chunks, the GIL released for each, so that Ctrl-C is seen
        // between them: the same games as one call (game `i` is always the
        // game of seed `seed + i`).
        const CHUNK: usize = 4096;
        let mut games = Vec::with_capacity(n);
        while games.len() < n {
            let count = CHUNK.min(n - games.len());
            let start = seed.wrapping_add(games.len() as u64);
            let rules = &self.rules;
            games.extend(py.detach(|| rules.game.playouts(count, start, max_plies)));
            py.check_signals()?;
        }
        Ok(Playouts {
            games,
            player_names: self.rules.player_names(),
            seed,
        })
    }

    /// Times `n` uniformly random games natively (as `plateau bench`) and
    /// returns the figures: games, plies, seconds, plies_per_second, capped,
    /// results (wins by player, draws last), mean_legal_moves.
    #[pyo3(signature = (n, seed = 0, max_plies = 0))]
    fn bench<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        seed: u64,
        max_plies: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let rules = self.rules.clone();
        let report = py.detach(move || rules.game.bench(n, seed, max_plies));
        let d = PyDict::new(py);
        d.set_item("games", report.games)?;
        d.set_item("plies", report.plies)?;
        d.set_item("seconds", report.seconds)?;
        d.set_item("plies_per_second", report.plies_per_second())?;
        d.set_item("games_per_second", report.games_per_second())?;
        d.set_item("capped", report.capped)?;
        d.set_item("results", report.results.clone())?;
        d.set_item("mean_legal_moves", report.mean_legal_moves)?;
        Ok(d)
    }

    /// Pickling: the game's id, variant and full parameters.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, String, String))> {
        let f = py.import("plateau._plateau")?.getattr("_load_params")?;
        Ok((
            f,
            (
                self.rules.game.id().to_string(),
                self.rules.game.variant().to_string(),
                self.rules.game.params_json().to_string(),
            ),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "plateau.load({:?}, variant={:?})",
            self.rules.game.id(),
            self.rules.game.variant()
        )
    }
}

/// A game in progress, with the whole state: every player's secrets, undo
/// and the record. Hand a player's code `state.seat(player)` instead in a
/// game of hidden information.
#[pyclass(module = "plateau", frozen)]
pub struct State {
    pub(crate) rules: Arc<Rules>,
    pub(crate) session: Mutex<Box<dyn DynSession>>,
}

impl State {
    pub(crate) fn new(rules: Arc<Rules>, session: Box<dyn DynSession>) -> State {
        State {
            rules,
            session: Mutex::new(session),
        }
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, Box<dyn DynSession>> {
        // A panic while locked leaves a usable session: every call checks
        // its input before it changes anything.
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn to_move_of(session: &dyn DynSession) -> Option<Player> {
        session.status().to_move()
    }

    pub(crate) fn legal_ids(&self, session: &dyn DynSession) -> PyResult<Vec<usize>> {
        let mut ids = Vec::new();
        self.rules.learning()?.legal_action_ids(session, &mut ids);
        Ok(ids)
    }

    pub(crate) fn play_any(
        &self,
        session: &mut dyn DynSession,
        mv: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        if let Ok(text) = mv.cast::<PyString>() {
            return session.play(text.to_str()?).map_err(play_error);
        }
        if let Ok(id) = mv.extract::<usize>() {
            return self
                .rules
                .learning()?
                .play_id(session, id)
                .map_err(play_error);
        }
        Err(PyTypeError::new_err(
            "a move is its notation (str) or an action id (int)",
        ))
    }

    pub(crate) fn observation<'py>(
        &self,
        py: Python<'py>,
        session: &dyn DynSession,
        player: Player,
    ) -> PyResult<Bound<'py, PyAny>> {
        let learning = self.rules.learning()?;
        let shape = learning.observation_shape(&*self.rules.game);
        let mut out = vec![0.0f32; shape.iter().product()];
        learning.observation(session, player, &mut out);
        f32_array(py, &out, &shape)
    }

    fn outcome_of<'py>(
        &self,
        py: Python<'py>,
        session: &dyn DynSession,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        match session.status() {
            Status::Over(o) => Ok(Some(outcome_dict(py, &self.rules, &o)?)),
            Status::ToMove(_) => Ok(None),
        }
    }

    fn status_text(&self, session: &dyn DynSession) -> String {
        match session.status() {
            Status::ToMove(p) => format!("{} to move", self.rules.game.player_name(p)),
            Status::Over(_) => session.describe_status(),
        }
    }
}

#[pymethods]
impl State {
    /// The rules of this game.
    #[getter]
    pub(crate) fn game(&self) -> Game {
        Game {
            rules: self.rules.clone(),
        }
    }

    /// The player to move (a number), or None when the game is over.
    #[getter]
    pub(crate) fn to_move(&self) -> Option<u8> {
        Self::to_move_of(&**self.lock()).map(|p| p.0)
    }

    /// The player to move, OpenSpiel's way: a number, or -4 (terminal)
    /// when the game is over.
    fn current_player(&self) -> i32 {
        Self::to_move_of(&**self.lock()).map_or(-4, |p| i32::from(p.0))
    }

    /// Whose turn it is or how the game ended, in words.
    #[getter]
    pub(crate) fn status(&self) -> String {
        self.status_text(&**self.lock())
    }

    /// Whether the game is over.
    #[getter]
    pub(crate) fn is_over(&self) -> bool {
        self.lock().status().is_over()
    }

    /// How the game ended (a dict: winner, winner_name, reason, scores,
    /// capped), or None while it goes on.
    #[getter]
    pub(crate) fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.outcome_of(py, &**self.lock())
    }

    /// Each player's return in [-1, 1] (all zeros while the game goes on).
    #[getter]
    pub(crate) fn returns(&self) -> Vec<f64> {
        self.lock().returns()
    }

    /// The number of moves played.
    #[getter]
    pub(crate) fn num_moves(&self) -> usize {
        self.lock().num_moves()
    }

    /// Whether the legal moves can be listed (false in a free-form phase
    /// such as a Stratego setup: enter the move as text, see `move_hint`).
    #[getter]
    pub(crate) fn moves_enumerable(&self) -> bool {
        self.lock().moves_enumerable()
    }

    /// What to enter in a free-form phase, where the game says.
    #[getter]
    fn move_hint(&self) -> Option<String> {
        self.lock().move_hint()
    }

    /// The legal moves in notation.
    fn legal_moves(&self) -> Vec<String> {
        self.lock().legal_moves()
    }

    /// Plays a move given in notation (str) or as an action id (int).
    /// Raises IllegalMoveError, with nothing changed, if it is not legal.
    fn play(&self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut session = self.lock();
        self.play_any(&mut **session, mv)
    }

    /// Takes back the last move; False if there is none.
    pub(crate) fn undo(&self) -> bool {
        self.lock().undo()
    }

    /// The player resigns; the opponent wins.
    fn resign(&self, player: &Bound<'_, PyAny>) -> PyResult<()> {
        let p = self.rules.player(player)?;
        self.lock().resign(p);
        Ok(())
    }

    /// An independent copy of this state.
    pub(crate) fn clone(&self) -> State {
        State::new(self.rules.clone(), self.lock().clone_box())
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// A uniformly random legal move (notation) drawn from `seed`, or None
    /// when the game is over. Works in free-form phases too.
    fn random_move(&self, seed: u64) -> Option<String> {
        let mut rng = plateau::rng(seed);
        self.lock().random_move(&mut rng)
    }

    /// What `player` (number or name) sees, as a dict.
    fn view<'py>(&self, py: Python<'py>, player: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let p = self.rules.player(player)?;
        to_py(py, &self.lock().view_json(p))
    }

    /// The whole state as a dict (it shows every secret).
    pub(crate) fn state_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.lock().state_json())
    }

    /// The board as text: the whole state (no player), or what `player` sees.
    #[pyo3(signature = (player = None))]
    fn render(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let seat = player.map(|p| self.rules.player(p)).transpose()?;
        Ok(self.lock().render(seat))
    }

    /// What the last move did, as `player` may know it (no player: all of it).
    #[pyo3(signature = (player = None))]
    fn describe_last_move(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
        let seat = player.map(|p| self.rules.player(p)).transpose()?;
        Ok(self.lock().describe_last_move(seat))
    }

    /// The game record as a dict (`record_json()` gives the JSON text);
    /// `plateau.load_record` and `Game.from_record` read either back.
    pub(crate) fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let record = self.lock().record();
        let value = serde_json::to_value(&record).expect("a record always serializes");
        to_py(py, &value)
    }

    /// The game record as JSON text, as `plateau` files store it.
    fn record_json(&self) -> String {
        self.lock().record().to_json()
    }

    /// The ids of the legal moves (the action space's), in the order of
    /// `legal_moves()`.
    fn legal_action_ids(&self) -> PyResult<Vec<usize>> {
        self.legal_ids(&**self.lock())
    }

    /// OpenSpiel's name for `legal_action_ids`.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        self.legal_action_ids()
    }

    /// A NumPy int8 array of `num_distinct_actions` with 1 at the legal ids.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let ids = self.legal_ids(&**self.lock())?;
        let n = self
            .rules
            .learning()?
            .num_distinct_actions(&*self.rules.game);
        mask_array(py, n, &ids)
    }

    /// Plays the legal move with that action id.
    fn play_id(&self, action: usize) -> PyResult<()> {
        let learning = self.rules.learning()?;
        learning
            .play_id(&mut **self.lock(), action)
            .map_err(play_error)
    }

    /// OpenSpiel's name for `play_id`.
    fn apply_action(&self, action: usize) -> PyResult<()> {
        self.play_id(action)
    }

    /// The action id of a move given in notation in this position.
    fn action_id(&self, mv: &str) -> PyResult<usize> {
        self.rules
            .learning()?
            .action_id(&**self.lock(), mv)
            .map_err(play_error)
    }

    /// The notation of the move an action id names in this position
    /// (legal or not). Ids may depend on the position: Quinque's are
    /// relative to a frame around the formation, and Oware writes a house
    /// by the mover's side.
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        self.rules
            .action_notation(&**self.lock(), action, PyIndexError::new_err)
    }

    /// What `player` sees, as a float32 NumPy array of the game's
    /// `observation_shape` (see `Game.observation_layout`). It is written
    /// from the player's view only.
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = self.rules.player(player)?;
        self.observation(py, &**self.lock(), p)
    }

    /// The seat of `player` (number or name): an object that answers only
    /// what that player may know, to hand to that player's code.
    fn seat(slf: &Bound<'_, Self>, player: &Bound<'_, PyAny>) -> PyResult<Seat> {
        let p = slf.get().rules.player(player)?;
        Ok(Seat {
            state: slf.clone().unbind(),
            player: p,
        })
    }

    pub(crate) fn __repr__(&self) -> String {
        let s = self.lock();
        format!(
            "<plateau.State {} ({}) after {} moves: {}>",
            s.game_id(),
            s.variant(),
            s.num_moves(),
            self.status_text(&**s)
        )
    }

    fn __str__(&self) -> String {
        self.lock().render(None)
    }

    /// Pickling: the game record, replayed on unpickling.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let f = py.import("plateau._plateau")?.getattr("load_record")?;
        Ok((f, (self.record_json(),)))
    }
}

fn read_record(record: &Bound<'_, PyAny>) -> PyResult<GameRecord> {
    let text = if let Ok(s) = record.cast::<PyString>() {
        s.to_str()?.to_string()
    } else if record.cast::<PyDict>().is_ok() {
        json_text(record)?
    } else {
        return Err(PyTypeError::new_err(
            "a record is JSON text or a dict (as State.record() gives)",
        ));
    };
    GameRecord::from_json(&text).map_err(record_error)
}

fn load_record_value(record: &GameRecord) -> PyResult<State> {
    let registry = registry();
    let session = registry.load_record(record).map_err(record_error)?;
    let entry = registry
        .get(&record.game)
        .ok_or_else(|| crate::errors::RecordError::new_err("unknown game"))?;
    let game = entry
        .load_params(&record.variant, &record.params)
        .map_err(rules_error)?;
    Ok(State::new(Rules::new(game), session))
}

/// The games Plateau knows: a list of dicts with `id`, `name`,
/// `hidden_information`, `learning` (whether it has an action space and
/// observation tensor) and `variants` (dicts of `name` and `description`,
/// the default first).
#[pyfunction]
fn games<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for entry in registry().games() {
        let d = PyDict::new(py);
        d.set_item("id", entry.id())?;
        d.set_item("name", entry.name())?;
        d.set_item("hidden_information", entry.hidden_information())?;
        d.set_item("learning", registry().learning(entry.id()).is_some())?;
        let variants = PyList::empty(py);
        for v in entry.variants() {
            let vd = PyDict::new(py);
            vd.set_item("name", v.name)?;
            vd.set_item("description", v.description)?;
            variants.append(vd)?;
        }
        d.set_item("variants", variants)?;
        list.append(d)?;
    }
    Ok(list)
}

/// Loads the rules of a game: a shipped `variant` (None: the default), or
/// `rules`, a rules file's TOML text (or a path to one, as `os.PathLike`),
/// then the overrides in `set` (a dict of dotted key to value, as
/// `plateau --set key=value`). Raises RulesError naming what is wrong.
#[pyfunction]
#[pyo3(signature = (game, variant = None, set = None, rules = None))]
fn load(
    game: &str,
    variant: Option<String>,
    set: Option<&Bound<'_, PyDict>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Game> {
    let entry = registry().find(game).map_err(RulesError::new_err)?;
    let mut spec = RulesSpec {
        variant,
        ..RulesSpec::default()
    };
    if let Some(rules) = rules {
        spec.file = Some(if let Ok(text) = rules.cast::<PyString>() {
            ("rules".to_string(), text.to_str()?.to_string())
        } else {
            let path: std::path::PathBuf = rules.extract().map_err(|_| {
                PyTypeError::new_err("rules is TOML text (str) or a path (os.PathLike)")
            })?;
            let text = std::fs::read_to_string(&path).map_err(|e| {
                RulesError::new_err(format!("cannot read rules file {}: {e}", path.display()))
            })?;
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            );
            (name, text)
        });
    }
    if let Some(set) = set {
        for (key, value) in set.iter() {
            let key: String = key
                .extract()
                .map_err(|_| PyTypeError::new_err("the keys of set are dotted parameter names"))?;
            let text = match value.cast::<PyString>() {
                Ok(s) => s.to_str()?.to_string(),
                Err(_) => json_text(&value)?,
            };
            spec.overrides.push((key, text));
        }
    }
    let loaded = entry.load(&spec).map_err(rules_error)?;
    Ok(Game {
        rules: Rules::new(loaded),
    })
}

/// Replays a game record of any game (JSON text or a dict) and returns its
/// position. Raises RecordError naming the move or field that is wrong.
#[pyfunction]
fn load_record(record: &Bound<'_, PyAny>) -> PyResult<State> {
    load_record_value(&read_record(record)?)
}

/// How well `agent` predicts the moves of a recorded game, as `plateau
/// predict` does: at each ply whose moves can be listed, the agent's
/// choice from the mover's view only, whether it is the move played
/// (`top1`), whether the move played is among its three best (`top3`),
/// and the probability it gave the move played where it counts visits
/// (MCTS, PIMC). Returns a dict: `plies` (one dict a ply) and `summary`
/// (`opening`, `middle`, `ending`, `all`: positions, top1, top3,
/// log_likelihood). The search runs without the GIL.
#[pyfunction]
#[pyo3(signature = (record, agent = "ai", time_ms = None, seed = 0, opening = 20, ending = 50))]
fn predict<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    agent: &str,
    time_ms: Option<u64>,
    seed: u64,
    opening: usize,
    ending: usize,
) -> PyResult<Bound<'py, PyAny>> {
    use plateau::prediction::{predict, PredictError, PredictOptions, Summary};
    let record = read_record(record)?;
    let options = PredictOptions {
        agent: agent.to_string(),
        time: time_ms.map(std::time::Duration::from_millis),
        seed,
        opening,
        ending,
    };
    let result = py.detach(move || predict(registry(), &record, &options));
    let game = result.map_err(|e| match e {
        PredictError::Record(e) => record_error(e),
        PredictError::Agent(e) => crate::errors::AgentError::new_err(e.to_string()),
    })?;
    let summary = Summary::of(std::slice::from_ref(&game));
    let value = serde_json::json!({"game": game.game, "agent": game.agent,
                                   "plies": game.plies, "summary": summary});
    to_py(py, &value)
}

/// Analyses a recorded game move by move, as `plateau analyse` does: each
/// position's value for its mover, the agent's best move, and each move's
/// loss and mark (`inaccuracy`, `mistake`, `blunder`). A game of hidden
/// information is analysed from `seat`'s view only (a player's name or
/// number, required there). `time_ms` caps every search. Returns the
/// analysis as a dict (`plies`: one dict a ply). Raises RecordError for a
/// bad record, AgentError for a bad spec, ValueError for a missing or
/// unknown seat. The search runs without the GIL.
#[pyfunction]
#[pyo3(signature = (record, agent = "ai", seat = None, time_ms = None, seed = 0))]
fn analyse<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    agent: &str,
    seat: Option<&Bound<'py, PyAny>>,
    time_ms: Option<u64>,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    use plateau::analysis::{analyse, AnalysisError, AnalysisOptions};
    let record = read_record(record)?;
    let session = registry().load_record(&record).map_err(record_error)?;
    let seat = match seat {
        None => None,
        Some(s) => Some(if let Ok(n) = s.extract::<u8>() {
            if usize::from(n) >= session.num_players() {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "seat {n}: the game has {} players",
                    session.num_players()
                )));
            }
            Player(n)
        } else {
            let name: String = s.extract()?;
            session.find_player(&name).ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(format!("seat '{name}': no such player"))
            })?
        }),
    };
    let options = AnalysisOptions {
        agent: agent.to_string(),
        time: time_ms.map(std::time::Duration::from_millis),
        seat,
        seed,
    };
    let result = py.detach(move || analyse(registry(), &record, &options, &|_, _| {}));
    let analysis = result.map_err(|e| match e {
        AnalysisError::Record(e) => record_error(e),
        AnalysisError::Agent(e) => crate::errors::AgentError::new_err(e.to_string()),
        e @ AnalysisError::SeatNeeded { .. } => {
            pyo3::exceptions::PyValueError::new_err(e.to_string())
        }
    })?;
    let value = serde_json::to_value(&analysis)
        .map_err(|e| PlateauError::new_err(format!("the analysis cannot be written: {e}")))?;
    to_py(py, &value)
}

/// Rules from a game's id, variant name and full parameters as JSON text
/// (what pickling a `Game` stores).
#[pyfunction]
fn _load_params(game: &str, variant: &str, params: &str) -> PyResult<Game> {
    let entry = registry().find(game).map_err(RulesError::new_err)?;
    let params: serde_json::Value =
        serde_json::from_str(params).map_err(|e| RulesError::new_err(e.to_string()))?;
    let loaded = entry.load_params(variant, &params).map_err(rules_error)?;
    Ok(Game {
        rules: Rules::new(loaded),
    })
}

/// Adds the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<Seat>()?;
    m.add_class::<Playouts>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(load_record, m)?)?;
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    m.add_function(wrap_pyfunction!(predict, m)?)?;
    m.add_function(wrap_pyfunction!(_load_params, m)?)?;
    Ok(())
}
