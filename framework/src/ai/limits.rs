//! Limits a front end puts on every agent move, whatever the agent's spec
//! asks: a server caps the time and the memory of each search.

use std::time::Duration;

/// Bounds on one agent move, set by whoever runs the agent (a server), not
/// by the agent's spec. The time cuts any search short, even one given an
/// iteration budget (`mcts:iters=1000000000`); the node cap bounds how many
/// nodes a search tree may hold (MCTS, ISMCTS and PIMC trees, alpha-beta's
/// transposition table). `None` is no limit; the default has none, and an
/// agent without limits plays exactly as its spec says.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AgentLimits {
    /// The longest an agent may think for one move.
    pub time: Option<Duration>,
    /// The most nodes a search tree may hold.
    pub nodes: Option<usize>,
}

impl AgentLimits {
    /// No limit (the default).
    pub const NONE: AgentLimits = AgentLimits {
        time: None,
        nodes: None,
    };

    /// A time limit alone.
    pub fn time(time: Duration) -> AgentLimits {
        AgentLimits {
            time: Some(time),
            nodes: None,
        }
    }

    /// A node cap alone.
    pub fn nodes(nodes: usize) -> AgentLimits {
        AgentLimits {
            time: None,
            nodes: Some(nodes),
        }
    }

    /// Whether no limit is set.
    pub fn is_unlimited(&self) -> bool {
        self.time.is_none() && self.nodes.is_none()
    }

    /// The smaller of each limit of the two (a limit set in only one of
    /// them holds).
    pub fn tighter(self, other: AgentLimits) -> AgentLimits {
        fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        AgentLimits {
            time: min(self.time, other.time),
            nodes: min(self.nodes, other.nodes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{agent_for, choose_at, choose_limited, Choice};
    use crate::demo::{Nim, NimState, Secret};
    use crate::{rules, Game, RulesSpec, SearchGame};
    use std::time::Instant;

    /// Nim with a pile too large for any search to finish.
    fn big_nim() -> (Nim, NimState) {
        let spec = RulesSpec::default_variant()
            .set("pile", "100000")
            .set("max_take", "12");
        let game: Nim = rules::load(&spec).unwrap().game;
        let state = game.initial_state(0);
        (game, state)
    }

    /// Secret once both players chose their numbers: a game of hidden
    /// information where the searches from the view can run on.
    fn secret_guessing() -> (Secret, <Secret as Game>::State) {
        let spec = RulesSpec::default_variant().set("max_guesses", "400");
        let game: Secret = rules::load(&spec).unwrap().game;
        let mut state = game.initial_state(0);
        for text in ["setup 3", "setup 7"] {
            let mv = game.parse_move(&state, text).unwrap();
            game.apply(&mut state, &mv);
        }
        (game, state)
    }

    /// The agent of `spec` choosing within `limits`, and how long it took.
    fn timed<G: SearchGame>(
        game: &G,
        state: &G::State,
        spec: &str,
        limits: AgentLimits,
    ) -> (Choice<G::Move>, Duration) {
        let mut agent = agent_for(game, spec, 1).unwrap();
        let started = Instant::now();
        let choice = choose_limited(agent.as_mut(), game, state, limits)
            .unwrap_or_else(|| panic!("{spec} found no move"));
        (choice, started.elapsed())
    }

    const HUGE: &str = "iters=1000000000";

    #[test]
    fn a_time_limit_cuts_an_iteration_budget_short() {
        let limit = AgentLimits::time(Duration::from_millis(300));
        let (nim, start) = big_nim();
        for spec in [
            format!("mcts:{HUGE},solver=false"),
            format!("mcts:{HUGE},threads=2"),
            format!("alphabeta:{HUGE}"),
        ] {
            let (choice, took) = timed(&nim, &start, &spec, limit);
            assert!(choice.analysis.iterations > 0, "{spec}");
            // The limit stopped it, not its budget.
            assert!(took >= Duration::from_millis(290), "{spec} took {took:?}");
            assert!(took < Duration::from_millis(1300), "{spec} took {took:?}");
        }
        let (secret, guessing) = secret_guessing();
        for spec in [
            format!("ismcts:{HUGE}"),
            format!("pimc:{HUGE},worlds=4,depth=64"),
        ] {
            let (_, took) = timed(&secret, &guessing, &spec, limit);
            assert!(took >= Duration::from_millis(290), "{spec} took {took:?}");
            assert!(took < Duration::from_millis(1300), "{spec} took {took:?}");
        }
    }

    #[test]
    fn a_node_cap_bounds_the_tree_and_the_search_goes_on_without_growing_it() {
        let spec = RulesSpec::default_variant()
            .set("pile", "1000")
            .set("max_take", "12");
        let nim: Nim = rules::load(&spec).unwrap().game;
        let start = nim.initial_state(0);
        let cap = 200;
        let limits = AgentLimits::nodes(cap);
        // MCTS and ISMCTS: the tree stops at the cap (plus the root's
        // moves, always expanded), the playouts go on to the budget.
        for spec in ["mcts:iters=3000,solver=false", "mcts:iters=3000,threads=2"] {
            let (free, _) = timed(&nim, &start, spec, AgentLimits::NONE);
            assert!(
                free.analysis.nodes > 1000,
                "{spec}: {}",
                free.analysis.nodes
            );
            let (capped, _) = timed(&nim, &start, spec, limits);
            assert!(
                capped.analysis.nodes <= (cap + 12) as u64,
                "{spec}: {}",
                capped.analysis.nodes
            );
            assert_eq!(capped.analysis.iterations, 3000, "{spec}");
        }
        // ISMCTS on Secret: the root and its nine guesses, then the
        // opponent's replies (its winning guess in each drawn state).
        let (secret, guessing) = secret_guessing();
        let spec = "ismcts:iters=3000";
        let (free, _) = timed(&secret, &guessing, spec, AgentLimits::NONE);
        assert!(free.analysis.nodes > 10, "{}", free.analysis.nodes);
        let (capped, _) = timed(&secret, &guessing, spec, AgentLimits::nodes(5));
        assert_eq!(capped.analysis.nodes, 10);
        assert_eq!(capped.analysis.iterations, 3000);
        // Alpha-beta and PIMC: the transposition table has at most `cap`
        // entries (4096 at the start without a cap).
        let (free, _) = timed(&nim, &start, "alphabeta:iters=20000", AgentLimits::NONE);
        assert!(free.analysis.nodes >= 4096, "{}", free.analysis.nodes);
        let (capped, _) = timed(&nim, &start, "alphabeta:iters=20000", limits);
        assert!(
            capped.analysis.nodes <= cap as u64,
            "{}",
            capped.analysis.nodes
        );
        let spec = "pimc:iters=20000,worlds=2";
        let (capped, _) = timed(&secret, &guessing, spec, limits);
        assert!(
            capped.analysis.nodes <= cap as u64,
            "{}",
            capped.analysis.nodes
        );
    }

    #[test]
    fn an_agent_reached_without_its_type_obeys_the_limits_too() {
        let mut registry = crate::Registry::new();
        registry.register::<Nim>();
        let spec = RulesSpec::default_variant()
            .set("pile", "100000")
            .set("max_take", "12");
        let loaded = registry.get("nim").unwrap().load(&spec).unwrap();
        let mut agent = loaded
            .agent("mcts:iters=1000000000,solver=false", 3)
            .unwrap();
        let session = loaded.new_session(0);
        let started = Instant::now();
        let limits = AgentLimits::time(Duration::from_millis(200));
        let choice = agent.choose_limited(session.as_ref(), limits).unwrap();
        let took = started.elapsed();
        assert!(choice.iterations > 0);
        assert!(
            took >= Duration::from_millis(190) && took < Duration::from_millis(1200),
            "{took:?}"
        );
    }

    #[test]
    fn with_no_time_at_all_every_agent_still_moves() {
        let zero = AgentLimits::time(Duration::ZERO);
        let (nim, start) = big_nim();
        for spec in ["mcts", "mcts:threads=2", "alphabeta", "greedy", "random"] {
            let (choice, took) = timed(&nim, &start, spec, zero);
            assert!((1..=12).contains(&choice.mv), "{spec}");
            assert!(took < Duration::from_millis(500), "{spec} took {took:?}");
        }
        let (secret, guessing) = secret_guessing();
        for spec in ["ismcts", "pimc", "ai"] {
            let (choice, took) = timed(&secret, &guessing, spec, zero);
            assert!(secret.check_move(&guessing, &choice.mv).is_ok(), "{spec}");
            assert!(took < Duration::from_millis(500), "{spec} took {took:?}");
        }
    }

    #[test]
    fn without_limits_an_agent_plays_as_before() {
        let (nim, start) = big_nim();
        for spec in [
            "mcts:iters=500",
            "alphabeta:depth=4",
            "mcts:iters=300,threads=2",
        ] {
            let mut a = agent_for(&nim, spec, 9).unwrap();
            let mut b = agent_for(&nim, spec, 9).unwrap();
            let plain = choose_at(a.as_mut(), &nim, &start).unwrap();
            let limited = choose_limited(b.as_mut(), &nim, &start, AgentLimits::NONE).unwrap();
            assert_eq!(plain.mv, limited.mv, "{spec}");
            assert_eq!(plain.analysis.top, limited.analysis.top, "{spec}");
            assert_eq!(
                plain.analysis.iterations, limited.analysis.iterations,
                "{spec}"
            );
        }
    }

    #[test]
    fn tighter_takes_the_smaller_of_each() {
        let a = AgentLimits {
            time: Some(Duration::from_secs(30)),
            nodes: None,
        };
        let b = AgentLimits {
            time: Some(Duration::from_secs(2)),
            nodes: Some(1000),
        };
        let t = a.tighter(b);
        assert_eq!(t.time, Some(Duration::from_secs(2)));
        assert_eq!(t.nodes, Some(1000));
        assert_eq!(b.tighter(a), t);
        assert_eq!(
            AgentLimits::default().tighter(AgentLimits::default()),
            AgentLimits::NONE
        );
        assert!(AgentLimits::default().is_unlimited());
        assert!(!t.is_unlimited());
    }
}
