//! The fast legal-action generator and end checks against a plain reading
//! of the rules: every candidate action is tried one by one, connectivity
//! of the resulting formation is petgraph's `connected_components`, lines
//! are searched over the whole point grid.

use petgraph::algo::connected_components;
use petgraph::graph::UnGraph;
use plateau::{rules, Game, Player, Render, RulesSpec};
use plateau_quinque::{Action, EndReason, Quinque, QuinqueState, Reach, Tile};
use proptest::prelude::*;
use std::collections::HashSet;

/// Whether the tiles on these cells form one edge-connected group.
fn connected(cells: &[(i32, i32)]) -> bool {
    let mut g = UnGraph::<(), ()>::new_undirected();
    let nodes: Vec<_> = cells.iter().map(|_| g.add_node(())).collect();
    for (i, a) in cells.iter().enumerate() {
        for (j, b) in cells.iter().enumerate().skip(i + 1) {
            if (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1 {
                g.add_edge(nodes[i], nodes[j], ());
            }
        }
    }
    connected_components(&g) == 1
}

fn on_lines(reach: Reach, dx: i32, dy: i32) -> bool {
    let orthogonal = dx == 0 || dy == 0;
    let diagonal = dx.abs() == dy.abs();
    let near = dx.abs() <= 1 && dy.abs() <= 1;
    match reach {
        Reach::None => false,
        Reach::OrthogonalStep => orthogonal && near,
        Reach::DiagonalStep => diagonal && near,
        Reach::AnyStep => near,
        Reach::Orthogonal => orthogonal,
        Reach::Diagonal => diagonal,
        Reach::Any => orthogonal || diagonal,
    }
}

/// The legal actions of `state`, by the letter of Q3–Q6.
fn reference_actions(game: &Quinque, s: &QuinqueState) -> HashSet<Action> {
    let p = game.params();
    let pps = p.points_per_side as i32;
    let mut out = HashSet::new();
    if s.ending.is_some() {
        return out;
    }
    let cells: Vec<(i32, i32)> = s.tiles.iter().map(|t| (t.x, t.y)).collect();
    let occupied = |x: i32, y: i32| cells.contains(&(x, y));
    let opening = s.turns == 0 && !s.second_action;
    let me = s.to_move.index();
    if !s.second_action && s.reserves[me] > 0 {
        let marked_tiles = if opening { &s.tiles[..1] } else { &s.tiles[..] };
        for t in marked_tiles {
            for j in 0..pps {
                for i in 0..pps {
                    if (t.marked() >> (j * pps + i)) & 1 == 0 {
                        out.insert(Action::Mark {
                            x: pps * t.x + i,
                            y: pps * t.y + j,
                        });
                    }
                }
            }
        }
        if !opening && s.supply > 0 {
            let (x0, x1, y0, y1) = bounds(&cells);
            for x in x0 - 1..=x1 + 1 {
                for y in y0 - 1..=y1 + 1 {
                    let touches = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                        .iter()
                        .any(|(dx, dy)| occupied(x + dx, y + dy));
                    if !occupied(x, y) && touches {
                        for j in 0..pps {
                            for i in 0..pps {
                                out.insert(Action::Mark {
                                    x: pps * x + i,
                                    y: pps * y + j,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    if !opening && cells.len() >= 2 {
        let (x0, x1, y0, y1) = bounds(&cells);
        for (v, t) in s.tiles.iter().enumerate() {
            let surrounded = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .all(|(dx, dy)| occupied(t.x + dx, t.y + dy));
            if surrounded || s.marked == Some(v as u8) {
                continue;
            }
            let reach = game.reach(t);
            // Farther cells touch no tile, and a lone tile is not one group.
            for x in x0 - 2..=x1 + 2 {
                for y in y0 - 2..=y1 + 2 {
                    if occupied(x, y) || !on_lines(reach, x - t.x, y - t.y) {
                        continue;
                    }
                    let mut after = cells.clone();
                    after[v] = (x, y);
                    if connected(&after) {
                        out.insert(Action::Move {
                            from: (t.x, t.y),
                            to: (x, y),
                        });
                    }
                }
            }
        }
    }
    if s.second_action {
        out.insert(Action::End);
    } else if out.is_empty() {
        out.insert(Action::Pass);
    }
    out
}

fn bounds(cells: &[(i32, i32)]) -> (i32, i32, i32, i32) {
    (
        cells.iter().map(|c| c.0).min().unwrap(),
        cells.iter().map(|c| c.0).max().unwrap(),
        cells.iter().map(|c| c.1).min().unwrap(),
        cells.iter().map(|c| c.1).max().unwrap(),
    )
}

/// Whether `colour` has `len` in a row anywhere on the point grid.
fn has_line(tiles: &[Tile], pps: i32, len: i32, colour: Player) -> bool {
    let mut points: HashSet<(i32, i32)> = HashSet::new();
    for t in tiles {
        let own = t.of(colour);
        for j in 0..pps {
            for i in 0..pps {
                if (own >> (j * pps + i)) & 1 != 0 {
                    points.insert((pps * t.x + i, pps * t.y + j));
                }
            }
        }
    }
    points.iter().any(|&(x, y)| {
        [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|(dx, dy)| (0..len).all(|k| points.contains(&(x + k * dx, y + k * dy))))
    })
}

fn games() -> Vec<Quinque> {
    let load = |spec: RulesSpec| rules::load::<Quinque>(&spec).unwrap().game;
    vec![
        load(RulesSpec::variant("basic")),
        load(RulesSpec::variant("advanced")),
        load(
            RulesSpec::variant("basic")
                .set("line_length", "4")
                .set("parachutes", "12")
                .set("tiles", "10"),
        ),
        load(
            RulesSpec::variant("advanced")
                .set("points_per_side", "3")
                .set(
                    "advanced_moves",
                    r#"["none","orthogonal-step","diagonal-step","any-step","orthogonal","diagonal","any","any","orthogonal","diagonal"]"#,
                )
                .set("line_length", "4")
                .set("tiles", "7"),
        ),
        load(
            RulesSpec::variant("basic")
                .set("points_per_side", "1")
                .set("advanced_moves", r#"["none","any"]"#)
                .set("line_length", "3")
                .set("tiles", "12")
                .set("first", "\"orange\""),
        ),
    ]
}

/// Plays a seeded random game and checks every position against the
/// reference; every candidate action is also put to `check_move`. The game
/// advances by `play_random` (which follows the formation incrementally)
/// on odd seeds, checked against `random_move` and `apply`.
fn check_game(game: &Quinque, seed: u64, max_actions: usize) {
    let mut rng = plateau::rng(seed);
    let mut state = game.initial_state(seed);
    let p = game.params();
    let pps = p.points_per_side as i32;
    let mut list = Vec::new();
    for _ in 0..max_actions {
        if state.ending.is_some() {
            break;
        }
        game.legal_moves(&state, &mut list);
        let listed: HashSet<Action> = list.iter().copied().collect();
        assert_eq!(listed.len(), list.len(), "duplicates in {list:?}");
        let expected = reference_actions(game, &state);
        assert_eq!(
            listed,
            expected,
            "legal actions differ from the reference in\n{}",
            game.render_state(&state)
        );
        assert_eq!(game.count_actions(&state), list.len());
        for (i, a) in list.iter().enumerate() {
            assert_eq!(game.nth_action(&state, i).as_ref(), Some(a));
        }
        // check_move agrees with the list on nearby candidates, legal or not.
        let cells: Vec<(i32, i32)> = state.tiles.iter().map(|t| (t.x, t.y)).collect();
        let (x0, x1, y0, y1) = bounds(&cells);
        let mut candidates = vec![Action::End, Action::Pass];
        for x in pps * (x0 - 1)..pps * (x1 + 2) {
            for y in pps * (y0 - 1)..pps * (y1 + 2) {
                candidates.push(Action::Mark { x, y });
            }
        }
        for t in &state.tiles {
            for x in x0 - 2..=x1 + 2 {
                for y in y0 - 2..=y1 + 2 {
                    candidates.push(Action::Move {
                        from: (t.x, t.y),
                        to: (x, y),
                    });
                }
            }
        }
        candidates.push(Action::Move {
            from: (x1 + 5, y1),
            to: (x1 + 1, y1),
        });
        for c in &candidates {
            let verdict = game.check_move(&state, c);
            assert_eq!(
                verdict.is_ok(),
                listed.contains(c),
                "check_move on {c} says {verdict:?} in\n{}",
                game.render_state(&state)
            );
        }
        // Play one, and check the end rules against a whole-grid search.
        let before = state.clone();
        let action = if seed % 2 == 1 {
            let mut probe = rng.clone();
            let action = game.random_move(&state, &mut probe).unwrap();
            let mut expected = state.clone();
            game.apply(&mut expected, &action);
            assert!(game.play_random(&mut state, &mut rng));
            assert_eq!(
                state, expected,
                "play_random differs from apply for {action}"
            );
            action
        } else {
            let action = list[plateau::rand::Rng::random_range(&mut rng, 0..list.len())];
            game.apply(&mut state, &action);
            action
        };
        let me = before.to_move;
        let len = p.line_length as i32;
        let mine = has_line(&state.tiles, pps, len, me);
        let theirs = has_line(&state.tiles, pps, len, me.opponent());
        match state.ending {
            Some(e) if e.reason == EndReason::LineCompleted => {
                assert!(mine && e.winner == Some(me), "{e:?}");
            }
            Some(e) if e.reason == EndReason::OpponentLine => {
                assert!(!mine && theirs && e.winner == Some(me.opponent()), "{e:?}");
            }
            _ => assert!(
                !mine && !theirs,
                "a line was missed after {action} in\n{}",
                game.render_state(&state)
            ),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn generator_and_end_checks_match_the_rules(seed in any::<u64>(), which in 0usize..5) {
        let game = &games()[which];
        check_game(game, seed, 160);
    }
}

#[test]
fn reference_covers_every_rule_set_at_least_once() {
    for (i, game) in games().iter().enumerate() {
        check_game(game, 1000 + i as u64, 120);
    }
}

/// Long games, where the formation is large and drifts.
#[test]
fn reference_agrees_on_long_games() {
    for seed in 0..2 {
        check_game(&games()[0], seed, 400);
    }
}
