//! Relay sowing and capture (RULES.md H3): the engine of a move.
//!
//! A move lifts the stones of its start pit and sows them one by one into the
//! following pits of the mover's loop, the start pit included once 16 or more
//! stones pass it (H3.1). When the last stone falls into a pit that already
//! held stones the player lifts that pit and sows on (*relay*, H3.3); in the
//! second row that relay also takes both opposite pits of the opponent when
//! the opponent's second-row pit is not empty (*capture*, H3.4, H3.5). The
//! move ends when the last stone falls into an empty pit (H3.2), and is
//! *endless* if it has not ended after `max_sowings` sowings (H3.7).
//!
//! Sides are packed ([`Packed`]): one sowing of `n` stones adds `n / 16` to
//! every pit and 1 to a run of `n % 16` pits, two additions whatever `n`.

use crate::board::{emptied, opposite_first, opposite_second, stones_at, Packed, Pit, ONES, PITS};

/// `RUNS[16 * p + r]`: one stone in each of the `r` pits after pit `p`
/// (round the loop).
static RUNS: [Packed; PITS * PITS] = {
    let mut runs = [0; PITS * PITS];
    let mut p = 0;
    while p < PITS {
        let mut r = 1;
        while r < PITS {
            runs[p * PITS + r] = runs[p * PITS + r - 1] | (1 << (((p + r) & 15) * 8));
            r += 1;
        }
        p += 1;
    }
    runs
};

/// Sowings after which the engine starts to look for a repeated position: a
/// move that repeats itself never ends. Most moves end long before.
const CYCLE_CHECK_FROM: u32 = 48;

/// Why a move is endless (H3.7).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Endless {
    /// The sowing came back to a position it had already been in (same
    /// pits, same pit to lift): it would go on forever.
    Repeats,
    /// The sowing had not ended after `max_sowings` sowings.
    Limit,
}

/// A move that ended: both sides afterwards and the number of sowings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sown {
    /// The mover's side afterwards.
    pub own: Packed,
    /// The opponent's side afterwards.
    pub opp: Packed,
    /// Sowings made: the first one and every relay or capture.
    pub sowings: u32,
    /// The pit where the last stone fell, an empty pit before it.
    pub end: Pit,
}

/// Receives the steps of a sowing, for describing a move. The unit type
/// observes nothing at no cost.
pub trait Observer {
    /// The move lifts `stones` from its start pit.
    fn start(&mut self, _pit: Pit, _stones: u32) {}
    /// A relay (H3.3) lifts `stones` from `pit`, the last stone included.
    fn relay(&mut self, _pit: Pit, _stones: u32) {}
    /// A capture (H3.4) lifts `own` stones from `pit` and takes `second` and
    /// `first` stones from the opponent's opposite second- and first-row pits.
    fn capture(&mut self, _pit: Pit, _own: u32, _second: u32, _first: u32) {}
    /// The last stone fell into the empty pit `pit`: the move ends.
    fn end(&mut self, _pit: Pit) {}
    /// A sowing has dropped its stones: both sides as they are now (the
    /// mover's, then the opponent's), before the next relay or capture.
    fn sown(&mut self, _own: Packed, _opp: Packed) {}
}

impl Observer for () {}

/// One step of a traced sowing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The first sowing: stones lifted from the start pit.
    Start {
        /// The start pit.
        pit: Pit,
        /// Stones lifted.
        stones: u32,
    },
    /// A relay: stones lifted from the pit the last stone fell into.
    Relay {
        /// The pit lifted.
        pit: Pit,
        /// Stones lifted, the last stone included.
        stones: u32,
    },
    /// A capture: the own pit and both opposite pits lifted.
    Capture {
        /// The own second-row pit lifted.
        pit: Pit,
        /// Stones lifted from it, the last stone included.
        own: u32,
        /// Stones taken from the opponent's opposite second-row pit.
        second: u32,
        /// Stones taken from the opponent's first-row pit behind it.
        first: u32,
    },
    /// The last stone fell into this empty pit.
    End {
        /// The pit.
        pit: Pit,
    },
}

/// An [`Observer`] that records every step, for `describe_move`. It keeps at
/// most `limit` steps and counts the rest.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The recorded steps, in order.
    pub steps: Vec<Step>,
    /// Steps left out after the limit.
    pub left_out: usize,
    limit: usize,
}

impl Trace {
    /// A trace keeping at most `limit` steps.
    pub fn with_limit(limit: usize) -> Self {
        Trace {
            steps: Vec::new(),
            left_out: 0,
            limit,
        }
    }

    fn push(&mut self, step: Step) {
        if self.steps.len() < self.limit {
            self.steps.push(step);
        } else {
            self.left_out += 1;
        }
    }
}

impl Observer for Trace {
    fn start(&mut self, pit: Pit, stones: u32) {
        self.push(Step::Start { pit, stones });
    }
    fn relay(&mut self, pit: Pit, stones: u32) {
        self.push(Step::Relay { pit, stones });
    }
    fn capture(&mut self, pit: Pit, own: u32, second: u32, first: u32) {
        self.push(Step::Capture {
            pit,
            own,
            second,
            first,
        });
    }
    fn end(&mut self, pit: Pit) {
        // The end is always kept, even past the limit.
        self.steps.push(Step::End { pit });
    }
}

#[inline(always)]
fn pit(index: usize) -> Pit {
    Pit::wrapping(index)
}

/// Plays the move starting at `start` on the mover's side `own` against the
/// opponent's side `opp`, with no observer. See [`sow_observed`].
#[inline]
pub fn sow(own: Packed, opp: Packed, start: usize, max_sowings: u32) -> Result<Sown, Endless> {
    sow_observed(own, opp, start, max_sowings, &mut ())
}

/// Plays the move starting at pit `start` (index form) on the mover's side
/// `own` against the opponent's side `opp`, reporting each step to
/// `observer`. Returns both sides afterwards, or why the move is endless.
///
/// The start pit should hold 2 or more stones (H3.1); the engine does not
/// check it (an empty start pit gives [`Endless`]). Sides must hold at most
/// 255 stones together.
#[inline]
pub fn sow_observed<O: Observer>(
    mut own: Packed,
    mut opp: Packed,
    start: usize,
    max_sowings: u32,
    observer: &mut O,
) -> Result<Sown, Endless> {
    let mut pos = start & 15;
    let mut hand = stones_at(own, pos);
    own = emptied(own, pos);
    observer.start(pit(pos), hand);
    let mut sowings: u32 = 1;
    // Brent's cycle detection on (own side, pit to lift). Between two such
    // positions with equal own sides no capture happened (a capture adds
    // stones to the own side, which never loses any), so the opponent's side
    // is equal too and the position really repeats.
    let mut saved_side: Packed = 0;
    let mut saved_pos = usize::MAX;
    let mut power: u32 = 1;
    let mut lam: u32 = 0;
    loop {
        // Sow `hand` stones from the pit after `pos`: every full lap adds one
        // stone to every pit (the start pit included, H3.1), the rest one
        // stone to each of the next `hand % 16` pits.
        let laps = (hand >> 4) as Packed;
        let run = RUNS[(pos & 15) * PITS + (hand & 15) as usize];
        own = own.wrapping_add(ONES.wrapping_mul(laps)).wrapping_add(run);
        observer.sown(own, opp);
        let last = (pos + hand as usize) & 15;
        let count = stones_at(own, last);
        if count == 1 {
            // H3.2: the last stone fell into an empty pit.
            observer.end(pit(last));
            return Ok(Sown {
                own,
                opp,
                sowings,
                end: pit(last),
            });
        }
        if sowings >= max_sowings {
            return Err(Endless::Limit);
        }
        sowings += 1;
        if sowings > CYCLE_CHECK_FROM {
            if own == saved_side && last == saved_pos {
                return Err(Endless::Repeats);
            }
            lam += 1;
            if lam == power {
                saved_side = own;
                saved_pos = last;
                power <<= 1;
                lam = 0;
            }
        }
        // H3.3: relay; H3.4: capture from a second-row pit when the
        // opponent's opposite second-row pit is not empty (H3.5).
        own = emptied(own, last);
        hand = count;
        if last >= 8 {
            let second_at = opposite_second(last);
            let second = stones_at(opp, second_at);
            if second != 0 {
                let first_at = opposite_first(last);
                let first = stones_at(opp, first_at);
                opp = emptied(emptied(opp, second_at), first_at);
                hand += second + first;
                observer.capture(pit(last), count, second, first);
            } else {
                observer.relay(pit(last), count);
            }
        } else {
            observer.relay(pit(last), count);
        }
        pos = last;
    }
}

/// Whether the side `own`, to move against `opp`, has a legal move: a pit of
/// 2 or more stones whose sowing ends (H3.1, H3.7, H4.1).
///
/// Most positions have a pit whose first sowing already ends in an empty pit;
/// those are found without sowing. Otherwise candidates are sown in turn.
#[inline]
pub fn has_legal_move(own: Packed, opp: Packed, max_sowings: u32) -> bool {
    let pits = own.to_le_bytes();
    let mut quick = false;
    for (s, &n) in pits.iter().enumerate() {
        // With 2–15 stones the last one falls into pit s + n, untouched by
        // the rest of the sowing; with exactly 16 into the emptied start pit.
        let n = n as usize;
        let target_empty = pits[(s + n) & 15] == 0;
        quick |= (n >= 2) & ((n < 16) & target_empty | (n == 16));
    }
    if quick {
        return true;
    }
    let mut candidates = crate::board::pits_with_two(own);
    while candidates != 0 {
        let s = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        if sow(own, opp, s, max_sowings).is_ok() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{pack, side_stones, unpack};

    /// Sows stone by stone, exactly as H3 is written, for comparison.
    fn reference(
        mut own: [u8; 16],
        mut opp: [u8; 16],
        start: usize,
        max: u32,
    ) -> Option<([u8; 16], [u8; 16], u32)> {
        let mut hand = own[start];
        own[start] = 0;
        let mut pos = start;
        let mut sowings = 1;
        loop {
            while hand > 0 {
                pos = (pos + 1) % 16;
                own[pos] += 1;
                hand -= 1;
            }
            if own[pos] == 1 {
                return Some((own, opp, sowings));
            }
            if sowings == max {
                return None;
            }
            sowings += 1;
            hand = own[pos];
            own[pos] = 0;
            if pos >= 8 && opp[23 - pos] > 0 {
                hand += opp[23 - pos] + opp[pos - 8];
                opp[23 - pos] = 0;
                opp[pos - 8] = 0;
            }
        }
    }

    #[test]
    fn packed_engine_matches_stone_by_stone_sowing() {
        let mut rng = plateau::rng(7);
        use rand::Rng;
        for _ in 0..3000 {
            let mut own = [0u8; 16];
            let mut opp = [0u8; 16];
            for _ in 0..48 {
                let i = rng.random_range(0..32);
                if i < 16 {
                    own[i] += 1;
                } else {
                    opp[i - 16] += 1;
                }
            }
            for s in 0..16 {
                if own[s] < 2 {
                    continue;
                }
                let max = 2000;
                let expected = reference(own, opp, s, max);
                let got = sow(pack(own), pack(opp), s, max);
                match (expected, got) {
                    (Some((o, p, n)), Ok(sown)) => {
                        assert_eq!(
                            (unpack(sown.own), unpack(sown.opp), sown.sowings),
                            (o, p, n)
                        );
                    }
                    (None, Err(_)) => {}
                    (e, g) => panic!("{own:?} {opp:?} from {s}: reference {e:?}, engine {g:?}"),
                }
            }
        }
    }

    #[test]
    fn repeats_are_found_before_the_limit() {
        // The endless example of the tests (H3.7): a8 = 3 and a stone in every
        // second pit, nothing to capture.
        let own = pack([3, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
        assert_eq!(sow(own, 0, 0, 10_000), Err(Endless::Repeats));
        assert_eq!(sow(own, 0, 0, 20), Err(Endless::Limit));
    }

    #[test]
    fn the_limit_counts_every_sowing() {
        // a8 = 2, a6 = 1: the 2 stones go to a7 and a6, which held a stone:
        // relay of 2 stones to a5 and a4, empty: the move ends (H3.2, H3.3).
        let own = pack([2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let sown = sow(own, 0, 0, 2).unwrap();
        assert_eq!(sown.sowings, 2);
        assert_eq!(sow(own, 0, 0, 1), Err(Endless::Limit));
        assert_eq!(side_stones(sown.own), 3);
    }

    #[test]
    fn quick_legal_move_check_agrees_with_sowing() {
        use rand::Rng;
        let mut rng = plateau::rng(11);
        for _ in 0..3000 {
            let mut own = [0u8; 16];
            let mut opp = [0u8; 16];
            let mine = rng.random_range(2..40);
            for _ in 0..mine {
                own[rng.random_range(0..16)] += 1;
            }
            for _ in mine..48 {
                opp[rng.random_range(0..16)] += 1;
            }
            let (o, p) = (pack(own), pack(opp));
            let slow = (0..16).any(|s| own[s] >= 2 && sow(o, p, s, 500).is_ok());
            assert_eq!(has_legal_move(o, p, 500), slow, "{own:?} {opp:?}");
        }
    }
}
