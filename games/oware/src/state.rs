//! Positions: the seeds in every house, the two stores, who is to move, the
//! positions since the last capture (O5.2), and how the game ended (decided
//! when the move is applied, so that `status` costs nothing).
//!
//! In JSON a state gives each row leftmost house first (`A`–`F`, `a`–`f`),
//! the stores, and the positions since the last capture, each written as
//! South's row, North's row and the player to move, for example
//! `{"south":[4,4,4,4,4,4],"north":[4,4,4,4,4,4],"stores":{"south":0,"north":0},"to_move":"south","ply":0,"seen":["4 4 4 4 4 4 / 4 4 4 4 4 4 / south"],"outcome":null}`.

use crate::board::{seeds_at, Packed, MAX_HOUSES};
use crate::repetition::{code, decode, Seen};
use plateau::sowing::BySide;
pub use plateau::sowing::Side;
use plateau::{Outcome, Player};
use serde::{Deserialize, Serialize};

/// Why a game of Oware ended (O5.5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// O5.1: a store holds more than half the seeds (or both exactly half).
    Majority,
    /// O5.2: the position repeats one since the last capture.
    Repetition,
    /// O5.3: the player to move has no legal move (O4.2).
    NoLegalMove,
    /// Engine cap: the list of positions since the last capture is full
    /// (see [`crate::repetition`]); scored as O5.4, marked as capped.
    HistoryCap,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 4] = [
        EndReason::Majority,
        EndReason::Repetition,
        EndReason::NoLegalMove,
        EndReason::HistoryCap,
    ];

    /// The reason as the outcome gives it, in kebab case.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Majority => "majority",
            EndReason::Repetition => "repetition",
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::HistoryCap => "history-cap",
        }
    }

    /// The reason of a kebab-case text.
    pub fn parse(text: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

/// How a finished game ended: the winner (`None`: a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct End {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub reason: EndReason,
}

/// An Oware position. `Copy`, with a size bounded by the board: the packed
/// houses, the stores, a few counters and the fixed-capacity list of
/// positions since the last capture.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OwareState {
    pub(crate) board: Packed,
    pub(crate) stores: [u8; 2],
    pub(crate) houses: u8,
    pub(crate) to_move: Player,
    pub(crate) ply: u32,
    pub(crate) end: Option<End>,
    /// The houses the player to move may sow from, as bits of their row
    /// (worked out with the end of the game after each move; 0 when over).
    pub(crate) legal: u8,
    pub(crate) seen: Seen,
}

impl OwareState {
    /// Houses in a row.
    pub fn houses_per_row(&self) -> usize {
        usize::from(self.houses)
    }

    /// A player's row, leftmost house first (`A`… or `a`…).
    pub fn row(&self, player: Player) -> Vec<u8> {
        let h = self.houses_per_row();
        let start = usize::from(player.0 & 1) * h;
        (start..start + h)
            .map(|i| seeds_at(self.board, i))
            .collect()
    }

    /// The seeds in a player's row.
    pub fn row_seeds(&self, player: Player) -> u32 {
        self.row(player).iter().map(|&n| u32::from(n)).sum()
    }

    /// The seeds in a player's store: what they captured (O3.3).
    pub fn store(&self, player: Player) -> u32 {
        u32::from(self.stores[usize::from(player.0 & 1)])
    }

    /// The player to move (in a finished game: the player who would have).
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Moves played since the start.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// How the game ended, if it is over.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The positions since the last capture (O5.2).
    pub fn seen(&self) -> &Seen {
        &self.seen
    }

    /// Whether the position with `to_move` to move occurred since the last
    /// capture.
    pub fn has_seen(&self, south: &[u8], north: &[u8], to_move: Player) -> bool {
        let mut board: Packed = 0;
        for (i, &n) in south.iter().chain(north).enumerate().take(16) {
            board |= Packed::from(n) << (8 * i);
        }
        south.len() == self.houses_per_row()
            && north.len() == self.houses_per_row()
            && self
                .seen
                .contains(code(board, 2 * self.houses_per_row(), to_move))
    }

    /// The stores as they stand, by player number; once the game is over,
    /// the final ones, each row added to its owner's store (O5.4).
    pub fn scores(&self) -> [i64; 2] {
        let mut scores = [
            i64::from(self.store(Player(0))),
            i64::from(self.store(Player(1))),
        ];
        if self.end.is_some() {
            scores[0] += i64::from(self.row_seeds(Player(0)));
            scores[1] += i64::from(self.row_seeds(Player(1)));
        }
        scores
    }

    /// The outcome of a finished game, with the final stores as scores
    /// (O5.4, O5.5). The engine cap `history-cap` is marked as capped.
    pub fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        let reason = end.reason.as_str();
        let outcome = match end.winner {
            Some(winner) => Outcome::win(winner, reason),
            None => Outcome::draw(reason),
        };
        let outcome = if end.reason == EndReason::HistoryCap {
            outcome.as_capped()
        } else {
            outcome
        };
        Some(outcome.with_scores(self.scores().to_vec()))
    }
}

/// What one player sees of a position: all of it (Oware has no hidden
/// information), with the seat the board is shown from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwareView {
    /// The player whose view it is.
    pub seat: Side,
    /// The whole position.
    #[serde(with = "state_serde")]
    pub state: OwareState,
}

impl OwareView {
    /// A view read from its JSON (the position with the positions since
    /// the last capture, see the module docs), every position checked as
    /// the rules require; the error is one line naming what is wrong (text
    /// from the input, such as an unknown key, has its control characters
    /// escaped).
    pub fn from_json(text: &str) -> Result<OwareView, String> {
        serde_json::from_str(text)
            .map_err(|e| plateau::escape_controls(&e.to_string()).into_owned())
    }
}

/// The JSON of a state (see the module docs).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StateJson {
    south: Vec<u8>,
    north: Vec<u8>,
    stores: BySide<u8>,
    to_move: Side,
    ply: u32,
    seen: Vec<String>,
    outcome: Option<OutcomeJson>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeJson {
    winner: Option<Side>,
    reason: String,
    scores: [i64; 2],
}

fn row_text(row: &[u8]) -> String {
    row.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl From<&OwareState> for StateJson {
    fn from(state: &OwareState) -> StateJson {
        let ring = 2 * state.houses_per_row();
        let on_board = state.row_seeds(Player(0)) + state.row_seeds(Player(1));
        let seen = state
            .seen
            .codes()
            .iter()
            .map(|&c| match decode(c, ring, on_board) {
                Some((houses, to_move)) => {
                    let (south, north) = houses.split_at(ring / 2);
                    format!(
                        "{} / {} / {}",
                        row_text(south),
                        row_text(north),
                        Side::of(to_move).name()
                    )
                }
                None => format!("code {c}"),
            })
            .collect();
        StateJson {
            south: state.row(Player(0)),
            north: state.row(Player(1)),
            stores: BySide {
                south: state.stores[0],
                north: state.stores[1],
            },
            to_move: Side::of(state.to_move),
            ply: state.ply,
            seen,
            outcome: state.end.map(|end| OutcomeJson {
                winner: end.winner.map(Side::of),
                reason: end.reason.as_str().to_string(),
                scores: state.scores(),
            }),
        }
    }
}

fn parse_row(text: &str, houses: usize, what: &str) -> Result<Vec<u8>, String> {
    let row: Vec<u8> = text
        .split_whitespace()
        .map(|n| {
            n.parse::<u8>()
                .map_err(|_| format!("{what}: '{n}' is not a number of seeds"))
        })
        .collect::<Result<_, _>>()?;
    if row.len() != houses {
        return Err(format!("{what}: {} houses, not {houses}", row.len()));
    }
    Ok(row)
}

fn pack(south: &[u8], north: &[u8]) -> Packed {
    south
        .iter()
        .chain(north)
        .enumerate()
        .map(|(i, &n)| Packed::from(n) << (8 * i))
        .sum()
}

impl TryFrom<StateJson> for OwareState {
    type Error = String;
    fn try_from(json: StateJson) -> Result<OwareState, String> {
        let houses = json.south.len();
        if !(1..=MAX_HOUSES).contains(&houses) || json.north.len() != houses {
            return Err(format!(
                "south and north must have the same number of houses, 1 to {MAX_HOUSES} (found {} and {})",
                houses,
                json.north.len()
            ));
        }
        let ring = 2 * houses;
        let on_board: u32 = json
            .south
            .iter()
            .chain(&json.north)
            .map(|&n| u32::from(n))
            .sum();
        let total = on_board + u32::from(json.stores.south) + u32::from(json.stores.north);
        if on_board as usize + ring + 1 > 64 || total > 64 {
            return Err(format!(
                "{on_board} seeds on {ring} houses and {total} in all: too many for a position code (O5.2)"
            ));
        }
        let board = pack(&json.south, &json.north);
        let mut codes = Vec::with_capacity(json.seen.len());
        for (i, text) in json.seen.iter().enumerate() {
            let what = format!("seen[{i}]");
            let parts: Vec<&str> = text.split('/').map(str::trim).collect();
            let [south, north, side] = parts[..] else {
                return Err(format!(
                    "{what}: '{text}' is not 'south row / north row / player to move'"
                ));
            };
            let south = parse_row(south, houses, &what)?;
            let north = parse_row(north, houses, &what)?;
            let to_move = match side {
                "south" => Player(0),
                "north" => Player(1),
                other => return Err(format!("{what}: no player '{other}'")),
            };
            let seeds: u32 = south.iter().chain(&north).map(|&n| u32::from(n)).sum();
            if seeds != on_board {
                return Err(format!(
                    "{what}: {seeds} seeds on the board, but {on_board} now; no capture since (O5.2)"
                ));
            }
            codes.push(code(pack(&south, &north), ring, to_move));
        }
        let seen = Seen::from_codes(&codes).ok_or_else(|| {
            format!(
                "seen: 1 to {} positions, none repeated (O5.2)",
                crate::repetition::CAPACITY
            )
        })?;
        let to_move = json.to_move.player();
        let mut state = OwareState {
            board,
            stores: [json.stores.south, json.stores.north],
            houses: houses as u8,
            to_move,
            ply: json.ply,
            end: None,
            legal: 0,
            seen,
        };
        let current = code(board, ring, to_move);
        match json.outcome {
            None => {
                state.legal = crate::feeding::legal_houses_of_rows(
                    &state.row(to_move),
                    &state.row(to_move.opponent()),
                );
                if state.legal == 0 {
                    return Err(
                        "the player to move has no legal move, but the game is not over (O5.3)"
                            .to_string(),
                    );
                }
                if codes.last() != Some(&current) {
                    return Err("seen: the last position is not the current one (O5.2)".to_string());
                }
            }
            Some(outcome) => {
                let reason = EndReason::parse(&outcome.reason).ok_or_else(|| {
                    let names: Vec<_> = EndReason::ALL.iter().map(|r| r.as_str()).collect();
                    format!(
                        "outcome reason '{}' is not one of {}",
                        outcome.reason,
                        names.join(", ")
                    )
                })?;
                state.end = Some(End {
                    winner: outcome.winner.map(Side::player),
                    reason,
                });
                state.legal = 0;
                if outcome.scores != state.scores() {
                    return Err(format!(
                        "outcome scores {:?} are not the stores with each row added ({:?}, O5.4)",
                        outcome.scores,
                        state.scores()
                    ));
                }
                let [south, north] = state.scores();
                let expected = match south.cmp(&north) {
                    std::cmp::Ordering::Greater => Some(Player(0)),
                    std::cmp::Ordering::Less => Some(Player(1)),
                    std::cmp::Ordering::Equal => None,
                };
                if state.end.map(|e| e.winner) != Some(expected) {
                    return Err(format!(
                        "outcome winner does not match the scores {:?} (O5.4)",
                        state.scores()
                    ));
                }
            }
        }
        Ok(state)
    }
}

/// (De)serializes a state through its JSON model.
pub(crate) mod state_serde {
    use super::{OwareState, StateJson};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(state: &OwareState, s: S) -> Result<S::Ok, S::Error> {
        StateJson::from(state).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<OwareState, D::Error> {
        let json = StateJson::deserialize(d)?;
        OwareState::try_from(json).map_err(serde::de::Error::custom)
    }
}
