//! Positions: the stones in every pit, who is to move, and how the game
//! ended (decided when the move is applied, so that `status` costs nothing).
//!
//! In JSON a state gives each player's 16 pits in index form (H1.4, `a8 …
//! a1, b1 … b8`) and the stones on each side, for example
//! `{"south":[2,2,2,2,2,2,2,2,0,0,0,0,2,2,2,2],"north":[…],"stones":{"south":24,"north":24},"to_move":"south","ply":0,"outcome":null}`.

use crate::board::{pack, Packed, PITS};
use plateau::sowing::BySide;
pub use plateau::sowing::Side;
use plateau::{Outcome, Player};
use serde::{Deserialize, Serialize};

/// Why a game of Hus ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// H4.1, first clause: the loser has no pit holding 2 or more stones.
    NoPitWithTwoStones,
    /// H4.1, second clause: the loser, to move, has pits of 2 or more stones
    /// but every move from them is endless (H3.7).
    NoLegalMove,
    /// H4.3: the engine cap `max_plies` was reached; a draw.
    MoveCap,
}

impl EndReason {
    /// The reason as the outcome gives it, in kebab case.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::NoPitWithTwoStones => "no-pit-with-two-stones",
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::MoveCap => "move-cap",
        }
    }

    /// The reason of a kebab-case text.
    pub fn parse(text: &str) -> Option<EndReason> {
        [
            EndReason::NoPitWithTwoStones,
            EndReason::NoLegalMove,
            EndReason::MoveCap,
        ]
        .into_iter()
        .find(|r| r.as_str() == text)
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

/// A Hus position. Small and `Copy`: 32 bytes of pits and a few counters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "StateJson", try_from = "StateJson")]
pub struct HusState {
    pub(crate) pits: [[u8; PITS]; 2],
    pub(crate) to_move: Player,
    pub(crate) ply: u32,
    pub(crate) end: Option<End>,
}

impl HusState {
    /// A player's 16 pits in index form (H1.4).
    pub fn pits(&self, player: Player) -> [u8; PITS] {
        self.pits[player.index() & 1]
    }

    /// The stones on a player's side.
    pub fn stones(&self, player: Player) -> u32 {
        self.pits(player).iter().map(|&n| u32::from(n)).sum()
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

    /// The outcome of a finished game, with the scores of H4.2: the winner
    /// scores the stones on their side, doubled if the loser has no stones
    /// at all; the loser scores 0. A draw (the move cap) has no scores.
    pub fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        Some(match end.winner {
            None => Outcome::cap(end.reason.as_str()),
            Some(winner) => {
                Outcome::win(winner, end.reason.as_str()).with_scores(self.scores(winner).to_vec())
            }
        })
    }

    /// The scores by player number when `winner` wins (H4.2).
    pub fn scores(&self, winner: Player) -> [i64; 2] {
        let own = i64::from(self.stones(winner));
        let wiped_out = self.stones(winner.opponent()) == 0;
        let mut scores = [0; 2];
        scores[winner.index() & 1] = if wiped_out { 2 * own } else { own };
        scores
    }

    /// A 64-bit key of everything that decides the legal moves and the
    /// rest of the game (`Game::state_key`): the 32 pits, the player to
    /// move, how the game ended, and the moves played when `with_ply` (they
    /// decide the future only under the move cap, H4.3). The pits are read
    /// as four 64-bit words (a pit holds at most 255 stones) and mixed with
    /// the rest.
    #[inline]
    pub(crate) fn key(&self, with_ply: bool) -> u64 {
        let word = |side: &[u8; PITS], half: usize| {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&side[8 * half..8 * half + 8]);
            u64::from_le_bytes(bytes)
        };
        let [south, north] = &self.pits;
        let ply = if with_ply { u64::from(self.ply) } else { 0 };
        let end = self.end.map_or(0, |e| {
            1 + e.reason as u64 + (e.winner.map_or(0, |p| u64::from(p.0) + 1) << 4)
        });
        let rest = u64::from(self.to_move.0) | ply << 8 | end << 48;
        let mut h = mix(rest);
        for w in [
            word(south, 0),
            word(south, 1),
            word(north, 0),
            word(north, 1),
        ] {
            h = mix(h ^ w);
        }
        h
    }

    #[inline(always)]
    pub(crate) fn packed(&self) -> [Packed; 2] {
        [pack(self.pits[0]), pack(self.pits[1])]
    }
}

/// The finaliser of SplitMix64: a well-mixed 64-bit image of `z`.
#[inline(always)]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one player sees of a position: all of it (Hus has no hidden
/// information), with the seat the board is shown from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HusView {
    /// The player whose view it is.
    pub seat: Side,
    /// The whole position.
    pub state: HusState,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateJson {
    south: [u8; PITS],
    north: [u8; PITS],
    stones: BySide<u32>,
    to_move: Side,
    ply: u32,
    outcome: Option<OutcomeJson>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeJson {
    winner: Option<Side>,
    reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scores: Option<[i64; 2]>,
}

impl From<HusState> for StateJson {
    fn from(state: HusState) -> StateJson {
        StateJson {
            south: state.pits[0],
            north: state.pits[1],
            stones: BySide {
                south: state.stones(Player(0)),
                north: state.stones(Player(1)),
            },
            to_move: Side::of(state.to_move),
            ply: state.ply,
            outcome: state.end.map(|end| OutcomeJson {
                winner: end.winner.map(Side::of),
                reason: end.reason.as_str().to_string(),
                scores: end.winner.map(|w| state.scores(w)),
            }),
        }
    }
}

impl TryFrom<StateJson> for HusState {
    type Error = String;
    fn try_from(json: StateJson) -> Result<HusState, String> {
        let mut state = HusState {
            pits: [json.south, json.north],
            to_move: json.to_move.player(),
            ply: json.ply,
            end: None,
        };
        let (south, north) = (state.stones(Player(0)), state.stones(Player(1)));
        if south + north > crate::params::MAX_STONES {
            return Err(format!(
                "the pits hold {} stones; at most {} are possible",
                south + north,
                crate::params::MAX_STONES
            ));
        }
        if json.stones != (BySide { south, north }) {
            return Err(format!(
                "stones: south {} and north {} do not match the pits (south {south}, north {north})",
                json.stones.south, json.stones.north
            ));
        }
        if let Some(outcome) = json.outcome {
            let reason = EndReason::parse(&outcome.reason).ok_or_else(|| {
                format!(
                    "outcome reason '{}' is not one of no-pit-with-two-stones, no-legal-move, move-cap",
                    outcome.reason
                )
            })?;
            let winner = outcome.winner.map(Side::player);
            if (reason == EndReason::MoveCap) != winner.is_none() {
                return Err(format!(
                    "outcome: a game ended by {} {}",
                    reason.as_str(),
                    if winner.is_none() {
                        "has a winner"
                    } else {
                        "is a draw"
                    }
                ));
            }
            state.end = Some(End { winner, reason });
            if let (Some(scores), Some(w)) = (outcome.scores, winner) {
                if scores != state.scores(w) {
                    return Err(format!(
                        "outcome scores {scores:?} do not match the pits ({:?}, H4.2)",
                        state.scores(w)
                    ));
                }
            }
        }
        Ok(state)
    }
}
