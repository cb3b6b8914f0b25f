//! Shared by the fuzz targets: the default registry, sample positions of
//! every shipped variant, and the checks of the parsers' contract; the
//! targets' bodies are in [`targets`].

pub mod targets;

use plateau::{DynGame, DynSession, Player, Registry, RulesSpec};
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

/// A square of the largest Stratego board from a byte: `file * 16 + rank`
/// (some off the variant's board).
fn square_of(b: u8) -> Option<plateau_stratego::Square> {
    plateau_stratego::Square::new(b >> 4, b & 15)
}

fn byte_of(sq: plateau_stratego::Square) -> u8 {
    sq.file() << 4 | sq.rank()
}

/// A Stratego position description from bytes, for the `stratego_state`
/// target: the first byte is the side to move; then four bytes an entry,
/// `[what, square, kind, flags]`: a piece on the board (`what % 4 == 0`;
/// flags: owner, moved, revealed, marked, reached the back row, set up on
/// its own square), a removed
/// piece (1), a side's two-squares series or chase (2), or a pending step
/// and the returns (3).
pub fn position_from_bytes(data: &[u8]) -> plateau_stratego::PositionBuilder {
    use plateau_stratego::{ChaseRecord, PendingStep, PositionBuilder, TwoSquares};
    let mut b = PositionBuilder::new(Player(data.first().copied().unwrap_or(0) & 1));
    for e in data.get(1..).unwrap_or(&[]).chunks_exact(4) {
        let (what, sq, kind, flags) = (e[0], e[1], e[2], e[3]);
        let owner = Player(flags & 1);
        match what % 4 {
            0 => {
                let Some(square) = square_of(sq) else {
                    continue;
                };
                let p = b.place(square, owner, kind);
                p.moved = flags & 2 != 0;
                p.revealed = flags & 4 != 0;
                p.marked = flags & 8 != 0;
                p.reached_back_row = flags & 16 != 0;
                if flags & 32 != 0 {
                    p.origin = Some(square);
                }
            }
            1 => {
                let p = b.remove(owner, kind);
                p.marked = flags & 8 != 0;
            }
            2 if flags & 2 == 0 => {
                b.two_squares[owner.index()] = TwoSquares {
                    from: square_of(sq),
                    to: square_of(kind),
                    count: flags >> 2,
                };
            }
            2 => {
                b.chases[owner.index()] = ChaseRecord {
                    square: square_of(sq),
                    threatens: square_of(kind).into_iter().collect(),
                    active: flags & 4 != 0,
                    positions: vec![u64::from(what) << 32 | u64::from(sq) << 8 | u64::from(kind)],
                };
            }
            _ => {
                b.returns[owner.index()] = (flags >> 1) & 3;
                if flags & 8 != 0 {
                    b.pending_step = square_of(sq).map(|square| PendingStep {
                        square,
                        threatens: square_of(kind).into_iter().collect(),
                        judged: flags & 16 != 0,
                    });
                }
            }
        }
    }
    b
}

/// The bytes [`position_from_bytes`] reads back as the pieces, trays,
/// series and returns of `b` (seeds from real games).
pub fn position_bytes(b: &plateau_stratego::PositionBuilder) -> Vec<u8> {
    let mut out = vec![b.to_move.0];
    for p in &b.pieces {
        out.extend([
            0,
            byte_of(p.square),
            p.kind,
            p.owner.0
                | u8::from(p.moved) << 1
                | u8::from(p.revealed) << 2
                | u8::from(p.marked) << 3
                | u8::from(p.reached_back_row) << 4
                | u8::from(p.origin == Some(p.square)) << 5,
        ]);
    }
    for side in 0..2u8 {
        for p in &b.removed[side as usize] {
            out.extend([1, 0, p.kind, side | u8::from(p.marked) << 3]);
        }
        let s = &b.two_squares[side as usize];
        out.extend([
            2,
            s.from.map_or(0xFF, byte_of),
            s.to.map_or(0xFF, byte_of),
            side | s.count << 2,
        ]);
        out.extend([3, 0xFF, 0xFF, side | b.returns[side as usize] << 1]);
    }
    out
}
