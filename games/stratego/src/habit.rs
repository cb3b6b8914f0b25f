//! How people move, all else being equal: on with the piece they moved last.
//!
//! In the 25 Gravon records of the acceptance set, of the 4 104 moves that
//! follow one of the same side, 1 078 moved the piece that side had moved
//! last straight on, 901 turned it, 157 took it back the way it came and
//! 1 968 moved another piece: half the time people move one piece again, a
//! quarter of the time straight on. `pimc` (Stratego's `ai`) plays, of the
//! moves it values within its option `habit` of the best, the one this habit
//! favours most ([`plateau::SearchHooks::move_habit`]).

use crate::notation::Move;
use crate::view::StrategoView;

/// The habit of moving the piece moved last straight on.
pub(crate) const STRAIGHT_ON: u32 = 3;
/// The habit of moving it on in a new direction.
pub(crate) const TURNING: u32 = 2;
/// The habit of taking it back the way it came.
pub(crate) const BACK: u32 = 1;

/// How much people favour `mv` for the view's player: [`STRAIGHT_ON`],
/// [`TURNING`] or [`BACK`] for a move of the piece that player moved last
/// (found where that move ended), 0 for any other move.
pub(crate) fn move_habit(view: &StrategoView, mv: &Move) -> u32 {
    let Move::Step { from, to } = *mv else {
        return 0;
    };
    let last = view.two_squares[view.viewer.index()];
    let (Some(last_from), Some(last_to)) = (last.from, last.to) else {
        return 0;
    };
    if from != last_to {
        return 0;
    }
    let step = |a: crate::Square, b: crate::Square| {
        (
            (i16::from(b.file()) - i16::from(a.file())).signum(),
            (i16::from(b.rank()) - i16::from(a.rank())).signum(),
        )
    };
    let (before, now) = (step(last_from, last_to), step(from, to));
    if now == before {
        STRAIGHT_ON
    } else if now == (-before.0, -before.1) {
        BACK
    } else {
        TURNING
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{play, position, rules};
    use plateau::{Game, Player};

    use crate::tests::two_squares::BOARD;

    fn habit(game: &crate::Stratego, st: &crate::StrategoState, mv: &str) -> u32 {
        let view = game.view(st, Player(0));
        let mv = game.parse_move(st, mv).unwrap();
        move_habit(&view, &mv)
    }

    #[test]
    fn the_piece_moved_last_is_favoured_straight_on_then_turning_then_back() {
        let game = rules(&[]);
        let mut st = position(&game, BOARD, 0);
        assert_eq!(habit(&game, &st, "a4-a5"), 0, "no move made yet");
        play(&game, &mut st, "a4-a5 j8-j7");
        assert_eq!(habit(&game, &st, "a5-a6"), STRAIGHT_ON);
        assert_eq!(habit(&game, &st, "a5-b5"), TURNING);
        assert_eq!(habit(&game, &st, "a5-a4"), BACK);
        assert_eq!(habit(&game, &st, "b4-b5"), 0, "another piece");
        // A scout's long move has the direction of its line: on up the
        // b-file is straight on, however far.
        play(&game, &mut st, "b4-b7 j7-j8");
        assert_eq!(habit(&game, &st, "b7-b9"), STRAIGHT_ON);
        assert_eq!(habit(&game, &st, "b7-j7"), TURNING);
        assert_eq!(habit(&game, &st, "b7-b5"), BACK);
        assert_eq!(
            habit(&game, &st, "a5-a6"),
            0,
            "no longer the piece moved last"
        );
    }
}
