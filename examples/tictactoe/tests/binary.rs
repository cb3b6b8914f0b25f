//! The example's own binary: the default games plus tic-tac-toe, every
//! subcommand for free.

use assert_cmd::{assert::Assert, Command};
use predicates::{prelude::PredicateBooleanExt, str::contains};

fn tictactoe(args: &str, stdin: &str) -> Assert {
    let mut command = Command::cargo_bin("tictactoe").unwrap();
    command.args(args.split(' ')).write_stdin(stdin);
    command.assert().success()
}

#[test]
fn games_lists_tictactoe_next_to_the_default_games() {
    let listed = contains("tictactoe - Tic-tac-toe").and(contains("gomoku-lite"));
    tictactoe("games", "").stdout(listed.and(contains("hus - Hus")));
}

#[test]
fn scripted_play_through_stdin_reaches_the_result() {
    // b2 twice and z9 are refused; x's b2 c1 a2 b3 c2 end with the row a2 b2 c2.
    let script = "b2\nb2\nz9\na1\nc1\na3\na2\nc3\nb3\nb1\nc2\n";
    let refused = contains("illegal move 'b2'").and(contains("cannot read move 'z9'"));
    tictactoe("play tictactoe --p2 human --seed 1", script)
        .stdout(refused.and(contains("Result: x wins (line-completed)")));
}

#[test]
fn serve_plays_tictactoe() {
    let requests = r#"{"cmd":"new","game":"tictactoe","seed":1}
{"cmd":"play","id":1,"move":["a1","b1","a2","b2","a3"]}"#;
    tictactoe("serve", requests).stdout(contains(r#""winner_name":"x""#));
}
