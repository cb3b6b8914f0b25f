//! [`Quinque`]: the rules, configured by [`QuinqueParams`], behind
//! [`plateau::Game`].

use crate::action::{parse_action, Action};
use crate::legal::{Analysis, FollowedAnalysis};
use crate::movement;
use crate::params::{QuinqueParams, Reach};
use crate::repetition::{self, History};
use crate::slots::Slots;
use crate::state::{QuinqueState, Tile};
use plateau::rand::Rng;
use plateau::{
    DescribeMoves, FreeFormMoves, Game, MoveParseError, ParamDoc, Player, Render, RulesDocs,
    RulesError, SearchHooks, Status, Variant,
};

/// Quinque's rules (RULES.md Q1–Q7), basic or advanced.
#[derive(Clone, Debug)]
pub struct Quinque {
    pub(crate) params: QuinqueParams,
    /// Parachutists along a side of a tile.
    pub(crate) pps: u32,
    /// Parachutists on a tile.
    pub(crate) points_per_tile: u32,
    /// The mask of a tile's parachutists.
    pub(crate) point_mask: u16,
    /// How a tile moves, by its number of parachutes (movement flags).
    pub(crate) ways_by_parachutes: [u8; 17],
    /// Points split into cells and parachutists.
    pub(crate) slots: Slots,
}

impl Quinque {
    /// Where tile `t` may move: anywhere on its eight lines (Q5.4), or by its
    /// number of parachutes under the advanced rules (Q6).
    pub fn reach(&self, t: &Tile) -> Reach {
        if self.params.advanced {
            let n = (t.marked() & self.point_mask).count_ones() as usize;
            self.params
                .advanced_moves
                .get(n)
                .copied()
                .unwrap_or(Reach::None)
        } else {
            Reach::Any
        }
    }

    /// How tile `t` may move, as movement flags.
    #[inline]
    pub(crate) fn ways(&self, t: &Tile) -> u8 {
        if self.params.advanced {
            let n = crate::bits::ones16(t.marked() & self.point_mask) as usize;
            self.ways_by_parachutes[n.min(16)]
        } else {
            movement::ORTHOGONAL | movement::DIAGONAL
        }
    }

    /// The number of legal actions in `state`, without listing them.
    pub fn count_actions(&self, state: &QuinqueState) -> usize {
        if state.ending.is_some() {
            0
        } else {
            Analysis::with(self, state, |a| a.count() as usize)
        }
    }

    /// The action at index `index` of the legal list of `state` (the order
    /// of [`Game::legal_moves`]), found without listing them.
    pub fn nth_action(&self, state: &QuinqueState, index: usize) -> Option<Action> {
        if state.ending.is_some() {
            return None;
        }
        Analysis::with(self, state, |a| {
            if index >= a.count() as usize {
                return None;
            }
            a.nth(self, state, index as u32)
        })
    }

    /// A position with the given tiles in play, for setting up cases: the
    /// supply and the reserves are what the parameters leave (every
    /// parachute not on a tile is in its reserve), `to_move` is at the first
    /// action of a turn past the opening (two turns are counted as played),
    /// no position is recorded yet. The tiles must form one group.
    pub fn position(&self, tiles: Vec<Tile>, to_move: Player) -> QuinqueState {
        let mut state = self.initial_state(0);
        let used = [
            tiles.iter().map(|t| t.red.count_ones()).sum::<u32>(),
            tiles.iter().map(|t| t.orange.count_ones()).sum::<u32>(),
        ];
        state.supply = self.params.tiles.saturating_sub(tiles.len() as u32);
        state.reserves = [
            self.params.parachutes.saturating_sub(used[0]),
            self.params.parachutes.saturating_sub(used[1]),
        ];
        state.tiles = tiles;
        state.to_move = to_move;
        state.turns = 2;
        state
    }

    /// Plays `action` on `state`, whose tiles `analysis` describes; the
    /// analysis follows the action, for the end checks and for the next
    /// action of a playout.
    fn play(&self, state: &mut QuinqueState, action: &Action, analysis: &mut Analysis) {
        if analysis.is_current() {
            match *action {
                Action::Move { from, to } => match analysis.tile_on(from.0, from.1) {
                    Some(i) => analysis.follow_move(i, to),
                    None => analysis.forget(),
                },
                Action::Mark { x, y } => {
                    let (cell, slot) = self.slots.locate(x, y);
                    let tile = match analysis.tile_on(cell.0, cell.1) {
                        Some(i) => Some(i),
                        None => analysis.follow_add(cell),
                    };
                    if let Some(i) = tile {
                        analysis.follow_mark(self, i, state.to_move, slot);
                    }
                }
                Action::End | Action::Pass => {}
            }
        }
        let after = analysis.is_current().then_some(&*analysis);
        self.act(state, action, after);
    }

    /// Draws a uniformly random legal action from an analysis of `state`
    /// (not necessarily settled).
    ///
    /// While some articulation tiles are loose, the draw is over the list
    /// with their candidate destinations in place of their legal ones, and
    /// a candidate that is not legal is refused and an index drawn again:
    /// every legal action is as likely as any other (about one draw in four
    /// is refused in random basic games). After a few refused draws the
    /// legal actions are all counted and one is drawn among them, which
    /// keeps the draw uniform too.
    fn pick<R: Rng + ?Sized>(
        &self,
        state: &QuinqueState,
        analysis: &mut Analysis,
        rng: &mut R,
    ) -> Action {
        const DRAWS: usize = 8;
        if analysis.is_loose() {
            for _ in 0..DRAWS {
                let k = rng.random_range(0..analysis.candidate_count());
                if let Some(a) = analysis.nth_candidate(self, state, k) {
                    return a;
                }
            }
        }
        analysis.settle();
        let k = rng.random_range(0..analysis.count());
        match analysis.nth(self, state, k) {
            Some(a) => a,
            None => {
                // Only for a state that breaks the invariants (a formation
                // in pieces): take the index in the full list.
                let mut list = Vec::new();
                analysis.list(self, state, &mut list);
                list.get(k as usize).copied().unwrap_or(Action::Pass)
            }
        }
    }
}

const VARIANTS: &[Variant] = &[
    Variant {
        name: "basic",
        description: "the basic rules: a tile moves along its eight lines (Q5)",
        toml: include_str!("../../../rules-data/quinque/basic.toml"),
    },
    Variant {
        name: "advanced",
        description: "the advanced rules: a tile moves by its number of parachutes (Q6)",
        toml: include_str!("../../../rules-data/quinque/advanced.toml"),
    },
];

const PARAM_DOCS: &[ParamDoc] = &[
    ParamDoc {
        key: "first",
        description: "the colour that acts first: \"red\" or \"orange\" (Q1.1)",
    },
    ParamDoc {
        key: "tiles",
        description: "tiles in the game, 1 to 32; one starts on cell (0,0), the rest in the supply (Q1.1)",
    },
    ParamDoc {
        key: "parachutes",
        description: "parachutes of each player (Q1.1)",
    },
    ParamDoc {
        key: "points_per_side",
        description: "parachutists along a side of a tile, 1 to 4 (Q2.2: 2)",
    },
    ParamDoc {
        key: "line_length",
        description: "own parachutes in a row that win (Q7.1: 5)",
    },
    ParamDoc {
        key: "advanced",
        description: "true: a tile moves by its number of parachutes, per advanced_moves (Q6)",
    },
    ParamDoc {
        key: "advanced_moves",
        description: "Q6's table, entry k for a tile with k parachutes: none, orthogonal-step, diagonal-step, any-step, orthogonal, diagonal or any",
    },
    ParamDoc {
        key: "max_turns",
        description: "engine cap: turns in all, both players counted, then a draw; 0 = none (Q7.3)",
    },
    ParamDoc {
        key: "repetition",
        description: "engine cap: a position seen this many times is a draw; 0 = none (Q7.3)",
    },
];

impl Game for Quinque {
    type Params = QuinqueParams;
    type State = QuinqueState;
    type Move = Action;
    type View = QuinqueState;

    const ID: &'static str = "quinque";
    const NAME: &'static str = "Quinque";
    plateau::perfect_information!();

    fn variants() -> &'static [Variant] {
        VARIANTS
    }

    fn new(params: QuinqueParams) -> Result<Self, RulesError> {
        params.validate()?;
        let points_per_tile = params.points_per_tile();
        let mut ways_by_parachutes = [0u8; 17];
        for (k, reach) in params.advanced_moves.iter().enumerate().take(17) {
            ways_by_parachutes[k] = movement::ways(*reach);
        }
        Ok(Quinque {
            ways_by_parachutes,
            slots: Slots::new(params.points_per_side),
            pps: params.points_per_side,
            points_per_tile,
            point_mask: ((1u32 << points_per_tile) - 1) as u16,
            params,
        })
    }

    fn params(&self) -> &QuinqueParams {
        &self.params
    }

    fn player_name(&self, player: Player) -> &str {
        self.colour_name(player)
    }

    fn initial_state(&self, _seed: u64) -> QuinqueState {
        QuinqueState {
            tiles: vec![Tile::new(0, 0)],
            supply: self.params.tiles - 1,
            reserves: [self.params.parachutes; 2],
            to_move: self.params.first.player(),
            second_action: false,
            marked: None,
            turns: 0,
            last: None,
            history: History::default(),
            ending: None,
            analysis: FollowedAnalysis::default(),
        }
    }

    fn status(&self, state: &QuinqueState) -> Status {
        match &state.ending {
            Some(end) => Status::Over(end.outcome()),
            None => Status::ToMove(state.to_move),
        }
    }

    fn legal_moves(&self, state: &QuinqueState, moves: &mut Vec<Action>) {
        moves.clear();
        if state.ending.is_none() {
            Analysis::with(self, state, |a| a.list(self, state, moves));
        }
    }

    fn check_move(&self, state: &QuinqueState, mv: &Action) -> Result<(), String> {
        self.check_action(state, mv)
    }

    /// Plays `mv`; when the state carries the analysis of a playout
    /// ([`FollowedAnalysis`]) that describes it, the analysis follows the
    /// action instead of being built anew at the next random action.
    fn apply_unchecked(&self, state: &mut QuinqueState, mv: &Action) {
        match state.analysis.take() {
            Some(mut a) if a.describes(self, state) => {
                self.play(state, mv, &mut a);
                if state.ending.is_none() {
                    state.analysis.keep(a);
                }
            }
            _ => self.act(state, mv, None),
        }
    }

    /// Uniform over the legal actions, drawn as [`Quinque::play_random`]
    /// draws them (the same action for the same generator), from a fresh
    /// analysis of the position.
    fn random_move<R: Rng + ?Sized>(&self, state: &QuinqueState, rng: &mut R) -> Option<Action> {
        if state.ending.is_some() {
            return None;
        }
        let mut a = Analysis::of(self, state);
        Some(self.pick(state, &mut a, rng))
    }

    /// Draws a uniformly random legal action without listing the legal
    /// actions (some of them are not even counted, see `legal`), and plays
    /// it with the analysis that drew it. The analysis stays in the state
    /// ([`QuinqueState::analysis`]) for the next action, so a playout
    /// follows one analysis from action to action; a finished game drops it.
    fn play_random<R: Rng + ?Sized>(&self, state: &mut QuinqueState, rng: &mut R) -> bool {
        if state.ending.is_some() {
            return false;
        }
        let mut a = state.analysis.take_or_blank();
        a.rebuild(self, state);
        let action = self.pick(state, &mut a, rng);
        self.play(state, &action, &mut a);
        if state.ending.is_none() {
            state.analysis.keep(a);
        }
        true
    }

    /// The key of `repetition::state_key`: the incremental repetition hash
    /// of the position, the history's multiset key, the turns (when a turn
    /// cap is set) and the ending.
    fn state_key(&self, state: &QuinqueState) -> u64 {
        repetition::state_key(self, state)
    }

    fn format_move(&self, mv: &Action) -> String {
        mv.to_string()
    }

    fn parse_move(&self, _state: &QuinqueState, text: &str) -> Result<Action, MoveParseError> {
        parse_action(text)
    }
}

impl RulesDocs for Quinque {
    fn param_docs() -> &'static [ParamDoc] {
        PARAM_DOCS
    }

    /// The rules for players, `docs/rules/quinque.md`.
    fn rules_text(&self) -> Option<&'static str> {
        Some(include_str!("../../../docs/rules/quinque.md"))
    }

    fn summary(&self) -> String {
        let p = &self.params;
        let movement = if p.advanced {
            let rows: Vec<String> = p
                .advanced_moves
                .iter()
                .enumerate()
                .skip(1)
                .map(|(k, r)| format!("{k}: {}", r.name()))
                .collect();
            format!(
                "advanced movement by parachutes on the tile ({})",
                rows.join(", ")
            )
        } else {
            "a tile moves any distance along its row, column or diagonals".to_string()
        };
        let caps = match (p.max_turns, p.repetition) {
            (0, 0) => "no caps".to_string(),
            (t, 0) => format!("draw after {t} turns"),
            (0, r) => format!("draw when a position is seen {r} times"),
            (t, r) => format!("draw after {t} turns or when a position is seen {r} times"),
        };
        format!(
            "Quinque: {} tiles of {}×{} parachutists, {} parachutes each, {} starts; a turn is a mark or a move, then optionally a move; \
             {movement}; the formation stays in one piece; {} of one's own in a row wins; both reserves empty is a draw; {caps}.",
            p.tiles,
            p.points_per_side,
            p.points_per_side,
            p.parachutes,
            self.colour_name(p.first.player()),
            p.line_length,
        )
    }
}

impl Render for Quinque {
    fn board_view(
        &self,
        state: &QuinqueState,
        _seat: Option<Player>,
    ) -> Option<plateau::board::BoardView> {
        Some(crate::board_view::board_view(self, state))
    }

    fn move_squares(&self, action: &Action) -> Vec<String> {
        crate::board_view::move_squares(self, action)
    }

    fn render_state(&self, state: &QuinqueState) -> String {
        self.draw(state)
    }
}

impl DescribeMoves for Quinque {
    fn describe_move(
        &self,
        before: &QuinqueState,
        mv: &Action,
        _viewer: Option<Player>,
    ) -> Option<String> {
        Some(self.describe(before, mv))
    }
}

impl FreeFormMoves for Quinque {
    fn move_hint(&self, state: &QuinqueState) -> Option<String> {
        Some(if state.second_action {
            "second action: 'move X,Y X2,Y2' (cells) or 'end'".to_string()
        } else {
            "first action: 'mark PX,PY' (a point), 'move X,Y X2,Y2' (cells), or 'pass' when nothing is possible".to_string()
        })
    }
}

impl SearchHooks for Quinque {
    fn evaluate(&self, state: &QuinqueState, player: Player) -> f64 {
        crate::eval::evaluate(state, self.pps, self.params.line_length, player)
    }
}
