//! A recorded game analysed move by move: the value of each position for
//! its mover, the agent's best move there, and how much value each move
//! played gave away, marked as an inaccuracy, a mistake or a blunder.
//!
//! ```
//! use plateau::analysis::{analyse, AnalysisOptions};
//! use plateau::demo::Nim;
//! use plateau::{GameRecord, Registry, RulesSpec};
//!
//! let mut registry = Registry::new();
//! registry.register::<Nim>();
//! let game = registry.get("nim").unwrap().load(&RulesSpec::default_variant()).unwrap();
//! let mut session = game.new_session(0);
//! for _ in 0..3 {
//!     let mv = session.legal_moves()[0].clone();
//!     session.play(&mv).unwrap();
//! }
//! let record: GameRecord = session.record();
//! let options = AnalysisOptions::new("alphabeta:depth=6");
//! let analysis = analyse(&registry, &record, &options, &|_, _| {}).unwrap();
//! assert_eq!(analysis.plies.len(), 3);
//! ```
//!
//! **Perfect information.** Every position is searched once, from its
//! mover's view: its value `v[i]` for the mover and the best move. A
//! move's value is the value of the position it leads to, for the player
//! who made it (`-v[i+1]` when the turn passes, `v[i+1]` when the same
//! player moves again, the game's return once it is over); the loss is the
//! best value less that. The values after every ply make the evaluation
//! graph.
//!
//! **Hidden information.** The analysis is made for one seat
//! ([`AnalysisOptions::seat`]) and only its own moves are searched, from
//! its view (the agent is given nothing else, as when it plays). Searching
//! the position after the move would be the other seat's view, so a
//! move's value is read from the same search: its value among the moves
//! the agent lists. A move the agent did not list lost at least the gap to
//! the last one listed, and is reported as such (`loss_at_least`). The
//! other seat's moves are shown as that seat may see them: its secret
//! moves (a setup) as `(secret)`, never searched.

use crate::ai::AgentLimits;
use crate::{DynAgent, GameRecord, Player, Registry, Status};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use thiserror::Error;

/// How a game is analysed.
#[derive(Clone, Debug)]
pub struct AnalysisOptions {
    /// The agent that searches each position (a spec: `ai`,
    /// `mcts:iters=2000`, ...).
    pub agent: String,
    /// The time per position, the cap of every search whatever the spec
    /// says (`None`: the spec's own budget).
    pub time: Option<Duration>,
    /// The seat whose view is analysed; required in a game of hidden
    /// information, where only its moves are searched.
    pub seat: Option<Player>,
    /// The seed of the agent (a fresh agent, seeded alike, for each
    /// position: the same record and options give the same analysis with
    /// an iteration budget).
    pub seed: u64,
}

impl AnalysisOptions {
    /// The options for `agent`, its own budget, no seat, seed 0.
    pub fn new(agent: impl Into<String>) -> AnalysisOptions {
        AnalysisOptions {
            agent: agent.into(),
            time: None,
            seat: None,
            seed: 0,
        }
    }
}

/// How much value a move may give away before it is marked, in the
/// agents' value units (`[-1, 1]` for the mover).
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// At least this much lost: an inaccuracy.
    pub inaccuracy: f64,
    /// At least this much: a mistake.
    pub mistake: f64,
    /// At least this much: a blunder.
    pub blunder: f64,
}

/// The thresholds of a game (by its id). Values are outcome-scaled in
/// every game (1 a win, -1 a loss), so one scale serves them all; a game
/// whose values move in smaller steps (Stratego's evaluation of material)
/// marks smaller losses.
pub fn thresholds(game: &str) -> Thresholds {
    match game {
        "stratego" => Thresholds {
            inaccuracy: 0.05,
            mistake: 0.12,
            blunder: 0.25,
        },
        _ => Thresholds {
            inaccuracy: 0.10,
            mistake: 0.20,
            blunder: 0.35,
        },
    }
}

/// What a move is marked as.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// Lost at least [`Thresholds::inaccuracy`].
    Inaccuracy,
    /// Lost at least [`Thresholds::mistake`].
    Mistake,
    /// Lost at least [`Thresholds::blunder`].
    Blunder,
}

impl Mark {
    /// The mark of a loss under `t`, if any.
    pub fn of(loss: f64, t: &Thresholds) -> Option<Mark> {
        if loss >= t.blunder {
            Some(Mark::Blunder)
        } else if loss >= t.mistake {
            Some(Mark::Mistake)
        } else if loss >= t.inaccuracy {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The mark in words, as lichess writes it after a move (`?!`, `?`, `??`).
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One ply of an analysed game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyAnalysis {
    /// The ply's number, from 1.
    pub ply: usize,
    /// The player who moved.
    pub mover: String,
    /// The move as the analysed seat may see it (`(secret)` for another
    /// seat's secret move).
    pub played: String,
    /// Whether the position was searched (a move of another seat in a game
    /// of hidden information is not, nor a free-form move such as a setup).
    pub searched: bool,
    /// The position's value for the mover before the move, if searched.
    pub value: Option<f64>,
    /// Whether `value` is the position's exact result, read from the
    /// game's endgame tables rather than estimated by search.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exact: bool,
    /// The agent's best move there.
    pub best: Option<String>,
    /// The squares the best move touches (its origin first), as the board
    /// names them, for drawing it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub best_squares: Vec<String>,
    /// The value of the move played, for its mover, where known.
    pub played_value: Option<f64>,
    /// The value given away (best less played, never below 0), where known.
    pub loss: Option<f64>,
    /// The least value given away by a move the agent did not list (hidden
    /// information): at least the gap to the last move it listed.
    pub loss_at_least: Option<f64>,
    /// The mark of the loss, if it reaches a threshold.
    pub mark: Option<Mark>,
    /// The value after the move for the analysed seat (or the first player
    /// in a game of perfect information), for the evaluation graph.
    pub graph: Option<f64>,
}

/// A whole analysed game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameAnalysis {
    /// The game's id.
    pub game: String,
    /// The agent's spec.
    pub agent: String,
    /// The time cap per position, in milliseconds, if one was given.
    pub time_ms: Option<u64>,
    /// The seat analysed (hidden information), by name.
    pub seat: Option<String>,
    /// Whose values the graph holds.
    pub graph_for: String,
    /// The thresholds of the marks.
    pub thresholds: Thresholds,
    /// The plies, in order.
    pub plies: Vec<PlyAnalysis>,
}

impl GameAnalysis {
    /// Whether this analysis is of `record`: a ply for each move, each
    /// played move the record's (or secret).
    pub fn fits(&self, record: &GameRecord) -> bool {
        self.game == record.game
            && self.plies.len() == record.moves.len()
            && self
                .plies
                .iter()
                .zip(&record.moves)
                .all(|(p, mv)| p.played == *mv || p.played == "(secret)")
    }

    /// The graph's values in a line of block characters (`▁` to `█`, `-1`
    /// to `1`; a space where there is none), one a ply.
    pub fn sparkline(&self) -> String {
        const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
        self.plies
            .iter()
            .map(|p| match p.graph {
                Some(v) => BLOCKS[(((v.clamp(-1.0, 1.0) + 1.0) / 2.0) * 7.0).round() as usize],
                None => ' ',
            })
            .collect()
    }

    /// How many moves of `player` (by name) have each mark:
    /// `[inaccuracies, mistakes, blunders]`.
    pub fn marks_of(&self, player: &str) -> [usize; 3] {
        let mut counts = [0; 3];
        for p in self.plies.iter().filter(|p| p.mover == player) {
            match p.mark {
                Some(Mark::Inaccuracy) => counts[0] += 1,
                Some(Mark::Mistake) => counts[1] += 1,
                Some(Mark::Blunder) => counts[2] += 1,
                None => {}
            }
        }
        counts
    }
}

/// Why a game cannot be analysed.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// The record does not load or replay.
    #[error(transparent)]
    Record(#[from] crate::RecordError),
    /// The agent's spec is not one of the game's.
    #[error("--agent: {0}")]
    Agent(#[from] crate::ai::SpecError),
    /// A game of hidden information needs a seat.
    #[error(
        "{game} hides information: it is analysed from one seat's view; give the seat ({seats})"
    )]
    SeatNeeded {
        /// The game's name.
        game: String,
        /// Its players' names.
        seats: String,
    },
}

/// Analyses `record` with `options`; `progress(done, total)` is called
/// after each ply.
pub fn analyse(
    registry: &Registry,
    record: &GameRecord,
    options: &AnalysisOptions,
    progress: &dyn Fn(usize, usize),
) -> Result<GameAnalysis, AnalysisError> {
    // The whole record is checked first: a bad move is named before any
    // search runs.
    let whole = registry.load_record(record)?;
    let game = whole.rules();
    let hidden = whole.hidden_information();
    let seat = options.seat;
    if hidden && seat.is_none() {
        let seats: Vec<String> = (0..whole.num_players())
            .map(|i| whole.player_name(Player(i as u8)))
            .collect();
        return Err(AnalysisError::SeatNeeded {
            game: game.name().to_string(),
            seats: seats.join(", "),
        });
    }
    // A fresh agent for each position, so that a position's analysis does
    // not depend on the ones before it.
    let new_agent = || game.agent(&options.agent, options.seed);
    new_agent()?;
    let limits = AgentLimits {
        time: options.time,
        nodes: None,
    };
    let mut session = registry.load_record(&record.start())?;
    let total = record.moves.len();
    let graph_player = seat.unwrap_or(Player(0));
    let mut plies = Vec::with_capacity(total);
    let mut movers = Vec::with_capacity(total);
    for (i, text) in record.moves.iter().enumerate() {
        let Status::ToMove(mover) = session.status() else {
            break;
        };
        movers.push(mover);
        let enumerable = session.moves_enumerable();
        let searched = enumerable && seat.is_none_or(|s| s == mover);
        let played = if hidden && seat != Some(mover) && !enumerable {
            "(secret)".to_string()
        } else {
            text.clone()
        };
        let choice = if searched {
            let mut agent: Box<dyn DynAgent> = new_agent()?;
            agent.choose_limited(session.as_ref(), limits)
        } else {
            None
        };
        // Where the game knows the result (endgame tables), the value is
        // that result, marked exact; the agent, searching with the same
        // tables, still names the best move.
        let exact = if searched {
            session.exact_value()
        } else {
            None
        };
        let best_squares = choice
            .as_ref()
            .and_then(|c| {
                session
                    .legal_move_squares()
                    .into_iter()
                    .find(|(mv, _)| *mv == c.mv)
            })
            .map(|(_, squares)| squares)
            .unwrap_or_default();
        session
            .play(text)
            .map_err(|e| crate::RecordError::of_move(i, text, e, total))?;
        let mut ply = PlyAnalysis {
            ply: i + 1,
            mover: session.player_name(mover),
            played,
            searched,
            value: None,
            exact: false,
            best: None,
            best_squares,
            played_value: None,
            loss: None,
            loss_at_least: None,
            mark: None,
            graph: None,
        };
        if let Some(choice) = choice {
            ply.value = choice.value;
            if let Some(v) = exact {
                ply.value = Some(v);
                ply.exact = true;
            }
            ply.best = Some(choice.mv.clone());
            if hidden {
                // The move's value from the same search, from the mover's view.
                let listed = choice.top.iter().find(|(mv, ..)| mv == text);
                let best_value = choice.top.iter().map(|t| t.2).fold(f64::MIN, f64::max);
                match listed {
                    Some((_, _, v)) => ply.played_value = Some(*v),
                    None if !choice.top.is_empty() => {
                        let last = choice.top.iter().map(|t| t.2).fold(f64::MAX, f64::min);
                        ply.loss_at_least = Some((best_value - last).max(0.0));
                    }
                    None => {}
                }
                if let Some(v) = ply.played_value {
                    ply.loss = Some((best_value.max(v) - v).max(0.0));
                }
                ply.graph = ply.played_value;
            }
        }
        plies.push(ply);
        progress(i + 1, total);
    }
    if !hidden {
        let end = session.status().is_over().then(|| session.returns());
        fill_perfect_information(&mut plies, &movers, end.as_deref(), graph_player);
    }
    let t = thresholds(&record.game);
    for p in plies.iter_mut() {
        let loss = p.loss.or(p.loss_at_least);
        p.mark = loss.and_then(|l| Mark::of(l, &t));
    }
    Ok(GameAnalysis {
        game: record.game.clone(),
        agent: options.agent.clone(),
        time_ms: options.time.map(|d| d.as_millis() as u64),
        seat: seat.map(|s| whole.player_name(s)),
        graph_for: whole.player_name(graph_player),
        thresholds: t,
        plies,
    })
}

/// Perfect information: each move's value is the next position's value
/// for the player who made it (`returns`, the game's, after the last move
/// of a finished game), the graph the value after every ply for
/// `graph_player`.
fn fill_perfect_information(
    plies: &mut [PlyAnalysis],
    movers: &[Player],
    returns: Option<&[f64]>,
    graph_player: Player,
) {
    for i in 0..plies.len() {
        let mover = movers[i];
        // The next position's value for this ply's mover.
        let after = if i + 1 < plies.len() {
            plies[i + 1]
                .value
                .map(|v| if movers[i + 1] == mover { v } else { -v })
        } else {
            returns.and_then(|r| r.get(mover.index()).copied())
        };
        plies[i].played_value = after;
        if let (Some(best), Some(played)) = (plies[i].value, after) {
            plies[i].loss = Some((best - played).max(0.0));
        }
        plies[i].graph = after.map(|v| if mover == graph_player { v } else { -v });
    }
}
