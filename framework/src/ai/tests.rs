//! Tests of spec strings, the catalog and the random agent.

use super::*;
use crate::demo::{Nim, Secret};
use crate::{rules, RulesSpec};

fn nim(pile: u32) -> Nim {
    rules::load(&RulesSpec::default_variant().set("pile", &pile.to_string()))
        .unwrap()
        .game
}

fn secret() -> Secret {
    rules::load(&RulesSpec::default_variant()).unwrap().game
}

fn kind(spec: &str) -> AgentKind {
    AgentKind::parse(&nim(10), spec, 0).unwrap().0
}

#[test]
fn specs_of_the_issue_read_as_their_agents() {
    assert_eq!(kind("random"), AgentKind::Random);
    assert_eq!(
        kind("greedy"),
        AgentKind::Greedy(GreedyConfig { worlds: 1 })
    );
    let AgentKind::Mcts(m) = kind("mcts:time=1s") else {
        panic!()
    };
    assert_eq!(m.budget, Budget::time(Duration::from_secs(1)));
    let AgentKind::Mcts(m) = kind("mcts:iters=20000,c=1.4") else {
        panic!()
    };
    assert_eq!((m.budget, m.c), (Budget::iterations(20000), 1.4));
    let AgentKind::AlphaBeta(a) = kind("alphabeta:depth=8") else {
        panic!()
    };
    assert_eq!((a.depth, a.budget), (8, Budget::default()));
    let AgentKind::AlphaBeta(a) = kind("alphabeta:time=500ms") else {
        panic!()
    };
    assert_eq!(a.budget, Budget::time(Duration::from_millis(500)));
    let (k, _) = AgentKind::parse(&secret(), "pimc:worlds=16,time=1s", 0).unwrap();
    let AgentKind::Pimc(p) = k else { panic!() };
    assert_eq!(
        (p.worlds, p.budget),
        (16, Budget::time(Duration::from_secs(1)))
    );
    let (k, _) = AgentKind::parse(&secret(), "ismcts:time=1s", 0).unwrap();
    assert!(matches!(k, AgentKind::Ismcts(_)));
}

#[test]
fn a_search_agent_without_a_budget_thinks_a_second() {
    let AgentKind::Mcts(m) = kind("mcts") else {
        panic!()
    };
    assert_eq!(m.budget, Budget::time(DEFAULT_TIME));
    let AgentKind::AlphaBeta(a) = kind("alphabeta") else {
        panic!()
    };
    assert_eq!(a.budget, Budget::time(DEFAULT_TIME));
}

#[test]
fn ai_is_the_games_default_agent_with_the_options_given() {
    // Nim keeps the default: alpha-beta for perfect information.
    let AgentKind::AlphaBeta(a) = kind("ai:time=2.5s") else {
        panic!()
    };
    assert_eq!(a.budget, Budget::time(Duration::from_millis(2500)));
    assert!(matches!(kind("ai"), AgentKind::AlphaBeta(_)));
    let (k, _) = AgentKind::parse(&secret(), "ai:iters=50", 0).unwrap();
    assert!(
        matches!(k, AgentKind::Ismcts(IsmctsConfig { budget, .. }) if budget == Budget::iterations(50))
    );
}

#[test]
fn canonical_specs_read_back_as_the_same_agent() {
    for spec in [
        "random",
        "greedy",
        "mcts:iters=300,c=0.5,rollout=eval,cut=3,keep=false,solver=false",
        "mcts:time=250ms",
        "alphabeta:depth=4",
        "alphabeta:time=2.5s,iters=1000",
    ] {
        let k = kind(spec);
        let canonical = k.spec();
        assert_eq!(kind(&canonical), k, "{spec} -> {canonical}");
    }
    assert_eq!(
        kind("mcts:iters=5").spec(),
        "mcts:iters=5,c=1.4,rollout=random,keep=true,solver=true"
    );
}

#[test]
fn bad_names_and_options_are_named_with_what_is_accepted() {
    let err = |spec: &str| AgentKind::parse(&nim(10), spec, 0).unwrap_err().to_string();
    let e = err("mtcs");
    assert_eq!(
        e,
        "unknown agent 'mtcs'; agents for nim: random, greedy, mcts, alphabeta, ai"
    );
    let e = err("mcts:tme=1s");
    assert!(
        e.contains("no option 'tme'") && e.contains("time, iters, c"),
        "{e}"
    );
    let e = err("mcts:time=fast");
    assert!(e.contains("time='fast'") && e.contains("unit"), "{e}");
    let e = err("mcts:iters=0");
    assert!(e.contains("iters='0'") && e.contains("whole number"), "{e}");
    let e = err("mcts:rollout=smart");
    assert!(e.contains("random, eval"), "{e}");
    let e = err("alphabeta:depth=99");
    assert!(e.contains("depth='99'") && e.contains("1 to 64"), "{e}");
    let e = err("ai:worlds=3");
    assert!(e.contains("no option 'worlds'"), "{e}");
    let e = err("random:seed=x");
    assert!(e.contains("seed='x'"), "{e}");
    let e = err("x\ny");
    assert!(!e.contains('\n') && e.contains("x\\ny"), "{e}");
    let e = AgentKind::parse(&secret(), "alphabeta", 0)
        .unwrap_err()
        .to_string();
    assert!(e.contains("use pimc or ismcts"), "{e}");
    let e = AgentKind::parse(&nim(3), "pimc", 0)
        .unwrap_err()
        .to_string();
    assert!(e.contains("use mcts or alphabeta"), "{e}");
}

#[test]
fn the_catalog_lists_each_games_agents_and_their_options() {
    let names = |docs: Vec<AgentDoc>| docs.iter().map(|d| d.name).collect::<Vec<_>>();
    assert_eq!(
        names(catalog(&nim(3))),
        ["random", "greedy", "mcts", "alphabeta", "ai"]
    );
    assert_eq!(
        names(catalog(&secret())),
        ["random", "greedy", "pimc", "ismcts", "ai"]
    );
    let docs = catalog(&nim(3));
    let mcts = docs.iter().find(|d| d.name == "mcts").unwrap();
    let c = mcts.options.iter().find(|o| o.key == "c").unwrap();
    assert_eq!(c.default, "1.4");
    // Every option the catalog lists is accepted by the parser.
    fn all_options_parse<G: Game>(game: &G) {
        for doc in catalog(game) {
            for o in &doc.options {
                let value = match o.key {
                    "time" => "1s",
                    "rollout" => "eval",
                    "keep" | "solver" => "true",
                    _ => "2",
                };
                let spec = format!("{}:{}={value}", doc.name, o.key);
                let result = AgentKind::parse(game, &spec, 0);
                assert!(result.is_ok(), "{spec}: {result:?}");
            }
        }
    }
    all_options_parse(&nim(3));
    all_options_parse(&secret());
}

#[test]
fn the_seed_option_overrides_the_seed_given() {
    assert_eq!(AgentKind::parse(&nim(3), "random:seed=9", 1).unwrap().1, 9);
    assert_eq!(AgentKind::parse(&nim(3), "random", 1).unwrap().1, 1);
}

#[test]
fn the_random_agent_is_seeded_and_plays_legal_moves() {
    let game = nim(20);
    let play = |seed| {
        let mut agent = agent_for(&game, "random", seed).unwrap();
        let mut state = game.initial_state(0);
        let mut moves = Vec::new();
        while let Some(choice) = choose_at(agent.as_mut(), &game, &state) {
            game.apply(&mut state, &choice.mv);
            moves.push(choice.mv);
        }
        moves
    };
    assert_eq!(play(3), play(3));
    assert!((0..20).any(|s| play(s) != play(3)));
}

#[test]
fn the_random_agent_makes_up_a_free_form_move_from_the_view() {
    // Secret opens with a free-form choice of a number (not listed).
    let game = secret();
    let state = game.initial_state(0);
    assert!(!game.moves_enumerable(&state));
    let mut agent = agent_for(&game, "random", 1).unwrap();
    let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
    assert!(game.check_move(&state, &choice.mv).is_ok());
}

#[test]
fn the_erased_bridge_chooses_in_a_session_in_notation() {
    let mut registry = crate::Registry::new();
    registry.register::<Nim>();
    let loaded = registry
        .get("nim")
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    let mut agent = loaded.agent("random:seed=4", 0).unwrap();
    assert_eq!(agent.spec(), "random");
    let mut session = loaded.new_session(0);
    let choice = agent.choose(session.as_ref()).unwrap();
    assert!(session.legal_moves().contains(&choice.mv));
    session.play(&choice.mv).unwrap();
    assert!(loaded.agent("nope", 0).is_err());
    assert_eq!(loaded.agent_catalog().len(), 5);
}
