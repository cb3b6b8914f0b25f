//! Shared by the fuzz targets: the default registry, sample positions of
//! every shipped variant, and the checks of the parsers' contract; the
//! targets' bodies are in [`targets`].

pub mod targets;

use plateau::{DynGame, DynSession, Registry, RulesSpec};
use plateau_stratego::Stratego;
use std::cell::OnceCell;
use std::fmt::Debug;
use std::sync::OnceLock;

/// The games that ship with Plateau (`plateau_cli::default_registry`).
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(plateau_cli::default_registry)
}

/// Stratego's `duel` with every option of S12 on (for `return` and `skip`).
pub fn stratego_options() -> RulesSpec {
    RulesSpec::variant("duel")
        .set("options.reconquest", "true")
        .set("options.mobile_flag", "true")
        .set("options.mobile_bombs", "true")
        .set("options.silent_defense", "true")
        .set("options.attacker_advantage", "true")
}

/// The name of [`stratego_options`] in labels.
pub const STRATEGO_OPTIONS: &str = "duel+options";

/// Every shipped variant of every game, and Stratego with every option on,
/// loaded: (`game/variant`, rules).
pub fn variants() -> &'static [(String, Box<dyn DynGame>)] {
    static VARIANTS: OnceLock<Vec<(String, Box<dyn DynGame>)>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut out = Vec::new();
        for entry in registry().games() {
            for v in entry.variants() {
                let game = entry
                    .load(&RulesSpec::variant(v.name))
                    .unwrap_or_else(|e| panic!("{}/{}: {e}", entry.id(), v.name));
                out.push((format!("{}/{}", entry.id(), v.name), game));
            }
        }
        let stratego = registry().get("stratego").expect("stratego is registered");
        let options = stratego
            .load(&stratego_options())
            .expect("the options load");
        out.push((format!("stratego/{STRATEGO_OPTIONS}"), options));
        out
    })
}

/// Every shipped Stratego variant, and one with every option on: (name, rules).
pub fn stratego_variants() -> &'static [(&'static str, Stratego)] {
    static VARIANTS: OnceLock<Vec<(&'static str, Stratego)>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let entry = registry().get("stratego").expect("stratego is registered");
        let mut out: Vec<(&'static str, Stratego)> = entry
            .variants()
            .iter()
            .map(|v| {
                (
                    v.name,
                    Stratego::variant(v.name).expect("shipped rules load"),
                )
            })
            .collect();
        let options = plateau::rules::load::<Stratego>(&stratego_options())
            .expect("the options load")
            .game;
        out.push((STRATEGO_OPTIONS, options));
        out
    })
}

/// The seeds of the sample positions of each variant.
pub const POSITION_SEEDS: [u64; 3] = [0, 1, 2];
/// The plies after which a sample position is taken (fewer where the game
/// ends sooner).
pub const POSITION_PLIES: [usize; 8] = [0, 1, 2, 3, 6, 13, 30, 80];

/// A sample position: a session of a shipped variant after some seeded
/// random moves.
pub struct Position {
    /// `game/variant seed N after M moves`.
    pub label: String,
    /// The session.
    pub session: Box<dyn DynSession>,
}

/// Sample positions of every shipped variant: for each seed of
/// [`POSITION_SEEDS`], the start position and the positions after the
/// plies of [`POSITION_PLIES`] of a seeded random game.
pub fn with_positions<T>(f: impl FnOnce(&[Position]) -> T) -> T {
    thread_local! {
        static POSITIONS: OnceCell<Vec<Position>> = const { OnceCell::new() };
    }
    POSITIONS.with(|cell| f(cell.get_or_init(make_positions)))
}

fn make_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (name, game) in variants() {
        for seed in POSITION_SEEDS {
            let mut session = game.new_session(seed);
            let mut rng = plateau::rng(seed + 100);
            for ply in 0..=*POSITION_PLIES.last().unwrap() {
                if POSITION_PLIES.contains(&ply) {
                    out.push(Position {
                        label: format!("{name} seed {seed} after {ply} moves"),
                        session: session.clone_box(),
                    });
                }
                let Some(mv) = session.random_move(&mut rng) else {
                    break;
                };
                session
                    .play(&mv)
                    .unwrap_or_else(|e| panic!("{name}: the random move {mv:?} plays: {e}"));
            }
        }
    }
    out
}

/// The first byte (to choose with) and the rest; `None` for empty input.
pub fn split(data: &[u8]) -> Option<(u8, &[u8])> {
    data.split_first().map(|(b, rest)| (*b, rest))
}

/// An error message must say something, on one line.
pub fn one_line(what: &str, input: &dyn Debug, message: &str) {
    assert!(
        !message.trim().is_empty(),
        "{what}: empty error message for {input:?}"
    );
    assert!(
        !message.contains('\n') && !message.contains('\r'),
        "{what}: error on more than one line for {input:?}: {message:?}"
    );
}

/// A session's state and record, to compare before and after.
pub fn snapshot(session: &dyn DynSession) -> (serde_json::Value, plateau::GameRecord) {
    (session.state_json(), session.record())
}

/// A record made by a session must read back from its JSON, load, and give
/// the same record again; returns the loaded session.
pub fn reloads(what: &str, record: &plateau::GameRecord) -> Box<dyn DynSession> {
    let back = plateau::GameRecord::from_json(&record.to_json())
        .unwrap_or_else(|e| panic!("{what}: the record's JSON does not read back: {e}"));
    assert_eq!(
        &back, record,
        "{what}: the record's JSON reads back different"
    );
    let loaded = registry()
        .load_record(record)
        .unwrap_or_else(|e| panic!("{what}: the record does not load: {e}\n{record:?}"));
    assert_eq!(
        &loaded.record(),
        record,
        "{what}: the loaded record differs from the one loaded"
    );
    loaded
}

/// Plays up to `plies` random moves through their text, rendering every
/// position and view: a random move's text must play.
pub fn play_on(what: &str, session: &mut dyn DynSession, seed: u64, plies: usize) {
    let mut rng = plateau::rng(seed);
    for _ in 0..plies {
        let _ = session.render(None);
        for p in 0..session.num_players() {
            let _ = session.render(Some(plateau::Player(p as u8)));
            let _ = session.view_json(plateau::Player(p as u8));
        }
        let _ = session.describe_status();
        let Some(mv) = session.random_move(&mut rng) else {
            assert!(
                session.status().is_over(),
                "{what}: no random move in a game that is not over"
            );
            return;
        };
        if let Err(e) = session.play(&mv) {
            panic!("{what}: the random move {mv:?} does not play: {e}");
        }
    }
}
