//! Users' rules files: the input is the text of a `--rules FILE`, loaded
//! for every game of the default registry as the CLI does (a `RulesSpec`
//! whose `file` is the name and text).
//!
//! Checks: a refused file has a one-line error; accepted rules write their
//! parameters as TOML that loads back to the same parameters, and a game
//! under them starts, renders and plays random moves through their text.

use super::super::{one_line, play_on, registry};
use plateau::RulesSpec;

fn spec(text: &str) -> RulesSpec {
    RulesSpec {
        variant: None,
        file: Some(("fuzz.toml".to_string(), text.to_string())),
        overrides: Vec::new(),
    }
}

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for entry in registry().games() {
        let what = entry.id();
        let game = match entry.load(&spec(&text)) {
            Ok(game) => game,
            Err(e) => {
                one_line(what, &text, &e.to_string());
                continue;
            }
        };
        assert_eq!(
            game.variant(),
            "fuzz",
            "{what}: the variant is the file's stem"
        );
        let toml = game.params_toml();
        match entry.load(&spec(&toml)) {
            Ok(back) => assert_eq!(
                back.params_json(),
                game.params_json(),
                "{what}: the parameters of {text:?} written as {toml:?} read back different"
            ),
            Err(e) => {
                panic!("{what}: the parameters of {text:?} written as {toml:?} do not load: {e}")
            }
        }
        let _ = game.summary();
        let _ = game.params();
        let mut session = game.new_session(0);
        play_on(&format!("{what} under {text:?}"), session.as_mut(), 0, 6);
    }
}
