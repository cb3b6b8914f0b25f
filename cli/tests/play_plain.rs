//! `plateau play --plain` (and play with no terminal): the line prompt with
//! the fixes of the full-screen work: nothing overwritten without asking,
//! games left with quit autosaved and continued with `--load`, the
//! scrollback cleared at a hand-over, `1 legal move`.

use assert_cmd::Command;
use std::fs;
use std::path::Path;

/// Runs `plateau ARGS` with `input`, autosaving into `autosave`.
fn run(args: &[&str], input: &str, autosave: &Path) -> (i32, String, String) {
    let output = Command::cargo_bin("plateau")
        .unwrap()
        .env("PLATEAU_AUTOSAVE_DIR", autosave)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn autosaves(dir: &Path) -> Vec<std::path::PathBuf> {
    fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

/// A Hus game of two moves (a5, a5), then quit without saving: it is
/// autosaved in `dir`. What the game printed.
fn quit_after_two_hus_moves(dir: &Path) -> String {
    let (code, out, err) = run(
        &["play", "hus", "--plain", "--p2", "human", "--seed", "4"],
        "a5\na5\nquit\nno\n",
        dir,
    );
    assert_eq!(code, 0, "{out}{err}");
    out
}

/// The moves of the one game autosaved in `dir`.
fn autosaved_moves(dir: &Path) -> Vec<String> {
    let text = fs::read_to_string(&autosaves(dir)[0]).unwrap();
    plateau::GameRecord::from_json(&text).unwrap().moves
}

#[test]
fn quit_autosaves_and_load_continues_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = quit_after_two_hus_moves(dir.path());
    assert!(out.contains("Autosaved to "), "{out}");
    let files = autosaves(dir.path());
    assert_eq!(files.len(), 1);
    let saved = files[0].to_str().unwrap();
    assert!(
        out.contains(&format!("plateau play --load {saved}")),
        "{out}"
    );
    // Loaded, the game goes on at move 3, South to move.
    let again = tempfile::tempdir().unwrap();
    let (code, out, err) = run(
        &["play", "--plain", "--load", saved, "--p2", "human"],
        "board\nquit\nno\n",
        again.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("south to move (move 3)"), "{out}");
    assert_eq!(autosaved_moves(again.path()), ["a5", "a5"]);
}

#[test]
fn the_save_question_never_replaces_a_file_unasked_nor_takes_a_bare_enter() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.json");
    fs::write(&kept, "a finished game").unwrap();
    let kept_name = kept.to_str().unwrap();
    let other = dir.path().join("other.json");
    // Resign ends the game; the habitual Enter answers nothing; the existing
    // file is refused (no), then another name is given.
    let input = format!("resign\n\n{kept_name}\nno\n{}\n", other.display());
    let (code, out, err) = run(&["play", "hus", "--plain"], &input, dir.path());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("exists. Replace it?"), "{out}");
    assert_eq!(fs::read_to_string(&kept).unwrap(), "a finished game");
    assert!(other.exists(), "{out}");
    // Saying yes replaces it.
    let input = format!("resign\n{kept_name}\nyes\n");
    let (code, out, _) = run(&["play", "hus", "--plain"], &input, dir.path());
    assert_eq!(code, 0, "{out}");
    assert!(fs::read_to_string(&kept).unwrap().contains("\"game\""));
}

#[test]
fn save_refuses_an_existing_file_before_the_game_unless_overwrite_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.json");
    fs::write(&kept, "a finished game").unwrap();
    let kept_name = kept.to_str().unwrap();
    let (code, out, err) = run(
        &["play", "hus", "--plain", "--save", kept_name],
        "resign\n",
        dir.path(),
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&format!("--save {kept_name}: the file exists"))
            && err.contains("--overwrite"),
        "{err}"
    );
    // Refused before the game: no board, nothing played or autosaved.
    assert!(!out.contains("south"), "{out}");
    assert_eq!(fs::read_to_string(&kept).unwrap(), "a finished game");
    assert!(autosaves(dir.path()).len() == 1, "only kept.json");
    // With --overwrite the file is replaced at the end, without a question.
    let (code, out, err) = run(
        &["play", "hus", "--plain", "--save", kept_name, "--overwrite"],
        "resign\n",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("Saved to {kept_name}.")), "{out}");
    assert!(!out.contains("Replace it?"), "{out}");
    let record = plateau::GameRecord::from_json(&fs::read_to_string(&kept).unwrap()).unwrap();
    assert_eq!(record.game, "hus");
    // A new file is saved as before.
    let fresh = dir.path().join("fresh.json");
    let (code, out, _) = run(
        &["play", "hus", "--plain", "--save", fresh.to_str().unwrap()],
        "resign\n",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}");
    assert!(fresh.exists(), "{out}");
    // A --save file made while the game went on (here by `save` at the
    // prompt) is not replaced at the end unasked.
    let later = dir.path().join("later.json");
    let later_name = later.to_str().unwrap();
    let (code, out, _) = run(
        &[
            "play", "hus", "--plain", "--save", later_name, "--seed", "1",
        ],
        &format!("save\n{later_name}\na1\nresign\nno\n"),
        dir.path(),
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("later.json exists now"), "{out}");
    let record = plateau::GameRecord::from_json(&fs::read_to_string(&later).unwrap()).unwrap();
    assert!(record.moves.is_empty(), "the file saved before a1 stays");
}

#[test]
fn a_record_given_where_the_game_goes_is_loaded() {
    let dir = tempfile::tempdir().unwrap();
    quit_after_two_hus_moves(dir.path());
    let saved = autosaves(dir.path()).remove(0);
    let again = tempfile::tempdir().unwrap();
    let (code, out, err) = run(
        &["play", saved.to_str().unwrap(), "--plain", "--p2", "human"],
        "quit\nno\n",
        again.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(!err.contains("unknown game"), "{err}");
    assert!(out.contains("south to move (move 3)"), "{out}");
    assert_eq!(autosaved_moves(again.path()), ["a5", "a5"]);
    // A name that is neither a game nor a file is still an unknown game.
    let (code, _, err) = run(&["play", "no-such-file.json", "--plain"], "", again.path());
    assert_eq!(code, 2);
    assert!(err.contains("unknown game 'no-such-file.json'"), "{err}");
}

#[test]
fn the_legal_moves_are_listed_without_splitting_a_move() {
    // A Quinque game well under way, where many moves have spaces and commas.
    let registry = plateau_cli::default_registry();
    let game = registry
        .get("quinque")
        .unwrap()
        .load(&plateau::RulesSpec::default_variant())
        .unwrap();
    let mut session = game.new_session(3);
    let mut rng = plateau::rng(3);
    while session.legal_moves().len() < 12 {
        let mv = session.random_move(&mut rng).unwrap();
        session.play(&mv).unwrap();
    }
    let moves = session.legal_moves();
    assert!(moves.iter().any(|m| m.contains(' ')));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("quinque.json");
    fs::write(&file, session.record().to_json()).unwrap();
    let (code, out, err) = run(
        &[
            "play",
            "--load",
            file.to_str().unwrap(),
            "--plain",
            "--p1",
            "human",
            "--p2",
            "human",
        ],
        "moves\nquit\n",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    let head = format!("{} legal moves:", moves.len());
    let start = out.find(&head).unwrap_or_else(|| panic!("{out}"));
    let listing: Vec<&str> = out[start..]
        .lines()
        .take_while(|l| l.starts_with(&head) || l.starts_with("  "))
        .collect();
    // Wrapped to 80 columns between moves, each move whole, ` | ` between.
    assert!(listing.len() > 1, "{listing:?}");
    assert!(
        listing.iter().all(|l| l.chars().count() <= 80),
        "{listing:?}"
    );
    let joined = listing.join(" ");
    let listed: Vec<&str> = joined
        .split_once(':')
        .unwrap()
        .1
        .split('|')
        .map(str::trim)
        .collect();
    assert_eq!(listed, moves, "{listing:?}");
}

/// The line of rank `rank` of the last text board in `out`.
fn rank_line<'a>(out: &'a str, rank: &str) -> &'a str {
    out.lines()
        .rev()
        .find(|l| {
            let mut words = l.split_whitespace();
            words.next() == Some(rank) && l.trim_end().ends_with(&format!(" {rank}"))
        })
        .unwrap_or_else(|| panic!("no rank {rank}:\n{out}"))
}

#[test]
fn the_last_move_is_marked_on_the_hus_and_oware_boards() {
    for (game, first, mark) in [
        ("hus", "a1", "the pit of the last move"),
        ("oware", "C", "the house of the last move"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (code, out, err) = run(
            &["play", game, "--plain", "--p2", "random", "--seed", "3"],
            &format!("{first}\nquit\nno\n"),
            dir.path(),
        );
        assert_eq!(code, 0, "{game}: {out}{err}");
        let record = fs::read_to_string(&autosaves(dir.path())[0]).unwrap();
        let record = plateau::GameRecord::from_json(&record).unwrap();
        let reply = &record.moves[1];
        // The board before South's second move marks North's reply.
        let board = &out[out.find("south>").unwrap()..out.rfind("south>").unwrap()];
        assert!(
            board.contains(&format!("[ ] {mark}: north's {reply}")),
            "{game}: {board}"
        );
        let bracketed: Vec<&str> = board
            .split_whitespace()
            .filter(|w| w.starts_with('[') && w.ends_with(']'))
            .collect();
        assert_eq!(bracketed.len(), 1, "{game}: one cell marked: {board}");
    }
}

/// Barrage setups with short rows (S3.3): Red scout a4, marshal b4, ...;
/// Blue marshal a7, general b7, ...
const RED_SHORT: &str = "2X932S/BF";
const BLUE_SHORT: &str = "X9322SBF";

/// The arguments of a Barrage game of Stratego with both setups read from
/// files.
fn barrage_with_setups<'a>(red: &'a Path, blue: &'a Path) -> [&'a str; 7] {
    [
        "stratego",
        "--variant",
        "barrage",
        "--red-setup",
        red.to_str().unwrap(),
        "--blue-setup",
        blue.to_str().unwrap(),
    ]
}

#[test]
fn stratego_boards_mark_the_last_move_and_show_tells_it_once() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("red.txt"), RED_SHORT).unwrap();
    fs::write(dir.path().join("blue.txt"), BLUE_SHORT).unwrap();
    let game = dir.path().join("game.json");
    let game = game.to_str().unwrap();
    let red = dir.path().join("red.txt");
    let blue = dir.path().join("blue.txt");
    let barrage = barrage_with_setups(&red, &blue);
    let (code, out, err) = run(
        &[&["new"], &barrage[..], &["-o", game]].concat(),
        "",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&["apply", game, "b4-b5"], "", dir.path());
    assert_eq!(code, 0, "{out}{err}");
    // Blue's view: the squares flagged, Red's marshal unknown, the move
    // told once.
    let (code, out, err) = run(&["show", game, "--as", "blue"], "", dir.path());
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.matches("b4-b5").count(), 1, "{out}");
    assert!(
        out.contains("last move: Red b4-b5.") && !out.contains("Last:"),
        "{out}"
    );
    assert!(rank_line(&out, "5").contains(">(?)"), "{out}");
    assert!(rank_line(&out, "4").contains("> . "), "{out}");
    for rank in ["1", "2", "3", "4", "5"] {
        let cells = rank_line(&out, rank).replace("[?]", "").replace("(?)", "");
        assert!(
            cells
                .chars()
                .all(|c| " .>~".contains(c) || c.is_ascii_digit()),
            "Red's ranks stay unknown: {out}"
        );
    }
    // Red's view: its marshal on the square marked.
    let (code, out, _) = run(&["show", game, "--as", "red"], "", dir.path());
    assert_eq!(code, 0);
    assert_eq!(out.matches("b4-b5").count(), 1, "{out}");
    assert!(rank_line(&out, "5").contains("> X "), "{out}");
    // At the prompt: the agent's reply is marked on Red's board.
    let (code, out, err) = run(
        &[
            &["play", "--plain"],
            &barrage[..],
            &["--p2", "random", "--seed", "5"],
        ]
        .concat(),
        "a4-a5\nquit\nno\n",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("Last:"), "{out}");
    let saved = autosaves(dir.path())
        .into_iter()
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("stratego-")
        })
        .unwrap();
    let record = plateau::GameRecord::from_json(&fs::read_to_string(saved).unwrap()).unwrap();
    let reply = record.moves[3].clone();
    let (from, to) = reply.split_once(['-', 'x']).unwrap();
    let board = &out[..out.rfind("red>").unwrap()];
    assert!(board.contains("> the squares of the last move."), "{board}");
    for square in [from, to] {
        let (file, rank) = square.split_at(1);
        let line = rank_line(board, rank);
        // Red's seat: files a to j, four columns a square after the label.
        let column = 4 + 4 * (file.as_bytes()[0] - b'a') as usize;
        assert_eq!(&line[column..=column], ">", "{reply} at {square}: {line}");
    }
    let marks: usize = (1..=10)
        .map(|r| rank_line(board, &r.to_string()).matches('>').count())
        .sum();
    assert_eq!(marks, 2, "{board}");
}

#[test]
fn hot_seat_hand_over_clears_the_scrollback_too() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = run(
        &[
            "play", "stratego", "--plain", "--p1", "human", "--p2", "human", "--seed", "2",
        ],
        "\nrandom\n\n\nquit\nno\n",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\x1b[2J\x1b[3J\x1b[H"), "{out:?}");
    assert!(
        !out.replace("\x1b[2J\x1b[3J", "").contains("\x1b[2J"),
        "every clear takes the scrollback"
    );
}

#[test]
fn a_refused_setup_is_never_echoed_and_the_mover_sees_their_own_board_before_hiding_it() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = "setup FFFFFFFFFF/9999999999/8888888888/7777777777";
    let (code, out, err) = run(
        &[
            "play", "stratego", "--plain", "--p1", "human", "--p2", "human", "--seed", "2",
        ],
        &format!("\n{wrong}\nrandom\n\n\nquit\nno\n"),
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Not played: too many flags"), "{out}");
    assert!(!out.contains("FFFFFFFFFF"), "the setup is echoed: {out}");
    // Red's own pieces on its board after its setup, before the hand-over
    // clears the screen and the scrollback.
    let before_hiding = out.split("Press Enter to hide your board").next().unwrap();
    let after_setup = before_hiding.rsplit("red>").next().unwrap();
    let rank4 = after_setup
        .lines()
        .find(|l| l.trim_start().starts_with("4 "))
        .unwrap_or_else(|| panic!("no rank 4: {after_setup}"));
    assert!(!rank4.contains(" . "), "Red's front row is full: {rank4}");
}

#[test]
fn replay_step_without_a_terminal_says_what_to_use() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.json");
    let (code, _, _) = run(
        &["new", "hus", "--seed", "1", "-o", path.to_str().unwrap()],
        "",
        dir.path(),
    );
    assert_eq!(code, 0);
    let (code, out, err) = run(
        &["replay", "--step", path.to_str().unwrap()],
        "",
        dir.path(),
    );
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains("needs a terminal") && err.contains("--verbose"),
        "{err}"
    );
    // A bad record is named before the terminal is asked for.
    std::fs::write(&path, "{").unwrap();
    let (code, _, err) = run(
        &["replay", "--step", path.to_str().unwrap()],
        "",
        dir.path(),
    );
    assert_ne!(code, 0);
    assert!(err.contains("g.json"), "{err}");
}

/// The players of the record in `path`: each one's name or agent spec.
fn record_players(path: &Path) -> Vec<(Option<String>, Option<String>)> {
    let text = fs::read_to_string(path).unwrap();
    plateau::GameRecord::from_json(&text)
        .unwrap()
        .players
        .into_iter()
        .map(|p| (p.name, p.agent))
        .collect()
}

#[test]
fn load_brings_the_players_back_and_autosaves_to_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    // South against greedy: a move, greedy's reply, quit.
    let (code, out, err) = run(
        &["play", "hus", "--plain", "--p2", "greedy", "--seed", "4"],
        "a5\nquit\nno\n",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("(greedy: "), "greedy replied: {out}");
    let files = autosaves(dir.path());
    assert_eq!(files.len(), 1, "{files:?}");
    let saved = files[0].clone();
    let greedy = vec![
        (Some("south".to_string()), None),
        (None, Some("greedy".to_string())),
    ];
    assert_eq!(
        record_players(&saved),
        greedy,
        "the record names the players"
    );
    assert_eq!(autosaved_moves(dir.path()).len(), 2);
    // Loaded without --p2, north is still greedy (not random), and playing
    // on and quitting again saves to the same file.
    let (code, out, err) = run(
        &["play", "--plain", "--load", saved.to_str().unwrap()],
        "random\nquit\nno\n",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("south human, north greedy."), "{out}");
    assert!(out.contains("(greedy: "), "greedy replied again: {out}");
    assert_eq!(
        autosaves(dir.path()),
        std::slice::from_ref(&saved),
        "no new file"
    );
    assert_eq!(autosaved_moves(dir.path()).len(), 4);
    assert_eq!(record_players(&saved), greedy);
    // A flag still replaces a player of the record.
    let (code, out, err) = run(
        &[
            "play",
            "--plain",
            "--load",
            saved.to_str().unwrap(),
            "--p2",
            "human",
        ],
        "quit\nno\n",
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("south human, north human."), "{out}");
    assert_eq!(
        record_players(&saved),
        [
            (Some("south".to_string()), None),
            (Some("north".to_string()), None)
        ]
    );
}

#[test]
fn a_game_loaded_from_elsewhere_is_autosaved_to_a_new_file() {
    // A record kept outside the autosave folder is never replaced by an
    // autosave: the game continued goes to the folder.
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.json");
    let (code, out, err) = run(
        &["play", "hus", "--plain", "--p2", "human", "--seed", "4"],
        &format!("a5\nquit\n{}\n", kept.display()),
        dir.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    let before = fs::read_to_string(&kept).unwrap();
    let autosave = dir.path().join("autosave");
    let (code, out, err) = run(
        &["play", "--plain", "--load", kept.to_str().unwrap()],
        "quit\nno\n",
        &autosave,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(fs::read_to_string(&kept).unwrap(), before);
    assert_eq!(autosaves(&autosave).len(), 1);
}
