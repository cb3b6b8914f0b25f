//! Nim with one pile. Players take 1 to `max_take` stones in turn; whoever
//! takes the last stone wins. Moves are written as the number taken (`2`).

use crate::{
    DescribeMoves, FreeFormMoves, Game, MoveParseError, Outcome, ParamDoc, Player, Render,
    RulesDocs, RulesError, SearchHooks, Status, Variant,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Nim's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NimParams {
    /// Stones in the pile at the start.
    pub pile: u32,
    /// The most stones one move may take.
    pub max_take: u32,
}

/// Nim's rules.
#[derive(Clone, Debug)]
pub struct Nim {
    params: NimParams,
}

/// A Nim position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NimState {
    /// Stones left.
    pub pile: u32,
    /// The player to move.
    pub to_move: Player,
}

impl Game for Nim {
    type Params = NimParams;
    type State = NimState;
    type Move = u32;
    type View = NimState;

    const ID: &'static str = "nim";
    const NAME: &'static str = "Nim";
    crate::perfect_information!();

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "standard",
            description: "21 stones, take 1 to 3",
            toml: "pile = 21\nmax_take = 3\n",
        }]
    }

    fn new(params: NimParams) -> Result<Self, RulesError> {
        if params.max_take == 0 {
            return Err(RulesError::new("must be at least 1")
                .key("max_take")
                .value(params.max_take));
        }
        Ok(Nim { params })
    }

    fn params(&self) -> &NimParams {
        &self.params
    }

    fn player_name(&self, player: Player) -> &str {
        ["first", "second"][player.index()]
    }

    fn initial_state(&self, _seed: u64) -> NimState {
        NimState {
            pile: self.params.pile,
            to_move: Player::FIRST,
        }
    }

    fn status(&self, state: &NimState) -> Status {
        if state.pile == 0 {
            Status::Over(Outcome::win(state.to_move.opponent(), "last-stone-taken"))
        } else {
            Status::ToMove(state.to_move)
        }
    }

    fn legal_moves(&self, state: &NimState, moves: &mut Vec<u32>) {
        moves.clear();
        moves.extend(1..=self.params.max_take.min(state.pile));
    }

    fn apply_unchecked(&self, state: &mut NimState, mv: &u32) {
        state.pile = state.pile.saturating_sub(*mv);
        state.to_move = state.to_move.opponent();
    }

    /// Exact: the pile and the player to move are the whole position.
    fn state_key(&self, state: &NimState) -> u64 {
        (u64::from(state.pile) << 1) | u64::from(state.to_move.0)
    }

    fn random_move<R: Rng + ?Sized>(&self, state: &NimState, rng: &mut R) -> Option<u32> {
        let most = self.params.max_take.min(state.pile);
        (most > 0).then(|| rng.random_range(1..=most))
    }

    fn format_move(&self, mv: &u32) -> String {
        mv.to_string()
    }

    fn parse_move(&self, _state: &NimState, text: &str) -> Result<u32, MoveParseError> {
        text.trim()
            .parse()
            .map_err(|_| MoveParseError::new(text, "expected a number of stones"))
    }
}

impl RulesDocs for Nim {
    fn param_docs() -> &'static [ParamDoc] {
        &[
            ParamDoc {
                key: "pile",
                description: "stones at the start",
            },
            ParamDoc {
                key: "max_take",
                description: "most stones one move may take",
            },
        ]
    }

    fn summary(&self) -> String {
        format!(
            "Nim: {} stones; take 1 to {}; whoever takes the last stone wins.",
            self.params.pile, self.params.max_take
        )
    }
}

impl Render for Nim {
    fn render_state(&self, state: &NimState) -> String {
        format!(
            "pile: {} stones; {} to move\n",
            state.pile,
            self.player_name(state.to_move)
        )
    }
}

impl DescribeMoves for Nim {}

impl FreeFormMoves for Nim {}

impl SearchHooks for Nim {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance;

    #[test]
    fn nim_conforms() {
        let game = Nim::new(NimParams {
            pile: 21,
            max_take: 3,
        })
        .unwrap();
        conformance::check(&game, &conformance::Config::default());
    }
}
