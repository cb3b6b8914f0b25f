//! The framework's conformance kit on several rule sets.

use plateau::conformance::{check, Config};
use plateau::RulesSpec;
use plateau_hus::Hus;

fn load(spec: RulesSpec) -> Hus {
    plateau::rules::load(&spec).unwrap().game
}

#[test]
fn standard_rules_conform() {
    check(&load(RulesSpec::default_variant()), &Config::default());
}

#[test]
fn north_first_and_random_first_conform() {
    let config = Config {
        games: 10,
        seed: 100,
        ..Config::default()
    };
    check(
        &load(RulesSpec::default_variant().set("first", "north")),
        &config,
    );
    check(
        &load(RulesSpec::default_variant().set("first", "random")),
        &config,
    );
}

#[test]
fn move_cap_and_small_max_sowings_conform() {
    let config = Config {
        games: 10,
        seed: 200,
        ..Config::default()
    };
    check(
        &load(RulesSpec::default_variant().set("max_plies", "12")),
        &config,
    );
    // With few sowings allowed many moves are endless: the legal lists, the
    // random draw and the no-legal-move ending are all exercised.
    check(
        &load(RulesSpec::default_variant().set("max_sowings", "4")),
        &config,
    );
}

#[test]
fn a_variant_start_conforms() {
    let toml = "first = \"random\"\nmax_sowings = 10000\nmax_plies = 0\n\
                [start]\nsouth = [3,3,3,3,3,3,3,3, 1,1,1,1,1,1,1,1]\n\
                north = [3,3,3,3,3,3,3,3, 1,1,1,1,1,1,1,1]\n";
    let spec = RulesSpec {
        file: Some(("threes.toml".into(), toml.into())),
        ..RulesSpec::default()
    };
    check(
        &load(spec),
        &Config {
            games: 10,
            seed: 300,
            ..Config::default()
        },
    );
}
