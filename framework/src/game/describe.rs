//! [`DescribeMoves`]: what a move did, in words and in intermediate boards.

use super::Game;
use crate::board::BoardView;
use crate::Player;

/// What a move did, for front ends that tell it: in words (a Hus sowing, a
/// Stratego combat) and as the boards between the position before and the
/// one after. Every method has a default: nothing to tell. Whether a move's
/// text may be shown at all is [`Game::move_is_public`].
pub trait DescribeMoves: Game {
    /// What a move did, as `viewer` may know it (`None`: everything), for
    /// example the sowing of a Hus move or a Stratego combat. `before` is the
    /// position the move was played in. The default: `None`.
    fn describe_move(
        &self,
        _before: &Self::State,
        _mv: &Self::Move,
        _viewer: Option<Player>,
    ) -> Option<String> {
        None
    }

    /// What a move did as anyone watching the table may know it: no
    /// player's secrets, not even the mover's or its opponent's (a
    /// Stratego silent defender that wins stays unnamed, S12.6). The
    /// default: the full description for a game without hidden
    /// information, none for a game with it (such a game overrides this).
    fn describe_move_public(&self, before: &Self::State, mv: &Self::Move) -> Option<String> {
        if Self::HIDDEN_INFORMATION {
            None
        } else {
            self.describe_move(before, mv, None)
        }
    }

    /// The intermediate boards of a move played in `before`, as `seat` may
    /// see them (`None`: the whole position), for showing it step by step:
    /// each sowing of a Hus move, an Oware sowing before its captures, a
    /// Stratego combat with both pieces shown. They come from the game's
    /// engine; the position before and the one after are not among them.
    /// The default has none.
    fn move_frames(
        &self,
        _before: &Self::State,
        _mv: &Self::Move,
        _seat: Option<Player>,
    ) -> Vec<BoardView> {
        Vec::new()
    }
}
