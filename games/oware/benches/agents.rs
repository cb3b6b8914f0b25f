//! The agents' speed on one core: MCTS iterations (playouts) per second
//! and alpha-beta nodes per second from a the start position, reported by
//! criterion as elements per second (docs/PERFORMANCE.md).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use plateau::ai::kit;
use std::hint::black_box;
use std::time::Duration;

fn agents(c: &mut Criterion) {
    let game: plateau_oware::Oware = plateau_oware::Oware::standard();
    let state = kit::position_after(&game, 7, 0);
    let mut group = c.benchmark_group("oware-agents");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (name, spec) in [
        ("mcts", "mcts:iters=2000,keep=false,solver=false"),
        (
            "mcts_eval",
            "mcts:iters=2000,rollout=eval,cut=4,keep=false,solver=false",
        ),
        ("alphabeta", "alphabeta:depth=7"),
    ] {
        // Iteration and node counts are deterministic for these budgets.
        let (iterations, elapsed) = kit::measure(&game, spec, &state).unwrap();
        println!(
            "oware {name} ({spec}): {iterations} iterations in {elapsed:?}, {:.0}/s",
            iterations as f64 / elapsed.as_secs_f64()
        );
        group.throughput(Throughput::Elements(iterations));
        group.bench_function(name, |b| {
            b.iter(|| black_box(kit::measure(&game, spec, &state).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, agents);
criterion_main!(benches);
