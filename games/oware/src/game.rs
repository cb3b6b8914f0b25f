//! The rules of Oware as a [`plateau::Game`].

use crate::board::{House, Layout};
use crate::capture::{capture, Capture};
use crate::endgame::EndgameTables;
use crate::feeding::must_feed;
use crate::notation::{format_house, parse_house};
use crate::params::{validate, OwareParams};
use crate::repetition::{code, Seen};
use crate::sowing::{sow, Sown};
use crate::state::{OwareState, OwareView, Side};
use crate::{end, render};
use plateau::rand::Rng;
use plateau::{
    DescribeMoves, FreeFormMoves, Game, MoveParseError, ParamDoc, Player, Render, RulesDocs,
    RulesError, SearchHooks, Status, Variant,
};
use std::sync::Arc;
use thiserror::Error;

/// Oware (Abapa, RULES.md O1–O5) with its validated rules parameters.
/// Player 0 is South, player 1 North; a move is the [`House`] sown from.
#[derive(Clone, Debug)]
pub struct Oware {
    params: OwareParams,
    layout: Layout,
    /// Cache: the start position of these rules, built once by
    /// [`Game::new`] and copied by [`Game::initial_state`].
    start: OwareState,
    /// The endgame tables that search and analysis read, if any: those
    /// installed when the game was built ([`crate::endgame::install`]) or
    /// given by [`Oware::with_tables`].
    tables: Option<Arc<EndgameTables>>,
}

/// A position that [`Oware::position`] cannot build.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A row does not have as many houses as these rules.
    #[error("a row of {found} houses; these rules have {expected}")]
    WrongRow {
        /// Houses given.
        found: usize,
        /// Houses of the rules.
        expected: usize,
    },
    /// The seeds on the board and in the stores are not the rules' total.
    #[error("{found} seeds on the board and in the stores; these rules play with {expected}")]
    WrongTotal {
        /// Seeds given.
        found: u32,
        /// Seeds of the rules.
        expected: u32,
    },
    /// The player to move is not South (0) or North (1).
    #[error("no player {0}; Oware has south (0) and north (1)")]
    NoSuchPlayer(u8),
}

const STANDARD: &str = include_str!("../../../rules-data/oware/standard.toml");
const SMALL: &str = include_str!("../../../rules-data/oware/small.toml");

impl Oware {
    /// The standard rules (6 houses of 4 seeds).
    pub fn standard() -> Oware {
        plateau::rules::load(&plateau::RulesSpec::default_variant())
            .expect("the standard rules are valid")
            .game
    }

    /// These rules searching with `tables` (or none): search takes every
    /// position they cover as its exact result, and analysis shows it.
    /// Tables for rows of another size are not used.
    pub fn with_tables(mut self, tables: Option<Arc<EndgameTables>>) -> Oware {
        self.tables = tables.filter(|t| t.houses() == self.houses());
        self
    }

    /// The endgame tables these rules search with, if any.
    pub fn tables(&self) -> Option<&Arc<EndgameTables>> {
        self.tables.as_ref()
    }

    /// Houses in a row.
    pub fn houses(&self) -> usize {
        self.layout.houses
    }

    /// Seeds in the game (48 in the standard rules).
    pub fn total_seeds(&self) -> u32 {
        self.layout.total
    }

    /// A position of these rules: the rows (leftmost house first), the
    /// stores and the player to move, as if just reached by a capture (the
    /// positions since the last capture are this one only); whether it is
    /// over is decided as after a move (O5.6).
    pub fn position(
        &self,
        south: &[u8],
        north: &[u8],
        stores: [u8; 2],
        to_move: Player,
    ) -> Result<OwareState, PositionError> {
        if to_move.0 > 1 {
            return Err(PositionError::NoSuchPlayer(to_move.0));
        }
        for row in [south, north] {
            if row.len() != self.houses() {
                return Err(PositionError::WrongRow {
                    found: row.len(),
                    expected: self.houses(),
                });
            }
        }
        let found: u32 = south
            .iter()
            .chain(north)
            .chain(&stores)
            .map(|&n| u32::from(n))
            .sum();
        if found != self.total_seeds() {
            return Err(PositionError::WrongTotal {
                found,
                expected: self.total_seeds(),
            });
        }
        let mut houses = south.to_vec();
        houses.extend_from_slice(north);
        let board = self.layout.pack(&houses);
        let mut seen = Seen::starting_with(code(board, self.layout.ring, to_move));
        let (end, legal) = end::after_move(&self.layout, board, stores, to_move, true, &mut seen);
        Ok(OwareState {
            board,
            stores,
            houses: self.houses() as u8,
            to_move,
            ply: 0,
            end,
            legal,
            seen,
        })
    }

    /// Sows `house` in `state` and makes its capture, without changing the
    /// state or checking that the move is legal: the sowing (the board
    /// before the capture) and what the capture takes.
    pub fn sow_and_capture(&self, state: &OwareState, house: House) -> (Sown, Capture) {
        let sown = sow(&self.layout, state.board, house.place(self.houses()));
        let (_, taken) = capture(&self.layout, sown.board, sown.last, state.to_move);
        (sown, taken)
    }

    /// Plays the sowing of ring place `from` for the player to move: the
    /// capture, then the checks of O5.6.
    #[inline(always)]
    fn play(&self, state: &mut OwareState, from: usize) {
        let mover = state.to_move;
        let sown = sow(&self.layout, state.board, from);
        let (board, taken) = capture(&self.layout, sown.board, sown.last, mover);
        let seeds = taken.taken();
        state.board = board;
        state.stores[usize::from(mover.0)] += seeds as u8;
        state.to_move = mover.opponent();
        state.ply = state.ply.wrapping_add(1);
        (state.end, state.legal) = end::after_move(
            &self.layout,
            board,
            state.stores,
            state.to_move,
            seeds > 0,
            &mut state.seen,
        );
    }

    /// The legal houses of the player to move as bits of their row (kept
    /// in the state, worked out when the move before was applied).
    #[inline(always)]
    fn legal_bits(&self, state: &OwareState) -> u32 {
        u32::from(state.legal)
    }

    /// A legal house drawn uniformly, as its ring place: the `k`-th of the
    /// legal houses for a uniform `k`, looked up in a table.
    #[inline(always)]
    fn draw<R: Rng + ?Sized>(&self, state: &OwareState, rng: &mut R) -> Option<usize> {
        let bits = state.legal;
        if bits == 0 {
            return None;
        }
        let count = bits.count_ones();
        let k = if count > 1 {
            rng.random_range(0..count) as usize
        } else {
            0
        };
        Some(self.layout.row_start(state.to_move) + usize::from(NTH_BIT[usize::from(bits)][k]))
    }
}

/// By a set of bits (8 of them) and `k`: the place of its `k`-th set bit
/// (0 where there is none).
static NTH_BIT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut k = 0;
        let mut j = 0;
        while j < 8 {
            if bits & (1 << j) != 0 {
                table[bits][k] = j as u8;
                k += 1;
            }
            j += 1;
        }
        bits += 1;
    }
    table
};

/// A 64-bit finaliser (SplitMix64's) for [`Game::state_key`].
#[inline(always)]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Game for Oware {
    type Params = OwareParams;
    type State = OwareState;
    type Move = House;
    type View = OwareView;

    const ID: &'static str = "oware";
    const NAME: &'static str = "Oware";
    const HIDDEN_INFORMATION: bool = false;

    fn variants() -> &'static [Variant] {
        &[
            Variant {
                name: "standard",
                description: "Abapa: 6 houses a row of 4 seeds, 48 in all",
                toml: STANDARD,
            },
            Variant {
                name: "small",
                description: "Abapa on a small board: 4 houses a row of 3 seeds, 24 in all",
                toml: SMALL,
            },
        ]
    }

    fn new(params: OwareParams) -> Result<Self, RulesError> {
        validate(&params)?;
        let layout = Layout::new(params.houses as usize, params.seeds);
        let board = layout.pack(&vec![params.seeds as u8; layout.ring]);
        let mut seen = Seen::starting_with(code(board, layout.ring, Player(0)));
        let (end, legal) = end::after_move(&layout, board, [0, 0], Player(0), true, &mut seen);
        let start = OwareState {
            board,
            stores: [0, 0],
            houses: params.houses as u8,
            to_move: Player(0),
            ply: 0,
            end,
            legal,
            seen,
        };
        let tables = crate::endgame::installed().filter(|t| t.houses() == layout.houses);
        Ok(Oware {
            params,
            layout,
            start,
            tables,
        })
    }

    fn params(&self) -> &OwareParams {
        &self.params
    }

    fn player_name(&self, player: Player) -> &str {
        crate::Side::of(player).name()
    }

    fn initial_state(&self, _seed: u64) -> OwareState {
        self.start
    }

    #[inline]
    fn status(&self, state: &OwareState) -> Status {
        plateau::sowing::status(state.to_move, state.end.is_some(), || state.outcome())
    }

    fn returns(&self, outcome: &plateau::Outcome, player: Player) -> f64 {
        // Win 1, loss -1, draw 0, as OpenSpiel's `oware`; a capped game is
        // scored by its final stores like any other (O5.4).
        outcome.win_loss_return(player)
    }

    fn state_key(&self, state: &OwareState) -> u64 {
        let low = state.board as u64;
        let high = (state.board >> 64) as u64;
        let extra = u64::from(state.stores[0])
            | u64::from(state.stores[1]) << 8
            | u64::from(state.to_move.0) << 16
            | u64::from(state.end.is_some()) << 17;
        mix(low ^ mix(high ^ mix(extra))) ^ state.seen.set_hash()
    }

    fn legal_moves(&self, state: &OwareState, moves: &mut Vec<House>) {
        moves.clear();
        let mut bits = self.legal_bits(state);
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            moves.push(House::new(state.to_move, j).expect("a house of the row"));
        }
    }

    fn check_move(&self, state: &OwareState, mv: &House) -> Result<(), String> {
        if state.end.is_some() {
            return Err("the game is over".into());
        }
        let mover = state.to_move;
        let h = self.houses();
        if mv.index() >= h {
            return Err(format!("no house {mv} with {h} houses a row"));
        }
        if mv.owner() != mover {
            return Err(format!(
                "house {mv} is {}'s; {} sows from their own row (O2.1)",
                self.player_name(mv.owner()),
                self.player_name(mover)
            ));
        }
        let seeds = state.row(mover)[mv.index()];
        if seeds == 0 {
            return Err(format!("house {mv} is empty (O2.1)"));
        }
        if u32::from(state.legal) & (1 << mv.index()) == 0 {
            debug_assert!(must_feed(&self.layout, state.board, mover));
            return Err(format!(
                "{}'s row is empty and the {seeds} seed{} of {mv} do not reach it: a move must feed it (O4.1)",
                self.player_name(mover.opponent()),
                if seeds == 1 { "" } else { "s" }
            ));
        }
        Ok(())
    }

    #[inline]
    fn apply_unchecked(&self, state: &mut OwareState, mv: &House) {
        if state.end.is_some() || mv.index() >= self.houses() || mv.owner() != state.to_move {
            return;
        }
        let from = mv.place(self.houses());
        if crate::board::seeds_at(state.board, from) == 0 {
            return;
        }
        self.play(state, from);
    }

    fn random_move<R: Rng + ?Sized>(&self, state: &OwareState, rng: &mut R) -> Option<House> {
        self.draw(state, rng)
            .map(|place| House::at(place, self.houses()))
    }

    #[inline]
    fn play_random<R: Rng + ?Sized>(&self, state: &mut OwareState, rng: &mut R) -> bool {
        match self.draw(state, rng) {
            Some(place) => {
                self.play(state, place);
                true
            }
            None => false,
        }
    }

    fn view(&self, state: &OwareState, player: Player) -> OwareView {
        OwareView {
            seat: Side::of(player),
            state: *state,
        }
    }

    fn format_move(&self, mv: &House) -> String {
        format_house(*mv)
    }

    fn parse_move(&self, _state: &OwareState, text: &str) -> Result<House, MoveParseError> {
        parse_house(text, self.houses()).map_err(|reason| MoveParseError::new(text, reason))
    }
}

impl RulesDocs for Oware {
    fn param_docs() -> &'static [ParamDoc] {
        &[
            ParamDoc {
                key: "houses",
                description: "houses in each player's row, 1 to 8 (O1.1); moves are A… and a…",
            },
            ParamDoc {
                key: "seeds",
                description: "seeds in every house at the start (O1.1); houses × (seeds + 1) ≤ 31",
            },
        ]
    }

    /// The rules for players, `docs/rules/oware.md`.
    fn rules_text(&self) -> Option<&'static str> {
        Some(include_str!("../../../docs/rules/oware.md"))
    }

    fn summary(&self) -> String {
        format!(
            "Oware, Abapa rules (RULES.md O1–O5): {} houses a row of {} seeds, {} in all; \
             sowing skips its own house on a lap; 2s and 3s captured backwards, a grand slam \
             captures nothing; a player must feed an empty row; more than half the seeds wins; \
             a repeated position since the last capture or no legal move ends the game, each \
             side collecting its row; engine cap: {} positions since the last capture.",
            self.houses(),
            self.params.seeds,
            self.total_seeds(),
            crate::repetition::CAPACITY
        )
    }
}

impl Render for Oware {
    fn render_state(&self, state: &OwareState) -> String {
        render::board(self, state, Player(0))
    }

    fn state_json(&self, state: &OwareState) -> serde_json::Value {
        serde_json::to_value(crate::state::StateJson::from(state)).expect("states always serialize")
    }

    fn board_view(
        &self,
        state: &OwareState,
        seat: Option<Player>,
    ) -> Option<plateau::board::BoardView> {
        Some(crate::board_view::board_view(self, state, seat))
    }

    fn move_squares(&self, mv: &House) -> Vec<String> {
        vec![format_house(*mv)]
    }

    fn render_view(&self, view: &OwareView) -> String {
        render::board(self, &view.state, view.seat.player())
    }

    fn render_view_marked(&self, view: &OwareView, last: Option<(Player, &House)>) -> String {
        let house = last.map(|(_, house)| *house);
        render::board_marked(self, &view.state, view.seat.player(), house)
    }

    fn render_state_marked(&self, state: &OwareState, last: Option<(Player, &House)>) -> String {
        let house = last.map(|(_, house)| *house);
        render::board_marked(self, state, Player(0), house)
    }
}

impl DescribeMoves for Oware {
    /// A move that captures is shown with its sowing first (O2.1), the
    /// captures (O3) after: the board the engine's sowing leaves.
    fn move_frames(
        &self,
        before: &OwareState,
        mv: &House,
        seat: Option<Player>,
    ) -> Vec<plateau::board::BoardView> {
        if self.check_move(before, mv).is_err() {
            return Vec::new();
        }
        let sown = sow(&self.layout, before.board, mv.place(self.houses()));
        let (_, taken) = capture(&self.layout, sown.board, sown.last, before.to_move);
        if taken.taken() == 0 {
            return Vec::new();
        }
        let mut state = *before;
        state.board = sown.board;
        vec![crate::board_view::board_view(self, &state, seat)]
    }

    fn describe_move(
        &self,
        before: &OwareState,
        mv: &House,
        _viewer: Option<Player>,
    ) -> Option<String> {
        Some(render::describe_move(self, before, *mv))
    }
}

impl FreeFormMoves for Oware {
    fn move_hint(&self, state: &OwareState) -> Option<String> {
        let last = (b'A' + self.houses() as u8 - 1) as char;
        Some(if state.to_move.0 == 0 {
            format!("one of south's houses A–{last} that is not empty")
        } else {
            format!(
                "one of north's houses a–{} that is not empty",
                last.to_ascii_lowercase()
            )
        })
    }
}

impl SearchHooks for Oware {
    fn evaluate(&self, state: &OwareState, player: Player) -> f64 {
        crate::eval::evaluate(&self.layout, state, player)
    }

    fn evaluations(&self) -> &'static [&'static str] {
        &["hand", "learned"]
    }

    /// `learned` ([`crate::learned_eval`]) for a position in play on the
    /// board it was trained for; the hand evaluation otherwise.
    fn evaluate_with(&self, eval: usize, state: &OwareState, player: Player) -> f64 {
        if eval == 1 && state.end().is_none() && crate::learned_eval::covers(&self.layout) {
            crate::learned_eval::evaluate(state, player)
        } else {
            self.evaluate(state, player)
        }
    }

    /// The endgame tables' result, where they cover the board: the sign of
    /// the stores' difference plus the board's exact value
    /// ([`crate::endgame`]).
    fn exact_value(&self, state: &OwareState, player: Player) -> Option<f64> {
        let tables = self.tables.as_ref()?;
        let value = tables.value(state)?;
        let me = state.to_move();
        let lead = state.store(me) as i32 - state.store(me.opponent()) as i32 + value;
        let mine = f64::from(lead.signum());
        Some(if player == me { mine } else { -mine })
    }

    /// Alpha-beta, as the framework's default for perfect information
    /// (measured on Oware at equal time against MCTS with random and with
    /// evaluation-cut rollouts, docs/AI.md "Strength runs"), with the
    /// learned evaluation, which scored 0.735 over 400 games against the
    /// hand evaluation at 100 ms a move (docs/AI.md, "Learned evaluation").
    fn default_agent(&self) -> &'static str {
        "alphabeta:eval=learned"
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &OwareView, _rng: &mut R) -> OwareState {
        view.state
    }
}
