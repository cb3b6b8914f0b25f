//! Retrograde analysis of one table layer: every board of `n` seeds, the
//! player to move's value (see [`super`] for what a value is).
//!
//! A move either captures, and leads to a board of fewer seeds whose value
//! the layers below already hold, or it does not, and leads to another
//! board of the same layer. So the boards of a layer are valued together,
//! by value iteration: `V₀ = 0` for every board with a move, and
//! `Vₖ₊₁(b) = max over the moves of b of (captured − V(child))`, with
//! `V(child)` from the layer below after a capture and `Vₖ` otherwise.
//! `Vₖ` is the value of the game cut after `k` moves with an even share of
//! what is left, and it settles on the game's value once no board changes:
//! a result one side can force is forced within as many moves as the
//! layer has boards, and play that no one can make end is worth 0 (the
//! module docs of [`super`]). Each sweep reads `Vₖ` and writes `Vₖ₊₁`
//! (never in place, which could settle on another fixed point of the
//! equation).
//!
//! The moves of each board are worked out once, by the engine's own
//! sowing and capture: the best value among the capturing moves and the
//! terminal count, and the ranks of the boards the other moves reach.

use super::rank::{boards, rank, unrank};
use crate::board::{seeds_at, Layout, Packed};
use crate::capture::capture;
use crate::feeding::legal_houses;
use crate::sowing::sow;
use plateau::Player;
use rayon::prelude::*;

/// No move leaves the layer from this board (its exits are none).
const NO_EXIT: i8 = i8::MIN;
/// No board: a missing move in the list of a board's moves in the layer.
const NO_CHILD: u32 = u32::MAX;

/// The board after a move, turned so that the new player to move (North in
/// the engine's ring) comes first.
fn turned(layout: &Layout, board: Packed, out: &mut [u8]) {
    let ring = layout.ring;
    for (k, seeds) in out.iter_mut().enumerate().take(ring) {
        *seeds = seeds_at(board, (k + layout.houses) % ring);
    }
}

/// Where one move of a board leads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The move captured `taken` seeds; the opponent is to move on a board
    /// of fewer seeds.
    Capture {
        /// Seeds captured.
        taken: u32,
    },
    /// No capture: the opponent is to move on another board of the layer.
    Quiet,
}

/// Every legal move of `board` (player to move first): its house (0 = the
/// mover's leftmost), where it leads and the board reached, turned for the
/// opponent. Empty when the player to move has none (O4.2, O5.3).
pub(crate) fn moves(layout: &Layout, board: &[u8]) -> Vec<(usize, Step, Vec<u8>)> {
    // The player to move's row first, so the engine's ring with them as South.
    let packed = layout.pack(board);
    let mut bits = legal_houses(layout, packed, Player(0));
    let mut out = Vec::new();
    while bits != 0 {
        let j = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let sown = sow(layout, packed, j);
        let (after, taken) = capture(layout, sown.board, sown.last, Player(0));
        let mut child = vec![0u8; layout.ring];
        turned(layout, after, &mut child);
        let step = match taken.taken() {
            0 => Step::Quiet,
            taken => Step::Capture { taken },
        };
        out.push((j, step, child));
    }
    out
}

/// The count of a board where the player to move has no legal move: each
/// player takes the seeds of their own row (O5.3, O5.4).
pub(crate) fn final_count(layout: &Layout, board: &[u8]) -> i32 {
    let own: i32 = board[..layout.houses].iter().map(|&s| i32::from(s)).sum();
    let theirs: i32 = board[layout.houses..].iter().map(|&s| i32::from(s)).sum();
    own - theirs
}

/// What a sweep needs of one board: the best of its exits (capturing moves
/// and the final count), and the boards of the layer its quiet moves reach.
struct Node {
    exit: i8,
    quiet: [u32; 8],
}

/// How a layer's build goes, for a progress display.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The moves of `done` boards out of `of` are worked out.
    Moves {
        /// Boards done.
        done: u64,
        /// Boards of the layer.
        of: u64,
    },
    /// Sweep `sweep` changed the values of `changed` boards.
    Sweep {
        /// The sweep's number, from 1.
        sweep: u32,
        /// Boards whose value changed.
        changed: u64,
    },
}

/// The values of every board of `seeds` seeds (by rank), the player to move
/// first, given `lower(n, rank)`, the value of a board of `n < seeds`
/// seeds. `progress` hears how it goes; `houses` is the size of a row.
pub fn layer(
    houses: usize,
    seeds: usize,
    lower: &(dyn Fn(usize, u64) -> i8 + Sync),
    progress: &mut dyn FnMut(Progress),
) -> Vec<i8> {
    let layout = Layout::new(houses, 4);
    let ring = layout.ring;
    let count = boards(seeds, ring);
    const CHUNK: u64 = 1 << 16;
    let mut nodes: Vec<Node> = Vec::with_capacity(count as usize);
    let mut start = 0;
    while start < count {
        let end = (start + CHUNK * 64).min(count);
        let part: Vec<Node> = (start..end)
            .into_par_iter()
            .map_init(
                || vec![0u8; ring],
                |board, r| {
                    unrank(r, seeds, board);
                    node(&layout, board, lower)
                },
            )
            .collect();
        nodes.extend(part);
        start = end;
        progress(Progress::Moves {
            done: start,
            of: count,
        });
    }
    let mut values = vec![0i8; count as usize];
    let mut next = vec![0i8; count as usize];
    let mut sweep = 0;
    loop {
        sweep += 1;
        let changed: u64 = next
            .par_chunks_mut(CHUNK as usize)
            .zip(nodes.par_chunks(CHUNK as usize))
            .enumerate()
            .map(|(c, (out, nodes))| {
                let base = c * CHUNK as usize;
                let mut changed = 0;
                for (i, (v, n)) in out.iter_mut().zip(nodes).enumerate() {
                    let mut best = n.exit;
                    for &q in n.quiet.iter().take_while(|&&q| q != NO_CHILD) {
                        best = best.max(-values[q as usize]);
                    }
                    *v = best;
                    changed += u64::from(best != values[base + i]);
                }
                changed
            })
            .sum();
        std::mem::swap(&mut values, &mut next);
        progress(Progress::Sweep { sweep, changed });
        if changed == 0 {
            return values;
        }
    }
}

/// The moves of one board for the sweeps.
fn node(layout: &Layout, board: &[u8], lower: &(dyn Fn(usize, u64) -> i8 + Sync)) -> Node {
    let moves = moves(layout, board);
    let mut quiet = [NO_CHILD; 8];
    if moves.is_empty() {
        return Node {
            exit: final_count(layout, board) as i8,
            quiet,
        };
    }
    let mut exit = NO_EXIT;
    let mut k = 0;
    let seeds: usize = board.iter().map(|&s| usize::from(s)).sum();
    for (_, step, child) in moves {
        match step {
            Step::Capture { taken } => {
                let rest = seeds - taken as usize;
                let value = taken as i32 - i32::from(lower(rest, rank(&child)));
                exit = exit.max(value as i8);
            }
            Step::Quiet => {
                quiet[k] = rank(&child) as u32;
                k += 1;
            }
        }
    }
    Node { exit, quiet }
}
