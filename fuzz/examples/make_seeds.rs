//! Writes the seed corpora of fuzz/seeds/<target>/ from the real games and
//! rules data: `cargo run --example make_seeds` in fuzz/. Deterministic.

use plateau::{Game, GameRecord, Player, Session};
use plateau_fuzz::{registry, stratego_variants, variants, with_positions};
use plateau_stratego::{gravon, Move, Square, Stratego};
use serde_json::json;
use std::fs;
use std::path::{Path, PathBuf};

fn dir(target: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("seeds")
        .join(target);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    fs::write(dir.join(name), bytes).unwrap();
}

/// A byte to choose with, then the text.
fn picked(pick: usize, text: &str) -> Vec<u8> {
    let mut out = vec![u8::try_from(pick).expect("fits a byte")];
    out.extend_from_slice(text.as_bytes());
    out
}

fn slug(label: &str) -> String {
    label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// A legal move of some positions of each variant, with the position's byte.
fn moves() {
    let dir = dir("moves");
    with_positions(|positions| {
        let mut rng = plateau::rng(9);
        for (i, p) in positions.iter().enumerate() {
            // The start, the first move of play, and a later position.
            let ply = p.session.num_moves();
            if ![0, 2, 30].contains(&ply) {
                continue;
            }
            if !p.label.contains("seed 0") {
                continue;
            }
            // The first byte picks among the first 256 positions only.
            if i > usize::from(u8::MAX) {
                continue;
            }
            if let Some(mv) = p.session.random_move(&mut rng) {
                write(&dir, &slug(&p.label), &picked(i, &mv));
            }
        }
    });
}

/// A random setup text of each side of each Stratego variant.
fn stratego_setup() {
    let dir = dir("stratego_setup");
    let variants = stratego_variants();
    for (v, (name, game)) in variants.iter().enumerate() {
        for side in 0..2u8 {
            let setup = game.random_setup(Player(side), &mut plateau::rng(u64::from(side)));
            let text = game.setup_text(&setup);
            let pick = v + variants.len() * usize::from(side);
            write(&dir, &format!("{name}-{side}"), &picked(pick, &text));
        }
    }
}

/// Positions of each Stratego variant, after the setups and later in play,
/// as position descriptions in bytes.
fn stratego_state() {
    let dir = dir("stratego_state");
    for (v, (name, game)) in stratego_variants().iter().enumerate() {
        let mut state = game.initial_state(0);
        let mut rng = plateau::rng(5);
        for ply in 0..=20 {
            if ply == 2 || ply == 20 {
                let description = plateau_stratego::PositionBuilder::from_state(game, &state);
                let mut bytes = vec![v as u8];
                bytes.extend(plateau_fuzz::position_bytes(&description));
                write(&dir, &format!("{name}-{ply}"), &bytes);
            }
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
        }
    }
}

/// A record of each variant: a new game and a few random moves.
fn record() {
    let dir = dir("record");
    for (name, game) in variants() {
        let mut session = game.new_session(3);
        let mut rng = plateau::rng(4);
        for _ in 0..6 {
            let Some(mv) = session.random_move(&mut rng) else {
                break;
            };
            session.play(&mv).unwrap();
        }
        write(&dir, &slug(name), session.record().to_json().as_bytes());
    }
}

/// Every rules file of rules-data/.
fn rules_toml() {
    let dir = dir("rules_toml");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules-data");
    for game in fs::read_dir(&data).unwrap() {
        let game = game.unwrap().path();
        for file in fs::read_dir(&game).unwrap() {
            let file = file.unwrap().path();
            let name = format!(
                "{}-{}",
                game.file_name().unwrap().to_string_lossy(),
                file.file_name().unwrap().to_string_lossy()
            );
            fs::copy(&file, dir.join(name)).unwrap();
        }
    }
}

/// Gravon's letter of an Original piece (red; blue is 12 letters on).
fn gravon_letter(game: &Stratego, kind: u8, side: u8) -> char {
    const PIECES: [&str; 12] = [
        "bomb",
        "spy",
        "scout",
        "miner",
        "sergeant",
        "lieutenant",
        "captain",
        "major",
        "colonel",
        "general",
        "marshal",
        "flag",
    ];
    let name = &game.pieces()[kind as usize].name;
    let i = PIECES.iter().position(|p| p == name).unwrap() as u8;
    (b'B' + 12 * side + i) as char
}

fn gravon_square(sq: Square) -> String {
    let file = if sq.file() == 9 {
        'K'
    } else {
        (b'A' + sq.file()) as char
    };
    let rank = (b'1' + sq.rank()) as char;
    format!("{file}{rank}")
}

/// A short Gravon game of `game_type`: seeded random setups, a few random
/// steps, then a forfeit of blue.
fn tiny_gravon(game_type: &str, seed: u64) -> String {
    let (variant, game) = gravon::rules_for(game_type).unwrap();
    let mut field = vec!['A'; 100];
    for sq in game.lakes() {
        field[sq.rank() as usize * 10 + sq.file() as usize] = '_';
    }
    let mut session = Session::new(game.clone(), variant, seed);
    let mut rng = plateau::rng(seed);
    for side in 0..2u8 {
        let setup = game.random_setup(Player(side), &mut rng);
        for (sq, kind) in game.home_area(Player(side)).iter().zip(setup.kinds()) {
            if let Some(kind) = kind {
                field[sq.rank() as usize * 10 + sq.file() as usize] =
                    gravon_letter(&game, kind, side);
            }
        }
        session.play(Move::Setup(setup)).unwrap();
    }
    let mut moves = String::new();
    for id in 1..=4 {
        let Some(Move::Step { from, to }) = game.random_move(session.state(), &mut rng) else {
            break;
        };
        session.play(Move::Step { from, to }).unwrap();
        moves.push_str(&format!(
            "  <move id=\"{id}\" source=\"{}\" target=\"{}\"/>\n",
            gravon_square(from),
            gravon_square(to)
        ));
    }
    let field: String = field.into_iter().collect();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"{game_type}\">\n  \
         <field content=\"{field}\"/>\n{moves}  <player id=\"1\">Player 1</player>\n  \
         <player id=\"2\">Player 2</player>\n  <result type=\"3\" winner=\"1\"/>\n </game>\n</stratego>\n"
    )
}

fn gravon() {
    let dir = dir("gravon");
    for game_type in ["classic", "barrage"] {
        // The first seed whose random game is not over after its steps.
        let xml = (1..100)
            .map(|seed| tiny_gravon(game_type, seed))
            .find(|xml| gravon::import(xml).is_ok())
            .expect("a short game that goes on");
        write(&dir, game_type, xml.as_bytes());
    }
}

fn lines(requests: &[serde_json::Value]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in requests {
        out.extend_from_slice(r.to_string().as_bytes());
        out.push(b'\n');
    }
    out
}

/// Protocol sessions: every command, a few errors.
fn protocol() {
    let dir = dir("protocol");
    let record: GameRecord = {
        let game = &variants()[0].1;
        let mut session = game.new_session(1);
        let mut rng = plateau::rng(1);
        for _ in 0..3 {
            let mv = session.random_move(&mut rng).unwrap();
            session.play(&mv).unwrap();
        }
        session.record()
    };
    let sessions = [
        (
            "hus",
            vec![
                json!({"cmd": "new", "game": "hus", "seed": 2, "tag": "a"}),
                json!({"cmd": "legal", "id": 1}),
                json!({"cmd": "genmove", "id": 1, "play": true, "describe": true}),
                json!({"cmd": "status", "id": 1}),
                json!({"cmd": "view", "id": 1, "player": 0}),
                json!({"cmd": "state", "id": 1}),
                json!({"cmd": "undo", "id": 1}),
                json!({"cmd": "record", "id": 1}),
                json!({"cmd": "resign", "id": 1}),
                json!({"cmd": "close", "id": 1}),
                json!({"cmd": "quit"}),
            ],
        ),
        (
            "stratego",
            vec![
                json!({"cmd": "new", "game": "stratego", "variant": "duel", "set": {"options.reconquest": true}}),
                json!({"cmd": "genmove", "id": 1, "agent": "random:3", "play": true}),
                json!({"cmd": "genmove", "id": 1, "play": true, "viewer": "blue"}),
                json!({"cmd": "legal", "id": 1}),
                json!({"cmd": "play", "id": 1, "move": "a4-a5", "describe": true}),
                json!({"cmd": "view", "id": 1, "player": "red"}),
            ],
        ),
        (
            "oware",
            vec![
                json!({"cmd": "new", "game": "oware", "variant": "small", "seed": 1}),
                json!({"cmd": "play", "id": 1, "move": "C", "describe": true}),
                json!({"cmd": "play", "id": 1, "move": "A"}),
                json!({"cmd": "genmove", "id": 1, "agent": "alphabeta:depth=2", "play": true}),
                json!({"cmd": "legal", "id": 1}),
                json!({"cmd": "view", "id": 1, "player": "north"}),
                json!({"cmd": "state", "id": 1}),
                json!({"cmd": "record", "id": 1}),
            ],
        ),
        (
            "quinque",
            vec![
                json!({"cmd": "games"}),
                json!({"cmd": "new", "game": "quinque", "variant": "basic"}),
                json!({"cmd": "play", "id": 1, "move": ["pass", "x"]}),
                json!({"cmd": "playout", "game": "quinque", "count": 1, "seed": 4}),
            ],
        ),
        (
            "load",
            vec![
                json!({"cmd": "load", "record": record}),
                json!({"cmd": "load", "record": record.to_json()}),
                json!({"cmd": "play", "id": 2, "move": "?"}),
                json!({"cmd": "undo", "id": 2, "count": 9}),
            ],
        ),
    ];
    for (name, requests) in sessions {
        write(&dir, name, &lines(&requests));
    }
    write(
        &dir,
        "errors",
        b"not json\n{\"cmd\":7}\n\n{\"cmd\":\"new\",\"game\":\"hus\",\"rules\":\"[x\"}\n[1]\r\n{\"cmd\":\"status\",\"id\":9,\"tag\":[1]}\n",
    );
}

/// Oware positions as `oware_state` reads them: bytes for
/// `Oware::position` (as given and fitted to the rules) and views as JSON.
fn oware_state() {
    let dir = dir("oware_state");
    let start = |pick: u8, houses: usize, seeds: u8| {
        let mut bytes = vec![pick, 0];
        bytes.extend(std::iter::repeat_n(seeds, 2 * houses));
        bytes.extend([0, 0, pick]);
        bytes
    };
    write(&dir, "standard-start-raw", &start(0, 6, 4));
    write(&dir, "small-start-raw", &start(1, 4, 3));
    write(&dir, "standard-wrong-total", &{
        let mut b = start(0, 6, 4);
        b[14] = 1;
        b
    });
    write(
        &dir,
        "standard-fitted",
        &[0, 1, 5, 0, 2, 7, 1, 1, 3, 0, 0, 9, 2, 2, 8, 1],
    );
    write(
        &dir,
        "standard-feeding-raw",
        &[0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 22, 23, 1],
    );
    let variants = ["standard", "small"];
    for (pick, name) in variants.iter().enumerate() {
        let game: plateau_oware::Oware = plateau::rules::load(&plateau::RulesSpec::variant(name))
            .unwrap()
            .game;
        let mut state = game.initial_state(0);
        let mut rng = plateau::rng(6);
        for ply in 0..=200 {
            if [0, 12, 40].contains(&ply) || game.status(&state).is_over() {
                let view = game.view(&state, Player((ply % 2) as u8));
                let mut bytes = vec![pick as u8];
                bytes.extend(serde_json::to_vec(&view).unwrap());
                let end = if game.status(&state).is_over() {
                    "over"
                } else {
                    "json"
                };
                write(&dir, &format!("{name}-{ply}-{end}"), &bytes);
            }
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
        }
    }
}

fn main() {
    assert!(registry().games().count() > 0);
    moves();
    stratego_setup();
    stratego_state();
    record();
    rules_toml();
    gravon();
    protocol();
    oware_state();
    println!("seeds written to fuzz/seeds/");
}
