//! Match statistics: a score with its 95% interval, the Elo difference it
//! implies, and an Elo ladder fitted jointly to a round robin.
//!
//! Conventions, used by `plateau arena` and `plateau tournament`:
//! - A game scores 1 for a win, ½ for a draw and 0 for a loss; the score of
//!   a match is the mean.
//! - The 95% interval of the score is the **Wilson score interval** with the
//!   points counted as successes (a draw is half a success). Counting a draw
//!   as half a success overstates the variance of a match with draws a
//!   little, so the interval is conservative; unlike the normal
//!   approximation it stays inside [0, 1] and is not empty at a score of 0
//!   or 1.
//! - The Elo difference of a score `s` is `400 · log10(s / (1 − s))`; its
//!   interval is that of the score's interval ends (the map is increasing).
//!   A score of 0 or 1 has an infinite Elo difference.
//! - The ladder is the Bradley–Terry model in Elo units,
//!   `P(i beats j) = 1 / (1 + 10^((r_j − r_i) / 400))`, fitted by maximum
//!   likelihood with draws as half-points (Hunter's MM iteration), ratings
//!   centred on a mean of 0; the intervals come from the observed Fisher
//!   information.
//!
//! ```
//! use plateau::ai::elo::{elo_difference, Score};
//!
//! let score = Score { wins: 60, draws: 20, losses: 20 };
//! assert_eq!(score.points(), 70.0);
//! let (low, high) = score.interval();
//! assert!(low < 0.7 && 0.7 < high);
//! assert!((elo_difference(0.75) - 190.848).abs() < 1e-3);
//! ```

use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one side of a match.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Score {
    /// The number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Wins plus half the draws.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The mean score in [0, 1]; ½ when no game was played.
    pub fn mean(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / n as f64,
        }
    }

    /// The same match seen from the other side.
    pub fn reversed(&self) -> Score {
        Score {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The 95% Wilson score interval of the mean (draws as half a success);
    /// (0, 1) when no game was played.
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.points(), self.games() as f64, Z95)
    }

    /// The Elo difference of the mean score with its 95% interval.
    pub fn elo(&self) -> EloEstimate {
        let (low, high) = self.interval();
        EloEstimate {
            elo: elo_difference(self.mean()),
            low: elo_difference(low),
            high: elo_difference(high),
        }
    }
}

/// The Wilson score interval of `successes` out of `n` at the normal
/// quantile `z`; (0, 1) for `n = 0`.
pub fn wilson_interval(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / n;
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z2 / n;
    // At a score of 0 or 1 the end is exactly 0 or 1 (not a rounding of it).
    let low = if p <= 0.0 {
        0.0
    } else {
        (centre - spread) / denominator
    };
    let high = if p >= 1.0 {
        1.0
    } else {
        (centre + spread) / denominator
    };
    (low.max(0.0), high.min(1.0))
}

/// The Elo difference of a mean score: `400 · log10(s / (1 − s))`,
/// infinite at 0 and 1.
pub fn elo_difference(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (score / (1.0 - score)).log10()
    }
}

/// The expected score of a player rated `elo` points above its opponent.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference with its 95% interval; infinite ends where the score
/// (or an end of its interval) is 0 or 1.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimate.
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl EloEstimate {
    /// The estimate as text, e.g. `+147 [+76, +226]`, with `inf` where infinite.
    pub fn display(&self) -> String {
        format!(
            "{} [{}, {}]",
            signed(self.elo),
            signed(self.low),
            signed(self.high)
        )
    }
}

/// A signed whole number of Elo points, or `+inf` / `-inf`.
pub fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{:+.0}", elo)
    }
}

/// The games between two players of a round robin, as a score of `a`
/// against `b`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PairResult {
    /// The index of the first player.
    pub a: usize,
    /// The index of the second player.
    pub b: usize,
    /// The first player's wins, draws and losses against the second.
    pub score: Score,
}

/// One player's place on a fitted ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The player's index in the list given to [`fit_ladder`].
    pub player: usize,
    /// The rating in Elo points, the ladder's mean being 0.
    pub elo: f64,
    /// Half the width of the 95% interval of the rating (relative to the
    /// ladder's mean), in Elo points.
    pub margin: f64,
    /// Points scored over all games.
    pub points: f64,
    /// Games played.
    pub games: u64,
}

/// A ladder fitted by [`fit_ladder`].
#[derive(Clone, Debug, PartialEq)]
pub struct Ladder {
    /// The ratings, best first.
    pub ratings: Vec<Rating>,
    /// The virtual draws added to every pair that played (0 when the
    /// maximum likelihood exists: no player won or lost every game and
    /// every player is linked to every other by games; otherwise 1, a weak
    /// prior that keeps every rating finite).
    pub prior_draws: f64,
    /// The iterations the fit took.
    pub iterations: usize,
}

/// Why a ladder could not be fitted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LadderError {
    /// A pair names a player out of range or a player against itself.
    #[error("pair ({a}, {b}) is not a pair of two of the {players} players")]
    BadPair {
        /// The first index.
        a: usize,
        /// The second index.
        b: usize,
        /// The number of players.
        players: usize,
    },
    /// Fewer than two players.
    #[error("a ladder needs at least two players, not {0}")]
    TooFewPlayers(usize),
}

/// Fits Bradley–Terry ratings (in Elo points, mean 0) to the results of a
/// round robin (or any set of matches) of `players` players, by maximum
/// likelihood with draws as half-points. If the maximum likelihood does
/// not exist (a player scored all or none of its points, or the players
/// fall into groups that never met), one virtual draw is added to every
/// pair that played, and the ladder says so ([`Ladder::prior_draws`]).
#[allow(clippy::needless_range_loop)] // matrix code reads best by index
pub fn fit_ladder(players: usize, pairs: &[PairResult]) -> Result<Ladder, LadderError> {
    if players < 2 {
        return Err(LadderError::TooFewPlayers(players));
    }
    // games[i][j]: games between i and j; points[i]: points of i.
    let mut games = vec![vec![0.0f64; players]; players];
    let mut points = vec![0.0f64; players];
    for pair in pairs {
        if pair.a >= players || pair.b >= players || pair.a == pair.b {
            return Err(LadderError::BadPair {
                a: pair.a,
                b: pair.b,
                players,
            });
        }
        let n = pair.score.games() as f64;
        games[pair.a][pair.b] += n;
        games[pair.b][pair.a] += n;
        points[pair.a] += pair.score.points();
        points[pair.b] += pair.score.reversed().points();
    }
    let played: Vec<f64> = games.iter().map(|row| row.iter().sum()).collect();
    let mle_exists = connected(&games)
        && (0..players).all(|i| points[i] > 0.0 && points[i] < played[i])
        && strongly_connected(players, pairs);
    let prior_draws = if mle_exists { 0.0 } else { 1.0 };
    if prior_draws > 0.0 {
        for i in 0..players {
            for j in 0..players {
                if i != j && games[i][j] > 0.0 {
                    games[i][j] += prior_draws;
                    points[i] += prior_draws / 2.0;
                }
            }
        }
    }
    // Hunter's MM iteration on the strengths gamma = 10^(r / 400).
    let mut gamma = vec![1.0f64; players];
    let mut iterations = 0;
    for _ in 0..100_000 {
        iterations += 1;
        let mut next = gamma.clone();
        for i in 0..players {
            let denominator: f64 = (0..players)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denominator > 0.0 {
                next[i] = points[i] / denominator;
            }
        }
        // Keep the geometric mean at 1 (ratings centred on 0).
        let log_mean = next.iter().map(|g| g.ln()).sum::<f64>() / players as f64;
        for g in &mut next {
            *g /= log_mean.exp();
        }
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    let elo: Vec<f64> = gamma.iter().map(|g| g.ln() * scale).collect();
    let margins = rating_margins(&games, &gamma)
        .into_iter()
        .map(|se| Z95 * se * scale)
        .collect::<Vec<_>>();
    let mut ratings: Vec<Rating> = (0..players)
        .map(|i| Rating {
            player: i,
            elo: elo[i],
            margin: margins[i],
            points: points[i] - prior_points(&games, i, prior_draws),
            games: (played[i]).round() as u64,
        })
        .collect();
    ratings.sort_by(|x, y| y.elo.total_cmp(&x.elo).then(x.player.cmp(&y.player)));
    Ok(Ladder {
        ratings,
        prior_draws,
        iterations,
    })
}

/// The virtual points added to player `i` by the prior.
fn prior_points(games: &[Vec<f64>], i: usize, prior_draws: f64) -> f64 {
    if prior_draws == 0.0 {
        return 0.0;
    }
    let opponents = games[i]
        .iter()
        .enumerate()
        .filter(|&(j, &n)| j != i && n > 0.0)
        .count();
    opponents as f64 * prior_draws / 2.0
}

/// Whether every player is linked to every other by games.
#[allow(clippy::needless_range_loop)] // matrix code reads best by index
fn connected(games: &[Vec<f64>]) -> bool {
    let n = games.len();
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if !seen[j] && games[i][j] > 0.0 {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.into_iter().all(|s| s)
}

/// Whether, for every split of the players into two groups, each group
/// scored a point against the other (the condition for a finite maximum
/// likelihood): the graph "i scored against j" is strongly connected.
#[allow(clippy::needless_range_loop)] // matrix code reads best by index
fn strongly_connected(players: usize, pairs: &[PairResult]) -> bool {
    let mut scored = vec![vec![false; players]; players];
    for pair in pairs {
        if pair.score.points() > 0.0 {
            scored[pair.a][pair.b] = true;
        }
        if pair.score.reversed().points() > 0.0 {
            scored[pair.b][pair.a] = true;
        }
    }
    let reach = |forward: bool| {
        let mut seen = vec![false; players];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in 0..players {
                let edge = if forward { scored[i][j] } else { scored[j][i] };
                if !seen[j] && edge {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.into_iter().all(|s| s)
    };
    reach(true) && reach(false)
}

/// The standard errors of the natural-log strengths (centred on their
/// mean), from the pseudo-inverse of the information matrix: a weighted
/// graph Laplacian with weights `n_ij p_ij (1 − p_ij)`.
#[allow(clippy::needless_range_loop)] // matrix code reads best by index
fn rating_margins(games: &[Vec<f64>], gamma: &[f64]) -> Vec<f64> {
    let n = gamma.len();
    let mut info = vec![vec![0.0f64; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && games[i][j] > 0.0 {
                let p = gamma[i] / (gamma[i] + gamma[j]);
                let w = games[i][j] * p * (1.0 - p);
                info[i][j] -= w;
                info[i][i] += w;
            }
        }
    }
    // pinv(L) = (L + J/n)^-1 - J/n for a connected graph's Laplacian.
    let shift = 1.0 / n as f64;
    let mut m: Vec<Vec<f64>> = info
        .iter()
        .map(|row| row.iter().map(|x| x + shift).collect())
        .collect();
    match invert(&mut m) {
        Some(inv) => (0..n)
            .map(|i| (inv[i][i] - shift).max(0.0).sqrt())
            .collect(),
        None => vec![f64::INFINITY; n],
    }
}

/// The inverse of a small square matrix by Gauss–Jordan elimination with
/// partial pivoting, or `None` if it is singular.
#[allow(clippy::needless_range_loop)] // matrix code reads best by index
fn invert(m: &mut [Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let d = m[col][col];
        for j in 0..n {
            m[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = m[row][col];
                if f != 0.0 {
                    for j in 0..n {
                        m[row][j] -= f * m[col][j];
                        inv[row][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    /// The ladder of `players` fitted to games (a, b, a's wins, draws, a's
    /// losses).
    fn ladder(players: usize, games: &[(usize, usize, u64, u64, u64)]) -> Ladder {
        let pairs: Vec<PairResult> = games
            .iter()
            .map(|&(a, b, wins, draws, losses)| PairResult {
                a,
                b,
                score: Score {
                    wins,
                    draws,
                    losses,
                },
            })
            .collect();
        fit_ladder(players, &pairs).unwrap()
    }

    #[test]
    fn scores_count_draws_as_half_points() {
        let s = Score {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert_eq!(s.games(), 100);
        assert_eq!(s.points(), 70.0);
        assert_eq!(s.mean(), 0.7);
        assert_eq!(s.reversed().mean(), 0.3);
        assert_eq!(Score::default().mean(), 0.5);
    }

    #[test]
    fn the_wilson_interval_matches_a_worked_example() {
        // 70 points of 100 games, z = 1.96: centre (0.7 + 0.019208) / 1.038416,
        // spread 1.96 * sqrt(0.0021 + 0.00009604) / 1.038416.
        let (low, high) = wilson_interval(70.0, 100.0, Z95);
        assert!(close(low, 0.604_151, 1e-5), "{low}");
        assert!(close(high, 0.781_051, 1e-5), "{high}");
        // At the extremes the interval is not empty: 10 wins of 10.
        let (low, high) = wilson_interval(10.0, 10.0, Z95);
        assert!(close(low, 0.722_467, 1e-5), "{low}");
        assert_eq!(high, 1.0);
        assert_eq!(wilson_interval(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn elo_differences_of_known_scores() {
        assert_eq!(elo_difference(0.5), 0.0);
        // Odds 3 : 1 are 400 * log10(3) points.
        assert!(close(elo_difference(0.75), 190.848_501_9, 1e-6));
        assert!(close(elo_difference(0.25), -190.848_501_9, 1e-6));
        assert!(close(expected_score(190.848_501_9), 0.75, 1e-9));
        assert_eq!(elo_difference(1.0), f64::INFINITY);
        assert_eq!(elo_difference(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn the_elo_interval_comes_from_the_score_interval() {
        let s = Score {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let e = s.elo();
        assert!(close(e.elo, 147.19, 0.01), "{e:?}");
        assert!(close(e.low, elo_difference(0.604_151), 0.01), "{e:?}");
        assert!(close(e.high, elo_difference(0.781_051), 0.01), "{e:?}");
        assert_eq!(e.display(), "+147 [+73, +221]");
        let all = Score {
            wins: 10,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all.elo().display(), "+inf [+166, +inf]");
    }

    #[test]
    fn a_two_player_ladder_is_the_elo_difference_split_around_zero() {
        let ladder = ladder(2, &[(0, 1, 70, 10, 20)]);
        assert_eq!(ladder.prior_draws, 0.0);
        let top = &ladder.ratings[0];
        assert_eq!(top.player, 0);
        assert!(
            close(top.elo, elo_difference(0.75) / 2.0, 1e-6),
            "{ladder:?}"
        );
        assert!(close(ladder.ratings[1].elo, -top.elo, 1e-9));
        assert_eq!(top.points, 75.0);
        assert_eq!(top.games, 100);
        // The standard error of a difference of n games at p: 1/sqrt(n p (1-p))
        // in natural-log units, half of it for each rating about the mean.
        let se = 1.0 / (100.0f64 * 0.75 * 0.25).sqrt() / 2.0;
        let margin = Z95 * se * 400.0 / std::f64::consts::LN_10;
        assert!(
            close(top.margin, margin, 1e-6),
            "{} vs {margin}",
            top.margin
        );
    }

    #[test]
    fn a_consistent_round_robin_is_fitted_exactly() {
        // Ratings -d, 0, +d with d = 400 log10 3: each step scores 3 : 1 and
        // the top against the bottom 9 : 1, so the likelihood equations
        // hold exactly at those ratings.
        let ladder = ladder(
            3,
            &[(0, 1, 25, 0, 75), (1, 2, 25, 0, 75), (0, 2, 10, 0, 90)],
        );
        let order: Vec<usize> = ladder.ratings.iter().map(|r| r.player).collect();
        assert_eq!(order, [2, 1, 0]);
        let d = elo_difference(0.75);
        assert!(close(ladder.ratings[0].elo, d, 1e-6), "{ladder:?}");
        assert!(close(ladder.ratings[1].elo, 0.0, 1e-6), "{ladder:?}");
        assert!(close(ladder.ratings[2].elo, -d, 1e-6), "{ladder:?}");
        assert!(ladder
            .ratings
            .iter()
            .all(|r| r.margin > 0.0 && r.margin < d));
    }

    #[test]
    fn draws_count_as_half_points_in_the_ladder() {
        // 50 wins and 50 draws is a score of 0.75, as 75 wins and 25 losses.
        let with_draws = ladder(2, &[(0, 1, 50, 50, 0)]);
        assert!(close(
            with_draws.ratings[0].elo * 2.0,
            elo_difference(0.75),
            1e-6
        ));
    }

    #[test]
    fn a_clean_sweep_gets_a_prior_and_stays_finite() {
        let ladder = ladder(3, &[(0, 1, 10, 0, 0), (1, 2, 5, 0, 5), (0, 2, 10, 0, 0)]);
        assert_eq!(ladder.prior_draws, 1.0);
        assert_eq!(ladder.ratings[0].player, 0);
        assert!(ladder.ratings.iter().all(|r| r.elo.is_finite()));
        // Points are reported without the virtual draws.
        assert_eq!(ladder.ratings[0].points, 20.0);
        assert!(close(ladder.ratings[1].elo, ladder.ratings[2].elo, 1e-6));
    }

    #[test]
    fn bad_ladders_are_refused() {
        assert_eq!(fit_ladder(1, &[]), Err(LadderError::TooFewPlayers(1)));
        let bad = [PairResult {
            a: 0,
            b: 0,
            score: Score::default(),
        }];
        assert!(matches!(
            fit_ladder(2, &bad),
            Err(LadderError::BadPair { .. })
        ));
    }
}
