//! The agents' speed on one core: MCTS iterations (playouts) per second
//! and alpha-beta nodes per second (information-set searches) from a position 20 plies in, reported by
//! criterion as elements per second (docs/PERFORMANCE.md).

plateau::agent_speed_bench!(
    "stratego",
    plateau_stratego::Stratego::original(),
    |game| plateau::ai::kit::position_after(game, 7, 20),
    [
        ("ismcts", "ismcts:iters=200"),
        ("ismcts_eval", "ismcts:iters=1000,rollout=eval,cut=4"),
        ("pimc", "pimc:worlds=4,depth=2,iters=1000000"),
    ]
);
