//! The conformance kit, run through the registry for every registered game
//! and every shipped variant: the same checks for every game.

use plateau::conformance::Config;
use plateau::RulesSpec;

#[test]
fn every_registered_game_and_variant_conforms() {
    let registry = plateau_cli::default_registry();
    let ids: Vec<_> = registry.games().map(|g| g.id()).collect();
    for expected in ["hus", "oware", "stratego", "quinque"] {
        assert!(ids.contains(&expected), "{expected} is registered: {ids:?}");
    }
    for entry in registry.games() {
        for variant in entry.variants() {
            let game = entry
                .load(&RulesSpec::variant(variant.name))
                .unwrap_or_else(|e| panic!("{} {}: {e}", entry.id(), variant.name));
            game.check_conformance(&Config {
                games: 4,
                seed: 11,
                max_plies: 300,
                illegal_tries: 2,
            });
        }
    }
}

#[test]
fn every_rules_data_file_is_a_shipped_variant() {
    let registry = plateau_cli::default_registry();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules-data");
    for dir in std::fs::read_dir(root).expect("rules-data exists") {
        let dir = dir.unwrap();
        let game = dir.file_name().to_string_lossy().into_owned();
        let entry = registry
            .get(&game)
            .unwrap_or_else(|| panic!("rules-data/{game} belongs to a registered game"));
        for file in std::fs::read_dir(dir.path()).unwrap() {
            let path = file.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let variant = entry
                .variants()
                .iter()
                .find(|v| v.name == name)
                .unwrap_or_else(|| panic!("rules-data/{game}/{name}.toml is a variant"));
            assert_eq!(
                variant.toml,
                std::fs::read_to_string(&path).unwrap(),
                "the embedded {game}/{name} is the file"
            );
        }
    }
}

#[test]
fn seeded_random_games_are_reproducible_for_every_game() {
    let registry = plateau_cli::default_registry();
    for entry in registry.games() {
        let game = entry.load(&RulesSpec::default_variant()).unwrap();
        let a = game.playouts(3, 5, 500);
        let b = game.playouts(3, 5, 500);
        assert_eq!(a, b, "{}: same seed, same games", entry.id());
    }
}

#[test]
fn records_reopen_through_the_registry_for_every_game() {
    let registry = plateau_cli::default_registry();
    for entry in registry.games() {
        let game = entry.load(&RulesSpec::default_variant()).unwrap();
        let mut session = game.new_session(3);
        let mut rng = plateau::rng(3);
        for _ in 0..40 {
            match session.random_move(&mut rng) {
                Some(m) => session.play(&m).unwrap(),
                None => break,
            }
        }
        let record = plateau::GameRecord::from_json(&session.record().to_json()).unwrap();
        let reopened = registry.load_record(&record).unwrap();
        assert_eq!(
            reopened.state_json(),
            session.state_json(),
            "{}",
            entry.id()
        );
        assert_eq!(reopened.status(), session.status(), "{}", entry.id());
    }
}
