//! The JSON display model of a [`StrategoState`]: what a person would want
//! to read, written from the state with its rules
//! ([`Render::state_json`](plateau::Render::state_json)).
//!
//! It shows the phase, the side to move, the outcome, the counters, every
//! piece of each side in the order it was set up (with where it stands,
//! where it started, and what is known of it), each side's tray,
//! two-squares series (S7), chase (S8) and returns (S12.5), the pending
//! reconquest step, and the last public event (S6.3), with sides and pieces
//! named as in the rules data, and the board's size and lakes and each
//! kind's name, symbol and movement (`board`, `kinds`).
//!
//! It is written, never read back: a game is restored from its record (the
//! moves replayed through the engine), and a hand-made position is
//! described to a validated [`PositionBuilder`](crate::PositionBuilder).
//!
//! ```
//! use plateau::{Game, Player, Render};
//! use plateau_stratego::Stratego;
//!
//! let game = Stratego::variant("duel").unwrap();
//! let mut state = game.initial_state(0);
//! let mut rng = plateau::rng(3);
//! for _ in 0..5 {
//!     let mv = game.random_move(&state, &mut rng).unwrap();
//!     game.apply(&mut state, &mv);
//! }
//! let json = game.state_json(&state);
//! assert_eq!(json["plies"], 3);
//! assert_eq!(json["pieces"][0]["side"], "red");
//! assert_eq!(json["last_event"]["type"], "move");
//! ```

use crate::board::Square;
use crate::builder::neighbours;
use crate::combat::Clash;
use crate::params::{Rules, CAPTAIN_CLASS, MAX_ARMY, MOBILE_CLASS, SCOUT_CLASS, STEP_CLASS};
use crate::state::{Event, StrategoState, MARKED, MOVED, REVEALED};
use serde::Serialize;
use std::collections::BTreeMap;

/// A state as JSON.
#[derive(Debug, Serialize)]
pub(crate) struct StateJson {
    /// Setups made (S3.2): 0 or 1 while the sides set up, 2 once play has
    /// begun.
    pub setups_done: u8,
    /// The side to act next (its setup, move or reconquest step).
    pub to_move: String,
    /// The outcome, once the game is over.
    pub outcome: Option<OutcomeJson>,
    /// Moves of play so far (setups and reconquest steps not counted).
    pub plies: u32,
    /// Moves of play since the last attack (S9.5).
    pub plies_without_capture: u32,
    /// The reconquest step the side to move is to make (S12.5e), if any.
    pub pending_step: Option<PendingJson>,
    /// Every piece of both sides, each side's in the order it was set up.
    pub pieces: Vec<PieceJson>,
    /// Each side's name, tray and rule records, first side first.
    pub sides: [SideJson; 2],
    /// The last public event (S6.3), if any.
    pub last_event: Option<EventJson>,
    /// The board of the rules (S1).
    pub board: BoardJson,
    /// The kinds of piece of the rules, strongest first.
    pub kinds: Vec<KindJson>,
}

/// How a game ended.
#[derive(Debug, Serialize)]
pub(crate) struct OutcomeJson {
    /// The winning side's name; `null` for a draw.
    pub winner: Option<String>,
    /// Why (S10), e.g. `flag-captured`.
    pub reason: String,
}

/// A piece: its side and kind, where it stands and where it started.
#[derive(Debug, Serialize)]
pub(crate) struct PieceJson {
    /// Its side's name.
    pub side: String,
    /// Its kind's name.
    pub piece: String,
    /// Where it stands; `null` once removed.
    pub square: Option<Square>,
    /// Where it was set up, when that is not `square`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<Square>,
    /// Whether it has moved since it was set up or returned (S6.2).
    pub moved: bool,
    /// Whether the opponent knows its rank (S6.2).
    pub revealed: bool,
    /// Whether it has returned a removed piece (S12.5c).
    #[serde(skip_serializing_if = "is_false")]
    pub marked: bool,
}

/// What each side has of its own.
#[derive(Debug, Serialize)]
pub(crate) struct SideJson {
    /// The side's name in the rules data.
    pub name: String,
    /// Its removed pieces, counted by kind name (S5.7).
    pub tray: BTreeMap<String, u8>,
    /// The returns it has made (S12.5c).
    pub returns: u8,
    /// Its last move and its series of moves between two squares (S7).
    pub two_squares: SeriesJson,
    /// Its chase (S8).
    pub chase: ChaseJson,
}

/// A side's two-squares series (S7).
#[derive(Debug, Default, Serialize)]
pub(crate) struct SeriesJson {
    /// Where the side's last move came from.
    pub from: Option<Square>,
    /// Where it went.
    pub to: Option<Square>,
    /// Moves in a row of that piece between those two squares; 0 once it
    /// was removed.
    pub count: u8,
}

/// A side's chase (S8).
#[derive(Debug, Default, Serialize)]
pub(crate) struct ChaseJson {
    /// Where the side's last move ended.
    pub square: Option<Square>,
    /// The enemy pieces next to `square` that move threatened (S8.1).
    pub threatens: Vec<Square>,
    /// Whether a continuous chase is on (S8.2).
    pub active: bool,
    /// The positions after the side's moves in the chase (S8.3), as
    /// position keys in hexadecimal.
    pub positions: Vec<String>,
}

/// The reconquest step to make (S12.5e).
#[derive(Debug, Serialize)]
pub(crate) struct PendingJson {
    /// Where the arriving piece stands, on the opponent's back row.
    pub square: Square,
    /// The enemy pieces next to it that its move threatened (S8.1).
    pub threatens: Vec<Square>,
    /// Whether S8 judges the step (S12.5f).
    pub judged: bool,
    /// Whether only `skip` is legal: the arriving piece is an unrevealed
    /// scout (S12.5c).
    pub skip_only: bool,
}

/// A public event (S6.3).
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum EventJson {
    /// A side made its setup.
    Setup {
        /// The side.
        side: String,
    },
    /// A move of play.
    Move {
        /// The side.
        side: String,
        /// Where the piece came from.
        from: Square,
        /// Where it went, or what it attacked.
        to: Square,
        /// The mover's kind, when the move itself showed it.
        #[serde(skip_serializing_if = "Option::is_none")]
        revealed: Option<String>,
        /// The fight, when the move was an attack.
        #[serde(skip_serializing_if = "Option::is_none")]
        combat: Option<CombatJson>,
    },
    /// A removed piece returned (S12.5b).
    Return {
        /// The side.
        side: String,
        /// The returned piece's kind.
        piece: String,
        /// Where it was put.
        square: Square,
    },
    /// A reconquest step skipped (S12.5d).
    Skip {
        /// The side.
        side: String,
    },
}

/// A fight as both players saw it.
#[derive(Debug, Serialize)]
pub(crate) struct CombatJson {
    /// The attacker's kind.
    pub attacker: String,
    /// The defender's kind; `null` for a silent defender (S12.6).
    pub defender: Option<String>,
    /// Who won.
    pub result: Clash,
}

/// The board (S1).
#[derive(Debug, Serialize)]
pub(crate) struct BoardJson {
    /// Files `a` onwards.
    pub files: u8,
    /// Ranks `1` onwards.
    pub ranks: u8,
    /// The lake squares (S1.2).
    pub lakes: Vec<Square>,
}

/// A kind of piece.
#[derive(Debug, Serialize)]
pub(crate) struct KindJson {
    /// Its name.
    pub name: String,
    /// Its symbol in setups and boards.
    pub symbol: char,
    /// How it moves, the option rules applied.
    pub moves: MovesJson,
    /// Whether it is a movable piece for the end of the game (S9).
    pub movable: bool,
}

/// How a kind moves under the rules of the state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum MovesJson {
    /// It never moves (S4.5).
    Fixed,
    /// One square (S4.2).
    Step,
    /// Any distance in a line (S4.3).
    Scout,
    /// One or two squares, turning if it likes (S11.4).
    Captain,
    /// One square to an empty square, never attacking (S12.3, S12.4).
    Mobile,
}

impl MovesJson {
    /// The name of a state's movement class.
    pub fn of_class(class: u8) -> MovesJson {
        match class {
            STEP_CLASS => MovesJson::Step,
            SCOUT_CLASS => MovesJson::Scout,
            CAPTAIN_CLASS => MovesJson::Captain,
            MOBILE_CLASS => MovesJson::Mobile,
            _ => MovesJson::Fixed,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The square of a state's cell; `None` for 0 (no square) or a border cell.
pub(crate) fn square(cell: u8) -> Option<Square> {
    Square::from_cell(cell as usize)
}

impl StateJson {
    /// The display model of a state under its rules. Never fails, whatever
    /// the state holds.
    pub fn of(rules: &Rules, st: &StrategoState) -> StateJson {
        let side = |p: usize| rules.names.get(p).map_or("?", String::as_str).to_string();
        let kind = |k: u8| {
            rules
                .kinds
                .get(k as usize)
                .map_or("?", |k| k.name.as_str())
                .to_string()
        };
        let mut pieces = Vec::new();
        for s in 0..2 {
            for id in s * MAX_ARMY..s * MAX_ARMY + (st.placed[s] as usize).min(MAX_ARMY) {
                let at = square(st.at[id]);
                let origin = square(st.origin[id]);
                pieces.push(PieceJson {
                    side: side(s),
                    piece: kind(st.kind[id]),
                    square: at,
                    origin: if origin == at { None } else { origin },
                    moved: st.flags[id] & MOVED != 0,
                    revealed: st.flags[id] & REVEALED != 0,
                    marked: st.flags[id] & MARKED != 0,
                });
            }
        }
        let sides = [0, 1].map(|s| SideJson {
            name: side(s),
            tray: rules
                .kinds
                .iter()
                .zip(&st.tray[s])
                .filter(|(_, &n)| n > 0)
                .map(|(k, &n)| (k.name.clone(), n))
                .collect(),
            returns: st.returns[s],
            two_squares: SeriesJson {
                from: square(st.series[s].from),
                to: square(st.series[s].to),
                count: st.series[s].count,
            },
            chase: ChaseJson {
                square: square(st.chase[s].square),
                threatens: neighbours(st.chase[s].square, st.chase[s].threats),
                active: st.chase[s].active,
                positions: st.chase[s]
                    .positions
                    .iter()
                    .map(|k| format!("{k:016x}"))
                    .collect(),
            },
        });
        let last_event = st.last.map(|e| match e {
            Event::Setup { player } => EventJson::Setup {
                side: side(player.index()),
            },
            Event::Move {
                player,
                from,
                to,
                revealed,
                combat,
            } => EventJson::Move {
                side: side(player.index()),
                from,
                to,
                revealed: revealed.map(kind),
                combat: combat.map(|c| CombatJson {
                    attacker: kind(c.attacker),
                    defender: c.defender.map(kind),
                    result: c.result,
                }),
            },
            Event::Return {
                player,
                kind: k,
                square,
            } => EventJson::Return {
                side: side(player.index()),
                piece: kind(k),
                square,
            },
            Event::Skip { player } => EventJson::Skip {
                side: side(player.index()),
            },
        });
        let lakes = (0..rules.ranks)
            .flat_map(|r| (0..rules.files).filter_map(move |f| Square::new(f, r)))
            .filter(|sq| st.board[sq.index()] == crate::params::BLOCKED)
            .collect();
        StateJson {
            setups_done: st.setups_done,
            to_move: side(st.to_move.index()),
            outcome: st.outcome.as_ref().map(|o| OutcomeJson {
                winner: o.winner.map(|w| side(w.index())),
                reason: o.reason.to_string(),
            }),
            plies: st.plies,
            plies_without_capture: st.quiet,
            pending_step: st.pending.and_then(|p| {
                Some(PendingJson {
                    square: square(p.to)?,
                    threatens: neighbours(p.to, p.threats),
                    judged: p.judged,
                    skip_only: p.skip_only,
                })
            }),
            pieces,
            sides,
            last_event,
            board: BoardJson {
                files: rules.files,
                ranks: rules.ranks,
                lakes,
            },
            kinds: rules
                .kinds
                .iter()
                .enumerate()
                .map(|(i, k)| KindJson {
                    name: k.name.clone(),
                    symbol: k.symbol,
                    moves: MovesJson::of_class(rules.class[i]),
                    movable: rules.movable[i],
                })
                .collect(),
        }
    }
}
