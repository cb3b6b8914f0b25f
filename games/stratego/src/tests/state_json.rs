//! The JSON form of a state (`state_json.rs`, `restore.rs`): readable, a
//! JSON value (no number beyond what JSON readers hold exactly), read back
//! equal, and refused with an error naming the field when inconsistent.
use super::*;
use plateau::rand::Rng;
use proptest::prelude::*;
use serde_json::{json, Value};

/// Original after both fixed setups and `a4-a5 a7-a6 a5xa6 b7-b6`: Red's
/// scout lost against Blue's sergeant, Red to move.
fn base() -> (Stratego, StrategoState) {
    let game = rules(&[]);
    let mut st = started(&game);
    play(&game, &mut st, "a4-a5 a7-a6 a5xa6 b7-b6");
    (game, st)
}

fn to_json(st: &StrategoState) -> Value {
    serde_json::to_value(st).expect("a state is a JSON value")
}

/// Reads a state back, checking that it equals `st` both from a value and
/// from text.
fn assert_round_trip(st: &StrategoState) {
    let value = to_json(st);
    let back: StrategoState =
        serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{e}\n{value:#}"));
    assert_eq!(&back, st);
    let text = serde_json::to_string(st).unwrap();
    assert_eq!(&serde_json::from_str::<StrategoState>(&text).unwrap(), st);
}

/// The error reading this JSON gives.
fn refusal(value: Value) -> String {
    match serde_json::from_value::<StrategoState>(value) {
        Ok(_) => panic!("an inconsistent state was accepted"),
        Err(e) => e.to_string(),
    }
}

/// Asserts that the edit of the base state's JSON is refused with an error
/// containing each of `parts`.
fn assert_refused(edit: impl FnOnce(&mut Value), parts: &[&str]) {
    let (_, st) = base();
    let mut value = to_json(&st);
    edit(&mut value);
    let e = refusal(value);
    for part in parts {
        assert!(e.contains(part), "{e:?} does not say {part:?}");
    }
}

#[test]
fn the_json_names_sides_pieces_and_squares_and_keeps_engine_tables_out() {
    let (_, st) = base();
    let v = to_json(&st);
    assert_eq!(v["setups_done"], 2);
    assert_eq!(v["to_move"], "red");
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(v["plies"], 4);
    assert_eq!(v["plies_without_capture"], 1);
    // Red's pieces in setup order (S3.3: front row first, from file a).
    assert_eq!(
        v["pieces"][0],
        json!({"side": "red", "piece": "scout", "square": null, "origin": "a4",
               "moved": true, "revealed": true})
    );
    assert_eq!(
        v["pieces"][14],
        json!({"side": "red", "piece": "marshal", "square": "e3",
               "moved": false, "revealed": false})
    );
    // Blue's sergeant set up on a7 won the fight and stands on a6 (S5.1).
    assert_eq!(
        v["pieces"][40],
        json!({"side": "blue", "piece": "sergeant", "square": "a6", "origin": "a7",
               "moved": true, "revealed": true})
    );
    assert_eq!(v["pieces"].as_array().unwrap().len(), 80);
    assert_eq!(v["sides"][0]["name"], "red");
    assert_eq!(v["sides"][0]["tray"], json!({"scout": 1}));
    assert_eq!(v["sides"][1]["tray"], json!({}));
    // S7: Red's scout was removed in its attack, ending its series.
    assert_eq!(
        v["sides"][0]["two_squares"],
        json!({"from": "a5", "to": "a6", "count": 0})
    );
    assert_eq!(
        v["sides"][1]["two_squares"],
        json!({"from": "b7", "to": "b6", "count": 1})
    );
    assert_eq!(v["sides"][1]["chase"]["active"], false);
    assert_eq!(v["history"][1], json!({"type": "setup", "side": "blue"}));
    assert_eq!(
        v["history"][4],
        json!({"type": "move", "side": "red", "from": "a5", "to": "a6",
               "combat": {"attacker": "scout", "defender": "sergeant", "result": "defender-wins"}})
    );
    assert_eq!(v["board"]["lakes"][0], "c5");
    assert_eq!(
        v["kinds"][0],
        json!({"name": "marshal", "symbol": "X", "moves": "step", "movable": true})
    );
    assert_eq!(
        v["kinds"][11],
        json!({"name": "flag", "symbol": "F", "moves": "fixed", "movable": false})
    );
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    for internal in [
        "movers", "slot", "occ", "cls", "hash", "movable", "gone", "kind",
    ] {
        assert!(
            !keys.iter().any(|k| *k == internal),
            "{internal} in {keys:?}"
        );
    }
    assert_round_trip(&st);
}

#[test]
fn s12_5_reconquest_and_s8_chase_records_are_in_the_json() {
    // Red's major loses to a general; Red's lieutenant reaches Blue's back
    // row next to a colonel (S8.1: a threat) and returns the major (S12.5).
    let game = rules(&[("options.reconquest", "true")]);
    let mut st = position(
        &game,
        "
        .  b8 .  .  b8 .  .  .  .  bF
        r5 .  .  .  .  .  .  .  .  b4
        .  .  .  .  .  .  b9 .  .  .
        .  .  .  .  .  .  r7 .  .  .
        .  .  ~  ~  .  .  ~  ~  .  .
        .  .  ~  ~  .  .  ~  ~  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        rF .  .  .  .  .  .  .  .  .
    ",
        0,
    );
    play(&game, &mut st, "g7xg8 j9-i9 a9-a10");
    assert!(st.step_pending());
    let v = to_json(&st);
    assert_eq!(
        v["pending_step"],
        json!({"square": "a10", "threatens": ["b10"], "judged": false, "skip_only": false})
    );
    assert_eq!(v["sides"][0]["tray"], json!({"major": 1}));
    assert_round_trip(&st);
    // The step must follow the move that reached the row.
    let mut moved = v.clone();
    moved["pending_step"]["square"] = json!("a9");
    assert!(refusal(moved).contains("pending_step: a reconquest step follows the last move"));
    let mut scout = v.clone();
    scout["pending_step"]["skip_only"] = json!(true);
    assert!(refusal(scout).contains("pending_step.skip_only"));

    play(&game, &mut st, "return 7 b1");
    let v = to_json(&st);
    assert_eq!(v["pending_step"], Value::Null);
    assert_eq!(
        v["pieces"][0],
        json!({"side": "red", "piece": "lieutenant", "square": "a10", "origin": "a9",
               "moved": true, "revealed": false, "marked": true})
    );
    // S12.5b: the returned piece is revealed and has not moved since.
    assert_eq!(
        v["pieces"][1],
        json!({"side": "red", "piece": "major", "square": "b1", "origin": "g7",
               "moved": false, "revealed": true})
    );
    assert_eq!(v["sides"][0]["returns"], 1);
    assert_eq!(v["sides"][0]["tray"], json!({}));
    assert_eq!(
        v["history"].as_array().unwrap().last().unwrap(),
        &json!({"type": "return", "side": "red", "piece": "major", "square": "b1"})
    );
    // S8: the move and its step are recorded in Red's chase.
    let chase = &v["sides"][0]["chase"];
    assert_eq!(chase["square"], "a10");
    assert_eq!(chase["threatens"], json!(["b10"]));
    let key = chase["positions"][0].as_str().unwrap();
    assert_eq!(u64::from_str_radix(key, 16).unwrap(), st.position_key());
    assert_round_trip(&st);
    game.check_state(&st).unwrap();

    let mut unmarked = v.clone();
    unmarked["pieces"][0]["marked"] = json!(false);
    assert!(refusal(unmarked)
        .contains("\"marked\" is false, but by the history it has returned a piece"));
    let mut returns = v;
    returns["sides"][0]["returns"] = json!(0);
    assert!(refusal(returns).contains("sides[0] (red).returns: 0, but the history has 1"));
}

#[test]
fn inconsistent_json_is_refused_naming_the_field_and_the_problem() {
    // Two pieces on one square.
    assert_refused(
        |v| v["pieces"][2]["square"] = json!("b4"),
        &[
            "pieces[2] (red scout)",
            "pieces[1] stands on b4 too",
            "two pieces on one square",
        ],
    );
    assert_refused(
        |v| v["pieces"][0]["origin"] = json!("b4"),
        &["pieces[1] (red miner)", "pieces[0] was set up on b4 too"],
    );
    // A piece on a lake, off the board, on an unknown square.
    assert_refused(
        |v| v["pieces"][2]["square"] = json!("c5"),
        &["pieces[2] (red scout): c5 is a lake"],
    );
    assert_refused(
        |v| v["board"]["files"] = json!(8),
        &["pieces[8] (red major): i4 is outside the 8×10 board"],
    );
    assert_refused(
        |v| v["pieces"][2]["square"] = json!("k4"),
        &["'k4' is not a square"],
    );
    // Unknown names.
    assert_refused(
        |v| v["pieces"][2]["piece"] = json!("dragon"),
        &["pieces[2]: unknown piece \"dragon\"", "marshal, general"],
    );
    assert_refused(
        |v| v["pieces"][2]["side"] = json!("green"),
        &["pieces[2]: unknown side \"green\" (the sides are red and blue)"],
    );
    assert_refused(
        |v| v["to_move"] = json!("green"),
        &["to_move: unknown side"],
    );
    assert_refused(
        |v| v["outcome"] = json!({"winner": "red", "reason": "checkmate"}),
        &[
            "outcome.reason: unknown reason \"checkmate\"",
            "flag-captured",
        ],
    );
    assert_refused(|v| v["hash"] = json!(1), &["unknown field `hash`"]);
    // Counts that disagree with the history.
    assert_refused(
        |v| v["sides"][0]["tray"]["scout"] = json!(2),
        &["sides[0] (red).tray: 2 scout in the tray, but by the history 1"],
    );
    assert_refused(
        |v| v["sides"][1]["tray"]["marshal"] = json!(1),
        &["sides[1] (blue).tray: 1 marshal in the tray, but by the history 0"],
    );
    assert_refused(
        |v| v["plies"] = json!(5),
        &["plies: 5, but the history has 4 moves of play"],
    );
    assert_refused(
        |v| v["plies_without_capture"] = json!(0),
        &["plies_without_capture: 0, but the history has 1"],
    );
    assert_refused(
        |v| v["setups_done"] = json!(1),
        &["setups_done: 1, but the history has 2 setups"],
    );
    assert_refused(
        |v| v["pieces"][1]["moved"] = json!(true),
        &["pieces[1] (red miner): \"moved\" is true, but by the history it has not moved"],
    );
    assert_refused(
        |v| v["pieces"][40]["revealed"] = json!(false),
        &["pieces[40] (blue sergeant): \"revealed\" is false, but by the history its rank was shown"],
    );
    assert_refused(
        |v| {
            v["pieces"][1]["square"] = json!("b5");
            v["pieces"][1]["origin"] = json!("b4");
        },
        &["pieces[1] (red miner): \"square\" says it is on b5, but the history leaves it on b4"],
    );
    assert_refused(
        |v| v["pieces"][0]["origin"] = Value::Null,
        &["pieces[0] (red scout): a removed piece needs its \"origin\""],
    );
    // A history that does not fit the pieces.
    assert_refused(
        |v| v["history"][2]["from"] = json!("e5"),
        &["history[2] (red e5-a5): red has no piece on e5"],
    );
    assert_refused(
        |v| v["history"][4]["combat"]["defender"] = json!("marshal"),
        &["history[4] (red a5-a6): the defender on a6 is a sergeant, not a marshal"],
    );
    assert_refused(
        |v| v["history"][4]["combat"]["attacker"] = json!("miner"),
        &["the attacker on a5 is a scout, not a miner"],
    );
    assert_refused(
        |v| {
            v["history"][4].as_object_mut().unwrap().remove("combat");
        },
        &["history[4] (red a5-a6): the move attacks the piece on a6 but gives no \"combat\""],
    );
    assert_refused(
        |v| v["history"][3]["to"] = json!("a7"),
        &["history[3] (blue a7-a7): a move goes to another square"],
    );
    assert_refused(
        |v| v["history"][2]["from"] = json!("d4"),
        &["the bomb on d4 never moves"],
    );
    assert_refused(
        |v| v["history"].as_array_mut().unwrap().swap(0, 1),
        &["history[0]: red sets up first, then blue"],
    );
    assert_refused(
        |v| {
            v["history"].as_array_mut().unwrap().remove(1);
        },
        &["history[1] (red a4-a5): a move before both sides have set up (S3.2)"],
    );
    assert_refused(
        |v| {
            let h = v["history"].as_array_mut().unwrap();
            h.truncate(1);
        },
        &["pieces: blue has 40 pieces, but the history has no setup of blue"],
    );
    assert_refused(
        |v| {
            let h = v["history"].as_array_mut().unwrap();
            h.push(json!({"type": "skip", "side": "red"}));
        },
        &["(red skips): a return or skip follows a move of the same side"],
    );
    assert_refused(
        |v| v["pending_step"] = json!({"square": "b6"}),
        &["pending_step: a reconquest step follows the last move, a move of red"],
    );
    // Malformed records and rules.
    assert_refused(
        |v| v["sides"][1]["chase"]["threatens"] = json!(["a9"]),
        &["sides[1] (blue).chase.threatens[0]: a9 is not next to a6"],
    );
    assert_refused(
        |v| v["sides"][1]["chase"]["positions"] = json!(["xyz"]),
        &["sides[1] (blue).chase.positions[0]: \"xyz\" is no position key"],
    );
    assert_refused(
        |v| {
            v["board"]["lakes"]
                .as_array_mut()
                .unwrap()
                .push(json!("c5"))
        },
        &["board.lakes[8]: c5 is listed twice"],
    );
    assert_refused(
        |v| v["board"]["ranks"] = json!(11),
        &["board.ranks: 11 is not 2 to 10"],
    );
    assert_refused(
        |v| v["kinds"][1]["name"] = json!("marshal"),
        &["kinds[1]: a second kind named \"marshal\""],
    );
    assert_refused(
        |v| v["kinds"][11]["movable"] = json!(true),
        &["kinds[11] (flag): a piece that moves \"fixed\" is no movable piece (S9)"],
    );
    assert_refused(
        |v| {
            let kinds = v["kinds"].as_array_mut().unwrap();
            for i in 0..4 {
                kinds.push(json!({"name": format!("k{i}"), "symbol": "?", "moves": "step", "movable": true}));
            }
        },
        &["kinds: 16 kinds of piece; there are 1 to 15"],
    );
    assert_refused(
        |v| v["sides"][1]["name"] = json!("red"),
        &["sides: both sides are named \"red\""],
    );
    assert_refused(
        |v| {
            // 51 pieces for Red on distinct squares.
            let squares: Vec<String> = crate::board::squares(10, 10)
                .filter(|sq| {
                    !["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"]
                        .contains(&sq.to_string().as_str())
                })
                .map(|sq| sq.to_string())
                .take(51)
                .collect();
            v["pieces"] = squares
                .iter()
                .map(|sq| json!({"side": "red", "piece": "scout", "square": sq}))
                .collect();
        },
        &["pieces[50] (red scout): red has more than 50 pieces"],
    );
    // The old form, a dump of the engine's arrays, is refused too.
    let e = refusal(json!({"board": [0, 255], "kind": [0], "to_move": 0}));
    assert!(e.contains("board"), "{e}");
}

#[test]
fn refusals_quoting_the_input_stay_on_one_line() {
    // Found by tests/tests/malformed_input.rs: names, squares, fields and
    // event types holding a line break were quoted as they were.
    let edits = [
        ("/pieces/2/piece", "\ncout", "unknown piece \"\\ncout\""),
        ("/pieces/2/square", "\nj8", "'\\nj8' is not a square"),
        ("/history/2/type", "\nmove", "unknown variant `\\nmove`"),
    ];
    let mut cases: Vec<(Value, &str)> = edits
        .iter()
        .map(|&(at, text, says)| {
            let mut value = to_json(&base().1);
            *value.pointer_mut(at).unwrap() = json!(text);
            (value, says)
        })
        .collect();
    let mut value = to_json(&base().1);
    value["a\nb"] = json!(1);
    cases.push((value, "unknown field `a\\nb`"));
    for (value, says) in cases {
        let from_value = refusal(value.clone());
        let from_text = serde_json::from_str::<StrategoState>(&value.to_string())
            .unwrap_err()
            .to_string();
        for e in [from_value, from_text] {
            assert!(
                !e.contains('\n') && e.contains(says),
                "{e:?} does not say {says:?}"
            );
        }
    }
}

#[test]
fn s3_2_during_the_setups_the_side_to_set_up_is_checked() {
    let game = rules(&[]);
    let mut st = game.initial_state(0);
    assert_round_trip(&st);
    let mut v = to_json(&st);
    assert_eq!(v["pieces"], json!([]));
    v["to_move"] = json!("blue");
    assert!(refusal(v).contains("to_move: red sets up next, not blue (S3.2)"));
    let red = game.parse_setup(Player(0), RED).unwrap();
    game.apply(&mut st, &Move::Setup(red));
    assert_round_trip(&st);
    game.check_state(&st).unwrap();
    // Blue's setup is to come: Red's pieces may not stand on Blue's half.
    let mut v = to_json(&st);
    v["pieces"][0]["square"] = json!("a8");
    let e = refusal(v);
    assert!(
        e.contains("pieces[0]: during the setups, red's pieces stand on its half"),
        "{e}"
    );
}

#[test]
fn check_state_tells_whether_a_state_fits_the_rules() {
    let (game, st) = base();
    game.check_state(&st).unwrap();
    let back: StrategoState = serde_json::from_value(to_json(&st)).unwrap();
    game.check_state(&back).unwrap();
    let duel = Stratego::variant("duel").unwrap();
    let e = duel.check_state(&back).unwrap_err().to_string();
    assert!(
        e.starts_with("the state's pieces are marshal, general"),
        "{e}"
    );
    let mobile = rules(&[("options.mobile_bombs", "true")]);
    let e = mobile.check_state(&back).unwrap_err().to_string();
    assert_eq!(
        e,
        "the state's bomb has symbol B, moves \"fixed\"; under these rules it has symbol B, moves \"mobile\""
    );
    // S2: no more pieces of a kind than the army has.
    let mut v = to_json(&st);
    v["pieces"][1]["piece"] = json!("marshal");
    let two_marshals: StrategoState = serde_json::from_value(v).unwrap();
    assert_eq!(
        game.check_state(&two_marshals).unwrap_err().to_string(),
        "the state has 2 red marshals; the army has 1 (S2)"
    );
    let star_wars = Stratego::variant("star-wars").unwrap();
    assert!(star_wars
        .check_state(&back)
        .unwrap_err()
        .to_string()
        .contains("sides"));
    let small =
        plateau::rules::load::<Stratego>(&RulesSpec::variant("original").set("board.lakes", "[]"))
            .unwrap()
            .game;
    let e = small.check_state(&back).unwrap_err().to_string();
    assert!(e.starts_with("the state's lakes are [c5, d5"), "{e}");

    // S9: an outcome left out is read (the JSON alone does not know the
    // rules' ends) but does not fit the rules.
    let mut st = position(
        &game,
        "
        bF .  .  .  .  .  .  .  .  b4
        r2 .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  ~  ~  .  .  ~  ~  .  .
        .  .  ~  ~  .  .  ~  ~  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        rF r4 .  .  .  .  .  .  .  .
    ",
        0,
    );
    play(&game, &mut st, "a9xa10");
    let mut v = to_json(&st);
    assert_eq!(
        v["outcome"],
        json!({"winner": "red", "reason": "flag-captured"})
    );
    v["outcome"] = Value::Null;
    let unfinished: StrategoState = serde_json::from_value(v).unwrap();
    assert_eq!(
        game.check_state(&unfinished).unwrap_err().to_string(),
        "the blue flag is captured, so the game is over (S9.1), but the state has no outcome"
    );
    for seed in 0..6 {
        let game = with_options("duel", 0, &[("max_plies", "30")]);
        let st = random_state(&game, seed, 1000);
        let mut v = to_json(&st);
        let reason = v["outcome"]["reason"].as_str().unwrap().to_string();
        v["outcome"] = Value::Null;
        let unfinished: StrategoState = serde_json::from_value(v).unwrap();
        let e = game.check_state(&unfinished).unwrap_err().to_string();
        assert!(e.contains("the game is over"), "{reason}: {e}");
    }
}

#[test]
fn views_are_json_values_too() {
    let (game, st) = base();
    for p in [Player(0), Player(1)] {
        let view = game.view(&st, p);
        let v = serde_json::to_value(&view).unwrap();
        assert_eq!(
            serde_json::from_value::<crate::StrategoView>(v).unwrap(),
            view
        );
    }
}

/// Every number in a JSON value is an integer that a reader with 64-bit
/// floating point numbers holds exactly.
fn assert_small_numbers(v: &Value) {
    match v {
        Value::Number(n) => assert!(n.as_u64().is_some_and(|n| n < 1 << 53), "{n}"),
        Value::Array(a) => a.iter().for_each(assert_small_numbers),
        Value::Object(o) => o.values().for_each(assert_small_numbers),
        _ => {}
    }
}

/// A game of a small variant with the options of `mask`.
fn game_for(variant: usize, mask: u8) -> Stratego {
    let name = ["barrage", "duel", "blitz", "original"][variant];
    with_options(name, mask, &[])
}

/// A seeded random game of up to `plies` actions (setups included).
fn random_state(game: &Stratego, seed: u64, plies: usize) -> StrategoState {
    let mut st = game.initial_state(seed);
    let mut rng = plateau::rng(seed);
    for _ in 0..plies {
        match game.random_move(&st, &mut rng) {
            Some(mv) => game.apply(&mut st, &mv),
            None => break,
        }
    }
    st
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random games under random options round-trip exactly at a random ply,
    /// fit their rules, and play on exactly as the original: same legal
    /// moves in the same order, same random moves.
    #[test]
    fn random_states_round_trip_exactly(
        variant in 0usize..4,
        mask in 0u8..64,
        seed in 0u64..1_000_000,
        plies in 0usize..260,
    ) {
        let game = game_for(variant, mask);
        let st = random_state(&game, seed, plies);
        let value = to_json(&st);
        assert_small_numbers(&value);
        let back: StrategoState = serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("{e}"));
        prop_assert_eq!(&back, &st);
        prop_assert_eq!(to_json(&back), value);
        game.check_state(&back).unwrap();
        let (mut a, mut b) = (st, back);
        let (mut ra, mut rb) = (plateau::rng(seed ^ 1), plateau::rng(seed ^ 1));
        let (mut ma, mut mb) = (Vec::new(), Vec::new());
        for _ in 0..20 {
            game.legal_moves(&a, &mut ma);
            game.legal_moves(&b, &mut mb);
            prop_assert_eq!(&ma, &mb);
            let (x, y) = (game.random_move(&a, &mut ra), game.random_move(&b, &mut rb));
            prop_assert_eq!(&x, &y);
            let Some(mv) = x else { break };
            game.apply(&mut a, &mv);
            game.apply(&mut b, &mv);
            prop_assert_eq!(&a, &b);
        }
    }

    /// A valid JSON state with one value changed or left out is either
    /// refused, or read as a state that writes back the same, and that plays
    /// on without a panic under the rules it fits.
    #[test]
    fn edited_json_is_refused_or_safe(
        variant in 0usize..3,
        mask in 0u8..64,
        seed in 0u64..1_000_000,
        plies in 0usize..120,
        edit in any::<u64>(),
    ) {
        let game = game_for(variant, mask);
        let st = random_state(&game, seed, plies);
        let mut value = to_json(&st);
        let mut rng = plateau::rng(edit);
        for _ in 0..1 + edit % 3 {
            mutate(&mut value, &game, &mut rng);
        }
        let Ok(edited) = serde_json::from_value::<StrategoState>(value) else {
            return Ok(());
        };
        assert_round_trip(&edited);
        if game.check_state(&edited).is_err() {
            return Ok(());
        }
        let mut st = edited;
        let mut moves = Vec::new();
        for _ in 0..40 {
            game.legal_moves(&st, &mut moves);
            let _ = game.render_state(&st);
            let view = game.view(&st, st.to_move());
            let _ = game.determinize(&view, &mut rng);
            let Some(mv) = game.random_move(&st, &mut rng) else { break };
            game.apply_unchecked(&mut st, &mv);
            let _ = game.play_random(&mut st.clone(), &mut rng);
        }
    }
}

/// Changes a value of a JSON state at random, mostly for another of its
/// type (a number, a square, a name, a flag), or leaves one out, or swaps or
/// repeats an entry of a list.
fn mutate(v: &mut Value, game: &Stratego, rng: &mut plateau::GameRng) {
    let mut paths = Vec::new();
    leaves(v, &mut Vec::new(), &mut paths);
    let path = &paths[rng.random_range(0..paths.len())];
    let (last, parent) = path.split_last().unwrap();
    let mut node = &mut *v;
    for key in parent {
        node = match key {
            Key::Field(f) => &mut node[f.as_str()],
            Key::Index(i) => &mut node[*i],
        };
    }
    let square = |rng: &mut plateau::GameRng| {
        json!(format!(
            "{}{}",
            (b'a' + rng.random_range(0..10)) as char,
            rng.random_range(1..=10)
        ))
    };
    let names: Vec<&str> = game.pieces().iter().map(|k| k.name.as_str()).collect();
    if rng.random_range(0..6) == 0 {
        match (node, last) {
            (Value::Object(o), Key::Field(f)) => {
                o.remove(f);
            }
            (Value::Array(a), Key::Index(i)) => {
                let j = rng.random_range(0..a.len());
                match rng.random_range(0..3) {
                    0 => {
                        a.remove(*i);
                    }
                    1 => a.swap(*i, j),
                    _ => {
                        let copy = a[j].clone();
                        a.insert(*i, copy);
                    }
                }
            }
            _ => {}
        }
        return;
    }
    let slot = match last {
        Key::Field(f) => &mut node[f.as_str()],
        Key::Index(i) => &mut node[*i],
    };
    *slot = match slot.clone() {
        Value::Number(n) => {
            let n = n.as_u64().unwrap_or(0);
            json!(match rng.random_range(0..3) {
                0 => n + 1,
                1 => n.saturating_sub(1),
                _ => rng.random_range(0..300),
            })
        }
        Value::Bool(b) => json!(!b),
        Value::String(t) if t.parse::<crate::Square>().is_ok() => square(rng),
        Value::String(t) if t == "red" || t == "blue" => {
            json!(if rng.random_bool(0.5) { "red" } else { "blue" })
        }
        Value::String(_) => match rng.random_range(0..3) {
            0 => json!(names[rng.random_range(0..names.len())]),
            1 => json!(
                [
                    "flag-captured",
                    "no-legal-move",
                    "move-cap",
                    "step",
                    "mobile",
                    "x"
                ][rng.random_range(0..6)]
            ),
            _ => json!(format!("{:x}", rng.random::<u64>())),
        },
        _ => match rng.random_range(0..3) {
            0 => square(rng),
            1 => json!(rng.random_range(0..3)),
            _ => json!("red"),
        },
    };
}

#[derive(Clone)]
enum Key {
    Field(String),
    Index(usize),
}

/// The paths to every leaf (and every empty array or object) of a value.
fn leaves(v: &Value, path: &mut Vec<Key>, out: &mut Vec<Vec<Key>>) {
    let mut children = |path: &mut Vec<Key>, key: Key, child: &Value| {
        path.push(key);
        leaves(child, path, out);
        path.pop();
    };
    match v {
        Value::Object(o) if !o.is_empty() => {
            for (k, c) in o {
                children(path, Key::Field(k.clone()), c);
            }
        }
        Value::Array(a) if !a.is_empty() => {
            for (i, c) in a.iter().enumerate() {
                children(path, Key::Index(i), c);
            }
        }
        _ if !path.is_empty() => out.push(path.clone()),
        _ => {}
    }
}
