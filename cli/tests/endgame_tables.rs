//! `plateau tables` and `--tables`: Oware's endgame tables built from the
//! command line (counts per layer, resumed, refused when damaged), a
//! position's exact value with `analyse oware POSITION`, and a record's
//! analysis marking the plies the tables cover as exact. Its own test
//! binary: `--tables` installs the tables for the whole process.

mod common;

use common::Out;

use plateau::{RulesSpec, Status};
use serde_json::Value;

fn run(args: &[&str]) -> Out {
    common::run_on(&plateau_games::default_registry(), args, "")
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn tables_are_built_resumed_checked_and_read() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let o = run(&[
        "tables", "oware", "--seeds", "6", "--out", out_dir, "--json",
    ]);
    assert_eq!(o.code, 0, "{}", o.err);
    let summary: Value = serde_json::from_str(&o.out).unwrap();
    let layers = summary["layers"].as_array().unwrap();
    assert_eq!(layers.len(), 7);
    for (n, layer) in layers.iter().enumerate() {
        // Stars and bars: n seeds in 12 houses.
        let boards = binomial(n as u64 + 11, 11);
        assert_eq!(layer["boards"], boards);
        let parts = ["ahead", "even", "behind"].map(|k| layer[k].as_u64().unwrap());
        assert_eq!(parts.iter().sum::<u64>(), boards);
        assert_eq!(layer["reused"], false);
    }
    // One seed (O4.2, O5.3): in the mover's A–E it cannot reach the empty
    // other row, so the mover keeps it (5 boards ahead); in F it must feed
    // it over, and on the other side it is lost (7 boards behind).
    assert_eq!(layers[1]["ahead"], 5);
    assert_eq!(layers[1]["behind"], 7);

    // Resumed: the layers there are kept, the new one built.
    let o = run(&["tables", "oware", "--seeds", "7", "--out", out_dir]);
    assert_eq!(o.code, 0, "{}", o.err);
    assert_eq!(o.out.matches("kept").count(), 7, "{}", o.out);

    // A position worked by hand (RULES.md O3.1, O4.2, O5.3, O5.4): South's
    // F makes North's a = 2 and takes it; North's b cannot reach South's
    // empty row, so North keeps its seed: +2 − 1, the stores end 24–24.
    let o = run(&[
        "--tables",
        out_dir,
        "analyse",
        "oware",
        "0,0,0,0,0,1/1,1,0,0,0,0/22,23 south",
        "--json",
    ]);
    assert_eq!(o.code, 0, "{}", o.err);
    let v: Value = serde_json::from_str(&o.out).unwrap();
    assert_eq!(v["value"], 1);
    assert_eq!(v["exact"], true);
    assert_eq!(v["final_stores"]["south"], 24);
    assert_eq!(v["final_stores"]["north"], 24);
    assert_eq!(v["result"], "a draw");
    assert_eq!(v["moves"][0]["move"], "F");

    // Text, and errors that say what to do.
    let o = run(&[
        "--tables",
        out_dir,
        "analyse",
        "oware",
        "0,0,0,0,0,1/1,1,0,0,0,0/22,23",
    ]);
    assert!(o.out.contains("exact value +1 for south"), "{}", o.out);
    let o = run(&[
        "--tables",
        out_dir,
        "analyse",
        "oware",
        "4,4,4,4,4,4/4,4,4,4,4,4",
    ]);
    assert_eq!(o.code, 1);
    assert!(
        o.err
            .contains("48 seeds on the board; the tables cover at most 7"),
        "{}",
        o.err
    );
    let o = run(&["analyse", "oware", "0,0,0,0,0,1/1,1,0,0,0,0"]);
    assert_eq!(o.code, 2);
    assert!(o.err.contains("--tables DIR"), "{}", o.err);
    let o = run(&[
        "--tables",
        out_dir,
        "analyse",
        "oware",
        "0,0,0,0,0,1/1,x,0,0,0,0",
    ]);
    assert!(
        o.err.contains("north's row: 'x' is not a number of seeds"),
        "{}",
        o.err
    );
    let o = run(&["tables", "hus", "--seeds", "4", "--out", out_dir]);
    assert_eq!(o.code, 2);
    assert!(o.err.contains("never leave the board"), "{}", o.err);

    // A damaged layer is refused by name.
    let layer = dir.path().join("oware-6-houses-05-seeds.tbl");
    let bytes = std::fs::read(&layer).unwrap();
    std::fs::write(&layer, &bytes[..bytes.len() - 3]).unwrap();
    let o = run(&[
        "--tables",
        out_dir,
        "analyse",
        "oware",
        "0,0,0,0,0,1/1,1,0,0,0,0",
    ]);
    assert_eq!(o.code, 2);
    assert!(
        o.err.contains("oware-6-houses-05-seeds.tbl") && o.err.contains("truncated"),
        "{}",
        o.err
    );
    std::fs::write(&layer, &bytes).unwrap();

    // A record's analysis: the plies whose position the tables cover carry
    // exact values (the result for the mover: 1, 0 or -1), the others not.
    let registry = plateau_games::default_registry();
    let game = registry
        .get("oware")
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    let mut session = game.new_session(0);
    let mut covered = Vec::new();
    let mut ply = 0;
    use plateau::rand::{Rng, SeedableRng};
    let mut rng = plateau::GameRng::seed_from_u64(5);
    while let Status::ToMove(_) = session.status() {
        let state = session.state_json();
        let on_board: u64 = ["south", "north"]
            .iter()
            .flat_map(|row| state[row].as_array().cloned().unwrap())
            .map(|n| n.as_u64().unwrap())
            .sum();
        covered.push(on_board <= 7);
        let moves = session.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())].clone();
        session.play(&mv).unwrap();
        ply += 1;
    }
    assert!(covered.iter().any(|&c| c), "the game reached the tables");
    let record = dir.path().join("game.json");
    std::fs::write(&record, serde_json::to_string(&session.record()).unwrap()).unwrap();
    let o = run(&[
        "--tables",
        out_dir,
        "analyse",
        record.to_str().unwrap(),
        "--agent",
        "alphabeta:depth=1",
        "--json",
    ]);
    assert_eq!(o.code, 0, "{}", o.err);
    let a: Value = serde_json::from_str(&o.out).unwrap();
    let plies = a["plies"].as_array().unwrap();
    assert_eq!(plies.len(), ply);
    for (p, &cover) in plies.iter().zip(&covered) {
        assert_eq!(p["exact"].as_bool().unwrap_or(false), cover, "{p}");
        if cover {
            let v = p["value"].as_f64().unwrap();
            assert!([-1.0, 0.0, 1.0].contains(&v), "{p}");
        }
    }
}
