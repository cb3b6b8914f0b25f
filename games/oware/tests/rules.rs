//! Hand-worked cases of RULES.md O1–O5, each citing its section. Positions
//! are built with [`Oware::position`]: South's row `A`–`F` and North's row
//! `a`–`f`, leftmost house first; the seeds not on the board are in the
//! stores.

use plateau::{Game, Player, Status};
use plateau_oware::{EndReason, Oware, OwareState};

const SOUTH: Player = Player(0);
const NORTH: Player = Player(1);

fn oware() -> Oware {
    Oware::standard()
}

fn position(south: [u8; 6], north: [u8; 6], stores: [u8; 2], to_move: Player) -> OwareState {
    oware()
        .position(&south, &north, stores, to_move)
        .expect("a position of the standard rules")
}

fn play(game: &Oware, state: &mut OwareState, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game.parse_move(state, text).unwrap();
        game.try_apply(state, &mv)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn legal(game: &Oware, state: &OwareState) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves.iter().map(|m| game.format_move(m)).collect()
}

#[test]
fn o1_start_and_notation() {
    let game = oware();
    let state = game.initial_state(0);
    // O1.1: six houses of four seeds a side, South to move.
    assert_eq!(state.row(SOUTH), vec![4; 6]);
    assert_eq!(state.row(NORTH), vec![4; 6]);
    assert_eq!(game.status(&state), Status::ToMove(SOUTH));
    // O1.2, O1.3: South moves from A–F, North from a–f.
    assert_eq!(legal(&game, &state), ["A", "B", "C", "D", "E", "F"]);
    let mut state = state;
    play(&game, &mut state, "F");
    assert_eq!(legal(&game, &state), ["a", "b", "c", "d", "e", "f"]);
}

#[test]
fn o2_sowing_runs_counterclockwise_into_the_other_row() {
    let game = oware();
    let mut state = game.initial_state(0);
    // O2.1: E's four seeds go to F, a, b, c.
    play(&game, &mut state, "E");
    assert_eq!(state.row(SOUTH), [4, 4, 4, 4, 0, 5]);
    assert_eq!(state.row(NORTH), [5, 5, 5, 4, 4, 4]);
    // North's f sows on into South's row: A, B, C, D.
    play(&game, &mut state, "f");
    assert_eq!(state.row(NORTH), [5, 5, 5, 4, 4, 0]);
    assert_eq!(state.row(SOUTH), [5, 5, 5, 5, 0, 5]);
}

#[test]
fn o2_a_lap_of_twelve_skips_the_house_sown_from() {
    let game = oware();
    // O2.1: A holds 12. The seeds go to B–F and a–f (11), skip A, and the
    // twelfth falls in B.
    let mut state = position([12, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [15, 15], SOUTH);
    play(&game, &mut state, "A");
    assert_eq!(state.row(SOUTH), [0, 2, 1, 1, 1, 1]);
    assert_eq!(state.row(NORTH), [2, 2, 2, 2, 2, 2]);
    assert_eq!(
        state.store(SOUTH),
        15,
        "the last seed fell in South's own row"
    );
    // With 11 the sowing ends in f, just before the origin, and captures
    // backwards from there: f, e, …, a all hold 2 — but that is every seed
    // of North's row: a grand slam (O3.2), nothing is taken.
    let mut state = position([11, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [16, 15], SOUTH);
    play(&game, &mut state, "A");
    assert_eq!(state.row(SOUTH), [0, 1, 1, 1, 1, 1]);
    assert_eq!(state.row(NORTH), [2, 2, 2, 2, 2, 2]);
    assert_eq!(state.store(SOUTH), 16);
    // 23 seeds: two laps of the other eleven houses and one more in B.
    let mut state = position([23, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], [12, 12], SOUTH);
    play(&game, &mut state, "A");
    assert_eq!(state.row(SOUTH), [0, 3, 2, 2, 2, 2]);
    assert_eq!(state.row(NORTH), [2, 2, 2, 2, 2, 3]);
}

#[test]
fn o3_capture_of_twos_and_threes_backwards() {
    let game = oware();
    // O3.1: F's two seeds make a 2 and b 3; b is the last, so b (3) and,
    // going back, a (2) are taken: 5 for South. The capture stops at the
    // end of North's row.
    let mut state = position([0, 0, 0, 0, 1, 2], [1, 2, 4, 4, 4, 4], [13, 13], SOUTH);
    play(&game, &mut state, "F");
    assert_eq!(state.row(NORTH), [0, 0, 4, 4, 4, 4]);
    assert_eq!(state.store(SOUTH), 18);
    // O3.3: captured seeds stay in the store.
    assert_eq!(state.store(NORTH), 13);

    // The capture stops at the first house that does not qualify: E's
    // three seeds end in b (3), a holds 5 and is not taken.
    let mut state = position([0, 0, 0, 0, 3, 0], [4, 2, 1, 4, 4, 4], [13, 13], SOUTH);
    play(&game, &mut state, "E");
    assert_eq!(state.row(NORTH), [5, 0, 1, 4, 4, 4]);
    assert_eq!(state.store(SOUTH), 16);

    // No capture when the last seed falls in the mover's own row.
    let mut state = position([1, 1, 0, 0, 0, 0], [4, 4, 4, 4, 4, 4], [11, 11], SOUTH);
    play(&game, &mut state, "A");
    assert_eq!(state.row(SOUTH), [0, 2, 0, 0, 0, 0]);
    assert_eq!(state.store(SOUTH), 11);

    // North captures in South's row the same way: f's two seeds make A 2
    // and B 3.
    let mut state = position([1, 2, 4, 4, 4, 4], [0, 0, 0, 0, 1, 2], [13, 13], NORTH);
    play(&game, &mut state, "f");
    assert_eq!(state.row(SOUTH), [0, 0, 4, 4, 4, 4]);
    assert_eq!(state.store(NORTH), 18);
}

#[test]
fn o3_a_grand_slam_captures_nothing_and_clears_no_positions() {
    let game = oware();
    // O3.2: F makes a 2 and b 3, the whole of North's row: nothing is
    // captured, the move is still played.
    let mut state = position([1, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 0], [20, 22], SOUTH);
    assert_eq!(state.seen().len(), 1);
    play(&game, &mut state, "F");
    assert_eq!(state.row(SOUTH), [1, 0, 0, 0, 0, 0]);
    assert_eq!(state.row(NORTH), [2, 3, 0, 0, 0, 0]);
    assert_eq!(state.store(SOUTH), 20);
    assert_eq!(game.status(&state), Status::ToMove(NORTH));
    // O5.6: a grand slam clears nothing: the position before it is still
    // among the positions since the last capture.
    assert_eq!(state.seen().len(), 2);
    assert!(state.has_seen(&[1, 0, 0, 0, 0, 2], &[1, 2, 0, 0, 0, 0], SOUTH));

    // A real capture does clear them: D and f capture nothing, then F
    // takes b and a.
    let mut state = position([0, 0, 0, 1, 0, 2], [1, 2, 4, 4, 4, 4], [13, 13], SOUTH);
    play(&game, &mut state, "D f");
    assert_eq!(state.seen().len(), 3);
    play(&game, &mut state, "F");
    assert_eq!(state.store(SOUTH), 18, "F captured 3 + 2");
    assert_eq!(state.seen().len(), 1);
    assert!(!state.has_seen(&[0, 0, 0, 1, 0, 2], &[1, 2, 4, 4, 4, 4], SOUTH));
}

#[test]
fn o4_a_forced_feeding_move() {
    let game = oware();
    // O4.1: North's row is empty. A's 3 seeds and E's 1 stay in South's
    // row; only F reaches North's row.
    let state = position([3, 0, 0, 0, 1, 1], [0; 6], [21, 22], SOUTH);
    assert_eq!(legal(&game, &state), ["F"]);
    let a = game.parse_move(&state, "A").unwrap();
    let err = game.check_move(&state, &a).unwrap_err();
    assert!(err.contains("O4.1") && err.contains("north"), "{err}");
    // With 2 seeds E reaches a too.
    let state = position([3, 0, 0, 0, 2, 1], [0; 6], [21, 21], SOUTH);
    assert_eq!(legal(&game, &state), ["E", "F"]);
}

#[test]
fn o4_no_feeding_move_ends_the_game_and_each_side_collects_its_row() {
    let game = oware();
    // O4.2, O5.3: North's f sows its last seed into A; North's row is now
    // empty and South's A (2 seeds) cannot reach it: no legal move. O5.4:
    // South collects the 2 seeds of its row: 23 + 2 = 25 against 23.
    let mut state = position([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], [23, 23], NORTH);
    play(&game, &mut state, "f");
    let outcome = game.status(&state).outcome().cloned().expect("over");
    assert_eq!(outcome.reason, EndReason::NoLegalMove.as_str());
    assert_eq!(outcome.winner, Some(SOUTH));
    assert_eq!(outcome.scores, Some(vec![25, 23]));
    assert!(!outcome.capped);
    assert!(legal(&game, &state).is_empty());

    // A position with no feeding move is over at once.
    let state = position([1, 1, 0, 0, 0, 0], [0; 6], [22, 24], SOUTH);
    let outcome = game.status(&state).outcome().cloned().expect("over");
    assert_eq!(outcome.reason, "no-legal-move");
    assert_eq!(outcome.scores, Some(vec![24, 24]));
    assert_eq!(outcome.winner, None, "equal stores are a draw (O5.4)");
}

#[test]
fn o5_1_more_than_half_wins_at_once() {
    let game = oware();
    // South's F (1 seed) makes a 2 in a: 2 more for South, 25 of 48.
    let mut state = position([0, 0, 0, 0, 0, 1], [1, 0, 0, 4, 0, 0], [23, 19], SOUTH);
    play(&game, &mut state, "F");
    let outcome = game.status(&state).outcome().cloned().expect("over");
    assert_eq!(outcome.reason, EndReason::Majority.as_str());
    assert_eq!(outcome.winner, Some(SOUTH));
    // The rows are still collected into the scores (O5.4).
    assert_eq!(outcome.scores, Some(vec![25, 23]));
}

#[test]
fn o5_1_two_exact_halves_draw() {
    // No move of the standard game reaches 24 and 24 in the stores: the
    // board would have to be emptied by a capture of every seed of the
    // opponent's row, which is a grand slam (O3.2). The clause is checked
    // on a built position, decided as after a move (O5.6); equal stores at
    // the other ends are draws too (see the no-legal-move case).
    let game = oware();
    let state = position([0; 6], [0; 6], [24, 24], SOUTH);
    let outcome = game.status(&state).outcome().cloned().expect("over");
    assert_eq!(outcome.reason, "majority");
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.scores, Some(vec![24, 24]));
}

#[test]
fn o5_2_a_repetition_of_the_start_position_ends_the_game() {
    let game = oware();
    // One seed each, in F and f. Every move is forced: South F→a, North must
    // feed with f→A (O4.1), then each seed walks on one house a move. After
    // 12 moves the seeds are back in F and f with South to move: the start
    // position, which counts as occurred (O5.6).
    let start = position([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], [22, 24], SOUTH);
    let mut state = start;
    let mut moves = Vec::new();
    for ply in 0..12 {
        assert!(game.status(&state).to_move().is_some(), "over at ply {ply}");
        let legal = legal(&game, &state);
        assert_eq!(legal.len(), 1, "ply {ply}: forced");
        moves.push(legal[0].clone());
        play(&game, &mut state, &legal[0]);
    }
    assert_eq!(moves.join(" "), "F f A a B b C c D d E e");
    assert_eq!(state.row(SOUTH), [0, 0, 0, 0, 0, 1]);
    assert_eq!(state.row(NORTH), [0, 0, 0, 0, 0, 1]);
    let outcome = game.status(&state).outcome().cloned().expect("over");
    assert_eq!(outcome.reason, EndReason::Repetition.as_str());
    // O5.4: each collects its row: 23 against 25.
    assert_eq!(outcome.scores, Some(vec![23, 25]));
    assert_eq!(outcome.winner, Some(NORTH));

    // The same seeds with the other player to move are another position
    // (O5.2): the start with North to move was never seen.
    assert!(start.has_seen(&[0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 1], SOUTH));
    assert!(!start.has_seen(&[0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 1], NORTH));
}

#[test]
fn o5_6_the_majority_is_checked_before_no_legal_move() {
    let game = oware();
    // South's F makes a 2 in a and takes it: 25 for South. North is left
    // with b (1) facing an empty South row it cannot reach, so O5.3 would
    // also end the game; O5.1 comes first.
    let mut state = position([0, 0, 0, 0, 0, 1], [1, 1, 0, 0, 0, 0], [23, 22], SOUTH);
    play(&game, &mut state, "F");
    let outcome = game.status(&state).outcome().cloned().expect("over");
    assert_eq!(outcome.reason, "majority");
    assert_eq!(outcome.winner, Some(SOUTH));
    assert_eq!(outcome.scores, Some(vec![25, 23]));
}

#[test]
fn o5_5_every_reason_is_named() {
    let names: Vec<_> = EndReason::ALL.iter().map(|r| r.as_str()).collect();
    assert_eq!(
        names,
        ["majority", "repetition", "no-legal-move", "history-cap"]
    );
    for reason in EndReason::ALL {
        assert_eq!(EndReason::parse(reason.as_str()), Some(reason));
    }
}

#[test]
fn moves_from_the_wrong_row_or_an_empty_house_are_refused() {
    let game = oware();
    let state = position([0, 4, 4, 4, 4, 4], [4; 6], [2, 2], SOUTH);
    let a = game.parse_move(&state, "A").unwrap();
    assert!(game.check_move(&state, &a).unwrap_err().contains("empty"));
    let c = game.parse_move(&state, "c").unwrap();
    assert!(game.check_move(&state, &c).unwrap_err().contains("north's"));
    let mut after = state;
    assert!(game.try_apply(&mut after, &c).is_err());
    assert_eq!(after, state);
}

#[test]
fn the_start_is_the_position_of_the_rules() {
    let game = oware();
    // O1.1 and O5.6: the start, with the start position as the one
    // position occurred so far.
    let built = game.position(&[4; 6], &[4; 6], [0, 0], SOUTH).unwrap();
    assert_eq!(game.initial_state(7), built);
    assert_eq!(built.seen().len(), 1);
}

/// Distinct positions of 5 seeds on the board, other than those of `skip`,
/// as the JSON's `"south row / north row / player"` (the last house first
/// varies slowest).
fn other_positions(count: usize, skip: &[String]) -> Vec<String> {
    let row = |h: &[u8]| h.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    let mut houses = [0u8; 12];
    'outer: for code in 0u32.. {
        // Five seeds placed house by house, base 12.
        houses.fill(0);
        let mut c = code;
        for _ in 0..5 {
            houses[(c % 12) as usize] += 1;
            c /= 12;
        }
        for side in ["south", "north"] {
            let text = format!("{} / {} / {side}", row(&houses[..6]), row(&houses[6..]));
            if !skip.contains(&text) && !out.contains(&text) {
                out.push(text);
                if out.len() == count {
                    break 'outer;
                }
            }
        }
    }
    out
}

#[test]
fn engine_cap_a_full_list_of_positions_ends_the_game_after_a_new_one() {
    // RULES.md O5.2 ends the game on a position that occurred since the
    // last capture and sets no bound on how many there are; the engine
    // keeps at most CAPACITY of them (a `Copy` state), and a move that
    // would add one more ends the game as `history-cap`, marked as capped
    // and scored as O5.4 (repetition.rs). Checked on a state whose list is
    // full: the current position last, and among the others the one that D
    // reaches.
    let game = oware();
    let cap = plateau_oware::repetition::CAPACITY;
    let current = "0 0 0 1 1 1 / 1 1 0 0 0 0 / south".to_string();
    let after_d = "0 0 0 0 2 1 / 1 1 0 0 0 0 / north".to_string();
    let after_e = "0 0 0 1 0 2 / 1 1 0 0 0 0 / north".to_string();
    let mut seen = other_positions(cap - 2, &[current.clone(), after_d.clone(), after_e]);
    seen.insert(seen.len() / 2, after_d);
    seen.push(current);
    assert_eq!(seen.len(), cap);
    let json = plateau::serde_json::json!({
        "seat": "south",
        "state": {
            "south": [0, 0, 0, 1, 1, 1], "north": [1, 1, 0, 0, 0, 0],
            "stores": {"south": 20, "north": 23}, "to_move": "south", "ply": 300,
            "seen": seen, "outcome": null,
        }
    });
    let full: OwareState = plateau::serde_json::from_value::<plateau_oware::OwareView>(json)
        .unwrap()
        .state;
    assert_eq!(full.seen().len(), cap);
    assert_eq!(legal(&game, &full), ["D", "E", "F"]);

    // D: the position reached is in the list: O5.2 ends the game, before
    // the cap is looked at.
    let mut state = full;
    play(&game, &mut state, "D");
    let outcome = game.status(&state).outcome().cloned().expect("over");
    assert_eq!(outcome.reason, EndReason::Repetition.as_str());
    assert!(!outcome.capped);

    // E: a new position (E's seed falls in South's own F, no capture, O3.1)
    // and no room for it: the engine cap. Each side collects its row
    // (O5.4): South 20 + 3, North 23 + 2.
    let mut state = full;
    play(&game, &mut state, "E");
    let outcome = game.status(&state).outcome().cloned().expect("over");
    assert_eq!(outcome.reason, EndReason::HistoryCap.as_str());
    assert!(outcome.capped);
    assert_eq!(outcome.scores, Some(vec![23, 25]));
    assert_eq!(outcome.winner, Some(NORTH));
    assert_eq!(state.seen().len(), cap, "nothing was added");

    // F: its seed makes a 2 in a, captured (O3.1; b keeps one, so no grand
    // slam, O3.2): the list is cleared (O5.6) and the game goes on.
    let mut state = full;
    play(&game, &mut state, "F");
    assert_eq!(game.status(&state), Status::ToMove(NORTH));
    assert_eq!(state.store(SOUTH), 22);
    assert_eq!(state.seen().len(), 1);
}

#[test]
fn a_view_reads_from_json_with_one_line_errors() {
    let game = oware();
    let start = game.initial_state(0);
    let view = game.view(&start, NORTH);
    let text = plateau::serde_json::to_string(&view).unwrap();
    let back = plateau_oware::OwareView::from_json(&text).unwrap();
    assert_eq!(back, view);
    // An unknown key with a line break in it: named, escaped, one line.
    let bad = text.replacen("\"north\":[", "\"n\\rth\":[", 1);
    let e = plateau_oware::OwareView::from_json(&bad).unwrap_err();
    assert!(e.contains("unknown field `n\\rth`"), "{e}");
    assert!(!e.contains('\r') && !e.contains('\n'), "{e:?}");
    // A position repeated in the list of O5.2 is refused.
    let twice = text.replacen(
        "\"seen\":[\"4 4 4 4 4 4 / 4 4 4 4 4 4 / south\"]",
        "\"seen\":[\"4 4 4 4 4 4 / 4 4 4 4 4 4 / south\",\"4 4 4 4 4 4 / 4 4 4 4 4 4 / south\"]",
        1,
    );
    assert_ne!(twice, text);
    let e = plateau_oware::OwareView::from_json(&twice).unwrap_err();
    assert!(e.contains("none repeated"), "{e}");
}
