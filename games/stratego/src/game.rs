//! Stratego as a [`plateau::Game`].

use crate::movegen::{first_cell, holds};
use crate::notation::Move;
use crate::params::{StrategoParams, BLOCKED, EMPTY, MOBILE_CLASS, NO_CLASS};
use crate::render::Audience;
use crate::setup_prior::Belief;
use crate::state::StrategoState;
use crate::view::StrategoView;
use crate::Stratego;
use plateau::rand::Rng;
use plateau::{
    DescribeMoves, FreeFormMoves, Game, MoveParseError, ParamDoc, Player, Render, RulesDocs,
    RulesError, SearchHooks, Status, Variant,
};

/// A shipped variant: its name, what it is, and its rules file
/// `rules-data/stratego/NAME.toml`.
macro_rules! variant {
    ($name:literal, $description:literal) => {
        Variant {
            name: $name,
            description: $description,
            toml: include_str!(concat!("../../../rules-data/stratego/", $name, ".toml")),
        }
    };
}

const VARIANTS: &[Variant] = &[
    variant!(
        "original",
        "Stratego Original: 40 pieces a side, two-squares limit 3, chase rule (S11.1)"
    ),
    variant!(
        "barrage",
        "Barrage: 8 pieces a side on any squares of the home area (S11.2)"
    ),
    variant!(
        "duel",
        "Duel: 10 pieces a side, barrage plus a bomb and a miner (S11.3)"
    ),
    variant!(
        "blitz",
        "Blitz: 20 pieces a side; captains move one or two squares, turning if they like (S11.4)"
    ),
    variant!(
        "star-wars",
        "Original under the Star Wars names: the base, planets, the Republic and the Separatists (S11.6)"
    ),
    variant!(
        "classic-5",
        "Original with two-squares limit 5 and no chase rule, as on Gravon (S11.5, S13)"
    ),
];

const PARAM_DOCS: &[ParamDoc] = &[
    ParamDoc {
        key: "two_square_limit",
        description: "S7: most moves in a row of one piece between the same two squares (0 = off)",
    },
    ParamDoc {
        key: "chase_rule",
        description: "S8: the chase rule (more-squares rule)",
    },
    ParamDoc {
        key: "max_plies",
        description: "S9.5: draw after this many moves of play, setups not counted (0 = no cap)",
    },
    ParamDoc {
        key: "max_plies_without_capture",
        description: "S9.5: draw after this many moves of play in a row without an attack (0 = no cap)",
    },
    ParamDoc {
        key: "board.files",
        description: "S1.1: files a, b, ... (2 to 10)",
    },
    ParamDoc {
        key: "board.ranks",
        description: "S1.1: ranks 1, 2, ... (2 to 10)",
    },
    ParamDoc {
        key: "board.lakes",
        description: "S1.2: the lake squares, e.g. [\"c5\", \"d5\"]",
    },
    ParamDoc {
        key: "board.lake_name",
        description: "what a lake is called in messages and boards (lake; planet in star-wars)",
    },
    ParamDoc {
        key: "sides.names",
        description: "the two sides' names, first side first (it sets up and moves first)",
    },
    ParamDoc {
        key: "setup.rows",
        description: "S1.3: each side's home area is its this many back ranks",
    },
    ParamDoc {
        key: "setup.full",
        description: "S3.1: every square of the home area must hold a piece",
    },
    ParamDoc {
        key: "options.attacker_advantage",
        description: "S12.1 attacker-advantage: at equal strengths (spy against spy too) the attacker wins",
    },
    ParamDoc {
        key: "options.explosive_bombs",
        description: "S12.2 explosive-bombs: a non-miner attacking a bomb is removed together with it",
    },
    ParamDoc {
        key: "options.mobile_bombs",
        description: "S12.3 mobile-bombs: bombs move one square to empty squares and never attack; explosive bombs (S12.2) are on; bombs still count as no movable pieces (S9)",
    },
    ParamDoc {
        key: "options.mobile_flag",
        description: "S12.4 mobile-flag: the flag moves one square to empty squares and never attacks; a flag ending a move on the opponent's back row wins (S9.1)",
    },
    ParamDoc {
        key: "options.reconquest",
        description: "S12.5 reconquest: a piece reaching the opponent's back row may bring back a removed piece: `return PIECE SQUARE` or `skip` (at most 2 returns, no bombs, scouts never)",
    },
    ParamDoc {
        key: "options.silent_defense",
        description: "S12.6 silent-defense: in combat only the attacker is revealed; the defender too when it is removed or the attacker is a scout",
    },
    ParamDoc {
        key: "pieces.NAME.strength",
        description: "S2, S5: strength in combat (0 for bombs and flags)",
    },
    ParamDoc {
        key: "pieces.NAME.count",
        description: "S2: how many each side has",
    },
    ParamDoc {
        key: "pieces.NAME.symbol",
        description: "S2, S3.3: the one-character symbol of setups and boards",
    },
    ParamDoc {
        key: "pieces.NAME.moves",
        description: "S4: fixed, step (one square), scout (any distance in a line) or captain (one or two squares, S11.4)",
    },
    ParamDoc {
        key: "pieces.NAME.role",
        description: "S5: none, marshal, spy (beats an attacked marshal), miner (removes bombs), bomb or flag",
    },
];

impl Stratego {
    /// The move of a reconquest step: `None` is `skip`.
    fn step_move(&self, step: Option<(u8, usize)>) -> Move {
        match step {
            None => Move::Skip,
            Some((kind, cell)) => Move::Return {
                kind,
                square: crate::Square::from_index(cell),
            },
        }
    }

    /// A legal reconquest step drawn uniformly at random (S12.5e).
    fn random_step_move<R: Rng + ?Sized>(
        &self,
        st: &StrategoState,
        rng: &mut R,
    ) -> Option<Option<(u8, usize)>> {
        let mut steps = Vec::new();
        self.rules.for_each_step(st, |s| {
            steps.push(s);
            false
        });
        (!steps.is_empty()).then(|| steps[rng.random_range(0..steps.len())])
    }

    /// The option rules that are on, as a sentence (empty if none).
    /// Each kind of piece in the army, `COUNT×SYMBOL NAME`.
    fn army(&self) -> Vec<String> {
        self.rules
            .kinds
            .iter()
            .filter(|k| k.count > 0)
            .map(|k| format!("{}×{} {}", k.count, k.symbol, k.name))
            .collect()
    }

    fn options_text(&self) -> String {
        let o = &self.params.options;
        let on: Vec<&str> = [
            (o.attacker_advantage, "attacker-advantage (S12.1)"),
            (
                o.explosive_bombs && !o.mobile_bombs,
                "explosive-bombs (S12.2)",
            ),
            (o.mobile_bombs, "mobile-bombs (S12.3, with S12.2)"),
            (o.mobile_flag, "mobile-flag (S12.4)"),
            (o.reconquest, "reconquest (S12.5)"),
            (o.silent_defense, "silent-defense (S12.6)"),
        ]
        .iter()
        .filter(|(b, _)| *b)
        .map(|(_, n)| *n)
        .collect();
        if on.is_empty() {
            String::new()
        } else {
            format!(" Options: {}.", on.join(", "))
        }
    }
}

impl Game for Stratego {
    type Params = StrategoParams;
    type State = StrategoState;
    type Move = Move;
    type View = StrategoView;

    const ID: &'static str = "stratego";
    const NAME: &'static str = "Stratego";
    const HIDDEN_INFORMATION: bool = true;

    fn variants() -> &'static [Variant] {
        VARIANTS
    }

    fn new(params: StrategoParams) -> Result<Self, RulesError> {
        Stratego::from_params(params)
    }

    fn params(&self) -> &StrategoParams {
        &self.params
    }

    fn player_name(&self, player: Player) -> &str {
        self.rules
            .names
            .get(player.index())
            .map_or("nobody", |s| s.as_str())
    }

    fn initial_state(&self, _seed: u64) -> StrategoState {
        StrategoState::empty(&self.rules)
    }

    fn status(&self, st: &StrategoState) -> Status {
        match &st.outcome {
            Some(o) => Status::Over(o.clone()),
            None => Status::ToMove(st.to_move),
        }
    }

    fn legal_moves(&self, st: &StrategoState, moves: &mut Vec<Move>) {
        moves.clear();
        if st.outcome.is_some() || st.in_setup() {
            return;
        }
        if st.pending.is_some() {
            self.rules.for_each_step(st, |step| {
                moves.push(self.step_move(step));
                false
            });
            return;
        }
        self.rules
            .for_each_legal(st, st.to_move.index(), |from, to| {
                moves.push(Move::Step {
                    from: crate::Square::from_index(from),
                    to: crate::Square::from_index(to),
                });
                false
            });
    }

    fn check_move(&self, st: &StrategoState, mv: &Move) -> Result<(), String> {
        if st.outcome.is_some() {
            return Err("the game is over".into());
        }
        let who = crate::render::title(self.player_name(st.to_move));
        match mv {
            Move::Setup(setup) if st.in_setup() => self
                .rules
                .check_setup(st.to_move, setup)
                .map_err(|e| e.to_string()),
            Move::Setup(_) => {
                Err("both sides have set up already; enter a move such as b4-b5".into())
            }
            Move::Step { .. } | Move::Return { .. } | Move::Skip if st.in_setup() => Err(format!(
                "{who} must set up first: enter `setup ROWS` (S3.2)"
            )),
            Move::Step { .. } if st.pending.is_some() => Err(format!(
                "{who} first returns a piece or skips (S12.5e): enter `return PIECE SQUARE` or `skip`"
            )),
            Move::Step { from, to } => self.rules.check_step(st, *from, *to),
            Move::Return { kind, square } => self.rules.check_return(st, Some((*kind, *square))),
            Move::Skip => self.rules.check_return(st, None),
        }
    }

    fn apply_unchecked(&self, st: &mut StrategoState, mv: &Move) {
        if st.outcome.is_some() {
            return;
        }
        match mv {
            Move::Setup(setup) => {
                if st.in_setup() && self.rules.check_setup(st.to_move, setup).is_ok() {
                    self.rules.apply_setup(st, setup);
                }
            }
            Move::Step { from, to } => {
                let own = first_cell(st.to_move.index());
                let (f, t) = (from.index(), to.index());
                let target = st.board[t];
                let piece = st.board[f];
                if st.in_setup()
                    || st.pending.is_some()
                    || !holds(piece, own)
                    || f == t
                    || target == BLOCKED
                    || holds(target, own)
                {
                    return;
                }
                let class = self.rules.class[st.kind[piece as usize - 1] as usize];
                if class == NO_CLASS || (class == MOBILE_CLASS && target != EMPTY) {
                    return;
                }
                self.rules.apply_step(st, f, t);
            }
            Move::Return { kind, square } => {
                if self.rules.check_return(st, Some((*kind, *square))).is_ok() {
                    self.rules.apply_return(st, Some((*kind, square.index())));
                }
            }
            Move::Skip => {
                if st.pending.is_some() {
                    self.rules.apply_return(st, None);
                }
            }
        }
    }

    fn random_move<R: Rng + ?Sized>(&self, st: &StrategoState, rng: &mut R) -> Option<Move> {
        if st.outcome.is_some() {
            return None;
        }
        if st.in_setup() {
            return Some(Move::Setup(self.random_setup(st.to_move, rng)));
        }
        if st.pending.is_some() {
            return self.random_step_move(st, rng).map(|s| self.step_move(s));
        }
        self.rules
            .random_step(st, rng)
            .map(|(from, to)| Move::Step {
                from: crate::Square::from_index(from),
                to: crate::Square::from_index(to),
            })
    }

    fn play_random<R: Rng + ?Sized>(&self, st: &mut StrategoState, rng: &mut R) -> bool {
        if st.outcome.is_some() {
            return false;
        }
        if st.in_setup() {
            let setup = self.rules.random_setup(st.to_move, rng);
            self.rules.apply_setup(st, &setup);
            return true;
        }
        if st.pending.is_some() {
            return match self.random_step_move(st, rng) {
                Some(step) => {
                    self.rules.apply_return(st, step);
                    true
                }
                None => false,
            };
        }
        match self.rules.random_step(st, rng) {
            Some((from, to)) => {
                self.rules.apply_step(st, from, to);
                true
            }
            None => false,
        }
    }

    fn view(&self, st: &StrategoState, player: Player) -> StrategoView {
        self.rules.view(st, player, self.status(st))
    }

    fn state_key(&self, st: &StrategoState) -> u64 {
        self.rules.state_key(st)
    }

    fn format_move(&self, mv: &Move) -> String {
        self.rules.format_move(mv)
    }

    fn parse_move(&self, st: &StrategoState, text: &str) -> Result<Move, MoveParseError> {
        self.rules.parse_move(st, text)
    }

    fn move_is_public(&self, mv: &Move) -> bool {
        // A setup is secret (S3.2); a step's squares are seen at the table,
        // and so is a return or skip (S12.5).
        !matches!(mv, Move::Setup(_))
    }
}

impl RulesDocs for Stratego {
    fn param_docs() -> &'static [ParamDoc] {
        PARAM_DOCS
    }

    /// The rules for players, `docs/rules/stratego.md`.
    fn rules_text(&self) -> Option<&'static str> {
        Some(include_str!("../../../docs/rules/stratego.md"))
    }

    fn summary(&self) -> String {
        let r = &*self.rules;
        let army = self.army();
        format!(
            "Stratego: {}×{} board, {} {} squares; {} pieces a side on {} home rows{}: {}. \
             Two-squares limit {}; chase rule {}; move cap {}; cap without attack {}.{}",
            r.files,
            r.ranks,
            r.lakes.len(),
            r.lake_name,
            r.army.len(),
            self.params.setup.rows,
            if r.full { " (filled)" } else { "" },
            army.join(", "),
            if r.two_square_limit == 0 {
                "off".to_string()
            } else {
                r.two_square_limit.to_string()
            },
            if r.chase_rule { "on" } else { "off" },
            if r.max_plies == 0 {
                "none".to_string()
            } else {
                r.max_plies.to_string()
            },
            if r.max_quiet == 0 {
                "none".to_string()
            } else {
                r.max_quiet.to_string()
            },
            self.options_text(),
        )
    }
}

impl Render for Stratego {
    fn state_json(&self, st: &StrategoState) -> serde_json::Value {
        serde_json::to_value(crate::state_json::StateJson::of(&self.rules, st))
            .expect("display models always serialize")
    }

    fn render_state(&self, st: &StrategoState) -> String {
        self.rules.render_state(st, &self.status(st))
    }

    fn board_view(
        &self,
        state: &StrategoState,
        seat: Option<Player>,
    ) -> Option<plateau::board::BoardView> {
        Some(crate::board_view::board_view(self, state, seat))
    }

    fn public_board_view(&self, state: &StrategoState) -> Option<plateau::board::BoardView> {
        Some(crate::board_view::public_board_view(self, state))
    }

    fn move_squares(&self, mv: &Move) -> Vec<String> {
        crate::board_view::move_squares(mv)
    }

    fn render_view(&self, view: &StrategoView) -> String {
        self.rules.render_view(view)
    }

    /// The squares marked are those of the view's own last event, so that
    /// nothing beyond the view is drawn; a move the seat may not know
    /// (`last` is `None`) marks none.
    fn render_view_marked(&self, view: &StrategoView, last: Option<(Player, &Move)>) -> String {
        if last.is_none() {
            let mut view = view.clone();
            view.last_event = None;
            return self.rules.render_view_marked(&view);
        }
        self.rules.render_view_marked(view)
    }

    fn render_state_marked(&self, st: &StrategoState, last: Option<(Player, &Move)>) -> String {
        let status = self.status(st);
        if last.is_none() {
            let mut st = st.clone();
            st.last = None;
            return self.rules.render_state_marked(&st, &status);
        }
        self.rules.render_state_marked(st, &status)
    }
}

impl DescribeMoves for Stratego {
    fn move_frames(
        &self,
        before: &StrategoState,
        mv: &Move,
        seat: Option<Player>,
    ) -> Vec<plateau::board::BoardView> {
        crate::board_view::move_frames(self, before, mv, seat)
    }

    fn describe_move(
        &self,
        before: &StrategoState,
        mv: &Move,
        viewer: Option<Player>,
    ) -> Option<String> {
        let audience = viewer.map_or(Audience::All, Audience::Player);
        self.rules.describe_move(before, mv, audience)
    }

    fn describe_move_public(&self, before: &StrategoState, mv: &Move) -> Option<String> {
        self.rules.describe_move(before, mv, Audience::Public)
    }
}

impl FreeFormMoves for Stratego {
    fn moves_enumerable(&self, st: &StrategoState) -> bool {
        !st.in_setup() || st.outcome.is_some()
    }

    fn move_hint(&self, st: &StrategoState) -> Option<String> {
        if st.outcome.is_some() {
            return None;
        }
        let r = &*self.rules;
        if st.in_setup() {
            let home = &r.home[st.to_move.index()];
            let army = self.army();
            // Drawn afresh from the operating system every time: a fixed
            // example would be the setup of anyone who copies it, known to
            // the opponent.
            let mut rng = plateau::rng(plateau::rand::random());
            let example = self.setup_text(&self.random_setup(st.to_move, &mut rng));
            // The second side's screen shows the board turned round.
            let seen = if st.to_move.index() == 1 {
                let last = char::from(b'a' + r.files - 1);
                format!(
                    " Your screen shows the files from {last} to a: to type each row as you see it, \
                     from your left, write `setup seen ROWS`."
                )
            } else {
                String::new()
            };
            return Some(format!(
                "Enter {}'s setup: `setup ROWS`, the home area from the front row ({} …) to the back row (… {}), \
                 each row from file a, one symbol per square, '.' for empty, '/' between rows.{seen} \
                 Pieces: {}. Example: setup {example}",
                crate::render::title(&r.names[st.to_move.index()]),
                home[0],
                home[home.len() - 1],
                army.join(", "),
            ));
        }
        if let Some(p) = st.pending {
            let mut example = None;
            self.rules.for_each_step(st, |step| {
                example = step.map(|s| self.format_move(&self.step_move(Some(s))));
                example.is_some()
            });
            return Some(if p.skip_only {
                "Your scout reached the back row; a scout never returns a piece (S12.5c): enter skip."
                    .into()
            } else {
                format!(
                    "Your piece reached the opponent's back row (S12.5): enter `return PIECE SQUARE` to bring back a removed piece to an empty square of your home area{}, or `skip`.",
                    example.map_or(String::new(), |e| format!(" (e.g. {e})"))
                )
            });
        }
        Some("Enter a move as FROM-TO, e.g. b4-b5 (x may replace -).".into())
    }

    fn candidate_move<R: Rng + ?Sized>(&self, st: &StrategoState, rng: &mut R) -> Option<Move> {
        if st.outcome.is_none() && st.in_setup() {
            return Some(Move::Setup(self.rules.likely_setup(st.to_move, rng)));
        }
        self.random_move(st, rng)
    }

    fn free_form_candidates(&self) -> u32 {
        crate::eval::setup_candidates(self)
    }

    fn placement(&self, state: &StrategoState) -> Option<plateau::board::Placement> {
        crate::board_view::placement(self, state)
    }

    fn placement_move(&self, state: &StrategoState, arrangement: &[Option<usize>]) -> Option<Move> {
        crate::board_view::placement_move(self, state, arrangement)
    }

    fn placement_of(&self, state: &StrategoState, mv: &Move) -> Option<Vec<Option<usize>>> {
        crate::board_view::placement_of(self, state, mv)
    }
}

impl SearchHooks for Stratego {
    fn evaluate(&self, state: &StrategoState, player: Player) -> f64 {
        crate::eval::evaluate(self, state, player)
    }

    fn evaluations(&self) -> &'static [&'static str] {
        &crate::eval::EVALUATIONS
    }

    /// `hand` or `steep`: the material term as a share of the total, or by a
    /// steep curve of the difference (games/stratego/src/eval.rs).
    fn evaluate_with(&self, eval: usize, state: &StrategoState, player: Player) -> f64 {
        crate::eval::evaluate_with(self, state, player, crate::eval::Material::of_index(eval))
    }

    fn wins_at_once(&self, state: &StrategoState, player: Player) -> bool {
        self.rules.can_capture_flag(state, player.index())
    }

    fn forced_win(&self, state: &StrategoState, player: Player, max_moves: u32) -> Option<u32> {
        self.rules
            .forced_flag_capture(state, player.index(), max_moves)
    }

    fn guessed_win(&self, state: &StrategoState, mv: &Move) -> Option<(f64, StrategoState)> {
        match mv {
            Move::Step { from, to } => {
                self.rules
                    .guessed_flag_capture(state, from.index(), to.index())
            }
            _ => None,
        }
    }

    fn default_agent(&self) -> &'static str {
        crate::eval::default_agent(self)
    }

    fn own_agent(
        &self,
        spec: &plateau::ai::Spec,
        _seed: u64,
    ) -> Option<Result<Box<dyn plateau::ai::Agent<Self>>, plateau::ai::SpecError>> {
        (spec.name == crate::ucc::NAME).then(|| crate::ucc::agent(spec))
    }

    fn own_agent_docs(&self) -> Vec<plateau::ai::AgentDoc> {
        vec![crate::ucc::doc()]
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &StrategoView, rng: &mut R) -> StrategoState {
        self.rules.determinize(view, rng)
    }

    fn beliefs(&self) -> &'static [&'static str] {
        &Belief::NAMES
    }

    fn determinize_with<R: Rng + ?Sized>(
        &self,
        belief: usize,
        view: &StrategoView,
        rng: &mut R,
    ) -> StrategoState {
        self.rules
            .determinize_with(view, Belief::of_index(belief), rng)
    }

    fn move_habit(&self, view: &StrategoView, mv: &Move) -> u32 {
        crate::habit::move_habit(view, mv)
    }

    fn move_outcome_key(&self, st: &StrategoState) -> u64 {
        // The last public event (S6.3): the squares, the ranks the move
        // revealed and who won its fight. A setup's event names only the
        // side.
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        st.last_event().hash(&mut hasher);
        hasher.finish()
    }
}
