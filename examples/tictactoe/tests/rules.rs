//! Tic-tac-toe: the conformance kit first, then the rules worked by hand.

use plateau::{conformance, describe_outcome, Render, RulesSpec, Session};
use plateau_example_tictactoe::TicTacToe;

fn game(variant: &str) -> TicTacToe {
    plateau::rules::load(&RulesSpec::variant(variant))
        .unwrap()
        .game
}

#[test]
fn conforms() {
    for variant in ["standard", "gomoku-lite"] {
        conformance::check(&game(variant), &conformance::Config::default());
    }
}

#[test]
fn lines_win_and_a_full_board_draws() {
    for (moves, result) in [
        ("a1 a2 b2 a3 c3", "x wins (line-completed)"), // a diagonal
        ("c1 a1 b2 a2 a3", "x wins (line-completed)"), // the other diagonal
        ("a1 b1 a2 b2", "not over"),
        ("a3 b3 c3 b2 a2 c2 b1 a1 c1", "draw (board-full)"),
    ] {
        let mut s = Session::new(game("standard"), "standard", 0);
        for m in moves.split(' ') {
            s.play_text(m).unwrap();
        }
        assert_eq!(describe_outcome(s.game(), s.status().outcome()), result);
    }
}

#[test]
fn the_board_has_coordinates_and_bad_moves_are_refused() {
    let mut s = Session::new(game("standard"), "standard", 0);
    s.play_text("a2").unwrap();
    let board = " 3 . . .\n 2 X . .\n 1 . . .\n   a b c\n";
    assert_eq!(s.game().render_state(s.state()), board);
    let err = s.play_text("a2").unwrap_err().to_string();
    assert!(err.contains("illegal move 'a2'"), "{err}");
    for bad in ["d1", "A1", "1a", "é1", "a0", "a01", "a+1", ""] {
        let err = s.play_text(bad).unwrap_err().to_string();
        assert!(err.contains("expected a cell a1 to c3"), "{bad:?}: {err}");
    }
}
