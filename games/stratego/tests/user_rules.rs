//! Rules as data: a user's own rules file plays without recompiling, and
//! impossible rules are refused with errors that name the file and the key.

use plateau::{playout, Game, RulesSpec};
use plateau_stratego::Stratego;

/// A small army of 12 on a 3-row home area of an 8×8 board.
const SKIRMISH: &str = r#"
two_square_limit = 3
chase_rule = true
max_plies = 500
max_plies_without_capture = 0

[board]
files = 8
ranks = 8
lakes = ["c4", "c5", "f4", "f5"]
lake_name = "lake"

[sides]
names = ["gold", "silver"]

[setup]
rows = 3
full = false

[options]
attacker_advantage = false
explosive_bombs = false
mobile_bombs = false
mobile_flag = false
reconquest = false
silent_defense = false

[pieces.marshal]
strength = 10
count = 1
symbol = "X"
moves = "step"
role = "marshal"

[pieces.miner]
strength = 3
count = 2
symbol = "3"
moves = "step"
role = "miner"

[pieces.scout]
strength = 2
count = 4
symbol = "2"
moves = "scout"
role = "none"

[pieces.spy]
strength = 1
count = 1
symbol = "S"
moves = "step"
role = "spy"

[pieces.bomb]
strength = 0
count = 3
symbol = "B"
moves = "fixed"
role = "bomb"

[pieces.flag]
strength = 0
count = 1
symbol = "F"
moves = "fixed"
role = "flag"
"#;

fn load(text: &str) -> Result<Stratego, plateau::RulesError> {
    let spec = RulesSpec {
        file: Some(("skirmish.toml".into(), text.into())),
        ..RulesSpec::default()
    };
    plateau::rules::load::<Stratego>(&spec).map(|l| l.game)
}

#[test]
fn a_users_rules_file_plays() {
    let game = load(SKIRMISH).unwrap();
    assert_eq!(game.player_name(plateau::Player(1)), "silver");
    assert_eq!(game.home_area(plateau::Player(0)).len(), 24);
    let setup = game
        .parse_setup(
            plateau::Player(0),
            "X 3 3 2 2 . . . / 2 2 S B B . . . / B F . . . . . .",
        )
        .unwrap();
    assert_eq!(setup.kinds().flatten().count(), 12);
    let (outcome, plies) = playout::random_game(&game, 3, 0);
    assert!(plies > 2, "{outcome:?}");
    plateau::conformance::check(
        &game,
        &plateau::conformance::Config {
            games: 3,
            max_plies: 150,
            ..Default::default()
        },
    );
}

fn error(from: &str, to: &str) -> String {
    assert!(SKIRMISH.contains(from), "{from}");
    load(&SKIRMISH.replacen(from, to, 1))
        .unwrap_err()
        .to_string()
}

#[test]
fn impossible_rules_name_the_file_and_key() {
    let e = error("count = 4\nsymbol = \"2\"", "count = 30\nsymbol = \"2\"");
    assert_eq!(
        e,
        "skirmish.toml: pieces: more pieces than squares in the setup area: \
         the army has 38 (1 marshal, 2 miner, 30 scout, 1 spy, 3 bomb, 1 flag), at most 24 fit"
    );
    let e = error(
        "[pieces.flag]\nstrength = 0\ncount = 1",
        "[pieces.flag]\nstrength = 0\ncount = 0",
    );
    assert_eq!(
        e,
        "skirmish.toml: pieces: the army has no flag (a piece with role \"flag\")"
    );
    let e = error("moves = \"scout\"", "moves = \"knight\"");
    assert!(
        e.starts_with("skirmish.toml") && e.contains("pieces.scout.moves") && e.contains("knight"),
        "{e}"
    );
    let e = error("role = \"spy\"", "role = \"sniper\"");
    assert!(e.contains("pieces.spy.role") && e.contains("sniper"), "{e}");
    let e = error("\"f5\"]", "\"f9\"]");
    assert!(
        e.contains("board.lakes") && e.contains("outside the 8×8 board"),
        "{e}"
    );
    let e = error("symbol = \"S\"", "symbol = \"X\"");
    assert!(
        e.contains("pieces.spy.symbol") && e.contains("same symbol"),
        "{e}"
    );
    let e = error("rows = 3", "rows = 5");
    assert!(e.contains("setup.rows = 5"), "{e}");
    let e = error("full = false", "full = true");
    assert!(e.contains("setup.full") && e.contains("24"), "{e}");
    let e = error(
        "moves = \"fixed\"\nrole = \"bomb\"",
        "moves = \"step\"\nrole = \"bomb\"",
    );
    assert!(
        e.contains("pieces.bomb.moves") && e.contains("never move"),
        "{e}"
    );
    let e = error("files = 8", "files = 11");
    assert!(e.contains("board.files = 11"), "{e}");
    let e = error("two_square_limit = 3", "two_square_limits = 3");
    assert!(e.contains("two_square_limits"), "{e}");
    let e = error(
        "names = [\"gold\", \"silver\"]",
        "names = [\"gold\", \"Gold\"]",
    );
    assert!(e.contains("sides.names"), "{e}");
    // Overrides are checked the same way.
    let e = plateau::rules::load::<Stratego>(
        &RulesSpec::variant("original").set("pieces.scout.count", "9"),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("more pieces than squares") || e.contains("setup.full"),
        "{e}"
    );
}
