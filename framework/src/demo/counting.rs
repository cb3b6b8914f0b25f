//! [`CountingNim`]: Nim that counts how often its rules are made and how
//! often it reads a move's text, so that tests can show that a path plays
//! typed moves (no text read) and reuses its rules (none made again).

use super::{Nim, NimParams, NimState};
use crate::{Game, MoveParseError, ParamDoc, Player, RulesError, Status, Variant};
use std::sync::atomic::{AtomicUsize, Ordering};

static LOADS: AtomicUsize = AtomicUsize::new(0);
static PARSES: AtomicUsize = AtomicUsize::new(0);

/// Nim under the id `counting-nim`, counting [`CountingNim::loads`] and
/// [`CountingNim::parses`]. The counters are global to the process: a test
/// reads them before and after what it checks, in a test binary where no
/// other test plays this game at the same time.
#[derive(Clone, Debug)]
pub struct CountingNim(Nim);

impl CountingNim {
    /// How many times rules of this game were made from parameters.
    pub fn loads() -> usize {
        LOADS.load(Ordering::SeqCst)
    }

    /// How many move texts this game has read.
    pub fn parses() -> usize {
        PARSES.load(Ordering::SeqCst)
    }
}

impl Game for CountingNim {
    type Params = NimParams;
    type State = NimState;
    type Move = u32;
    type View = NimState;
    const ID: &'static str = "counting-nim";
    const NAME: &'static str = "Counting Nim";
    crate::perfect_information!();

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
    fn random_move<R: crate::rand::Rng + ?Sized>(
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

impl crate::RulesDocs for CountingNim {
    fn param_docs() -> &'static [ParamDoc] {
        Nim::param_docs()
    }
    fn summary(&self) -> String {
        self.0.summary()
    }
}

impl crate::Render for CountingNim {
    fn render_state(&self, state: &NimState) -> String {
        self.0.render_state(state)
    }
}

impl crate::DescribeMoves for CountingNim {}
impl crate::FreeFormMoves for CountingNim {}
impl crate::SearchHooks for CountingNim {}
