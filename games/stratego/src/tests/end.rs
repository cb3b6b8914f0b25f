//! S9 the end of the game and the order of its clauses, S10 reasons, and the
//! caps.
use super::*;
use plateau::{FreeFormMoves, Outcome, SearchHooks, Status};

fn outcome(game: &Stratego, st: &StrategoState) -> Outcome {
    match game.status(st) {
        Status::Over(o) => o,
        s => panic!("not over: {s:?}"),
    }
}

#[test]
fn s9_2_neither_side_has_a_movable_piece_draw() {
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  bB .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b2 .  ~  ~  .  .
    .  .  .  .  r2 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rB .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    let o = outcome(&game, &st);
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (None, crate::NO_MOVABLE_PIECES)
    );
}

#[test]
fn s9_3_the_mover_without_movable_pieces_loses_at_once() {
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  bB .  ~  ~  .  .
    .  .  .  .  r9 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    // Red's last movable piece dies on a bomb: Red loses though Blue is to move.
    play(&game, &mut st, "e4xe5");
    let o = outcome(&game, &st);
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(1)), crate::NO_MOVABLE_PIECES)
    );
    // And the side that loses its last movable piece to an attack loses too.
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b3 .  ~  ~  .  .
    .  .  .  .  r9 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    let o = outcome(&game, &st);
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(0)), crate::NO_MOVABLE_PIECES)
    );
}

#[test]
fn s9_4_the_side_to_move_without_a_legal_move_loses() {
    let game = rules(&[]);
    // Blue's only movable piece, on j10, is boxed in by its bombs and a Red
    // piece it cannot reach... after Red moves, Blue has no move at all.
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  bB b4
    .  .  .  .  .  .  .  .  bF bB
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  r9 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4-e5");
    let o = outcome(&game, &st);
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(0)), crate::NO_LEGAL_MOVE)
    );
}

#[test]
fn s9_4_a_move_forbidden_by_s7_counts_as_no_move() {
    let game = rules(&[]);
    // Blue's sergeant can only go between j9 and j8.
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  bB bF
    .  .  .  .  .  .  .  .  bB b4
    .  .  .  .  .  .  .  .  bB .
    .  .  .  .  .  .  .  .  .  bB
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  r9 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        1,
    );
    play(&game, &mut st, "j9-j8 e4-e5 j8-j9 e5-e4 j9-j8");
    assert!(!game.status(&st).is_over());
    play(&game, &mut st, "e4-e5");
    let o = outcome(&game, &st);
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(0)), crate::NO_LEGAL_MOVE)
    );
}

#[test]
fn s9_before_reds_first_move_red_may_have_no_move() {
    let game = rules(&[]);
    let mut st = game.initial_state(0);
    // Red's front row: bombs and pieces walled in by bombs and lakes.
    let red = game
        .parse_setup(
            Player(0),
            "B B 9 8 B B 7 7 B B / X 6 6 6 6 5 5 5 5 4 / 4 4 4 3 3 3 3 3 2 2 / 2 2 2 2 2 2 S F 8 7",
        )
        .unwrap();
    game.apply(&mut st, &Move::Setup(red));
    let blue = game.parse_setup(Player(1), BLUE).unwrap();
    game.apply(&mut st, &Move::Setup(blue));
    let o = outcome(&game, &st);
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(1)), crate::NO_LEGAL_MOVE)
    );
}

#[test]
fn s9_5_caps_draw_unless_the_rules_end_the_game_first() {
    let game = rules(&[("max_plies", "4")]);
    let mut st = started(&game);
    play(&game, &mut st, "a4-a5 a7-a6 a5-b5 a6-a5");
    let o = outcome(&game, &st);
    assert_eq!((o.winner, o.reason.as_ref()), (None, crate::MOVE_CAP));

    let game = rules(&[("max_plies_without_capture", "3")]);
    let mut st = started(&game);
    play(&game, &mut st, "a4-a5 a7-a6 a5xa6");
    assert!(!game.status(&st).is_over(), "an attack resets the count");
    play(&game, &mut st, "b7-a7 b4-b5");
    assert!(!game.status(&st).is_over());
    play(&game, &mut st, "a7-b7");
    let o = outcome(&game, &st);
    assert_eq!((o.winner, o.reason.as_ref()), (None, crate::MOVE_CAP));

    // The flag captured on the capping move wins all the same.
    let game = rules(&[("max_plies", "1")]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  bF .  ~  ~  .  .
    .  .  .  .  r4 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    assert_eq!(outcome(&game, &st).reason, crate::FLAG_CAPTURED);
}

#[test]
fn s9_6_resignation_through_the_session() {
    let game = rules(&[]);
    let mut session = plateau::Session::new(game, "original", 0);
    session.play_text(&format!("setup {RED}")).unwrap();
    session.resign(Player(1));
    let o = session.status().outcome().cloned().unwrap();
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(0)), "resignation")
    );
}

// A chaser left with no legal move (S9.4), the order of S9.1 to S9.5, and
// the options.

#[test]
fn s9_4_a_chaser_whose_every_move_is_forbidden_by_s7_or_s8_loses() {
    // two_square_limit = 1: no piece may go straight back. Red's captain
    // chases Blue's lieutenant round a9-a10-b10-b9. Then a9-a10 would give
    // the position after Red's first threatening move (S8.3), a9-b9 goes
    // back (S7; S8.4 does not lift S7), and a8 holds Red's own bomb: Red,
    // to move, has no legal move and loses (S9.4).
    let game = rules(&[("two_square_limit", "1")]);
    let mut st = position(
        &game,
        "
    .  b5 .  .  .  .  .  .  .  bF
    r6 .  .  .  .  .  .  .  .  .
    rB .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  rF
",
        0,
    );
    play(
        &game,
        &mut st,
        "a9-a10 b10-b9 a10-b10 b9-a9 b10-b9 a9-a10 b9-a9",
    );
    assert_eq!(over(&game, &st), None);
    play(&game, &mut st, "a10-b10");
    assert_eq!(
        over(&game, &st),
        Some((Some(Player(1)), crate::NO_LEGAL_MOVE.into()))
    );
}

#[test]
fn s9_3_before_s9_4_the_mover_without_movable_pieces_loses() {
    // Red's last movable piece dies on a bomb; Blue's general is walled in
    // (S9.4 would make Red the winner), but S9.3 comes first: Blue wins.
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    bF .  .  .  .  .  .  .  bB b9
    .  .  .  .  .  .  .  .  .  bB
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  bB .  ~  ~  .  .
    .  .  .  .  r9 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    assert_eq!(
        over(&game, &st),
        Some((Some(Player(1)), crate::NO_MOVABLE_PIECES.into()))
    );
}

#[test]
fn s9_1_before_s9_3_the_flag_capture_is_the_reason() {
    // A constructed position: Blue has only its flag and a bomb, so S9.3
    // also holds after Red's move; S9.1 is checked first.
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bB
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  bF .  ~  ~  .  .
    .  .  .  .  r9 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    assert_eq!(
        over(&game, &st),
        Some((Some(Player(0)), crate::FLAG_CAPTURED.into()))
    );
}

const WALLED: &str = "
    .  .  .  .  .  .  .  .  bB b4
    .  .  .  .  .  .  .  .  bF bB
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  r9 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
";

#[test]
fn s9_5_the_caps_yield_to_s9_4_on_the_capping_move() {
    // Blue's sergeant on j10 cannot move; Red's move reaches either cap.
    for cap in ["max_plies", "max_plies_without_capture"] {
        let game = rules(&[(cap, "1")]);
        let mut st = position(&game, WALLED, 0);
        play(&game, &mut st, "e4-e5");
        assert_eq!(
            over(&game, &st),
            Some((Some(Player(0)), crate::NO_LEGAL_MOVE.into())),
            "{cap}"
        );
    }
}

#[test]
fn s9_5_the_cap_yields_to_s9_3_on_the_capping_move() {
    let game = rules(&[("max_plies", "1")]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b3 .  ~  ~  .  .
    .  .  .  .  r9 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    assert_eq!(
        over(&game, &st),
        Some((Some(Player(0)), crate::NO_MOVABLE_PIECES.into()))
    );
}

#[test]
fn s9_2_s12_3_mobile_bombs_save_neither_side() {
    // The last two movable pieces remove each other; both sides still have
    // bombs that could move (S12.3), but they are no movable pieces (S9
    // [choice]): a draw.
    let game = rules(&[("options.mobile_bombs", "true")]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  bB .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b2 .  ~  ~  .  .
    .  .  .  .  r2 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  rB .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    assert_eq!(
        over(&game, &st),
        Some((None, crate::NO_MOVABLE_PIECES.into()))
    );
}

#[test]
fn s9_4_s12_5f_judged_after_the_return() {
    // Reconquest and mobile bombs. Blue's general on j10 is walled in by its
    // flag and a bomb that Red's sergeants pin; Blue's only move is its
    // bomb a1-a2. Red's lieutenant reaches a10 and returns its general to
    // a2: Blue then has no legal move and loses (S9.4, checked after the
    // step). With a skip, Blue plays on.
    let game = rules(&[
        ("options.reconquest", "true"),
        ("options.mobile_bombs", "true"),
    ]);
    let board = "
    .  .  .  .  .  .  .  .  bF b9
    r5 .  .  .  .  .  .  .  r4 bB
    .  .  .  .  .  .  .  .  .  r4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    bB r4 .  .  .  .  .  .  .  rF
";
    let mut st = position(&game, board, 0);
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a9-a10");
    assert!(st.step_pending());
    assert_eq!(over(&game, &st), None);
    let mut skipped = st.clone();
    play(&game, &mut st, "return 9 a2");
    assert_eq!(
        over(&game, &st),
        Some((Some(Player(0)), crate::NO_LEGAL_MOVE.into()))
    );
    play(&game, &mut skipped, "skip");
    assert_eq!(legal_list(&game, &skipped), ["a1-a2"]);
}

#[test]
fn s9_1_wins_at_once_tells_a_flag_capture_next_move() {
    let game = rules(&[]);
    // Red's scout on j2 has an open file to Blue's flag on j10 (S4.3); Blue's
    // miner stands next to Red's flag on a1 but is not to move.
    let board = "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    b3 .  .  .  .  .  .  .  .  r2
    rF .  .  .  .  .  .  .  .  .
";
    let st = position(&game, board, 0);
    assert!(game.wins_at_once(&st, Player(0)));
    // Were it Blue's move, its miner would take the flag (S5.1).
    assert!(game.wins_at_once(&st, Player(1)));
    // A piece of Red's own on the file (a bomb on j6) closes it. Blue's
    // miner on b1 takes a1; without it, the bomb on a2 beside the flag
    // threatens nothing, as bombs never move (S4.5).
    let closed = "
    .  .  .  .  .  .  .  .  bB bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  rB
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    bB .  .  .  .  .  .  .  .  r2
    rF b3 .  .  .  .  .  .  .  .
";
    let st = position(&game, closed, 1);
    assert!(!game.wins_at_once(&st, Player(0)), "the file is closed");
    assert!(game.wins_at_once(&st, Player(1)), "b1 takes a1");
    let bomb_only = closed.replace("rF b3", "rF . ");
    let st = position(&game, &bomb_only, 1);
    assert!(!game.wins_at_once(&st, Player(1)), "a bomb does not move");
}

#[test]
fn s9_1_wins_at_once_agrees_with_playing_every_move() {
    // The reference: some legal move of the side to move ends the game with
    // its flag capture. Random Barrage games (few pieces, open files).
    let game = Stratego::variant("barrage").unwrap();
    let mut rng = plateau::rng(5);
    let (mut yes, mut no) = (0, 0);
    for seed in 0..40 {
        let mut st = game.initial_state(seed);
        while let Status::ToMove(mover) = game.status(&st) {
            if game.moves_enumerable(&st) {
                let mut moves = Vec::new();
                game.legal_moves(&st, &mut moves);
                let captures = moves.iter().any(|m| {
                    let mut next = st.clone();
                    game.apply(&mut next, m);
                    matches!(game.status(&next), Status::Over(o)
                        if o.winner == Some(mover) && o.reason == crate::FLAG_CAPTURED)
                });
                assert_eq!(game.wins_at_once(&st, mover), captures, "seed {seed}");
                if captures {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
            if !game.play_random(&mut st, &mut rng) {
                break;
            }
        }
    }
    assert!(yes > 20 && no > 1000, "{yes} {no}");
}
