//! S11.4 blitz captains: one or two squares, turning after an empty first
//! square, attacking once and stopping there; a captain revealed by its move
//! is shown to the opponent (S6.2).
use super::*;
use crate::view::ViewSquare;

fn blitz() -> Stratego {
    Stratego::variant("blitz").unwrap()
}

const BOARD: &str = "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b5 .  ~  ~  .  .
    .  .  .  .  r6 .  .  .  .  .
    .  .  .  .  r4 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
";

fn captain_moves(game: &Stratego, st: &StrategoState) -> Vec<String> {
    legal_list(game, st)
        .into_iter()
        .filter(|m| m.starts_with("e4"))
        .collect()
}

#[test]
fn s11_4_captain_moves_one_or_two_squares_and_turns() {
    let game = blitz();
    let st = position(&game, BOARD, 0);
    // Up: the lieutenant on e5 may be attacked, and the move stops there.
    // Left: d4, then c4 straight on or d3 round the corner (d5 is a lake).
    // Right: f4, then g4, f5 or f3. Down: e3 holds Red's own sergeant, so
    // d3 and f3 are reached only through d4 and f4, and each is one move.
    assert_eq!(
        captain_moves(&game, &st),
        ["e4-c4", "e4-d3", "e4-d4", "e4-e5", "e4-f3", "e4-f4", "e4-f5", "e4-g4"]
    );
    assert!(refused(&game, &st, "e4-e6").contains("blocked on e5"));
    assert!(refused(&game, &st, "e4-d5").contains("d5 is a lake"));
    assert!(refused(&game, &st, "e4-e2").contains("blocked on e3"));
    assert!(refused(&game, &st, "e4-h4").contains("one or two squares"));
    assert!(refused(&game, &st, "e4-c5").contains("never diagonally"));
}

#[test]
fn s11_4b_an_attack_on_the_first_square_ends_the_move() {
    let game = blitz();
    let mut st = position(&game, BOARD, 0);
    // The captain beats the lieutenant on e5 and stays there: it does not go
    // on to e6 in the same move.
    play(&game, &mut st, "e4xe5");
    let p = st.piece_at("e5".parse().unwrap()).unwrap();
    assert_eq!(
        (p.owner, game.pieces()[p.kind as usize].name.as_str()),
        (Player(0), "captain")
    );
    assert!(game.status(&st).to_move() == Some(Player(1)));
}

#[test]
fn s11_4b_attack_on_the_second_square_after_a_turn() {
    let game = blitz();
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  b5 ~  ~  .  .
    .  .  .  .  r6 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    // e4 to f5: through e5 (empty) turning right, or through f4 (empty).
    assert!(legal(&game, &st, "e4-f5"));
    play(&game, &mut st, "e4xf5");
    let p = st.piece_at("f5".parse().unwrap()).unwrap();
    assert_eq!(game.pieces()[p.kind as usize].name, "captain");
    assert!(p.revealed);
}

#[test]
fn s11_4d_a_captain_moving_two_squares_is_revealed_and_s7_counts_its_end_squares() {
    let game = blitz();
    let mut st = position(&game, BOARD, 0);
    play(&game, &mut st, "e4-d3");
    assert!(st.piece_at("d3".parse().unwrap()).unwrap().revealed);
    let mut st = position(&game, BOARD, 0);
    play(&game, &mut st, "e4-f4");
    assert!(!st.piece_at("f4".parse().unwrap()).unwrap().revealed);
    // S11.4e: between c4 and e4, two squares at a time.
    let mut st = position(&game, BOARD, 0);
    play(&game, &mut st, "e4-c4 j9-j8 c4-e4 j8-j9 e4-c4 j9-j8");
    assert!(refused(&game, &st, "c4-e4").contains("S7"));
    assert!(legal(&game, &st, "c4-d4"));
}

#[test]
fn conformance_blitz() {
    plateau::conformance::check(
        &blitz(),
        &plateau::conformance::Config {
            games: 4,
            max_plies: 200,
            ..Default::default()
        },
    );
}

#[test]
fn s6_2_s11_4d_a_captain_turning_is_revealed_and_its_move_says_so() {
    let game = Stratego::variant("blitz").unwrap();
    let board = "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  r6 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
";
    let captain = game.kind_of_name("captain").unwrap();
    let mut st = position(&game, board, 0);
    play(&game, &mut st, "e4-f5");
    assert!(matches!(
        st.last_event().as_ref(),
        Some(Event::Move { revealed: Some(k), .. }) if *k == captain
    ));
    assert_eq!(
        game.view(&st, Player(1)).square(sq("f5")),
        Some(ViewSquare::Opponent {
            kind: Some(captain),
            moved: true
        })
    );
}
