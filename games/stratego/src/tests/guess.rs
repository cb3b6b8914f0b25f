//! A flag capture that rests on a guess (S6, S9.1): what search from a view
//! is told such a capture is worth ([`crate::Rules::guessed_flag_capture`]).
use super::*;
use plateau::SearchHooks;

/// Blue's flag on j10 beside its bomb (i10), its general unmoved on a10;
/// Red's scout on j5 sees j10 down the open file.
const CORNER: &str = "
    b9 .  .  .  .  .  .  .  bB bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  r2
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rB .  .  .  .  .  .  .  .  .
    rF .  .  .  r9 .  .  .  .  .
";

#[test]
fn s9_1_a_flag_among_three_unknown_unmoved_pieces_is_found_one_time_in_three() {
    // S6: Red knows no rank of Blue's; a10, i10 and j10 have not moved, so
    // any of them may be the flag (S4: the flag never moves). The scout's
    // attack on j10 wins here (S9.1), but Red could only guess it.
    let game = rules(&[]);
    let st = position(&game, CORNER, 0);
    let (p, failed) = game
        .rules
        .guessed_flag_capture(&st, sq("j5").index(), sq("j10").index())
        .unwrap();
    assert_eq!(p, 1.0 / 3.0);
    // Had it not been the flag: the scout is lost, the flag stays where it
    // is, still unknown and unmoved, and Blue is to move.
    assert_eq!(game.status(&failed), Status::ToMove(Player(1)));
    assert_eq!(failed.piece_at(sq("j5")), None);
    assert_eq!(
        failed.tray(Player(0))[game.kind_of_symbol('2').unwrap() as usize],
        1
    );
    assert_eq!(failed.piece_at(sq("j10")), st.piece_at(sq("j10")));
    assert!(!failed.piece_at(sq("j10")).unwrap().revealed);
    assert_eq!(failed.hash, game.rules.position_hash(&failed));
    // Played for real, the move captures the flag.
    let mut won = st.clone();
    play(&game, &mut won, "j5xj10");
    assert_eq!(over(&game, &won).unwrap().0, Some(Player(0)));
}

#[test]
fn s6_a_piece_that_moved_is_no_flag_so_two_candidates_are_left() {
    // S4, S6: Blue's general moves, so only i10 and j10 may be the flag.
    let game = rules(&[]);
    let mut st = position(&game, CORNER, 1);
    play(&game, &mut st, "a10-a9");
    let (p, _) = game
        .rules
        .guessed_flag_capture(&st, sq("j5").index(), sq("j10").index())
        .unwrap();
    assert_eq!(p, 0.5);
}

#[test]
fn s6_a_flag_that_can_be_deduced_or_an_attack_on_another_piece_is_no_guess() {
    let game = rules(&[]);
    let (j5, j10) = (sq("j5").index(), sq("j10").index());
    // The bomb on i10 is gone and the general moved: j10 can only be the
    // flag (S6), and taking it is a plain win.
    let mut st = position(&game, &CORNER.replacen("bB", ". ", 1), 1);
    play(&game, &mut st, "a10-a9");
    assert_eq!(
        game.rules.guessed_flag_capture(&st, j5, j10).map(|g| g.0),
        None
    );
    // A second scout on a5 attacks the general on a10: no flag, no guess.
    let two_scouts = CORNER.replacen(
        ".  .  ~  ~  .  .  ~  ~  .  r2",
        "r2 .  ~  ~  .  .  ~  ~  .  r2",
        1,
    );
    let st = position(&game, &two_scouts, 0);
    let (a5, a10) = (sq("a5").index(), sq("a10").index());
    assert!(legal(&game, &st, "a5xa10"));
    assert_eq!(
        game.rules.guessed_flag_capture(&st, a5, a10).map(|g| g.0),
        None
    );
    // The same through the game: the scout's move j5-j9 wins nothing.
    let quiet = game.parse_move(&st, "j5-j9").unwrap();
    assert!(game.guessed_win(&st, &quiet).is_none());
    assert!(game
        .guessed_win(&st, &game.parse_move(&st, "j5xj10").unwrap())
        .is_some());
}

#[test]
fn s9_1_every_guessed_capture_in_random_games_fails_into_a_consistent_state() {
    // Random games of every variant: for each step that captures an
    // unknown flag while other pieces could be it, the failed attack leaves
    // a state whose incremental key is its recomputed one, with the attacker
    // gone, the flag and every other piece of its side as before, and the
    // chance one in the number of the flag's side's candidates.
    let mut guesses = 0;
    for variant in ["original", "barrage", "duel", "blitz"] {
        let game = crate::Stratego::variant(variant).unwrap();
        for seed in 0..30u64 {
            let mut st = game.initial_state(seed);
            let mut rng = plateau::rng(seed);
            let mut moves = Vec::new();
            while !game.status(&st).is_over() && st.plies() < 400 {
                if !st.in_setup() && st.pending.is_none() {
                    game.legal_moves(&st, &mut moves);
                    for mv in &moves {
                        let Some((p, failed)) = game.guessed_win(&st, mv) else {
                            continue;
                        };
                        guesses += 1;
                        let Move::Step { from, to } = *mv else {
                            panic!("a guess by {mv:?}")
                        };
                        let side = st.to_move();
                        let candidates = game.rules.flag_candidates(&st, 1 - side.index());
                        assert!(candidates >= 2);
                        assert_eq!(p, 1.0 / candidates as f64);
                        let mut won = st.clone();
                        game.apply(&mut won, mv);
                        assert_eq!(over(&game, &won).unwrap().0, Some(side));
                        assert_eq!(failed.piece_at(from), None);
                        assert_eq!(failed.piece_at(to), st.piece_at(to));
                        assert_eq!(
                            failed.pieces(side.opponent()).collect::<Vec<_>>(),
                            st.pieces(side.opponent()).collect::<Vec<_>>()
                        );
                        assert_eq!(failed.hash, game.rules.position_hash(&failed));
                        assert_eq!(failed.plies(), st.plies() + 1);
                    }
                }
                let mv = game.random_move(&st, &mut rng).unwrap();
                game.apply(&mut st, &mv);
            }
        }
    }
    assert!(guesses > 0);
}
