//! Rules data (rules-data/hus/*.toml): the shipped file, users' variant
//! starts, and errors that name the file and the key.

use plateau::{Game, Player, RulesDocs, RulesSpec, Status};
use plateau_hus::{First, Hus, HusParams};

fn user_file(name: &str, text: &str) -> RulesSpec {
    RulesSpec {
        file: Some((name.into(), text.into())),
        ..RulesSpec::default()
    }
}

fn error(spec: RulesSpec) -> String {
    plateau::rules::load::<Hus>(&spec).unwrap_err().to_string()
}

const STANDARD: &str = include_str!("../../../rules-data/hus/standard.toml");

#[test]
fn standard_file_holds_every_parameter() {
    let loaded = plateau::rules::load::<Hus>(&RulesSpec::default_variant()).unwrap();
    assert_eq!(loaded.variant, "standard");
    let params: &HusParams = loaded.game.params();
    assert_eq!(params.first, First::South);
    assert_eq!(params.max_sowings, 10_000);
    assert_eq!(params.max_plies, 0);
    let start = vec![2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 2, 2, 2];
    assert_eq!(params.start.south, start);
    assert_eq!(params.start.north, start);
    // Every key of the parameters is written in the shipped file.
    let keys: Vec<String> = plateau::rules::flatten_params(params)
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    assert_eq!(
        keys,
        [
            "first",
            "max_sowings",
            "max_plies",
            "start.south",
            "start.north"
        ]
    );
    let table: toml::Table = toml::from_str(STANDARD).unwrap();
    assert_eq!(table.len(), 4);
    assert!(table["start"].as_table().unwrap().len() == 2);
    for doc in Hus::param_docs() {
        assert!(keys.contains(&doc.key.to_string()), "{}", doc.key);
    }
}

#[test]
fn a_variant_start_written_as_a_user_file_loads() {
    // South's b1–b4 hold 2 as well, north starts; 56 stones in all.
    let text = STANDARD
        .replace("first = \"south\"", "first = \"north\"")
        .replace(
            "south = [2, 2, 2, 2, 2, 2, 2, 2,  0, 0, 0, 0, 2, 2, 2, 2]",
            "south = [2, 2, 2, 2, 2, 2, 2, 2,  2, 2, 2, 2, 2, 2, 2, 2]",
        );
    let loaded =
        plateau::rules::load::<Hus>(&user_file("/home/me/full-south.toml", &text)).unwrap();
    assert_eq!(loaded.variant, "full-south");
    let game = loaded.game;
    assert_eq!(game.total_stones(), 56);
    let state = game.initial_state(0);
    assert_eq!(state.pits(Player(0)), [2; 16]);
    assert_eq!(state.stones(Player(1)), 24);
    assert_eq!(game.status(&state), Status::ToMove(Player(1)));
    // And it plays to the end keeping its 56 stones.
    let (outcome, plies) = plateau::playout::random_game(&game, 3, 0);
    assert!(plies > 0 && outcome.winner.is_some());
    // Overrides apply on top of a user file.
    let spec = user_file("full-south.toml", &text).set("max_plies", "7");
    assert_eq!(
        plateau::rules::load::<Hus>(&spec)
            .unwrap()
            .game
            .params()
            .max_plies,
        7
    );
}

#[test]
fn bad_toml_names_the_file_and_line() {
    let text = STANDARD.replace("max_plies = 0", "max_plies = = 0");
    let e = error(user_file("mine.toml", &text));
    assert!(e.starts_with("mine.toml:"), "{e}");
    assert!(e.contains("invalid TOML"), "{e}");
    let line = STANDARD
        .lines()
        .position(|l| l.starts_with("max_plies"))
        .unwrap()
        + 1;
    assert!(e.starts_with(&format!("mine.toml:{line}:")), "{e}");
}

#[test]
fn unknown_and_missing_keys_are_named() {
    let e = error(user_file(
        "mine.toml",
        &format!("{STANDARD}\nmax_turns = 3\n"),
    ));
    // The line of the key is named, as for a syntax error.
    let line = STANDARD.lines().count() + 2;
    assert!(
        e.starts_with(&format!("mine.toml:{line}: ")) && e.contains("max_turns"),
        "{e}"
    );
    let text = STANDARD.replace("north = [", "east = [");
    let e = error(user_file("mine.toml", &text));
    assert!(e.contains("start") && e.contains("east"), "{e}");
    let text = STANDARD.replace("max_sowings = 10000", "");
    let e = error(user_file("mine.toml", &text));
    assert!(e.contains("max_sowings"), "{e}");
    let e = error(RulesSpec::default_variant().set("max_sowing", "5"));
    assert!(e.starts_with("--set: max_sowing: unknown parameter"), "{e}");
}

#[test]
fn bad_values_are_named_with_their_key() {
    let e = error(RulesSpec::default_variant().set("first", "east"));
    assert!(e.contains("first") && e.contains("east"), "{e}");
    let e = error(RulesSpec::default_variant().set("max_sowings", "0"));
    assert_eq!(
        e,
        "--set: max_sowings = 0: must be at least 1 (the first sowing of a move counts)"
    );
    let e = error(RulesSpec::default_variant().set("max_plies", "-1"));
    assert!(e.contains("max_plies"), "{e}");

    let short = STANDARD.replace(
        "south = [2, 2, 2, 2, 2, 2, 2, 2,  0, 0, 0, 0, 2, 2, 2, 2]",
        "south = [2, 2, 2, 2, 2, 2, 2, 2,  0, 0, 0, 2, 2, 2, 2]",
    );
    let e = error(user_file("short.toml", &short));
    assert!(e.starts_with("short.toml: start.south = [2, 2"), "{e}");
    assert!(e.contains("must list 16 pits"), "{e}");

    let negative = STANDARD.replace(
        "0, 0, 0, 0, 2, 2, 2, 2]\nnorth",
        "0, 0, -1, 0, 2, 2, 2, 2]\nnorth",
    );
    let e = error(user_file("neg.toml", &negative));
    assert!(e.starts_with("neg.toml:"), "{e}");
    assert!(
        e.contains(": start.south[10]: must be a whole number (0 or more), not the number -1"),
        "{e}"
    );

    let huge = STANDARD.replace(
        "north = [2, 2, 2, 2, 2, 2, 2, 2,  0, 0, 0, 0, 2, 2, 2, 2]",
        "north = [2, 2, 2, 2, 2, 2, 2, 2,  0, 0, 0, 0, 2, 2, 2, 300]",
    );
    let e = error(user_file("huge.toml", &huge));
    assert!(e.starts_with("huge.toml: start.north[15] = 300"), "{e}");

    let no_move = STANDARD.replace(
        "north = [2, 2, 2, 2, 2, 2, 2, 2,  0, 0, 0, 0, 2, 2, 2, 2]",
        "north = [1, 1, 1, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1, 1, 1]",
    );
    let e = error(user_file("singles.toml", &no_move));
    assert!(e.starts_with("singles.toml: start.north = [1, 1"), "{e}");
    assert!(e.contains("no pit holds 2 or more stones"), "{e}");

    let few = STANDARD.replace(
        "south = [2, 2, 2, 2, 2, 2, 2, 2,  0, 0, 0, 0, 2, 2, 2, 2]",
        "south = [2, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0]",
    );
    let e = error(user_file("few.toml", &few));
    assert!(
        e.starts_with("few.toml: start: the start holds 26 stones"),
        "{e}"
    );
}

#[test]
fn params_round_trip_through_json_and_toml() {
    let game = Hus::standard();
    let json = serde_json::to_value(game.params()).unwrap();
    let back: HusParams = serde_json::from_value(json).unwrap();
    assert_eq!(&back, game.params());
    let toml_text = plateau::rules::params_toml(game.params());
    let again: Hus = plateau::rules::load(&user_file("shown.toml", &toml_text))
        .unwrap()
        .game;
    assert_eq!(again.params(), game.params());
}
