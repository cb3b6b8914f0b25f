//! The evaluation of a Stratego state for search ([`plateau::SearchHooks::evaluate`]).
//!
//! Search calls it on full states (determinized ones when it searches from
//! a view), so it reads every piece; it uses only the state's public
//! accessors. Three terms, each in about `[-1, 1]`:
//!
//! - **material** (weight 0.5): each side's pieces on the board by worth,
//!   `(own - theirs) / (own + theirs)`, the difference's share of the total
//!   (the evaluation `hand`); in the evaluation `steep`, for the classic
//!   army (two bombs or more), `tanh((own - theirs) / 40)`, a steep curve of
//!   the difference (see [`Material`]). A piece of strength `s` is worth
//!   `0.5 · 2^(s/2)` (a marshal of strength 10 is 16 scouts), a miner at
//!   least 3 (it alone clears bombs, S5.4), a spy 3 (it takes the marshal,
//!   S5.3), a bomb 1.5, the flag nothing (its capture ends the game). A
//!   piece its opponent has not seen (unrevealed, S6) is worth 10% more:
//!   what the opponent does not know, it cannot plan against.
//! - **flag safety** (0.4): for each side's flag, how well its four
//!   neighbours guard it (a quarter each), less its danger; the difference
//!   of the two sides. A neighbour off the board or a lake guards fully, an
//!   own piece by the square of the share of the enemy's movable pieces
//!   that would not remove it by attacking it (S5: a bomb stops all but
//!   miners, S5.4; a marshal all but a spy, S5.3; a spy none): one piece
//!   that gets through is enough, so a guard that stops half of them
//!   guards a quarter. While the setups are chosen (before the first move
//!   of play), in an army with two bombs or more, a movable guard counts
//!   0.7 of that: a bomb stays, a colonel may walk away. An empty square
//!   guards not at all. The danger
//!   is the closeness `1 / (1 + d)` of the nearest enemy movable piece at
//!   Manhattan distance `d`, plus, while the enemy has a scout, 0.5 for
//!   each open lane (a straight line from the flag that reaches an enemy
//!   scout, or an empty square beyond the side's home rows, before any
//!   piece, lake or edge: a scout takes the flag along it, S4.3) and 0.25
//!   for each lane with two legs (a scout reaches in one move, along an
//!   open line, an empty square of the lane or an own piece on it that a
//!   scout removes, such as the spy, and takes the flag with its next), at
//!   most 1.5 in all. The enemy's pieces are its whole army while it has
//!   not set up. Lanes matter most in the setups a search agent scores (a
//!   flag behind an empty file was taken on the first move) and in Barrage,
//!   whose few pieces leave many files empty.
//! - **mobility** (0.1): movable pieces (S9) with an empty or enemy
//!   neighbour, `(own - theirs) / (own + theirs + 1)`.
//!
//! The sum is clamped to `[-0.99, 0.99]`, below a won game's return; the
//! value for one player is the negation of the other's.
//!
//! [`default_agent`] names the agent `ai` stands for, as measured against
//! `greedy` and ISMCTS (docs/AI.md, "Strength runs").

use crate::params::MAX_KINDS;
use crate::{Clash, Role, Stratego, StrategoState};
use plateau::{Game, Player};

/// The spec `ai` stands for: `pimc` (alpha-beta in states drawn from the
/// view, every root move scored in each, the mean kept). Measured at 200 ms
/// a move (docs/AI.md, "Strength runs"), it beat `greedy` 15-5 in the
/// Original game and, in a Barrage round robin, `greedy` 9-1 and ISMCTS
/// 8-2: most moves of Stratego win or lose material within a few plies,
/// which its alpha-beta sees and ISMCTS, averaging over the opponent's
/// replies in a tree shared by all the drawn states, sees only with many
/// more iterations. Its leaves are scored by the evaluation `steep`
/// ([`Material::Steep`]): against the UCC 2012 winner's program it scored
/// 33-1-46 over 80 games at 100 ms a move where `hand` scored 21-0-59, and
/// against `pimc` with `hand` 54-98-48 over 200 games at 50 ms (docs/AI.md, "Stratego:
/// material by the difference").
pub(crate) fn default_agent(_game: &Stratego) -> &'static str {
    "pimc:eval=steep"
}

/// The pieces placed, over all the candidates, in the setups an agent that
/// searches draws and scores ([`setup_candidates`]).
const SETUP_PIECES_SCORED: u32 = 16_000;

/// How many setups an agent that searches scores before it sets up
/// ([`plateau::FreeFormMoves::free_form_candidates`]): as many as place
/// [`SETUP_PIECES_SCORED`] pieces, between 400 and 4 000; 400 of the 40
/// pieces of S2, 2 000 of Barrage's 8. Scoring a setup costs about its
/// pieces. Drawn as people make them (the flag and bombs where people put
/// theirs, the other pieces anywhere), the best of 400 Barrage setups had
/// both sides of a corner flag held by the bomb, the marshal or the
/// general in 58 draws of 100, the best of 2 000 in 99; with a scout or a
/// miner beside the bomb instead, `ai` had lost 19 of 80 games at 1 s a
/// move, with the marshal or the general 10 of 144. With 2 000 it won
/// 92 and 94 of 100 at 1 s a move against `greedy` where it had won 89 and
/// 90 (docs/AI.md, "Stratego: more setups scored in Barrage").
pub(crate) fn setup_candidates(game: &Stratego) -> u32 {
    // An army has at most the 100 squares of the board.
    (SETUP_PIECES_SCORED / game.rules.army.len().max(1) as u32).clamp(400, 4_000)
}

/// The danger an open lane to a flag adds (see the module documentation).
const LANE_DANGER: f64 = 0.5;

/// The danger a lane with two legs adds (see the module documentation).
const TWO_LEG_DANGER: f64 = 0.25;

/// The most danger a flag is in: the nearest enemy and the lanes together.
const MAX_DANGER: f64 = 1.5;

/// What a movable piece beside the flag guards while the setups are chosen,
/// as a share of what a bomb that stops as many enemy pieces guards: a
/// bomb stays beside the flag all game, a colonel or the general may walk
/// away. Applied to armies with two bombs or more, enough to close a corner
/// flag (the classic army of S2: people close it in most of their setups).
/// With Barrage's one bomb, the corner flag beside the bomb did not lose
/// less than the others (11 of 79 games against 0 of 15), so Barrage is
/// left alone (docs/AI.md, "Stratego: bombs weighed as guards that stay").
const MOVABLE_GUARD_AT_SETUP: f64 = 0.7;

/// The evaluations of Stratego, by name
/// ([`plateau::SearchHooks::evaluations`]): `hand` (the default) and
/// `steep`, which `ai` uses ([`default_agent`]).
pub(crate) const EVALUATIONS: [&str; 2] = ["hand", "steep"];

/// How the material term weighs the difference of the two sides' worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Material {
    /// `(own - theirs) / (own + theirs)`: the evaluation `hand`.
    Share,
    /// `tanh(difference / MATERIAL_SCALE)` in armies with two bombs or more
    /// (the classic army of S2), the share of the total in the others
    /// (Barrage: not measured): the evaluation `steep`. As a share of the
    /// total, a marshal lost in the middle of an Original game (about 120
    /// worth a side) moves the evaluation by 0.04 (0.5 · 16 / 240), less
    /// than one world in sixteen that finds a guessed flag (1/16): `ai`
    /// gave its marshal, general and colonels to bombs for a chance at the
    /// flag. With the steep curve, a marshal's 16 is worth 0.19 of the
    /// evaluation from an even position.
    Steep,
}

impl Material {
    /// The material of evaluation `index` of [`EVALUATIONS`].
    pub(crate) fn of_index(index: usize) -> Material {
        if index == 1 {
            Material::Steep
        } else {
            Material::Share
        }
    }
}

/// The difference of worth at which the steep material term reaches
/// `tanh(1)`, 0.76: about a third of the classic army's worth (122, 134
/// unseen).
const MATERIAL_SCALE: f64 = 40.0;

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

/// The value of `state` for `player`, in `[-0.99, 0.99]`, by the evaluation
/// `hand`.
pub(crate) fn evaluate(game: &Stratego, state: &StrategoState, player: Player) -> f64 {
    evaluate_with(game, state, player, Material::Share)
}

/// The value of `state` for `player`, in `[-0.99, 0.99]`, with the material
/// term weighed as `material` says.
pub(crate) fn evaluate_with(
    game: &Stratego,
    state: &StrategoState,
    player: Player,
    material_by: Material,
) -> f64 {
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
    // The movable kinds of each side, as bits by kind.
    let mut attackers = [0u32; 2];
    // How many movable pieces of each kind each side has.
    let mut mover_counts = [[0u8; MAX_KINDS]; 2];
    // The ranks each side has a scout on, as bits by rank.
    let mut scout_ranks = [0u32; 2];
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
                Some(k) if k.is_movable() => {
                    movers[side].push((f, r));
                    attackers[side] |= 1 << info.kind;
                    mover_counts[side][info.kind as usize] += 1;
                    if game.rules.is_scout[info.kind as usize] {
                        scout_ranks[side] |= 1 << r;
                    }
                }
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
    let rules = &game.rules;
    // Whether a piece of kind `attacker` removes one of kind `defender`
    // when it attacks it (S5, with the option rules).
    let beats =
        |attacker: usize, defender: usize| rules.combat[attacker][defender] == Clash::AttackerWins;
    // The kinds in a mask, by index.
    let kinds_in = |mut mask: u32| {
        std::iter::from_fn(move || {
            let k = mask.trailing_zeros() as usize;
            mask &= mask.wrapping_sub(1);
            (k < 32).then_some(k)
        })
    };
    // The movable kinds each side has on the board, or its whole army's
    // while it has not set up (the setup a search agent scores is measured
    // against the pieces the opponent will place).
    for side in 0..2 {
        if !state.has_set_up(Player(side as u8)) {
            for (i, k) in game.pieces().iter().enumerate() {
                if k.is_movable() && k.count > 0 {
                    mover_counts[side][i] = k.count;
                    attackers[side] |= 1 << i;
                }
            }
        }
    }
    let scouts_of = |mask: u32| {
        kinds_in(mask)
            .filter(|&k| rules.is_scout[k])
            .fold(0u32, |m, k| m | 1 << k)
    };
    // The kinds of scout each side has (or will have), as bits by kind.
    let scouts = [scouts_of(attackers[0]), scouts_of(attackers[1])];
    let home = i32::from(game.params().setup.rows);
    // How much a neighbouring square guards a flag of `side`: the edge or a
    // lake fully, an own piece by the square of the share of the enemy's
    // movable pieces that would not remove it by attacking it (S5), an
    // empty square or an enemy piece not at all.
    // What a movable guard counts for (see [`MOVABLE_GUARD_AT_SETUP`]):
    // discounted only before the first move of play, in the states a setup
    // is scored by, and only in armies with two bombs or more.
    let movable_guard = if state.plies() == 0 && rules.army_bombs >= 2 {
        MOVABLE_GUARD_AT_SETUP
    } else {
        1.0
    };
    let guard = |side: usize, f: i32, r: i32| -> f64 {
        match at(f, r) {
            Cell::Off => 1.0,
            Cell::Empty => 0.0,
            Cell::Piece { owner, .. } if owner != side => 0.0,
            Cell::Piece { kind, .. } => {
                let (mut all, mut stopped) = (0u32, 0u32);
                for enemy in kinds_in(attackers[1 - side]) {
                    let n = u32::from(mover_counts[1 - side][enemy]);
                    all += n;
                    if !beats(enemy, kind as usize) {
                        stopped += n;
                    }
                }
                let guarded = if all == 0 {
                    1.0
                } else {
                    let share = f64::from(stopped) / f64::from(all);
                    share * share
                };
                if rules.movable[kind as usize] {
                    guarded * movable_guard
                } else {
                    guarded
                }
            }
        }
    };
    // Whether an enemy scout of `side` could stand on (x, y) after one
    // move along (df, dr) reversed: the line from (x, y) along (df, dr)
    // reaches an enemy scout, or an empty square beyond the side's home
    // rows, before any other piece, lake or edge (S4.3).
    let open = |side: usize, x: i32, y: i32, (df, dr): (i32, i32)| -> bool {
        let in_home = |rank: i32| {
            if side == 0 {
                rank < home
            } else {
                rank >= ranks - home
            }
        };
        // Along a home rank only an enemy scout on it opens the line.
        if dr == 0 && in_home(y) && scout_ranks[1 - side] & (1 << y) == 0 {
            return false;
        }
        let (mut x, mut y) = (x + df, y + dr);
        loop {
            match at(x, y) {
                Cell::Off => return false,
                Cell::Piece { owner, kind } => {
                    return owner != side && scouts[1 - side] & (1 << kind) != 0;
                }
                Cell::Empty if !in_home(y) => return true,
                Cell::Empty => {}
            }
            x += df;
            y += dr;
        }
    };
    // The danger enemy scouts put the flag of `side` at (f, r) in, lane by
    // lane (the four straight lines from it, S4.3): an open lane (a scout
    // reaches it in one move and takes the flag with the next), or a lane
    // with two legs (a scout reaches in one move a square of the lane, or
    // an own piece on it that a scout removes, from which it takes the flag
    // with its next move). None while the enemy has no scout.
    let scout_danger = |side: usize, f: i32, r: i32| -> f64 {
        let scouts = scouts[1 - side];
        if scouts == 0 {
            return 0.0;
        }
        let mut danger = 0.0;
        for &(df, dr) in &NEIGHBOURS {
            if open(side, f, r, (df, dr)) {
                danger += LANE_DANGER;
                continue;
            }
            let across = [(dr, df), (-dr, -df)];
            let reached = |x: i32, y: i32| across.iter().any(|&d| open(side, x, y, d));
            let (mut x, mut y) = (f + df, r + dr);
            loop {
                match at(x, y) {
                    Cell::Off => break,
                    Cell::Empty if reached(x, y) => {
                        danger += TWO_LEG_DANGER;
                        break;
                    }
                    Cell::Empty => {}
                    Cell::Piece { owner, kind } => {
                        if owner == side
                            && kinds_in(scouts).any(|s| beats(s, kind as usize))
                            && (reached(x, y) || open(side, x, y, (df, dr)))
                        {
                            danger += TWO_LEG_DANGER;
                        }
                        break;
                    }
                }
                x += df;
                y += dr;
            }
        }
        danger
    };
    let safety = |side: usize| -> f64 {
        let Some((f, r)) = flags[side] else {
            return 0.0;
        };
        let guarded: f64 = NEIGHBOURS
            .iter()
            .map(|(df, dr)| guard(side, f + df, r + dr))
            .sum();
        let nearest = movers[1 - side]
            .iter()
            .map(|&(ef, er)| (ef - f).abs() + (er - r).abs())
            .min();
        let danger = nearest.map_or(0.0, |d| 1.0 / (1.0 + f64::from(d)));
        guarded / 4.0 - (danger + scout_danger(side, f, r)).min(MAX_DANGER)
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
    let steep = material_by == Material::Steep && rules.army_bombs >= 2;
    let material_term = if steep {
        ((material[me] - material[them]) / MATERIAL_SCALE).tanh()
    } else if total > 0.0 {
        (material[me] - material[them]) / total
    } else {
        0.0
    };
    let flag_term = (safety(me) - safety(them)) / 2.0;
    let (m, t) = (mobility(me), mobility(them));
    let mobility_term = (m - t) / (m + t + 1.0);
    (0.5 * material_term + 0.4 * flag_term + 0.1 * mobility_term).clamp(-0.99, 0.99)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::{FreeFormMoves, SearchHooks};

    #[test]
    fn ai_is_pimc_in_every_variant() {
        for variant in ["original", "barrage", "duel"] {
            let game = Stratego::variant(variant).unwrap();
            assert_eq!(game.default_agent(), "pimc:eval=steep", "{variant}");
        }
    }

    #[test]
    fn search_agents_score_setups_of_sixteen_thousand_pieces_in_all() {
        // The classic army of S2 keeps its 400 setups (the Original game
        // plays as it was measured); smaller armies get more (S11.2-S11.4).
        for (variant, pieces, setups) in [
            ("original", 40, 400),
            ("star-wars", 40, 400),
            ("blitz", 20, 800),
            ("duel", 10, 1_600),
            ("barrage", 8, 2_000),
        ] {
            let game = Stratego::variant(variant).unwrap();
            assert_eq!(game.rules.army.len(), pieces, "{variant}");
            assert_eq!(game.free_form_candidates(), setups, "{variant}");
        }
    }

    /// The states of a random game of `game` from its start (the setups
    /// included), at most `plies` moves, each after its move.
    fn random_game(game: &Stratego, seed: u64, plies: usize) -> Vec<StrategoState> {
        let mut rng = plateau::rng(seed);
        let mut state = game.initial_state(0);
        let mut states = vec![state.clone()];
        for _ in 0..plies {
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
            states.push(state.clone());
        }
        states
    }

    #[test]
    fn the_evaluations_are_antisymmetric_and_bounded_in_random_games() {
        let game = Stratego::original();
        for (eval, name) in EVALUATIONS.iter().enumerate() {
            let mut seen_uneven = false;
            for state in &random_game(&game, 3, 400)[1..] {
                let (red, blue) = (
                    game.evaluate_with(eval, state, Player(0)),
                    game.evaluate_with(eval, state, Player(1)),
                );
                assert!((red + blue).abs() < 1e-12, "{red} {blue}");
                assert!(red.abs() <= 0.99);
                seen_uneven |= red.abs() > 0.01;
            }
            assert!(seen_uneven, "{name}");
        }
    }

    /// The material of each side by worth, as the evaluation counts it
    /// (an unrevealed piece 10% more).
    fn worths(game: &Stratego, state: &StrategoState) -> [f64; 2] {
        [0u8, 1].map(|p| {
            state
                .pieces(Player(p))
                .map(|(_, info)| worth(game, info.kind) * if info.revealed { 1.0 } else { 1.1 })
                .sum()
        })
    }

    #[test]
    fn steep_material_weighs_a_strong_piece_lost_near_an_even_position_more_than_hand() {
        // S2's classic army: where a side loses a colonel, the general or
        // the marshal (worth 8 or more) in one move, the others untouched,
        // with the worths within 20 of each other before, `steep` drops for
        // it by at least 0.05 more than `hand` does (the other terms are
        // the same in both and cancel): 0.5 (tanh(d0/40) - tanh(d1/40)) is
        // at least 0.08 there, the share of the total about 0.015.
        let game = Stratego::original();
        let value = |state: &StrategoState, p: u8, material| {
            evaluate_with(&game, state, Player(p), material)
        };
        let mut seen = 0;
        for seed in 0..40 {
            for pair in random_game(&game, seed, 600).windows(2) {
                let (before, state) = (&pair[0], &pair[1]);
                if before.in_setup() || state.in_setup() {
                    continue;
                }
                let (w0, w1) = (worths(&game, before), worths(&game, state));
                for side in 0..2 {
                    let lost = w0[side] - w1[side];
                    let other_kept = (w0[1 - side] - w1[1 - side]).abs() < 0.01;
                    if lost >= 8.0 && other_kept && (w0[0] - w0[1]).abs() < 20.0 {
                        let p = side as u8;
                        let hand_drop =
                            value(before, p, Material::Share) - value(state, p, Material::Share);
                        let steep_drop =
                            value(before, p, Material::Steep) - value(state, p, Material::Steep);
                        assert!(
                            steep_drop > hand_drop + 0.05,
                            "seed {seed}: lost {lost}, hand {hand_drop}, steep {steep_drop}"
                        );
                        seen += 1;
                    }
                }
            }
        }
        assert!(seen >= 5, "only {seen} such losses");
    }

    #[test]
    fn steep_is_hand_in_barrage_only() {
        // Barrage's one bomb: the steep curve is not used (not measured
        // there), the two evaluations are the same at every ply; in the
        // classic army of S2 they differ once the material does.
        for (variant, same) in [("barrage", true), ("original", false)] {
            let game = Stratego::variant(variant).unwrap();
            let mut differed = false;
            for state in &random_game(&game, 5, 400)[1..] {
                let steep = game.evaluate_with(1, state, Player(0));
                let hand = game.evaluate_with(0, state, Player(0));
                assert_eq!(hand, game.evaluate(state, Player(0)));
                if same {
                    assert_eq!(steep, hand, "{variant}");
                }
                differed |= steep != hand;
            }
            assert_eq!(differed, !same, "{variant}");
        }
        assert_eq!(Stratego::original().evaluations(), ["hand", "steep"]);
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
        assert!(shut > open + 0.08, "shut {shut}, open {open}");
        // A lake in front of the file shuts the lane too (c5, c6): the flag
        // on c1 is better off than on the open a-file, although one of its
        // neighbours fewer is off the board (a lane costs 0.1, a guarded
        // neighbour 0.05).
        let lake = after_setup("........../........../........../22FBS39X..");
        assert!(lake > open + 0.04, "behind a lake {lake}, open {open}");
    }

    #[test]
    fn s4_3_a_flag_a_scout_reaches_in_two_legs_is_in_danger() {
        // The flag on a1, the a-file shut by Red's scout on a2. With b1
        // empty and the b-file open, a scout comes down the b-file to b1
        // and takes the flag from there (S4.3): two legs. A second scout on
        // b2 instead of i1 shuts the b-file. Nothing else differs (material,
        // the flag's guards, mobility).
        let exposed = after_setup("........../........../2........./F.B.S39X2.");
        let shut = after_setup("........../........../22......../F.B.S39X..");
        assert!(shut > exposed + 0.04, "shut {shut}, exposed {exposed}");
        // A spy does not shut a lane: a scout removes it by attacking it
        // (S5.3 gives the spy only the marshal) and takes the flag with its
        // next move. A scout in its place does (both are removed, S5.2).
        // (The scout on a2 also guards the flag by a half, as half of
        // Blue's army would not beat it, the spy not at all: 0.025 of the
        // difference, below the margin.)
        let spy = after_setup("........../........../S........./FB22.39X..");
        let scout = after_setup("........../........../2........./FBS2.39X..");
        assert!(scout > spy + 0.04, "scout {scout}, spy {spy}");
    }

    /// Red's value after Red's classic setup `rows` (S2, S3.3: front row
    /// first), with Blue not yet set up; and after Blue's setup (the flag
    /// on a10 closed by two bombs) and Red's first move a4-a5, a scout's
    /// step far from the flag.
    fn classic_values(rows: &str) -> (f64, f64) {
        let game = Stratego::original();
        let mut state = game.initial_state(0);
        let mut play = |text: &str| {
            let mv = game.parse_move(&state, text).unwrap();
            game.apply(&mut state, &mv);
            game.evaluate(&state, Player(0))
        };
        let at_setup = play(&format!("setup {rows}"));
        play("setup 2222222233/3336666555/B54444BBSB/FB98X877B7");
        let in_play = play("a4-a5");
        assert_eq!(state.plies(), 1);
        (at_setup, in_play)
    }

    #[test]
    fn s5_4_bombs_close_the_flag_better_than_pieces_that_may_walk_away_at_setup() {
        // The flag on a1. Closed by two bombs (a2, b1) or by a colonel and
        // the general, the bombs on c1 and d1 instead; nothing else differs
        // (material, lanes, mobility: the back rows have no empty square
        // beside them). Of the 33 movable pieces of Blue's army, 5 miners
        // remove a bomb (S5.4), the marshal the general, the marshal and the
        // general a colonel (S5.2): the squared guards are 2 (28/33)^2 =
        // 1.44 for the bombs, (32/33)^2 + (31/33)^2 = 1.82 for the pieces.
        // While the setup is chosen a movable guard counts 0.7 of that
        // (1.28), as it may walk away; in play (after a move) fully.
        let bombs = classic_values("2222222233/3336666555/B54444BBSB/FB98X877B7");
        let pieces = classic_values("2222222233/3336666555/854444BBSB/F9BBX877B7");
        let quarter = 0.4 / 2.0 / 4.0;
        let at_setup = 2.0 * (28.0f64 / 33.0).powi(2)
            - MOVABLE_GUARD_AT_SETUP * ((32.0f64 / 33.0).powi(2) + (31.0f64 / 33.0).powi(2));
        assert!(
            (bombs.0 - pieces.0 - quarter * at_setup).abs() < 1e-9 && at_setup > 0.15,
            "at setup: bombs {}, pieces {}",
            bombs.0,
            pieces.0
        );
        let in_play =
            2.0 * (28.0f64 / 33.0).powi(2) - ((32.0f64 / 33.0).powi(2) + (31.0f64 / 33.0).powi(2));
        assert!(
            (bombs.1 - pieces.1 - quarter * in_play).abs() < 1e-9 && in_play < -0.35,
            "in play: bombs {}, pieces {}",
            bombs.1,
            pieces.1
        );
    }

    /// Red's value in a Barrage position: Red's flag on a1, a miner on h9
    /// (the nearest Red piece to Blue's flag) and `red` (a symbol and a
    /// square each), Blue's flag on j10 and `blue`.
    fn barrage_value(red: &[(&str, &str)], blue: &[(&str, &str)]) -> f64 {
        let game = Stratego::variant("barrage").unwrap();
        let mut rows = vec![vec![".".to_string(); 10]; 10];
        for lake in game.lakes() {
            rows[9 - lake.rank() as usize][lake.file() as usize] = "~".into();
        }
        let mut put = |side: &str, symbol: &str, square: &str| {
            let sq: crate::Square = square.parse().unwrap();
            rows[9 - sq.rank() as usize][sq.file() as usize] = format!("{side}{symbol}");
        };
        put("r", "F", "a1");
        put("b", "F", "j10");
        put("r", "3", "h9");
        for (symbol, square) in red {
            put("r", symbol, square);
        }
        for (symbol, square) in blue {
            put("b", symbol, square);
        }
        let diagram: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
        let state = crate::tests::position(&game, &diagram.join("\n"), 0);
        game.evaluate(&state, Player(0))
    }

    #[test]
    fn s5_a_flag_is_guarded_by_what_the_enemy_pieces_cannot_beat() {
        // Blue's general cannot beat Red's marshal (S5.2): a marshal beside
        // the flag (b1) guards it fully, one a square further (c1) not at
        // all. Blue has no scout, so no lane counts.
        let blue = [("9", "e8")];
        let beside = barrage_value(&[("X", "b1")], &blue);
        let apart = barrage_value(&[("X", "c1")], &blue);
        assert!(beside > apart + 0.04, "beside {beside}, apart {apart}");
        // A spy attacking the marshal removes it (S5.3): against a general
        // and a spy the marshal stops one of the two, and guards a quarter
        // as much (the square of its share, 1/2).
        let blue = [("9", "e8"), ("S", "f8")];
        let quarter = barrage_value(&[("X", "b1")], &blue) - barrage_value(&[("X", "c1")], &blue);
        let full = beside - apart;
        assert!(
            (full - 4.0 * quarter).abs() < 1e-9 && quarter > 0.01,
            "against a general {full}, and a spy {quarter}"
        );
        // Against a general and a miner a bomb stops only the general (S5.4).
        let guard = |blue: &[(&str, &str)]| {
            barrage_value(&[("B", "b1"), ("X", "e2")], blue)
                - barrage_value(&[("B", "c1"), ("X", "e2")], blue)
        };
        let without_miner = guard(&[("9", "e8")]);
        let with_miner = guard(&[("9", "e8"), ("3", "f8")]);
        assert!(
            (without_miner - 4.0 * with_miner).abs() < 1e-9 && with_miner > 0.01,
            "without a miner {without_miner}, with one {with_miner}"
        );
        // Against a general, a miner and a spy a bomb stops two of the
        // three: (2/3)^2 = 4/9 of a full guard.
        let two_of_three = guard(&[("9", "e8"), ("3", "f8"), ("S", "g8")]);
        assert!(
            (4.0 * without_miner - 9.0 * two_of_three).abs() < 1e-9,
            "without a miner {without_miner}, against three {two_of_three}"
        );
    }
}
