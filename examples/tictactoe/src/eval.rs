//! The evaluation of a position for search (`SearchHooks::evaluate`): every
//! `line`-long run of cells (row, column or diagonal) that holds marks of
//! one player only is open for that player and worth `3^(k-1)` for its `k`
//! marks; the value is `tanh` of the difference of the two players' sums
//! over 10, clamped to `[-0.99, 0.99]` (below a won game), and negated for
//! the other player.

use crate::{State, TicTacToe};
use plateau::Player;

impl plateau::SearchHooks for TicTacToe {
    fn evaluate(&self, s: &State, p: Player) -> f64 {
        evaluate(self, s, p)
    }
}

fn evaluate(game: &TicTacToe, s: &State, player: Player) -> f64 {
    let (n, k) = (i32::from(game.size), i32::from(game.line.max(1)));
    let mut sums = [0.0f64; 2];
    for y in 0..n {
        for x in 0..n {
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let (ex, ey) = (x + dx * (k - 1), y + dy * (k - 1));
                if !(0..n).contains(&ex) || !(0..n).contains(&ey) {
                    continue;
                }
                let mut count = [0i32; 2];
                for i in 0..k {
                    if let Some(p) = s.cells[((y + dy * i) * n + x + dx * i) as usize] {
                        count[p.index() & 1] += 1;
                    }
                }
                for p in 0..2 {
                    if count[p] > 0 && count[1 - p] == 0 {
                        sums[p] += 3f64.powi(count[p] - 1);
                    }
                }
            }
        }
    }
    let me = player.index() & 1;
    ((sums[me] - sums[1 - me]) / 10.0).tanh().clamp(-0.99, 0.99)
}

#[cfg(test)]
mod tests {
    use plateau::{Game, Player, SearchHooks};

    #[test]
    fn the_centre_is_worth_more_than_a_corner() {
        let game: crate::TicTacToe = plateau::rules::load(&plateau::RulesSpec::variant("standard"))
            .unwrap()
            .game;
        let value_after = |cell: u16| {
            let mut s = game.initial_state(0);
            game.apply(&mut s, &cell);
            game.evaluate(&s, Player(0))
        };
        assert!(value_after(4) > value_after(0));
        assert!(value_after(0) > 0.0);
        let s = game.initial_state(0);
        assert_eq!(game.evaluate(&s, Player(0)), 0.0);
    }
}
