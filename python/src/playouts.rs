//! `Playouts`: the results of `Game.playouts`, kept native.
//!
//! A run of random games returns one object holding every game's outcome
//! and length as Rust values: nothing is converted while the games are
//! timed. It reads as a sequence of outcome dicts (the dict of `State.outcome`
//! is made when an item is asked for) and gives its columns as NumPy arrays
//! (`winners`, `plies`, `capped`, `scores`) and its totals (`counts`).

use plateau::Outcome;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList, PySlice};

/// The games of one `Game.playouts` call: game `i` is the game of seed
/// `seed + i`. A sequence of outcome dicts (`len`, indexing, slicing,
/// iteration, `==` with another `Playouts` or a list of dicts) whose
/// columns are NumPy arrays.
#[pyclass(module = "plateau", frozen, sequence)]
pub struct Playouts {
    pub(crate) games: Vec<(Outcome, usize)>,
    pub(crate) player_names: Vec<String>,
    pub(crate) seed: u64,
}

impl Playouts {
    /// One game's outcome as the dict of `State.outcome`.
    fn outcome<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyDict>> {
        let o = &self.games[i].0;
        let d = PyDict::new(py);
        d.set_item(pyo3::intern!(py, "winner"), o.winner.map(|p| p.0))?;
        d.set_item(
            pyo3::intern!(py, "winner_name"),
            o.winner.and_then(|p| self.player_names.get(p.index())),
        )?;
        d.set_item(pyo3::intern!(py, "reason"), o.reason.as_ref())?;
        d.set_item(pyo3::intern!(py, "scores"), o.scores.clone())?;
        d.set_item(pyo3::intern!(py, "capped"), o.capped)?;
        Ok(d)
    }

    /// Every outcome as a list of dicts.
    fn outcome_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = (0..self.games.len())
            .map(|i| self.outcome(py, i))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    fn index(&self, i: isize) -> PyResult<usize> {
        let n = self.games.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if (0..n).contains(&j) {
            Ok(j as usize)
        } else {
            Err(PyIndexError::new_err(format!(
                "game {i} is out of range: {n} games"
            )))
        }
    }
}

/// A NumPy array of `values` (native byte order) of NumPy type `dtype`.
fn array<'py>(py: Python<'py>, bytes: Vec<u8>, dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    let buffer = PyByteArray::new(py, &bytes);
    let numpy = py.import("numpy")?;
    numpy.call_method1("frombuffer", (buffer, numpy.getattr(dtype)?))
}

#[pymethods]
impl Playouts {
    fn __len__(&self) -> usize {
        self.games.len()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(slice) = key.cast::<PySlice>() {
            let range = slice.indices(self.games.len() as isize)?;
            let mut items = Vec::with_capacity(range.slicelength);
            let mut i = range.start;
            for _ in 0..range.slicelength {
                items.push(self.outcome(py, i as usize)?);
                i += range.step;
            }
            return Ok(PyList::new(py, items)?.into_any().unbind());
        }
        let i: isize = key.extract()?;
        Ok(self.outcome(py, self.index(i)?)?.into_any().unbind())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.outcome_list(py)?
            .into_any()
            .try_iter()
            .map(Bound::into_any)
    }

    fn __eq__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<bool> {
        if let Ok(other) = other.cast::<Playouts>() {
            let other = other.get();
            return Ok(self.games == other.games && self.player_names == other.player_names);
        }
        if other.cast::<PyList>().is_ok() {
            return self.outcome_list(py)?.as_any().eq(other);
        }
        Ok(false)
    }

    fn __repr__(&self) -> String {
        let counts = self.count_results();
        let mut parts: Vec<String> = self
            .player_names
            .iter()
            .zip(&counts)
            .map(|(name, n)| format!("{name} {n}"))
            .collect();
        parts.push(format!("draws {}", counts.last().copied().unwrap_or(0)));
        format!(
            "<Playouts: {} games from seed {}, {}>",
            self.games.len(),
            self.seed,
            parts.join(", ")
        )
    }

    /// The seed of the first game (game `i` is the game of seed `seed + i`).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The winner of each game as a NumPy `int64` array: the player's
    /// number, or -1 for a draw (a capped game included).
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes = self
            .games
            .iter()
            .flat_map(|(o, _)| o.winner.map_or(-1i64, |p| i64::from(p.0)).to_ne_bytes())
            .collect();
        array(py, bytes, "int64")
    }

    /// The length of each game in plies (setups included), NumPy `int64`.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes = self
            .games
            .iter()
            .flat_map(|&(_, n)| (n as i64).to_ne_bytes())
            .collect();
        array(py, bytes, "int64")
    }

    /// Whether each game was stopped by a cap, a NumPy `bool` array.
    #[getter]
    fn capped<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes = self.games.iter().map(|(o, _)| o.capped as u8).collect();
        array(py, bytes, "bool")
    }

    /// The final scores as a NumPy `int64` array of shape (games, players),
    /// or None when the game does not score.
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let players = self.player_names.len();
        if self.games.is_empty() || self.games.iter().any(|(o, _)| o.scores.is_none()) {
            return Ok(None);
        }
        let mut bytes = Vec::with_capacity(self.games.len() * players * 8);
        for (o, _) in &self.games {
            let scores = o.scores.as_deref().unwrap_or_default();
            for p in 0..players {
                bytes.extend(scores.get(p).copied().unwrap_or(0).to_ne_bytes());
            }
        }
        let flat = array(py, bytes, "int64")?;
        Ok(Some(
            flat.call_method1("reshape", ((self.games.len(), players),))?,
        ))
    }

    /// The totals: wins by player name, then `draws`, `capped` and `plies`
    /// (all the games' plies).
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let counts = self.count_results();
        let d = PyDict::new(py);
        for (name, n) in self.player_names.iter().zip(&counts) {
            d.set_item(name, n)?;
        }
        d.set_item("draws", counts.last().copied().unwrap_or(0))?;
        d.set_item(
            "capped",
            self.games.iter().filter(|(o, _)| o.capped).count(),
        )?;
        d.set_item(
            "plies",
            self.games.iter().map(|&(_, n)| n as u64).sum::<u64>(),
        )?;
        Ok(d)
    }

    /// Every outcome as a list of dicts (as `State.outcome`).
    fn tolist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.outcome_list(py)
    }
}

impl Playouts {
    /// Wins by player, then draws.
    fn count_results(&self) -> Vec<usize> {
        let mut counts = vec![0; self.player_names.len() + 1];
        for (o, _) in &self.games {
            match o.winner {
                Some(p) if p.index() < self.player_names.len() => counts[p.index()] += 1,
                _ => *counts.last_mut().expect("a draw slot") += 1,
            }
        }
        counts
    }
}
