//! A piece that moves up to one of ours whose rank it knows: most likely a
//! kind that beats it.
//!
//! A player who walks an unknown piece next to a piece of ours that it has
//! seen (S6.2) often threatens it with a piece that wins the fight. A
//! state drawn from the view that takes the approaching piece for any
//! unknown piece lets ours take it on, and lose: against the sample program
//! of the UCC 2012 competition's winner, Plateau's revealed general attacked
//! the unknown piece that had just stepped up to it, the marshal; a major,
//! a lieutenant and a miner did the same against a colonel, a major and a
//! captain in the same game. So the belief `threat`
//! ([`Belief::Threat`](crate::setup_prior::Belief::Threat)), people's flag
//! and bombs as `flag`, draws the piece the opponent moved last, if it still
//! stands unknown beside own pieces whose ranks the opponent knows,
//! [`THREAT`] times as often as one of the kinds that beat one of them when
//! attacking (S5; the spy, where the piece threatened is the marshal, S5.3)
//! as one of the others. Not the default: against `ai` with `flag` it
//! scored 0.480 [0.412, 0.549] over 200 games (docs/AI.md).

use crate::board::DIRS;
use crate::builder::PlacedPiece;
use crate::combat::Clash;
use crate::params::Rules;
use crate::setup_prior::swap_partner;
use crate::view::{StrategoView, ViewSquare};
use crate::Square;
use plateau::rand::Rng;

/// How much more often the approaching piece is drawn as a kind that beats
/// a piece of ours beside it than as one that does not.
pub(crate) const THREAT: f64 = 8.0;

/// The Metropolis steps [`Threat::lean`] takes.
const THREAT_STEPS: usize = 24;

/// The opponent's last-moved piece, unknown, beside own pieces whose ranks
/// it knows, and the kinds that would beat one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threat {
    /// The piece (an index into the drawn position's pieces).
    piece: usize,
    /// The kinds that beat a piece of ours beside it, a bit per kind.
    kinds: u32,
}

impl Threat {
    /// The threat the view shows, if any: the opponent's last move ended on
    /// a square that still holds one of its unknown pieces, beside at least
    /// one own piece the opponent has seen that some kind beats.
    pub(crate) fn of_view(
        rules: &Rules,
        view: &StrategoView,
        pieces: &[PlacedPiece],
    ) -> Option<Threat> {
        let opponent = 1 - (view.viewer.index() & 1);
        let to = view.two_squares[opponent].to?;
        if !matches!(
            view.square(to),
            Some(ViewSquare::Opponent { kind: None, .. })
        ) {
            return None;
        }
        let piece = pieces.iter().position(|p| p.square == to)?;
        let mut kinds = 0u32;
        for off in DIRS {
            // The padded board keeps every step from `to` inside the array.
            let Some(sq) = Square::from_cell(to.index().wrapping_add_signed(off)) else {
                continue;
            };
            if let Some(ViewSquare::Own {
                kind: ours,
                revealed: true,
                ..
            }) = view.square(sq)
            {
                for k in 0..rules.kinds.len() {
                    if rules.combat[k][ours as usize] == Clash::AttackerWins {
                        kinds |= 1 << k;
                    }
                }
            }
        }
        (kinds != 0).then_some(Threat { piece, kinds })
    }

    /// The weight of the approaching piece having kind `k`.
    fn factor(&self, k: u8) -> f64 {
        if self.kinds & (1 << k) != 0 {
            THREAT
        } else {
            1.0
        }
    }

    /// Moves a draw of the opponent's unknown ranks (`(piece, kind)` pairs)
    /// towards the threat: [`THREAT_STEPS`] Metropolis steps, each proposing
    /// to swap the approaching piece's kind with another drawn piece's, taken
    /// if `allowed` lets both pieces have their new kinds, with the chance
    /// `min(1, w' / w)` of the piece's new weight to the old. The kinds drawn
    /// stay the same.
    pub(crate) fn lean<R: Rng + ?Sized>(
        &self,
        draw: &mut [(usize, u8)],
        allowed: impl Fn(usize, u8) -> bool,
        rng: &mut R,
    ) {
        let Some(a) = draw.iter().position(|&(i, _)| i == self.piece) else {
            return;
        };
        if draw.len() < 2 {
            return;
        }
        for _ in 0..THREAT_STEPS {
            let Some(b) = swap_partner(draw, a, &allowed, rng) else {
                continue;
            };
            let (ka, kb) = (draw[a].1, draw[b].1);
            if rng.random::<f64>() * self.factor(ka) < self.factor(kb) {
                draw[a].1 = kb;
                draw[b].1 = ka;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::setup_prior::Belief;
    use crate::tests::{play, position, rules};
    use crate::Square;
    use plateau::{Game, Player};

    /// Blue's army less what Red's major took; Red's major stands on e6 and
    /// Blue knows it (S6.2) once it has taken the miner there.
    const BOARD: &str = "
        bF bB bB .  .  .  .  .  .  .
        bX b9 b8 b6 b5 b4 b2 b2 bS .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  b6 .  .  .  .
        .  .  ~  ~  b3 .  ~  ~  .  .
        .  .  ~  ~  r7 .  ~  ~  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        rF .  .  .  .  .  .  .  .  .
    ";

    /// How many of `n` states drawn from Red's view under `belief` take
    /// the piece on f6 for a kind that beats Red's major (S5: the marshal,
    /// the general, a colonel).
    fn beaters(belief: Belief, n: usize) -> usize {
        let game = rules(&[]);
        let mut st = position(&game, BOARD, 0);
        play(&game, &mut st, "e5-e6 f7-f6");
        let view = game.view(&st, Player(0));
        let f6 = Square::new(5, 5).unwrap();
        let mut rng = plateau::rng(11);
        (0..n)
            .filter(|_| {
                let drawn = game
                    .rules
                    .try_determinize_with(&view, belief, &mut rng)
                    .expect("a consistent state");
                let kind = drawn.piece_at(f6).expect("a piece on f6").kind;
                let strength = game.rules.kinds[kind as usize].strength;
                strength > 7
            })
            .count()
    }

    #[test]
    fn a_piece_that_steps_up_to_a_known_one_is_drawn_as_one_that_beats_it() {
        // The drawn ranks of Blue's thirteen unknown pieces come from its
        // army less what Red has seen (S3.1, S6.2): 39 pieces, of which the
        // 32 that move include four that beat a major (marshal, general, two
        // colonels, S5). The moved piece on f6 is one of them in 4 / 32 of
        // uniform draws, about 50 of 400; leaning eight to one towards them
        // makes it one in about half (32 / 60 once the steps have mixed).
        let uniform = beaters(Belief::Uniform, 400);
        let threat = beaters(Belief::Threat, 400);
        assert!((25..80).contains(&uniform), "uniform {uniform} of 400");
        assert!(threat > 150, "leaning {threat} of 400");
    }
}
