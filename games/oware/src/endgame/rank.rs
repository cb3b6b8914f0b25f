//! The combinatorial rank of a board: its place among all the boards with
//! the same seeds in the same number of houses, so that a table holds one
//! value a board and needs no key.
//!
//! A board of `n` seeds in `h` houses is a row of `n` seeds and `h - 1`
//! bars between the houses (stars and bars): bar `j` (1-based) stands at
//! `q_j = seeds in houses 0..j + (j - 1)`. The bars' places are a set of
//! `h - 1` numbers below `n + h - 1`, and its rank in the combinatorial
//! number system, `Σ C(q_j, j)`, numbers the boards from 0 to
//! `C(n + h - 1, h - 1) - 1` without gaps.

/// The most houses a ranked board has (both rows of the largest rules).
pub const MAX_PLACES: usize = 16;
/// The most seeds a ranked board holds (every seed of the largest rules).
pub const MAX_SEEDS: usize = 64;

/// Binomial coefficients `C(n, k)` for `n < MAX_SEEDS + MAX_PLACES` and
/// `k ≤ MAX_PLACES`, worked out at compile time (Pascal's triangle).
const BINOMIAL: [[u64; MAX_PLACES + 1]; MAX_SEEDS + MAX_PLACES] = {
    let mut table = [[0u64; MAX_PLACES + 1]; MAX_SEEDS + MAX_PLACES];
    let mut n = 0;
    while n < MAX_SEEDS + MAX_PLACES {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PLACES && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)`, 0 when `k > n`.
#[inline(always)]
pub const fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL[n][k]
}

/// How many boards hold exactly `seeds` seeds in `places` houses.
pub const fn boards(seeds: usize, places: usize) -> u64 {
    binomial(seeds + places - 1, places - 1)
}

/// The rank of `board` (seeds of each house, in order) among the boards
/// with its number of seeds and houses.
#[inline]
pub fn rank(board: &[u8]) -> u64 {
    let mut rank = 0;
    let mut q = 0usize;
    for (j, &seeds) in board[..board.len() - 1].iter().enumerate() {
        q += usize::from(seeds);
        rank += binomial(q + j, j + 1);
    }
    rank
}

/// The board of rank `rank` among those of `seeds` seeds in `board.len()`
/// houses, written into `board`: the inverse of [`rank`].
pub fn unrank(mut rank: u64, seeds: usize, board: &mut [u8]) {
    let places = board.len();
    // Bars from the last: the largest q with C(q, j) ≤ rank.
    let mut above = seeds + places - 1; // q_j < above
    let mut after = seeds; // seeds up to and including the houses above bar j
    for j in (1..places).rev() {
        let mut q = above - 1;
        while binomial(q, j) > rank {
            q -= 1;
        }
        rank -= binomial(q, j);
        // q = seeds in houses 0..j + (j - 1).
        let before = q + 1 - j;
        board[j] = (after - before) as u8;
        after = before;
        above = q;
    }
    board[0] = after as u8;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_of_a_few_seeds_has_its_own_rank() {
        for places in [2, 4, 12] {
            for seeds in 0..=5 {
                let count = boards(seeds, places);
                let mut seen = vec![false; count as usize];
                let mut board = vec![0u8; places];
                for r in 0..count {
                    unrank(r, seeds, &mut board);
                    assert_eq!(board.iter().map(|&s| usize::from(s)).sum::<usize>(), seeds);
                    assert_eq!(rank(&board), r, "{board:?}");
                    assert!(!std::mem::replace(&mut seen[r as usize], true));
                }
            }
        }
    }

    #[test]
    fn counts_are_stars_and_bars() {
        // 15 seeds in 12 houses: C(26, 11).
        assert_eq!(boards(15, 12), 7_726_160);
        assert_eq!(boards(0, 12), 1);
        assert_eq!(boards(48, 12), 279_871_768_995);
    }
}
