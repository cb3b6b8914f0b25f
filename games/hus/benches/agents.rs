//! The agents' speed on one core: MCTS iterations (playouts) per second
//! and alpha-beta nodes per second from the start position, reported by
//! criterion as elements per second (docs/PERFORMANCE.md).

#[macro_use]
#[path = "../../bench_support.rs"]
mod bench_support;

sowing_agent_speed_bench!("hus", plateau_hus::Hus::standard(), "alphabeta:depth=5");
