//! [`RulesDocs`]: the rules in words, for `plateau rules` and help screens.

use super::{Game, ParamDoc};

/// The rules of a game in words: a summary, the full rules text and the
/// documentation of its parameters. Every method has a default.
pub trait RulesDocs: Game {
    /// Documentation of the parameters, for `plateau rules`. The default
    /// documents none.
    fn param_docs() -> &'static [ParamDoc] {
        &[]
    }

    /// A short text summary of the rules, for `plateau rules`. The default
    /// is the game's name.
    fn summary(&self) -> String {
        Self::NAME.to_string()
    }

    /// The rules for players in full, as Markdown with every rule numbered
    /// as the game's error messages cite it (`H3.1`): what
    /// `plateau rules GAME --full` prints and help screens show. A game
    /// crate embeds its `docs/rules/<game>.md` with `include_str!`. The
    /// default, `None`, has none.
    fn rules_text(&self) -> Option<&'static str> {
        None
    }
}
