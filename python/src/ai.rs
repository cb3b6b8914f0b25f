//! Agents (`plateau.agent`, `plateau.agents`) and the arena
//! (`plateau.arena`, `plateau.arena_merge`), through the registry's bridge.

use crate::convert::{json_text, to_py};
use crate::errors::{AgentError, IllegalMoveError, PlateauError};
use crate::objects::{Game, Seat, State};
use plateau::ai::arena::{ArenaConfig, ArenaError};
use plateau::ai::report::{self, ArenaReport, Shard};
use plateau::ai::SpecError;
use plateau::registry::DynAgent;
use plateau::{DynSession, Status};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::sync::Mutex;

/// The agent built for one game's rules, with what identifies those rules.
struct Built {
    rules_key: String,
    agent: Box<dyn DynAgent>,
}

/// An agent of a spec string (`random`, `greedy`, `mcts:time=100ms`,
/// `alphabeta:depth=4`, `ismcts:iters=2000`, `ai`, ...; `plateau.agents(game)`
/// lists them). It chooses for the player to move from that player's view
/// only, so it may be given a `State` or that player's `Seat`.
#[pyclass(module = "plateau", frozen)]
pub struct Agent {
    spec: String,
    seed: u64,
    built: Mutex<Option<Built>>,
}

fn rules_key(game: &dyn plateau::DynGame) -> String {
    format!("{}\n{}", game.id(), game.params_json())
}

impl Agent {
    fn build(&self, game: &dyn plateau::DynGame) -> PyResult<Built> {
        let agent = game
            .agent(&self.spec, self.seed)
            .map_err(|e| AgentError::new_err(e.to_string()))?;
        Ok(Built {
            rules_key: rules_key(game),
            agent,
        })
    }

    /// The session to choose in and the game's rules, from a State or a Seat
    /// (a seat only on its own turn).
    fn target(
        &self,
        target: &Bound<'_, PyAny>,
    ) -> PyResult<(Box<dyn DynSession>, std::sync::Arc<crate::objects::Rules>)> {
        if let Ok(state) = target.cast::<State>() {
            let state = state.get();
            return Ok((state.lock().clone_box(), state.rules.clone()));
        }
        if let Ok(seat) = target.cast::<Seat>() {
            let seat = seat.get();
            let state = seat.state.get();
            let session = state.lock();
            if session.status().to_move() != Some(seat.player) {
                return Err(IllegalMoveError::new_err(format!(
                    "an agent chooses on its seat's turn; it is not {}'s turn",
                    state.rules.game.player_name(seat.player)
                )));
            }
            return Ok((session.clone_box(), state.rules.clone()));
        }
        Err(PyTypeError::new_err(
            "an agent chooses in a State or a Seat",
        ))
    }

    fn run<'py>(
        &self,
        py: Python<'py>,
        target: &Bound<'_, PyAny>,
    ) -> PyResult<plateau::registry::DynChoice> {
        let (session, rules) = self.target(target)?;
        if let Status::Over(_) = session.status() {
            return Err(IllegalMoveError::new_err("the game is over"));
        }
        let mut slot = self.built.lock().unwrap_or_else(|e| e.into_inner());
        let mut built = match slot.take() {
            Some(b) if b.rules_key == rules_key(&*rules.game) => b,
            _ => self.build(&*rules.game)?,
        };
        let (built, choice) = py.detach(move || {
            let choice = built.agent.choose(&*session);
            (built, choice)
        });
        *slot = Some(built);
        choice.ok_or_else(|| PlateauError::new_err(format!("agent '{}' gave no move", self.spec)))
    }
}

#[pymethods]
impl Agent {
    /// An agent of `spec` (see `plateau.agent`): a bad spec raises
    /// `AgentError` here, not at the first `choose`.
    #[new]
    #[pyo3(signature = (spec, seed = 0, game = None))]
    fn new(spec: &str, seed: u64, game: Option<&Bound<'_, Game>>) -> PyResult<Agent> {
        let agent = Agent {
            spec: spec.trim().to_string(),
            seed,
            built: Mutex::new(None),
        };
        match game {
            Some(game) => {
                let built = agent.build(&*game.get().rules.game)?;
                *agent.built.lock().unwrap_or_else(|e| e.into_inner()) = Some(built);
            }
            None => check_for_any_game(&agent.spec, seed)?,
        }
        Ok(agent)
    }

    /// The spec the agent was made from.
    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// A move (notation) for the player to move in `state` (a State or that
    /// player's Seat), computed from that player's view only. The GIL is
    /// released while the agent thinks.
    fn choose(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.run(py, state)?.mv)
    }

    /// Like `choose`, with the agent's analysis: a dict of `move`,
    /// `iterations`, `depth`, `value` (for the mover, in [-1, 1]),
    /// `seconds` and `top` (a list of (move, visits, value), best first).
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let c = self.run(py, state)?;
        choice_dict(py, &c)
    }

    /// Forgets anything kept from earlier moves (a search tree), for a new game.
    fn new_game(&self) {
        if let Some(b) = self
            .built
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            b.agent.new_game();
        }
    }

    fn __repr__(&self) -> String {
        format!("plateau.agent({:?}, seed={})", self.spec, self.seed)
    }
}

/// An agent of `spec`, seeded with `seed`, its spec checked now:
/// `AgentError` (a ValueError) names the agent and the bad option, with
/// the message the match layer gives. With `game` the spec is checked for
/// that game; without, it must be an agent of some game Plateau ships
/// (each game then checks it when the agent first chooses in it).
#[pyfunction]
#[pyo3(signature = (spec, seed = 0, game = None))]
fn agent(spec: &str, seed: u64, game: Option<&Bound<'_, Game>>) -> PyResult<Agent> {
    Agent::new(spec, seed, game)
}

/// Checks `spec` against every shipped game (default rules): `Ok` if one
/// of them has that agent with those options; otherwise the error of a
/// game that has the agent (a bad option, a bad value), else the first.
fn check_for_any_game(spec: &str, seed: u64) -> PyResult<()> {
    let mut first: Option<SpecError> = None;
    let mut offered: Option<SpecError> = None;
    for entry in crate::objects::registry().games() {
        let Ok(game) = entry.load(&plateau::RulesSpec::default_variant()) else {
            continue;
        };
        match game.agent(spec, seed) {
            Ok(_) => return Ok(()),
            Err(e @ (SpecError::Unavailable { .. } | SpecError::UnknownAgent { .. })) => {
                first.get_or_insert(e);
            }
            Err(e) => {
                offered.get_or_insert(e);
            }
        }
    }
    match offered.or(first) {
        Some(e) => Err(AgentError::new_err(e.to_string())),
        None => Ok(()),
    }
}

/// The dict of an agent's choice (as `Agent.analyse` gives).
pub(crate) fn choice_dict<'py>(
    py: Python<'py>,
    c: &plateau::registry::DynChoice,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("move", &c.mv)?;
    d.set_item("iterations", c.iterations)?;
    d.set_item("depth", c.depth)?;
    d.set_item("value", c.value)?;
    d.set_item("seconds", c.elapsed.as_secs_f64())?;
    d.set_item("top", c.top.clone())?;
    Ok(d)
}

/// The agents of a game and their options: a list of dicts with `name`,
/// `description` and `options` (dicts of `key`, `default`, `description`).
#[pyfunction]
fn agents<'py>(py: Python<'py>, game: &Bound<'_, Game>) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for doc in game.get().rules.game.agent_catalog() {
        let d = PyDict::new(py);
        d.set_item("name", doc.name)?;
        d.set_item("description", doc.description)?;
        let options = PyList::empty(py);
        for o in &doc.options {
            let od = PyDict::new(py);
            od.set_item("key", o.key)?;
            od.set_item("default", &o.default)?;
            od.set_item("description", o.description)?;
            options.append(od)?;
        }
        d.set_item("options", options)?;
        list.append(d)?;
    }
    Ok(list)
}

fn arena_error(e: ArenaError) -> PyErr {
    match e {
        ArenaError::Spec { .. } => AgentError::new_err(e.to_string()),
        _ => PlateauError::new_err(e.to_string()),
    }
}

/// Plays an arena run of agent `a` against agent `b` (sides alternating,
/// fresh seeded agents per game, natively on `threads` threads, 0: one per
/// core, without the GIL), as `plateau arena`. `shard=(i, n)` plays only the
/// games whose index is `i` modulo `n`; `plateau.arena_merge` joins shards
/// exactly as `plateau arena merge`. Returns the result as a dict (the JSON
/// of `plateau arena --json`), with the games' records under `records` when
/// `records` is true.
#[pyfunction]
#[pyo3(signature = (game, a, b, games, seed = 0, shard = None, max_plies = 10_000, threads = 0, records = false))]
#[allow(clippy::too_many_arguments)]
fn arena<'py>(
    py: Python<'py>,
    game: &Bound<'_, Game>,
    a: &str,
    b: &str,
    games: u64,
    seed: u64,
    shard: Option<(u64, u64)>,
    max_plies: u64,
    threads: usize,
    records: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let shard = match shard {
        None => Shard::WHOLE,
        Some((index, count)) => format!("{index}/{count}")
            .parse::<Shard>()
            .map_err(PlateauError::new_err)?,
    };
    let config = ArenaConfig {
        threads,
        shard,
        max_plies,
        keep_records: records,
        ..ArenaConfig::new(a, b, games, seed)
    };
    let rules = game.get().rules.clone();
    let run = py
        .detach(move || rules.game.arena(&config, &|_| {}))
        .map_err(arena_error)?;
    let mut value = run.report.to_json();
    if records {
        if let serde_json::Value::Object(map) = &mut value {
            map.insert(
                "records".into(),
                serde_json::to_value(&run.records).expect("records always serialize"),
            );
        }
    }
    to_py(py, &value)
}

fn report_of(obj: &Bound<'_, PyAny>, i: usize) -> PyResult<(String, ArenaReport)> {
    let name = format!("result {}", i + 1);
    let text = if let Ok(s) = obj.cast::<PyString>() {
        s.to_str()?.to_string()
    } else if let Ok(d) = obj.cast::<PyDict>() {
        let d = d.copy()?;
        d.del_item("records").ok();
        json_text(d.as_any())?
    } else {
        return Err(PyTypeError::new_err(
            "an arena result is JSON text or a dict (as plateau.arena gives)",
        ));
    };
    let report =
        ArenaReport::from_json(&text, &name).map_err(|e| PlateauError::new_err(e.to_string()))?;
    Ok((name, report))
}

/// Joins arena results of shards of one run exactly as `plateau arena
/// merge`: it refuses results of different runs and shards held twice.
/// Takes dicts (as `plateau.arena` gives) or JSON texts; returns a dict.
#[pyfunction]
fn arena_merge<'py>(py: Python<'py>, results: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let mut reports = Vec::new();
    for (i, item) in results.try_iter()?.enumerate() {
        reports.push(report_of(&item?, i)?);
    }
    let merged = report::merge(reports).map_err(|e| PlateauError::new_err(e.to_string()))?;
    to_py(py, &merged.to_json())
}

/// The seeds of game `index` of a run with seed `seed`, as the arena derives
/// them: `(start, first, second)`, the seed of the start position and those
/// of the agents of the first and the second player (`plateau arena` gives
/// agent A the first seat in even games). Self-play uses them too, so its
/// games are those of the index whatever the sharding.
#[pyfunction]
fn game_seeds(seed: u64, index: u64) -> (u64, u64, u64) {
    let seeds = report::game_seeds(seed, index);
    (seeds.start, seeds.a, seeds.b)
}

/// Adds the agent and arena functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Agent>()?;
    m.add_function(wrap_pyfunction!(agent, m)?)?;
    m.add_function(wrap_pyfunction!(agents, m)?)?;
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    m.add_function(wrap_pyfunction!(arena_merge, m)?)?;
    m.add_function(wrap_pyfunction!(game_seeds, m)?)?;
    Ok(())
}
