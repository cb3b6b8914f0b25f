//! The turn rule, in one place: whether a seat may move now. The match
//! asks it for every move of a seat ([`Match::play`](super::Match::play));
//! a front end that holds a game without a match (Python's seat of a
//! learning state) asks it too, so that no front end words or decides it
//! again.

use super::MatchError;
use crate::{DynSession, Player, Status};

/// `Ok` when it is `player`'s turn in `session`; otherwise
/// [`MatchError::NotYourTurn`], naming only whose turn it is, or
/// [`MatchError::GameOver`] with the outcome in words.
///
/// ```
/// use plateau::matches::seat_to_move;
/// use plateau::{demo::Nim, Player, Registry, RulesSpec};
///
/// let mut registry = Registry::new();
/// registry.register::<Nim>();
/// let rules = registry.get("nim").unwrap().load(&RulesSpec::default_variant()).unwrap();
/// let session = rules.new_session(0);
/// assert!(seat_to_move(session.as_ref(), Player(0)).is_ok());
/// let refused = seat_to_move(session.as_ref(), Player(1)).unwrap_err();
/// assert_eq!(refused.kind(), "not_your_turn");
/// ```
pub fn seat_to_move(session: &dyn DynSession, player: Player) -> Result<(), MatchError> {
    match session.status() {
        Status::ToMove(p) if p == player => Ok(()),
        Status::ToMove(p) => Err(MatchError::NotYourTurn {
            to_move: session.player_name(p),
        }),
        Status::Over(_) => Err(MatchError::GameOver(session.describe_status())),
    }
}
