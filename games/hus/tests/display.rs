//! What a player sees: notation (H1.2), the text board from either seat, the
//! sowing of a move, and the JSON state (H1.4).

use plateau::{DescribeMoves, Render};
mod common;

use common::*;
use plateau::{Game, Player};
use plateau_hus::HusState;

#[test]
fn bad_pit_names_give_one_line_parse_errors() {
    let game = hus();
    let state = game.initial_state(0);
    for bad in ["", "c1", "a9", "b0", "a10", "pass", "8a"] {
        let e = game.parse_move(&state, bad).unwrap_err().to_string();
        assert!(e.starts_with(&format!("cannot read move '{bad}'")), "{e}");
        assert!(e.contains("a1–a8") && !e.contains('\n'), "{e}");
    }
    assert_eq!(
        game.format_move(&game.parse_move(&state, "B7").unwrap()),
        "b7"
    );
}

#[test]
fn board_from_south_seat() {
    let game = hus();
    let state = game.initial_state(0);
    let text = game.render_state(&state);
    let lines: Vec<&str> = text.lines().collect();
    // North's rows on top, seen from across the table: its a8 on our left
    // (H1.5: south's b1 faces north's b8 and a8).
    assert_eq!(lines[0], "north: 24 stones");
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        ["a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"]
    );
    assert_eq!(
        lines[3].split_whitespace().collect::<Vec<_>>(),
        ["2", "2", "2", "2", ".", ".", ".", "."]
    );
    assert_eq!(
        lines[4].split_whitespace().collect::<Vec<_>>(),
        ["b8", "b7", "b6", "b5", "b4", "b3", "b2", "b1"]
    );
    assert_eq!(
        lines[6].split_whitespace().collect::<Vec<_>>(),
        ["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"]
    );
    assert_eq!(
        lines[7].split_whitespace().collect::<Vec<_>>(),
        [".", ".", ".", ".", "2", "2", "2", "2"]
    );
    assert_eq!(
        lines[9].split_whitespace().collect::<Vec<_>>(),
        ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]
    );
    assert_eq!(lines[10], "south: 24 stones, to move");
}

#[test]
fn board_from_north_seat_after_a_move() {
    let game = hus();
    let start = game.initial_state(0);
    let state = play(&game, &start, "a5");
    let text = game.render_view(&game.view(&state, NORTH));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "south: 24 stones");
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        ["a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"]
    );
    // South's a5 was sown: a5 empty, a4 3, a3 lifted (relay), a2 3, a1 3, b1 1.
    assert_eq!(
        lines[2].split_whitespace().collect::<Vec<_>>(),
        ["2", "2", "2", ".", "3", ".", "3", "3"]
    );
    assert_eq!(
        lines[3].split_whitespace().collect::<Vec<_>>(),
        ["2", "2", "2", "2", ".", ".", ".", "1"]
    );
    assert_eq!(lines[10], "north: 24 stones, to move");
    // South's seat shows the same position the other way round.
    let south = game.render_view(&game.view(&state, SOUTH));
    assert!(south.starts_with("north: 24 stones, to move\n"), "{south}");
}

#[test]
fn board_of_a_finished_game_names_the_winner() {
    let game = hus();
    let before = position(
        [2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0],
        SOUTH,
    );
    let after = play(&game, &before, "a8");
    let text = game.render_state(&after);
    assert!(
        text.contains(
            "game over after 1 move: north wins (no-pit-with-two-stones), score south 0, north 33"
        ),
        "{text}"
    );
}

#[test]
fn describe_move_shows_start_relays_and_end() {
    let game = hus();
    let start = game.initial_state(0);
    let text = game.describe_move(&start, &pit("a5"), None).unwrap();
    assert_eq!(
        text,
        "south a5: lifts 2 stones from a5\n  relay from a3: 3 stones\n  ends in b1, which was empty\n  \
         2 sowings; south took 0 stones; south 24, north 24\n"
    );
    let text = game.describe_move(&start, &pit("b1"), Some(NORTH)).unwrap();
    assert!(text.contains("not a legal move"), "{text}");
}

#[test]
fn json_state_gives_pits_in_index_form_and_stones() {
    let game = hus();
    let state = play(&game, &game.initial_state(0), "a5");
    let json = serde_json::to_value(state).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "south": [2, 2, 2, 0, 3, 0, 3, 3, 1, 0, 0, 0, 2, 2, 2, 2],
            "north": [2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 2, 2, 2],
            "stones": {"south": 24, "north": 24},
            "to_move": "north",
            "ply": 1,
            "outcome": null
        })
    );
    let view = serde_json::to_value(game.view(&state, Player(1))).unwrap();
    assert_eq!(view["seat"], "north");
    assert_eq!(view["state"], json);
}

#[test]
fn json_state_of_a_finished_game_and_bad_json() {
    let game = hus();
    let before = position(
        [0, 0, 0, 0, 19, 19, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0],
        SOUTH,
    );
    let after = play(&game, &before, "a1");
    let json = serde_json::to_value(after).unwrap();
    assert_eq!(
        json["outcome"],
        serde_json::json!({"winner": "south", "reason": "no-pit-with-two-stones", "scores": [96, 0]})
    );
    let back: HusState = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, after);

    let mut wrong = json.clone();
    wrong["stones"]["south"] = 47.into();
    let e = serde_json::from_value::<HusState>(wrong)
        .unwrap_err()
        .to_string();
    assert!(e.contains("do not match the pits"), "{e}");
    let mut wrong = json.clone();
    wrong["outcome"]["reason"] = "flag-captured".into();
    let e = serde_json::from_value::<HusState>(wrong)
        .unwrap_err()
        .to_string();
    assert!(e.contains("flag-captured"), "{e}");
    let mut wrong = json.clone();
    wrong["outcome"]["scores"] = serde_json::json!([48, 0]);
    assert!(serde_json::from_value::<HusState>(wrong).is_err());
    let mut wrong = json;
    wrong["south"] = serde_json::json!([1, 2, 3]);
    assert!(serde_json::from_value::<HusState>(wrong).is_err());
}

#[test]
fn the_last_move_is_bracketed_on_the_board_from_either_seat() {
    let game = hus();
    let mut state = game.initial_state(0);
    let a1 = game.parse_move(&state, "a1").unwrap();
    game.apply(&mut state, &a1);
    let last = Some((Player(0), &a1));
    // South's seat: its row a (counts on line 8) from a1 on the left; a1
    // was sown from and is empty, so it reads `[.]`.
    let south = game.render_view_marked(&game.view(&state, Player(0)), last);
    let plain = game.render_view(&game.view(&state, Player(0)));
    let lines: Vec<&str> = south.lines().collect();
    assert_eq!(lines[8].split_whitespace().next(), Some("[.]"), "{south}");
    assert_eq!(
        south.matches('[').count(),
        2,
        "one pit and the legend: {south}"
    );
    assert!(
        south.ends_with("[ ] the pit of the last move: south's a1\n"),
        "{south}"
    );
    // Nothing else differs from the unmarked board.
    let unmarked: Vec<&str> = plain.lines().collect();
    for (i, (a, b)) in lines.iter().zip(&unmarked).enumerate() {
        if i != 8 {
            assert_eq!(a, b, "line {i}");
        }
    }
    assert_eq!(
        lines[8]
            .replace("[.]", " . ")
            .split_whitespace()
            .collect::<Vec<_>>(),
        unmarked[8].split_whitespace().collect::<Vec<_>>()
    );
    // North's seat: South's row a is on top (line 2), a1 on the right.
    let north = game.render_view_marked(&game.view(&state, Player(1)), last);
    let top: Vec<&str> = north.lines().nth(2).unwrap().split_whitespace().collect();
    assert_eq!(top.last(), Some(&"[.]"), "{north}");
    assert_eq!(
        game.render_state_marked(&state, last),
        south,
        "the whole state is drawn from South's seat"
    );
    // No last move: the plain board.
    assert_eq!(
        game.render_view_marked(&game.view(&state, Player(0)), None),
        plain
    );
}
