//! S7 the two-squares rule.
use super::*;

/// Two pieces a side and the flags, far apart (also the habit's cases,
/// `habit.rs`).
pub(crate) const BOARD: &str = "
    bF .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    r4 r2 .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
";

#[test]
fn s7_3_limit_3_forbids_the_fourth_move() {
    let game = rules(&[]);
    let mut st = position(&game, BOARD, 0);
    // Blue shuttles too, in between: it does not matter to Red's count (S7.2).
    play(&game, &mut st, "a4-a5 j8-j7 a5-a4 j7-j8 a4-a5 j8-j7");
    let why = refused(&game, &st, "a5-a4");
    assert!(why.contains("two-squares rule (S7)"), "{why}");
    // The piece may go elsewhere, and other pieces move freely.
    assert!(legal(&game, &st, "a5-a6"));
    assert!(legal(&game, &st, "b4-b5"));
}

#[test]
fn s7_1_limit_5_forbids_the_sixth_move_and_0_is_off() {
    let game = rules(&[("two_square_limit", "5")]);
    let mut st = position(&game, BOARD, 0);
    play(
        &game,
        &mut st,
        "a4-a5 j8-j7 a5-a4 j7-j6 a4-a5 j6-j5 a5-a4 j5-j4 a4-a5 j4-j3",
    );
    assert!(refused(&game, &st, "a5-a4").contains("5 times"));
    let off = rules(&[("two_square_limit", "0")]);
    let mut st = position(&off, BOARD, 0);
    for _ in 0..10 {
        play(&off, &mut st, "a4-a5 j8-j7 a5-a4 j7-j8");
    }
    assert!(legal(&off, &st, "a4-a5"));
}

#[test]
fn s7_2_another_piece_or_a_third_square_ends_the_series() {
    let game = rules(&[]);
    let mut st = position(&game, BOARD, 0);
    play(
        &game,
        &mut st,
        "a4-a5 j8-j7 a5-a4 j7-j6 a4-a5 j6-j5 b4-b3 j5-j4",
    );
    assert!(legal(&game, &st, "a5-a4"));
    let mut st = position(&game, BOARD, 0);
    play(
        &game,
        &mut st,
        "a4-a5 j8-j7 a5-a4 j7-j6 a4-a3 j6-j5 a3-a4 j5-j4 a4-a3 j4-j3",
    );
    // a4-a3, a3-a4, a4-a3: the third move of a new series.
    assert!(refused(&game, &st, "a3-a4").contains("S7"));
}

#[test]
fn s7_3_a_scout_counts_by_the_end_squares_of_its_moves() {
    let game = rules(&[]);
    let mut st = position(&game, BOARD, 0);
    play(&game, &mut st, "b4-b8 j8-j7 b8-b4 j7-j6 b4-b8 j6-j5");
    assert!(refused(&game, &st, "b8-b4").contains("S7"));
    // Back to another square of the line is a new series.
    assert!(legal(&game, &st, "b8-b5"));
}

#[test]
fn s7_4_only_the_shuttling_player_is_restricted() {
    let game = rules(&[]);
    let mut st = position(&game, BOARD, 0);
    play(&game, &mut st, "a4-a5 j8-j7 a5-a4 j7-j6 a4-a5 j6-j7");
    // Red may not go back; Blue, which has shuttled twice, is free.
    assert!(!legal(&game, &st, "a5-a4"));
    play(&game, &mut st, "a5-a6");
    assert!(legal(&game, &st, "j7-j6"));
    assert!(legal(&game, &st, "j7-j8"));
    play(&game, &mut st, "j7-j6");
    // Now Blue has made three: its fourth is refused, and Red's new series
    // starts from one.
    assert!(legal(&game, &st, "a6-a5"));
    play(&game, &mut st, "a6-a5");
    assert!(!legal(&game, &st, "j6-j7"));
}

// Attacks and mobile bombs in a series.

#[test]
fn s7_2_an_attack_is_a_move_of_the_series() {
    // Red's major shuttles a5-b5; Blue's scout runs into a5 and the major
    // takes it there: b5xa5 is the second move between a5 and b5, so after
    // a5-b5 (the third) b5-a5 would be the fourth (S7.2 "Attacks count as
    // moves", S7.3).
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    b2 .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    r7 .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  rF
",
        0,
    );
    play(&game, &mut st, "a5-b5 a9-a5 b5xa5 j8-j7 a5-b5 j7-j8");
    let why = refused(&game, &st, "b5-a5");
    assert!(why.contains("S7"), "{why}");
    assert!(legal(&game, &st, "b5-b6"));
}

#[test]
fn s7_1_s12_3_a_mobile_bomb_is_bound_by_the_two_squares_rule() {
    // S7.1 binds "a piece"; a bomb moving under S12.3 is one.
    let game = rules(&[("options.mobile_bombs", "true")]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    rB .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  r4
    .  rF .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "a4-a5 j8-j7 a5-a4 j7-j6 a4-a5 j6-j5");
    assert!(refused(&game, &st, "a5-a4").contains("S7"));
}
