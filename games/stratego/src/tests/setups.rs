//! S3 setups: text, errors, random setups.
use super::*;
use crate::SetupError;
use plateau::FreeFormMoves;

#[test]
fn s3_3_setup_text_front_row_first_in_board_coordinates() {
    let game = rules(&[]);
    let st = started(&game);
    // Red's front row is rank 4, Blue's is rank 7; both from file a.
    let at = |sq: &str| {
        let p = st.piece_at(sq.parse().unwrap()).unwrap();
        (p.owner.0, game.pieces()[p.kind as usize].symbol)
    };
    assert_eq!(at("a4"), (0, '2'));
    assert_eq!(at("d4"), (0, 'B'));
    assert_eq!(at("f1"), (0, 'F'));
    assert_eq!(at("a7"), (1, '4'));
    assert_eq!(at("d8"), (1, 'X'));
    assert_eq!(at("f10"), (1, 'F'));
    // The text round-trips, in a move and alone.
    let setup = game.setup_of(&st, Player(1)).unwrap();
    let text = game.setup_text(&setup);
    assert_eq!(game.parse_setup(Player(1), &text).unwrap(), setup);
    let mv = Move::Setup(setup);
    let written = game.format_move(&mv);
    assert!(written.starts_with("setup 4227832625/"));
    let fresh = game.initial_state(0);
    assert_eq!(game.parse_move(&fresh, &written).unwrap(), mv);
}

#[test]
fn s3_setup_errors_name_the_square_or_symbol() {
    let game = rules(&[]);
    let red = Player(0);
    let e = game
        .parse_setup(red, &RED.replacen('X', "Z", 1))
        .unwrap_err();
    assert!(
        matches!(e, SetupError::UnknownSymbol { symbol: 'Z', .. }),
        "{e}"
    );
    assert!(
        e.to_string().contains("'Z'") && e.to_string().contains("e3"),
        "{e}"
    );
    let e = game.parse_setup(red, &format!("{RED} 3")).unwrap_err();
    assert!(
        matches!(e, SetupError::OutsideHome { symbol: '3', .. }),
        "{e}"
    );
    assert!(e.to_string().contains("outside the home area"));
    // A short last row (S3.3): its squares not written are empty, which
    // these rules refuse (S3.1).
    let e = game.parse_setup(red, &RED[..RED.len() - 2]).unwrap_err();
    assert!(
        e.to_string()
            .contains("j1 is empty: these rules fill the whole home area (S3.1)"),
        "{e}"
    );
    // One scout too many (a miner turned into a scout).
    let e = game
        .parse_setup(red, &RED.replacen("2 3 2", "2 2 2", 1))
        .unwrap_err();
    assert!(
        e.to_string().contains("too many scouts") && e.to_string().contains("the one on i1"),
        "{e}"
    );
    // The miner's count then runs short... when the scout is removed.
    let e = game
        .parse_setup(red, &RED.replacen("X", ".", 1))
        .unwrap_err();
    assert!(e.to_string().contains("e3 is empty"), "{e}");
    let e = game
        .check_setup(red, &crate::Setup::new(vec![None; 40]))
        .unwrap_err();
    assert!(e.to_string().contains("a4 is empty"), "{e}");
    // A setup that gives a piece to a lake: rules whose home area holds one.
    let lakes = rules(&[
        (
            "board.lakes",
            "[\"c2\", \"c5\", \"d5\", \"c6\", \"d6\", \"g5\", \"h5\", \"g6\", \"h6\"]",
        ),
        ("setup.full", "false"),
        ("pieces.scout.count", "7"),
    ]);
    let e = lakes.parse_setup(red, RED).unwrap_err();
    assert!(
        matches!(e, SetupError::Lake { .. }) && e.to_string().contains("c2 is a lake"),
        "{e}"
    );
    let ok = RED.replacen("B 2 8 3", "B 8 . 3", 1);
    assert!(lakes.parse_setup(red, &ok).is_ok());
}

#[test]
fn s3_missing_pieces_are_counted() {
    // An army of 7 scouts on a home area that need not be full.
    let game = rules(&[("setup.full", "false"), ("pieces.scout.count", "7")]);
    let e = game.parse_setup(Player(0), RED).unwrap_err();
    assert!(e.to_string().contains("too many scouts"), "{e}");
    assert!(game
        .parse_setup(Player(0), &RED.replacen('2', ".", 1))
        .is_ok());
    let e = game
        .parse_setup(Player(0), &RED.replacen('2', ".", 2))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "1 scout ('2') missing: the army has 7, the setup places 6"
    );
    let e = game
        .parse_setup(Player(0), &RED.replacen('2', ".", 1).replacen('S', ".", 1))
        .unwrap_err();
    assert!(e.to_string().starts_with("1 spy ('S') missing"), "{e}");
}

#[test]
fn s3_2_setups_come_first_red_then_blue() {
    let game = rules(&[]);
    let mut st = game.initial_state(0);
    assert!(!game.moves_enumerable(&st));
    assert!(game.move_hint(&st).unwrap().contains("setup"));
    let mut moves = vec![];
    game.legal_moves(&st, &mut moves);
    assert!(moves.is_empty());
    let mv = game.parse_move(&st, "a4-a5").unwrap();
    assert!(game
        .check_move(&st, &mv)
        .unwrap_err()
        .contains("set up first"));
    let red = Move::Setup(game.parse_setup(Player(0), RED).unwrap());
    game.apply(&mut st, &red);
    assert_eq!(game.status(&st).to_move(), Some(Player(1)));
    // Blue's setup is checked against Blue's home area.
    let blue = Move::Setup(game.parse_setup(Player(1), BLUE).unwrap());
    game.apply(&mut st, &blue);
    assert_eq!(game.status(&st).to_move(), Some(Player(0)));
    assert!(game.moves_enumerable(&st));
    assert!(game
        .check_move(&st, &red)
        .unwrap_err()
        .contains("set up already"));
}

#[test]
fn s3_random_setups_are_legal_and_seeded() {
    let game = rules(&[]);
    for seed in 0..50 {
        for p in [Player(0), Player(1)] {
            let s = game.random_setup(p, &mut plateau::rng(seed));
            game.check_setup(p, &s).unwrap();
            assert_eq!(s, game.random_setup(p, &mut plateau::rng(seed)));
        }
    }
    let a = game.random_setup(Player(0), &mut plateau::rng(1));
    let b = game.random_setup(Player(0), &mut plateau::rng(2));
    assert_ne!(a, b);
}

#[test]
fn s3_candidate_setups_are_likely_setups_and_moves_stay_uniform() {
    // What the search agents score before they set up: in the setup phase
    // the setup prior's draw (`Rules::likely_setup`, whose lean towards
    // people's flags setup_prior.rs tests), legal; in play the uniform
    // random move.
    let game = Stratego::variant("barrage").unwrap();
    let mut st = game.initial_state(0);
    let mut resampled = 0;
    for seed in 0..20 {
        let Some(Move::Setup(setup)) = game.candidate_move(&st, &mut plateau::rng(seed)) else {
            panic!("a setup");
        };
        game.check_setup(Player(0), &setup).unwrap();
        let likely = game.rules.likely_setup(Player(0), &mut plateau::rng(seed));
        assert_eq!(setup, likely);
        // Not merely the first uniform draw of the same generator.
        resampled += usize::from(setup != game.random_setup(Player(0), &mut plateau::rng(seed)));
    }
    assert!(resampled > 10, "{resampled} of 20");
    let mut rng = plateau::rng(5);
    while st.in_setup() {
        let mv = game.random_move(&st, &mut rng).unwrap();
        game.apply(&mut st, &mv);
    }
    for seed in 0..20 {
        assert_eq!(
            game.candidate_move(&st, &mut plateau::rng(seed)),
            game.random_move(&st, &mut plateau::rng(seed))
        );
    }
}

/// Each row of setup text (S3.3) reversed: as the second side's screen,
/// turned round, shows it.
fn mirrored_rows(text: &str) -> String {
    text.split('/')
        .map(|row| row.split_whitespace().rev().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" / ")
}

#[test]
fn s3_3_setup_seen_reads_the_rows_as_the_owners_screen_shows_them() {
    let game = rules(&[]);
    let blue = game.parse_setup(Player(1), BLUE).unwrap();
    let seen = format!("seen {}", mirrored_rows(BLUE));
    assert_eq!(game.parse_setup(Player(1), &seen).unwrap(), blue);
    // In a move, and recorded in board order.
    let mut st = game.initial_state(0);
    game.apply(
        &mut st,
        &Move::Setup(game.parse_setup(Player(0), RED).unwrap()),
    );
    let mv = game.parse_move(&st, &format!("setup {seen}")).unwrap();
    assert_eq!(mv, Move::Setup(blue));
    assert!(game.format_move(&mv).starts_with("setup 4227832625/"));
    // For Red the screen shows the files from a: `seen` changes nothing.
    assert_eq!(
        game.parse_setup(Player(0), &format!("seen {RED}")).unwrap(),
        game.parse_setup(Player(0), RED).unwrap()
    );
    // Errors name the square as Blue sees it: the tenth symbol is a7's.
    let seen_rows = mirrored_rows(BLUE);
    let mut bad: Vec<&str> = seen_rows.split_whitespace().collect();
    bad[9] = "Z";
    let e = game
        .parse_setup(Player(1), &format!("seen {}", bad.join(" ")))
        .unwrap_err();
    assert!(e.to_string().contains("for a7"), "{e}");
}

#[test]
fn s6_4_a_setup_is_not_repeated_in_its_error() {
    let game = rules(&[]);
    let text = format!("setup {}", RED.replacen('9', "Z", 1));
    let e = game.parse_move(&game.initial_state(0), &text).unwrap_err();
    assert!(!e.to_string().contains("2 3 2 B"), "{e}");
    assert!(e.to_string().contains("unknown symbol 'Z' for e4"), "{e}");
    // A short row reads (S3.3) and is refused by its empty square only.
    let mut session = plateau::Session::new(game, "original", 0);
    let e = session
        .play_text(&format!("setup {}", &RED[..RED.len() - 2]))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal move 'setup …': j1 is empty: these rules fill the whole home area (S3.1)"
    );
    // A setup that reads but breaks the army's counts: refused by name only.
    let e = session
        .play_text(&format!("setup {}", RED.replacen('9', "B", 1)))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal move 'setup …': too many bombs ('B'): the army has 6; the one on g1 is one too many"
    );
}

#[test]
fn s3_3_comments_and_layout_are_ignored_in_files() {
    let game = rules(&[]);
    let file = format!("# my favourite\nsetup\n{}\n", RED.replace(" / ", "\n"));
    // As the command line plays a file: the word `setup` before it.
    let mv = game
        .parse_move(&game.initial_state(0), &format!("setup {file}"))
        .unwrap();
    assert_eq!(mv, Move::Setup(game.parse_setup(Player(0), RED).unwrap()));
    assert!(!game.move_is_public(&mv));
    assert_eq!(
        game.parse_setup(Player(0), &file).unwrap(),
        game.parse_setup(Player(0), RED).unwrap()
    );
}

/// Barrage rules (S3.1: eight pieces; the home area need not be full).
fn barrage() -> Stratego {
    plateau::rules::load::<Stratego>(&RulesSpec::variant("barrage"))
        .unwrap()
        .game
}

/// A setup's kinds as setup text, rows separated by `/` (S3.3).
fn written(game: &Stratego, player: Player, text: &str) -> String {
    game.setup_text(&game.parse_setup(player, text).unwrap())
}

#[test]
fn s3_3_a_short_row_ends_with_empty_squares_and_rows_not_given_are_empty() {
    let game = barrage();
    let red = Player(0);
    // Worked by hand: `2X932S` is a4 to f4, g4 to j4 empty; `BF` is a3 and
    // b3, c3 to j3 empty; ranks 2 and 1 are not given: empty.
    let full = "2X932S..../BF......../........../..........";
    assert_eq!(written(&game, red, "2X932S/BF"), full);
    assert_eq!(written(&game, red, full), full);
    assert_eq!(written(&game, red, "setup 2X932S/BF"), full);
    // A line break ends a row as `/` does; blank and comment lines do not.
    assert_eq!(
        written(&game, red, "# front row\n2X932S\n\n# next\nBF # flag\n"),
        full
    );
    // A `/` after a row written out in full only separates the rows; one
    // more `/` is an empty row: `BF` on rank 2.
    assert_eq!(written(&game, red, "2X932S..../BF"), full);
    let skip = "2X932S..../........../BF......../..........";
    assert_eq!(written(&game, red, "2X932S//BF"), skip);
    assert_eq!(written(&game, red, "2X932S....//BF"), skip);
    // The squares on the board (S3.3: Red's front row is rank 4).
    let mut st = game.initial_state(0);
    let mv = game.parse_move(&st, "setup 2X932S/BF").unwrap();
    game.try_apply(&mut st, &mv).unwrap();
    let at = |sq: &str| {
        st.piece_at(sq.parse().unwrap())
            .map(|p| game.pieces()[p.kind as usize].symbol)
    };
    assert_eq!(
        (at("a4"), at("f4"), at("g4"), at("b3"), at("c3"), at("a1")),
        (Some('2'), Some('S'), None, Some('F'), None, None)
    );
}

#[test]
fn s3_3_short_rows_typed_as_blues_screen_shows_them() {
    let game = barrage();
    let blue = Player(1);
    // Blue's screen runs j to a: `seen 2X932S/BF` puts 2 on j7 ... S on e7,
    // d7 to a7 empty; B on j8, F on i8.
    assert_eq!(
        written(&game, blue, "seen 2X932S/BF"),
        "....S239X2/........FB/........../.........."
    );
    assert_eq!(
        written(&game, blue, "2X932S/BF"),
        "2X932S..../BF......../........../.........."
    );
}

#[test]
fn s3_3_short_rows_still_refuse_what_does_not_fit() {
    let game = barrage();
    let red = Player(0);
    // A fifth row is outside Red's home area (ranks 4 to 1).
    let e = game.parse_setup(red, "2X9/32S/B/F/2").unwrap_err();
    assert!(
        matches!(e, SetupError::OutsideHome { symbol: '2', .. }),
        "{e}"
    );
    // An unknown symbol in a short row names its square, not the setup.
    let e = game.parse_setup(red, "2X932S/BZ").unwrap_err();
    assert!(e.to_string().contains("'Z' for b3"), "{e}");
    assert!(!e.to_string().contains("2X932S"), "{e}");
    // A piece missing (S3.1): the army's counts still apply.
    let e = game.parse_setup(red, "2X932S/B").unwrap_err();
    assert!(e.to_string().starts_with("1 flag ('F') missing"), "{e}");
    // Under rules that fill the home area the first empty square is named.
    let e = rules(&[]).parse_setup(red, "2X932S/BF").unwrap_err();
    assert!(e.to_string().contains("g4 is empty"), "{e}");
}
