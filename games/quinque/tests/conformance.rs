//! The framework's conformance kit on both shipped rule sets.

use plateau::conformance::{check, Config};
use plateau::{rules, RulesSpec};
use plateau_quinque::Quinque;

fn config() -> Config {
    Config {
        games: 6,
        seed: 11,
        max_plies: 300,
        illegal_tries: 4,
    }
}

#[test]
fn basic_conforms() {
    let game: Quinque = rules::load(&RulesSpec::variant("basic")).unwrap().game;
    check(&game, &config());
}

#[test]
fn advanced_conforms() {
    let game: Quinque = rules::load(&RulesSpec::variant("advanced")).unwrap().game;
    check(&game, &config());
}

#[test]
fn small_variant_conforms() {
    // A line of 4, 12 parachutes each, 8 tiles: games end sooner, by every reason.
    let spec = RulesSpec::variant("basic")
        .set("line_length", "4")
        .set("parachutes", "12")
        .set("tiles", "8");
    let game: Quinque = rules::load(&spec).unwrap().game;
    check(
        &game,
        &Config {
            games: 10,
            max_plies: 0,
            ..config()
        },
    );
}
