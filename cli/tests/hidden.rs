//! Hidden information through the command line, with the framework's tiny
//! demo game `plateau::demo::Secret` (its conformance is checked in the
//! framework): views kept apart in `show`, in setups and in `play` with two
//! people at one terminal or against a random player.

mod common;

use common::{one_line_error, p, run, run_in};
use plateau::GameRecord;
use std::fs;

const CLEAR: &str = "\x1b[2J\x1b[3J\x1b[H";

/// A record where red chose 7 and blue 3.
fn game_7_3(dir: &std::path::Path) -> String {
    let red = p(dir, "red.txt");
    fs::write(&red, "7\n").unwrap();
    let blue = p(dir, "blue.txt");
    fs::write(&blue, "setup 3").unwrap();
    let g = p(dir, "g.json");
    let o = run(&[
        "new",
        "secret",
        "--seed",
        "1",
        "--red-setup",
        &red,
        "--setup",
        &format!("blue={blue}"),
        "-o",
        &g,
    ]);
    assert_eq!(o.code, 0, "{}", o.err);
    g
}

#[test]
fn setups_are_the_first_moves() {
    let dir = tempfile::tempdir().unwrap();
    let g = game_7_3(dir.path());
    let record = GameRecord::from_json(&fs::read_to_string(&g).unwrap()).unwrap();
    assert_eq!(record.moves, vec!["setup 7", "setup 3"]);
    // A random setup, drawn from the seed: the same seed gives the same setup.
    let a = run(&[
        "new",
        "secret",
        "--seed",
        "9",
        "--setup",
        "red=random",
        "--blue-setup",
        "random",
    ]);
    let b = run(&[
        "new",
        "secret",
        "--seed",
        "9",
        "--setup",
        "red=random",
        "--blue-setup",
        "random",
    ]);
    assert_eq!(a.code, 0, "{}", a.err);
    assert_eq!(a.out, b.out);
    let record = GameRecord::from_json(&a.out).unwrap();
    assert_eq!(record.moves.len(), 2);
    assert!(record.moves.iter().all(|m| m.starts_with("setup ")));
}

#[test]
fn setup_errors() {
    let dir = tempfile::tempdir().unwrap();
    one_line_error(
        &run(&["new", "secret", "--blue-setup", "random"]),
        2,
        "blue does not set up next (red is to move first)",
    );
    one_line_error(
        &run(&["new", "secret", "--setup", "green=random"]),
        2,
        "no such player; players: red, blue",
    );
    one_line_error(
        &run(&[
            "new",
            "secret",
            "--setup",
            "red=random",
            "--red-setup",
            "random",
        ]),
        2,
        "two setups given for red",
    );
    let bad = p(dir.path(), "bad.txt");
    fs::write(&bad, "twelve").unwrap();
    one_line_error(
        &run(&["new", "secret", "--red-setup", &bad]),
        1,
        "red's setup (",
    );
    one_line_error(
        &run(&["new", "secret", "--red-setup", &p(dir.path(), "none.txt")]),
        1,
        "none.txt",
    );
}

#[test]
fn show_needs_a_player_and_shows_only_their_view() {
    let dir = tempfile::tempdir().unwrap();
    let g = game_7_3(dir.path());
    one_line_error(&run(&["show", &g]), 2, "give --as PLAYER (red or blue)");
    let red = run(&["show", &g, "--as", "red"]);
    assert_eq!(red.code, 0, "{}", red.err);
    assert!(red.out.contains("your number: #7#"), "{}", red.out);
    assert!(
        !red.out.contains("#3#") && !red.out.contains("setup 3"),
        "{}",
        red.out
    );
    assert!(
        red.out.contains("last move: blue chose a secret number"),
        "{}",
        red.out
    );
    let blue = run(&["show", &g, "--as", "BLUE"]);
    assert!(
        blue.out.contains("#3#") && !blue.out.contains("#7#"),
        "{}",
        blue.out
    );
    assert!(
        blue.out
            .contains("last move: blue played setup 3: blue chose #3#"),
        "{}",
        blue.out
    );
    let all = run(&["show", &g, "--all"]);
    assert!(
        all.out.contains("#7#") && all.out.contains("#3#"),
        "{}",
        all.out
    );
    let json = run(&["show", &g, "--as", "red", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json.out).unwrap();
    assert_eq!(v["view"]["own"], 7);
    assert_eq!(v["player_name"], "red");
    assert!(
        !json.out.contains("setup 3") && !json.out.contains("#3#"),
        "{}",
        json.out
    );
    assert!(v.get("state").is_none());
    let json = run(&["show", &g, "--all", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json.out).unwrap();
    assert_eq!(v["state"]["secrets"], serde_json::json!([7, 3]));
    one_line_error(
        &run(&["show", &g, "--as", "green"]),
        2,
        "players: red, blue",
    );
    one_line_error(&run(&["show", &g, "--as", "red", "--all"]), 2, "--all");
}

#[test]
fn moves_in_a_free_form_phase_give_the_hint() {
    let dir = tempfile::tempdir().unwrap();
    let g = p(dir.path(), "g.json");
    run(&["new", "secret", "--seed", "1", "-o", &g]);
    let o = run(&["moves", &g]);
    assert!(o.out.contains("cannot be listed"), "{}", o.out);
    assert!(o.out.contains("setup N"), "{}", o.out);
    let o = run(&["moves", &g, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o.out).unwrap();
    assert_eq!(v["enumerable"], false);
    let o = run(&["apply", &g, "setup 4", "setup 5", "guess 1"]);
    assert_eq!(o.code, 0, "{}", o.err);
    let o = run(&["moves", &g, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o.out).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 9);
    assert_eq!(v["status"]["to_move_name"], "blue");
}

#[test]
fn two_people_at_one_terminal_each_see_only_their_own_view() {
    let input = "\nsetup 7\n\n\nsetup 3\n\n\nguess 5\n\n\nguess 7\n\n";
    let o = run_in(
        &[
            "play", "secret", "--p1", "human", "--p2", "human", "--seed", "1",
        ],
        input,
    );
    assert_eq!(o.code, 0, "{}", o.err);
    let screens: Vec<&str> = o.out.split(CLEAR).collect();
    let result = screens
        .iter()
        .position(|s| s.contains("Result: blue wins (guessed)"))
        .expect("the result is shown");
    assert_eq!(
        result,
        screens.len() - 1,
        "the result is on the last screen"
    );
    let mut seen = (0, 0);
    for screen in &screens[..result] {
        let red = screen.contains("red's view") || screen.contains("#7#");
        let blue = screen.contains("blue's view") || screen.contains("#3#");
        assert!(!(red && blue), "one screen shows both players:\n{screen}");
        assert!(!screen.contains("red's number") && !screen.contains("blue's number"));
        seen.0 += red as usize;
        seen.1 += blue as usize;
    }
    assert!(seen.0 >= 2 && seen.1 >= 2, "{seen:?}\n{}", o.out);
    assert!(
        o.out.contains("Pass to Blue, then press Enter."),
        "{}",
        o.out
    );
    // The opponent's setup is announced without its secret; the guess is shown to both.
    assert!(o.out.contains("red chose a secret number"), "{}", o.out);
    assert!(o.out.contains("red guessed 5: wrong"), "{}", o.out);
    // The final screen shows everything.
    assert!(screens[result].contains("#7#") && screens[result].contains("#3#"));
}

#[test]
fn against_a_random_player_only_the_human_view_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let save = p(dir.path(), "saved.json");
    let input = "moves\nsetup 9\nrandom\nguess 1\nguess 2\nguess 3\n";
    let o = run_in(
        &[
            "play", "secret", "--p2", "random:5", "--seed", "2", "--save", &save,
        ],
        input,
    );
    assert_eq!(o.code, 0, "{}", o.err);
    assert!(!o.out.contains(CLEAR), "no screen clearing with one person");
    let record = GameRecord::from_json(&fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(record.moves[0], "setup 9");
    let blue_secret = record.moves[1].trim_start_matches("setup ").to_string();
    assert_ne!(blue_secret, "9", "pick a seed where the secrets differ");
    let before_end = o.out.split("Result:").next().unwrap();
    let before_end = before_end
        .rsplit_once("red's number")
        .map(|(a, _)| a)
        .unwrap_or(before_end);
    assert!(
        !before_end.contains(&format!("#{blue_secret}#")) && !before_end.contains(&record.moves[1]),
        "blue's secret {blue_secret} leaked:\n{}",
        o.out
    );
    assert!(o.out.contains("blue chose a secret number"), "{}", o.out);
}
