//! The framework's conformance kit on every shipped variant and a few
//! other sizes.

use plateau::conformance::{check, Config};
use plateau::RulesSpec;
use plateau_oware::Oware;

fn load(spec: RulesSpec) -> Oware {
    plateau::rules::load(&spec).unwrap().game
}

#[test]
fn standard_rules_conform() {
    check(&load(RulesSpec::default_variant()), &Config::default());
}

#[test]
fn small_rules_conform() {
    check(
        &load(RulesSpec::variant("small")),
        &Config {
            games: 30,
            seed: 100,
            max_plies: 0,
            ..Config::default()
        },
    );
}

#[test]
fn other_sizes_conform() {
    let config = Config {
        games: 10,
        seed: 200,
        max_plies: 0,
        ..Config::default()
    };
    for (houses, seeds) in [("1", "3"), ("2", "2"), ("3", "1"), ("5", "5"), ("8", "2")] {
        check(
            &load(
                RulesSpec::default_variant()
                    .set("houses", houses)
                    .set("seeds", seeds),
            ),
            &config,
        );
    }
}
