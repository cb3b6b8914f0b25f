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
    let Event::Move { revealed, .. } = &st.last_event().unwrap() else {
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
fn s1_4_a_step_may_be_typed_without_its_dash() {
    let game = rules(&[]);
    let st = position(&game, SCOUT_BOARD, 0);
    let want = game.parse_move(&st, "c4-g4").unwrap();
    for typed in ["c4g4", "C4G4", "c4 g4", " c4  g4 "] {
        assert_eq!(game.parse_move(&st, typed).unwrap(), want, "{typed}");
    }
    assert_eq!(game.format_move(&want), "c4-g4", "shown with the dash");
    // Two-digit ranks are read whole.
    assert_eq!(
        game.format_move(&game.parse_move(&st, "a10a9").unwrap()),
        "a10-a9"
    );
    // Anything else is refused, saying how to write a step.
    for bad in ["c4g", "cg4", "c4g4h", "c4 g4 h5", "44"] {
        let e = game.parse_move(&st, bad).unwrap_err();
        assert!(e.reason.contains("b4-b5"), "{bad}: {e}");
    }
    let e = game.parse_move(&st, "c4k4").unwrap_err();
    assert!(e.to_string().contains("k4"), "{e}");
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

#[test]
fn fast_move_counting_agrees_with_the_move_list() {
    // Bitboard targets (one bit a move) against the list of legal moves, and
    // the quick has-a-move test against the list, over random games.
    for variant in ["original", "barrage"] {
        let game = Stratego::variant(variant).unwrap();
        for seed in 0..12 {
            let mut st = game.initial_state(seed);
            let mut rng = plateau::rng(seed);
            let mut plies = 0;
            while !game.status(&st).is_over() && plies < 400 {
                if !st.in_setup() {
                    let side = st.to_move.index();
                    let mut moves = Vec::new();
                    game.legal_moves(&st, &mut moves);
                    let r = &game.rules;
                    let pseudo = {
                        let mut n = 0;
                        r.for_each_pseudo(&st, side, |_, _| {
                            n += 1;
                            false
                        });
                        n
                    };
                    let bits: u32 = r
                        .targets_for_tests(&st, side)
                        .iter()
                        .map(|m| m.count_ones())
                        .sum();
                    assert_eq!(bits as usize, pseudo, "{variant} seed {seed} ply {plies}");
                    assert_eq!(r.has_legal_move(&st, side), !moves.is_empty());
                    let opp = 1 - side;
                    let mut any = false;
                    r.for_each_legal(&st, opp, |_, _| {
                        any = true;
                        true
                    });
                    assert_eq!(r.has_legal_move(&st, opp), any);
                }
                let mv = game.random_move(&st, &mut rng).unwrap();
                if !st.in_setup() {
                    let mut moves = Vec::new();
                    game.legal_moves(&st, &mut moves);
                    assert!(moves.contains(&mv));
                }
                game.apply(&mut st, &mv);
                plies += 1;
            }
        }
    }
}

#[test]
fn random_moves_are_uniform() {
    // In one position, every legal move comes up about equally often,
    // including when S7 forbids one of them.
    let game = rules(&[]);
    let mut st = position(&game, SCOUT_BOARD, 0);
    play(&game, &mut st, "c2-d2 j10-j9 d2-c2 j9-j10 c2-d2 j10-j9");
    let mut moves = Vec::new();
    game.legal_moves(&st, &mut moves);
    assert!(!moves.contains(&game.parse_move(&st, "d2-c2").unwrap()));
    let mut counts = std::collections::HashMap::new();
    let mut rng = plateau::rng(9);
    let draws = 40_000;
    for _ in 0..draws {
        *counts
            .entry(game.random_move(&st, &mut rng).unwrap())
            .or_insert(0) += 1;
    }
    assert_eq!(counts.len(), moves.len());
    let expected = draws as f64 / moves.len() as f64;
    for (mv, n) in counts {
        assert!(
            (n as f64 - expected).abs() < 0.1 * expected,
            "{}: {n} draws, about {expected:.0} expected",
            game.format_move(&mv)
        );
    }
}
