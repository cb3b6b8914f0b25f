//! The rules of Hus as a [`plateau::Game`].

use crate::board::{pits_with_two, stones_at, unpack, Packed, Pit};
use crate::notation::{format_pit, parse_pit};
use crate::params::{validate, First, HusParams};
use crate::sowing::{sow, Endless, Sown};
use crate::state::{HusState, HusView, Side};
use crate::{end, render};
use plateau::rand::Rng;
use plateau::{
    DescribeMoves, FreeFormMoves, Game, MoveParseError, ParamDoc, Player, Render, RulesDocs,
    RulesError, SearchHooks, Status, Variant,
};
use thiserror::Error;

/// Hus, the Philos four-row mancala (RULES.md H1–H4), with its validated
/// rules parameters. Player 0 is South, player 1 North; a move is the
/// [`Pit`] its sowing starts from, on the mover's side.
#[derive(Clone, Debug)]
pub struct Hus {
    params: HusParams,
    start: [Packed; 2],
    total: u32,
}

/// A position that [`Hus::position`] cannot build.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The stones are not as many as these rules play with (H3.6).
    #[error("the pits hold {found} stones; these rules play with {expected} (H3.6)")]
    WrongTotal {
        /// Stones in the given pits.
        found: u32,
        /// Stones of the rules' start layout.
        expected: u32,
    },
    /// The player to move is not South (0) or North (1).
    #[error("no player {0}; Hus has south (0) and north (1)")]
    NoSuchPlayer(u8),
}

const STANDARD: &str = include_str!("../../../rules-data/hus/standard.toml");

impl Hus {
    /// The standard rules.
    pub fn standard() -> Hus {
        plateau::rules::load(&plateau::RulesSpec::default_variant())
            .expect("the standard rules are valid")
            .game
    }

    /// A position of these rules with the given pits (index form, H1.4) and
    /// player to move, after no moves; whether it is over is decided as after
    /// a move (H4.1). The stones must be as many as at the start (H3.6).
    pub fn position(
        &self,
        south: [u8; 16],
        north: [u8; 16],
        to_move: Player,
    ) -> Result<HusState, PositionError> {
        if to_move.0 > 1 {
            return Err(PositionError::NoSuchPlayer(to_move.0));
        }
        let found: u32 = south.iter().chain(&north).map(|&n| u32::from(n)).sum();
        if found != self.total {
            return Err(PositionError::WrongTotal {
                found,
                expected: self.total,
            });
        }
        let mut state = HusState {
            pits: [south, north],
            to_move,
            ply: 0,
            end: None,
        };
        state.end = self.decide(&state);
        Ok(state)
    }

    /// Stones in the game (48 in the standard rules).
    pub fn total_stones(&self) -> u32 {
        self.total
    }

    /// Sows the move from `pit` (on the side of the player to move) and
    /// returns the sides afterwards, or why the move is endless; the
    /// position is not changed and the end of the game is not checked.
    pub fn sow(&self, state: &HusState, pit: Pit) -> Result<Sown, Endless> {
        let (own, opp) = sides(state);
        sow(own, opp, pit.index(), self.params.max_sowings)
    }

    fn decide(&self, state: &HusState) -> Option<crate::state::End> {
        let (next, other) = sides(state);
        end::decide(
            next,
            other,
            state.to_move,
            state.ply,
            self.params.max_sowings,
            self.params.max_plies,
        )
    }

    /// Puts a finished sowing of the player to move on the board and decides
    /// whether the game is over (H4).
    #[inline]
    fn commit(&self, state: &mut HusState, sown: &Sown) {
        let (south, north) = if state.to_move.0 == 0 {
            (sown.own, sown.opp)
        } else {
            (sown.opp, sown.own)
        };
        state.pits = [unpack(south), unpack(north)];
        state.to_move = state.to_move.opponent();
        state.ply = state.ply.wrapping_add(1);
        state.end = end::decide(
            sown.opp,
            sown.own,
            state.to_move,
            state.ply,
            self.params.max_sowings,
            self.params.max_plies,
        );
    }

    /// Draws a legal move uniformly: a random pit of 2 or more stones, sown;
    /// if it is endless, another among the rest, and so on. Returns the move
    /// and its sowing.
    #[inline]
    fn draw<R: Rng + ?Sized>(&self, state: &HusState, rng: &mut R) -> Option<(Pit, Sown)> {
        if state.end.is_some() {
            return None;
        }
        let (own, opp) = sides(state);
        let mut candidates = pits_with_two(own);
        while candidates != 0 {
            let mut k = rng.random_range(0..candidates.count_ones());
            let mut rest = candidates;
            while k > 0 {
                rest &= rest - 1;
                k -= 1;
            }
            let s = rest.trailing_zeros() as usize;
            match sow(own, opp, s, self.params.max_sowings) {
                Ok(sown) => return Some((Pit::wrapping(s), sown)),
                Err(_) => candidates &= !(1 << s),
            }
        }
        None
    }
}

/// The sides of the player to move and of the opponent.
#[inline(always)]
fn sides(state: &HusState) -> (Packed, Packed) {
    let [south, north] = state.packed();
    if state.to_move.0 == 0 {
        (south, north)
    } else {
        (north, south)
    }
}

impl Game for Hus {
    type Params = HusParams;
    type State = HusState;
    type Move = Pit;
    type View = HusView;

    const ID: &'static str = "hus";
    const NAME: &'static str = "Hus";
    const HIDDEN_INFORMATION: bool = false;

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "standard",
            description:
                "the Philos rules: 2 stones in every first-row pit and in b5–b8, 48 in all",
            toml: STANDARD,
        }]
    }

    fn new(params: HusParams) -> Result<Self, RulesError> {
        let start = validate(&params)?;
        let total = crate::board::side_stones(start[0]) + crate::board::side_stones(start[1]);
        Ok(Hus {
            params,
            start,
            total,
        })
    }

    fn params(&self) -> &HusParams {
        &self.params
    }

    fn player_name(&self, player: Player) -> &str {
        crate::Side::of(player).name()
    }

    fn initial_state(&self, seed: u64) -> HusState {
        let to_move = match self.params.first {
            First::South => Player(0),
            First::North => Player(1),
            First::Random => Player(u8::from(
                plateau::rng(seed ^ 0x4875_735f_6669_7273).random::<bool>(),
            )),
        };
        let mut state = HusState {
            pits: [unpack(self.start[0]), unpack(self.start[1])],
            to_move,
            ply: 0,
            end: None,
        };
        state.end = self.decide(&state);
        state
    }

    #[inline]
    fn status(&self, state: &HusState) -> Status {
        plateau::sowing::status(state.to_move, state.end.is_some(), || state.outcome())
    }

    fn legal_moves(&self, state: &HusState, moves: &mut Vec<Pit>) {
        moves.clear();
        if state.end.is_some() {
            return;
        }
        let (own, opp) = sides(state);
        let mut candidates = pits_with_two(own);
        while candidates != 0 {
            let s = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if sow(own, opp, s, self.params.max_sowings).is_ok() {
                moves.push(Pit::wrapping(s));
            }
        }
    }

    fn check_move(&self, state: &HusState, mv: &Pit) -> Result<(), String> {
        if state.end.is_some() {
            return Err("the game is over".into());
        }
        let (own, opp) = sides(state);
        let n = stones_at(own, mv.index());
        if n < 2 {
            let held = match n {
                0 => "is empty".to_string(),
                _ => "holds 1 stone".to_string(),
            };
            return Err(format!(
                "pit {mv} {held}; a move starts from a pit with 2 or more stones (H3.1)"
            ));
        }
        match sow(own, opp, mv.index(), self.params.max_sowings) {
            Ok(_) => Ok(()),
            Err(Endless::Repeats) => Err(format!(
                "the sowing from {mv} repeats itself and never ends: an endless move is not legal (H3.7)"
            )),
            Err(Endless::Limit) => Err(format!(
                "the sowing from {mv} has not ended after {} sowings (max_sowings): an endless move is not legal (H3.7)",
                self.params.max_sowings
            )),
        }
    }

    #[inline]
    fn apply_unchecked(&self, state: &mut HusState, mv: &Pit) {
        if state.end.is_some() {
            return;
        }
        if let Ok(sown) = self.sow(state, *mv) {
            self.commit(state, &sown);
        }
    }

    fn random_move<R: Rng + ?Sized>(&self, state: &HusState, rng: &mut R) -> Option<Pit> {
        self.draw(state, rng).map(|(pit, _)| pit)
    }

    #[inline]
    fn play_random<R: Rng + ?Sized>(&self, state: &mut HusState, rng: &mut R) -> bool {
        match self.draw(state, rng) {
            Some((_, sown)) => {
                self.commit(state, &sown);
                true
            }
            None => false,
        }
    }

    /// The pits, the player to move, the ending, and the moves played when
    /// the rules set a move cap (H4.3), hashed (the state is 32 bytes of
    /// pits and a few counters: nothing to keep incrementally).
    fn state_key(&self, state: &HusState) -> u64 {
        state.key(self.params.max_plies > 0)
    }

    fn view(&self, state: &HusState, player: Player) -> HusView {
        HusView {
            seat: Side::of(player),
            state: *state,
        }
    }

    fn format_move(&self, mv: &Pit) -> String {
        format_pit(*mv)
    }

    fn parse_move(&self, _state: &HusState, text: &str) -> Result<Pit, MoveParseError> {
        parse_pit(text).map_err(|reason| MoveParseError::new(text, reason))
    }
}

impl RulesDocs for Hus {
    fn param_docs() -> &'static [ParamDoc] {
        &[
            ParamDoc {
                key: "first",
                description: "who moves first: south, north or random (drawn from the seed) (H2.2)",
            },
            ParamDoc {
                key: "max_sowings",
                description:
                    "a move not ended after this many sowings is endless, not legal (H3.7)",
            },
            ParamDoc {
                key: "max_plies",
                description: "engine cap: a draw after this many moves, 0 = none (H4.3)",
            },
            ParamDoc {
                key: "start.south",
                description: "South's 16 pits at the start in index form a8…a1, b1…b8 (H1.4, H2.1)",
            },
            ParamDoc {
                key: "start.north",
                description: "North's 16 pits at the start in index form a8…a1, b1…b8 (H1.4, H2.1)",
            },
        ]
    }

    /// The rules for players, `docs/rules/hus.md`.
    fn rules_text(&self) -> Option<&'static str> {
        Some(include_str!("../../../docs/rules/hus.md"))
    }

    fn summary(&self) -> String {
        let first = match self.params.first {
            First::South => "south moves first",
            First::North => "north moves first",
            First::Random => "the first player is drawn by lot",
        };
        let cap = match self.params.max_plies {
            0 => "no move cap".to_string(),
            n => format!("a draw after {n} moves"),
        };
        format!(
            "Hus, the Philos four-row mancala (RULES.md H1–H4): {} stones ({} south, {} north); \
             relay sowing with capture from the second row; {first}; a move not ended after {} \
             sowings is endless; a player with no pit of 2+ stones, or no legal move, loses; \
             {cap}.",
            self.total,
            crate::board::side_stones(self.start[0]),
            crate::board::side_stones(self.start[1]),
            self.params.max_sowings
        )
    }
}

impl Render for Hus {
    fn render_state(&self, state: &HusState) -> String {
        render::board(self, state, Player(0))
    }

    fn state_json(&self, state: &HusState) -> serde_json::Value {
        serde_json::to_value(state).expect("states always serialize")
    }

    fn board_view(
        &self,
        state: &HusState,
        seat: Option<Player>,
    ) -> Option<plateau::board::BoardView> {
        Some(crate::board_view::board_view(self, state, seat))
    }

    fn move_squares(&self, mv: &Pit) -> Vec<String> {
        vec![format_pit(*mv)]
    }

    fn render_view(&self, view: &HusView) -> String {
        render::board(self, &view.state, view.seat.player())
    }

    fn render_view_marked(&self, view: &HusView, last: Option<(Player, &Pit)>) -> String {
        let last = last.map(|(p, pit)| (p, *pit));
        render::board_marked(self, &view.state, view.seat.player(), last)
    }

    fn render_state_marked(&self, state: &HusState, last: Option<(Player, &Pit)>) -> String {
        let last = last.map(|(p, pit)| (p, *pit));
        render::board_marked(self, state, Player(0), last)
    }
}

impl DescribeMoves for Hus {
    fn move_frames(
        &self,
        before: &HusState,
        mv: &Pit,
        seat: Option<Player>,
    ) -> Vec<plateau::board::BoardView> {
        crate::board_view::move_frames(self, before, *mv, seat)
    }

    fn describe_move(
        &self,
        before: &HusState,
        mv: &Pit,
        _viewer: Option<Player>,
    ) -> Option<String> {
        Some(render::describe_move(self, before, *mv))
    }
}

impl FreeFormMoves for Hus {
    fn move_hint(&self, _state: &HusState) -> Option<String> {
        Some(
            "a pit of yours with 2 or more stones: a1–a8 (first row) or b1–b8 (second row), \
             columns from your left"
                .into(),
        )
    }
}

impl SearchHooks for Hus {
    fn evaluate(&self, state: &HusState, player: Player) -> f64 {
        crate::eval::evaluate(state, self.total, player)
    }

    fn evaluations(&self) -> &'static [&'static str] {
        &["hand", "learned"]
    }

    /// `learned` ([`crate::learned_eval`]) for a position in play with the
    /// stones it was trained for; the hand evaluation otherwise.
    fn evaluate_with(&self, eval: usize, state: &HusState, player: Player) -> f64 {
        if eval == 1 && state.end().is_none() && crate::learned_eval::covers(self.total) {
            crate::learned_eval::evaluate(state, player)
        } else {
            self.evaluate(state, player)
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &HusView, _rng: &mut R) -> HusState {
        view.state
    }
}
