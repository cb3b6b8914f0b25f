//! `genmove` on the typed erased layer: the agent is made from the open
//! game's own rules (the rules are loaded once, when the game is opened)
//! and its move is played by index, typed, never read again from its text.
//! A copy of Nim that counts how often its rules are made and how often a
//! move text is read shows it.

mod serve_common;

use plateau::demo::{Nim, NimParams, NimState};
use plateau::{
    Game, MoveParseError, ParamDoc, Player, Registry, Render, RulesDocs, RulesError, Status,
    Variant,
};
use serde_json::json;
use serve_common::{kind, Conn, InProcess};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many times `CountingNim`'s rules were made from parameters.
static LOADS: AtomicUsize = AtomicUsize::new(0);
/// How many move texts `CountingNim` read.
static PARSES: AtomicUsize = AtomicUsize::new(0);

/// Nim, counting [`LOADS`] and [`PARSES`].
#[derive(Clone, Debug)]
struct CountingNim(Nim);

impl Game for CountingNim {
    type Params = NimParams;
    type State = NimState;
    type Move = u32;
    type View = NimState;

    const ID: &'static str = "counting-nim";
    const NAME: &'static str = "Counting Nim";
    plateau::perfect_information!();

    fn variants() -> &'static [Variant] {
        Nim::variants()
    }
    fn new(params: NimParams) -> Result<Self, RulesError> {
        LOADS.fetch_add(1, Ordering::SeqCst);
        Nim::new(params).map(CountingNim)
    }
    fn params(&self) -> &NimParams {
        self.0.params()
    }
    fn player_name(&self, player: Player) -> &str {
        self.0.player_name(player)
    }
    fn initial_state(&self, seed: u64) -> NimState {
        self.0.initial_state(seed)
    }
    fn status(&self, state: &NimState) -> Status {
        self.0.status(state)
    }
    fn legal_moves(&self, state: &NimState, moves: &mut Vec<u32>) {
        self.0.legal_moves(state, moves)
    }
    fn apply_unchecked(&self, state: &mut NimState, mv: &u32) {
        self.0.apply_unchecked(state, mv)
    }
    fn state_key(&self, state: &NimState) -> u64 {
        self.0.state_key(state)
    }
    fn random_move<R: plateau::rand::Rng + ?Sized>(
        &self,
        state: &NimState,
        rng: &mut R,
    ) -> Option<u32> {
        self.0.random_move(state, rng)
    }
    fn format_move(&self, mv: &u32) -> String {
        self.0.format_move(mv)
    }
    fn parse_move(&self, state: &NimState, text: &str) -> Result<u32, MoveParseError> {
        PARSES.fetch_add(1, Ordering::SeqCst);
        self.0.parse_move(state, text)
    }
}

impl RulesDocs for CountingNim {
    fn param_docs() -> &'static [ParamDoc] {
        Nim::param_docs()
    }
    fn summary(&self) -> String {
        self.0.summary()
    }
}

impl Render for CountingNim {
    fn render_state(&self, state: &NimState) -> String {
        self.0.render_state(state)
    }
}

impl plateau::DescribeMoves for CountingNim {}
impl plateau::FreeFormMoves for CountingNim {}
impl plateau::SearchHooks for CountingNim {}

fn counting_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<CountingNim>();
    registry
}

/// The only test of this file that reads the counters (they are global).
#[test]
fn genmove_makes_agents_from_the_games_rules_and_plays_their_moves_unread() {
    let mut s = InProcess::start(counting_registry);
    let new = json!({"cmd": "new", "game": "counting-nim", "set": {"pile": 40, "max_take": 3}});
    let referee = s.ok(&new)["id"].clone();
    let seat = s.ok(&json!({"cmd": "join", "id": referee, "player": 0}))["id"].clone();
    let (loads, parses) = (LOADS.load(Ordering::SeqCst), PARSES.load(Ordering::SeqCst));
    assert!(loads >= 1, "opening the game made its rules");
    let mut moved = 0;
    for (id, agent) in [
        (&seat, "random:1"),
        (&referee, "random:2"),
        (&seat, "mcts:iters=50,seed=3"),
        (&referee, "greedy"),
    ] {
        let r = s.ok(&json!({"cmd": "genmove", "id": id, "agent": agent, "play": true}));
        moved += 1;
        assert_eq!(r["status"]["moves_played"], moved, "{r}");
    }
    // A budget is read from the game's own agent catalog.
    let r = s.ok(&json!({
        "cmd": "genmove", "id": seat, "agent": "mcts:seed=4", "budget": {"iterations": 20}, "play": true
    }));
    assert_eq!(r["status"]["moves_played"], moved + 1, "{r}");
    assert_eq!(
        LOADS.load(Ordering::SeqCst),
        loads,
        "no agent, budget or move loaded the rules again"
    );
    assert_eq!(
        PARSES.load(Ordering::SeqCst),
        parses,
        "the agents' moves were played by index, not read from text"
    );
    // A seat's genmove off its turn is refused before any agent runs.
    let r = s.send(&json!({"cmd": "genmove", "id": seat, "agent": "random:1"}));
    assert_eq!(kind(&r), Some("not_your_turn"), "{r}");
    // A move sent as text is read: the counter counts.
    s.ok(&json!({"cmd": "play", "id": referee, "move": "1"}));
    assert_eq!(PARSES.load(Ordering::SeqCst), parses + 1);
    assert_eq!(LOADS.load(Ordering::SeqCst), loads);
}
