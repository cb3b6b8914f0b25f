//! S12.3 mobile bombs and S12.4 mobile flag: they move one square to empty
//! squares, never attack, and are no movable pieces for S9; a flag reaching
//! the opponent's back row wins (S9.1).
use super::*;
use crate::view::ViewSquare;
use plateau::{DescribeMoves, Status};

const BOMB_BOARD: &str = "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b5 b3 ~  ~  .  .
    .  .  .  .  rB .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF r4 .  .  .  .  .  .  .  .
";

fn from(game: &Stratego, st: &StrategoState, sq: &str) -> Vec<String> {
    legal_list(game, st)
        .into_iter()
        .filter(|m| m.starts_with(sq))
        .collect()
}

#[test]
fn s12_3_a_mobile_bomb_steps_to_empty_squares_and_never_attacks() {
    let game = rules(&[("options.mobile_bombs", "true")]);
    let mut st = position(&game, BOMB_BOARD, 0);
    // e5 holds Blue's lieutenant: no attack; d4, f4 and e3 are open.
    assert_eq!(from(&game, &st, "e4"), ["e4-d4", "e4-e3", "e4-f4"]);
    assert!(refused(&game, &st, "e4xe5").contains("never attacks (S12.3)"));
    assert!(refused(&game, &st, "e4-e2").contains("one square at a time (S12.3)"));
    play(&game, &mut st, "e4-f4");
    // It is not revealed by moving; Blue sees a piece that has moved.
    let f4 = "f4".parse().unwrap();
    assert_eq!(
        game.view(&st, Player(1)).square(f4),
        Some(ViewSquare::Opponent {
            kind: None,
            moved: true
        })
    );
    // S8.1: next to Blue's miner on f5, it threatens nothing.
    assert_eq!(st.chase[0].threats, 0);
    // S12.3 implies S12.2: Blue's miner defuses it, any other piece explodes
    // with it.
    let mut other = st.clone();
    play(&game, &mut other, "f5xf4");
    assert_eq!(
        other.piece_at(f4).map(|p| p.owner),
        Some(Player(1)),
        "the miner moves on"
    );
    let mut st = position(&game, BOMB_BOARD, 1);
    play(&game, &mut st, "e5xe4");
    assert!(st.piece_at("e4".parse().unwrap()).is_none());
    assert!(st.piece_at("e5".parse().unwrap()).is_none());
    // Without the option a bomb never moves (S4.5).
    let off = rules(&[]);
    let st = position(&off, BOMB_BOARD, 0);
    assert!(refused(&off, &st, "e4-f4").contains("never moves (S4.5)"));
}

#[test]
fn s9_choice_bombs_that_move_are_no_movable_pieces() {
    let game = rules(&[("options.mobile_bombs", "true")]);
    // Red's general dies on a Blue bomb (explosive, S12.3): Red's mobile bomb
    // could still move, but it is no movable piece, so Red loses (S9.3).
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
    rF rB .  .  .  .  .  .  .  .
",
        0,
    );
    assert!(legal(&game, &st, "b1-c1"));
    play(&game, &mut st, "e4xe5");
    let o = game.status(&st).outcome().cloned().unwrap();
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(1)), crate::NO_MOVABLE_PIECES)
    );
    // A mobile flag counts no more (S12.4).
    let game = rules(&[("options.mobile_flag", "true")]);
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
    .  rF .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    assert_eq!(
        game.status(&st).outcome().map(|o| o.reason.as_ref()),
        Some(crate::NO_MOVABLE_PIECES)
    );
}

const FLAG_BOARD: &str = "
    .  .  .  .  .  .  .  .  .  bF
    rF .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  r4 .  .  .  .  .  .  .  .
";

#[test]
fn s12_4_a_mobile_flag_steps_but_never_attacks() {
    let game = rules(&[("options.mobile_flag", "true")]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b5 .  ~  ~  .  .
    .  .  .  .  rF .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  r4 .  .  .  .  .  .  .  .
",
        0,
    );
    assert_eq!(from(&game, &st, "e4"), ["e4-d4", "e4-e3", "e4-f4"]);
    assert!(refused(&game, &st, "e4xe5").contains("your flag never attacks (S12.4)"));
    play(&game, &mut st, "e4-e3");
    assert!(!game.status(&st).is_over());
    // Mobile bombs alone leave the flag fixed (S12.3).
    let bombs = rules(&[("options.mobile_bombs", "true")]);
    let st = position(&bombs, FLAG_BOARD, 0);
    assert!(refused(&bombs, &st, "a9-a10").contains("never moves (S4.5)"));
}

#[test]
fn s12_4_a_flag_reaching_the_back_row_wins() {
    let game = rules(&[("options.mobile_flag", "true")]);
    let mut st = position(&game, FLAG_BOARD, 0);
    let mv = game.parse_move(&st, "a9-a10").unwrap();
    // Blue is told which piece won: the flag shows itself.
    assert_eq!(
        game.describe_move(&st, &mv, Some(Player(1))).unwrap(),
        "Red flag a9-a10 reaches the Blue back row."
    );
    play(&game, &mut st, "a9-a10");
    let o = game.status(&st).outcome().cloned().unwrap();
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(0)), crate::FLAG_REACHED_BACK_ROW)
    );
    assert!(st.piece_at("a10".parse().unwrap()).unwrap().revealed);
    // Short of the row, nothing happens.
    let mut st = position(&game, FLAG_BOARD, 0);
    play(&game, &mut st, "b1-b2 j9-i9 a9-b9");
    assert!(!game.status(&st).is_over());
    // Blue's flag wins on rank 1, checked as S9.1: before the move cap.
    let game = rules(&[("options.mobile_flag", "true"), ("max_plies", "2")]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  bF
    rF r4 .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "b1-b2 j2-j1");
    let o = game.status(&st).outcome().cloned().unwrap();
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(1)), crate::FLAG_REACHED_BACK_ROW)
    );
    assert!(matches!(game.status(&st), Status::Over(_)));
}
