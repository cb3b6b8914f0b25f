//! Hand-worked cases of RULES.md Q1–Q7, each citing its section.
//!
//! Positions are drawn with `Tile::parse(x, y, "top/bottom")`: the tile on
//! cell (x, y), its parachutists row by row from the top (`R` red, `O`
//! orange, `.` free). The parachutist in column i, row j (from the bottom
//! left) stands on point (2x+i, 2y+j) (Q2.2).

use plateau::{DescribeMoves, Render};
mod common;

use common::*;
use plateau::{rules, Game, Player, RulesSpec, Status};
use plateau_quinque::{Action, EndReason, Quinque, QuinqueState, Tile};
use std::collections::HashSet;

#[test]
fn q3_1_the_opening_marks_the_first_tile() {
    let game = basic();
    let mut s = game.initial_state(0);
    assert_eq!(s.tiles, vec![Tile::new(0, 0)]);
    assert_eq!((s.supply, s.reserves), (15, [18, 18]));
    assert_eq!(game.status(&s), Status::ToMove(RED));
    // Only the four parachutists of the tile on (0,0).
    let expected: HashSet<Action> = [(0, 0), (1, 0), (0, 1), (1, 1)]
        .into_iter()
        .map(|(x, y)| Action::Mark { x, y })
        .collect();
    assert_eq!(
        legal(&game, &s).into_iter().collect::<HashSet<_>>(),
        expected
    );
    // Adding a tile is not allowed then, nor anything but a mark.
    assert!(refused(&game, &s, "mark 2,0").contains("Q3.1"));
    assert!(refused(&game, &s, "mark -1,1").contains("no tile may be added"));
    assert!(refused(&game, &s, "end").contains("Q3.2"));
    assert!(refused(&game, &s, "pass").contains("Q3.3"));
    act(&game, &mut s, "mark 0,1");
    // One tile: no move, so the turn can only end (Q3.2, Q5.1).
    assert_eq!(legal(&game, &s), vec![Action::End]);
    assert!(refused(&game, &s, "move 0,0 1,0").contains("Q5.1"));
    act(&game, &mut s, "end");
    // Orange may now add a tile on any of the four edge-adjacent cells.
    assert_eq!(game.status(&s), Status::ToMove(ORANGE));
    assert_eq!(legal(&game, &s).len(), 3 + 4 * 4);
    act(&game, &mut s, "mark -1,0");
    assert_eq!(s.tile_at(-1, 0), Some(1));
    assert_eq!((s.supply, s.reserves), (14, [17, 17]));
}

#[test]
fn q4_2_a_tile_is_added_only_edge_adjacent() {
    let game = basic();
    let s = game.position(vec![tile(0, 0, "../R.")], ORANGE);
    // Cell (1,1) only touches (0,0) at a corner; (2,0) not at all.
    assert!(refused(&game, &s, "mark 2,2").contains("not edge-adjacent"));
    assert!(refused(&game, &s, "mark 4,1").contains("Q4.2"));
    for text in ["mark 2,1", "mark -1,0", "mark 1,2", "mark 0,-1"] {
        let mut after = s.clone();
        act(&game, &mut after, text);
        assert_eq!(after.tiles.len(), 2);
        assert_eq!(
            after.marked,
            Some(1),
            "Q4.3: the new tile is marked this turn"
        );
    }
    // A mark needs a parachutist that is free (Q4.1).
    assert!(refused(&game, &s, "mark 0,0").contains("already carries a red parachute"));
    // Adding needs a tile in the supply (Q7.6).
    let small = with(RulesSpec::variant("basic").set("tiles", "1"));
    let s = small.position(vec![tile(0, 0, "../R.")], ORANGE);
    assert_eq!(s.supply, 0);
    assert!(refused(&small, &s, "mark 2,0").contains("supply is empty"));
    assert_eq!(legal(&small, &s).len(), 3);
}

#[test]
fn q5_5_a_move_that_splits_the_formation_is_refused() {
    let game = basic();
    // A row of four; the second tile is the only link of the first.
    let s = game.position(
        vec![
            tile(0, 0, "R./.."),
            tile(1, 0, "O./.."),
            tile(2, 0, "R./.."),
            tile(3, 0, "O./.."),
        ],
        RED,
    );
    // (0,1) is on the anti-diagonal of (1,0) and touches (0,0), but (2,0)
    // and (3,0) would be cut off.
    let reason = refused(&game, &s, "move 1,0 0,1");
    assert!(
        reason.contains("splits the formation") && reason.contains("Q5.5"),
        "{reason}"
    );
    // A cell touching no other tile leaves the tile alone.
    assert!(refused(&game, &s, "move 1,0 1,2").contains("stand alone"));
    assert!(!destinations(&game, &s, (1, 0)).contains(&(0, 1)));
    // The end tile can go elsewhere: (2,1) and (2,-1) touch (2,0), (-1,0)
    // touches (0,0); (4,0) and (3,1) would touch nothing once it is lifted.
    assert_eq!(
        destinations(&game, &s, (3, 0)),
        cells(&[(2, 1), (2, -1), (-1, 0)])
    );
}

#[test]
fn q5_5_a_move_is_allowed_when_its_landing_joins_the_formation_again() {
    let game = basic();
    // A U: lifting (1,0) leaves {(0,0),(0,1)} and {(2,0),(2,1)}.
    let s = game.position(
        vec![
            tile(0, 0, "R./.."),
            tile(1, 0, "O./.."),
            tile(2, 0, "R./.."),
            tile(0, 1, "O./.."),
            tile(2, 1, ".R/.."),
        ],
        RED,
    );
    // (1,1) is on the column of (1,0) and touches both pieces: the formation
    // is checked on the resulting position only.
    let mut after = s.clone();
    act(&game, &mut after, "move 1,0 1,1");
    assert_eq!(after.tile_at(1, 1), Some(1));
    // (1,-1) touches neither piece.
    assert!(refused(&game, &s, "move 1,0 1,-1").contains("Q5.5"));
    assert_eq!(destinations(&game, &s, (1, 0)), cells(&[(1, 1)]));
}

#[test]
fn q5_2_a_tile_surrounded_on_four_edges_cannot_move() {
    let game = basic();
    let s = game.position(
        vec![
            tile(1, 1, "R./.."),
            tile(0, 1, "O./.."),
            tile(2, 1, "R./.."),
            tile(1, 0, "O./.."),
            tile(1, 2, ".R/.."),
        ],
        RED,
    );
    let reason = refused(&game, &s, "move 1,1 3,3");
    assert!(
        reason.contains("surrounded") && reason.contains("Q5.2"),
        "{reason}"
    );
    assert!(destinations(&game, &s, (1, 1)).is_empty());
    // The arms can move: (0,1) to (0,0) touches (1,0).
    assert!(destinations(&game, &s, (0, 1)).contains(&(0, 0)));
}

#[test]
fn q5_3_a_tile_marked_this_turn_cannot_move() {
    let game = basic();
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    act(&game, &mut s, "mark 2,0");
    assert_eq!(s.marked, Some(1));
    let reason = refused(&game, &s, "move 1,0 0,1");
    assert!(
        reason.contains("marked this turn") && reason.contains("Q5.3"),
        "{reason}"
    );
    assert!(destinations(&game, &s, (1, 0)).is_empty());
    // The other tile may move, and `end` is always there.
    assert_eq!(
        destinations(&game, &s, (0, 0)),
        cells(&[(1, 1), (1, -1), (2, 0)])
    );
    assert!(legal(&game, &s).contains(&Action::End));
    // A mark is only a first action (Q3.2).
    assert!(refused(&game, &s, "mark 3,0").contains("first action"));
    act(&game, &mut s, "end");
    // Next turn the tile is free again.
    assert_eq!(s.marked, None);
    assert!(!destinations(&game, &s, (1, 0)).is_empty());
}

#[test]
fn q7_6_a_tile_may_move_twice_in_a_turn_even_straight_back() {
    let game = basic();
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    act(&game, &mut s, "move 0,0 1,1");
    act(&game, &mut s, "move 1,1 0,0");
    assert_eq!(s.to_move, ORANGE);
}

/// A tile on (1,1) above a row of four, with `picture` as its parachutes.
fn table_position(game: &Quinque, picture: &str) -> QuinqueState {
    game.position(
        vec![
            tile(0, 0, "../.."),
            tile(1, 0, "../.."),
            tile(2, 0, "../.."),
            tile(3, 0, "../.."),
            tile(1, 1, picture),
        ],
        RED,
    )
}

#[test]
fn q6_the_advanced_movement_table() {
    let game = advanced();
    // 1 parachute: one step to an edge-adjacent cell.
    let s = table_position(&game, "R./..");
    assert_eq!(destinations(&game, &s, (1, 1)), cells(&[(0, 1), (2, 1)]));
    let reason = refused(&game, &s, "move 1,1 3,1");
    assert!(
        reason.contains("1 parachute moves one step") && reason.contains("Q6"),
        "{reason}"
    );
    // 2 parachutes: its row or column at any distance, over tiles.
    let s = table_position(&game, "RO/..");
    assert_eq!(
        destinations(&game, &s, (1, 1)),
        cells(&[(0, 1), (2, 1), (3, 1), (1, -1)])
    );
    assert!(refused(&game, &s, "move 1,1 3,-1").contains("row or column"));
    // 3 parachutes: only its diagonals, so not along its row.
    let s = table_position(&game, "RO/R.");
    assert_eq!(destinations(&game, &s, (1, 1)), cells(&[(3, -1)]));
    for text in [
        "move 1,1 2,1",
        "move 1,1 0,1",
        "move 1,1 3,1",
        "move 1,1 1,-1",
    ] {
        let reason = refused(&game, &s, text);
        assert!(
            reason.contains("3 parachutes moves along its diagonals"),
            "{reason}"
        );
    }
    // 4 parachutes: all eight lines, as in the basic game.
    let s = table_position(&game, "RO/RO");
    let all = cells(&[(0, 1), (2, 1), (3, 1), (1, -1), (3, -1)]);
    assert_eq!(destinations(&game, &s, (1, 1)), all);
    let s = table_position(&basic(), "R./..");
    assert_eq!(destinations(&basic(), &s, (1, 1)), all);
}

#[test]
fn q3_3_a_player_with_no_first_action_passes() {
    // Red's two parachutes are on the board; each tile carries one, so under
    // the advanced rules each moves one step, and no step keeps the
    // formation together.
    let game = with(RulesSpec::variant("advanced").set("parachutes", "2"));
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, ".R/..")], RED);
    assert_eq!(s.reserves, [0, 2]);
    assert_eq!(legal(&game, &s), vec![Action::Pass]);
    assert!(refused(&game, &s, "mark 0,0").contains("no parachutes left"));
    act(&game, &mut s, "pass");
    assert_eq!(s.to_move, ORANGE);
    assert!(!s.second_action);
    assert_eq!(s.turns, 3, "a pass is a turn");
    // With a move possible, pass is refused.
    let game = basic();
    let s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, ".R/..")], RED);
    assert!(refused(&game, &s, "pass").contains("Q3.3"));
}

/// Plays `finish` on `tiles` with `mover` to act and returns the ending.
fn finish(
    game: &Quinque,
    tiles: Vec<Tile>,
    mover: Player,
    finish: &str,
) -> (Option<Player>, EndReason) {
    let mut s = game.position(tiles, mover);
    assert!(s.ending.is_none());
    act(game, &mut s, finish);
    ending(&s)
}

#[test]
fn q7_1_lines_of_five_across_three_tiles() {
    let game = basic();
    // Horizontal: points (1,0)..(5,0) over cells (0,0), (1,0), (2,0).
    let tiles = vec![
        tile(0, 0, "../.R"),
        tile(1, 0, "../RR"),
        tile(2, 0, "../R."),
    ];
    assert_eq!(
        finish(&game, tiles, RED, "mark 5,0"),
        (Some(RED), EndReason::LineCompleted)
    );
    // Vertical: points (0,1)..(0,5) over cells (0,0), (0,1), (0,2).
    let tiles = vec![
        tile(0, 0, "O./.."),
        tile(0, 1, "O./O."),
        tile(0, 2, "../O."),
    ];
    assert_eq!(
        finish(&game, tiles, ORANGE, "mark 0,5"),
        (Some(ORANGE), EndReason::LineCompleted)
    );
    // Diagonal: points (1,1)..(5,5) over cells (0,0), (1,1), (2,2), with
    // (1,0) and (2,1) holding the formation together.
    let tiles = vec![
        tile(0, 0, ".R/.."),
        tile(1, 0, "../.."),
        tile(1, 1, ".R/R."),
        tile(2, 1, "../.."),
        tile(2, 2, "../R."),
    ];
    assert_eq!(
        finish(&game, tiles, RED, "mark 5,5"),
        (Some(RED), EndReason::LineCompleted)
    );
    // Anti-diagonal: points (4,1), (3,2), (2,3), (1,4), (0,5) over cells
    // (2,0), (1,1), (0,2), with (1,0) and (0,1).
    let tiles = vec![
        tile(2, 0, "O./.."),
        tile(1, 0, "../.."),
        tile(1, 1, "O./.O"),
        tile(0, 1, "../.."),
        tile(0, 2, "../.O"),
    ];
    assert_eq!(
        finish(&game, tiles, ORANGE, "mark 0,5"),
        (Some(ORANGE), EndReason::LineCompleted)
    );
    // Four in a row is not enough; a gap breaks the line.
    let tiles = vec![
        tile(0, 0, "../.R"),
        tile(1, 0, "../RR"),
        tile(2, 0, "../.."),
    ];
    let mut s = game.position(tiles, RED);
    act(&game, &mut s, "mark 5,0");
    assert!(s.ending.is_none());
}

#[test]
fn q7_1_a_move_completes_a_line() {
    let game = basic();
    // Red has (1,0), (2,0), (3,0); the tile on (1,1) carries red on its
    // bottom row and moves along its anti-diagonal to (2,0): (4,0), (5,0).
    let tiles = vec![
        tile(0, 0, "../.R"),
        tile(1, 0, "../RR"),
        tile(1, 1, "../RR"),
    ];
    let mut s = game.position(tiles, RED);
    act(&game, &mut s, "move 1,1 2,0");
    assert_eq!(ending(&s), (Some(RED), EndReason::LineCompleted));
}

#[test]
fn q7_1_a_move_that_completes_only_the_opponents_line_loses() {
    let game = basic();
    // Orange has (1,0), (2,0), (3,0); the tile on (1,1) carries orange on
    // its bottom row. Red moves it to (2,0): orange's line of five.
    let tiles = vec![
        tile(0, 0, "../.O"),
        tile(1, 0, "R./OO"),
        tile(1, 1, "R./OO"),
    ];
    assert_eq!(
        finish(&game, tiles, RED, "move 1,1 2,0"),
        (Some(ORANGE), EndReason::OpponentLine)
    );
}

#[test]
fn q7_1_both_lines_at_once_the_active_player_wins() {
    let game = basic();
    // The moving tile carries red on top and orange below; it completes
    // red's row y=1 and orange's row y=0 together.
    let tiles = vec![
        tile(0, 0, ".R/.O"),
        tile(1, 0, "RR/OO"),
        tile(1, 1, "../.."),
        tile(2, 1, "RR/OO"),
    ];
    let mut s = game.position(tiles, ORANGE);
    act(&game, &mut s, "move 2,1 2,0");
    assert_eq!(ending(&s), (Some(ORANGE), EndReason::LineCompleted));
    let tiles = vec![
        tile(0, 0, ".R/.O"),
        tile(1, 0, "RR/OO"),
        tile(1, 1, "../.."),
        tile(2, 1, "RR/OO"),
    ];
    assert_eq!(
        finish(&game, tiles, RED, "move 2,1 2,0"),
        (Some(RED), EndReason::LineCompleted)
    );
}

#[test]
fn q7_2_empty_reserves_draw_at_the_end_of_the_turn() {
    let game = with(RulesSpec::variant("basic").set("parachutes", "1"));
    let mut s = game.initial_state(0);
    act(&game, &mut s, "mark 0,0");
    act(&game, &mut s, "end");
    act(&game, &mut s, "mark 2,0");
    // Both reserves are empty, but the turn goes on: a move could still win.
    assert_eq!(s.reserves, [0, 0]);
    assert_eq!(game.status(&s), Status::ToMove(ORANGE));
    act(&game, &mut s, "move 0,0 1,1");
    assert_eq!(ending(&s), (None, EndReason::ReservesEmpty));
    assert_eq!(game.status(&s).outcome().unwrap().reason, "reserves-empty");
}

#[test]
fn q7_3_the_turn_cap_comes_after_the_empty_reserves() {
    let game = with(RulesSpec::variant("basic").set("max_turns", "3"));
    let mut s = game.initial_state(0);
    for text in ["mark 0,0", "end", "mark 2,0", "end"] {
        act(&game, &mut s, text);
    }
    assert!(s.ending.is_none());
    act(&game, &mut s, "mark 1,0");
    act(&game, &mut s, "end");
    assert_eq!(ending(&s), (None, EndReason::TurnCap));
    // Q7.4: at the same end of turn, the empty reserves are checked first.
    let game = with(
        RulesSpec::variant("basic")
            .set("max_turns", "2")
            .set("parachutes", "1"),
    );
    let mut s = game.initial_state(0);
    for text in ["mark 0,0", "end", "mark 2,0", "end"] {
        act(&game, &mut s, text);
    }
    assert_eq!(ending(&s), (None, EndReason::ReservesEmpty));
}

#[test]
fn q7_3_a_position_seen_three_times_is_a_draw() {
    let game = basic();
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    let cycle = ["move 0,0 1,1", "end", "move 1,1 0,0", "end"];
    // The position after red's move comes back after actions 5 and 9.
    for (k, text) in cycle.iter().cycle().take(8).enumerate() {
        act(&game, &mut s, text);
        assert!(s.ending.is_none(), "over after action {}", k + 1);
    }
    act(&game, &mut s, cycle[0]);
    assert_eq!(ending(&s), (None, EndReason::Repetition));
    // A mark in between makes every position new (the reserves change).
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    for _ in 0..2 {
        for text in cycle {
            act(&game, &mut s, text);
        }
    }
    act(&game, &mut s, "mark 3,1");
    act(&game, &mut s, "move 0,0 1,1");
    act(&game, &mut s, "move 1,1 0,0");
    assert!(s.ending.is_none());
    // The cap can be switched off.
    let game = with(RulesSpec::variant("basic").set("repetition", "0"));
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    for text in cycle.iter().cycle().take(40) {
        act(&game, &mut s, text);
    }
    assert!(s.ending.is_none());
    assert!(s.history.is_empty());
}

#[test]
fn a_users_rules_file_plays_as_data() {
    // A line of four, twelve parachutes each (a user's own variant).
    let text = include_str!("../../../rules-data/quinque/basic.toml")
        .replace("line_length = 5", "line_length = 4")
        .replace("parachutes = 18", "parachutes = 12");
    let spec = RulesSpec {
        file: Some(("four.toml".to_string(), text)),
        ..RulesSpec::default()
    };
    let loaded = rules::load::<Quinque>(&spec).unwrap();
    assert_eq!(loaded.variant, "four");
    let game = loaded.game;
    assert_eq!(game.params().line_length, 4);
    let s = game.initial_state(0);
    assert_eq!(s.reserves, [12, 12]);
    // Four in a row now wins.
    let tiles = vec![tile(0, 0, "../.R"), tile(1, 0, "../RR")];
    assert_eq!(
        finish(&game, tiles, RED, "mark 4,0"),
        (Some(RED), EndReason::LineCompleted)
    );
}

#[test]
fn parameters_are_validated_by_key() {
    let cases = [
        ("tiles", "0", "tiles"),
        ("tiles", "33", "tiles"),
        ("parachutes", "0", "parachutes"),
        ("points_per_side", "5", "points_per_side"),
        ("line_length", "1", "line_length"),
        ("repetition", "1", "repetition"),
        ("points_per_side", "3", "advanced_moves"),
        ("first", "\"blue\"", "first"),
    ];
    for (key, value, named) in cases {
        let err = rules::load::<Quinque>(&RulesSpec::variant("basic").set(key, value)).unwrap_err();
        assert_eq!(err.key.as_deref(), Some(named), "{key}={value}: {err}");
    }
    let err = rules::load::<Quinque>(
        &RulesSpec::variant("basic")
            .set("advanced_moves", r#"["none","sideways","any","any","any"]"#),
    )
    .unwrap_err();
    assert!(err.to_string().contains("advanced_moves"), "{err}");
    let err = rules::load::<Quinque>(&RulesSpec {
        file: Some(("bad.toml".into(), "tiles = 16\nwind = 3\n".into())),
        ..RulesSpec::default()
    })
    .unwrap_err();
    assert!(err.to_string().contains("bad.toml"), "{err}");
    // Orange may start.
    let game = with(RulesSpec::variant("basic").set("first", "\"orange\""));
    assert_eq!(game.status(&game.initial_state(0)), Status::ToMove(ORANGE));
}

#[test]
fn coordinates_stay_absolute_and_the_board_shows_them() {
    let game = basic();
    let mut s = game.position(vec![tile(-3, 5, "R./.O"), tile(-2, 5, "../..")], RED);
    act(&game, &mut s, "mark -4,10");
    let text = game.render_state(&s);
    for needle in [
        "cell x",
        "point x",
        "-3",
        "-2",
        "-6",
        "-5",
        "11",
        "*R",
        "{",
        "reserves: red 16, orange 17",
        "supply: 14 tiles",
        "red to act (second action",
    ] {
        assert!(text.contains(needle), "'{needle}' missing from\n{text}");
    }
    act(&game, &mut s, "move -3,5 -2,4");
    let text = game.render_state(&s);
    assert!(
        text.contains("(      )") && !text.contains("last action"),
        "{text}"
    );
    assert_eq!(s.tile_at(-2, 4), Some(0));
}

#[test]
fn actions_are_described() {
    let game = basic();
    let s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    let say = |text: &str| {
        game.describe_move(&s, &game.parse_move(&s, text).unwrap(), None)
            .unwrap()
    };
    assert_eq!(
        say("mark 1,1"),
        "red marks the parachutist on point (1,1) of the tile on (0,0)"
    );
    assert_eq!(
        say("mark 4,1"),
        "red adds a tile from the supply on cell (2,0) and marks its parachutist on point (4,1)"
    );
    assert_eq!(
        say("move 0,0 1,1"),
        "red moves the tile on (0,0) (with 1 parachute) to (1,1)"
    );
    let tiles = vec![
        tile(0, 0, "../.R"),
        tile(1, 0, "../RR"),
        tile(2, 0, "../R."),
    ];
    let s = game.position(tiles, RED);
    let a = game.parse_move(&s, "mark 5,0").unwrap();
    assert!(game
        .describe_move(&s, &a, None)
        .unwrap()
        .ends_with("red wins: 5 in a row of red's own"));
}

#[test]
fn states_round_trip_through_json() {
    let game = basic();
    let mut s = game.position(vec![tile(0, 0, "R./.."), tile(1, 0, "O./..")], RED);
    act(&game, &mut s, "mark 2,0");
    let json = serde_json::to_string(&s).unwrap();
    let back: QuinqueState = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
}

#[test]
fn q7_1_the_winning_line_is_marked_on_the_board_at_the_end() {
    let game = basic();
    let tiles = vec![
        tile(0, 0, "../.R"),
        tile(1, 0, "../RR"),
        tile(2, 0, "../R."),
    ];
    let mut s = game.position(tiles, RED);
    let before = game.board_view(&s, None).unwrap();
    assert!(before.cells.iter().all(|c| !c.marked), "nothing marked yet");
    act(&game, &mut s, "mark 5,0");
    let board = game.board_view(&s, None).unwrap();
    let mut marked: Vec<&str> = board
        .cells
        .iter()
        .filter(|c| c.marked)
        .filter_map(|c| c.name.as_deref())
        .collect();
    marked.sort();
    // The five points of the line (the last mark among them), nothing else.
    assert_eq!(marked, ["1,0", "2,0", "3,0", "4,0", "5,0"]);
}
