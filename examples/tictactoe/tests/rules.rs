//! Tic-tac-toe: the conformance kit first, then the rules.

use plateau::{conformance, rules, Game, Player, RulesSpec, Session};
use plateau_example_tictactoe::TicTacToe;

fn game(variant: &str) -> TicTacToe {
    rules::load(&RulesSpec::variant(variant)).unwrap().game
}

#[test]
fn conforms() {
    for v in ["standard", "gomoku-lite"] {
        conformance::check(&game(v), &conformance::Config::default());
    }
}

#[test]
fn diagonal_wins_and_ends_the_game() {
    let mut s = Session::new(game("standard"), "standard", 0);
    for m in ["a1", "a2", "b2", "a3", "c3"] {
        s.play_text(m).unwrap();
    }
    let outcome = s.status().outcome().cloned().unwrap();
    assert_eq!(
        (outcome.winner, &*outcome.reason),
        (Some(Player(0)), "line-completed")
    );
    assert!(s.legal_moves().is_empty());
}

#[test]
fn occupied_cell_and_bad_text_are_refused() {
    let mut s = Session::new(game("standard"), "standard", 0);
    s.play_text("b2").unwrap();
    assert!(s
        .play_text("b2")
        .unwrap_err()
        .to_string()
        .contains("illegal move 'b2'"));
    for bad in ["d1", "A1", "1a", "é1", "a0", "a4", ""] {
        let err = s.play_text(bad).unwrap_err().to_string();
        assert!(err.contains("expected a cell a1 to c3"), "{bad:?}: {err}");
    }
}

#[test]
fn line_longer_than_the_board_is_a_rules_error() {
    let err = rules::load::<TicTacToe>(&RulesSpec::default_variant().set("line", "4"));
    assert_eq!(
        err.unwrap_err().to_string(),
        "--set: line = 4: must be 1 to size"
    );
}

#[test]
fn board_renders_with_coordinates() {
    let g = game("standard");
    let mut s = g.initial_state(0);
    g.apply(&mut s, &4);
    assert_eq!(
        g.render_state(&s),
        " 3 . . . \n 2 . X . \n 1 . . . \n   a b c \n"
    );
}
