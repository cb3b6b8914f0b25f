//! The agents' speed on one core: MCTS iterations (playouts) per second
//! and alpha-beta nodes per second from the start position, reported by
//! criterion as elements per second (docs/PERFORMANCE.md).

#[path = "../../bench_support.rs"]
mod bench_support;

plateau::agent_speed_bench!(
    "oware",
    plateau_oware::Oware::standard(),
    |game| plateau::ai::kit::position_after(game, 7, 0),
    bench_support::sowing_agents("alphabeta:depth=7")
);
