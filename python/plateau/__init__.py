"""Plateau's abstract board games from Python, in-process.

Every game that ships with Plateau (``plateau.games()``) through one API, as
OpenSpiel shapes it::

    import plateau
    game = plateau.load("hus")                  # rules: variant, set={...}, rules=TOML
    state = game.new(seed=1)
    while not state.is_over:
        state.play(state.legal_moves()[0])      # notation, or an action id
    print(state.outcome, state.returns)

``game.playouts(n, seed)`` plays ``n`` random games natively (the GIL
released) and returns a ``Playouts``: a sequence of outcome dicts with the
winners, lengths and scores as NumPy arrays.

Learning code uses the fixed action space (``game.num_distinct_actions``,
``state.legal_action_ids()``, ``state.play_id(a)``, ``state.legal_action_mask()``)
and ``state.observation_tensor(player)`` (NumPy, layout in
``game.observation_layout``). In a game of hidden information hand a player's
code ``state.seat(player)``: it answers only what that player may know.

A game between seats (people by name, agents by spec) goes through
``plateau.Match``, which keeps the turns, the agents, undo (against an agent
at once, between people with consent), draws, resignations and what each
seat may see::

    import plateau
    match = plateau.Match("hus", seats=["ann", "mcts:iters=200"], seed=1)
    match.play(0, as_="south")                  # notation, or a legal-move index
    match.play_agents()
    match.request_undo("south")                 # the reply and ann's move
    match.view("south")                         # what that seat may know

Submodules: ``plateau.pettingzoo`` (AEC environments), ``plateau.gym``
(a Gymnasium single-agent wrapper), ``plateau.selfplay`` (self-play training
data: observations, action masks, actions, returns), ``plateau.distributed``
(arena runs and self-play sharded over Ray).
"""

from ._plateau import (
    Game,
    State,
    Seat,
    Playouts,
    games,
    load,
    load_record,
    analyse,
    predict,
    PlateauError,
    IllegalMoveError,
    RulesError,
    RecordError,
    HiddenInformationError,
    AgentError,
    MatchError,
    Agent,
    Match,
    agent,
    agents,
    arena,
    arena_merge,
    game_seeds,
)

__all__ = [
    "Game",
    "State",
    "Seat",
    "Playouts",
    "games",
    "load",
    "load_record",
    "analyse",
    "predict",
    "PlateauError",
    "IllegalMoveError",
    "RulesError",
    "RecordError",
    "HiddenInformationError",
    "AgentError",
    "MatchError",
    "Agent",
    "Match",
    "agent",
    "agents",
    "arena",
    "arena_merge",
    "game_seeds",
]

# ``plateau.selfplay(...)`` works after ``import plateau`` alone (the module
# is callable as its function).
from . import selfplay as selfplay  # noqa: E402
