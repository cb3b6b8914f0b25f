//! The engine against a plain reading of RULES.md O1–O5: a reference
//! implementation written seed by seed over a `Vec` of houses, with the
//! positions since the last capture in a `HashSet`. The perft fixture
//! counts in `tests/perft/` were computed with it, and random games must
//! agree with it move by move: the legal moves, the board, the stores and
//! the end.

use plateau::{perft::perft, rules, Game, Player, RulesSpec};
use plateau_oware::{House, Oware, OwareState};
use std::collections::HashSet;

/// A position of the reference: houses in sowing order (South's row, then
/// North's), the stores, the player to move, the positions since the last
/// capture, and the end (winner or draw, reason, final stores).
#[derive(Clone)]
struct Reference {
    houses: usize,
    total: u32,
    seeds: Vec<u32>,
    stores: [u32; 2],
    to_move: usize,
    seen: HashSet<(Vec<u32>, usize)>,
    end: Option<(Option<usize>, &'static str, [u32; 2])>,
}

impl Reference {
    fn new(houses: usize, seeds: u32) -> Reference {
        let mut r = Reference {
            houses,
            total: 2 * houses as u32 * seeds,
            seeds: vec![seeds; 2 * houses],
            stores: [0, 0],
            to_move: 0,
            seen: HashSet::new(),
            end: None,
        };
        r.seen.insert((r.seeds.clone(), 0));
        r
    }

    fn row(&self, player: usize) -> std::ops::Range<usize> {
        player * self.houses..(player + 1) * self.houses
    }

    fn row_seeds(&self, player: usize) -> u32 {
        self.row(player).map(|i| self.seeds[i]).sum()
    }

    /// O2.1 and O4.1: non-empty houses; if the opponent's row is empty,
    /// only those that sow into it (tried by sowing).
    fn legal(&self) -> Vec<usize> {
        if self.end.is_some() {
            return vec![];
        }
        let me = self.to_move;
        let feed = self.row_seeds(1 - me) == 0;
        self.row(me)
            .filter(|&h| self.seeds[h] > 0)
            .filter(|&h| {
                if !feed {
                    return true;
                }
                let mut copy = self.clone();
                copy.sow(h);
                copy.row_seeds(1 - me) > 0
            })
            .collect()
    }

    /// O2.1 seed by seed; returns the last house.
    fn sow(&mut self, from: usize) -> usize {
        let n = self.seeds.len();
        let mut hand = self.seeds[from];
        self.seeds[from] = 0;
        let mut at = from;
        while hand > 0 {
            at = (at + 1) % n;
            if at == from {
                continue;
            }
            self.seeds[at] += 1;
            hand -= 1;
        }
        at
    }

    fn finish(&mut self, reason: &'static str) {
        let scores = [
            self.stores[0] + self.row_seeds(0),
            self.stores[1] + self.row_seeds(1),
        ];
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        self.end = Some((winner, reason, scores));
    }

    fn play(&mut self, from: usize) {
        let me = self.to_move;
        let them = 1 - me;
        let last = self.sow(from);
        // O3.1: backwards from the last house while in the opponent's row
        // with 2 or 3 seeds.
        let mut captured = vec![];
        if self.row(them).contains(&last) {
            let mut h = last;
            loop {
                if self.seeds[h] == 2 || self.seeds[h] == 3 {
                    captured.push(h);
                } else {
                    break;
                }
                if h == self.row(them).start {
                    break;
                }
                h -= 1;
            }
        }
        let taken: u32 = captured.iter().map(|&h| self.seeds[h]).sum();
        // O3.2: a grand slam captures nothing.
        let grand_slam = taken > 0 && taken == self.row_seeds(them);
        let capture = taken > 0 && !grand_slam;
        if capture {
            for &h in &captured {
                self.seeds[h] = 0;
            }
            self.stores[me] += taken;
            self.seen.clear();
        }
        self.to_move = them;
        // O5.6: O5.1, then O5.2, then O5.3.
        let half = self.total / 2;
        if self.stores[0] > half || self.stores[1] > half {
            let winner = if self.stores[0] > half { 0 } else { 1 };
            let scores = [
                self.stores[0] + self.row_seeds(0),
                self.stores[1] + self.row_seeds(1),
            ];
            self.end = Some((Some(winner), "majority", scores));
            return;
        }
        if self.stores == [half, half] {
            self.end = Some((None, "majority", [half, half]));
            return;
        }
        if !self.seen.insert((self.seeds.clone(), self.to_move)) {
            self.finish("repetition");
            return;
        }
        if self.legal().is_empty() {
            self.finish("no-legal-move");
        }
    }
}

fn load(houses: u32, seeds: u32) -> Oware {
    rules::load(
        &RulesSpec::default_variant()
            .set("houses", &houses.to_string())
            .set("seeds", &seeds.to_string()),
    )
    .unwrap()
    .game
}

fn reference_perft(r: &Reference, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = r.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = r.clone();
            next.play(m);
            reference_perft(&next, depth - 1)
        })
        .sum()
}

/// The fixture: lines `depth count`, `#` comments.
fn fixture(name: &str) -> Vec<(u32, u64)> {
    let path = format!("{}/tests/perft/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split_whitespace();
            let depth = parts.next().unwrap().parse().unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            (depth, count)
        })
        .collect()
}

fn check_fixture(name: &str, houses: u32, seeds: u32, reference_up_to: u32) {
    let game = load(houses, seeds);
    let start = game.initial_state(0);
    let reference = Reference::new(houses as usize, seeds);
    for (depth, count) in fixture(name) {
        assert_eq!(perft(&game, &start, depth), count, "{name} perft({depth})");
        if depth <= reference_up_to {
            assert_eq!(
                reference_perft(&reference, depth),
                count,
                "{name} reference perft({depth})"
            );
        }
    }
}

#[test]
fn perft_standard_matches_the_fixture_and_the_reference() {
    check_fixture("standard", 6, 4, 5);
}

#[test]
fn perft_small_matches_the_fixture_and_the_reference() {
    check_fixture("small", 4, 3, 6);
}

/// Plays random games of the engine and the reference side by side.
fn agree(game: &Oware, houses: u32, seeds: u32, games: u64) {
    let h = houses as usize;
    let mut moves = Vec::new();
    let mut longest = 0;
    for seed in 0..games {
        let mut rng = plateau::rng(seed);
        let mut state: OwareState = game.initial_state(seed);
        let mut reference = Reference::new(h, seeds);
        let mut ply = 0;
        loop {
            game.legal_moves(&state, &mut moves);
            let places: Vec<usize> = moves.iter().map(|m| m.place(h)).collect();
            assert_eq!(
                places,
                reference.legal(),
                "seed {seed} ply {ply}: legal moves"
            );
            for p in [Player(0), Player(1)] {
                let row: Vec<u32> = state.row(p).iter().map(|&n| u32::from(n)).collect();
                assert_eq!(
                    row,
                    reference.seeds[reference.row(p.index())],
                    "seed {seed} ply {ply}"
                );
                assert_eq!(
                    state.store(p),
                    reference.stores[p.index()],
                    "seed {seed} ply {ply}"
                );
            }
            match (game.status(&state).outcome(), reference.end) {
                (None, None) => {}
                (Some(outcome), Some((winner, reason, scores))) => {
                    assert_eq!(outcome.winner.map(|p| p.index()), winner, "seed {seed}");
                    assert_eq!(outcome.reason, reason, "seed {seed}");
                    assert_eq!(
                        outcome.scores,
                        Some(vec![i64::from(scores[0]), i64::from(scores[1])]),
                        "seed {seed}"
                    );
                    break;
                }
                (ours, theirs) => {
                    panic!("seed {seed} ply {ply}: ends differ: {ours:?} vs {theirs:?}")
                }
            }
            let mv: House = game.random_move(&state, &mut rng).expect("a move");
            game.apply(&mut state, &mv);
            reference.play(mv.place(h));
            ply += 1;
            // The engine cap never comes into it in these games.
            assert!(ply < 2_000, "seed {seed}: too long");
        }
        longest = longest.max(ply);
    }
    assert!(
        longest > 2 * h,
        "the games are real games: {longest} plies at most"
    );
}

#[test]
fn random_games_agree_move_by_move_standard() {
    agree(&load(6, 4), 6, 4, 300);
}

#[test]
fn random_games_agree_move_by_move_other_sizes() {
    for (houses, seeds) in [(4, 3), (2, 2), (3, 1), (5, 5), (1, 3)] {
        agree(&load(houses, seeds), houses, seeds, 100);
    }
}

/// Writes the perft fixtures from the reference (run with `--ignored
/// --nocapture` in release mode to renew `tests/perft/`).
#[test]
#[ignore]
fn print_reference_perft() {
    for (name, houses, seeds, depths) in [("standard", 6, 4, 9), ("small", 4, 3, 11)] {
        let reference = Reference::new(houses, seeds);
        println!("# {name}: perft from the start, computed by tests/reference.rs");
        for depth in 1..=depths {
            println!("{depth} {}", reference_perft(&reference, depth));
        }
    }
}
