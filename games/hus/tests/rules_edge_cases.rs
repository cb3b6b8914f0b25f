//! Hand-worked edge cases of RULES.md H1–H4, beyond `rules.rs`: North's side
//! named from its own view, chains of captures and relays, lapping sowings,
//! `max_sowings` at its limits, and the end checks for both players.
//!
//! Pits in index form (H1.4): `a8, a7, a6, a5, a4, a3, a2, a1, b1, b2, b3,
//! b4, b5, b6, b7, b8`; own `bC` (index 7 + C) faces the
//! opponent's `b(9-C)` (index 23 - i) and `a(9-C)` (index i - 8) (H1.5).

mod common;

use common::*;
use plateau::{DescribeMoves, Game, Outcome, RulesSpec, Status};
use plateau_hus::Hus;

fn with(key: &str, value: &str) -> Hus {
    plateau::rules::load(&RulesSpec::default_variant().set(key, value))
        .unwrap()
        .game
}

#[test]
fn h1_5_h3_4_north_captures_with_pits_named_from_its_own_view() {
    // North a1 = 2 → b1, b2; north b2 held 1 (now 2) and faces south's b7 (3)
    // and a7 (4) (H1.5). Capture: 2 + 3 + 4 = 9, sown from north b3: b3 … b8,
    // a8, a7, a6; a6 was empty: the move ends. South's b2/a2 (same index as
    // north's b2, a wrong opposite) hold 5 and 2 and must stay.
    let game = hus();
    let before = position(
        [2, 4, 2, 2, 2, 2, 2, 2, 2, 5, 0, 0, 0, 0, 3, 2],
        [0, 0, 0, 5, 5, 5, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0],
        NORTH,
    );
    assert_eq!(game.sow(&before, pit("a1")).unwrap().sowings, 2);
    let after = play(&game, &before, "a1");
    assert_eq!(
        after.pits(NORTH),
        [1, 1, 1, 5, 5, 5, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(
        after.pits(SOUTH),
        [2, 0, 2, 2, 2, 2, 2, 2, 2, 5, 0, 0, 0, 0, 0, 2]
    );
    assert_eq!((after.stones(SOUTH), after.stones(NORTH)), (23, 25));
    assert_eq!(game.status(&after), Status::ToMove(SOUTH));
    let text = game.describe_move(&before, &pit("a1"), None).unwrap();
    assert!(
        text.contains(
            "capture at b2: 2 from b2 + 3 from south's b7 + 4 from south's a7 = 9 stones"
        ),
        "{text}"
    );
}

#[test]
fn h3_4_sowing_goes_on_after_a_capture_through_a_second_capture_and_a_relay() {
    // South a1 = 2 → b1, b2; b2 (had 1) faces north b7 (1) and a7 (0):
    // capture 2 + 1 + 0 = 3 → b3, b4, b5; b5 (had 1) faces north b4 (2) and
    // a4 (3): capture 2 + 2 + 3 = 7 → b6, b7, b8, a8, a7, a6, a5; a5 (had 1)
    // is a first-row pit: plain relay 2 → a4, a3; a3 empty: end. 4 sowings.
    let game = hus();
    let before = position(
        [0, 0, 0, 1, 0, 0, 10, 2, 0, 1, 0, 0, 1, 0, 0, 0],
        [3, 0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 0, 0, 1, 0],
        SOUTH,
    );
    assert_eq!(game.sow(&before, pit("a1")).unwrap().sowings, 4);
    let after = play(&game, &before, "a1");
    assert_eq!(
        after.pits(SOUTH),
        [1, 1, 1, 0, 1, 1, 10, 0, 1, 0, 1, 1, 0, 1, 1, 1]
    );
    assert_eq!(
        after.pits(NORTH),
        [3, 0, 3, 3, 0, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 0]
    );
    assert_eq!((after.stones(SOUTH), after.stones(NORTH)), (21, 27));
    assert_eq!(game.status(&after), Status::ToMove(NORTH));
    let text = game.describe_move(&before, &pit("a1"), None).unwrap();
    assert!(
        text.contains("capture at b2: 2 from b2 + 1 from north's b7 + 0 from north's a7"),
        "{text}"
    );
    assert!(
        text.contains("capture at b5: 2 from b5 + 2 from north's b4 + 3 from north's a4"),
        "{text}"
    );
    assert!(text.contains("relay from a5: 2 stones"), "{text}");
    assert!(text.contains("ends in a3"), "{text}");
}

#[test]
fn h3_1_h3_4_a_capture_of_sixteen_stones_ends_in_the_emptied_capture_pit() {
    // South a1 = 2 → b1, b2; b2 (had 1) faces north b7 (8) and a7 (6):
    // capture 2 + 8 + 6 = 16, sown from b3 round the whole loop, the 16th
    // stone into b2 itself (not skipped, H3.1), emptied: the move ends.
    let game = hus();
    let before = position(
        [2, 2, 2, 2, 2, 2, 2, 2, 0, 1, 0, 0, 0, 0, 0, 0],
        [2, 6, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 8, 3],
        SOUTH,
    );
    assert_eq!(game.sow(&before, pit("a1")).unwrap().sowings, 2);
    let after = play(&game, &before, "a1");
    assert_eq!(
        after.pits(SOUTH),
        [3, 3, 3, 3, 3, 3, 3, 1, 2, 1, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(
        after.pits(NORTH),
        [2, 0, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 3]
    );
    assert_eq!(game.status(&after), Status::ToMove(NORTH));
    let text = game.describe_move(&before, &pit("a1"), None).unwrap();
    assert!(text.contains("ends in b2"), "{text}");
}

#[test]
fn h1_3_h1_5_capture_at_b8_faces_b1_and_a1_and_sows_down_into_a8() {
    // South b6 = 2 → b7, b8; b8 (had 1) faces north b1 (1) and a1 (5), not
    // north b8/a8 (2 and 6). Capture 2 + 1 + 5 = 8, sown b8 → a8 (H1.3) and on
    // to a1, which was empty: the move ends.
    let game = hus();
    let before = position(
        [1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 0, 1],
        [6, 2, 2, 2, 2, 2, 2, 5, 1, 2, 2, 2, 2, 2, 2, 2],
        SOUTH,
    );
    let after = play(&game, &before, "b6");
    assert_eq!(
        after.pits(SOUTH),
        [2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 1, 0]
    );
    assert_eq!(
        after.pits(NORTH),
        [6, 2, 2, 2, 2, 2, 2, 0, 0, 2, 2, 2, 2, 2, 2, 2]
    );
    assert_eq!((after.stones(SOUTH), after.stones(NORTH)), (16, 32));
    assert_eq!(game.status(&after), Status::ToMove(NORTH));
}

#[test]
fn h2_2_h1_2_north_first_plays_the_mirror_of_south() {
    // With first = north, north moves first; its a5 from the start sows as
    // south's would (pits named from the owner's view): a5 2 → a4, a3; relay
    // a3's 3 → a2, a1, b1 (empty).
    let game = with("first", "north");
    let start = game.initial_state(3);
    assert_eq!(game.status(&start), Status::ToMove(NORTH));
    let after = play(&game, &start, "a5");
    assert_eq!(
        after.pits(NORTH),
        [2, 2, 2, 0, 3, 0, 3, 3, 1, 0, 0, 0, 2, 2, 2, 2]
    );
    assert_eq!(after.pits(SOUTH), start.pits(SOUTH));
    assert_eq!(game.status(&after), Status::ToMove(SOUTH));
}

#[test]
fn h3_7_max_sowings_one_allows_only_moves_ending_at_once() {
    // From the start, only a pit whose 2 stones land last in an empty pit
    // ends after one sowing: a2 (→ a1, b1) and a1 (→ b1, b2).
    let game = with("max_sowings", "1");
    let start = game.initial_state(0);
    assert_eq!(legal(&game, &start), ["a2", "a1"]);
    assert!(game.check_move(&start, &pit("a5")).is_err());
    // max_sowings = 2 adds a5 (2 sowings) among others.
    let two = with("max_sowings", "2");
    assert!(legal(&two, &two.initial_state(0)).contains(&"a5".to_string()));
}

#[test]
fn h4_1_no_legal_move_loses_only_for_the_player_to_move() {
    // max_sowings = 1. South a7 = 2 → a6, a5 (empty): ends. South is left
    // with a8 = 2 whose sowing (→ a7, a6 = 1) relays: no legal move. North is
    // to move, though, so the game goes on (H4.1 second clause is for the
    // player to move). North a1 = 3 → b1, b2, b3 (empty); nothing captured
    // (south's second row is empty). Now south, to move, has no legal move:
    // north wins with its 44 stones, not doubled (south has 4) (H4.2).
    let game = with("max_sowings", "1");
    let before = game
        .position(
            [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 5, 5, 5, 5],
            SOUTH,
        )
        .unwrap();
    assert_eq!(game.status(&before), Status::ToMove(SOUTH));
    let after = play(&game, &before, "a7");
    assert_eq!(
        after.pits(SOUTH),
        [2, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(game.status(&after), Status::ToMove(NORTH));
    let last = play(&game, &after, "a1");
    assert_eq!(
        last.pits(NORTH),
        [3, 3, 3, 3, 3, 3, 3, 0, 1, 1, 1, 0, 5, 5, 5, 5]
    );
    assert_eq!(
        game.status(&last),
        Status::Over(Outcome::win(NORTH, "no-legal-move").with_scores(vec![0, 44]))
    );
}

#[test]
fn h4_1_the_player_not_to_move_with_single_stones_has_lost() {
    // A position with south to move where north holds 16 single stones:
    // north has no pit of 2 or more and has lost; south scores its 32, not
    // doubled (H4.2).
    let game = hus();
    let state = position([2; 16], [1; 16], SOUTH);
    assert_eq!(
        game.status(&state),
        Status::Over(Outcome::win(SOUTH, "no-pit-with-two-stones").with_scores(vec![32, 0]))
    );
    assert!(legal(&game, &state).is_empty());
    // Same with north to move: north itself is the one with single stones.
    let state = position([2; 16], [1; 16], NORTH);
    assert_eq!(
        game.status(&state),
        Status::Over(Outcome::win(SOUTH, "no-pit-with-two-stones").with_scores(vec![32, 0]))
    );
}

#[test]
fn h3_3_a_relay_landing_in_the_first_row_never_captures() {
    // South a8 = 2 → a7, a6; a6 (had 3) relays 4 → a5, a4, a3, a2; a2 empty:
    // the move ends. North's full second row is untouched: captures only
    // happen from the second row (H3.4).
    let game = hus();
    let before = position(
        [2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 5],
        SOUTH,
    );
    let after = play(&game, &before, "a8");
    assert_eq!(
        after.pits(SOUTH),
        [0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 2, 2, 2, 2]
    );
    assert_eq!(after.pits(NORTH), before.pits(NORTH));
}

#[test]
fn h3_7_the_limit_counts_relays_of_a_lapping_sowing() {
    // The 17-stone move of rules.rs (a8 = 17, nothing to capture) ends after
    // 1 + 8 sowings: legal with max_sowings = 9, endless with 8.
    let south = [17, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let north = [4, 4, 4, 4, 4, 4, 4, 3, 0, 0, 0, 0, 0, 0, 0, 0];
    let nine = with("max_sowings", "9");
    let state = nine.position(south, north, SOUTH).unwrap();
    assert_eq!(legal(&nine, &state), ["a8"]);
    let eight = with("max_sowings", "8");
    let state = eight.position(south, north, SOUTH).unwrap();
    assert!(legal(&eight, &state).is_empty());
    // South, to move, has a pit of 17 but no legal move: north wins (H4.1)
    // with its 31 stones (H4.2).
    assert_eq!(
        eight.status(&state),
        Status::Over(Outcome::win(NORTH, "no-legal-move").with_scores(vec![0, 31]))
    );
}
