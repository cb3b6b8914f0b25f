//! The conformance kit catches each fault it checks for: Nim with one
//! planted fault at a time must fail the kit with a message naming the
//! broken property, and Nim itself passes.

use plateau::conformance::{check, Config};
use plateau::demo::{Nim, NimParams, NimState};
use plateau::rand::Rng;
use plateau::{
    DescribeMoves, FreeFormMoves, Game, MoveParseError, Outcome, Player, Render, RulesDocs,
    RulesError, SearchHooks, Status, Variant,
};

/// One planted fault.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Fault {
    None,
    /// `random_move` prefers taking one stone.
    BiasedRandomMove,
    /// `play_random` draws its own move from the stream.
    PlayRandomDrawsAnother,
    /// `state_key` ignores the player to move.
    KeyWithoutPlayer,
    /// `state_key` counts the calls made so far.
    ImpureKey,
    /// `returns` gives the loser more than the winner.
    ReturnsUpsideDown,
}

/// Nim with a fault, and a pile that takes turns to empty: players move in
/// turn, but a player who leaves a pile of 7 moves again (turns do not
/// alternate there).
#[derive(Clone, Debug)]
struct Faulty {
    nim: Nim,
    fault: Fault,
    calls: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl Faulty {
    fn new(fault: Fault) -> Self {
        Faulty {
            nim: Nim::new(NimParams {
                pile: 31,
                max_take: 4,
            })
            .unwrap(),
            fault,
            calls: Default::default(),
        }
    }
}

impl Game for Faulty {
    type Params = NimParams;
    type State = NimState;
    type Move = u32;
    type View = NimState;

    const ID: &'static str = "faulty-nim";
    const NAME: &'static str = "Faulty Nim";
    plateau::perfect_information!();

    fn variants() -> &'static [Variant] {
        Nim::variants()
    }
    fn new(params: NimParams) -> Result<Self, RulesError> {
        Ok(Faulty {
            nim: Nim::new(params)?,
            fault: Fault::None,
            calls: Default::default(),
        })
    }
    fn params(&self) -> &NimParams {
        self.nim.params()
    }
    fn player_name(&self, player: Player) -> &str {
        self.nim.player_name(player)
    }
    fn initial_state(&self, seed: u64) -> NimState {
        self.nim.initial_state(seed)
    }
    fn status(&self, state: &NimState) -> Status {
        self.nim.status(state)
    }
    fn legal_moves(&self, state: &NimState, moves: &mut Vec<u32>) {
        self.nim.legal_moves(state, moves)
    }
    fn apply_unchecked(&self, state: &mut NimState, mv: &u32) {
        let mover = state.to_move;
        self.nim.apply_unchecked(state, mv);
        if state.pile == 7 {
            state.to_move = mover;
        }
    }
    fn random_move<R: Rng + ?Sized>(&self, state: &NimState, rng: &mut R) -> Option<u32> {
        let mv = self.nim.random_move(state, rng)?;
        if self.fault == Fault::BiasedRandomMove && rng.random_range(0..4) == 0 {
            return Some(1);
        }
        Some(mv)
    }
    fn play_random<R: Rng + ?Sized>(&self, state: &mut NimState, rng: &mut R) -> bool {
        let Some(mut mv) = self.random_move(state, rng) else {
            return false;
        };
        if self.fault == Fault::PlayRandomDrawsAnother {
            mv = self.random_move(state, rng).unwrap_or(mv);
        }
        self.apply_unchecked(state, &mv);
        true
    }
    fn state_key(&self, state: &NimState) -> u64 {
        let calls = self
            .calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match self.fault {
            Fault::KeyWithoutPlayer => u64::from(state.pile),
            Fault::ImpureKey => u64::from(state.pile) * 2 + u64::from(state.to_move.0) + calls,
            _ => u64::from(state.pile) * 2 + u64::from(state.to_move.0),
        }
    }
    fn returns(&self, outcome: &Outcome, player: Player) -> f64 {
        let r = outcome.win_loss_return(player);
        if self.fault == Fault::ReturnsUpsideDown {
            -r
        } else {
            r
        }
    }
    fn format_move(&self, mv: &u32) -> String {
        self.nim.format_move(mv)
    }
    fn parse_move(&self, state: &NimState, text: &str) -> Result<u32, MoveParseError> {
        self.nim.parse_move(state, text)
    }
}

impl RulesDocs for Faulty {
    fn summary(&self) -> String {
        self.nim.summary()
    }
}

impl Render for Faulty {
    fn render_state(&self, state: &NimState) -> String {
        self.nim.render_state(state)
    }
}

impl DescribeMoves for Faulty {}

impl FreeFormMoves for Faulty {}

impl SearchHooks for Faulty {}

/// The kit's failure message on `game`, if it fails.
fn failure(game: &Faulty) -> Option<String> {
    let config = Config {
        games: 12,
        ..Config::default()
    };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(game, &config)));
    result.err().map(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

#[test]
fn the_kit_passes_nim_where_a_player_may_move_twice() {
    assert_eq!(failure(&Faulty::new(Fault::None)), None);
}

#[test]
fn the_kit_names_each_planted_fault() {
    let cases = [
        (Fault::BiasedRandomMove, "random_move is not uniform"),
        (
            Fault::PlayRandomDrawsAnother,
            "play_random plays the move random_move draws",
        ),
        (Fault::KeyWithoutPlayer, "differ in what decides the future"),
        (Fault::ImpureKey, "state_key"),
        (Fault::ReturnsUpsideDown, "the winner's return is above"),
    ];
    for (fault, needle) in cases {
        let message = failure(&Faulty::new(fault))
            .unwrap_or_else(|| panic!("the kit passed Nim with the fault {fault:?}"));
        assert!(
            message.contains(needle),
            "{fault:?}: {message:?} lacks {needle:?}"
        );
    }
}
