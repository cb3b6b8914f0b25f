//! Tic-tac-toe implements only `Game`'s required methods and a few
//! defaults, and still reaches every front end through the registry and
//! the match layer: the board the full-screen terminal and the web page's
//! generic board draw, the web server's updates, and `serve`.

use assert_cmd::Command;
use plateau::matches::{Client, Match, MatchOptions, MoveRef, Occupant};
use plateau::{Registry, RulesSpec};
use plateau_cli::web::hub::Hub;
use plateau_example_tictactoe::TicTacToe;
use serde_json::{json, Value};

fn registry() -> Registry {
    let mut registry = plateau_cli::default_registry();
    registry.register::<TicTacToe>();
    registry
}

/// The names and texts of the board's cells, top row first.
fn cells(board: &Value) -> Vec<(String, String)> {
    board["cells"]
        .as_array()
        .expect("a board has cells")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or("").into(),
                c["text"].as_str().unwrap_or("").into(),
            )
        })
        .collect()
}

#[test]
fn the_match_layer_gives_each_client_a_board_of_named_cells() {
    let rules = registry()
        .get("tictactoe")
        .unwrap()
        .load(&RulesSpec::default_variant())
        .unwrap();
    let seats = vec![Occupant::person("ann"), Occupant::person("bob")];
    let mut game = Match::new(rules, 0, seats, MatchOptions::default()).unwrap();
    let ann = Client::Seat(plateau::Player(0));
    let b2 = game
        .view(ann)
        .legal_moves
        .iter()
        .position(|m| m == "b2")
        .unwrap();
    game.play(ann, MoveRef::Index(b2)).unwrap();
    let view = serde_json::to_value(game.view(Client::Spectator)).unwrap();
    let board = view
        .pointer("/board/board")
        .expect("the view carries the board");
    let cells = cells(board);
    let names: Vec<&str> = cells.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
    );
    assert_eq!(cells[4].1, "X", "b2 holds ann's mark: {board}");
    assert!(cells
        .iter()
        .enumerate()
        .all(|(i, (_, t))| i == 4 || t.is_empty()));
}

#[test]
fn the_web_server_sends_the_generic_board_in_every_update() {
    let hub = Hub::new(&registry());
    let (room, created) = hub
        .create(&json!({"game": "tictactoe", "hotseat": true}))
        .unwrap();
    assert_eq!(created["ok"], true, "{created}");
    let update = room.update_for(Client::HotSeat, None);
    let board = update
        .pointer("/board/board")
        .expect("the update carries the board");
    assert_eq!(
        (board["rows"].as_u64(), board["cols"].as_u64()),
        (Some(3), Some(3))
    );
    let names: Vec<String> = cells(board).into_iter().map(|(name, _)| name).collect();
    assert_eq!(
        names,
        ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
    );
}

#[test]
fn serve_shows_the_board_and_plays_by_notation() {
    let input = concat!(
        r#"{"cmd":"new","game":"tictactoe"}"#,
        "\n",
        r#"{"cmd":"play","id":1,"move":"b2"}"#,
        "\n",
        r#"{"cmd":"board","id":1}"#,
        "\n"
    );
    let out = Command::cargo_bin("tictactoe")
        .unwrap()
        .arg("serve")
        .write_stdin(input)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["ok"], true, "{text}");
    assert!(last.to_string().contains("\"b2\""), "{last}");
}
