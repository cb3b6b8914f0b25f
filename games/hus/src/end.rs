//! The end of the game (RULES.md H4), decided when a move is applied so that
//! `status` only reads it.

use crate::board::{has_pit_with_two, Packed};
use crate::sowing::has_legal_move;
use crate::state::{End, EndReason};
use plateau::Player;

/// Decides whether the game is over when `to_move`, whose side is `next`,
/// is to move against the side `other` after `ply` moves:
/// 1. H4.1, first clause, for both players: a player with no pit holding 2 or
///    more stones has lost. Both cannot be in that case at once, as the
///    rules hold more than 32 stones. So the mover loses at once when their
///    own move leaves them with single stones only.
/// 2. H4.1, second clause: the player to move with no legal move (every
///    candidate endless, H3.7) has lost.
/// 3. H4.3: with `max_plies` > 0, reaching it is a draw.
#[inline]
pub(crate) fn decide(
    next: Packed,
    other: Packed,
    to_move: Player,
    ply: u32,
    max_sowings: u32,
    max_plies: u32,
) -> Option<End> {
    let opponent = to_move.opponent();
    let win = |winner: Player, reason| {
        Some(End {
            winner: Some(winner),
            reason,
        })
    };
    if !has_pit_with_two(next) {
        return win(opponent, EndReason::NoPitWithTwoStones);
    }
    if !has_pit_with_two(other) {
        return win(to_move, EndReason::NoPitWithTwoStones);
    }
    if !has_legal_move(next, other, max_sowings) {
        return win(opponent, EndReason::NoLegalMove);
    }
    if max_plies > 0 && ply >= max_plies {
        return Some(End {
            winner: None,
            reason: EndReason::MoveCap,
        });
    }
    None
}
