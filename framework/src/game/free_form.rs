//! [`FreeFormMoves`]: moves too many to list, such as a Stratego setup.

use super::Game;
use crate::board::Placement;
use rand::Rng;

/// Free-form phases: positions whose legal moves are too many to list (a
/// Stratego setup), the placement editor front ends offer for them, and the
/// candidates agents score for them. Every method has a default: every
/// position's moves can be listed, and none is a placement.
pub trait FreeFormMoves: Game {
    /// Whether the legal moves of this position can be listed. It is false
    /// only in free-form phases whose moves are too many to list, such as a
    /// Stratego setup; moves are then entered as text, checked by
    /// [`Game::check_move`] and drawn by [`Game::random_move`]. The default:
    /// true.
    fn moves_enumerable(&self, _state: &Self::State) -> bool {
        true
    }

    /// A hint shown to a person who is to enter a move, for example the
    /// format of a setup. The default: none.
    fn move_hint(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// The free-form placement the player to move makes next (a Stratego
    /// setup), for a placement editor: the area, the pieces and whether it
    /// must be filled. `None` (the default) when the next move is no
    /// placement.
    fn placement(&self, _state: &Self::State) -> Option<Placement> {
        None
    }

    /// The placement move of an arrangement of
    /// [`FreeFormMoves::placement`] (one entry a square; see
    /// [`Placement`]). The move is not checked here; `None` when the
    /// position has no placement or the arrangement does not fit it.
    fn placement_move(
        &self,
        _state: &Self::State,
        _arrangement: &[Option<usize>],
    ) -> Option<Self::Move> {
        None
    }

    /// The arrangement of a placement move (for a random or loaded setup in
    /// an editor), `None` when the move is no placement of this position.
    fn placement_of(&self, _state: &Self::State, _mv: &Self::Move) -> Option<Vec<Option<usize>>> {
        None
    }

    /// A candidate for a free-form move (a setup) that an agent scores
    /// before choosing one: by default [`Game::random_move`]. A game that
    /// knows how people make such moves draws from that (Stratego: setups
    /// leaning towards where people put their flag and bombs).
    fn candidate_move<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        rng: &mut R,
    ) -> Option<Self::Move> {
        self.random_move(state, rng)
    }

    /// How many candidates ([`FreeFormMoves::candidate_move`]) an agent
    /// that searches draws and scores by
    /// [`SearchHooks::evaluate`](crate::SearchHooks::evaluate) for a
    /// free-form move (a setup), the best kept: by default 400. A game whose
    /// free-form moves are cheap to score may ask for more (Stratego: as
    /// many as make 16 000 pieces placed, 400 setups of the classic army,
    /// 2 000 of Barrage's).
    fn free_form_candidates(&self) -> u32 {
        400
    }
}
