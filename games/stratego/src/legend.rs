//! What a state keeps of the rules it is played under, so that it can stand
//! alone as JSON: the board's size, the sides' and pieces' names, and how
//! each kind of piece moves. It is shared (one per set of rules) and never
//! read by the engine's hot paths, which use [`Rules`] instead.

use crate::params::Rules;
use std::sync::Arc;

/// The part of the rules a state carries (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Legend {
    /// Board width (S1.1).
    pub files: u8,
    /// Board height (S1.1).
    pub ranks: u8,
    /// The two sides' names, first side first.
    pub sides: [String; 2],
    /// The kinds of piece, in the order of [`Rules::kinds`] (a kind number
    /// indexes this list).
    pub kinds: Vec<KindLegend>,
}

/// One kind of piece as a state knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KindLegend {
    /// Its name in the rules data, e.g. `marshal`.
    pub name: String,
    /// Its symbol in setups and boards, e.g. `X`.
    pub symbol: char,
    /// Its movement class with the option rules applied (S4, S12.3, S12.4):
    /// which list of the state it is kept in,
    /// [`NO_CLASS`](crate::params::NO_CLASS) for none.
    pub class: u8,
    /// Whether it is a movable piece for the end of the game (S9).
    pub movable: bool,
}

impl Legend {
    /// The legend of validated rules.
    pub fn of(rules: &Rules) -> Arc<Legend> {
        Arc::new(Legend {
            files: rules.files,
            ranks: rules.ranks,
            sides: rules.names.clone(),
            kinds: rules
                .kinds
                .iter()
                .enumerate()
                .map(|(i, k)| KindLegend {
                    name: k.name.clone(),
                    symbol: k.symbol,
                    class: rules.class[i],
                    movable: rules.movable[i],
                })
                .collect(),
        })
    }

    /// The name of side `side` (0 or 1), or `?` for no side.
    pub fn side_name(&self, side: usize) -> &str {
        self.sides.get(side).map_or("?", String::as_str)
    }

    /// The name of a kind, or `?` for no kind of these rules.
    pub fn kind_name(&self, kind: u8) -> &str {
        self.kinds
            .get(kind as usize)
            .map_or("?", |k| k.name.as_str())
    }
}
