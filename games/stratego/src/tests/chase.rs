//! S8 the chase rule, also for moves that reach the back row under
//! reconquest (S12.5).
use super::*;

const LAKE_RING: &str = "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    r6 .  b5 .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  rF
";

/// Red's captain chases Blue's lieutenant once around the lake c5-d6: each
/// Red move steps onto the square the lieutenant just left, next to it.
const ONCE_AROUND: &str = "a4-b4 c4-d4 b4-c4 d4-e4 c4-d4 e4-e5 d4-e4 e5-e6 e4-e5 e6-e7 \
     e5-e6 e7-d7 e6-e7 d7-c7 e7-d7 c7-b7 d7-c7 b7-b6 c7-b7 b6-b5 b7-b6 b5-b4 b6-b5 b4-c4";

#[test]
fn s8_3_a_chase_around_a_lake_must_break_off() {
    let game = rules(&[]);
    let mut st = position(&game, LAKE_RING, 0);
    play(&game, &mut st, ONCE_AROUND);
    assert!(st.chase[0].active);
    // b5-b4 would give the position after Red's first threat, a4-b4.
    let why = refused(&game, &st, "b5-b4");
    assert!(why.contains("chase rule (S8)"), "{why}");
    // Red breaks off: to a5 (no threat), or back to b6 (S8.4, no threat either).
    assert_eq!(legal_list(&game, &st), ["b5-a5", "b5-b6"]);
    // Without the chase rule the chase may go on.
    let off = rules(&[("chase_rule", "false")]);
    let mut st = position(&off, LAKE_RING, 0);
    play(&off, &mut st, ONCE_AROUND);
    assert!(legal(&off, &st, "b5-b4"));
}

#[test]
fn s8_5_the_evading_side_is_free() {
    let game = rules(&[]);
    let mut st = position(&game, LAKE_RING, 0);
    play(&game, &mut st, ONCE_AROUND);
    play(&game, &mut st, "b5-a5");
    // Blue's lieutenant may go round again; only S7 binds it.
    play(&game, &mut st, "c4-d4");
    assert!(!st.chase[0].active && st.chase[0].positions.is_empty());
}

#[test]
fn s8_2_a_reply_that_does_not_evade_ends_the_chase() {
    let game = rules(&[]);
    let mut st = position(&game, LAKE_RING, 0);
    play(&game, &mut st, "a4-b4");
    assert_eq!(st.chase[0].positions.len(), 1);
    assert!(
        !st.chase[0].active,
        "the chase begins only when Blue evades"
    );
    play(&game, &mut st, "c4-d4");
    assert!(st.chase[0].active);
    play(&game, &mut st, "b4-c4");
    assert_eq!(st.chase[0].positions.len(), 2);
    // Blue moves another piece: the chase is over (S8.2).
    play(&game, &mut st, "j9-i9");
    assert!(!st.chase[0].active && st.chase[0].positions.is_empty());
    // A Red move that threatens nothing ends it too.
    play(&game, &mut st, "c4-c3");
    assert_eq!(st.chase[0].threats, 0);
}

#[test]
fn s8_4_the_piece_moved_last_may_always_return() {
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  b5 .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  r6 .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    // i5-i6 threatens i7; the lieutenant evades to j7; the captain follows
    // to j6; the lieutenant goes back to i7.
    play(&game, &mut st, "i5-i6 i7-j7 i6-j6 j7-i7");
    // j6-i6 repeats the position after i5-i6, but the captain returns to the
    // square it came from on Red's last turn (S8.4).
    assert!(legal(&game, &st, "j6-i6"));
    play(&game, &mut st, "j6-i6 i7-j7");
    // i6-j6 repeats the position after i6-j6 earlier: again a return.
    assert!(legal(&game, &st, "i6-j6"));
    play(&game, &mut st, "i6-j6");
    // S7 now binds Blue, the evading side, like anyone (S8.5).
    assert!(refused(&game, &st, "j7-i7").contains("S7"));
}

#[test]
fn s8_1_bombs_are_threatened_and_a_piece_dying_threatens_nothing() {
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  bB ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  r6 .  .  .  .
    r4 .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "f3-f4");
    assert_eq!(st.chase[0].threats, 1 << 0, "the bomb on f5, above f4");
    play(&game, &mut st, "j9-j8 f4xf5");
    assert!(st.piece_at("f4".parse().unwrap()).is_none());
    assert_eq!(st.chase[0].threats, 0);
}

// What a reply must move to keep a chase on (S8.2), and chasing moves that
// reach the back row under reconquest (S12.5).

#[test]
fn s8_2_a_reply_moving_another_threatened_piece_continues_the_chase() {
    // Red's captain e3-e4 threatens Blue's lieutenants on e5 and f4. Blue
    // moves the one on f4: the chase begins (ISF "one or more pieces").
    // Red's e4-f4 threatens f3 only; Blue then moves e5, which the previous
    // Red move did not threaten: the chase is over (S8.2).
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b5 .  ~  ~  .  .
    .  .  .  .  .  b5 .  .  .  .
    .  .  .  .  r6 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e3-e4");
    assert_eq!(st.chase[0].positions.len(), 1);
    play(&game, &mut st, "f4-f3");
    assert!(st.chase[0].in_force());
    play(&game, &mut st, "e4-f4");
    assert!(st.chase[0].threatened(sq("f3").index() as u8));
    assert_eq!(st.chase[0].positions.len(), 2);
    play(&game, &mut st, "e5-e6");
    assert!(!st.chase[0].in_force());
}

#[test]
fn s8_2_an_evasion_may_be_an_attack() {
    // "any move of it counts": the threatened lieutenant attacks Red's scout
    // next to it and the chase goes on.
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b5 r2 ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  r6 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e3-e4 e5xf5");
    assert_eq!(name_at(&game, &st, "f5"), Some((1, "lieutenant".into())));
    assert!(st.chase[0].in_force());
}

#[test]
fn s8_s12_5f_an_unrevealed_scout_chasing_onto_the_row_may_only_skip() {
    // Reconquest on, a general in Red's tray. Red's scout (one square at a
    // time, so never revealed) chases Blue's lieutenant round
    // a9-a10-b10-b9, skipping at each arrival. a9-a10 would repeat the
    // position after Red's first chasing move; a return would make it new,
    // but an unrevealed scout may only skip (S12.5e), so no way to complete
    // the move gives a new position: the move is refused (S12.5f).
    let game = rules(&[("options.reconquest", "true")]);
    let mut st = position(
        &game,
        "
    .  b5 .  .  .  .  .  .  .  bF
    r2 .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  r4
",
        0,
    );
    to_tray(&game, &mut st, 0, "9");
    play(
        &game,
        &mut st,
        "a9-a10 skip b10-b9 a10-b10 skip b9-a9 b10-b9 a9-a10 b9-a9 a10-b10",
    );
    assert!(st.chase[0].in_force());
    assert!(!st.piece_at(sq("a9")).unwrap().revealed);
    let why = refused(&game, &st, "a9-a10");
    assert!(why.contains("chase rule (S8)"), "{why}");
}

#[test]
fn s8_2_s12_5_an_arrival_that_evades_keeps_the_opponents_chase() {
    // Blue's sergeant b8-a8 threatens Red's lieutenant on a9, which evades
    // to a10, on Blue's back row, and skips: Blue's chase is on (S8.2), the
    // move and its step being one move (S12.5f).
    let game = rules(&[("options.reconquest", "true")]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    r5 .  .  .  .  .  .  .  .  .
    .  b4 .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  r4
",
        1,
    );
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "b8-a8 a9-a10");
    assert!(st.step_pending());
    play(&game, &mut st, "skip");
    assert!(st.chase[1].in_force());
}
