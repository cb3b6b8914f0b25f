//! Hand-worked cases of RULES.md H2–H4, each worked out on paper. Pits are
//! written in index form (H1.4): `a8, a7, a6, a5, a4, a3, a2, a1, b1, b2, b3,
//! b4, b5, b6, b7, b8`.

mod common;

use common::*;
use plateau::{DescribeMoves, Game, Outcome, Player, RulesSpec, Status};
use plateau_hus::sowing::Endless;
use plateau_hus::{EndReason, Hus, HusState};

fn sowings(game: &Hus, state: &HusState, mv: &str) -> u32 {
    game.sow(state, pit(mv)).expect("the move ends").sowings
}

#[test]
fn h2_start_layout_and_first_player() {
    // H2.1: 2 stones in every first-row pit and in b5–b8; b1–b4 empty.
    let game = hus();
    let state = game.initial_state(0);
    let start = [2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 2, 2, 2];
    assert_eq!(state.pits(SOUTH), start);
    assert_eq!(state.pits(NORTH), start);
    assert_eq!(state.stones(SOUTH) + state.stones(NORTH), 48);
    // H2.2: south by default.
    assert_eq!(game.status(&state), Status::ToMove(SOUTH));
    // From the start every pit of 2 stones is a legal move: 12 of them.
    assert_eq!(legal(&game, &state).len(), 12);
}

#[test]
fn h2_2_first_north_and_random_from_the_seed() {
    let north: Hus = plateau::rules::load(&RulesSpec::default_variant().set("first", "north"))
        .unwrap()
        .game;
    assert_eq!(north.status(&north.initial_state(5)), Status::ToMove(NORTH));
    let random: Hus = plateau::rules::load(&RulesSpec::default_variant().set("first", "random"))
        .unwrap()
        .game;
    let firsts: Vec<Player> = (0..64)
        .map(|seed| {
            random
                .status(&random.initial_state(seed))
                .to_move()
                .unwrap()
        })
        .collect();
    assert!(firsts.contains(&SOUTH) && firsts.contains(&NORTH));
    // The same seed always gives the same first player.
    for seed in 0..64 {
        assert_eq!(
            random.status(&random.initial_state(seed)).to_move(),
            Some(firsts[seed as usize])
        );
    }
}

#[test]
fn h3_2_plain_move_ending_in_an_empty_pit() {
    // South a8 = 2: one stone each into a7 and a6; a6 was empty: the move
    // ends after one sowing (H3.1, H3.2).
    let game = hus();
    let before = position(
        [2, 0, 0, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 3, 3, 3, 3],
        SOUTH,
    );
    assert_eq!(sowings(&game, &before, "a8"), 1);
    let after = play(&game, &before, "a8");
    assert_eq!(
        after.pits(SOUTH),
        [0, 1, 1, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 2, 2, 2]
    );
    assert_eq!(after.pits(NORTH), before.pits(NORTH));
    assert_eq!(game.status(&after), Status::ToMove(NORTH));
}

#[test]
fn h3_3_relay_chain() {
    // a8 = 2 → a7, a6; a6 held 1: relay its 2 → a5, a4; a4 held 2: relay its
    // 3 → a3, a2, a1; a1 was empty: the move ends. Three sowings.
    let game = hus();
    let before = position(
        [2, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2],
        [3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 3, 3, 3, 2],
        SOUTH,
    );
    assert_eq!(sowings(&game, &before, "a8"), 3);
    let after = play(&game, &before, "a8");
    assert_eq!(
        after.pits(SOUTH),
        [0, 1, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 2, 2, 2, 2]
    );
    assert_eq!(after.pits(NORTH), before.pits(NORTH));
    let text = game.describe_move(&before, &pit("a8"), None).unwrap();
    assert!(text.contains("relay from a6: 2 stones"), "{text}");
    assert!(text.contains("relay from a4: 3 stones"), "{text}");
    assert!(text.contains("ends in a1"), "{text}");
}

#[test]
fn h3_4_capture_of_both_opposite_pits() {
    // a1 = 3 → b1, b2, b3; b3 held 1, so 2 now; b3 faces north's b6 (4) and
    // a6 (2) (H1.5): the capture lifts 2 + 4 + 2 = 8 and sows them from b4:
    // b4 … b8, a8, a7, a6; a6 was empty: the move ends.
    let game = hus();
    let before = position(
        [0, 0, 0, 0, 5, 5, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0],
        [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 2, 2],
        SOUTH,
    );
    assert_eq!(sowings(&game, &before, "a1"), 2);
    let after = play(&game, &before, "a1");
    assert_eq!(
        after.pits(SOUTH),
        [1, 1, 1, 0, 5, 5, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1]
    );
    assert_eq!(
        after.pits(NORTH),
        [2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2]
    );
    assert_eq!((after.stones(SOUTH), after.stones(NORTH)), (20, 28));
    let text = game.describe_move(&before, &pit("a1"), None).unwrap();
    assert!(
        text.contains(
            "capture at b3: 2 from b3 + 4 from north's b6 + 2 from north's a6 = 8 stones"
        ),
        "{text}"
    );
    assert!(text.contains("south took 6 stones"), "{text}");
}

#[test]
fn h3_4_capture_with_the_opposite_first_row_pit_empty() {
    // As above, but north's a6 is empty: the capture takes b3's 2 and b6's 4
    // only; 6 stones from b4: b4 … b8, a8; a8 was empty: the move ends.
    let game = hus();
    let before = position(
        [0, 0, 0, 0, 5, 5, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0],
        [4, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 2, 2],
        SOUTH,
    );
    let after = play(&game, &before, "a1");
    assert_eq!(
        after.pits(SOUTH),
        [1, 0, 0, 0, 5, 5, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1]
    );
    assert_eq!(
        after.pits(NORTH),
        [4, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2]
    );
    let text = game.describe_move(&before, &pit("a1"), None).unwrap();
    assert!(text.contains("+ 0 from north's a6 = 6 stones"), "{text}");
}

#[test]
fn h3_5_no_capture_when_the_opposite_second_row_pit_is_empty() {
    // b3 faces north's b6, empty, with 6 stones behind it in a6: nothing is
    // captured; a plain relay of b3's 2 stones → b4, b5; b5 was empty.
    let game = hus();
    let before = position(
        [0, 0, 0, 0, 5, 5, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0],
        [2, 2, 6, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2],
        SOUTH,
    );
    let after = play(&game, &before, "a1");
    assert_eq!(
        after.pits(SOUTH),
        [0, 0, 0, 0, 5, 5, 0, 0, 1, 1, 0, 1, 1, 0, 0, 0]
    );
    assert_eq!(after.pits(NORTH), before.pits(NORTH));
    let text = game.describe_move(&before, &pit("a1"), None).unwrap();
    assert!(text.contains("relay from b3: 2 stones"), "{text}");
    assert!(!text.contains("capture"), "{text}");
}

#[test]
fn h3_1_sixteen_stones_end_in_the_emptied_start_pit() {
    // a8 = 16: one stone into each of the 15 other pits, the 16th into a8
    // itself, which is not skipped (H3.1) and was emptied: the move ends there.
    let game = hus();
    let before = position(
        [16, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0],
        [2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 2],
        SOUTH,
    );
    assert_eq!(sowings(&game, &before, "a8"), 1);
    let after = play(&game, &before, "a8");
    assert_eq!(
        after.pits(SOUTH),
        [1, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1]
    );
}

#[test]
fn h3_1_seventeen_stones_pass_the_start_and_relay_on() {
    // a8 = 17, nothing else on south's side, north's second row empty (no
    // captures): every pit gets a stone, a8 included (H3.1), and a7 a second
    // one: relay 2 → a6, a5; a5 has 2: relay → a4, a3; … every relay of 2
    // lands on a pit holding 1, until the relay from b8 sows a8 (2) and a7,
    // emptied by the first relay: the move ends after 1 + 8 sowings.
    let game = hus();
    let before = position(
        [17, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [4, 4, 4, 4, 4, 4, 4, 3, 0, 0, 0, 0, 0, 0, 0, 0],
        SOUTH,
    );
    assert_eq!(sowings(&game, &before, "a8"), 9);
    let after = play(&game, &before, "a8");
    assert_eq!(
        after.pits(SOUTH),
        [2, 1, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0]
    );
    assert_eq!(after.stones(SOUTH), 17);
}

/// South's side of the endless example: a8 = 3 and 1 stone in every second
/// pit along the loop, 11 stones. North's second row is empty, so nothing
/// can be captured; north's other 37 stones lie in its first row, where a
/// south sowing never reaches (only the second-row pit facing a relay pit
/// matters, H3.4, H3.5), so they are harmless.
const ENDLESS_SOUTH: [u8; 16] = [3, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1];
const ENDLESS_NORTH: [u8; 16] = [5, 5, 5, 5, 5, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0];

#[test]
fn h3_7_endless_move_is_left_out_of_the_legal_moves() {
    // The sowing from a8 relays forever: a8 3 → a7, a6, a5; a5 had 1: relay
    // 2 → a4, a3; relay 2 → a2, a1; … round the loop and on, never ending.
    let game = hus();
    // The state exactly as the example, south to move, built directly.
    let json = serde_json::json!({
        "south": ENDLESS_SOUTH, "north": ENDLESS_NORTH,
        "stones": {"south": 11, "north": 37},
        "to_move": "south", "ply": 0, "outcome": null
    });
    let state: HusState = serde_json::from_value(json).unwrap();
    assert_eq!(game.sow(&state, pit("a8")), Err(Endless::Repeats));
    assert!(legal(&game, &state).is_empty());
    let reason = game.check_move(&state, &pit("a8")).unwrap_err();
    assert!(
        reason.contains("a8") && reason.contains("endless"),
        "{reason}"
    );
    assert!(!reason.contains('\n'));

    // The same with a7 = 3 (13 stones): a8 is still endless, a7 (3 → a6, a5,
    // a4, empty) ends: the only legal move.
    let mut south = ENDLESS_SOUTH;
    south[1] = 3;
    let state = position(
        south,
        [5, 5, 5, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0],
        SOUTH,
    );
    assert_eq!(game.sow(&state, pit("a8")), Err(Endless::Repeats));
    assert_eq!(legal(&game, &state), ["a7"]);
    assert!(game.check_move(&state, &pit("a7")).is_ok());
}

#[test]
fn h3_7_max_sowings_bounds_a_move() {
    // The relay chain above takes 3 sowings: legal with max_sowings = 3, not
    // with 2 (the limit counts the first sowing and every relay).
    let load = |n: &str| -> Hus {
        plateau::rules::load(&RulesSpec::default_variant().set("max_sowings", n))
            .unwrap()
            .game
    };
    let south = [2, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    let north = [3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 3, 3, 3, 2];
    let three = load("3");
    let state = three.position(south, north, SOUTH).unwrap();
    assert!(three.check_move(&state, &pit("a8")).is_ok());
    let two = load("2");
    let state = two.position(south, north, SOUTH).unwrap();
    let reason = two.check_move(&state, &pit("a8")).unwrap_err();
    assert!(reason.contains("not ended after 2 sowings"), "{reason}");
    assert!(!legal(&two, &state).contains(&"a8".to_string()));
}

#[test]
fn h4_1_player_to_move_with_only_endless_moves_loses() {
    // The endless example with south to move: south has a pit of 3 but no
    // legal move: north wins at once (H4.1, second clause), scoring its 37.
    let state = position(ENDLESS_SOUTH, ENDLESS_NORTH, SOUTH);
    let game = hus();
    assert_eq!(
        game.status(&state),
        Status::Over(Outcome::win(NORTH, "no-legal-move").with_scores(vec![0, 37]))
    );
    assert!(legal(&game, &state).is_empty());

    // Decided in the move that leads there: south a8 = 2 → a7, a6 (empty);
    // then north, with the example's side, has no legal move: south wins.
    let before = position(
        [2, 5, 0, 6, 6, 6, 6, 6, 0, 0, 0, 0, 0, 0, 0, 0],
        ENDLESS_SOUTH,
        SOUTH,
    );
    assert_eq!(game.status(&before), Status::ToMove(SOUTH));
    let after = play(&game, &before, "a8");
    assert_eq!(
        game.status(&after),
        Status::Over(Outcome::win(SOUTH, "no-legal-move").with_scores(vec![37, 0]))
    );
}

#[test]
fn h4_2_wipe_out_doubles_the_score() {
    // North holds only the 6 stones of b6 and a6; south's a1 captures them
    // (as in the capture case above) and north has no stone left: south wins
    // (H4.1) with 48, doubled to 96 (H4.2).
    let game = hus();
    let before = position(
        [0, 0, 0, 0, 19, 19, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0],
        SOUTH,
    );
    let after = play(&game, &before, "a1");
    assert_eq!(after.stones(NORTH), 0);
    let outcome = game.status(&after).outcome().cloned().unwrap();
    assert_eq!(outcome.winner, Some(SOUTH));
    assert_eq!(outcome.reason, "no-pit-with-two-stones");
    assert_eq!(outcome.scores, Some(vec![96, 0]));
    assert_eq!(after.end().unwrap().reason, EndReason::NoPitWithTwoStones);
    assert!(legal(&game, &after).is_empty());

    // With one single stone left to north the score is not doubled: 47.
    let before = position(
        [0, 0, 0, 0, 19, 18, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0],
        SOUTH,
    );
    let after = play(&game, &before, "a1");
    assert_eq!(
        game.status(&after),
        Status::Over(Outcome::win(SOUTH, "no-pit-with-two-stones").with_scores(vec![47, 0]))
    );
}

#[test]
fn h4_1_the_mover_left_with_single_stones_loses_at_once() {
    // South a8 = 2 → a7, a6 (empty): the move ends with a single stone in
    // each of south's 15 occupied pits. South, who just moved, has lost.
    let game = hus();
    let before = position(
        [2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0],
        SOUTH,
    );
    let after = play(&game, &before, "a8");
    assert_eq!(
        after.pits(SOUTH),
        [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(
        game.status(&after),
        Status::Over(Outcome::win(NORTH, "no-pit-with-two-stones").with_scores(vec![0, 33]))
    );
}

#[test]
fn h4_3_move_cap_is_a_draw() {
    let game: Hus = plateau::rules::load(&RulesSpec::default_variant().set("max_plies", "2"))
        .unwrap()
        .game;
    let mut state = game.initial_state(0);
    let mut rng = plateau::rng(1);
    assert!(game.play_random(&mut state, &mut rng));
    assert!(!game.status(&state).is_over());
    assert!(game.play_random(&mut state, &mut rng));
    assert_eq!(game.status(&state), Status::Over(Outcome::cap("move-cap")));
    assert!(!game.play_random(&mut state, &mut rng));
}

#[test]
fn illegal_pits_give_one_line_reasons() {
    let game = hus();
    let state = game.initial_state(0);
    // b1 is empty at the start, and a pit with 1 stone is no move (H3.1).
    let reason = game.check_move(&state, &pit("b1")).unwrap_err();
    assert_eq!(
        reason,
        "pit b1 is empty; a move starts from a pit with 2 or more stones (H3.1)"
    );
    let after = play(&game, &state, "a5");
    // North's turn: its own b1 is empty too; the reason names north's pit.
    assert!(game
        .check_move(&after, &pit("b4"))
        .unwrap_err()
        .contains("b4"));
    let single = position(
        [2, 1, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 2, 2, 3],
        [2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 2, 2, 2],
        SOUTH,
    );
    assert_eq!(
        game.check_move(&single, &pit("a7")).unwrap_err(),
        "pit a7 holds 1 stone; a move starts from a pit with 2 or more stones (H3.1)"
    );
    // try_apply leaves the state unchanged.
    let mut copy = single;
    assert!(game.try_apply(&mut copy, &pit("b1")).is_err());
    assert_eq!(copy, single);
}

#[test]
fn h4_1_random_games_end_only_by_the_rules_reasons() {
    // Standard rules: every random game ends by H4.1 with a winner scoring
    // per H4.2; with max_sowings = 2 many moves are endless (H3.7) and some
    // games end because the player to move has no legal move.
    for (max_sowings, must_see_no_legal_move) in [("10000", false), ("2", true)] {
        let game: Hus =
            plateau::rules::load(&RulesSpec::default_variant().set("max_sowings", max_sowings))
                .unwrap()
                .game;
        let mut no_legal_move = 0;
        for seed in 0..300 {
            let (outcome, plies) = plateau::playout::random_game(&game, seed, 0);
            assert!(plies > 0);
            let winner = outcome.winner.expect("no draws without a move cap");
            assert!(
                ["no-pit-with-two-stones", "no-legal-move"].contains(&outcome.reason.as_ref()),
                "{outcome:?}"
            );
            let scores = outcome.scores.expect("a win has scores");
            assert_eq!(scores[1 - winner.index()], 0);
            if outcome.reason == "no-pit-with-two-stones" {
                // The loser holds at most 16 single stones, the winner the rest.
                assert!(scores[winner.index()] >= 32, "{scores:?}");
            }
            no_legal_move += usize::from(outcome.reason == "no-legal-move");
        }
        assert_eq!(
            no_legal_move > 0,
            must_see_no_legal_move,
            "max_sowings {max_sowings}"
        );
    }
}
