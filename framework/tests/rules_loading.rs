//! Rules data loading: variants, user files, overrides, and the errors that
//! name file, key and reason.

use plateau::demo::Nim;
use plateau::{rules, Game, RulesSpec};

fn load(spec: &RulesSpec) -> Result<Nim, String> {
    rules::load::<Nim>(spec)
        .map(|l| l.game)
        .map_err(|e| e.to_string())
}

fn user_file(name: &str, text: &str) -> RulesSpec {
    RulesSpec {
        file: Some((name.to_string(), text.to_string())),
        ..RulesSpec::default()
    }
}

#[test]
fn default_variant_loads_with_its_name() {
    let loaded = rules::load::<Nim>(&RulesSpec::default_variant()).unwrap();
    assert_eq!(loaded.variant, "standard");
    assert_eq!(loaded.game.params().pile, 21);
}

#[test]
fn unknown_variant_lists_the_variants() {
    let err = load(&RulesSpec::variant("huge")).unwrap_err();
    assert_eq!(err, "unknown variant 'huge' of nim; variants: standard");
}

#[test]
fn override_changes_one_parameter() {
    let nim = load(&RulesSpec::default_variant().set("max_take", "5")).unwrap();
    assert_eq!(nim.params().max_take, 5);
    assert_eq!(nim.params().pile, 21);
}

#[test]
fn unknown_override_key_is_an_error_naming_the_key() {
    let err = load(&RulesSpec::default_variant().set("piles", "5")).unwrap_err();
    assert!(
        err.starts_with("--set: piles: unknown parameter; parameters: "),
        "{err}"
    );
    assert!(err.contains("max_take"), "{err}");
}

#[test]
fn override_of_wrong_type_names_the_key() {
    let err = load(&RulesSpec::default_variant().set("pile", "many")).unwrap_err();
    assert!(
        err.starts_with("--set: pile: must be a whole number (0 or more), not the text \"many\""),
        "{err}"
    );
}

#[test]
fn validation_error_names_file_key_and_value() {
    let err = load(&user_file("mine.toml", "pile = 4\nmax_take = 0\n")).unwrap_err();
    assert_eq!(err, "mine.toml: max_take = 0: must be at least 1");
}

#[test]
fn unknown_key_in_file_is_an_error() {
    let err = load(&user_file(
        "mine.toml",
        "pile = 4\nmax_take = 2\nextra = 1\n",
    ))
    .unwrap_err();
    assert_eq!(
        err,
        "mine.toml:3: extra: not a parameter; parameters here: pile, max_take"
    );
}

#[test]
fn missing_key_in_file_is_an_error() {
    let err = load(&user_file("mine.toml", "pile = 4\n")).unwrap_err();
    assert_eq!(err, "mine.toml: the parameter 'max_take' is missing");
}

#[test]
fn malformed_toml_names_file_and_line() {
    let err = load(&user_file("mine.toml", "pile = 4\nmax_take = = 2\n")).unwrap_err();
    assert!(err.starts_with("mine.toml:2: invalid TOML"), "{err}");
}

#[test]
fn user_file_variant_is_named_after_the_file() {
    let loaded =
        rules::load::<Nim>(&user_file("dir/small.toml", "pile = 4\nmax_take = 2\n")).unwrap();
    assert_eq!(loaded.variant, "small");
}

#[test]
fn parse_override_requires_key_and_equals() {
    assert_eq!(
        RulesSpec::parse_override("a.b = 3").unwrap(),
        ("a.b".to_string(), "3".to_string())
    );
    assert!(RulesSpec::parse_override("novalue").is_err());
    assert!(RulesSpec::parse_override("=3").is_err());
}

#[test]
fn flattened_parameters_list_every_key() {
    let nim = load(&RulesSpec::default_variant()).unwrap();
    let params = rules::flatten_params(nim.params());
    assert_eq!(
        params,
        vec![
            ("pile".to_string(), "21".to_string()),
            ("max_take".to_string(), "3".to_string())
        ]
    );
}

#[test]
fn validation_error_of_an_override_names_the_override() {
    let err = load(&RulesSpec::default_variant().set("max_take", "0")).unwrap_err();
    assert_eq!(err, "--set: max_take = 0: must be at least 1");
}
