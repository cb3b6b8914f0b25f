//! The evaluation of a Stratego state for search ([`plateau::Game::evaluate`]).
//!
//! Search calls it on full states (determinized ones when it searches from
//! a view), so it reads every piece; it uses only the state's public
//! accessors. Three terms, each in about `[-1, 1]`:
//!
//! - **material** (weight 0.7): each side's pieces on the board by worth,
//!   `(own - theirs) / (own + theirs)`. A piece of strength `s` is worth
//!   `0.5 · 2^(s/2)` (a marshal of strength 10 is 16 scouts), a miner at
//!   least 3 (it alone clears bombs, S5.4), a spy 3 (it takes the marshal,
//!   S5.3), a bomb 1.5, the flag nothing (its capture ends the game). A
//!   piece its opponent has not seen (unrevealed, S6) is worth 10% more:
//!   what the opponent does not know, it cannot plan against.
//! - **flag safety** (0.2): for each side's flag, the share of its four
//!   neighbours that are its own bombs or off the board / lakes, less its
//!   danger: the closeness `1 / (1 + d)` of the nearest enemy movable piece
//!   at Manhattan distance `d`, plus 0.5 for each open lane (a straight
//!   line from the flag that reaches an enemy scout, or an empty square
//!   beyond the side's home rows, before any piece, lake or edge: a scout
//!   takes the flag along it, S4.3), at most 1.5 in all; the difference of
//!   the two sides. Lanes matter most in the setups a search agent scores
//!   (a flag behind an empty file was taken on the first move) and in
//!   Barrage, whose few pieces leave many files empty.
//! - **mobility** (0.1): movable pieces (S9) with an empty or enemy
//!   neighbour, `(own - theirs) / (own + theirs + 1)`.
//!
//! The sum is clamped to `[-0.99, 0.99]`, below a won game's return; the
//! value for one player is the negation of the other's.
//!
//! [`default_agent`] names the agent `ai` stands for, as measured against
//! `greedy` and ISMCTS (docs/AI.md, "Strength runs").

use crate::{Movement, Role, Stratego, StrategoState};
use plateau::{Game, Player};

/// The spec `ai` stands for: `pimc` (alpha-beta in states drawn from the
/// view, every root move scored in each, the mean kept). Measured at 200 ms
/// a move (docs/AI.md, "Strength runs"), it beat `greedy` 15-5 in the
/// Original game and, in a Barrage round robin, `greedy` 9-1 and ISMCTS
/// 8-2: most moves of Stratego win or lose material within a few plies,
/// which its alpha-beta sees and ISMCTS, averaging over the opponent's
/// replies in a tree shared by all the drawn states, sees only with many
/// more iterations.
pub(crate) fn default_agent(_game: &Stratego) -> &'static str {
    "pimc"
}

/// The danger an open lane to a flag adds (see the module documentation).
const LANE_DANGER: f64 = 0.5;

/// The most danger a flag is in: the nearest enemy and the lanes together.
const MAX_DANGER: f64 = 1.5;

/// What the evaluation keeps of a square.
#[derive(Copy, Clone, PartialEq)]
enum Cell {
    Off,
    Empty,
    Piece { owner: usize, kind: u8 },
}

/// The worth of a kind of piece (see the module documentation).
fn worth(game: &Stratego, kind: u8) -> f64 {
    let Some(k) = game.pieces().get(kind as usize) else {
        return 0.0;
    };
    match k.role {
        Role::Flag => 0.0,
        Role::Bomb => 1.5,
        Role::Spy => 3.0,
        Role::Miner => (0.5 * 2f64.powf(f64::from(k.strength) / 2.0)).max(3.0),
        Role::None | Role::Marshal => 0.5 * 2f64.powf(f64::from(k.strength) / 2.0),
    }
}

/// The value of `state` for `player`, in `[-0.99, 0.99]`.
pub(crate) fn evaluate(game: &Stratego, state: &StrategoState, player: Player) -> f64 {
    let board = &game.params().board;
    let (files, ranks) = (i32::from(board.files), i32::from(board.ranks));
    let mut cells = [Cell::Off; 100];
    let index = |f: i32, r: i32| (r * 10 + f) as usize;
    for r in 0..ranks.min(10) {
        for f in 0..files.min(10) {
            cells[index(f, r)] = Cell::Empty;
        }
    }
    for lake in game.lakes() {
        cells[index(i32::from(lake.file()), i32::from(lake.rank()))] = Cell::Off;
    }
    let mut material = [0.0f64; 2];
    let mut flags: [Option<(i32, i32)>; 2] = [None, None];
    let mut movers: [Vec<(i32, i32)>; 2] = [Vec::new(), Vec::new()];
    for side in 0..2 {
        for (sq, info) in state.pieces(Player(side as u8)) {
            let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
            if !(0..10).contains(&f) || !(0..10).contains(&r) {
                continue;
            }
            cells[index(f, r)] = Cell::Piece {
                owner: side,
                kind: info.kind,
            };
            let bonus = if info.revealed { 1.0 } else { 1.1 };
            material[side] += worth(game, info.kind) * bonus;
            match game.pieces().get(info.kind as usize) {
                Some(k) if k.role == Role::Flag => flags[side] = Some((f, r)),
                Some(k) if k.is_movable() => movers[side].push((f, r)),
                _ => {}
            }
        }
    }
    let at = |f: i32, r: i32| {
        if (0..files.min(10)).contains(&f) && (0..ranks.min(10)).contains(&r) {
            cells[index(f, r)]
        } else {
            Cell::Off
        }
    };
    const NEIGHBOURS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let is_bomb = |kind: u8| {
        game.pieces()
            .get(kind as usize)
            .is_some_and(|k| k.role == Role::Bomb)
    };
    // The straight lines from a flag at (f, r), along which a scout moves
    // as far as it likes (S4.3), that are open to the enemy: they reach an
    // enemy scout, or an empty square beyond the side's home rows, before
    // any piece, lake or edge.
    let home = i32::from(game.params().setup.rows);
    let lanes = |side: usize, f: i32, r: i32| -> f64 {
        let in_home = |rank: i32| {
            if side == 0 {
                rank < home
            } else {
                rank >= ranks - home
            }
        };
        NEIGHBOURS
            .iter()
            .filter(|(df, dr)| {
                let (mut x, mut y) = (f + df, r + dr);
                loop {
                    match at(x, y) {
                        Cell::Off => return false,
                        Cell::Piece { owner, kind } => {
                            return owner != side
                                && game
                                    .pieces()
                                    .get(kind as usize)
                                    .is_some_and(|k| k.moves == Movement::Scout);
                        }
                        Cell::Empty if !in_home(y) => return true,
                        Cell::Empty => {}
                    }
                    x += df;
                    y += dr;
                }
            })
            .count() as f64
    };
    let safety = |side: usize| -> f64 {
        let Some((f, r)) = flags[side] else {
            return 0.0;
        };
        let guarded = NEIGHBOURS
            .iter()
            .filter(|(df, dr)| match at(f + df, r + dr) {
                Cell::Off => true,
                Cell::Piece { owner, kind } => owner == side && is_bomb(kind),
                Cell::Empty => false,
            })
            .count() as f64;
        let nearest = movers[1 - side]
            .iter()
            .map(|&(ef, er)| (ef - f).abs() + (er - r).abs())
            .min();
        let danger = nearest.map_or(0.0, |d| 1.0 / (1.0 + f64::from(d)));
        guarded / 4.0 - (danger + LANE_DANGER * lanes(side, f, r)).min(MAX_DANGER)
    };
    let mobility = |side: usize| -> f64 {
        movers[side]
            .iter()
            .filter(|(f, r)| {
                NEIGHBOURS.iter().any(|(df, dr)| match at(f + df, r + dr) {
                    Cell::Empty => true,
                    Cell::Piece { owner, .. } => owner != side,
                    Cell::Off => false,
                })
            })
            .count() as f64
    };
    let me = player.index() & 1;
    let them = 1 - me;
    let total = material[me] + material[them];
    let material_term = if total > 0.0 {
        (material[me] - material[them]) / total
    } else {
        0.0
    };
    let flag_term = (safety(me) - safety(them)) / 2.0;
    let (m, t) = (mobility(me), mobility(them));
    let mobility_term = (m - t) / (m + t + 1.0);
    (0.7 * material_term + 0.2 * flag_term + 0.1 * mobility_term).clamp(-0.99, 0.99)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_is_pimc_in_every_variant() {
        for variant in ["original", "barrage", "duel"] {
            let game = Stratego::variant(variant).unwrap();
            assert_eq!(game.default_agent(), "pimc", "{variant}");
        }
    }

    #[test]
    fn the_evaluation_is_antisymmetric_and_bounded_in_random_games() {
        let game = Stratego::original();
        let mut rng = plateau::rng(3);
        let mut state = game.initial_state(0);
        let mut seen_uneven = false;
        for _ in 0..400 {
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
            let (red, blue) = (
                game.evaluate(&state, Player(0)),
                game.evaluate(&state, Player(1)),
            );
            assert!((red + blue).abs() < 1e-12, "{red} {blue}");
            assert!(red.abs() <= 0.99);
            seen_uneven |= red.abs() > 0.01;
        }
        assert!(seen_uneven);
    }

    #[test]
    fn losing_a_piece_lowers_the_evaluation() {
        // S5: after random play, compare the two sides' material with the
        // sign of the evaluation at the first capture.
        let game = Stratego::original();
        let mut rng = plateau::rng(8);
        let mut state = game.initial_state(0);
        let count = |s: &StrategoState, p: u8| s.pieces_on_board(Player(p));
        while !state.in_setup() || count(&state, 0) == 0 || count(&state, 1) == 0 {
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
            if !state.in_setup() {
                break;
            }
        }
        let before = game.evaluate(&state, Player(0));
        assert!(before.abs() < 0.2, "{before}");
        loop {
            let (r, b) = (count(&state, 0), count(&state, 1));
            if !game.play_random(&mut state, &mut rng) {
                panic!("no capture");
            }
            let (r2, b2) = (count(&state, 0), count(&state, 1));
            if r2 + b2 < r + b {
                if r2 < r && b2 == b {
                    assert!(game.evaluate(&state, Player(0)) < 0.05);
                    break;
                }
                if b2 < b && r2 == r {
                    assert!(game.evaluate(&state, Player(0)) > -0.05);
                    break;
                }
            }
        }
    }

    /// Red's value after Red's Barrage setup (Blue not yet set up).
    fn after_setup(rows: &str) -> f64 {
        let game = Stratego::variant("barrage").unwrap();
        let mut state = game.initial_state(0);
        let setup = game.parse_move(&state, &format!("setup {rows}")).unwrap();
        game.apply(&mut state, &setup);
        game.evaluate(&state, Player(0))
    }

    #[test]
    fn s4_3_a_flag_behind_an_empty_file_is_in_danger() {
        // The same pieces, the flag on a1 beside its bomb: with the a-file
        // empty, a scout reaches the flag along it (S4.3); with Red's own
        // scout on a2 the lane is shut. Nothing else differs (material,
        // the flag's guarded neighbours, mobility).
        let open = after_setup("........../........../........../FB22S39X..");
        let shut = after_setup("........../........../2........./FB2S39X...");
        assert!(shut > open + 0.04, "shut {shut}, open {open}");
        // A lake in front of the file shuts the lane too (c5, c6): the flag
        // on c1 is better off than on the open a-file, although one of its
        // neighbours fewer is off the board (a lane costs 0.05, a guarded
        // neighbour 0.025).
        let lake = after_setup("........../........../........../22FBS39X..");
        assert!(lake > open + 0.02, "behind a lake {lake}, open {open}");
    }
}
