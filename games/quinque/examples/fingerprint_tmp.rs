//! Temporary: a fingerprint of the random game sequences.
use plateau::rand::Rng;
use plateau::{rules, Game, RulesSpec};
use plateau_quinque::Quinque;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

fn main() {
    for variant in ["basic", "advanced", "small"] {
        let spec = if variant == "small" {
            RulesSpec::variant("basic")
                .set("line_length", "4")
                .set("parachutes", "12")
                .set("tiles", "8")
        } else {
            RulesSpec::variant(variant)
        };
        let game: Quinque = rules::load(&spec).unwrap().game;
        let mut h = DefaultHasher::new();
        let mut hl = DefaultHasher::new();
        let mut plies = 0u64;
        let mut list = Vec::new();
        for seed in 0..3000u64 {
            let mut rng = plateau::rng(seed);
            let mut s = game.initial_state(seed);
            while s.ending.is_none() {
                game.play_random(&mut s, &mut rng);
                s.last.hash(&mut h);
                plies += 1;
            }
            s.ending.hash(&mut h);
            if seed < 500 {
                let mut rng = plateau::rng(seed);
                let mut s = game.initial_state(seed);
                while s.ending.is_none() {
                    game.legal_moves(&s, &mut list);
                    list.hash(&mut hl);
                    let a = list[rng.random_range(0..list.len())];
                    game.apply_unchecked(&mut s, &a);
                }
                s.ending.hash(&mut hl);
            }
        }
        println!(
            "{variant}: plies {plies} play_random {:016x} listed {:016x}",
            h.finish(),
            hl.finish()
        );
    }
}
