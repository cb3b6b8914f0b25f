//! Tests of spec strings, the catalog and the random agent.

use super::*;
use crate::demo::{Nim, Secret};
use crate::{rules, RulesSpec};
use crate::{DescribeMoves, FreeFormMoves, Game, Render, RulesDocs, SearchHooks};

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
        "mcts:iters=300,threads=4",
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
    fn all_options_parse<G: SearchGame>(game: &G) {
        for doc in catalog(game) {
            for o in &doc.options {
                let value = match o.key {
                    "time" => "1s",
                    "rollout" => "eval",
                    "keep" | "solver" => "true",
                    "eval" => "hand",
                    "belief" => game.beliefs()[0],
                    "habit" => "0.5",
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
    // A game without beliefs lists no `belief` option and refuses one.
    assert!(catalog(&secret())
        .iter()
        .all(|d| d.options.iter().all(|o| o.key != "belief")));
    let refused = AgentKind::parse(&secret(), "pimc:belief=flag", 0).unwrap_err();
    assert!(
        refused.to_string().contains("offers no choice"),
        "{refused}"
    );
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
    let loaded = registry.load_default("nim").unwrap();
    let mut agent = loaded.agent("random:seed=4", 0).unwrap();
    assert_eq!(agent.spec(), "random");
    let mut session = loaded.new_session(0);
    let choice = agent.choose(session.as_ref()).unwrap();
    assert!(session.legal_moves().contains(&choice.mv));
    session.play(&choice.mv).unwrap();
    assert!(loaded.agent("nope", 0).is_err());
    assert_eq!(loaded.agent_catalog().len(), 5);
}

// ----- search agents -----

use crate::{MoveParseError, Outcome, ParamDoc, Player, RulesError, Status, Variant};
use serde::{Deserialize, Serialize};

/// Nim where a turn is two takes (the second skipped if the pile is
/// empty): each player moves twice in a row. Whoever takes the last stone
/// wins. Its evaluation is an arbitrary function of the pile, so that
/// depth-limited search has something to compare.
#[derive(Clone, Debug)]
struct TwoStep {
    params: TwoStepParams,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct TwoStepParams {
    pile: u32,
    max_take: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct TwoStepState {
    pile: u32,
    to_move: Player,
    /// Takes left in this turn (2, then 1).
    left: u8,
}

impl Game for TwoStep {
    type Params = TwoStepParams;
    type State = TwoStepState;
    type Move = u32;
    type View = TwoStepState;
    const ID: &'static str = "twostep";
    const NAME: &'static str = "TwoStep";
    crate::perfect_information!();

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "standard",
            description: "",
            toml: "pile = 15\nmax_take = 3\n",
        }]
    }
    fn new(params: TwoStepParams) -> Result<Self, RulesError> {
        Ok(TwoStep { params })
    }
    fn params(&self) -> &TwoStepParams {
        &self.params
    }
    fn player_name(&self, player: Player) -> &str {
        ["first", "second"][player.index()]
    }
    fn initial_state(&self, _seed: u64) -> TwoStepState {
        TwoStepState {
            pile: self.params.pile,
            to_move: Player::FIRST,
            left: 2,
        }
    }
    fn status(&self, s: &TwoStepState) -> Status {
        if s.pile == 0 {
            // The player who took the last stone moved last: the one to
            // move is the other (turns pass when the pile empties).
            Status::Over(Outcome::win(s.to_move.opponent(), "last-stone-taken"))
        } else {
            Status::ToMove(s.to_move)
        }
    }
    fn legal_moves(&self, s: &TwoStepState, moves: &mut Vec<u32>) {
        moves.clear();
        if s.pile > 0 {
            moves.extend(1..=self.params.max_take.min(s.pile));
        }
    }
    fn apply_unchecked(&self, s: &mut TwoStepState, mv: &u32) {
        s.pile = s.pile.saturating_sub(*mv);
        if s.left == 2 && s.pile > 0 {
            s.left = 1;
        } else {
            s.left = 2;
            s.to_move = s.to_move.opponent();
        }
    }
    fn format_move(&self, mv: &u32) -> String {
        mv.to_string()
    }
    fn parse_move(&self, _s: &TwoStepState, text: &str) -> Result<u32, MoveParseError> {
        text.parse()
            .map_err(|_| MoveParseError::new(text, "not a number"))
    }
}

impl RulesDocs for TwoStep {
    fn param_docs() -> &'static [ParamDoc] {
        &[]
    }

    fn summary(&self) -> String {
        String::new()
    }
}

impl Render for TwoStep {
    fn render_state(&self, s: &TwoStepState) -> String {
        format!("{s:?}")
    }
}

impl DescribeMoves for TwoStep {}

impl FreeFormMoves for TwoStep {}

impl SearchHooks for TwoStep {
    fn evaluate(&self, s: &TwoStepState, player: Player) -> f64 {
        let x = f64::from((s.pile * 7 + u32::from(s.left) * 3) % 11) / 10.0 - 0.5;
        if player == s.to_move {
            x
        } else {
            -x
        }
    }

    /// People, say, like to take two.
    fn move_habit(&self, _view: &TwoStepState, mv: &u32) -> u32 {
        u32::from(*mv == 2)
    }
}

const SEARCH_AGENTS: [&str; 4] = [
    "mcts:iters=400",
    "alphabeta:depth=4",
    "mcts:iters=400,rollout=eval,cut=2,solver=false",
    "mcts:iters=400,threads=3",
];

fn nim_at(pile: u32) -> (Nim, crate::demo::NimState) {
    let game = nim(pile);
    let state = game.initial_state(0);
    (game, state)
}

#[test]
fn search_agents_take_a_win_in_one_move() {
    // Nim with 3 stones, takes of 1 to 3: taking all 3 wins at once.
    let (game, state) = nim_at(3);
    for spec in SEARCH_AGENTS.iter().chain(&["greedy"]) {
        for seed in 0..3 {
            let mut agent = agent_for(&game, spec, seed).unwrap();
            let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
            assert_eq!(choice.mv, 3, "{spec} seed {seed}");
        }
    }
}

#[test]
fn search_agents_avoid_a_loss_in_one_move() {
    // 5 stones: taking 2 or 3 leaves 3 or 2, which the opponent takes at
    // once; taking 1 leaves 4, from which the opponent cannot win at once.
    let (game, state) = nim_at(5);
    for spec in SEARCH_AGENTS {
        for seed in 0..3 {
            let mut agent = agent_for(&game, spec, seed).unwrap();
            let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
            assert_eq!(choice.mv, 1, "{spec} seed {seed}");
        }
    }
}

#[test]
fn search_agents_handle_a_player_moving_twice() {
    // TwoStep: 4 stones, two takes a turn: take 1 then 3, or 3 then 1
    // (the turn's second take wins); a single take of 3 first leaves 1
    // for our own second take. Every first take but one that leaves 1-3
    // for the second take wins; with max_take 3, taking 1, 2 or 3 all win.
    // With 6 stones only 3 (leaving 3) wins within the turn.
    let game = TwoStep::new(TwoStepParams {
        pile: 6,
        max_take: 3,
    })
    .unwrap();
    let state = game.initial_state(0);
    for spec in SEARCH_AGENTS {
        let mut agent = agent_for(&game, spec, 1).unwrap();
        let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
        assert_eq!(choice.mv, 3, "{spec}");
    }
}

#[test]
fn pimc_gives_up_no_more_than_its_habit_margin_for_a_favoured_move() {
    let two_step = |pile| {
        let game = TwoStep::new(TwoStepParams { pile, max_take: 3 }).unwrap();
        let state = game.initial_state(0);
        (game, state)
    };
    // Built directly: the catalog offers `pimc` for hidden information
    // only, and a game of perfect information is its own single world.
    let pimc = |depth: u32, habit: Option<f64>| -> Box<dyn Agent<TwoStep>> {
        AgentKind::Pimc(PimcConfig {
            budget: Budget {
                time: None,
                iterations: Some(2000),
            },
            worlds: 4,
            depth,
            belief: None,
            habit,
            eval: None,
        })
        .build(1)
    };
    // 4 stones: every first take wins in the turn's second (1 then 3, 2
    // then 2, 3 then 1), all valued alike at every depth: the favoured take
    // of two is played, where the plain tie-breaks (the sooner win, the
    // votes, the order) take another.
    let (game, state) = two_step(4);
    let plain = choose_at(pimc(6, None).as_mut(), &game, &state).unwrap();
    assert_ne!(plain.mv, 2, "habits not read");
    let choice = choose_at(pimc(6, Some(0.0)).as_mut(), &game, &state).unwrap();
    assert_eq!(choice.mv, 2);
    assert_eq!(
        choice.analysis.top[0].mv, 2,
        "the move played is listed first"
    );
    // 6 stones: only taking 3 wins (leaving 3 for the second take); taking
    // two loses, which no margin below the whole range of values buys.
    let (game, state) = two_step(6);
    for habit in [None, Some(0.0), Some(1.0)] {
        let choice = choose_at(pimc(6, habit).as_mut(), &game, &state).unwrap();
        assert_eq!(choice.mv, 3, "habit {habit:?}");
    }
    // 15 stones, one ply deep: the evaluation alone tells the moves apart
    // (by less than 1). With no margin the best value is played; with the
    // widest, the favoured take, whatever it gives up.
    let (game, state) = two_step(15);
    let plain = choose_at(pimc(1, Some(0.0)).as_mut(), &game, &state).unwrap();
    let best = plain
        .analysis
        .top
        .iter()
        .map(|m| m.value)
        .fold(f64::MIN, f64::max);
    assert_eq!(plain.analysis.value, Some(best));
    assert_ne!(plain.mv, 2, "the evaluation does not favour two here");
    let favoured = choose_at(pimc(1, Some(1.0)).as_mut(), &game, &state).unwrap();
    assert_eq!(favoured.mv, 2);
    assert!(favoured.analysis.value < Some(best), "value given up");
}

#[test]
fn alpha_beta_equals_minimax_at_small_depths() {
    use rand::Rng;
    let mut rng = crate::rng(11);
    let mut checked = 0;
    for _ in 0..60 {
        let pile = rng.random_range(4..40);
        let max_take = rng.random_range(2..5);
        let depth = rng.random_range(1..6);
        let game = TwoStep::new(TwoStepParams { pile, max_take }).unwrap();
        let mut state = game.initial_state(0);
        // A random position, half the time in the middle of a turn.
        for _ in 0..rng.random_range(0..4) {
            if !game.play_random(&mut state, &mut rng) || game.status(&state).is_over() {
                break;
            }
        }
        if game.status(&state).is_over() {
            continue;
        }
        let expected = kit::minimax(&game, &state, depth);
        let got = alphabeta::value_at_depth(&game, &state, depth);
        assert_eq!(got, expected, "{state:?} depth {depth}");
        checked += 1;
    }
    assert!(checked > 40);
    // And on Nim, which alternates.
    for pile in 1..15 {
        let (game, state) = nim_at(pile);
        for depth in 1..5 {
            assert_eq!(
                alphabeta::value_at_depth(&game, &state, depth),
                kit::minimax(&game, &state, depth)
            );
        }
    }
}

#[test]
fn alpha_beta_prefers_the_sooner_win_and_the_later_loss() {
    // Nim, takes of 1 to 3, the last stone wins. With 3 stones the mover
    // wins at once (a finished game: its return doubled, 2); with 5 it wins
    // on its second move (take 1, any reply, take the rest): three plies,
    // two of them below the root's children, so 1 + 0.99^2. With 4 stones
    // it loses on the opponent's first move (-(1 + 0.99)), with 8 on the
    // opponent's second (-(1 + 0.99^3)).
    let value = |pile| {
        let (game, state) = nim_at(pile);
        alphabeta::value_at_depth(&game, &state, 6)
    };
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(value(3), 2.0), "{}", value(3));
    assert!(close(value(5), 1.0 + 0.99f64.powi(2)), "{}", value(5));
    assert!(close(value(4), -(1.0 + 0.99)), "{}", value(4));
    assert!(close(value(8), -(1.0 + 0.99f64.powi(3))), "{}", value(8));
    // Every one is still proven: outside the evaluations' [-1, 1].
    for pile in [3, 4, 5, 8] {
        assert!(value(pile).abs() > 1.0);
    }
}

#[test]
fn mcts_with_a_seed_and_an_iteration_budget_is_deterministic() {
    let game = nim(30);
    let state = game.initial_state(0);
    let run = |seed| {
        let mut agent = agent_for(&game, "mcts:iters=300,solver=false", seed).unwrap();
        let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
        (choice.mv, choice.analysis.top, choice.analysis.iterations)
    };
    assert_eq!(run(5), run(5));
    assert_eq!(run(5).2, 300);
    assert!((0..10).any(|s| run(s).1 != run(5).1));
}

#[test]
fn root_parallel_searches_are_deterministic_and_share_the_iterations() {
    // Threads finish in any order; the merged statistics depend on the
    // seed and the iteration budget only.
    let game = nim(30);
    let state = game.initial_state(0);
    let run = |spec: &str, seed| {
        let mut agent = agent_for(&game, spec, seed).unwrap();
        let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
        (choice.mv, choice.analysis.top, choice.analysis.iterations)
    };
    for spec in [
        "mcts:iters=301,solver=false,threads=4",
        "mcts:iters=301,solver=false,threads=4,keep=false",
    ] {
        let first = run(spec, 5);
        for _ in 0..4 {
            assert_eq!(run(spec, 5), first, "{spec}");
        }
        assert_eq!(first.2, 301, "{spec}");
        // The root moves' visits add up to the iterations of all threads.
        assert_eq!(first.1.iter().map(|s| s.visits).sum::<u64>(), 301);
        // Four searches are not the one search of the same seed.
        assert_ne!(first.1, run("mcts:iters=301,solver=false", 5).1);
    }
    let (game, state) = secret_after(6, 9, &[4, 1, 7, 2]);
    let run = |seed| {
        let mut agent = agent_for(&game, "ismcts:iters=203,threads=3", seed).unwrap();
        let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
        (choice.mv, choice.analysis.top, choice.analysis.iterations)
    };
    let first = run(2);
    for _ in 0..4 {
        assert_eq!(run(2), first);
    }
    assert_eq!(first.2, 203);
    assert!((0..6).any(|s| run(s).1 != first.1));
}

#[test]
fn more_threads_than_iterations_run_one_iteration_each() {
    let game = nim(30);
    let state = game.initial_state(0);
    let mut agent = agent_for(&game, "mcts:iters=2,threads=8,solver=false", 1).unwrap();
    let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
    assert_eq!(choice.analysis.iterations, 2);
    assert_eq!(choice.analysis.top.iter().map(|s| s.visits).sum::<u64>(), 2);
}

#[test]
fn the_mcts_solver_stops_once_the_root_is_proven() {
    // 5 stones: taking 1 wins by force, proven after a few hundred playouts.
    let (game, state) = nim_at(5);
    let mut agent = agent_for(&game, "mcts:iters=100000", 0).unwrap();
    let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
    assert_eq!(choice.mv, 1);
    assert!(choice.analysis.iterations < 100_000);
    assert_eq!(choice.analysis.value, Some(1.0));
}

#[test]
fn mcts_keeps_its_tree_between_moves() {
    let game = nim(40);
    let visits = |keep: bool| {
        let spec = format!("mcts:iters=500,keep={keep},solver=false");
        let mut agent = agent_for(&game, &spec, 3).unwrap();
        let mut state = game.initial_state(0);
        let first = choose_at(agent.as_mut(), &game, &state).unwrap();
        game.apply(&mut state, &first.mv);
        game.apply(&mut state, &1);
        let second = choose_at(agent.as_mut(), &game, &state).unwrap();
        second.analysis.top.iter().map(|s| s.visits).sum::<u64>()
    };
    // The second search goes on from the first one's subtree.
    assert!(visits(true) > 500, "{}", visits(true));
    assert!(visits(false) <= 500);
}

#[test]
fn alpha_beta_reports_its_depth_and_nodes() {
    let game = nim(21);
    let state = game.initial_state(0);
    let mut agent = agent_for(&game, "alphabeta:depth=6", 0).unwrap();
    let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
    assert_eq!(choice.analysis.depth, Some(6));
    assert!(choice.analysis.iterations > 6);
    // A node budget stops the deepening early but still gives a move.
    let mut agent = agent_for(&game, "alphabeta:iters=300", 0).unwrap();
    let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
    assert!(choice.analysis.depth.unwrap() < 64);
    assert!((1..=3).contains(&choice.mv));
}

// ----- hidden information -----

fn secret_after(own: u8, other: u8, guesses: &[u8]) -> (Secret, crate::demo::SecretState) {
    use crate::demo::SecretMove;
    let game = secret();
    let mut state = game.initial_state(0);
    game.apply(&mut state, &SecretMove::Setup(own));
    game.apply(&mut state, &SecretMove::Setup(other));
    for g in guesses {
        game.apply(&mut state, &SecretMove::Guess(*g));
    }
    (game, state)
}

const HIDDEN_AGENTS: [&str; 5] = [
    "pimc:worlds=8,iters=2000",
    "ismcts:iters=300",
    "ismcts:iters=300,threads=2",
    "greedy",
    "ai:iters=300",
];

#[test]
fn hidden_information_agents_choose_the_same_whatever_is_hidden() {
    // Red (to move) guessed 4 and 7 wrong; Blue guessed 1 and 2. Blue's
    // number is unseen by Red: two true states that differ only in it
    // give Red the same view, so the same choice.
    for spec in HIDDEN_AGENTS {
        let mut choices = Vec::new();
        for other in [3, 9, 5] {
            let (game, state) = secret_after(6, other, &[4, 1, 7, 2]);
            let (_, reference) = secret_after(6, 3, &[4, 1, 7, 2]);
            assert_eq!(
                game.view(&state, Player(0)),
                game.view(&reference, Player(0))
            );
            let mut agent = agent_for(&game, spec, 8).unwrap();
            let c = choose_at(agent.as_mut(), &game, &state).unwrap();
            choices.push((
                c.mv,
                c.analysis.top,
                c.analysis.iterations,
                c.analysis.value,
            ));
        }
        assert_eq!(choices[0], choices[1], "{spec}");
        assert_eq!(choices[0], choices[2], "{spec}");
    }
}

#[test]
fn searching_from_the_view_never_repeats_a_wrong_guess() {
    use crate::demo::SecretMove;
    for spec in [
        "pimc:worlds=8,iters=2000",
        "ismcts:iters=300",
        "ismcts:iters=300,threads=2",
    ] {
        for seed in 0..4 {
            let (game, state) = secret_after(6, 9, &[4, 1, 7, 2]);
            let mut agent = agent_for(&game, spec, seed).unwrap();
            let mv = choose_at(agent.as_mut(), &game, &state).unwrap().mv;
            assert!(!matches!(mv, SecretMove::Guess(4 | 7)), "{spec}: {mv:?}");
        }
    }
}

#[test]
fn every_agent_makes_up_a_legal_setup() {
    let game = secret();
    let state = game.initial_state(0);
    for spec in ["greedy", "pimc:iters=100", "ismcts:iters=50", "ai:iters=50"] {
        let mut agent = agent_for(&game, spec, 2).unwrap();
        let choice = choose_at(agent.as_mut(), &game, &state).unwrap();
        assert!(game.check_move(&state, &choice.mv).is_ok(), "{spec}");
    }
}

/// Peek: a card from 0 to 2 lies face down. The first player may peek at
/// it once (everyone then sees it), and must then name it: right wins,
/// wrong loses. The second player never moves. Peeking first wins always;
/// naming it blind wins one time in three.
#[derive(Clone, Debug)]
struct Peek;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct PeekState {
    card: u8,
    /// The card, once peeked at (public).
    seen: Option<u8>,
    named: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct PeekView {
    seen: Option<u8>,
    named: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum PeekMove {
    Peek,
    Name(u8),
}

impl Game for Peek {
    type Params = ();
    type State = PeekState;
    type Move = PeekMove;
    type View = PeekView;
    const ID: &'static str = "peek";
    const NAME: &'static str = "Peek";
    const HIDDEN_INFORMATION: bool = true;

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "standard",
            description: "",
            toml: "",
        }]
    }
    fn new(_params: ()) -> Result<Self, RulesError> {
        Ok(Peek)
    }
    fn params(&self) -> &() {
        &()
    }
    fn player_name(&self, player: Player) -> &str {
        ["first", "second"][player.index()]
    }
    fn initial_state(&self, seed: u64) -> PeekState {
        PeekState {
            card: (seed % 3) as u8,
            seen: None,
            named: None,
        }
    }
    fn status(&self, s: &PeekState) -> Status {
        match s.named {
            Some(n) if n == s.card => Status::Over(Outcome::win(Player::FIRST, "named")),
            Some(_) => Status::Over(Outcome::win(Player::FIRST.opponent(), "missed")),
            None => Status::ToMove(Player::FIRST),
        }
    }
    fn legal_moves(&self, s: &PeekState, moves: &mut Vec<PeekMove>) {
        moves.clear();
        if s.named.is_none() {
            if s.seen.is_none() {
                moves.push(PeekMove::Peek);
            }
            moves.extend((0..3).map(PeekMove::Name));
        }
    }
    fn apply_unchecked(&self, s: &mut PeekState, mv: &PeekMove) {
        match mv {
            PeekMove::Peek => s.seen = Some(s.card),
            PeekMove::Name(n) => s.named = Some(*n),
        }
    }
    fn view(&self, s: &PeekState, _player: Player) -> PeekView {
        PeekView {
            seen: s.seen,
            named: s.named,
        }
    }
    fn format_move(&self, mv: &PeekMove) -> String {
        format!("{mv:?}")
    }
    fn parse_move(&self, _s: &PeekState, text: &str) -> Result<PeekMove, MoveParseError> {
        Err(MoveParseError::new(text, "not read"))
    }
    fn state_key(&self, s: &PeekState) -> u64 {
        use std::hash::Hasher;
        let mut hasher = std::hash::DefaultHasher::new();
        hasher.write(self.state_json(s).to_string().as_bytes());
        hasher.finish()
    }
}

impl RulesDocs for Peek {
    fn summary(&self) -> String {
        String::new()
    }
}

impl Render for Peek {
    fn state_json(&self, s: &PeekState) -> serde_json::Value {
        serde_json::to_value(s).unwrap()
    }

    fn render_state(&self, s: &PeekState) -> String {
        format!("{s:?}")
    }

    fn render_view(&self, v: &PeekView) -> String {
        format!("{v:?}")
    }
}

impl DescribeMoves for Peek {}

impl FreeFormMoves for Peek {}

impl SearchHooks for Peek {
    fn move_outcome_key(&self, s: &PeekState) -> u64 {
        s.seen.map_or(0, |c| u64::from(c) + 1)
    }

    fn determinize<R: rand::Rng + ?Sized>(&self, v: &PeekView, rng: &mut R) -> PeekState {
        PeekState {
            card: v.seen.unwrap_or_else(|| rng.random_range(0..3)),
            seen: v.seen,
            named: v.named,
        }
    }
}

#[test]
fn ismcts_keeps_apart_what_a_move_showed_and_so_peeks_before_naming() {
    // Keyed by moves alone, the names after a peek would share one node
    // each over every drawn card, worth a blind guess: peeking would look
    // no better than naming at once. Keyed by what the peek showed
    // (`SearchHooks::move_outcome_key`), the right name is found under each card.
    for seed in 0..6 {
        let state = Peek.initial_state(seed);
        for spec in ["ismcts:iters=600", "ismcts:iters=600,threads=2"] {
            let mut agent = agent_for(&Peek, spec, seed).unwrap();
            let choice = choose_at(agent.as_mut(), &Peek, &state).unwrap();
            assert_eq!(choice.mv, PeekMove::Peek, "{spec}, seed {seed}");
        }
        // After the peek, the card is named.
        let mut after = state.clone();
        Peek.apply(&mut after, &PeekMove::Peek);
        let mut agent = agent_for(&Peek, "ismcts:iters=200", seed).unwrap();
        let choice = choose_at(agent.as_mut(), &Peek, &after).unwrap();
        assert_eq!(choice.mv, PeekMove::Name(state.card));
    }
}

// ----- candidate free-form moves -----

use crate::demo::{SecretMove, SecretParams, SecretState, SecretView};

/// Secret whose candidate setups ([`FreeFormMoves::candidate_move`](crate::FreeFormMoves::candidate_move)) are all
/// `setup 7`, while a uniform draw ([`Game::random_move`]) gives any number
/// from 1 to 9: the setup an agent plays tells where it drew its
/// candidates from. Everything else is Secret's.
#[derive(Clone, Debug)]
struct Sevens(Secret);

impl Game for Sevens {
    type Params = SecretParams;
    type State = SecretState;
    type Move = SecretMove;
    type View = SecretView;
    const ID: &'static str = "sevens";
    const NAME: &'static str = "Sevens";
    const HIDDEN_INFORMATION: bool = true;

    fn variants() -> &'static [Variant] {
        Secret::variants()
    }
    fn new(params: SecretParams) -> Result<Self, RulesError> {
        Secret::new(params).map(Sevens)
    }
    fn params(&self) -> &SecretParams {
        self.0.params()
    }
    fn player_name(&self, player: Player) -> &str {
        self.0.player_name(player)
    }
    fn initial_state(&self, seed: u64) -> SecretState {
        self.0.initial_state(seed)
    }
    fn status(&self, state: &SecretState) -> Status {
        self.0.status(state)
    }
    fn legal_moves(&self, state: &SecretState, moves: &mut Vec<SecretMove>) {
        self.0.legal_moves(state, moves)
    }
    fn check_move(&self, state: &SecretState, mv: &SecretMove) -> Result<(), String> {
        self.0.check_move(state, mv)
    }
    fn apply_unchecked(&self, state: &mut SecretState, mv: &SecretMove) {
        self.0.apply_unchecked(state, mv)
    }
    fn random_move<R: rand::Rng + ?Sized>(
        &self,
        state: &SecretState,
        rng: &mut R,
    ) -> Option<SecretMove> {
        self.0.random_move(state, rng)
    }
    fn view(&self, state: &SecretState, player: Player) -> SecretView {
        self.0.view(state, player)
    }
    fn move_is_public(&self, mv: &SecretMove) -> bool {
        self.0.move_is_public(mv)
    }
    fn format_move(&self, mv: &SecretMove) -> String {
        self.0.format_move(mv)
    }
    fn parse_move(&self, state: &SecretState, text: &str) -> Result<SecretMove, MoveParseError> {
        self.0.parse_move(state, text)
    }
    fn state_key(&self, state: &SecretState) -> u64 {
        self.0.state_key(state)
    }
}

impl RulesDocs for Sevens {
    fn summary(&self) -> String {
        self.0.summary()
    }
}

impl Render for Sevens {
    fn state_json(&self, state: &SecretState) -> serde_json::Value {
        self.0.state_json(state)
    }

    fn render_state(&self, state: &SecretState) -> String {
        self.0.render_state(state)
    }

    fn render_view(&self, view: &SecretView) -> String {
        self.0.render_view(view)
    }
}

impl DescribeMoves for Sevens {}

impl FreeFormMoves for Sevens {
    fn moves_enumerable(&self, state: &SecretState) -> bool {
        self.0.moves_enumerable(state)
    }

    fn candidate_move<R: rand::Rng + ?Sized>(
        &self,
        state: &SecretState,
        rng: &mut R,
    ) -> Option<SecretMove> {
        match self.0.random_move(state, rng)? {
            SecretMove::Setup(_) => Some(SecretMove::Setup(7)),
            guess => Some(guess),
        }
    }
}

impl SearchHooks for Sevens {
    fn determinize<R: rand::Rng + ?Sized>(&self, view: &SecretView, rng: &mut R) -> SecretState {
        self.0.determinize(view, rng)
    }
}

#[test]
fn search_agents_choose_among_the_candidate_setups_and_greedy_among_uniform_ones() {
    // Every setup of Secret evaluates alike, so a search agent plays one of
    // the candidates it drew: with Sevens, always `setup 7`. `greedy` draws
    // uniform setups (common::GREEDY_FREE_FORM) and plays other numbers.
    let game = Sevens(secret());
    let state = game.initial_state(0);
    let chosen = |spec: &str, seed: u64| {
        let mut agent = agent_for(&game, spec, seed).unwrap();
        choose_at(agent.as_mut(), &game, &state).unwrap().mv
    };
    for spec in ["pimc:iters=500", "ismcts:iters=100", "ai:iters=500"] {
        for seed in 0..6 {
            assert_eq!(
                chosen(spec, seed),
                SecretMove::Setup(7),
                "{spec}, seed {seed}"
            );
        }
    }
    let greedy: std::collections::HashSet<SecretMove> =
        (0..12).map(|seed| chosen("greedy", seed)).collect();
    assert!(greedy.len() > 1, "greedy played only {greedy:?}");
}
