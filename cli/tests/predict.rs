//! `plateau predict`: agreements with the moves of a record, by phase,
//! counted the same in the table and the JSON, with probabilities for
//! agents that count visits; a Stratego record predicted from each mover's
//! view; bad input named.

mod common;

use common::Out;

use plateau::RulesSpec;
use serde_json::Value;

fn run(args: &[&str]) -> Out {
    common::run_on(&plateau_games::default_registry(), args, "")
}

/// A record of `game` with `plies` seeded random moves (setups first, as
/// the game draws them).
fn record(dir: &std::path::Path, game: &str, plies: usize) -> std::path::PathBuf {
    let registry = plateau_games::default_registry();
    let loaded = registry
        .get(game)
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    let mut session = loaded.new_session(3);
    let mut agent = loaded.agent("random", 7).unwrap();
    for _ in 0..plies {
        if session.status().is_over() {
            break;
        }
        let mv = agent.choose(session.as_ref()).unwrap().mv;
        session.play(&mv).unwrap();
    }
    let path = dir.join(format!("{game}.json"));
    std::fs::write(&path, serde_json::to_string(&session.record()).unwrap()).unwrap();
    path
}

#[test]
fn every_ply_is_predicted_and_counted_in_its_phase() {
    let dir = tempfile::tempdir().unwrap();
    let path = record(dir.path(), "oware", 30);
    let o = run(&[
        "predict",
        path.to_str().unwrap(),
        "--agent",
        "mcts:iters=100",
        "--agent",
        "alphabeta:depth=2",
        "--opening",
        "5",
        "--ending",
        "8",
        "--json",
    ]);
    assert_eq!(o.code, 0, "{}", o.err);
    let v: Value = serde_json::from_str(&o.out).unwrap();
    for (i, agent) in v["agents"].as_array().unwrap().iter().enumerate() {
        let plies = agent["games"][0]["plies"].as_array().unwrap();
        assert_eq!(plies.len(), 30);
        let phases: Vec<&str> = plies.iter().map(|p| p["phase"].as_str().unwrap()).collect();
        assert!(phases[..5].iter().all(|&p| p == "opening"), "{phases:?}");
        assert!(phases[5..22].iter().all(|&p| p == "middle"), "{phases:?}");
        assert!(phases[22..].iter().all(|&p| p == "ending"), "{phases:?}");
        let mut top1 = 0;
        for p in plies {
            let agree = p["chosen"] == p["played"];
            assert_eq!(p["top1"], agree, "{p}");
            let ranked: Vec<&Value> = p["ranked"].as_array().unwrap().iter().take(3).collect();
            assert_eq!(p["top3"], agree || ranked.contains(&&p["played"]), "{p}");
            top1 += usize::from(agree);
            // MCTS counts visits: a probability; alpha-beta has none.
            assert_eq!(p["probability"].is_f64(), i == 0, "{p}");
        }
        let summary = &agent["summary"];
        assert_eq!(summary["all"]["positions"], 30);
        assert_eq!(summary["all"]["top1"], top1);
        assert_eq!(summary["opening"]["positions"], 5);
        assert_eq!(summary["ending"]["positions"], 8);
    }
    let o = run(&[
        "predict",
        path.to_str().unwrap(),
        "--agent",
        "alphabeta:depth=2",
    ]);
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(
        o.out.contains("alphabeta:depth=2") && o.out.contains("30"),
        "{}",
        o.out
    );
}

#[test]
fn a_stratego_record_is_predicted_from_each_movers_view() {
    let dir = tempfile::tempdir().unwrap();
    let path = record(dir.path(), "stratego", 60);
    let o = run(&[
        "predict",
        path.to_str().unwrap(),
        "--agent",
        "greedy",
        "--json",
    ]);
    assert_eq!(o.code, 0, "{}", o.err);
    let v: Value = serde_json::from_str(&o.out).unwrap();
    let plies = v["agents"][0]["games"][0]["plies"].as_array().unwrap();
    // The two setups are not predicted: 58 moves.
    assert_eq!(plies.len(), 58);
    assert_eq!(plies[0]["ply"], 3);
}

#[test]
fn bad_input_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = record(dir.path(), "hus", 4);
    let p = path.to_str().unwrap();
    let o = run(&["predict", p, "--agent", "alphabeta:depth=x"]);
    assert_eq!(o.code, 2);
    assert!(o.err.contains("depth"), "{}", o.err);
    let o = run(&["predict", "/nonexistent/game.json"]);
    assert_ne!(o.code, 0);
    assert!(o.err.contains("/nonexistent/game.json"), "{}", o.err);
    let bad = dir.path().join("bad.xml");
    std::fs::write(&bad, "<not gravon/>").unwrap();
    let o = run(&["predict", bad.to_str().unwrap()]);
    assert_ne!(o.code, 0);
    assert!(o.err.contains("bad.xml"), "{}", o.err);
    let o = run(&["predict", p, "--time", "soon"]);
    assert_eq!(o.code, 2);
    assert!(o.err.contains("--time soon"), "{}", o.err);
}
