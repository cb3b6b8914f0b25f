//! The smaller points of playing from the command line, each as a player
//! meets it: a Stratego step typed without its dash (S1.4), Blue's setup
//! rows typed as Blue's screen shows them (S3.3), setups given by option in
//! every variant (S11.6), variant names in any case, a wrong value of
//! `--set` named with the allowed ones, a setup never repeated in an error
//! (S6.4), `1 legal move`, one move numbering, and moves and attacks told
//! the same way.

mod common;

use assert_cmd::Command;
use std::fs;
use std::path::Path;

/// A fixed barrage setup for Red (S11.2), front row (rank 4) first: scout a4,
/// marshal b4, general c4, miner d4, scout e4, spy f4; bomb a3, flag b3.
const RED_BARRAGE: &str = "2X932S..../BF......../........../..........";
/// A fixed barrage setup for Blue, front row (rank 7) first, in board order:
/// marshal a7, general b7, miner c7, scouts d7 e7, spy f7, bomb g7, flag h7.
const BLUE_BARRAGE: &str = "X9322SBF../........../........../..........";
/// The same setup as Blue's own screen shows it (files j to a).
const BLUE_BARRAGE_SEEN: &str = "..FBS2239X/........../........../..........";

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn plateau(dir: &Path, args: &[&str], input: &str) -> Run {
    let output = Command::cargo_bin("plateau")
        .unwrap()
        .current_dir(dir)
        .env("PLATEAU_AUTOSAVE_DIR", dir.join("autosave"))
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    Run {
        code: output.status.code().unwrap(),
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
    }
}

/// A barrage game after both fixed setups, in `dir/game.json`.
fn barrage_game(dir: &Path) {
    fs::write(dir.join("red.txt"), RED_BARRAGE).unwrap();
    fs::write(dir.join("blue.txt"), BLUE_BARRAGE).unwrap();
    new_barrage_game(dir);
}

/// `new` of a barrage game from the setups in `dir/red.txt` and
/// `dir/blue.txt`, into `dir/game.json`.
fn new_barrage_game(dir: &Path) {
    let r = plateau(
        dir,
        &[
            "new",
            "stratego",
            "--variant",
            "barrage",
            "--red-setup",
            "red.txt",
            "--blue-setup",
            "blue.txt",
            "-o",
            "game.json",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
}

#[test]
fn s1_4_a_step_typed_without_the_dash_is_played_and_shown_with_it() {
    let dir = tempfile::tempdir().unwrap();
    barrage_game(dir.path());
    let r = plateau(dir.path(), &["apply", "game.json", "b4b5"], "");
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("Red marshal b4-b5."), "{}", r.out);
    let r = plateau(dir.path(), &["apply", "game.json", "b7 b8"], "");
    assert_eq!(r.code, 0, "{}", r.err);
    let record = fs::read_to_string(dir.path().join("game.json")).unwrap();
    assert!(
        record.contains("\"b4-b5\"") && record.contains("\"b7-b8\""),
        "{record}"
    );
    // At the prompt too.
    let r = plateau(
        dir.path(),
        &[
            "play",
            "stratego",
            "--plain",
            "--variant",
            "barrage",
            "--red-setup",
            "red.txt",
            "--blue-setup",
            "blue.txt",
            "--p2",
            "random",
            "--seed",
            "1",
        ],
        "e4e5\nquit\nno\n",
    );
    assert!(r.out.contains("Red scout e4-e5."), "{}", r.out);
    // Two squares that do not make a step are refused, saying how to write one.
    let r = plateau(dir.path(), &["apply", "game.json", "a4a"], "");
    assert_eq!(r.code, 1, "{}", r.out);
    assert!(r.err.contains("e.g. b4-b5 (also b4b5"), "{}", r.err);
}

/// `plateau play stratego --plain` in Barrage, a person as Blue against
/// `random`, with `seed` and the `extra` options, fed `input`.
fn blue_against_random_in_barrage(dir: &Path, seed: &str, extra: &[&str], input: &str) -> Run {
    let mut args = vec![
        "play",
        "stratego",
        "--plain",
        "--variant",
        "barrage",
        "--p1",
        "random",
        "--p2",
        "human",
        "--seed",
        seed,
    ];
    args.extend_from_slice(extra);
    plateau(dir, &args, input)
}

#[test]
fn s3_3_blue_types_the_rows_as_blues_screen_shows_them() {
    let dir = tempfile::tempdir().unwrap();
    let input = format!("setup seen {BLUE_BARRAGE_SEEN}\nquit\nno\n");
    let r = blue_against_random_in_barrage(dir.path(), "2", &[], &input);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    // Blue's prompt says how.
    assert!(
        r.out.contains("Your screen shows the files from j to a"),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("Blue set up: setup X9322SBF../"),
        "{}",
        r.out
    );
    // Blue's board: the marshal on a7, at the right end of Blue's front row.
    let front = r
        .out
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with("7 "))
        .unwrap();
    assert!(front.trim_end().ends_with("X  7"), "{front}");
    // The same text in a setup file.
    fs::write(
        dir.path().join("blue.txt"),
        format!("seen\n{BLUE_BARRAGE_SEEN}\n"),
    )
    .unwrap();
    fs::write(dir.path().join("red.txt"), RED_BARRAGE).unwrap();
    new_barrage_game(dir.path());
    let record = fs::read_to_string(dir.path().join("game.json")).unwrap();
    assert!(
        record.contains(&format!("setup {BLUE_BARRAGE}")),
        "{record}"
    );
}

#[test]
fn s11_6_red_and_blue_setup_options_give_the_star_wars_sides() {
    let dir = tempfile::tempdir().unwrap();
    for setups in [
        ["--red-setup", "random", "--blue-setup", "random"],
        [
            "--setup",
            "Republic=random",
            "--setup",
            "separatists=random",
        ],
    ] {
        let mut args = vec![
            "new",
            "stratego",
            "--variant",
            "star-wars",
            "--seed",
            "1",
            "-o",
            "sw.json",
        ];
        args.extend(setups);
        let r = plateau(dir.path(), &args, "");
        assert_eq!(r.code, 0, "{setups:?}: {}", r.err);
        assert!(r.out.contains("republic to move (move 3)"), "{}", r.out);
    }
    // A side the variant does not have is named with the sides it has.
    let r = plateau(
        dir.path(),
        &[
            "new",
            "stratego",
            "--variant",
            "star-wars",
            "--setup",
            "red=random",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.err.contains("players: republic, separatists"),
        "{}",
        r.err
    );
}

#[test]
fn variant_names_are_read_in_any_case_like_game_names() {
    let dir = tempfile::tempdir().unwrap();
    let r = plateau(
        dir.path(),
        &["rules", "Stratego", "--variant", "Barrage"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out.starts_with("Stratego (stratego), variant barrage"),
        "{}",
        r.out
    );
    let r = plateau(
        dir.path(),
        &["new", "quinque", "--variant", "ADVANCED", "-o", "q.json"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let record = fs::read_to_string(dir.path().join("q.json")).unwrap();
    assert!(record.contains("\"variant\": \"advanced\""), "{record}");
    // The protocol reads them so too.
    let r = plateau(
        dir.path(),
        &["serve"],
        "{\"cmd\":\"new\",\"game\":\"oware\",\"variant\":\"Small\"}\n",
    );
    assert!(r.out.contains("\"variant\":\"small\""), "{}", r.out);
    // An unknown one is still refused with the list.
    let r = plateau(dir.path(), &["rules", "hus", "--variant", "big"], "");
    assert_eq!(r.code, 2);
    assert!(r.err.contains("variants: standard"), "{}", r.err);
}

#[test]
fn a_wrong_word_for_a_parameter_names_the_key_and_the_allowed_words() {
    let dir = tempfile::tempdir().unwrap();
    let r = plateau(dir.path(), &["new", "hus", "--set", "first=west"], "");
    assert_eq!(r.code, 2, "{}", r.out);
    assert_eq!(
        r.err,
        "error: --set: first = \"west\": not an allowed value; allowed: south, north, random\n"
    );
    // In a rules file as well, with the file and the line named.
    let rules = plateau(dir.path(), &["rules", "hus", "--toml"], "").out;
    fs::write(
        dir.path().join("mine.toml"),
        rules.replace("first = \"south\"", "first = \"west\""),
    )
    .unwrap();
    let r = plateau(dir.path(), &["new", "hus", "--rules", "mine.toml"], "");
    assert_eq!(r.code, 1);
    assert!(
        r.err.contains(
            "mine.toml:2: first = \"west\": not an allowed value; allowed: south, north, random"
        ),
        "{}",
        r.err
    );
}

#[test]
fn s6_4_a_setup_is_never_repeated_in_an_error() {
    let dir = tempfile::tempdir().unwrap();
    // No flag: refused (S3.1).
    let secret = "2X932S..../B........./..........";
    let r = plateau(
        dir.path(),
        &[
            "play",
            "stratego",
            "--plain",
            "--variant",
            "barrage",
            "--p2",
            "random",
            "--seed",
            "1",
        ],
        &format!("setup {secret}\nsetup 2X932SX.../BF......../........../..........\nquit\nno\n"),
    );
    // Only the reasons are given (S3.1: the army's counts).
    assert!(
        r.out.contains("Not played: 1 flag ('F') missing"),
        "{}",
        r.out
    );
    assert!(r.out.contains("Not played: too many marshals"), "{}", r.out);
    assert!(!r.out.contains("2X932S"), "{}", r.out);
    // Nor from a file.
    fs::write(dir.path().join("red.txt"), secret).unwrap();
    let r = plateau(
        dir.path(),
        &[
            "new",
            "stratego",
            "--variant",
            "barrage",
            "--red-setup",
            "red.txt",
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.out);
    assert!(r.err.contains("red's setup (red.txt)"), "{}", r.err);
    assert!(!r.err.contains("2X932S"), "{}", r.err);
}

#[test]
fn s3_3_a_setup_typed_or_read_with_short_rows_is_played() {
    // Rows short of ten squares end with empty squares; rows not given are
    // empty: `2X932S/BF` is RED_BARRAGE, `X9322SBF` BLUE_BARRAGE.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("red.txt"), "# front row\n2X932S\nBF\n").unwrap();
    fs::write(dir.path().join("blue.txt"), "X9322SBF").unwrap();
    new_barrage_game(dir.path());
    let record = fs::read_to_string(dir.path().join("game.json")).unwrap();
    assert!(record.contains(&format!("setup {RED_BARRAGE}")), "{record}");
    assert!(
        record.contains(&format!("setup {BLUE_BARRAGE}")),
        "{record}"
    );
    // Typed at the prompt, as Blue's screen shows the rows.
    let r = blue_against_random_in_barrage(
        dir.path(),
        "1",
        &["--save", "typed.json"],
        "setup seen ..FBS2239X\nquit\n",
    );
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(!r.out.contains("Not played"), "{}", r.out);
    let record = fs::read_to_string(dir.path().join("typed.json")).unwrap();
    assert!(
        record.contains(&format!("setup {BLUE_BARRAGE}")),
        "{record}"
    );
}

#[test]
fn one_legal_move_is_one_legal_move() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nim.json");
    let file = file.to_str().unwrap();
    let o = common::run(&["new", "nim", "--set", "pile=1", "-o", file]);
    assert_eq!(o.code, 0, "{}", o.err);
    let o = common::run(&["moves", file]);
    assert_eq!(o.out, "first to move (move 1)\n1 legal move:\n1\n");
}

#[test]
fn the_prompt_numbers_moves_once() {
    let dir = tempfile::tempdir().unwrap();
    barrage_game(dir.path());
    let r = plateau(
        dir.path(),
        &[
            "play",
            "--plain",
            "--load",
            "game.json",
            "--p2",
            "random",
            "--seed",
            "1",
        ],
        "b4b5\nquit\nno\n",
    );
    assert!(r.out.contains("red to move (move 3)"), "{}", r.out);
    assert!(r.out.contains("Red to move."), "{}", r.out);
    assert!(!r.out.contains("of play"), "{}", r.out);
    let r = plateau(
        dir.path(),
        &[
            "play", "quinque", "--plain", "--p2", "random", "--seed", "1",
        ],
        "mark 0,0\nend\nquit\nno\n",
    );
    assert!(r.out.contains("red to move (move 5)"), "{}", r.out);
    assert!(!r.out.contains("; turn "), "{}", r.out);
}

#[test]
fn moves_and_attacks_are_told_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    barrage_game(dir.path());
    let step = plateau(dir.path(), &["apply", "game.json", "b4-b5"], "");
    plateau(dir.path(), &["apply", "game.json", "b7-b8"], "");
    // The scout runs a4-a7 and attacks the marshal there (S4.3, S5.1).
    let attack = plateau(dir.path(), &["apply", "game.json", "a4xa7"], "");
    assert_eq!(attack.code, 0, "{}", attack.err);
    let first_line = |r: &Run| r.out.lines().next().unwrap_or("").to_string();
    assert_eq!(first_line(&step), "Red marshal b4-b5.");
    assert_eq!(
        first_line(&attack),
        "Red scout a4-a7 attacks the Blue marshal and loses: the marshal stays."
    );
}

/// `--blue-setup` while Red, a person, sets up first: Blue's setup waits
/// for Blue's turn (S3.2: Red sets up, then Blue) and is played then, in
/// the plain mode; a setup given for a player whose setups are over is
/// refused before the game starts.
#[test]
fn s3_2_a_later_players_setup_waits_for_its_turn() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("blue.txt"), BLUE_BARRAGE).unwrap();
    let r = plateau(
        dir.path(),
        &[
            "play",
            "stratego",
            "--plain",
            "--variant",
            "barrage",
            "--p1",
            "human",
            "--p2",
            "human",
            "--blue-setup",
            "blue.txt",
            "--seed",
            "3",
        ],
        "\nrandom\n\n\nquit\nno\n",
    );
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    let path = r
        .out
        .split("Autosaved to ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .unwrap_or_else(|| panic!("{}", r.out));
    let record: plateau::GameRecord =
        serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(record.moves.len(), 2, "{:?}", record.moves);
    let blue: String = BLUE_BARRAGE.split_whitespace().collect::<Vec<_>>().join("");
    let played: String = record.moves[1]
        .trim_start_matches("setup ")
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '/')
        .collect();
    assert_eq!(
        played,
        blue.trim_start_matches("setup").replace('/', ""),
        "Blue's setup is the file's"
    );
    assert!(
        !r.out.contains(&record.moves[1]),
        "Blue's setup shown: {}",
        r.out
    );
}

/// Errors a user causes say in plain words what was wrong and where: a
/// rules file names its line and key, a record its field, an agent spec
/// the agent as it was written, and none speaks of Rust's types.
#[test]
fn errors_name_what_and_where_in_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    let toml = plateau(dir.path(), &["rules", "hus", "--toml"], "").out;
    let bad = toml.replace("max_sowings = 10000", "max_sowings = \"lots\"");
    let line = bad.lines().position(|l| l.contains("\"lots\"")).unwrap() + 1;
    fs::write(dir.path().join("bad.toml"), bad).unwrap();
    let r = plateau(dir.path(), &["new", "hus", "--rules", "bad.toml"], "");
    assert_ne!(r.code, 0);
    assert!(
        r.err.contains(&format!(
            "bad.toml:{line}: max_sowings: must be a whole number"
        )) && r.err.contains("not the text \"lots\""),
        "{}",
        r.err
    );

    let record = plateau(dir.path(), &["new", "hus"], "").out;
    let mut json: serde_json::Value = serde_json::from_str(&record).unwrap();
    json["moves"] = serde_json::json!([5]);
    fs::write(dir.path().join("bad.json"), json.to_string()).unwrap();
    let r = plateau(dir.path(), &["moves", "bad.json"], "");
    assert_ne!(r.code, 0);
    assert!(
        r.err
            .contains("bad.json: not a game record: moves[0]: must be text"),
        "{}",
        r.err
    );

    let r = plateau(
        dir.path(),
        &["play", "hus", "--plain", "--p2", "ai:iters=-3"],
        "",
    );
    assert_ne!(r.code, 0);
    assert!(
        r.err.contains("agent 'ai (alphabeta)': option iters='-3' is not valid; iters takes a whole number, 1 or more"),
        "{}",
        r.err
    );
    let r = plateau(
        dir.path(),
        &["play", "hus", "--plain", "--p2", "mcts:time=abc"],
        "",
    );
    assert!(
        r.err.contains("time takes a positive duration"),
        "{}",
        r.err
    );
    assert!(
        r.err.contains("A seat is `human` or an agent spec"),
        "{}",
        r.err
    );
    for rust in [
        "invalid type",
        "expected u",
        "expected a duration needs",
        "; or human",
    ] {
        assert!(!r.err.contains(rust), "{rust}: {}", r.err);
    }
}
