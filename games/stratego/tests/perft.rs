//! Perft fixtures: the number of move sequences of each depth from fixed
//! positions (`tests/perft/*.txt`), pinning move generation with the two
//! repetition rules. `plateau perft` counts the same way.
//!
//! A fixture file has `variant NAME`, `seed N`, then `move TEXT` lines played
//! from the start (the two setups first), then `perft DEPTH COUNT` lines.
//! `#` starts a comment.

use plateau::{Game, RulesSpec, Session};
use plateau_stratego::Stratego;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft");

#[derive(Debug)]
struct Fixture {
    name: String,
    variant: String,
    seed: u64,
    moves: Vec<String>,
    counts: Vec<(u32, u64)>,
}

fn read(name: &str, text: &str) -> Fixture {
    let mut f = Fixture {
        name: name.to_string(),
        variant: "original".into(),
        seed: 0,
        moves: vec![],
        counts: vec![],
    };
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let where_ = format!("{name}:{}: cannot read '{line}'", i + 1);
        match key {
            "variant" => f.variant = rest.trim().to_string(),
            "seed" => f.seed = rest.trim().parse().expect(&where_),
            "move" => f.moves.push(rest.trim().to_string()),
            "perft" => {
                let mut it = rest.split_whitespace();
                let depth = it.next().and_then(|d| d.parse().ok()).expect(&where_);
                let count = it.next().and_then(|d| d.parse().ok()).expect(&where_);
                f.counts.push((depth, count));
            }
            _ => panic!("{where_}"),
        }
    }
    f
}

#[test]
fn perft_fixtures() {
    let mut files: Vec<_> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "perft fixtures are missing");
    let mut wrong = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let f = read(&name, &std::fs::read_to_string(&path).unwrap());
        let game = plateau::rules::load::<Stratego>(&RulesSpec::variant(&f.variant))
            .unwrap()
            .game;
        let mut session = Session::new(game.clone(), f.variant.clone(), f.seed);
        for m in &f.moves {
            session
                .play_text(m)
                .unwrap_or_else(|e| panic!("{}: {m}: {e}", f.name));
        }
        assert!(!game.status(session.state()).is_over(), "{}", f.name);
        for &(depth, count) in &f.counts {
            let got = plateau::perft::perft(&game, session.state(), depth);
            if got != count {
                wrong.push(format!(
                    "{}: perft {depth} is {got}, the fixture says {count}",
                    f.name
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn perft_1_from_the_fixed_setups_by_hand() {
    // Red's front row 2 3 2 B 9 8 2 2 7 4 behind a full home area: the a4
    // scout has a5, a6 and the attack on a7; c4, g4 and h4 face lakes; b4, e4,
    // f4, i4 and j4 step forward; the bomb never moves (S4): 8 moves.
    let game = Stratego::original();
    let text = std::fs::read_to_string(format!("{DIR}/original-fixed.txt")).unwrap();
    let f = read("original-fixed.txt", &text);
    let mut session = Session::new(game.clone(), "original", 0);
    for m in &f.moves[..2] {
        session.play_text(m).unwrap();
    }
    assert_eq!(plateau::perft::perft(&game, session.state(), 1), 8);
    assert_eq!(
        plateau::perft::perft(&game, &game.initial_state(0), 1),
        0,
        "a setup lists no moves"
    );
}
