//! Endgame tables: the exact value of every Oware board with at most `N`
//! seeds, by retrograde analysis, kept one signed byte a board.
//!
//! ```
//! use plateau::Player;
//! use plateau_oware::endgame::EndgameTables;
//! use plateau_oware::Oware;
//!
//! // Every board of at most 4 seeds (built in memory here; `plateau tables
//! // oware --seeds 15 --out DIR` builds files that `open` maps).
//! let tables = EndgameTables::build_in_memory(6, 4);
//! let oware = Oware::standard();
//! // South to move: F = 1 makes North's a = 2 and captures it (RULES.md
//! // O3.1); North's last seed, in b, cannot reach South's empty row (O4.2),
//! // so North has no move and keeps it (O5.3, O5.4): South wins 2 − 1.
//! let state = oware
//!     .position(&[0, 0, 0, 0, 0, 1], &[1, 1, 0, 0, 0, 0], [22, 23], Player(0))
//!     .unwrap();
//! let exact = tables.exact(&state).unwrap();
//! assert_eq!(exact.value, 1);
//! assert_eq!(exact.final_stores, [24, 24]); // a draw
//! assert_eq!(exact.moves[0].0.to_string(), "F");
//! ```
//!
//! **What a value is.** The value of a board for the player to move is the
//! seeds that player will still win from the board minus the seeds the
//! opponent will, both playing their best (RULES.md O2–O4 move, capture and
//! feed; O5.3 and O5.4 end the game and give each player the seeds of their
//! own row). It lies in `-n..=n` for `n` seeds on the board. The stores do
//! not change it: the final difference of the stores is their difference
//! now plus the value, and the winner its sign. O5.1 ends a game early once
//! a store holds more than half, which changes the final scores but not the
//! winner (the leader's store only grows), so the tables leave it out.
//!
//! **Repetition.** O5.2 ends a game when a position comes back since the
//! last capture, and each side then keeps its own row: the result depends
//! on the positions played before, which a table of boards cannot know. The
//! tables value such play as an even share of the seeds left (0): a game
//! that no side can make end by a capture or by O5.3 is worth 0 to both.
//! This is the one difference from O5.2; with it a board's value no longer
//! depends on the game before it, and it is the value the game has when a
//! repetition, wherever it comes, is scored as a draw of what is left. It
//! is exact for that game: the tests compare every board of up to 8 seeds
//! with an exhaustive search that plays on until a capture, the end, or a
//! position repeats.
//!
//! The modules: [`rank`] (a board's place among the boards of its seeds),
//! [`build`] (the retrograde analysis of a layer), [`file`](mod@file) (the file
//! format, checked when opened, read with memory mapping).

pub mod build;
pub mod file;
pub mod rank;

use crate::board::{seeds_at, House, MAX_HOUSES};
use crate::state::OwareState;
use build::Progress;
pub use file::TableError;
use file::Values;
use plateau::Player;
use std::path::Path;
use std::sync::{Arc, RwLock};

/// The tables of every board of `0..=max_seeds()` seeds for rows of
/// `houses()` houses.
pub struct EndgameTables {
    houses: usize,
    layers: Vec<Values>,
}

impl std::fmt::Debug for EndgameTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EndgameTables")
            .field("houses", &self.houses)
            .field("max_seeds", &self.max_seeds())
            .finish()
    }
}

/// A covered position's exact value and its best moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    /// Seeds the player to move will win from the board minus the seeds
    /// the opponent will (see the module docs).
    pub value: i32,
    /// The final stores with best play, the player to move's first.
    pub final_stores: [i32; 2],
    /// Every legal move and its value for the player to move, best first.
    pub moves: Vec<(House, i32)>,
}

/// What one layer of a build held, for the published counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerSummary {
    /// Seeds on the board.
    pub seeds: u32,
    /// Boards of the layer.
    pub boards: u64,
    /// Boards the player to move wins more of than they lose (value > 0).
    pub ahead: u64,
    /// Boards of value 0.
    pub even: u64,
    /// Boards the player to move loses more of (value < 0).
    pub behind: u64,
    /// Sweeps the analysis took (0 for a layer read from its file).
    pub sweeps: u32,
    /// Whether the layer was read from a file already built.
    pub reused: bool,
}

impl EndgameTables {
    /// Rows of how many houses the tables are for.
    pub fn houses(&self) -> usize {
        self.houses
    }

    /// The most seeds on the board that the tables cover.
    pub fn max_seeds(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// Builds every layer up to `max_seeds` in memory (for tests and small
    /// tables; the files of [`EndgameTables::build`] are for large ones).
    pub fn build_in_memory(houses: usize, max_seeds: u32) -> EndgameTables {
        let mut tables = EndgameTables {
            houses,
            layers: Vec::new(),
        };
        for n in 0..=max_seeds {
            let values = tables.build_layer(n, &mut |_| {});
            tables.layers.push(Values::Owned(values));
        }
        tables
    }

    fn build_layer(&self, seeds: u32, progress: &mut dyn FnMut(Progress)) -> Vec<i8> {
        let lower = |n: usize, rank: u64| self.layers[n].get(rank);
        build::layer(self.houses, seeds as usize, &lower, progress)
    }

    /// Builds the files of every layer up to `max_seeds` in `dir` (created
    /// if needed), reusing the layers already there: an interrupted build
    /// goes on from the first missing layer. `progress` hears each layer's
    /// progress with its seeds; `done` each finished layer.
    pub fn build(
        dir: &Path,
        houses: usize,
        max_seeds: u32,
        progress: &mut dyn FnMut(u32, Progress),
        done: &mut dyn FnMut(&LayerSummary),
    ) -> Result<EndgameTables, TableError> {
        std::fs::create_dir_all(dir).map_err(|source| TableError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let mut tables = EndgameTables {
            houses,
            layers: Vec::new(),
        };
        for n in 0..=max_seeds {
            let path = dir.join(file::file_name(houses, n));
            let (values, sweeps, reused) = if path.exists() {
                (file::open(&path, houses, n)?, 0, true)
            } else {
                let mut sweeps = 0;
                let values = tables.build_layer(n, &mut |p| {
                    if let Progress::Sweep { sweep, .. } = p {
                        sweeps = sweep;
                    }
                    progress(n, p)
                });
                file::write(&path, houses, n, &values)?;
                (file::open(&path, houses, n)?, sweeps, false)
            };
            let mut summary = LayerSummary {
                seeds: n,
                boards: values.len() as u64,
                ahead: 0,
                even: 0,
                behind: 0,
                sweeps,
                reused,
            };
            for r in 0..values.len() as u64 {
                match values.get(r).signum() {
                    1 => summary.ahead += 1,
                    0 => summary.even += 1,
                    _ => summary.behind += 1,
                }
            }
            done(&summary);
            tables.layers.push(values);
        }
        Ok(tables)
    }

    /// Opens the tables in `dir` for rows of `houses` houses: every layer
    /// from 0 seeds up to the first one missing, each checked (see
    /// [`file`](mod@file)).
    pub fn open(dir: &Path, houses: usize) -> Result<EndgameTables, TableError> {
        let mut layers = Vec::new();
        loop {
            let n = layers.len() as u32;
            let path = dir.join(file::file_name(houses, n));
            if !path.exists() {
                break;
            }
            layers.push(file::open(&path, houses, n)?);
        }
        if layers.is_empty() {
            return Err(TableError::Missing {
                path: dir.to_path_buf(),
                houses,
            });
        }
        Ok(EndgameTables { houses, layers })
    }

    /// The value of a board given with the player to move's row first, if
    /// the tables cover its seeds.
    pub fn value_of_board(&self, board: &[u8]) -> Option<i32> {
        if board.len() != 2 * self.houses {
            return None;
        }
        let seeds: usize = board.iter().map(|&s| usize::from(s)).sum();
        let layer = self.layers.get(seeds)?;
        Some(i32::from(layer.get(rank::rank(board))))
    }

    /// The board of `state` with the player to move's row first, in the
    /// first `2 · houses` places (no allocation: search asks at every node).
    fn board_of(&self, state: &OwareState) -> Option<([u8; 2 * MAX_HOUSES], usize)> {
        let houses = state.houses_per_row();
        if houses != self.houses {
            return None;
        }
        let ring = 2 * houses;
        let first = if state.to_move() == Player(0) {
            0
        } else {
            houses
        };
        let mut board = [0u8; 2 * MAX_HOUSES];
        for (k, seeds) in board.iter_mut().enumerate().take(ring) {
            *seeds = seeds_at(state.board, (k + first) % ring);
        }
        Some((board, ring))
    }

    /// The value of `state` for its player to move, if the game goes on
    /// and the tables cover the seeds on its board (see the module docs).
    pub fn value(&self, state: &OwareState) -> Option<i32> {
        if state.end().is_some() {
            return None;
        }
        let (board, ring) = self.board_of(state)?;
        self.value_of_board(&board[..ring])
    }

    /// The exact value of `state` with the final stores and the value of
    /// every legal move, if the tables cover it.
    pub fn exact(&self, state: &OwareState) -> Option<Exact> {
        let value = self.value(state)?;
        let (board, ring) = self.board_of(state)?;
        let board = &board[..ring];
        let layout = crate::board::Layout::new(self.houses, 4);
        let mut moves: Vec<(House, i32)> = build::moves(&layout, board)
            .into_iter()
            .map(|(j, step, child)| {
                let after = -self.value_of_board(&child).expect("fewer or as many seeds");
                let v = match step {
                    build::Step::Capture { taken } => taken as i32 + after,
                    build::Step::Quiet => after,
                };
                let house = House::new(state.to_move(), j).expect("a house of the row");
                (house, v)
            })
            .collect();
        moves.sort_by_key(|&(h, v)| (-v, h));
        let me = state.to_move();
        let seeds: i32 = board.iter().map(|&s| i32::from(s)).sum();
        let (mine, theirs) = (state.store(me) as i32, state.store(me.opponent()) as i32);
        // value = gain − loss and gain + loss = seeds, except for an even
        // share of play that never ends, whose seeds are split in half.
        let gain = (seeds + value) / 2;
        Some(Exact {
            value,
            final_stores: [mine + gain, theirs + seeds - gain],
            moves,
        })
    }
}

/// The tables that Oware games built from now on search with (see
/// [`install`]).
static INSTALLED: RwLock<Option<Arc<EndgameTables>>> = RwLock::new(None);

/// Makes `tables` the ones that every Oware game built from now on uses
/// in search ([`plateau::SearchHooks::exact_value`]) and analysis: the
/// command line's `--tables DIR`. A game built before keeps what it had.
pub fn install(tables: Option<Arc<EndgameTables>>) {
    *INSTALLED.write().unwrap_or_else(|e| e.into_inner()) = tables;
}

/// The tables installed by [`install`], if any.
pub fn installed() -> Option<Arc<EndgameTables>> {
    INSTALLED.read().unwrap_or_else(|e| e.into_inner()).clone()
}

#[cfg(test)]
mod tests;
