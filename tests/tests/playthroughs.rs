//! Golden playthroughs: for every registered game and shipped variant, one
//! seeded random game written out ply by ply (whose turn, the legal moves,
//! the move, what it did, the board, and for hidden information each player's
//! view) and compared with the file in `tests/playthroughs/`. Any change in
//! the rules, the notation, the random draw or the display shows up as a
//! difference at the first ply it touches.
//!
//! A deliberate change is accepted by regenerating the files and reviewing
//! the diff:
//!
//! ```sh
//! PLATEAU_BLESS=1 cargo test -p plateau-tests --test playthroughs
//! git diff tests/playthroughs/
//! ```

use plateau::{DynSession, Player, RulesSpec, Status};
use std::fmt::Write;
use std::path::PathBuf;

/// The seed of every playthrough: the start position and the random moves.
const SEED: u64 = 1;
/// Plies written per game; a longer game is cut after this many.
const MAX_PLIES: usize = 40;

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("playthroughs")
}

/// One seeded random game of `session`, written out.
fn playthrough(session: &mut dyn DynSession, title: &str) -> String {
    let mut out = String::new();
    let mut rng = plateau::rng(SEED);
    writeln!(out, "# {title}, seed {SEED}: uniformly random moves").unwrap();
    writeln!(
        out,
        "# regenerate: PLATEAU_BLESS=1 cargo test -p plateau-tests --test playthroughs"
    )
    .unwrap();
    for ply in 0.. {
        writeln!(out, "\n== ply {ply}: {}", session.describe_status()).unwrap();
        write_position(&mut out, session);
        let Status::ToMove(_) = session.status() else {
            break;
        };
        if ply == MAX_PLIES {
            writeln!(out, "(cut after {MAX_PLIES} plies)").unwrap();
            break;
        }
        if session.moves_enumerable() {
            let legal = session.legal_moves();
            writeln!(out, "legal ({}): {}", legal.len(), legal.join(" ")).unwrap();
        } else {
            let hint = session.move_hint().unwrap_or_default();
            // A Stratego hint's example setup is drawn afresh each time
            // (secret): the golden file keeps the hint up to it.
            let hint = match hint.find("Example: setup ") {
                Some(at) => format!("{}Example: setup …", &hint[..at]),
                None => hint,
            };
            writeln!(out, "legal: free-form; {hint}").unwrap();
        }
        let mv = session
            .random_move(&mut rng)
            .expect("a game that is not over has a random move");
        session
            .play(&mv)
            .unwrap_or_else(|e| panic!("{title}: the random move '{mv}' was refused: {e}"));
        writeln!(out, "move: {mv}").unwrap();
        if let Some(what) = session.describe_last_move(None) {
            writeln!(out, "did: {}", what.trim_end().replace('\n', "\n     ")).unwrap();
        }
    }
    out
}

fn write_position(out: &mut String, session: &dyn DynSession) {
    writeln!(out, "{}", session.render(None).trim_end()).unwrap();
    if session.hidden_information() {
        for p in 0..session.num_players() {
            let player = Player(p as u8);
            writeln!(out, "-- {}'s view", session.player_name(player)).unwrap();
            writeln!(out, "{}", session.render(Some(player)).trim_end()).unwrap();
        }
    }
}

/// The first line where two texts differ, for a readable failure.
fn first_difference(expected: &str, actual: &str) -> String {
    let line = expected
        .lines()
        .zip(actual.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
    format!(
        "first difference at line {}:\n  expected: {:?}\n  actual:   {:?}",
        line + 1,
        expected.lines().nth(line).unwrap_or("(end of file)"),
        actual.lines().nth(line).unwrap_or("(end of file)")
    )
}

#[test]
fn seeded_games_match_their_golden_playthroughs() {
    let registry = plateau_cli::default_registry();
    let bless = std::env::var_os("PLATEAU_BLESS").is_some();
    let mut failures = Vec::new();
    let mut written = 0;
    for entry in registry.games() {
        for variant in entry.variants() {
            let game = entry.load(&RulesSpec::variant(variant.name)).unwrap();
            let title = format!("{} {}", entry.id(), variant.name);
            let actual = playthrough(game.new_session(SEED).as_mut(), &title);
            let path = folder().join(format!("{}-{}.txt", entry.id(), variant.name));
            if bless {
                std::fs::create_dir_all(folder()).unwrap();
                std::fs::write(&path, &actual).unwrap();
                continue;
            }
            match std::fs::read_to_string(&path) {
                Ok(expected) if expected == actual => written += 1,
                Ok(expected) => failures.push(format!(
                    "{}: {}",
                    path.display(),
                    first_difference(&expected, &actual)
                )),
                Err(e) => failures.push(format!("{}: {e}", path.display())),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "playthroughs differ (regenerate with PLATEAU_BLESS=1 if the change is meant):\n{}",
        failures.join("\n")
    );
    assert!(bless || written >= 3, "every game has a playthrough");
}

#[test]
fn every_playthrough_file_belongs_to_a_shipped_variant() {
    let registry = plateau_cli::default_registry();
    let names: Vec<String> = registry
        .games()
        .flat_map(|e| {
            e.variants()
                .iter()
                .map(move |v| format!("{}-{}.txt", e.id(), v.name))
        })
        .collect();
    for file in std::fs::read_dir(folder()).expect("tests/playthroughs exists") {
        let name = file.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            names.contains(&name),
            "{name} is no shipped variant's playthrough"
        );
    }
}
