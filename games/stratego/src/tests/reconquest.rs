//! S12.5 reconquest: a piece that reaches the opponent's back row may bring
//! back a removed piece (`return PIECE SQUARE`) or not (`skip`), within the
//! limits of S12.5c, as a step that is no ply (S12.5f).
use super::*;
use crate::view::ViewSquare;
use plateau::{DescribeMoves, FreeFormMoves, Render, Status};

/// Reconquest on, and no two-squares limit so that Blue may wait by going
/// back and forth.
fn game() -> Stratego {
    rules(&[("options.reconquest", "true"), ("two_square_limit", "0")])
}

/// Red's lieutenant a9, major c9 and lieutenant e9 face Blue's back row;
/// Blue's colonels on b10 and e10.
const BASE: &str = "
    .  b8 .  .  b8 .  .  .  .  bF
    r5 .  r7 .  r5 .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
";

fn tray_of(game: &Stratego, st: &StrategoState, side: u8, name: &str) -> u8 {
    st.tray(Player(side))[game.kind_of_name(name).unwrap() as usize]
}

#[test]
fn s12_5b_a_return_is_revealed_with_no_history_and_leaves_the_tray() {
    let game = game();
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9 8");
    let before = st.clone();
    let mv = game.parse_move(&st, "a9-a10").unwrap();
    assert_eq!(
        game.describe_move(&before, &mv, Some(Player(1))).unwrap(),
        "Red a9-a10. Red may return a piece (S12.5)."
    );
    play(&game, &mut st, "a9-a10");
    // S12.5e: the same side now returns or skips; the move was the ply.
    assert!(st.step_pending());
    assert_eq!(game.status(&st), Status::ToMove(Player(0)));
    assert_eq!(st.plies(), 1);
    let moves = legal_list(&game, &st);
    // skip, and the general or the colonel on any of the 39 empty squares of
    // Red's home area.
    assert_eq!(moves.len(), 1 + 2 * 39);
    assert!(moves.contains(&"skip".to_string()));
    assert!(moves.contains(&"return 9 c3".to_string()));
    assert!(!moves.iter().any(|m| m.ends_with("a1") || m.ends_with("a5")));
    assert!(refused(&game, &st, "c9-c10").contains("first returns a piece or skips"));
    assert!(game.move_hint(&st).unwrap().contains("return PIECE SQUARE"));
    assert!(refused(&game, &st, "return 9 a1").contains("a1 is not empty"));
    assert!(refused(&game, &st, "return 9 a5").contains("not in your home area"));
    assert!(refused(&game, &st, "return 7 c3").contains("no removed major"));
    // Blue's view says a step is due; so does the board.
    let blue = game.view(&st, Player(1));
    assert!(blue.step_pending());
    assert!(game.render_view(&blue).contains("return a piece"));
    let mv = game.parse_move(&st, "return 9 c3").unwrap();
    assert_eq!(
        game.describe_move(&st, &mv, Some(Player(1))).unwrap(),
        "Red returns a general to c3 (S12.5)."
    );
    play(&game, &mut st, "return 9 c3");
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
    assert_eq!(st.plies(), 1, "the step is no ply (S12.5f)");
    let c3 = st.piece_at("c3".parse().unwrap()).unwrap();
    assert_eq!(name_at(&game, &st, "c3"), Some((0, "general".into())));
    assert!(c3.revealed && !c3.moved);
    assert_eq!(
        game.view(&st, Player(1)).square("c3".parse().unwrap()),
        Some(ViewSquare::Opponent {
            kind: Some(game.kind_of_name("general").unwrap()),
            moved: false
        })
    );
    assert_eq!(
        (
            tray_of(&game, &st, 0, "general"),
            tray_of(&game, &st, 0, "colonel")
        ),
        (0, 1)
    );
    assert_eq!(st.returns(Player(0)), 1);
    assert!(st.has_returned_one("a10".parse().unwrap()));
    assert!(!st.has_returned_one("c3".parse().unwrap()));
    assert!(game
        .render_view(&game.view(&st, Player(1)))
        .contains("Returns (S12.5, at most 2): Red 1 | Blue 0"));
}

#[test]
fn s12_5e_notation_round_trips_and_bad_steps_are_refused_cleanly() {
    let game = game();
    let st = position(&game, BASE, 0);
    for text in ["return 9 c3", "skip", "return S j4"] {
        let mv = game.parse_move(&st, text).unwrap();
        assert_eq!(game.format_move(&mv), text);
    }
    assert_eq!(
        game.parse_move(&st, " RETURN 9 C3 ").unwrap(),
        Move::Return {
            kind: game.kind_of_symbol('9').unwrap(),
            square: "c3".parse().unwrap()
        }
    );
    assert_eq!(game.parse_move(&st, "Skip").unwrap(), Move::Skip);
    let e = game.parse_move(&st, "return Q c3").unwrap_err().to_string();
    assert!(e.contains("'Q' is no piece symbol"), "{e}");
    let e = game.parse_move(&st, "return 9").unwrap_err().to_string();
    assert!(e.contains("return PIECE SQUARE"), "{e}");
    assert!(game.parse_move(&st, "return 9 k3").is_err());
    // Nothing to return: no move reached the row.
    assert!(refused(&game, &st, "skip").contains("nothing to return"));
    assert!(refused(&game, &st, "return 9 c3").contains("nothing to return"));
    let off = rules(&[]);
    let st = position(&off, BASE, 0);
    assert!(refused(&off, &st, "skip").contains("not in force"));
}

#[test]
fn s12_5c_at_most_two_returns_per_player() {
    let game = game();
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9 8 6");
    play(
        &game,
        &mut st,
        "a9-a10 return 9 b2 j9-j8 c9-c10 return 8 c2 j8-j9",
    );
    assert_eq!(st.returns(Player(0)), 2);
    // A third piece arrives: no step, though the tray holds a captain.
    play(&game, &mut st, "e9-f9 j9-j8 f9-f10");
    assert!(!st.step_pending());
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
    assert_eq!(tray_of(&game, &st, 0, "captain"), 1);
}

#[test]
fn s12_5e_s9_1_capturing_the_flag_on_the_back_row_wins_at_once() {
    // S12.5e: the step comes only if S9.1–S9.3 have not ended the game; a
    // flag captured on the row has (S9.1), though a return was possible.
    let game = game();
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9");
    play(
        &game,
        &mut st,
        "e9-f9 j9-j8 f9-g9 j8-j7 g9-h9 j7-j6 h9-i9 j6-j5 i9-j9 j5-j4",
    );
    play(&game, &mut st, "j9xj10");
    assert!(!st.step_pending());
    assert_eq!(
        game.status(&st),
        Status::Over(plateau::Outcome::win(Player(0), crate::FLAG_CAPTURED))
    );
}

#[test]
fn s12_5c_bombs_are_never_returned() {
    let game = game();
    // Only a bomb in the tray: no step at all.
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "B");
    play(&game, &mut st, "a9-a10");
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
    // A bomb and a general: the general only.
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "B 9");
    play(&game, &mut st, "a9-a10");
    assert!(st.step_pending());
    assert!(!legal_list(&game, &st)
        .iter()
        .any(|m| m.starts_with("return B")));
    assert!(refused(&game, &st, "return B c3").contains("a bomb is never returned (S12.5c)"));
}

#[test]
fn s12_5e_an_unrevealed_scout_may_only_skip_and_a_revealed_one_gets_no_step() {
    let game = game();
    let board = "
    .  .  .  .  .  .  .  .  .  bF
    r2 .  .  .  .  .  .  .  .  b4
    .  .  r2 .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
";
    let mut st = position(&game, board, 0);
    to_tray(&game, &mut st, 0, "9");
    // One square: the scout is not revealed, so the step is offered, but
    // only `skip` is legal: Blue learns nothing from it (S6.4).
    play(&game, &mut st, "a9-a10");
    assert!(st.step_pending());
    assert_eq!(legal_list(&game, &st), ["skip"]);
    assert!(game.move_hint(&st).unwrap().contains("enter skip"));
    assert!(refused(&game, &st, "return 9 c3").contains("a scout never returns a piece"));
    play(&game, &mut st, "skip");
    assert_eq!(st.returns(Player(0)), 0);
    assert_eq!(tray_of(&game, &st, 0, "general"), 1);
    // Two squares: the scout shows itself, and no step is offered.
    play(&game, &mut st, "j9-j8 c8-c10");
    assert!(st.piece_at("c10".parse().unwrap()).unwrap().revealed);
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
}

#[test]
fn s12_5c_a_piece_that_returned_one_never_returns_another() {
    let game = game();
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9 7");
    play(
        &game,
        &mut st,
        "a9-a10 return 9 c3 j9-j8 a10-a9 j8-j9 a9-a10",
    );
    // Fewer than two returns, a major in the tray, but this lieutenant has
    // returned one.
    assert_eq!(st.returns(Player(0)), 1);
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
    // Another piece still may.
    play(&game, &mut st, "j9-j8 c9-c10");
    assert!(st.step_pending());
}

#[test]
fn s12_5c_the_mark_stays_through_removal_and_return_and_unmarked_pieces_go_first() {
    let game = game();
    // The marked lieutenant dies on b10; the other one, unmarked, later on
    // e10. The major's return takes the unmarked one though it was removed
    // later.
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9");
    play(
        &game,
        &mut st,
        "a9-a10 return 9 c3 j9-j8 a10xb10 j8-j9 e9xe10 j9-j8 c9-c10",
    );
    assert_eq!(tray_of(&game, &st, 0, "lieutenant"), 2);
    play(&game, &mut st, "return 5 d3");
    assert!(!st.has_returned_one("d3".parse().unwrap()));
    assert_eq!(st.returns(Player(0)), 2);
    // With only the marked one in the tray, it comes back still marked, and
    // revealed with no history.
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9");
    play(
        &game,
        &mut st,
        "a9-a10 return 9 c3 j9-j8 a10xb10 j8-j9 c9-c10 return 5 d3",
    );
    assert!(st.has_returned_one("d3".parse().unwrap()));
    let d3 = st.piece_at("d3".parse().unwrap()).unwrap();
    assert!(d3.revealed && !d3.moved);
    assert_eq!(name_at(&game, &st, "d3"), Some((0, "lieutenant".into())));
}

#[test]
fn s12_5e_no_step_without_an_empty_home_square_or_a_removed_piece() {
    let game = game();
    // Nothing in the tray.
    let mut st = position(&game, BASE, 0);
    play(&game, &mut st, "a9-a10");
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
    // Red's home area is full.
    let full = "
    .  .  .  .  .  .  .  .  .  bF
    r5 .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    r4 r4 r4 r4 r4 r4 r4 r4 r4 r4
    r4 r4 r4 r4 r4 r4 r4 r4 r4 r4
    r4 r4 r4 r4 r4 r4 r4 r4 r4 r4
    rF r4 r4 r4 r4 r4 r4 r4 r4 r4
";
    let mut st = position(&game, full, 0);
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a9-a10");
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
}

#[test]
fn s12_5d_skipping_uses_nothing_up() {
    let game = game();
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a9-a10");
    let mv = game.parse_move(&st, "skip").unwrap();
    assert_eq!(
        game.describe_move(&st, &mv, Some(Player(1))).unwrap(),
        "Red returns no piece (S12.5)."
    );
    play(&game, &mut st, "skip");
    assert!(matches!(st.last_event().as_ref(), Some(Event::Skip { .. })));
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
    assert_eq!(
        (st.returns(Player(0)), tray_of(&game, &st, 0, "general")),
        (0, 1)
    );
    assert!(!st.has_returned_one("a10".parse().unwrap()));
    // The same piece arrives again: the right is there again.
    play(&game, &mut st, "j9-j8 a10-a9 j8-j9 a9-a10");
    assert!(st.step_pending());
    play(&game, &mut st, "return 9 c3");
    assert_eq!(st.returns(Player(0)), 1);
}

#[test]
fn s12_5a_a_won_attack_reaches_the_row_a_tie_or_a_lost_one_does_not() {
    let board = |defender: &str| {
        format!(
            "
    b{defender} .  .  .  .  .  .  .  .  bF
    r5 .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF r4 .  .  .  .  .  .  .  .
"
        )
    };
    let game = game();
    for (defender, step) in [("4", true), ("5", false), ("8", false)] {
        let mut st = position(&game, &board(defender), 0);
        to_tray(&game, &mut st, 0, "9");
        play(&game, &mut st, "a9xa10");
        assert_eq!(st.step_pending(), step, "against {defender}");
    }
    // Under S12.1 the tie is a win, and reaches the row.
    let game = rules(&[
        ("options.reconquest", "true"),
        ("options.attacker_advantage", "true"),
    ]);
    let mut st = position(&game, &board("5"), 0);
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a9xa10");
    assert!(st.step_pending());
}

#[test]
fn s12_5f_s9_1_to_s9_3_after_the_move_s9_5_after_the_step() {
    let game = game();
    // The arrival takes Blue's last movable piece: the game is over at once.
    let mut st = position(
        &game,
        "
    b4 .  .  .  .  .  .  .  .  bF
    r5 .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a9xa10");
    let o = game.status(&st).outcome().cloned().unwrap();
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(0)), crate::NO_MOVABLE_PIECES)
    );
    assert!(!st.step_pending());
    // The cap is reached by the move, and applies after the step.
    let game = rules(&[("options.reconquest", "true"), ("max_plies", "1")]);
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a9-a10");
    assert_eq!(game.status(&st), Status::ToMove(Player(0)));
    play(&game, &mut st, "return 9 c3");
    let o = game.status(&st).outcome().cloned().unwrap();
    assert_eq!((o.winner, o.reason.as_ref()), (None, crate::MOVE_CAP));
}

#[test]
fn s7_3_a_step_neither_counts_nor_ends_a_series() {
    let game = rules(&[("options.reconquest", "true")]);
    let mut st = position(&game, BASE, 0);
    to_tray(&game, &mut st, 0, "9");
    play(
        &game,
        &mut st,
        "a9-a10 skip j9-j8 a10-a9 j8-j7 a9-a10 skip j7-j6",
    );
    assert!(refused(&game, &st, "a10-a9").contains("S7"));
}

/// Red's captain chases Blue's lieutenant round the square a9-a10-b10-b9;
/// two of its moves reach Blue's back row, and Red skips both times.
const ROUND: &str = "a9-a10 skip b10-b9 a10-b10 skip b9-a9 b10-b9 a9-a10 b9-a9 a10-b10";

/// The board of [`ROUND`]: Red's captain on a9, Blue's lieutenant on b10.
const ROUND_BOARD: &str = "
    .  b5 .  .  .  .  .  .  .  bF
    r6 .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
";

#[test]
fn s12_5f_s8_judges_a_chasing_move_that_reaches_the_row_with_its_step() {
    let board = ROUND_BOARD;
    let game = game();
    // With a general in the tray: a9-a10 with a skip would give the position
    // after Red's first chasing move, but a return gives a new one, so the
    // move is legal; in the step, only returns are.
    let mut st = position(&game, board, 0);
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, ROUND);
    assert!(st.chase[0].in_force());
    assert!(legal(&game, &st, "a9-a10"));
    play(&game, &mut st, "a9-a10");
    assert!(st.step_pending());
    assert!(refused(&game, &st, "skip").contains("chase rule (S8, S12.5f)"));
    let steps = legal_list(&game, &st);
    assert_eq!(steps.len(), 39);
    assert!(steps.iter().all(|m| m.starts_with("return 9")));
    play(&game, &mut st, "return 9 c3");
    // The position after the step is the one recorded for the chase.
    assert_eq!(st.chase[0].positions.last(), Some(&st.position_key()));
    // With nothing to return, the move repeats the position: refused.
    let mut st = position(&game, board, 0);
    to_tray(&game, &mut st, 0, "B");
    let round = ROUND.replace(" skip", "");
    play(&game, &mut st, &round);
    assert!(refused(&game, &st, "a9-a10").contains("chase rule (S8)"));
}

#[test]
fn s12_5f_s8_4_a_move_back_is_not_judged_and_neither_is_its_step() {
    let board = ROUND_BOARD;
    let game = game();
    let mut st = position(&game, board, 0);
    to_tray(&game, &mut st, 0, "9");
    // a9-a10 again gives the position after Red's first chasing move, but
    // the captain goes back where it came from (S8.4): the move is legal,
    // and so is the skip that completes it.
    play(&game, &mut st, "a9-a10 skip b10-b9 a10-a9 b9-b10");
    assert!(st.chase[0].in_force());
    play(&game, &mut st, "a9-a10");
    assert!(legal(&game, &st, "skip"));
    play(&game, &mut st, "skip");
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
}

// Arrivals by each kind of piece and of move, for each side, and with other
// options.

/// Red's `piece` on a9 below an empty a10; Red's sergeant j2 and bomb j1;
/// Blue's flag j10 and sergeant j8.
fn arrival(piece: &str) -> String {
    format!(
        "
    .  .  .  .  .  .  .  .  .  bF
    r{piece} .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  r4
    .  .  .  .  .  .  .  .  .  rB
"
    )
}

#[test]
fn s12_5c_a_mobile_bomb_may_return_a_piece_but_no_bomb_is_returned() {
    let game = rules(&[
        ("options.reconquest", "true"),
        ("options.mobile_bombs", "true"),
    ]);
    let mut st = position(&game, &arrival("B"), 0);
    to_tray(&game, &mut st, 0, "B 9");
    play(&game, &mut st, "a9-a10");
    assert!(st.step_pending());
    let steps = legal_list(&game, &st);
    // skip, and the general on the 38 empty squares of ranks 1-4.
    assert_eq!(steps.len(), 39, "{steps:?}");
    assert!(steps
        .iter()
        .all(|m| m == "skip" || m.starts_with("return 9")));
    assert!(refused(&game, &st, "return B c3").contains("never returned"));
    play(&game, &mut st, "return 9 c3");
    assert_eq!(st.returns(Player(0)), 1);
    assert!(st.has_returned_one(sq("a10")));
}

#[test]
fn s12_4_s12_5_a_flag_arriving_wins_with_no_step() {
    let game = rules(&[
        ("options.reconquest", "true"),
        ("options.mobile_flag", "true"),
    ]);
    let mut st = position(&game, &arrival("F"), 0);
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a9-a10");
    assert!(!st.step_pending());
    assert_eq!(
        over(&game, &st),
        Some((Some(Player(0)), crate::FLAG_REACHED_BACK_ROW.into()))
    );
}

#[test]
fn s12_5a_a_move_along_the_back_row_arrives() {
    let game = rules(&[("options.reconquest", "true")]);
    let board = arrival("5").replacen(
        ".  .  .  .  .  .  .  .  .  bF\n    r5",
        "r5 .  .  .  .  .  .  .  .  bF\n    .",
        1,
    );
    let mut st = position(&game, &board, 0);
    assert_eq!(name_at(&game, &st, "a10"), Some((0, "lieutenant".into())));
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a10-b10");
    assert!(st.step_pending());
}

#[test]
fn s12_5a_s5_4_s12_2_a_miner_taking_a_bomb_arrives_an_exploding_attacker_does_not() {
    let game = rules(&[
        ("options.reconquest", "true"),
        ("options.explosive_bombs", "true"),
    ]);
    let board = "
    bB .  bB .  .  .  .  .  .  bF
    r3 .  r5 .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  rF
";
    let mut st = position(&game, board, 0);
    to_tray(&game, &mut st, 0, "9");
    let mut other = st.clone();
    play(&game, &mut st, "a9xa10");
    assert_eq!(name_at(&game, &st, "a10"), Some((0, "miner".into())));
    assert!(st.step_pending());
    play(&game, &mut other, "c9xc10");
    assert_eq!(name_at(&game, &other, "c10"), None);
    assert!(!other.step_pending());
    assert_eq!(game.status(&other), Status::ToMove(Player(1)));
}

#[test]
fn s12_5a_s11_4_a_captain_passing_over_the_row_does_not_arrive() {
    // Blitz with reconquest. Red's captain on b10 goes to a9 through a10
    // (b9 holds a Blue piece): it passes over the row and ends off it, so no
    // step. A captain going c8-c10 ends on the row: a step, and it is
    // revealed (S11.4d).
    let game = plateau::rules::load::<Stratego>(
        &RulesSpec::variant("blitz").set("options.reconquest", "true"),
    )
    .unwrap()
    .game;
    let board = "
    .  r6 .  .  .  .  .  .  .  bF
    .  b4 .  .  .  .  .  .  .  .
    .  .  r6 .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  rF
";
    let mut st = position(&game, board, 0);
    to_tray(&game, &mut st, 0, "9");
    let mut other = st.clone();
    play(&game, &mut st, "b10-a9");
    assert_eq!(name_at(&game, &st, "a9"), Some((0, "captain".into())));
    assert!(!st.step_pending());
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
    play(&game, &mut other, "c8-c10");
    assert!(other.step_pending());
    assert!(other.piece_at(sq("c10")).unwrap().revealed);
}

#[test]
fn s12_5_blue_arrives_on_rank_1_and_returns_to_ranks_7_to_10() {
    let game = rules(&[("options.reconquest", "true")]);
    let board = "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  r4
    b5 .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  rF
";
    let mut st = position(&game, board, 1);
    to_tray(&game, &mut st, 1, "9");
    play(&game, &mut st, "a2-a1");
    assert!(st.step_pending());
    assert!(refused(&game, &st, "return 9 c3").contains("not in your home area"));
    assert!(legal(&game, &st, "return 9 c7"));
    play(&game, &mut st, "return 9 c7");
    assert_eq!(name_at(&game, &st, "c7"), Some((1, "general".into())));
    assert_eq!(st.returns(Player(1)), 1);
}

#[test]
fn s12_5c_two_returns_per_player_counted_separately() {
    // Red makes its two returns; a third Red arrival gets no step, but
    // Blue's first arrival does.
    let game = rules(&[("options.reconquest", "true")]);
    let board = "
    .  .  .  .  .  .  .  .  .  bF
    r5 .  r5 .  r5 .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b5
    rF .  .  .  .  .  .  .  .  .
";
    let mut st = position(&game, board, 0);
    to_tray(&game, &mut st, 0, "9 8 7");
    to_tray(&game, &mut st, 1, "9");
    play(
        &game,
        &mut st,
        "a9-a10 return 9 c3 j8-j7 c9-c10 return 8 d3 j7-j8 e9-e10",
    );
    assert_eq!(st.returns(Player(0)), 2);
    assert!(!st.step_pending());
    assert_eq!(game.status(&st), Status::ToMove(Player(1)));
    play(&game, &mut st, "j2-j1");
    assert!(st.step_pending());
    play(&game, &mut st, "return 9 a7");
    assert_eq!(st.returns(Player(1)), 1);
}

#[test]
fn s12_5e_s12_6_a_scout_that_won_a_silent_defense_is_still_unrevealed() {
    // Blue's spy attacks Red's scout on a9 and loses. Under silent defense
    // the scout stays hidden, so on reaching a10 one square away the step is
    // offered, skip only; without silent defense it was revealed in the
    // fight and no step is offered (S12.5e).
    let board = "
    .  .  .  .  .  .  .  .  .  bF
    r2 bS .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  r4
    .  .  .  .  .  .  .  .  .  rF
";
    let silent = rules(&[
        ("options.reconquest", "true"),
        ("options.silent_defense", "true"),
    ]);
    let mut st = position(&silent, board, 1);
    to_tray(&silent, &mut st, 0, "9");
    play(&silent, &mut st, "b9xa9");
    assert_eq!(last_combat(&st).defender, None);
    play(&silent, &mut st, "a9-a10");
    assert!(st.step_pending());
    assert_eq!(legal_list(&silent, &st), ["skip"]);

    let loud = rules(&[("options.reconquest", "true")]);
    let mut st = position(&loud, board, 1);
    to_tray(&loud, &mut st, 0, "9");
    play(&loud, &mut st, "b9xa9 a9-a10");
    assert!(!st.step_pending());
    assert_eq!(loud.status(&st), Status::ToMove(Player(1)));
}
