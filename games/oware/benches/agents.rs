//! The agents' speed on one core: MCTS iterations (playouts) per second
//! and alpha-beta nodes per second from the start position, reported by
//! criterion as elements per second (docs/PERFORMANCE.md).

plateau::agent_speed_bench!(
    "oware",
    plateau_oware::Oware::standard(),
    |game| plateau::ai::kit::position_after(game, 7, 0),
    [
        ("mcts", "mcts:iters=2000,keep=false,solver=false"),
        (
            "mcts_eval",
            "mcts:iters=2000,rollout=eval,cut=4,keep=false,solver=false"
        ),
        ("alphabeta", "alphabeta:depth=7"),
    ]
);
