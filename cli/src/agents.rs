//! Automatic players for the command line and `serve`: the erased bridge
//! from spec strings (`random`, `greedy`, `mcts:time=1s`, `ai`, ...) to the
//! typed agents of [`plateau::ai`].
//!
//! The typed agent is given only its player's view and legal moves
//! ([`plateau::DynAgent::choose`] reads them from the session); no agent
//! here works on JSON or move strings.

use plateau::{DynAgent, DynChoice, DynGame, DynSession};

/// The older form `random:SEED` (a bare number) written as
/// `random:seed=SEED`; every other spec as written (trimmed). The
/// framework's spec parser ([`plateau::ai::Spec::parse`]) reads
/// `random:SEED` itself; the arena and tournaments write specs in this
/// form so that their tables and result files name an agent one way.
pub fn normalize_spec(spec: &str) -> String {
    let trimmed = spec.trim();
    match trimmed.split_once(':') {
        Some((name, seed))
            if name.trim().eq_ignore_ascii_case("random")
                && !seed.trim().is_empty()
                && seed.trim().bytes().all(|b| b.is_ascii_digit()) =>
        {
            format!("random:seed={}", seed.trim())
        }
        _ => trimmed.to_string(),
    }
}

/// The agent of a spec string for these rules, seeded with `seed` (a
/// `seed=N` option, or the older `random:SEED`, overrides it): the
/// framework's [`DynGame::agent`] with its error in words.
pub fn make_agent(game: &dyn DynGame, spec: &str, seed: u64) -> Result<Box<dyn DynAgent>, String> {
    game.agent(spec.trim(), seed).map_err(|e| e.to_string())
}

/// An agent's move, or an error naming the agent when it has none (the
/// game is over, or the agent is not of this game).
pub fn choose(agent: &mut dyn DynAgent, session: &dyn DynSession) -> Result<DynChoice, String> {
    agent
        .choose(session)
        .ok_or_else(|| format!("agent '{}' found no move", agent.spec()))
}

/// A duration in words for people: `0.8 ms`, `12 ms`, `1.25 s`.
pub fn show_duration(d: std::time::Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.1} ms")
    } else if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// What a choice's analysis says, in one line for people: the time, the
/// iterations, the depth, the value and the top moves (nothing the mover
/// may not know).
pub fn describe_choice(choice: &DynChoice) -> String {
    let mut parts = vec![show_duration(choice.elapsed)];
    if choice.iterations > 0 {
        parts.push(format!("{} iterations", choice.iterations));
    }
    if let Some(d) = choice.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(v) = choice.value {
        parts.push(format!("value {v:+.2}"));
    }
    // The moves listed in one order that agrees with the move chosen: by
    // visits when the chosen move has the most (MCTS), else by value (a
    // search that picks by value, whose counts are of worlds or votes);
    // the chosen move first either way.
    let mut ranked = choice.top.clone();
    let chosen = ranked.iter().find(|(mv, ..)| *mv == choice.mv).cloned();
    let by_visits = chosen
        .as_ref()
        .is_some_and(|(_, v, _)| *v > 0 && ranked.iter().all(|(_, w, _)| w <= v));
    if by_visits {
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    } else if chosen.is_some() {
        ranked.sort_by(|a, b| b.2.total_cmp(&a.2));
    }
    if let Some(i) = ranked.iter().position(|(mv, ..)| *mv == choice.mv) {
        let first = ranked.remove(i);
        ranked.insert(0, first);
    }
    let top: Vec<String> = ranked
        .iter()
        .take(3)
        .map(|(mv, visits, value)| {
            if *visits > 0 {
                let unit = if *visits == 1 { "visit" } else { "visits" };
                format!("{mv} ({visits} {unit}, {value:+.2})")
            } else {
                format!("{mv} ({value:+.2})")
            }
        })
        .collect();
    if !top.is_empty() {
        let order = match (&chosen, by_visits) {
            (_, true) => "by visits",
            (Some(_), false) => "by value",
            (None, false) => "the agent's order",
        };
        parts.push(format!("moves {order}: {}", top.join(", ")));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::RulesSpec;

    fn hus() -> Box<dyn DynGame> {
        crate::default_registry()
            .get("hus")
            .unwrap()
            .load(&RulesSpec::default_variant())
            .unwrap()
    }

    #[test]
    fn bad_specs_are_named_on_one_line() {
        let game = hus();
        let e = make_agent(game.as_ref(), "x\ny", 0).err().unwrap();
        assert!(e.starts_with("unknown agent 'x\\ny'"), "{e}");
        let e = make_agent(game.as_ref(), "random:\nx", 0).err().unwrap();
        assert!(!e.contains('\n') && e.contains("'random:\\nx'"), "{e}");
        let e = make_agent(game.as_ref(), "mcts:tme=1s", 0).err().unwrap();
        assert!(e.contains("'tme'"), "{e}");
    }

    #[test]
    fn the_older_seed_form_is_read_as_a_seed_option() {
        assert_eq!(normalize_spec(" random:7 "), "random:seed=7");
        assert_eq!(normalize_spec("random:seed=7"), "random:seed=7");
        assert_eq!(normalize_spec("mcts:7"), "mcts:7");
        // The framework reads the older form itself: make_agent passes the
        // spec as written.
        let game = hus();
        let session = game.new_session(3);
        let mut a = make_agent(game.as_ref(), "random:7", 0).unwrap();
        let mut b = make_agent(game.as_ref(), "random:seed=7", 1).unwrap();
        assert_eq!(
            choose(a.as_mut(), session.as_ref()).unwrap().mv,
            choose(b.as_mut(), session.as_ref()).unwrap().mv
        );
    }

    #[test]
    fn a_choice_is_described_in_one_line() {
        let choice = DynChoice {
            mv: "a3".into(),
            iterations: 500,
            depth: Some(4),
            top: vec![("a3".into(), 300, 0.25), ("b2".into(), 0, -0.5)],
            value: Some(0.25),
            elapsed: std::time::Duration::from_millis(1250),
            index: None,
        };
        assert_eq!(
            describe_choice(&choice),
            "1.25 s, 500 iterations, depth 4, value +0.25, moves by visits: a3 (300 visits, +0.25), b2 (-0.50)"
        );
    }

    #[test]
    fn the_moves_listed_agree_with_the_move_chosen() {
        let choice = |mv: &str, top: &[(&str, u64, f64)]| DynChoice {
            mv: mv.into(),
            iterations: 100,
            depth: None,
            top: top
                .iter()
                .map(|(m, v, x)| (m.to_string(), *v, *x))
                .collect(),
            value: None,
            elapsed: std::time::Duration::from_millis(5),
            index: None,
        };
        // Chosen by visits (MCTS): listed by visits, whatever the values.
        let d = describe_choice(&choice("a", &[("b", 5, 0.9), ("a", 10, 0.4)]));
        assert!(
            d.ends_with("moves by visits: a (10 visits, +0.40), b (5 visits, +0.90)"),
            "{d}"
        );
        // Chosen by value with fewer votes (PIMC): listed by value, the
        // chosen move first; never a move with more visits shown as best.
        let d = describe_choice(&choice("a", &[("b", 5, 0.2), ("a", 3, 0.8), ("c", 1, 0.5)]));
        assert!(
            d.ends_with(
                "moves by value: a (3 visits, +0.80), c (1 visit, +0.50), b (5 visits, +0.20)"
            ),
            "{d}"
        );
    }
}
