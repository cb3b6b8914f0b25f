//! The display model of a state (`state_json.rs`), hand-made positions
//! (`builder.rs`: refusals naming the square and the rule, and a round trip
//! from play), the full-position key, and determinization consistent with
//! every view.
use super::*;
use crate::builder::PositionBuilder;
use plateau::{Render, SearchHooks};
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

#[test]
fn the_json_names_sides_pieces_and_squares_and_keeps_engine_tables_out() {
    let (game, st) = base();
    let v = game.state_json(&st);
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
    assert_eq!(
        v["last_event"],
        json!({"type": "move", "side": "blue", "from": "b7", "to": "b6"})
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
        "movers", "slot", "occ", "cls", "hash", "movable", "gone", "kind", "history",
    ] {
        assert!(
            !keys.iter().any(|k| *k == internal),
            "{internal} in {keys:?}"
        );
    }
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
    let v = game.state_json(&st);
    assert_eq!(
        v["pending_step"],
        json!({"square": "a10", "threatens": ["b10"], "judged": false, "skip_only": false})
    );
    assert_eq!(v["sides"][0]["tray"], json!({"major": 1}));
    assert_round_trip(&game, &st);

    play(&game, &mut st, "return 7 b1");
    let v = game.state_json(&st);
    assert_eq!(v["pending_step"], Value::Null);
    assert_eq!(
        v["pieces"][0],
        json!({"side": "red", "piece": "lieutenant", "square": "a10", "origin": "a4",
               "moved": true, "revealed": false, "marked": true})
    );
    // S12.5b: the returned piece is revealed and has not moved since.
    assert_eq!(
        v["pieces"][1],
        json!({"side": "red", "piece": "major", "square": "b1", "origin": "b4",
               "moved": false, "revealed": true})
    );
    assert_eq!(v["sides"][0]["returns"], 1);
    assert_eq!(v["sides"][0]["tray"], json!({}));
    assert_eq!(
        v["last_event"],
        json!({"type": "return", "side": "red", "piece": "major", "square": "b1"})
    );
    // S8: the move and its step are recorded in Red's chase.
    let chase = &v["sides"][0]["chase"];
    assert_eq!(chase["square"], "a10");
    assert_eq!(chase["threatens"], json!(["b10"]));
    let key = chase["positions"][0].as_str().unwrap();
    assert_eq!(u64::from_str_radix(key, 16).unwrap(), st.position_key());
    assert_round_trip(&game, &st);
}

#[test]
fn views_are_json_values_too() {
    let (game, st) = base();
    for p in [Player(0), Player(1)] {
        let view = game.view(&st, p);
        let v = serde_json::to_value(&view).unwrap();
        let back: crate::StrategoView = serde_json::from_value(v).unwrap();
        assert_eq!(back, view);
    }
}

/// A builder with a marshal and a flag a side, Red to move.
fn small() -> (Stratego, PositionBuilder) {
    let game = rules(&[]);
    let k = |n: &str| game.kind_of_name(n).unwrap();
    let mut b = PositionBuilder::new(Player(0));
    b.place(sq("e4"), Player(0), k("marshal"));
    b.place(sq("a1"), Player(0), k("flag"));
    b.place(sq("e7"), Player(1), k("marshal"));
    b.place(sq("j10"), Player(1), k("flag"));
    (game, b)
}

fn refusal(game: &Stratego, b: &PositionBuilder) -> String {
    match b.build(game) {
        Ok(_) => panic!("built: {b:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_hand_made_position_builds_and_plays() {
    let (game, b) = small();
    let st = b.build(&game).unwrap();
    assert_eq!(game.status(&st), Status::ToMove(Player(0)));
    assert!(legal(&game, &st, "e4-e5"));
    assert!(!legal(&game, &st, "a1-a2"));
    assert_eq!(name_at(&game, &st, "e7"), Some((1, "marshal".into())));
}

#[test]
fn the_builder_refuses_what_no_game_shows_naming_the_square_and_the_rule() {
    let (game, base) = small();
    let k = |n: &str| game.kind_of_name(n).unwrap();
    type Edit<'a> = Box<dyn Fn(&mut PositionBuilder) + 'a>;
    let cases: Vec<(Edit, &[&str])> = vec![
        (
            Box::new(|b| {
                b.place(sq("c5"), Player(1), 3);
            }),
            &["c5 is a lake", "S1.2"],
        ),
        (
            Box::new(|b| {
                b.place(sq("e4"), Player(1), 3);
            }),
            &["two pieces on e4", "S1.1"],
        ),
        (
            Box::new(|b| {
                b.place(sq("b2"), Player(0), 40);
            }),
            &["b2", "no piece kind 40", "S2"],
        ),
        (
            Box::new(move |b| {
                b.place(sq("b2"), Player(0), k("marshal"));
            }),
            &["red has 2 marshals", "the army has 1", "S2"],
        ),
        (
            Box::new(move |b| {
                b.place(sq("b2"), Player(0), k("bomb")).moved = true;
            }),
            &["b2", "bomb never moves", "S4.5"],
        ),
        (
            Box::new(move |b| {
                b.remove(Player(1), k("marshal"));
            }),
            &["blue has 2 marshals", "S2"],
        ),
        (
            Box::new(|b| b.returns[0] = 1),
            &["red", "reconquest option", "S12.5"],
        ),
        (
            Box::new(|b| b.pieces[0].origin = Some(sq("e9"))),
            &["red's piece set up on e9", "home area", "S3.1"],
        ),
        (
            Box::new(|b| {
                b.two_squares[0] = crate::TwoSquares {
                    from: Some(sq("e3")),
                    to: Some(sq("e4")),
                    count: 4,
                }
            }),
            &["red's two-squares series (S7)", "limit is 3", "S7.1"],
        ),
        (
            Box::new(|b| {
                b.chases[1] = crate::ChaseRecord {
                    square: Some(sq("e7")),
                    threatens: vec![sq("e4")],
                    active: true,
                    positions: vec![],
                }
            }),
            &["blue's chase (S8)", "e4 is not next to", "S8.1"],
        ),
        (
            Box::new(|b| {
                b.pieces
                    .retain(|p| p.owner == Player(0) || p.square != sq("e7"));
            }),
            &["no-movable-pieces", "S9", "no outcome"],
        ),
    ];
    for (edit, parts) in cases {
        let mut b = base.clone();
        edit(&mut b);
        let err = refusal(&game, &b);
        for part in parts {
            assert!(err.contains(part), "{err:?} lacks {part:?}");
        }
    }
    // S12.5: a pending step needs the option and an arriving piece.
    let game = rules(&[("options.reconquest", "true")]);
    let mut b = base.clone();
    b.pending_step = Some(crate::PendingStep {
        square: sq("e4"),
        threatens: vec![],
        judged: false,
    });
    let err = refusal(&game, &b);
    assert!(err.contains("e4") && err.contains("S12.5e"), "{err}");
}

/// Building the description of a state gives a state with the same
/// future: the same legal moves, key, views and display model.
fn assert_round_trip(game: &Stratego, st: &StrategoState) {
    let b = PositionBuilder::from_state(game, st);
    let back = b
        .build_with(game, crate::Checks::diagram())
        .unwrap_or_else(|e| panic!("{e}: {}", game.render_state(st)));
    let moves = |s: &StrategoState| {
        let mut m = Vec::new();
        game.legal_moves(s, &mut m);
        m.sort_by_key(|m| game.format_move(m));
        m
    };
    assert_eq!(moves(&back), moves(st));
    assert_eq!(game.state_key(&back), game.state_key(st));
    assert_eq!(back.position_key(), game.rules.position_hash(&back));
    assert_eq!(game.status(&back), game.status(st));
    for p in [Player(0), Player(1)] {
        assert_eq!(game.view(&back, p), game.view(st, p));
    }
    // A position from play passes every check.
    if st.setups_done == 2 && st.plies > 0 {
        b.build(game)
            .unwrap_or_else(|e| panic!("{e}: {}", game.render_state(st)));
    }
}

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

    /// Random positions under random options, described and built again,
    /// have the same future.
    #[test]
    fn random_positions_round_trip_through_the_builder(
        variant in 0usize..4,
        mask in 0u8..64,
        seed in 0u64..1_000_000,
        plies in 2usize..400,
    ) {
        let game = game_for(variant, mask);
        let st = random_state(&game, seed, plies);
        assert_round_trip(&game, &st);
    }
}

#[test]
fn s8_3_the_incremental_key_equals_a_recomputation_and_equal_keys_mean_equal_positions() {
    let mut seen = std::collections::HashMap::new();
    for seed in 0..12u64 {
        let game = game_for((seed % 4) as usize, (seed * 7 % 64) as u8);
        let mut st = game.initial_state(seed);
        let mut rng = plateau::rng(seed);
        while let Some(mv) = game.random_move(&st, &mut rng) {
            game.apply(&mut st, &mv);
            assert_eq!(st.position_key(), game.rules.position_hash(&st));
            if st.plies() > 600 {
                break;
            }
            let key = (seed % 4, seed * 7 % 64, game.state_key(&st));
            let mine = PositionBuilder::from_state(&game, &st);
            let mut mine = mine;
            mine.last_event = None;
            if let Some(other) = seen.insert(key, mine.clone()) {
                assert_eq!(other, mine, "one key for two positions");
            }
        }
    }
}

#[test]
fn state_key_tells_apart_what_decides_the_future() {
    let (game, st) = base();
    let key = game.state_key(&st);
    // The side to move, a moved or revealed flag, a two-squares count.
    let mut b = PositionBuilder::from_state(&game, &st);
    assert_eq!(game.state_key(&b.build(&game).unwrap()), key);
    b.to_move = Player(1);
    assert_ne!(game.state_key(&b.build(&game).unwrap()), key);
    let mut b = PositionBuilder::from_state(&game, &st);
    let i = b.pieces.iter().position(|p| !p.revealed).unwrap();
    b.pieces[i].revealed = true;
    assert_ne!(game.state_key(&b.build(&game).unwrap()), key);
    let mut b = PositionBuilder::from_state(&game, &st);
    b.two_squares[1].count = 2;
    assert_ne!(game.state_key(&b.build(&game).unwrap()), key);
    // Only the counters the caps read (S9.5): Original caps the moves of
    // play, not the moves without an attack.
    let mut b = PositionBuilder::from_state(&game, &st);
    b.plies += 1;
    assert_ne!(game.state_key(&b.build(&game).unwrap()), key);
    let mut b = PositionBuilder::from_state(&game, &st);
    b.plies_without_capture += 1;
    assert_eq!(game.state_key(&b.build(&game).unwrap()), key);
    let uncapped = rules(&[("max_plies", "0")]);
    let st2 = PositionBuilder::from_state(&game, &st)
        .build(&uncapped)
        .unwrap();
    let mut b = PositionBuilder::from_state(&uncapped, &st2);
    b.plies += 1;
    assert_eq!(
        uncapped.state_key(&b.build(&uncapped).unwrap()),
        uncapped.state_key(&st2)
    );
}

/// Draws states for `viewer`'s view and checks each is consistent: the
/// same view, and a status the rules agree with.
fn assert_honest(game: &Stratego, st: &StrategoState, seed: u64) {
    for viewer in [Player(0), Player(1)] {
        let view = game.view(st, viewer);
        let mut rng = plateau::rng(seed ^ 0x5eed);
        for _ in 0..3 {
            let drawn = match game.rules.try_determinize(&view, &mut rng) {
                Ok(d) => d,
                Err(d) => panic!(
                    "no consistent state for {viewer:?}:\n{}\ndrew\n{}",
                    game.render_state(st),
                    game.render_state(&d)
                ),
            };
            assert_eq!(game.view(&drawn, viewer), view, "{}", game.render_state(st));
            assert_eq!(game.status(&drawn), game.status(st));
            assert_eq!(drawn.position_key(), game.rules.position_hash(&drawn));
            // The drawn state plays on: its legal moves are moves of the
            // viewer's game when the viewer is to move.
            if game.status(st) == Status::ToMove(viewer) {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                game.legal_moves(st, &mut a);
                game.legal_moves(&drawn, &mut b);
                a.sort_by_key(|m| game.format_move(m));
                b.sort_by_key(|m| game.format_move(m));
                if st.chase.iter().all(|c| !c.active) {
                    assert_eq!(a, b, "{}", game.render_state(st));
                }
            }
        }
    }
}

#[test]
fn determinize_is_consistent_over_thousands_of_views_of_every_variant() {
    let mut views = 0;
    for v in Stratego::variants() {
        let game = Stratego::variant(v.name).unwrap();
        for seed in 0..12u64 {
            let mut st = game.initial_state(seed);
            let mut rng = plateau::rng(seed);
            let mut ply = 0u64;
            loop {
                if ply.is_multiple_of(37) || ply < 3 {
                    assert_honest(&game, &st, seed + ply);
                    views += 2;
                }
                let Some(mv) = game.random_move(&st, &mut rng) else {
                    break;
                };
                game.apply(&mut st, &mv);
                ply += 1;
                if ply > 1200 {
                    break;
                }
            }
            // The end of the game too: few unknowns, S9 decided.
            assert_honest(&game, &st, seed);
            views += 2;
        }
    }
    assert!(views > 1000, "{views} views");
}

#[test]
fn determinize_puts_the_unknown_flag_where_people_put_theirs() {
    // Right after the setups every Blue piece is unknown to Red and may be
    // the flag (S6); a uniform draw would put it on Blue's back row (rank
    // 10, 10 of the 40 squares of a full home area, S3) a quarter of the
    // time. Under the prior of people's setups (setup_prior.rs: 88% on the
    // back row) most draws put it there, whatever Blue's real setup.
    let game = rules(&[]);
    let flag = game.kind_of_name("flag").unwrap();
    let mut back = 0;
    let mut draws = 0;
    for seed in 0..8u64 {
        let mut st = game.initial_state(0);
        let red = game.parse_setup(Player(0), RED).unwrap();
        game.apply(&mut st, &Move::Setup(red));
        let blue = game.random_setup(Player(1), &mut plateau::rng(seed));
        game.apply(&mut st, &Move::Setup(blue));
        let view = game.view(&st, Player(0));
        let mut rng = plateau::rng(seed);
        for _ in 0..50 {
            let drawn = game.determinize(&view, &mut rng);
            let (sq, _) = drawn
                .pieces(Player(1))
                .find(|(_, p)| p.kind == flag)
                .expect("a Blue flag");
            back += usize::from(sq.rank() == 9);
            draws += 1;
        }
    }
    assert!(
        back * 10 > draws * 6,
        "{back} of {draws} draws on the back row"
    );
}

#[test]
fn determinize_is_consistent_under_the_s12_options() {
    for mask in [1u8, 2, 4, 8, 16, 32, 0b11_1111, 0b10_1100] {
        for variant in ["barrage", "duel", "original"] {
            let game = with_options(variant, mask, &[]);
            for seed in 0..6u64 {
                let mut st = game.initial_state(seed);
                let mut rng = plateau::rng(seed);
                let mut ply = 0u64;
                while let Some(mv) = game.random_move(&st, &mut rng) {
                    game.apply(&mut st, &mv);
                    ply += 1;
                    if ply.is_multiple_of(23) || st.step_pending() {
                        assert_honest(&game, &st, seed + ply);
                    }
                    if ply > 800 {
                        break;
                    }
                }
                assert_honest(&game, &st, seed);
            }
        }
    }
}

#[test]
fn determinize_late_in_the_game_with_few_unknowns() {
    // Blue has three unknown pieces left: its flag, a bomb and a scout that
    // has not moved. While Blue is to move, only the draws that give it a
    // legal move are consistent (S9.4), whoever looks.
    let game = rules(&[]);
    let st = position(
        &game,
        "
        .  .  .  .  .  .  .  .  bB bF
        .  .  .  .  .  .  .  .  .  bB
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  ~  ~  .  .  ~  ~  .  .
        .  .  ~  ~  .  .  ~  ~  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        rF .  .  .  r2 .  .  .  .  .
    ",
        1,
    );
    // The scout (2) on j9 next to j8: swap the j9 bomb for a scout.
    let mut b = PositionBuilder::from_state(&game, &st);
    let scout = game.kind_of_name("scout").unwrap();
    b.pieces
        .iter_mut()
        .find(|p| p.square == sq("j9"))
        .unwrap()
        .kind = scout;
    let st = b.build(&game).unwrap();
    let view = game.view(&st, Player(0));
    let mut rng = plateau::rng(1);
    for _ in 0..200 {
        let drawn = game.rules.try_determinize(&view, &mut rng).unwrap();
        assert_eq!(game.view(&drawn, Player(0)), view);
        // Blue has a legal move: its scout is on j9 (the only square with
        // an empty neighbour that a drawn movable piece can use) or i10.
        assert!(game.rules.has_legal_move(&drawn, 1));
    }
}

#[test]
fn s12_3_a_views_rule_records_do_not_tell_a_mobile_bomb_from_a_piece() {
    // S8.1, S12.3: a mobile bomb threatens nothing, a sergeant does; Red
    // sees an unknown piece step next to its own either way.
    let game = rules(&[("options.mobile_bombs", "true")]);
    let board = |blue: &str| {
        format!(
            "
            .  .  .  .  .  .  .  .  .  bF
            .  .  .  .  .  .  .  .  .  .
            .  .  .  .  {blue} .  .  .  .  .
            .  .  .  .  .  .  .  .  .  .
            .  .  ~  ~  r5 .  ~  ~  .  .
            .  .  ~  ~  .  .  ~  ~  .  .
            .  .  .  .  .  .  .  .  .  .
            .  .  .  .  .  .  .  .  .  .
            .  .  .  .  .  .  .  .  .  .
            rF .  .  .  .  .  .  .  .  b4
        "
        )
    };
    let mut views = Vec::new();
    for blue in ["bB", "b4"] {
        let mut st = position(&game, &board(blue), 1);
        play(&game, &mut st, "e8-e7");
        views.push(game.view(&st, Player(0)));
        // Blue's own view keeps its chase record.
        let threatens = &game.view(&st, Player(1)).chases[1].threatens;
        assert_eq!(threatens.is_empty(), blue == "bB", "{blue}");
    }
    assert_eq!(views[0], views[1]);
}

/// A found case (Blitz with attacker advantage, reconquest and silent
/// defence): a pending reconquest step (S12.5) whose arriving piece has
/// another id once the position is built again. The key once folded that id.
#[test]
fn s12_5_a_pending_step_keys_by_square_not_by_piece_numbering() {
    let game = game_for(2, 49);
    let st = random_state(&game, 213883, 214);
    assert!(st.pending.is_some(), "the case needs a pending step");
    assert_round_trip(&game, &st);
}

#[test]
fn s12_5c_a_marked_scout_is_refused_in_the_tray_as_on_the_board() {
    // A scout never returns a piece (S12.5c), so no scout is ever marked:
    // a description with one in a tray is refused, naming the tray, as a
    // returned scout would otherwise keep the impossible mark on the board
    // (the fuzz target stratego_state found such a position).
    let game = rules(&[("options.reconquest", "true")]);
    let st = started(&game);
    let mut b = PositionBuilder::from_state(&game, &st);
    let scout = game.kind_of_name("scout").unwrap();
    b.removed[1].push(crate::builder::RemovedPiece {
        kind: scout,
        marked: true,
        origin: None,
    });
    let e = b.build(&game).unwrap_err().to_string();
    assert!(e.contains("tray[0]"), "{e}");
    assert!(e.contains("a scout never returns a piece"), "{e}");
}
