//! `plateau analyse`: values equal the agent's own search on the same
//! positions and seeds, a planted blunder is marked, a Stratego analysis
//! from one seat holds nothing of the other's hidden army, bad input is
//! named.

mod common;

use common::Out;

use plateau::{DynSession, GameRecord, Registry, RulesSpec, Status};
use serde_json::Value;

fn run(registry: &Registry, args: &[&str]) -> Out {
    common::run_on(registry, args, "")
}

fn analysis(registry: &Registry, path: &str, extra: &[&str]) -> Value {
    let mut args = vec!["analyse", path, "--json"];
    args.extend_from_slice(extra);
    let o = run(registry, &args);
    assert_eq!(o.code, 0, "{}", o.err);
    serde_json::from_str(&o.out).unwrap()
}

/// A session of `record`'s first `plies` moves.
fn prefix(registry: &Registry, record: &GameRecord, plies: usize) -> Box<dyn DynSession> {
    let mut r = record.clone();
    r.moves.truncate(plies);
    r.outcome = None;
    registry.load_record(&r).unwrap()
}

/// Hus between two seeded agents, `plies` long (or to the end).
fn hus_game(registry: &Registry, spec: &str, plies: usize) -> GameRecord {
    let game = registry
        .get("hus")
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    let mut session = game.new_session(11);
    let mut agent = game.agent(spec, 3).unwrap();
    while session.num_moves() < plies && !session.status().is_over() {
        let choice = agent.choose(session.as_ref()).unwrap();
        session.play(&choice.mv).unwrap();
    }
    session.record()
}

fn write(dir: &std::path::Path, name: &str, record: &GameRecord) -> String {
    let path = dir.join(name);
    std::fs::write(&path, record.to_json()).unwrap();
    path.display().to_string()
}

#[test]
fn values_and_best_moves_equal_the_agents_own_search() {
    let registry = plateau_games::default_registry();
    let dir = tempfile::tempdir().unwrap();
    let record = hus_game(&registry, "random", 14);
    let path = write(dir.path(), "hus.json", &record);
    let spec = "alphabeta:depth=3";
    let a = analysis(&registry, &path, &["--agent", spec, "--seed", "5"]);
    let plies = a["plies"].as_array().unwrap();
    assert_eq!(plies.len(), record.moves.len());
    let game = registry
        .get("hus")
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    for (i, ply) in plies.iter().enumerate() {
        let session = prefix(&registry, &record, i);
        let mut agent = game.agent(spec, 5).unwrap();
        let choice = agent.choose(session.as_ref()).unwrap();
        assert_eq!(ply["best"], choice.mv.as_str(), "ply {}", i + 1);
        let value = ply["value"].as_f64().unwrap();
        assert!(
            (value - choice.value.unwrap()).abs() < 1e-9,
            "ply {}",
            i + 1
        );
        assert_eq!(ply["played"], record.moves[i].as_str());
        // The move's value: the next position's, for the player who moved.
        if i + 1 < plies.len() {
            let next = plies[i + 1]["value"].as_f64().unwrap();
            let played = ply["played_value"].as_f64().unwrap();
            assert!(
                (played + next).abs() < 1e-9,
                "ply {}: {played} {next}",
                i + 1
            );
        }
    }
}

#[test]
fn a_planted_blunder_is_marked_and_the_better_move_named() {
    let registry = plateau_games::default_registry();
    let game = registry
        .get("hus")
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    let spec = "alphabeta:depth=4";
    // Good play by both sides, then at the first position where some legal
    // move throws the game away (the opponent's best reply leaves the
    // mover at least 0.5 worse than its best move), that move is played.
    let mut session = game.new_session(11);
    let mut planted = None;
    while planted.is_none() && !session.status().is_over() && session.num_moves() < 60 {
        let mut agent = game.agent(spec, 1).unwrap();
        let best = agent.choose(session.as_ref()).unwrap();
        let best_value = best.value.unwrap();
        let worst = session
            .legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let mut after = session.clone_box();
                after.play(&mv).unwrap();
                let value = match after.status() {
                    Status::Over(_) => return None,
                    Status::ToMove(_) => {
                        let mut reply = game.agent(spec, 1).unwrap();
                        -reply.choose(after.as_ref()).unwrap().value.unwrap()
                    }
                };
                Some((mv, value))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1));
        match worst {
            Some((mv, value)) if best_value - value >= 0.5 => {
                session.play(&mv).unwrap();
                planted = Some((session.num_moves(), mv, best.mv));
            }
            _ => session.play(&best.mv).unwrap(),
        }
    }
    let (ply, blunder, better) = planted.expect("a position where one move throws the game away");
    // Two more good moves after it.
    for _ in 0..2 {
        if session.status().is_over() {
            break;
        }
        let mut agent = game.agent(spec, 1).unwrap();
        let mv = agent.choose(session.as_ref()).unwrap().mv;
        session.play(&mv).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "blunder.json", &session.record());
    let a = analysis(&registry, &path, &["--agent", spec, "--seed", "1"]);
    let p = &a["plies"][ply - 1];
    assert_eq!(p["played"], blunder.as_str());
    assert_eq!(p["mark"], "blunder", "{p}");
    assert_eq!(p["best"], better.as_str(), "{p}");
    assert!(p["loss"].as_f64().unwrap() >= 0.35, "{p}");
    // The report marks it `??` and counts it.
    let o = run(
        &registry,
        &["analyse", &path, "--agent", spec, "--seed", "1"],
    );
    assert_eq!(o.code, 0, "{}", o.err);
    let line = o
        .out
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{ply}. ")))
        .unwrap();
    assert!(line.contains(&format!("{blunder}??")), "{line}");
    assert!(line.contains(&format!("best {better}")), "{line}");
    let mover = p["mover"].as_str().unwrap();
    let summary = o
        .out
        .lines()
        .find(|l| l.starts_with(&format!("{mover}: ")))
        .unwrap();
    let blunders: usize = summary
        .rsplit(", ")
        .next()
        .and_then(|b| b.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(blunders >= 1, "{summary}");
}

#[test]
fn a_stratego_analysis_from_one_seat_holds_nothing_of_the_other_army() {
    let registry = plateau_games::default_registry();
    let dir = tempfile::tempdir().unwrap();
    let game = registry
        .get("stratego")
        .unwrap()
        .load(&RulesSpec::variant("barrage"))
        .unwrap();
    let mut session = game.new_session(4);
    let mut rng = plateau::rng(9);
    while session.num_moves() < 24 && !session.status().is_over() {
        let mv = session.random_move(&mut rng).unwrap();
        session.play(&mv).unwrap();
    }
    let record = session.record();
    let blue_setup = record.moves[1].clone();
    let path = write(dir.path(), "stratego.json", &record);

    // Without a seat: refused, naming the seats.
    let o = run(
        &registry,
        &["analyse", &path, "--agent", "ismcts:iters=200"],
    );
    assert_eq!(o.code, 2, "{}", o.out);
    assert!(
        o.err.contains("one seat's view") && o.err.contains("red, blue"),
        "{}",
        o.err
    );

    let text = run(
        &registry,
        &[
            "analyse",
            &path,
            "--agent",
            "ismcts:iters=200",
            "--seat",
            "red",
        ],
    );
    let a = analysis(
        &registry,
        &path,
        &["--agent", "ismcts:iters=200", "--seat", "red"],
    );
    // Blue's setup is secret to red: shown as such, never its text.
    let setup_body = blue_setup.trim_start_matches("setup").trim();
    for out in [&text.out, &a.to_string()] {
        assert!(
            !out.contains(setup_body),
            "blue's setup shown to red: {out}"
        );
    }
    assert_eq!(a["plies"][1]["played"], "(secret)");
    assert_eq!(a["seat"], "red");
    // Only red's moves are searched, and red's best moves are red's.
    for p in a["plies"].as_array().unwrap() {
        if p["searched"] == true {
            assert_eq!(p["mover"], "red", "{p}");
        } else {
            assert!(p["value"].is_null() && p["best"].is_null(), "{p}");
        }
    }
    assert!(a["plies"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["searched"] == true && p["best"].is_string()));
}

#[test]
fn bad_input_is_named() {
    let registry = plateau_games::default_registry();
    let dir = tempfile::tempdir().unwrap();
    let record = hus_game(&registry, "random", 4);
    let path = write(dir.path(), "hus.json", &record);
    let o = run(&registry, &["analyse", &path, "--agent", "mcts:tme=1s"]);
    assert_eq!(o.code, 2);
    assert!(
        o.err.contains("--agent") && o.err.contains("no option 'tme'"),
        "{}",
        o.err
    );
    let o = run(&registry, &["analyse", &path, "--seat", "east"]);
    assert_eq!(o.code, 2);
    assert!(
        o.err.contains("--seat east") && o.err.contains("south, north"),
        "{}",
        o.err
    );
    let o = run(&registry, &["analyse", &path, "--time", "soon"]);
    assert_eq!(o.code, 2);
    assert!(o.err.contains("--time soon"), "{}", o.err);
    let missing = dir.path().join("none.json").display().to_string();
    let o = run(&registry, &["analyse", &missing]);
    assert_ne!(o.code, 0);
    assert!(o.err.contains("none.json"), "{}", o.err);
    // A time cap holds whatever the spec says.
    let started = std::time::Instant::now();
    let a = analysis(
        &registry,
        &path,
        &["--agent", "mcts:iters=1000000000", "--time", "50ms"],
    );
    assert_eq!(a["time_ms"], 50);
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
}

#[test]
fn save_writes_the_analysis_next_to_the_record_for_replay() {
    let registry = plateau_games::default_registry();
    let dir = tempfile::tempdir().unwrap();
    let record = hus_game(&registry, "random", 6);
    let path = write(dir.path(), "game.json", &record);
    let o = run(
        &registry,
        &["analyse", &path, "--agent", "alphabeta:depth=2", "--save"],
    );
    assert_eq!(o.code, 0, "{}", o.err);
    let saved = std::fs::read_to_string(dir.path().join("game.analysis.json")).unwrap();
    let analysis: plateau::analysis::GameAnalysis = serde_json::from_str(&saved).unwrap();
    assert!(analysis.fits(&record));
    assert_eq!(analysis.plies.len(), 6);
}
