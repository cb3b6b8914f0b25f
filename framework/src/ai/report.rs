//! The results of an arena run: which games it plays (the setup and the
//! shards), one line per game, the totals and statistics, and the exact
//! merge of the results of shards.
//!
//! **Shards.** Game `i` of a run of `games` games (`0 ≤ i < games`) belongs
//! to shard `i mod N` of `N`; everything random in game `i` (its start
//! position, both agents' generators) comes from the run's seed and `i`
//! only ([`game_seeds`]), so shard `I/N` plays exactly the games `I`,
//! `I + N`, `I + 2N`, … of the unsharded run, on any machine, and merging
//! every shard gives the unsharded run's results (the measured times
//! aside).
//!
//! **Sides.** Agent A plays the first player in even games and the second
//! in odd ones.
//!
//! ```
//! use plateau::ai::report::{game_seeds, Shard};
//!
//! let shard: Shard = "1/4".parse().unwrap();
//! assert!(shard.contains(5) && !shard.contains(6));
//! assert_eq!(game_seeds(7, 5), game_seeds(7, 5));
//! assert!("4/4".parse::<Shard>().is_err());
//! ```

use super::elo::{self, Score};
use crate::Player;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

/// The format version of an arena result file.
pub const ARENA_FORMAT: u32 = 1;

/// Everything that decides the games of an arena run (the thread count and
/// the shard do not).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArenaSetup {
    /// The game's identifier.
    pub game: String,
    /// The variant the rules came from.
    pub variant: String,
    /// The full rules parameters.
    pub params: Value,
    /// The spec of agent A, as given.
    pub a: String,
    /// The spec of agent B, as given.
    pub b: String,
    /// The number of games of the whole (unsharded) run.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// The most moves a game may last before the arena stops it as a
    /// capped draw (`arena-cap`); 0: only the rules' own caps.
    pub max_plies: u64,
    /// Random moves before the agents take over, the same for both games
    /// of a pair (0: none; left out of the JSON then).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub opening_plies: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl ArenaSetup {
    /// The name of the first field in which `other` differs, with both values.
    pub fn difference(&self, other: &ArenaSetup) -> Option<String> {
        let show = |v: &dyn fmt::Debug| format!("{v:?}");
        let fields: [(&str, String, String); 9] = [
            ("game", show(&self.game), show(&other.game)),
            ("variant", show(&self.variant), show(&other.variant)),
            ("params", self.params.to_string(), other.params.to_string()),
            ("a", show(&self.a), show(&other.a)),
            ("b", show(&self.b), show(&other.b)),
            ("games", show(&self.games), show(&other.games)),
            ("seed", show(&self.seed), show(&other.seed)),
            ("max_plies", show(&self.max_plies), show(&other.max_plies)),
            (
                "opening_plies",
                show(&self.opening_plies),
                show(&other.opening_plies),
            ),
        ];
        fields
            .into_iter()
            .find(|(_, x, y)| x != y)
            .map(|(name, x, y)| format!("{name} {x} against {y}"))
    }
}

/// The seeds of one game: its start position and the generators of both
/// agents, derived from the run's seed and the game's index only.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameSeeds {
    /// The seed of the start position ([`crate::Game::initial_state`]).
    pub start: u64,
    /// The seed of agent A's generator.
    pub a: u64,
    /// The seed of agent B's generator.
    pub b: u64,
}

/// SplitMix64's output function: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seeds of game `index` of a run with seed `seed`.
pub fn game_seeds(seed: u64, index: u64) -> GameSeeds {
    let base = mix(mix(seed) ^ index);
    GameSeeds {
        start: mix(base ^ 1),
        a: mix(base ^ 2),
        b: mix(base ^ 3),
    }
}

/// The seed of match `index` of a tournament run with seed `seed` (each
/// pair of agents plays an arena run of its own seed).
pub fn match_seed(seed: u64, index: u64) -> u64 {
    mix(mix(seed ^ 0x746f_7572_6e65_7921) ^ index)
}

/// The seat agent A plays in game `index`: the first player in even games.
pub fn a_player(index: u64) -> Player {
    if index.is_multiple_of(2) {
        Player::FIRST
    } else {
        Player::SECOND
    }
}

/// Shard `index` of `count` (written `I/N`, `0 ≤ I < N`): the games whose
/// index is `I` modulo `N`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard's number, from 0.
    pub index: u64,
    /// The number of shards.
    pub count: u64,
}

impl Shard {
    /// The whole run: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether game `game` is in this shard.
    pub fn contains(&self, game: u64) -> bool {
        game % self.count == self.index
    }

    /// The games of this shard of a run of `games` games, in order.
    pub fn games(&self, games: u64) -> impl Iterator<Item = u64> {
        let (index, count) = (self.index, self.count);
        (index..games).step_by(count as usize)
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let shown = crate::escape_controls(text);
        let bad = || format!("shard '{shown}' is not of the form I/N, e.g. 0/4 (I from 0 to N-1)");
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || count > u32::MAX as u64 {
            return Err(format!(
                "shard '{shown}': the number of shards must be from 1 to {}",
                u32::MAX
            ));
        }
        if index >= count {
            return Err(format!(
                "shard '{shown}': shards are numbered from 0 to {}",
                count - 1
            ));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The shards a result file holds: some of `count` shards (all of a whole
/// run: `count` 1, `indices` `[0]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardSet {
    /// The number of shards the run was cut into.
    pub count: u64,
    /// The shards held, in increasing order.
    pub indices: Vec<u64>,
}

impl ShardSet {
    /// The set holding one shard.
    pub fn of(shard: Shard) -> ShardSet {
        ShardSet {
            count: shard.count,
            indices: vec![shard.index],
        }
    }

    /// Whether every shard is held.
    pub fn is_complete(&self) -> bool {
        self.indices.len() as u64 == self.count
    }

    /// Whether game `game` belongs to a shard held.
    pub fn contains(&self, game: u64) -> bool {
        self.indices.binary_search(&(game % self.count)).is_ok()
    }
}

/// How a game ended for agent A.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResultKind {
    /// Agent A won.
    A,
    /// Agent B won.
    B,
    /// A draw (a capped game included).
    Draw,
    /// Agent A's fault stopped the game (an outside program crashed, was
    /// late, or sent a malformed line or an illegal move; the game's
    /// `reason` says what): counted apart, in neither side's score.
    AFault,
    /// Agent B's fault stopped the game: counted apart, as
    /// [`GameResultKind::AFault`].
    BFault,
}

impl GameResultKind {
    /// Whether an agent's fault stopped the game.
    pub fn is_fault(self) -> bool {
        matches!(self, GameResultKind::AFault | GameResultKind::BFault)
    }
}

/// One game of an arena run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The game's index in the run.
    pub index: u64,
    /// The seat agent A played (0: the first player).
    pub a_player: Player,
    /// Who won.
    pub result: GameResultKind,
    /// Why the game ended (the outcome's reason).
    pub reason: String,
    /// Whether a cap stopped the game.
    pub capped: bool,
    /// The number of moves played.
    pub plies: u64,
    /// The moves chosen by agent A and by agent B.
    pub moves: [u64; 2],
    /// The thinking time of agent A and of agent B, in microseconds.
    pub time_us: [u64; 2],
}

/// The results of an arena run or of some of its shards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArenaReport {
    /// [`ARENA_FORMAT`].
    pub format: u32,
    /// What decides the games.
    pub setup: ArenaSetup,
    /// The shards held.
    pub shards: ShardSet,
    /// Every game played, by index.
    pub games: Vec<GameResult>,
}

/// The totals and statistics of a report, from agent A's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaSummary {
    /// Games played.
    pub games: u64,
    /// Agent A's wins, draws and losses.
    pub a: Score,
    /// A's wins, draws and losses when it played the first player.
    pub a_first: Score,
    /// A's wins, draws and losses when it played the second player.
    pub a_second: Score,
    /// Games stopped by a cap (counted as draws).
    pub capped: u64,
    /// Games stopped by agent A's and by agent B's fault (an outside
    /// program's), counted in neither score nor in `games`.
    pub faults: [u64; 2],
    /// A's mean score (draws as half points).
    pub score: f64,
    /// The 95% Wilson interval of the score, draws as half a success.
    pub score_interval: [f64; 2],
    /// The Elo difference of A over B (a number, or `"+inf"` / `"-inf"`).
    #[serde(serialize_with = "serialize_elo")]
    pub elo: f64,
    /// Its 95% interval, from the score's interval.
    #[serde(serialize_with = "serialize_elo_pair")]
    pub elo_interval: [f64; 2],
    /// The mean game length in moves.
    pub mean_length: f64,
    /// A's and B's mean thinking time per move, in milliseconds.
    pub ms_per_move: [f64; 2],
}

fn elo_value(elo: f64) -> Value {
    if elo.is_finite() {
        serde_json::json!((elo * 10.0).round() / 10.0)
    } else {
        Value::String(elo::signed(elo))
    }
}

fn serialize_elo<S: serde::Serializer>(elo: &f64, s: S) -> Result<S::Ok, S::Error> {
    elo_value(*elo).serialize(s)
}

fn serialize_elo_pair<S: serde::Serializer>(elo: &[f64; 2], s: S) -> Result<S::Ok, S::Error> {
    [elo_value(elo[0]), elo_value(elo[1])].serialize(s)
}

/// Why an arena result file cannot be read or merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    /// The text is not an arena result.
    #[error("{file}: not an arena result: {reason}")]
    Format {
        /// Where the text came from.
        file: String,
        /// What is wrong.
        reason: String,
    },
    /// Two results are not of the same arena run.
    #[error("{file}: not the same arena run as {first}: {difference}")]
    DifferentRun {
        /// The result that differs.
        file: String,
        /// The first result.
        first: String,
        /// What differs.
        difference: String,
    },
    /// A shard is held by two results.
    #[error("{file}: shard {shard} is also in {other}")]
    DuplicateShard {
        /// The later result.
        file: String,
        /// The earlier result holding the shard.
        other: String,
        /// The shard.
        shard: Shard,
    },
    /// Nothing to merge.
    #[error("no arena results to merge")]
    Empty,
}

impl ArenaReport {
    /// An empty report of the given shards.
    pub fn new(setup: ArenaSetup, shards: ShardSet) -> Self {
        ArenaReport {
            format: ARENA_FORMAT,
            setup,
            shards,
            games: Vec::new(),
        }
    }

    /// The totals and statistics.
    pub fn summary(&self) -> ArenaSummary {
        let mut a = Score::default();
        let mut a_first = Score::default();
        let mut a_second = Score::default();
        let (mut capped, mut plies) = (0, 0);
        let mut faults = [0u64; 2];
        let (mut moves, mut time_us) = ([0u64; 2], [0u64; 2]);
        for g in &self.games {
            let side = if g.a_player == Player::FIRST {
                &mut a_first
            } else {
                &mut a_second
            };
            match g.result {
                GameResultKind::AFault => {
                    faults[0] += 1;
                    continue;
                }
                GameResultKind::BFault => {
                    faults[1] += 1;
                    continue;
                }
                _ => {}
            }
            for score in [&mut a, side] {
                match g.result {
                    GameResultKind::A => score.wins += 1,
                    GameResultKind::B => score.losses += 1,
                    GameResultKind::Draw => score.draws += 1,
                    GameResultKind::AFault | GameResultKind::BFault => {}
                }
            }
            capped += u64::from(g.capped);
            plies += g.plies;
            for s in 0..2 {
                moves[s] += g.moves[s];
                time_us[s] += g.time_us[s];
            }
        }
        let (low, high) = a.interval();
        let estimate = a.elo();
        let per_move = |s: usize| match moves[s] {
            0 => 0.0,
            n => time_us[s] as f64 / n as f64 / 1000.0,
        };
        ArenaSummary {
            games: a.games(),
            a,
            a_first,
            a_second,
            capped,
            faults,
            score: a.mean(),
            score_interval: [low, high],
            elo: estimate.elo,
            elo_interval: [estimate.low, estimate.high],
            mean_length: match a.games() {
                0 => 0.0,
                n => plies as f64 / n as f64,
            },
            ms_per_move: [per_move(0), per_move(1)],
        }
    }

    /// The report as one JSON object, its summary included (under
    /// `summary`, written for readers; [`ArenaReport::from_json`]
    /// recomputes it).
    pub fn to_json(&self) -> Value {
        let mut value = serde_json::to_value(self).expect("a report always serializes");
        let summary = serde_json::to_value(self.summary()).expect("a summary always serializes");
        if let Value::Object(map) = &mut value {
            map.insert("summary".to_string(), summary);
        }
        value
    }

    /// Reads and checks a report written by [`ArenaReport::to_json`];
    /// `source` names it in errors.
    pub fn from_json(text: &str, source: &str) -> Result<Self, ReportError> {
        let format = |reason: String| ReportError::Format {
            file: source.to_string(),
            reason,
        };
        let mut value: Value = serde_json::from_str(text).map_err(|e| format(e.to_string()))?;
        if let Value::Object(map) = &mut value {
            map.remove("summary");
            match map.get("format").and_then(Value::as_u64) {
                Some(f) if f == u64::from(ARENA_FORMAT) => {}
                Some(f) => {
                    return Err(format(format!(
                        "format {f}; this program reads format {ARENA_FORMAT}"
                    )))
                }
                None => return Err(format("no field 'format'".to_string())),
            }
        }
        let report: ArenaReport = serde_path_to_error::deserialize(value)
            .map_err(|e| format(format!("at '{}': {}", e.path(), e.inner())))?;
        report.check().map_err(format)?;
        Ok(report)
    }

    /// Checks that the games are exactly those of the shards held.
    pub fn check(&self) -> Result<(), String> {
        let s = &self.shards;
        if s.count == 0 {
            return Err("shards.count is 0".into());
        }
        if s.indices.windows(2).any(|w| w[0] >= w[1]) {
            return Err("shards.indices are not in increasing order".into());
        }
        if let Some(i) = s.indices.iter().find(|&&i| i >= s.count) {
            return Err(format!(
                "shard {i} of {}: shards go from 0 to {}",
                s.count,
                s.count - 1
            ));
        }
        let expected: Vec<u64> = s
            .indices
            .iter()
            .flat_map(|&index| {
                Shard {
                    index,
                    count: s.count,
                }
                .games(self.setup.games)
            })
            .collect::<BTreeSet<u64>>()
            .into_iter()
            .collect();
        let held: Vec<u64> = self.games.iter().map(|g| g.index).collect();
        if held != expected {
            let missing = expected.iter().find(|i| !held.contains(i));
            let extra = held.iter().find(|i| !expected.contains(i));
            return Err(match (missing, extra) {
                (_, Some(i)) if held.iter().filter(|&j| j == i).count() > 1 => {
                    format!("game {i} appears twice")
                }
                (_, Some(i)) => format!("game {i} is not in the shards held"),
                (Some(i), None) => format!("game {i} of the shards held is missing"),
                (None, None) => "the games are not in order".to_string(),
            });
        }
        for g in &self.games {
            if g.a_player != a_player(g.index) {
                return Err(format!("game {}: agent A's seat is wrong", g.index));
            }
        }
        Ok(())
    }
}

/// Merges the results of shards of one run (each given with the name it
/// is known by, for errors) into one: the games of all of them, in order.
/// Refuses results of different runs (setup, or number of shards) and a
/// shard held twice. When every shard is there, the result is the
/// unsharded run's (shard set `0` of `1`).
pub fn merge(reports: Vec<(String, ArenaReport)>) -> Result<ArenaReport, ReportError> {
    let mut iter = reports.into_iter();
    let (first_name, first) = iter.next().ok_or(ReportError::Empty)?;
    let mut merged = first.clone();
    let mut owners: Vec<(u64, String)> = first
        .shards
        .indices
        .iter()
        .map(|&i| (i, first_name.clone()))
        .collect();
    for (name, report) in iter {
        let difference = first.setup.difference(&report.setup).or_else(|| {
            (first.shards.count != report.shards.count).then(|| {
                format!(
                    "cut into {} shards against {}",
                    report.shards.count, first.shards.count
                )
            })
        });
        if let Some(difference) = difference {
            return Err(ReportError::DifferentRun {
                file: name,
                first: first_name,
                difference,
            });
        }
        for &index in &report.shards.indices {
            if let Some((_, other)) = owners.iter().find(|(i, _)| *i == index) {
                return Err(ReportError::DuplicateShard {
                    file: name,
                    other: other.clone(),
                    shard: Shard {
                        index,
                        count: first.shards.count,
                    },
                });
            }
            owners.push((index, name.clone()));
        }
        merged.games.extend(report.games);
    }
    merged.games.sort_by_key(|g| g.index);
    let mut indices: Vec<u64> = owners.into_iter().map(|(i, _)| i).collect();
    indices.sort_unstable();
    merged.shards.indices = indices;
    if merged.shards.is_complete() {
        merged.shards = ShardSet::of(Shard::WHOLE);
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(games: u64) -> ArenaSetup {
        ArenaSetup {
            game: "nim".into(),
            variant: "standard".into(),
            params: serde_json::json!({"pile": 5}),
            a: "random".into(),
            b: "greedy".into(),
            games,
            seed: 7,
            max_plies: 0,
            opening_plies: 0,
        }
    }

    fn game(index: u64) -> GameResult {
        GameResult {
            index,
            a_player: a_player(index),
            result: match index % 3 {
                0 => GameResultKind::A,
                1 => GameResultKind::B,
                _ => GameResultKind::Draw,
            },
            reason: "no-legal-move".into(),
            capped: index % 3 == 2,
            plies: 10 + index,
            moves: [5, 5],
            time_us: [1000, 3000],
        }
    }

    fn shard_report(games: u64, shard: Shard) -> ArenaReport {
        let mut r = ArenaReport::new(setup(games), ShardSet::of(shard));
        r.games = shard.games(games).map(game).collect();
        r
    }

    #[test]
    fn shards_split_the_games_by_index_modulo_their_number() {
        let s: Shard = "2/3".parse().unwrap();
        assert_eq!(s.games(10).collect::<Vec<_>>(), [2, 5, 8]);
        assert_eq!(Shard::WHOLE.games(3).collect::<Vec<_>>(), [0, 1, 2]);
        for bad in ["3/3", "1", "a/2", "0/0", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert!("3/3".parse::<Shard>().unwrap_err().contains("from 0 to 2"));
        assert_eq!(s.to_string(), "2/3");
    }

    #[test]
    fn game_seeds_depend_on_the_run_seed_and_index_only() {
        assert_eq!(game_seeds(1, 4), game_seeds(1, 4));
        assert_ne!(game_seeds(1, 4), game_seeds(1, 5));
        assert_ne!(game_seeds(1, 4), game_seeds(2, 4));
        let s = game_seeds(1, 4);
        assert!(s.start != s.a && s.a != s.b);
        assert_eq!(a_player(0), Player::FIRST);
        assert_eq!(a_player(1), Player::SECOND);
    }

    #[test]
    fn the_summary_adds_up() {
        let r = shard_report(9, Shard::WHOLE);
        let s = r.summary();
        assert_eq!(s.games, 9);
        assert_eq!((s.a.wins, s.a.draws, s.a.losses), (3, 3, 3));
        assert_eq!(s.a_first.games() + s.a_second.games(), 9);
        assert_eq!(s.a_first.games(), 5);
        assert_eq!(s.capped, 3);
        assert_eq!(s.score, 0.5);
        assert_eq!(s.elo, 0.0);
        assert_eq!(s.mean_length, 14.0);
        assert_eq!(s.ms_per_move, [0.2, 0.6]);
    }

    #[test]
    fn reports_round_trip_through_json() {
        let r = shard_report(10, "1/3".parse().unwrap());
        let text = r.to_json().to_string();
        assert!(text.contains("\"summary\""));
        assert_eq!(ArenaReport::from_json(&text, "r.json").unwrap(), r);
        let mut missing = r.clone();
        missing.games.pop();
        let e = ArenaReport::from_json(&missing.to_json().to_string(), "r.json").unwrap_err();
        assert!(
            e.to_string()
                .contains("game 7 of the shards held is missing"),
            "{e}"
        );
        let e = ArenaReport::from_json("{\"format\": 9}", "r.json").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("r.json: not an arena result: format 9"),
            "{e}"
        );
    }

    #[test]
    fn merged_shards_equal_the_whole_run() {
        let whole = shard_report(10, Shard::WHOLE);
        let parts: Vec<(String, ArenaReport)> = [2, 0, 1]
            .into_iter()
            .map(|i| {
                let shard = Shard { index: i, count: 3 };
                (format!("s{i}.json"), shard_report(10, shard))
            })
            .collect();
        assert_eq!(merge(parts.clone()).unwrap(), whole);
        // Merging in stages gives the same.
        let first_two = merge(parts[..2].to_vec()).unwrap();
        assert_eq!(first_two.shards.indices, [0, 2]);
        let staged = merge(vec![("a".into(), first_two), parts[2].clone()]).unwrap();
        assert_eq!(staged, whole);
    }

    #[test]
    fn merge_refuses_different_runs_and_twice_held_shards() {
        let s = |i| Shard { index: i, count: 2 };
        let a = ("a.json".to_string(), shard_report(10, s(0)));
        let mut other = shard_report(10, s(1));
        other.setup.b = "mcts".into();
        let e = merge(vec![a.clone(), ("b.json".into(), other)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "b.json: not the same arena run as a.json: b \"greedy\" against \"mcts\""
        );
        let e = merge(vec![a.clone(), ("c.json".into(), a.1.clone())]).unwrap_err();
        assert_eq!(e.to_string(), "c.json: shard 0/2 is also in a.json");
        let three = shard_report(10, Shard { index: 1, count: 3 });
        let e = merge(vec![a, ("d.json".into(), three)]).unwrap_err();
        assert!(e.to_string().contains("cut into 3 shards against 2"), "{e}");
        assert_eq!(merge(Vec::new()).unwrap_err(), ReportError::Empty);
    }
}
