//! S4 movement: one-square moves, scouts, lakes, fixed pieces.
use super::*;

const SCOUT_BOARD: &str = "
    bF .  .  .  .  .  .  .  .  b5
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  r2 .  .  .  bS .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  r4 .  .  .  .  .  .  .
    rF rB .  .  .  .  .  .  .  .
";

#[test]
fn s4_3_scout_blocked_by_lake_and_pieces() {
    let game = rules(&[]);
    let st = position(&game, SCOUT_BOARD, 0);
    let scout: Vec<String> = legal_list(&game, &st)
        .into_iter()
        .filter(|m| m.starts_with("c4"))
        .collect();
    // North: the lake on c5 stops it at once. East: up to the spy on g4,
    // which it may attack. West: to a4. South: c3 only (own sergeant on c2).
    assert_eq!(
        scout,
        ["c4-a4", "c4-b4", "c4-c3", "c4-d4", "c4-e4", "c4-f4", "c4-g4"]
    );
    assert!(refused(&game, &st, "c4-c5").contains("c5 is a lake"));
    assert!(refused(&game, &st, "c4-c7").contains("crosses the lake on c5"));
    assert!(refused(&game, &st, "c4-h4").contains("blocked on g4"));
    assert!(refused(&game, &st, "c4-c1").contains("blocked on c2"));
    assert!(refused(&game, &st, "c4-d5").contains("diagonally"));
}

#[test]
fn s4_3_scout_moves_and_attacks_in_one_move_and_is_revealed() {
    let game = rules(&[]);
    let mut st = position(&game, SCOUT_BOARD, 0);
    play(&game, &mut st, "c4xg4");
    let scout = st.piece_at("g4".parse().unwrap()).unwrap();
    assert_eq!(game.pieces()[scout.kind as usize].name, "scout");
    assert!(scout.revealed && scout.moved);
    assert_eq!(
        st.tray(Player(1))[game.kind_of_name("spy").unwrap() as usize],
        1
    );
    assert!(st.piece_at("c4".parse().unwrap()).is_none());
}

#[test]
fn s6_2_scout_revealed_only_when_moving_more_than_one_square() {
    let game = rules(&[]);
    let mut st = position(&game, SCOUT_BOARD, 0);
    play(&game, &mut st, "c4-d4");
    assert!(!st.piece_at("d4".parse().unwrap()).unwrap().revealed);
    play(&game, &mut st, "j10-j9 d4-f4");
    assert!(st.piece_at("f4".parse().unwrap()).unwrap().revealed);
    let Event::Move { revealed, .. } = st.history().last().unwrap() else {
        panic!()
    };
    assert_eq!(*revealed, game.kind_of_name("scout"));
}

#[test]
fn s4_2_s4_5_ordinary_and_fixed_pieces() {
    let game = rules(&[]);
    let st = position(&game, SCOUT_BOARD, 0);
    let sergeant: Vec<String> = legal_list(&game, &st)
        .into_iter()
        .filter(|m| m.starts_with("c2"))
        .collect();
    assert_eq!(sergeant, ["c2-b2", "c2-c1", "c2-c3", "c2-d2"]);
    assert!(refused(&game, &st, "c2-e2").contains("one square at a time"));
    assert!(refused(&game, &st, "b1-b2").contains("never moves"));
    assert!(refused(&game, &st, "a1-a2").contains("never moves"));
    assert!(refused(&game, &st, "c2-c4").contains("holds your own scout"));
    assert!(refused(&game, &st, "c4-c4").contains("another square"));
    assert!(refused(&game, &st, "j10-j9").contains("no piece of yours"));
    assert!(refused(&game, &st, "c2-b1").contains("diagonally"));
}

#[test]
fn s4_1_red_cannot_pass_and_moves_only_own_pieces() {
    let game = rules(&[]);
    let st = position(&game, SCOUT_BOARD, 1);
    // Blue to move: the spy and the lieutenant move; the flag does not.
    let list = legal_list(&game, &st);
    assert!(list
        .iter()
        .all(|m| m.starts_with("g4") || m.starts_with("j10")));
    assert!(list.contains(&"g4-f4".to_string()) && list.contains(&"j10-i10".to_string()));
    assert!(refused(&game, &st, "g4-c4").contains("one square at a time"));
    assert!(refused(&game, &st, "c4-d4").contains("no piece of yours"));
}

#[test]
fn s1_4_notation_accepts_x_and_round_trips() {
    let game = rules(&[]);
    let st = position(&game, SCOUT_BOARD, 0);
    let a = game.parse_move(&st, "c4xg4").unwrap();
    let b = game.parse_move(&st, " C4-G4 ").unwrap();
    assert_eq!(a, b);
    assert_eq!(game.format_move(&a), "c4-g4");
    for bad in ["c4", "c4-", "c4-k4", "c4-c11", "hello", ""] {
        assert!(game.parse_move(&st, bad).is_err(), "{bad}");
    }
    // Off a smaller board: a square that exists on no board of these rules.
    let small = rules(&[
        ("board.files", "8"),
        ("board.ranks", "8"),
        ("board.lakes", "[]"),
        ("setup.rows", "2"),
        ("setup.full", "false"),
        ("pieces.scout.count", "2"),
        ("pieces.bomb.count", "1"),
        ("pieces.captain.count", "1"),
        ("pieces.lieutenant.count", "1"),
        ("pieces.sergeant.count", "1"),
        ("pieces.miner.count", "1"),
        ("pieces.major.count", "1"),
        ("pieces.colonel.count", "1"),
    ]);
    let mut st = small.initial_state(0);
    for p in 0..2 {
        let s = small.random_setup(Player(p), &mut plateau::rng(p as u64));
        small.apply(&mut st, &Move::Setup(s));
    }
    let mv = small.parse_move(&st, "j1-j2").unwrap();
    assert!(small
        .check_move(&st, &mv)
        .unwrap_err()
        .contains("not on the 8×8 board"));
}
