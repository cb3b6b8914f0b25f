//! The agents' speed on one core: MCTS iterations (playouts) per second
//! and alpha-beta nodes per second from a position 12 plies in, reported by
//! criterion as elements per second (docs/PERFORMANCE.md).

plateau::agent_speed_bench!(
    "quinque",
    plateau::rules::load::<plateau_quinque::Quinque>(&plateau::RulesSpec::variant("basic"))
        .unwrap()
        .game,
    |game| plateau::ai::kit::position_after(game, 7, 12),
    [
        ("mcts", "mcts:iters=300,keep=false,solver=false"),
        (
            "mcts_eval",
            "mcts:iters=1000,rollout=eval,cut=2,keep=false,solver=false"
        ),
        ("alphabeta", "alphabeta:depth=2"),
    ]
);
