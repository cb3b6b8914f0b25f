//! Samples: positions and records of every game.

use plateau::{DynSession, Game, Registry, RulesSpec};
use plateau_stratego::Stratego;

/// Every shipped variant of every registered game, plus Stratego with all
/// its options on (for `return` and `skip`).
pub(crate) fn all_rules(registry: &Registry) -> Vec<(&'static str, String, RulesSpec)> {
    let mut out = Vec::new();
    for entry in registry.games() {
        for v in entry.variants() {
            out.push((entry.id(), v.name.to_string(), RulesSpec::variant(v.name)));
        }
    }
    let options = RulesSpec::variant("duel")
        .set("options.reconquest", "true")
        .set("options.mobile_flag", "true")
        .set("options.mobile_bombs", "true")
        .set("options.silent_defense", "true")
        .set("options.attacker_advantage", "true");
    out.push(("stratego", "duel+options".to_string(), options));
    out
}

/// Sessions of every game and variant after a few seeded random moves: at the
/// start, early, later, and at the end of a game (or after a long one).
pub(crate) fn sessions(registry: &Registry) -> Vec<(String, Box<dyn DynSession>)> {
    let mut out = Vec::new();
    for (game, variant, spec) in all_rules(registry) {
        let rules = registry.get(game).unwrap().load(&spec).unwrap();
        for seed in 0..2u64 {
            let mut session = rules.new_session(seed);
            let mut rng = plateau::rng(seed + 100);
            for ply in 0..=400 {
                if [0, 1, 2, 3, 7, 20, 60].contains(&ply) {
                    out.push((
                        format!("{game}/{variant} seed {seed} ply {ply}"),
                        session.clone_box(),
                    ));
                }
                match session.random_move(&mut rng) {
                    Some(m) => session.play(&m).unwrap(),
                    None => break,
                }
            }
            out.push((format!("{game}/{variant} seed {seed} end"), session));
        }
    }
    out
}

/// Texts to edit for a position: some legal moves, random moves (a setup
/// where moves cannot be listed), and the keywords of every notation.
pub(crate) fn move_samples(session: &dyn DynSession, seed: u64) -> Vec<String> {
    let mut samples: Vec<String> = ["a1", "a1-a2", "b4xb5", "setup", "skip", "return 9 c3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let legal = session.legal_moves();
    let step = (legal.len() / 12).max(1);
    samples.extend(legal.into_iter().step_by(step));
    let mut rng = plateau::rng(seed);
    samples.extend((0..4).filter_map(|_| session.random_move(&mut rng)));
    samples
}

pub(crate) fn stratego_variants() -> Vec<(String, Stratego)> {
    let names = plateau_stratego::Stratego::variants()
        .iter()
        .map(|v| v.name);
    names
        .map(|n| (n.to_string(), Stratego::variant(n).unwrap()))
        .collect()
}
