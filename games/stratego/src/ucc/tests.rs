//! The protocol's words, the view kept from its lines against the
//! referee's, and an outside program's every fault.

use super::observer::{enemy_squares, Observer};
use super::text::{Outcome, UccMove, UccRules};
use super::*;
use crate::notation::Move;
use crate::tests::rules;
use crate::view::ChaseView;
use crate::Stratego;
use plateau::ai;
use plateau::ai::arena::{play_arena, ArenaConfig};
use plateau::ai::report::GameResultKind;
use plateau::rand::seq::IndexedRandom;
use plateau::{Game, Player, Status};

/// The rules the protocol's programs know: no two-squares rule (S7), no
/// chase rule (S8).
fn ucc_rules() -> Stratego {
    rules(&[("two_square_limit", "0"), ("chase_rule", "false")])
}

fn sq(name: &str) -> crate::Square {
    name.parse().unwrap()
}

#[test]
fn moves_are_written_from_the_top_left_with_up_towards_rank_1() {
    // S1.1: a1 is Red's left back corner, the protocol's (0, 0).
    let mv = UccMove::between(sq("b4"), sq("b7")).unwrap();
    assert_eq!(mv.to_string(), "1 3 DOWN 3");
    assert_eq!(
        UccMove::between(sq("j7"), sq("j6")).unwrap().to_string(),
        "9 6 UP"
    );
    assert_eq!(
        UccMove::between(sq("c1"), sq("a1")).unwrap().to_string(),
        "2 0 LEFT 2"
    );
    assert!(UccMove::between(sq("a1"), sq("b2")).is_none());
    let words = ["9", "6", "UP", "3", "BOTHDIE", "9", "9"];
    let (mv, rest) = UccMove::read(&words, "9 6 UP 3 BOTHDIE 9 9").unwrap();
    assert_eq!((mv.from(), mv.to()), (sq("j7"), Some(sq("j4"))));
    let ucc = UccRules::of(&ucc_rules()).unwrap();
    let scout = ucc.kind('9').unwrap();
    assert_eq!(
        ucc.read_outcome(rest, "").unwrap(),
        Outcome::BothDie(scout, scout)
    );
    // Off the board, a bad direction, a bad multiplier: each named.
    let (mv, _) = UccMove::read(&["0", "0", "UP"], "0 0 UP").unwrap();
    assert_eq!(mv.to(), None);
    let e = UccMove::read(&["0", "0", "NORTH"], "0 0 NORTH").unwrap_err();
    assert!(e.contains("'NORTH'"), "{e}");
    let e = UccMove::read(&["0", "12", "UP"], "0 12 UP").unwrap_err();
    assert!(e.contains("Y '12'"), "{e}");
    let e = UccMove::read(&["0", "1", "UP", "0"], "0 1 UP 0").unwrap_err();
    assert!(e.contains("multiplier 0"), "{e}");
    let e = ucc.read_outcome(&["KILLS", "9"], "x").unwrap_err();
    assert!(e.contains("two ranks"), "{e}");
}

#[test]
fn setup_rows_run_from_reds_back_row_and_from_blues_front_row() {
    let game = ucc_rules();
    let ucc = UccRules::of(&game).unwrap();
    // The manual's example for RED: the flag in the back corner, x 0 y 0.
    let rows: Vec<String> = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"]
        .map(String::from)
        .to_vec();
    let red = ucc.read_setup(&game, Player(0), &rows).unwrap();
    let flag = ucc.kind('F').unwrap();
    let at = |player: Player, setup: &crate::Setup, square: &str| {
        let i = game
            .home_area(player)
            .iter()
            .position(|s| *s == sq(square))
            .unwrap();
        setup.kind(i)
    };
    assert_eq!(at(Player(0), &red, "a1"), Some(flag));
    assert_eq!(ucc.setup_rows(&game, Player(0), &red), rows);
    // For BLUE the same first row is its front row, rank 7.
    let blue = ucc.read_setup(&game, Player(1), &rows).unwrap();
    assert_eq!(at(Player(1), &blue, "a7"), Some(flag));
    assert_eq!(ucc.setup_rows(&game, Player(1), &blue), rows);
    // A short row, a stranger's token, a missing piece: each named.
    let mut bad = rows.clone();
    bad[2] = "672489897".into();
    let e = ucc.read_setup(&game, Player(0), &bad).unwrap_err();
    assert!(
        e.contains("setup row 3") && e.contains("9 characters"),
        "{e}"
    );
    bad[2] = "672489897X".into();
    let e = ucc.read_setup(&game, Player(0), &bad).unwrap_err();
    assert!(e.contains("'X' is no piece"), "{e}");
    bad[2] = "672489897.".into();
    assert!(ucc.read_setup(&game, Player(0), &bad).is_err());
}

#[test]
fn rules_the_protocol_cannot_carry_are_refused_with_the_reason() {
    for (key, value, says) in [
        ("options.silent_defense", "true", "silent-defense"),
        ("options.reconquest", "true", "reconquest"),
    ] {
        let e = UccRules::of(&rules(&[(key, value)]))
            .unwrap_err()
            .to_string();
        assert!(e.contains(says), "{e}");
    }
    // Barrage (S11.2) fits: the standard board and pieces, fewer of them.
    assert!(UccRules::of(&Stratego::variant("barrage").unwrap()).is_ok());
}

/// Plays random games in the referee and drives one observer per side with
/// nothing but the protocol's lines; at every turn the observer's view of
/// the side to move is the referee's (the chase, which the protocol cannot
/// follow and these rules do not use, left out).
#[test]
fn the_view_kept_from_the_lines_is_the_referees() {
    let game = ucc_rules();
    let ucc = UccRules::of(&game).unwrap();
    let mut turns = 0;
    for seed in 0..100u64 {
        let mut rng = plateau::rng(seed);
        let mut state = game.initial_state(seed);
        let setups = [0, 1].map(|p| game.random_setup(Player(p), &mut rng));
        for s in &setups {
            game.apply(&mut state, &Move::Setup(*s));
        }
        let mut observers: [Option<Observer>; 2] = [None, None];
        let red_rows = ucc.board_rows(&game.view(&state, Player(0)));
        observers[0] = Some(Observer::new(
            &game,
            &ucc,
            Player(0),
            &setups[0],
            &enemy_squares(&red_rows),
        ));
        let mut first: Option<(UccMove, Outcome)> = None;
        let mut legal = Vec::new();
        for _ in 0..400 {
            let Status::ToMove(p) = game.status(&state) else {
                break;
            };
            let mut truth = game.view(&state, p);
            truth.chases = [ChaseView::default(), ChaseView::default()];
            if observers[p.index()].is_none() {
                // BLUE's first turn: its observer starts from the board
                // after RED's first move, and that move.
                let rows = ucc.board_rows(&truth);
                let squares = Observer::squares_before(&rows, first);
                let mut o = Observer::new(&game, &ucc, p, &setups[1], &squares);
                let (mv, outcome) = first.unwrap();
                o.apply(Player(0), mv, outcome).unwrap();
                observers[1] = Some(o);
            }
            let kept = observers[p.index()].as_ref().unwrap().view();
            if kept != truth {
                let (a, b) = (format!("{kept:?}"), format!("{truth:?}"));
                let at = a
                    .bytes()
                    .zip(b.bytes())
                    .position(|(x, y)| x != y)
                    .unwrap_or(0);
                panic!(
                    "seed {seed}, ply {}: kept ...{}... referee ...{}...",
                    truth.plies,
                    &a[at.saturating_sub(200)..(at + 200).min(a.len())],
                    &b[at.saturating_sub(200)..(at + 200).min(b.len())]
                );
            }
            turns += 1;
            game.legal_moves(&state, &mut legal);
            let mv = *legal.choose(&mut rng).unwrap();
            game.apply(&mut state, &mv);
            // The line every side is told: the move and its outcome.
            let event = game.view(&state, p).last_event.unwrap();
            let line = ucc.event_line(&event).unwrap();
            let words: Vec<&str> = line.split_whitespace().collect();
            let (umv, rest) = UccMove::read(&words, &line).unwrap();
            let outcome = ucc.read_outcome(rest, &line).unwrap();
            if first.is_none() {
                first = Some((umv, outcome));
            }
            for o in observers.iter_mut().flatten() {
                o.apply(p, umv, outcome).unwrap();
            }
        }
    }
    assert!(turns > 5000, "{turns}");
}

/// A program written in the shell, in a file of its own: the manual's
/// setup, then `then` for each turn (with the turn's 11 lines read first).
fn shell_program(name: &str, then: &str) -> String {
    script(
        name,
        &format!(
            "read l\necho FB8sB479B8; echo BB31555583; echo 6724898974; echo 967B669999\n\
             while true; do for i in 1 2 3 4 5 6 7 8 9 10 11; do read l || exit 0; done; {then}; done\n"
        ),
        "300ms",
    )
}

/// The spec of `sh FILE` for a script written to a file.
fn script(name: &str, text: &str, time: &str) -> String {
    let path = std::env::temp_dir().join(format!("plateau-ucc-{}-{name}.sh", std::process::id()));
    std::fs::write(&path, text).unwrap();
    format!("ucc:cmd=sh,args={},time={time}", path.display())
}

/// Runs `spec` as agent A against `random` for two games (one a colour)
/// and gives each game's result and reason.
fn faults_of(spec: &str) -> Vec<(GameResultKind, String)> {
    let game = ucc_rules();
    let config = ArenaConfig::new(spec, "random", 2, 5);
    let run = play_arena(&game, &config, &|_| {}).unwrap();
    run.report
        .games
        .iter()
        .map(|g| (g.result, g.reason.clone()))
        .collect()
}

#[test]
fn each_fault_of_an_outside_program_ends_its_game_counted_apart() {
    // The spec splits on commas and spaces, so the scripts use neither in
    // their words but between them.
    let cases = [
        ("malformed", "echo hello", "malformed"),
        ("off-board", "echo 0 0 LEFT", "illegal move"),
        ("lake", "echo 4 4 UP", "illegal move"),
        ("crash", "echo boom >&2; exit 3", "crash"),
        ("late", "sleep 2", "timeout"),
        ("extra-words", "echo 0 3 DOWN 1 2 3", "malformed"),
        // Lines without end: read one at a time, the program stopped.
        ("flood", "yes 4 4 UP", "illegal move"),
    ];
    for (name, then, kind) in cases {
        for (result, reason) in faults_of(&shell_program(name, then)) {
            assert_eq!(result, GameResultKind::AFault, "{then}: {reason}");
            assert!(
                reason.starts_with(&format!("fault: {kind}")),
                "{then}: {reason}"
            );
        }
    }
    // The crash quotes the program's last error line.
    let (_, reason) = &faults_of(&shell_program("crash", "echo boom >&2; exit 3"))[0];
    assert!(
        reason.contains("boom") && reason.contains("exit status: 3"),
        "{reason}"
    );
    // A bad setup, a program that does not start, one that never answers.
    let spec = script(
        "bad-setup",
        "read l\necho XXXXXXXXXX; echo a; echo b; echo c\nread l\n",
        "1s",
    );
    let (_, reason) = &faults_of(&spec)[0];
    assert!(
        reason.starts_with("fault: bad setup: setup row 1") && reason.contains("'X'"),
        "{reason}"
    );
    let (_, reason) = &faults_of("ucc:cmd=/nonexistent/ucc-program")[0];
    assert!(
        reason.contains("could not start '/nonexistent/ucc-program'"),
        "{reason}"
    );
    let spec = script("silent", "read l\nexec sleep 60\n", "100ms");
    let (_, reason) = &faults_of(&spec)[0];
    assert!(
        reason.starts_with("fault: timeout: no setup row 1"),
        "{reason}"
    );
}

#[test]
fn a_program_that_surrenders_loses_by_resignation_without_a_fault() {
    let results = faults_of(&shell_program("surrender", "echo SURRENDER"));
    for (result, reason) in results {
        assert_eq!(result, GameResultKind::B, "{reason}");
        assert_eq!(reason, "resignation");
    }
}

#[test]
fn the_summary_counts_faults_in_neither_score() {
    let game = ucc_rules();
    let config = ArenaConfig::new(&shell_program("hello", "echo hello"), "random", 4, 5);
    let run = play_arena(&game, &config, &|_| {}).unwrap();
    let s = run.report.summary();
    assert_eq!(s.faults, [4, 0]);
    assert_eq!(s.games, 0);
    assert_eq!(s.a.wins + s.a.draws + s.a.losses, 0);
}

#[test]
fn a_spec_without_a_program_or_with_a_stranger_option_is_refused() {
    let game = ucc_rules();
    let e = ai::agent_for(&game, "ucc", 1).err().unwrap().to_string();
    assert!(e.contains("ucc:cmd=PATH"), "{e}");
    let e = ai::agent_for(&game, "ucc:cmd=x,tme=1s", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("'tme'") && e.contains("cmd"), "{e}");
    let e = ai::agent_for(&game, "ucc:cmd=x,time=fast", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("time"), "{e}");
    let agent = ai::agent_for(&game, "ucc:cmd=prog,args=a b", 1).unwrap();
    assert_eq!(agent.spec(), "ucc:cmd=prog,args=a b,time=2s");
    assert!(ai::catalog(&game).iter().any(|d| d.name == "ucc"));
    // Unknown names list it among the game's agents.
    let e = ai::agent_for(&game, "uci", 1).err().unwrap().to_string();
    assert!(e.contains("ucc"), "{e}");
}

#[test]
fn plateau_answers_a_manager_as_a_program() {
    // RED's first turn: the setup, then a move from the board shown; the
    // manager's QUIT ends the game.
    let game = ucc_rules();
    let mut agent = ai::agent_for(&game, "random", 3).unwrap();
    let mut out = Vec::new();
    let rows_blue = "##########\n".repeat(4);
    // The board is only known after the setup: play it in two passes,
    // first to learn the setup rows.
    let end = play_as_program(
        &game,
        agent.as_mut(),
        9,
        "RED m 10 10\n".as_bytes(),
        &mut out,
    )
    .unwrap();
    assert_eq!(end.quit, None);
    let setup: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let input = format!(
        "RED m 10 10\nSTART\n{}\n..++..++..\n..++..++..\n{rows_blue}QUIT\n",
        setup.join("\n")
    );
    let mut agent = ai::agent_for(&game, "random", 3).unwrap();
    let mut out = Vec::new();
    let end = play_as_program(&game, agent.as_mut(), 9, input.as_bytes(), &mut out).unwrap();
    assert_eq!(end.quit.as_deref(), Some("QUIT"));
    let lines: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines[..4], setup[..]);
    // The move: a piece of RED's front row (y 3) forward, as the protocol
    // writes it.
    let words: Vec<&str> = lines[4].split_whitespace().collect();
    let (mv, rest) = UccMove::read(&words, &lines[4]).unwrap();
    assert!(rest.is_empty() && mv.y == 3, "{}", lines[4]);
}

#[test]
fn a_manager_that_breaks_the_protocol_is_named_by_line() {
    let game = ucc_rules();
    let run = |input: &str| {
        let mut agent = ai::agent_for(&game, "random", 3).unwrap();
        play_as_program(&game, agent.as_mut(), 9, input.as_bytes(), Vec::new())
            .unwrap_err()
            .to_string()
    };
    let e = run("GREEN m 10 10\n");
    assert!(e.starts_with("line 1 'GREEN m 10 10'"), "{e}");
    let e = run("RED m 8 8\n");
    assert!(e.contains("width 10"), "{e}");
    // A board that does not match the setup made.
    let e = run(&format!(
        "RED m 10 10\nSTART\n{}",
        "..........\n".repeat(10)
    ));
    assert!(e.starts_with("line 3") && e.contains("board row 0"), "{e}");
    let e = run("BLUE m 10 10\nSTART\n");
    assert!(e.contains("START comes once, to RED"), "{e}");
    let e = run("RED m 10 10\nSTART\n..........\n");
    assert!(e.contains("input ended"), "{e}");
    let long = format!("RED {} 10 10\n", "x".repeat(600));
    assert!(run(&long).contains("at most 512 bytes"));
}
