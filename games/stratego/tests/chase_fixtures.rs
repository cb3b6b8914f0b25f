//! The chase-rule cross-check (S8.6, docs/CHASE_RULE.md): another engine's
//! 219 games whose last move its chase rule forbids. Every earlier move must
//! be legal under our S8 (two-squares limit 3, no caps), and we count how
//! many last moves our S8 forbids too.

use plateau::Game;
use plateau_stratego::gravon;
use plateau_stratego::{Move, Stratego};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    file: String,
    field: String,
    moves: Vec<String>,
    variant: String,
}

/// Original or barrage (S11.2) with the cross-check's settings: limit 3, the
/// chase rule, no caps.
fn rules(variant: &str) -> Stratego {
    let spec = plateau::RulesSpec::variant(variant)
        .set("two_square_limit", "3")
        .set("chase_rule", "true")
        .set("max_plies", "0")
        .set("max_plies_without_capture", "0");
    plateau::rules::load::<Stratego>(&spec).unwrap().game
}

/// What our rules say of one fixture.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// The last move is refused by the chase rule, as by the other engine.
    Forbidden,
    /// The last move is legal under our S8.
    Allowed,
    /// The last move is refused for another reason.
    Other(String),
}

fn judge(f: &Fixture) -> Result<Verdict, String> {
    let game = rules(if f.variant == "barrage" {
        "barrage"
    } else {
        "original"
    });
    let setups = gravon::setups_from_field(&game, &f.field).map_err(|e| e.to_string())?;
    let mut st = game.initial_state(0);
    for s in setups {
        game.try_apply(&mut st, &Move::Setup(s))
            .map_err(|e| e.reason)?;
    }
    let (last, earlier) = f.moves.split_last().ok_or("no moves")?;
    let step = |m: &str| -> Result<Move, String> {
        let (a, b) = m.split_at(2);
        match (gravon::square(a), gravon::square(b)) {
            (Some(from), Some(to)) => Ok(Move::Step { from, to }),
            _ => Err(format!("bad move {m}")),
        }
    };
    for (i, m) in earlier.iter().enumerate() {
        game.try_apply(&mut st, &step(m)?)
            .map_err(|e| format!("move {} ({m}) refused: {}", i + 1, e.reason))?;
    }
    Ok(match game.check_move(&st, &step(last)?) {
        Ok(()) => Verdict::Allowed,
        Err(e) if e.contains("(S8)") => Verdict::Forbidden,
        Err(e) => Verdict::Other(e),
    })
}

#[test]
fn s8_6_chase_rule_cross_check() {
    let fixtures =
        plateau::shared_data::dir().join("acceptance/stratego-chase-fixtures/decoded.jsonl");
    let Ok(text) = std::fs::read_to_string(&fixtures) else {
        plateau::shared_data::note_missing(&fixtures);
        return;
    };
    let fixtures: Vec<Fixture> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(fixtures.len(), 219);
    let mut forbidden = 0;
    let mut allowed = Vec::new();
    for f in &fixtures {
        match judge(f) {
            Ok(Verdict::Forbidden) => forbidden += 1,
            Ok(Verdict::Allowed) => allowed.push(format!("{} ({})", f.file, f.variant)),
            Ok(Verdict::Other(e)) => panic!("{}: last move refused by another rule: {e}", f.file),
            Err(e) => panic!("{}: {e}", f.file),
        }
    }
    println!(
        "chase cross-check: our S8 forbids {forbidden} of {} last moves",
        fixtures.len()
    );
    for a in &allowed {
        println!("  allowed by our S8: {a}");
    }
    // docs/CHASE_RULE.md explains the one difference: that engine also counts
    // the position before the chase's first threatening move.
    assert_eq!(forbidden, 218);
    assert_eq!(
        allowed,
        ["raw/continuous_chase_games_new/game36.txt (classic)"]
    );
}
