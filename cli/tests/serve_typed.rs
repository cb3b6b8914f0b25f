//! `genmove` on the typed erased layer: the agent is made from the open
//! game's own rules (the rules are loaded once, when the game is opened)
//! and its move is played by index, typed, never read again from its text.
//! A copy of Nim that counts how often its rules are made and how often a
//! move text is read shows it.

mod serve_common;

use plateau::demo::CountingNim;
use plateau::Registry;
use serde_json::json;
use serve_common::{kind, Conn, InProcess};

fn counting_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<CountingNim>();
    registry
}

/// The only test of this file that reads the counters (they are global).
#[test]
fn genmove_makes_agents_from_the_games_rules_and_plays_their_moves_unread() {
    let mut s = InProcess::start(counting_registry);
    let new = json!({"cmd": "new", "game": "counting-nim", "set": {"pile": 40, "max_take": 3}});
    let referee = s.ok(&new)["id"].clone();
    let seat = s.ok(&json!({"cmd": "join", "id": referee, "player": 0}))["id"].clone();
    let (loads, parses) = (CountingNim::loads(), CountingNim::parses());
    assert!(loads >= 1, "opening the game made its rules");
    let mut moved = 0;
    for (id, agent) in [
        (&seat, "random:1"),
        (&referee, "random:2"),
        (&seat, "mcts:iters=50,seed=3"),
        (&referee, "greedy"),
    ] {
        let r = s.ok(&json!({"cmd": "genmove", "id": id, "agent": agent, "play": true}));
        moved += 1;
        assert_eq!(r["status"]["moves_played"], moved, "{r}");
    }
    // A budget is read from the game's own agent catalog.
    let r = s.ok(&json!({
        "cmd": "genmove", "id": seat, "agent": "mcts:seed=4", "budget": {"iterations": 20}, "play": true
    }));
    assert_eq!(r["status"]["moves_played"], moved + 1, "{r}");
    assert_eq!(
        CountingNim::loads(),
        loads,
        "no agent, budget or move loaded the rules again"
    );
    assert_eq!(
        CountingNim::parses(),
        parses,
        "the agents' moves were played by index, not read from text"
    );
    // A seat's genmove off its turn is refused before any agent runs.
    let r = s.send(&json!({"cmd": "genmove", "id": seat, "agent": "random:1"}));
    assert_eq!(kind(&r), Some("not_your_turn"), "{r}");
    // A move sent as text is read: the counter counts.
    s.ok(&json!({"cmd": "play", "id": referee, "move": "1"}));
    assert_eq!(CountingNim::parses(), parses + 1);
    assert_eq!(CountingNim::loads(), loads);
}
