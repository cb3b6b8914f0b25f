//! Hand-worked edge cases of RULES.md Q1–Q7 beyond `rules.rs`, each citing
//! its section: turn shapes, the advanced table on one position, the order of
//! the end checks, what a repeated position is, a formation of the most tiles
//! the rules allow, and legal actions that do not depend on which rule set
//! the same thread analysed before. Positions are drawn as in
//! `rules.rs`: `Tile::parse(x, y, "top/bottom")`, parachutist in column i,
//! row j (from the bottom left) on point (2x+i, 2y+j) (Q2.2).

mod common;

use common::*;
use plateau::{Game, Render, RulesSpec, Status};
use plateau_quinque::{Action, EndReason, Quinque, QuinqueState, Tile};
use std::collections::HashSet;

/// A row of five tiles on (0,0)..(4,0) and a tile T on (0,1) above the first.
fn row_and_t(game: &Quinque, t: &str) -> QuinqueState {
    game.position(
        vec![
            tile(0, 0, "R./.."),
            tile(1, 0, ".O/.."),
            tile(2, 0, "../R."),
            tile(3, 0, "../.O"),
            tile(4, 0, "R./.."),
            tile(0, 1, t),
        ],
        RED,
    )
}

#[test]
fn q5_4_basic_any_distance_over_tiles_and_empty_cells_q5_6_parachutes_stay() {
    let game = basic();
    let s = row_and_t(&game, "R./.O");
    // Lifting T leaves the row in one piece. Cells touching the row and on
    // T's lines: row y=1 (1..4,1) (over empty cells up to (4,1)); column
    // (0,-1) over the tile (0,0); diagonal (-1,0); anti-diagonal (2,-1)
    // over the tile (1,0). (-1,1), (5,1), (0,2), (3,-2): touch nothing.
    assert_eq!(
        destinations(&game, &s, (0, 1)),
        cells(&[(1, 1), (2, 1), (3, 1), (4, 1), (0, -1), (-1, 0), (2, -1)])
    );
    let mut after = s.clone();
    act(&game, &mut after, "move 0,1 4,1");
    let i = after.tile_at(4, 1).unwrap();
    // Q5.6: red top left on point (8,3), orange bottom right on (9,2).
    assert_eq!(after.tiles[i], tile(4, 1, "R./.O"));
    assert!(after.ending.is_none());
}

#[test]
fn q6_each_row_of_the_table_on_one_position() {
    let game = advanced();
    // Same position as above; T's destinations by its parachutes.
    // 1: an edge-adjacent cell only: (1,1). The diagonal neighbour (-1,0)
    // (legal in the basic game) is not a step along the row or column.
    let s = row_and_t(&game, "R./..");
    assert_eq!(destinations(&game, &s, (0, 1)), cells(&[(1, 1)]));
    assert!(!accepted(&game, &s, "move 0,1 -1,0"));
    assert!(!accepted(&game, &s, "move 0,1 2,1"));
    // 2 (both colours count): row and column, over tiles: (0,-1) beyond (0,0).
    let s = row_and_t(&game, "R./.O");
    assert_eq!(
        destinations(&game, &s, (0, 1)),
        cells(&[(1, 1), (2, 1), (3, 1), (4, 1), (0, -1)])
    );
    // 3: the diagonals only, over tiles: (2,-1) beyond (1,0).
    let s = row_and_t(&game, "RO/.O");
    assert_eq!(destinations(&game, &s, (0, 1)), cells(&[(-1, 0), (2, -1)]));
    // 4: all eight lines, as in the basic game.
    let s = row_and_t(&game, "RO/OR");
    assert_eq!(
        destinations(&game, &s, (0, 1)),
        cells(&[(1, 1), (2, 1), (3, 1), (4, 1), (0, -1), (-1, 0), (2, -1)])
    );
}

#[test]
fn q6_keeps_q5_2_q5_3_and_q5_5() {
    let game = advanced();
    // Q5.2: a plus; the centre carries 4 parachutes but is surrounded.
    let s = game.position(
        vec![
            tile(1, 1, "RO/OR"),
            tile(0, 1, "R./.."),
            tile(2, 1, "O./.."),
            tile(1, 0, "R./.."),
            tile(1, 2, "O./.."),
        ],
        RED,
    );
    assert!(destinations(&game, &s, (1, 1)).is_empty());
    assert!(!accepted(&game, &s, "move 1,1 3,3"));
    // Q5.3: T (3 parachutes) gets its 4th this turn and may not move. Q5.5:
    // every other tile carries 1 parachute, and none of their steps keeps
    // the formation in one piece ((4,0) to (5,0), (4,1) or (4,-1) touches
    // nothing; lifting (1,0), (2,0) or (3,0) cuts the row; (0,0)'s steps
    // touch nothing). Only `end` is left.
    let mut s = row_and_t(&game, "RO/.O");
    act(&game, &mut s, "mark 0,2");
    assert_eq!(s.tiles[5], tile(0, 1, "RO/RO"));
    assert!(!accepted(&game, &s, "move 0,1 1,1"));
    assert_eq!(legal(&game, &s), vec![Action::End]);
}

#[test]
fn q6_legal_moves_do_not_depend_on_the_rule_set_seen_before() {
    // The same tiles under the basic rules, then the advanced ones, in one
    // thread: T carries 1 parachute, so under Q6 it only steps to (1,1).
    let basic = basic();
    let advanced = advanced();
    let sb = row_and_t(&basic, "R./..");
    let sa = row_and_t(&advanced, "R./..");
    assert_eq!(sb.tiles, sa.tiles);
    let all = cells(&[(1, 1), (2, 1), (3, 1), (4, 1), (0, -1), (-1, 0), (2, -1)]);
    assert_eq!(destinations(&basic, &sb, (0, 1)), all);
    assert_eq!(
        destinations(&advanced, &sa, (0, 1)),
        cells(&[(1, 1)]),
        "Q6: a tile with 1 parachute moves one step along its row or column"
    );
}

#[test]
fn q6_check_move_does_not_depend_on_the_rule_set_seen_before() {
    // check_move asks `reach` afresh, so it holds where the lists do not.
    let basic = basic();
    let advanced = advanced();
    let sb = row_and_t(&basic, "R./..");
    let mut sa = row_and_t(&advanced, "R./..");
    assert!(accepted(&basic, &sb, "move 0,1 4,1"));
    let a = advanced.parse_move(&sa, "move 0,1 4,1").unwrap();
    assert!(
        advanced.try_apply(&mut sa, &a).is_err(),
        "Q6: a tile with 1 parachute moves one step; accepted:\n{}",
        advanced.render_state(&sa)
    );
}

#[test]
fn q5_4_legal_moves_do_not_depend_on_the_rule_set_seen_before() {
    let basic = basic();
    let advanced = advanced();
    let sa = row_and_t(&advanced, "R./..");
    let sb = row_and_t(&basic, "R./..");
    assert_eq!(destinations(&advanced, &sa, (0, 1)), cells(&[(1, 1)]));
    assert_eq!(
        destinations(&basic, &sb, (0, 1)),
        cells(&[(1, 1), (2, 1), (3, 1), (4, 1), (0, -1), (-1, 0), (2, -1)]),
        "Q5.4: the eight lines at any distance"
    );
}

#[test]
fn q6_random_moves_do_not_depend_on_the_rule_set_seen_before() {
    let basic = basic();
    let advanced = advanced();
    let sb = row_and_t(&basic, "R./..");
    let sa = row_and_t(&advanced, "R./..");
    for seed in 0..200 {
        let _ = legal(&basic, &sb);
        let mut rng = plateau::rng(seed);
        let a = advanced.random_move(&sa, &mut rng).unwrap();
        assert!(
            advanced.check_move(&sa, &a).is_ok(),
            "seed {seed}: random_move drew the illegal {a}"
        );
        let _ = legal(&basic, &sb);
        let mut s = sa.clone();
        let mut rng = plateau::rng(seed);
        advanced.play_random(&mut s, &mut rng);
        if let Some(Action::Move { from, to }) = s.last {
            let reach = advanced.reach(&sa.tiles[sa.tile_at(from.0, from.1).unwrap()]);
            assert!(
                reach.allows((to.0 - from.0) as i64, (to.1 - from.1) as i64),
                "seed {seed}: play_random played move {from:?} {to:?}"
            );
        }
    }
}

#[test]
fn q6_each_rule_set_alone_in_its_thread() {
    // Each rule set alone in its thread: the control of the tests above.
    let advanced = advanced();
    let sa = row_and_t(&advanced, "R./..");
    assert_eq!(destinations(&advanced, &sa, (0, 1)), cells(&[(1, 1)]));
    assert!(!accepted(&advanced, &sa, "move 0,1 4,1"));
}

#[test]
fn q3_2_turn_shapes() {
    let game = basic();
    let base = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    // move + move: the turn ends by itself after the second move.
    let mut s = base.clone();
    act(&game, &mut s, "move 0,0 1,1");
    assert!(s.second_action && s.to_move == RED);
    // A mark is not a second action; pass is not either.
    assert!(!accepted(&game, &s, "mark 0,1"));
    assert!(!accepted(&game, &s, "pass"));
    assert!(legal(&game, &s).contains(&Action::End));
    act(&game, &mut s, "move 1,0 0,1");
    assert_eq!((s.to_move, s.second_action, s.turns), (ORANGE, false, 3));
    // move + end.
    let mut s = base.clone();
    act(&game, &mut s, "move 0,0 1,1");
    act(&game, &mut s, "end");
    assert_eq!((s.to_move, s.second_action, s.turns), (ORANGE, false, 3));
    // mark + move (the unmarked tile moves).
    let mut s = base.clone();
    act(&game, &mut s, "mark 3,1");
    act(&game, &mut s, "move 0,0 1,-1");
    assert_eq!((s.to_move, s.second_action, s.turns), (ORANGE, false, 3));
    assert_eq!(s.reserves, [16, 17]);
    // `end` is not a first action.
    assert!(!accepted(&game, &base, "end"));
}

#[test]
fn q3_3_without_parachutes_the_first_action_is_a_move() {
    let game = with(RulesSpec::variant("basic").set("parachutes", "2"));
    let s = game.position(
        vec![
            tile(0, 0, "R./.."),
            tile(1, 0, ".R/O."),
            tile(2, 0, "../.."),
        ],
        RED,
    );
    assert_eq!(s.reserves, [0, 1]);
    let list = legal(&game, &s);
    assert!(!list.is_empty());
    assert!(
        list.iter().all(|a| matches!(a, Action::Move { .. })),
        "{list:?}"
    );
    assert!(!accepted(&game, &s, "pass"));
    // Orange, with one parachute left, may mark.
    let mut s = s;
    act(&game, &mut s, "move 0,0 1,1");
    act(&game, &mut s, "end");
    assert!(legal(&game, &s)
        .iter()
        .any(|a| matches!(a, Action::Mark { .. })));
}

#[test]
fn q3_1_opening_when_orange_starts() {
    let game = with(RulesSpec::variant("basic").set("first", "\"orange\""));
    let mut s = game.initial_state(0);
    let list: HashSet<Action> = legal(&game, &s).into_iter().collect();
    let expected: HashSet<Action> = [(0, 0), (1, 0), (0, 1), (1, 1)]
        .into_iter()
        .map(|(x, y)| Action::Mark { x, y })
        .collect();
    assert_eq!(list, expected);
    act(&game, &mut s, "mark 1,1");
    act(&game, &mut s, "end");
    // Red's first turn: free marks on (0,0) (3) and adding on its 4 sides.
    assert_eq!(game.status(&s), Status::ToMove(RED));
    assert_eq!(legal(&game, &s).len(), 3 + 4 * 4);
}

#[test]
fn q7_1_five_or_more_a_mark_filling_a_gap_makes_six() {
    let game = basic();
    // Red on points (0,0),(1,0) | (3,0) | (4,0),(5,0); (2,0) is free.
    let mut s = game.position(
        vec![
            tile(0, 0, "../RR"),
            tile(1, 0, "../.R"),
            tile(2, 0, "../RR"),
        ],
        RED,
    );
    act(&game, &mut s, "mark 2,0");
    assert_eq!(ending(&s), (Some(RED), EndReason::LineCompleted));
}

#[test]
fn q7_1_a_colour_mix_is_no_line() {
    let game = basic();
    // Points (0,0)..(4,0): R R O R R, then red marks (5,0): R R O R R R.
    let mut s = game.position(
        vec![
            tile(0, 0, "../RR"),
            tile(1, 0, "../OR"),
            tile(2, 0, "../R."),
        ],
        RED,
    );
    act(&game, &mut s, "mark 5,0");
    assert!(s.ending.is_none());
}

#[test]
fn q7_4_a_line_comes_before_the_turn_cap() {
    // Turn 3 is the last; red's second move completes a line as it ends.
    let game = with(RulesSpec::variant("basic").set("max_turns", "3"));
    // Red has (1,0),(2,0),(3,0); the tile on (1,1) carries red below. It
    // goes to (1,-1) (column, over (1,0)) and on to (2,0) (diagonal):
    // (4,0),(5,0).
    let tiles = vec![
        tile(0, 0, "../.R"),
        tile(1, 0, "../RR"),
        tile(1, 1, "../RR"),
    ];
    let mut s = game.position(tiles, RED);
    act(&game, &mut s, "move 1,1 1,-1");
    assert!(s.ending.is_none());
    act(&game, &mut s, "move 1,-1 2,0");
    assert_eq!(ending(&s), (Some(RED), EndReason::LineCompleted));
    // The same with orange's parachutes: orange's line wins (Q7.1), not the cap.
    let tiles = vec![
        tile(0, 0, "../.O"),
        tile(1, 0, "R./OO"),
        tile(1, 1, "R./OO"),
    ];
    let mut s = game.position(tiles, RED);
    act(&game, &mut s, "move 1,1 1,-1");
    assert!(s.ending.is_none());
    act(&game, &mut s, "move 1,-1 2,0");
    assert_eq!(ending(&s), (Some(ORANGE), EndReason::OpponentLine));
}

/// Red marks, ends; then both players move the tile on (0,0) to (1,1) and
/// back each turn. The position after red's `end` (tiles S0, orange at its
/// first action) is the first to be seen a third time, after action 10,
/// which ends turn 7 (the position starts at turn 2).
fn cycle_to_tenth(game: &Quinque) -> QuinqueState {
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    let mut script = vec!["mark 3,1", "end"];
    for _ in 0..2 {
        script.extend(["move 0,0 1,1", "move 1,1 0,0"]);
        script.extend(["move 0,0 1,1", "move 1,1 0,0"]);
    }
    for (k, text) in script.iter().enumerate() {
        assert!(s.ending.is_none(), "over before action {}", k + 1);
        act(game, &mut s, text);
    }
    s
}

#[test]
fn q7_4_the_turn_cap_comes_before_the_repetition() {
    let s = cycle_to_tenth(&with(RulesSpec::variant("basic").set("max_turns", "0")));
    assert_eq!(s.turns, 7);
    assert_eq!(ending(&s), (None, EndReason::Repetition));
    let s = cycle_to_tenth(&basic());
    assert_eq!(ending(&s), (None, EndReason::Repetition));
    let s = cycle_to_tenth(&with(RulesSpec::variant("basic").set("max_turns", "7")));
    assert_eq!(ending(&s), (None, EndReason::TurnCap));
}

#[test]
fn q7_3_player_to_act_and_action_number_are_part_of_a_position() {
    let game = basic();
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    // S0: the tile on (0,0); S1: that tile on (1,1). After each action:
    let script = [
        "move 0,0 1,1", // 1 (S1, red, second)
        "move 1,1 0,0", // 2 (S0, orange, first)
        "move 0,0 1,1", // 3 (S1, orange, second)
        "end",          // 4 (S1, red, first)
        "move 1,1 0,0", // 5 (S0, red, second)
        "end",          // 6 (S0, orange, first)      2nd time
        "move 0,0 1,1", // 7 (S1, orange, second)     2nd time
        "move 1,1 0,0", // 8 (S0, red, first)
        "move 0,0 1,1", // 9 (S1, red, second)        2nd time
    ];
    // S1 with red to act is seen 3 times by action 9 (at first and second
    // actions), S1 alone by action 4: neither is a repeated position.
    for (k, text) in script.iter().enumerate() {
        act(&game, &mut s, text);
        assert!(s.ending.is_none(), "over after action {}", k + 1);
    }
    act(&game, &mut s, "move 1,1 0,0"); // 10 (S0, orange, first)  3rd time
    assert_eq!(ending(&s), (None, EndReason::Repetition));
}

#[test]
fn q7_3_positions_use_absolute_coordinates() {
    let game = basic();
    // Two alike tiles walk to the right: each position is the previous one
    // shifted, never the same cells.
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "R./..")], RED);
    for k in 0..12 {
        act(&game, &mut s, &format!("move {k},0 {},0", k + 2));
        act(&game, &mut s, "end");
        assert!(s.ending.is_none(), "over after turn {}", k + 1);
    }
}

#[test]
fn q7_2_draw_only_when_both_reserves_are_empty_at_a_turn_end() {
    let game = with(RulesSpec::variant("basic").set("parachutes", "2"));
    let mut s = game.position(vec![tile(0, 0, "R./O."), tile(1, 0, "R./..")], RED);
    assert_eq!(s.reserves, [0, 1]);
    // Red's reserve alone is empty: no draw.
    act(&game, &mut s, "move 1,0 0,1");
    act(&game, &mut s, "end");
    assert!(s.ending.is_none());
    // Orange marks its last parachute; the turn goes on until `end`.
    act(&game, &mut s, "mark 1,0");
    assert_eq!(s.reserves, [0, 0]);
    assert!(s.ending.is_none());
    act(&game, &mut s, "end");
    assert_eq!(ending(&s), (None, EndReason::ReservesEmpty));
}

/// Two 2×2 blocks joined by the bridge tile on (2,0), a column of tiles
/// hanging above the left block, `tiles` tiles in all; the tile on (3,0),
/// the bridge's only neighbour in the right block, comes last.
fn bridge(game: &Quinque, tiles: usize) -> QuinqueState {
    let mut cells = vec![(0, 0), (1, 0), (0, 1), (1, 1), (2, 0)];
    let column = tiles - 9;
    cells.extend((0..column as i32).map(|k| (0, 2 + k)));
    cells.extend([(4, 0), (3, 1), (4, 1), (3, 0)]);
    assert_eq!(cells.len(), tiles);
    game.position(cells.iter().map(|&(x, y)| Tile::new(x, y)).collect(), RED)
}

#[test]
fn q5_5_a_bridge_splits_the_formation_with_32_tiles() {
    // Lifting the bridge (2,0) leaves the left block with its column, and
    // the right block: a destination must touch both. On the bridge's lines
    // only (2,1) does ((1,1) and (3,1)); (1,-1) and (-1,0) touch the left
    // block only.
    let game = with(RulesSpec::variant("basic").set("tiles", "32"));
    let s = bridge(&game, 32);
    assert!(!accepted(&game, &s, "move 2,0 1,-1"));
    assert!(!accepted(&game, &s, "move 2,0 -1,0"));
    assert_eq!(destinations(&game, &s, (2, 0)), cells(&[(2, 1)]));
}

#[test]
fn q5_5_a_bridge_splits_the_formation_with_31_tiles() {
    // Control for the test above: the same shape with one tile less.
    let game = with(RulesSpec::variant("basic").set("tiles", "31"));
    let s = bridge(&game, 31);
    assert!(!accepted(&game, &s, "move 2,0 1,-1"));
    assert!(!accepted(&game, &s, "move 2,0 -1,0"));
    assert_eq!(destinations(&game, &s, (2, 0)), cells(&[(2, 1)]));
}
