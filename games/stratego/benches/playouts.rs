//! Seeded random games from random setups, capped at 2000 plies, with both
//! repetition rules on (Original), as `plateau bench stratego` plays them;
//! then classic-5, and Original with all the option rules of S12.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use plateau::playout;
use plateau_stratego::Stratego;
use std::hint::black_box;

const GAMES: u64 = 20;
const CAP: usize = 2000;

/// Original with every option rule of S12 on.
fn all_options() -> Stratego {
    let mut spec = plateau::RulesSpec::variant("original");
    for key in [
        "attacker_advantage",
        "explosive_bombs",
        "mobile_bombs",
        "mobile_flag",
        "reconquest",
        "silent_defense",
    ] {
        spec = spec.set(&format!("options.{key}"), "true");
    }
    plateau::rules::load::<Stratego>(&spec).unwrap().game
}

fn bench(c: &mut Criterion) {
    for variant in ["original", "classic-5", "original+options"] {
        let game = match variant {
            "original+options" => all_options(),
            v => Stratego::variant(v).unwrap(),
        };
        let plies: usize = (0..GAMES)
            .map(|s| playout::random_game(&game, s, CAP).1)
            .sum();
        let mut group = c.benchmark_group(format!("random-games/{variant}"));
        group.throughput(Throughput::Elements(plies as u64));
        group.sample_size(20);
        group.bench_function(format!("{GAMES} games, {plies} plies"), |b| {
            b.iter(|| {
                for s in 0..GAMES {
                    black_box(playout::random_game(&game, s, CAP));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
