//! Referees: two independent readings of RULES.md, written from the text
//! alone, that every legal-move list and every view of random games must
//! agree with. The first follows S7, S8 and S12.5f and checks each list of
//! legal moves; the second follows every piece (reveals, trays, the step of
//! S12.5, the end of S9 in its order) and checks both views, the trays, the
//! steps offered and the outcome after each move.
use super::*;
use crate::view::ViewSquare;
use plateau::Status;

// ------------------------------------------- S7, S8, S12.5f cross-check

/// A position as S8.3 defines it: the owner and rank on every square.
type Pos = Vec<Option<(u8, u8)>>;

fn pos_of(st: &StrategoState) -> Pos {
    crate::board::squares(10, 10)
        .map(|s| st.piece_at(s).map(|p| (p.owner.0, p.kind)))
        .collect()
}

fn neighbours(s: crate::Square) -> impl Iterator<Item = crate::Square> {
    [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(move |(df, dr)| {
            let (f, r) = (s.file() as i8 + df, s.rank() as i8 + dr);
            ((0..10).contains(&f) && (0..10).contains(&r))
                .then(|| crate::Square::new(f as u8, r as u8))
                .flatten()
        })
}

/// S8.1: the enemy pieces `side`'s move to `to` threatens, read from the
/// position after the move.
fn threats_after(
    game: &Stratego,
    st: &StrategoState,
    side: u8,
    to: crate::Square,
) -> Vec<crate::Square> {
    match st.piece_at(to) {
        Some(p)
            if p.owner.0 == side
                && !matches!(
                    game.pieces()[p.kind as usize].role,
                    crate::Role::Bomb | crate::Role::Flag
                ) =>
        {
            neighbours(to)
                .filter(|&n| st.piece_at(n).is_some_and(|q| q.owner.0 != side))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// An independent reading of S7, S8 and S12.5f, kept from what each move
/// shows on the board.
#[derive(Default)]
struct Reference {
    /// Each side's last move (S7.2, S8.4) and its series length.
    last: [Option<(crate::Square, crate::Square)>; 2],
    count: [u32; 2],
    /// Whether the piece of that last move is still on its square.
    alive: [bool; 2],
    /// What each side's last move threatened (S8.1).
    threats: [Vec<crate::Square>; 2],
    /// Whether each side's chase is continuous now (S8.2).
    active: [bool; 2],
    /// The positions after that side's moves in its chase (S8.3).
    positions: [Vec<Pos>; 2],
}

impl Reference {
    fn back(&self, side: usize, from: crate::Square, to: crate::Square) -> bool {
        self.alive[side] && self.last[side] == Some((to, from))
    }
}

/// The position after a move and each way to complete it (S12.5f), under
/// rules without S7 and S8 (`free`).
fn completions(free: &Stratego, st: &StrategoState, mv: &Move) -> (StrategoState, Vec<Pos>) {
    let mut after = st.clone();
    free.apply(&mut after, mv);
    if after.pending.is_none() {
        let p = pos_of(&after);
        return (after, vec![p]);
    }
    let mut steps = Vec::new();
    free.legal_moves(&after, &mut steps);
    let all = steps
        .iter()
        .map(|s| {
            let mut c = after.clone();
            free.apply(&mut c, s);
            pos_of(&c)
        })
        .collect();
    (after, all)
}

/// Plays biased random games (evasions and threats preferred, so that chases
/// happen) and compares every list of legal moves with the reference.
/// Returns how many moves and steps S7 or S8 ruled out.
fn cross_check(variant: &str, mask: u8, limit: &str, seeds: u64, plies: usize) -> (u32, u32) {
    use plateau::rand::Rng;
    let n: u32 = limit.parse().unwrap();
    let game = with_options(variant, mask, &[("two_square_limit", limit)]);
    let free = with_options(
        variant,
        mask,
        &[("two_square_limit", "0"), ("chase_rule", "false")],
    );
    let (mut by_s7, mut by_s8) = (0, 0);
    for seed in 0..seeds {
        let mut rng = plateau::rng(seed);
        let mut st = game.initial_state(seed);
        while st.in_setup() {
            let mv = game.random_move(&st, &mut rng).unwrap();
            game.apply(&mut st, &mv);
        }
        let mut r = Reference::default();
        let mut judged = false;
        let mut pending_move: Option<(crate::Square, crate::Square, Vec<crate::Square>)> = None;
        for ply in 0..plies {
            if game.status(&st).is_over() {
                break;
            }
            let side = st.to_move().index();
            let mut real = Vec::new();
            game.legal_moves(&st, &mut real);
            let expected: Vec<Move> = if st.pending.is_some() {
                let mut c = st.clone();
                c.pending.as_mut().unwrap().judged = false;
                let mut steps = Vec::new();
                free.legal_moves(&c, &mut steps);
                steps
                    .into_iter()
                    .filter(|s| {
                        let mut c2 = c.clone();
                        free.apply(&mut c2, s);
                        let ok = !judged || !r.positions[side].contains(&pos_of(&c2));
                        by_s8 += !ok as u32;
                        ok
                    })
                    .collect()
            } else {
                let mut pseudo = Vec::new();
                free.legal_moves(&st, &mut pseudo);
                pseudo
                    .into_iter()
                    .filter(|m| {
                        let Move::Step { from, to } = *m else {
                            return true;
                        };
                        let back = r.back(side, from, to);
                        if n > 0 && back && r.count[side] >= n {
                            by_s7 += 1;
                            return false;
                        }
                        if !r.active[side] || back {
                            return true;
                        }
                        let (after, all) = completions(&free, &st, m);
                        let chasing = !threats_after(&game, &after, side as u8, to).is_empty();
                        let ok = !chasing || all.iter().any(|p| !r.positions[side].contains(p));
                        by_s8 += !ok as u32;
                        ok
                    })
                    .collect()
            };
            let fmt = |v: &[Move]| {
                let mut s: Vec<String> = v.iter().map(|m| game.format_move(m)).collect();
                s.sort();
                s
            };
            assert_eq!(
                fmt(&real),
                fmt(&expected),
                "{variant} mask {mask:#b} limit {limit} seed {seed} ply {ply}: {:?}",
                st.last_event()
            );
            if real.is_empty() {
                break;
            }
            // Steer towards chases: evade a threat with the threatened
            // piece, follow up a threat with the piece that made it, and
            // mostly avoid attacks, which end games.
            let opp = 1 - side;
            let quiet = |m: &&Move| match m {
                Move::Step { to, .. } => st.piece_at(*to).is_none(),
                _ => true,
            };
            let near_enemy = |m: &&Move| match m {
                Move::Step { from, to } => neighbours(*to)
                    .any(|q| q != *from && st.piece_at(q).is_some_and(|p| p.owner.index() == opp)),
                _ => false,
            };
            let evasions: Vec<&Move> = real
                .iter()
                .filter(|m| matches!(m, Move::Step { from, .. } if r.threats[opp].contains(from)))
                .filter(quiet)
                .collect();
            let last_piece = r.last[side].map(|(_, to)| to);
            let follow: Vec<&Move> = real
                .iter()
                .filter(|m| matches!(m, Move::Step { from, .. } if Some(*from) == last_piece))
                .filter(quiet)
                .filter(near_enemy)
                .collect();
            let calm: Vec<&Move> = real.iter().filter(quiet).collect();
            let roll = rng.random_range(0..10);
            let pool = if !evasions.is_empty() && roll < 9 {
                evasions
            } else if !follow.is_empty() && roll < 9 {
                follow
            } else if !calm.is_empty() && roll < 8 {
                calm
            } else {
                real.iter().collect()
            };
            let mv = *pool[rng.random_range(0..pool.len())];
            game.apply(&mut st, &mv);
            let finish = |r: &mut Reference, st: &StrategoState, from, threats: Vec<_>| {
                // S8.2: the reply keeps the opponent's chase only if it
                // moves a piece that chase's last move threatened.
                r.active[opp] = r.threats[opp].contains(&from);
                if !r.active[opp] {
                    r.positions[opp].clear();
                }
                if threats.is_empty() {
                    r.active[side] = false;
                    r.positions[side].clear();
                    r.threats[side].clear();
                } else {
                    if !r.active[side] {
                        r.positions[side].clear();
                    }
                    r.positions[side].push(pos_of(st));
                    r.threats[side] = threats;
                }
            };
            match mv {
                Move::Step { from, to } => {
                    let back = r.back(side, from, to);
                    r.count[side] = if back { r.count[side] + 1 } else { 1 };
                    r.last[side] = Some((from, to));
                    r.alive[side] = true;
                    let threats = threats_after(&game, &st, side as u8, to);
                    judged = r.active[side] && !threats.is_empty() && !back;
                    if st.pending.is_some() {
                        pending_move = Some((from, to, threats));
                    } else {
                        finish(&mut r, &st, from, threats);
                    }
                }
                _ => {
                    let (from, _, threats) = pending_move.take().unwrap();
                    finish(&mut r, &st, from, threats);
                }
            }
            // S7.2: a piece that is removed ends its series.
            for s in 0..2 {
                if let Some((_, to)) = r.last[s] {
                    r.alive[s] &= st.piece_at(to).is_some_and(|p| p.owner.index() == s);
                }
            }
        }
    }
    (by_s7, by_s8)
}

/// `REFEREE_SEEDS=300 cargo test --release ... referee::s7_s8` runs more games
/// (all 64 option masks on barrage, duel and blitz were swept this way).
#[test]
fn s7_s8_s12_5f_agree_with_an_independent_reading_in_random_games() {
    let mut s7 = 0;
    let mut s8 = 0;
    for (variant, mask, limit) in [
        ("barrage", 0b11_1111, "3"),
        ("barrage", 0b01_0000, "2"),
        ("duel", 0b01_1100, "3"),
        ("blitz", 0b01_0000, "1"),
        ("original", 0, "3"),
    ] {
        let seeds = std::env::var("REFEREE_SEEDS").map_or(12, |s| s.parse().unwrap());
        let (a, b) = cross_check(variant, mask, limit, seeds, 400);
        s7 += a;
        s8 += b;
    }
    assert!(s7 > 0 && s8 > 0, "S7 ruled out {s7}, S8 {s8}");
}

// --------------------------------------- S5, S6, S9, S12.5 cross-check

/// What the referee knows of one piece, followed by identity.
#[derive(Clone, Copy, Debug)]
struct Piece {
    owner: usize,
    kind: u8,
    revealed: bool,
    moved: bool,
    marked: bool,
}

/// Follows random games piece by piece from RULES.md alone (reveals S5.1,
/// S6.2, S11.4d, S12.5b, S12.6; trays S5.7; the step S12.5c/e; the end S9
/// in its order) and compares views, trays, steps and outcomes.
fn referee(variant: &str, mask: u8, extra: &[(&str, &str)], seeds: u64) -> [u32; 4] {
    use plateau::rand::Rng;
    use std::collections::HashMap;
    let game = with_options(variant, mask, extra);
    let o = game.params().options.clone();
    let max_plies = game.params().max_plies;
    let max_quiet = game.params().max_plies_without_capture;
    let role = |k: u8| game.pieces()[k as usize].role;
    let is_scout = |k: u8| game.pieces()[k as usize].moves == crate::Movement::Scout;
    let movable = |k: u8| !matches!(role(k), crate::Role::Bomb | crate::Role::Flag);
    let back_rank = [9u8, 0];
    let home = |side: usize, s: crate::Square| {
        if side == 0 {
            s.rank() < 4
        } else {
            s.rank() > 5
        }
    };
    // Steps offered, returns made, silent defenders kept hidden, games ended.
    let mut seen = [0u32; 4];
    for seed in 0..seeds {
        let mut rng = plateau::rng(1000 + seed);
        let mut st = game.initial_state(seed);
        while st.in_setup() {
            let mv = game.random_move(&st, &mut rng).unwrap();
            game.apply(&mut st, &mv);
        }
        let mut pieces: Vec<Piece> = Vec::new();
        let mut at: HashMap<crate::Square, usize> = HashMap::new();
        for side in 0..2 {
            for (s, p) in st.pieces(Player(side)) {
                at.insert(s, pieces.len());
                pieces.push(Piece {
                    owner: side as usize,
                    kind: p.kind,
                    revealed: false,
                    moved: false,
                    marked: false,
                });
            }
        }
        let mut tray: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let mut returns = [0u8; 2];
        let (mut plies, mut quiet) = (0u32, 0u32);
        let mut arrived: Option<usize> = None;
        loop {
            // Compare what each side sees (S6) and the trays (S5.7).
            for viewer in 0..2u8 {
                let view = game.view(&st, Player(viewer));
                for s in crate::board::squares(10, 10) {
                    let want = match at.get(&s).map(|&i| pieces[i]) {
                        None => None,
                        Some(p) if p.owner == viewer as usize => Some(ViewSquare::Own {
                            kind: p.kind,
                            moved: p.moved,
                            revealed: p.revealed,
                        }),
                        Some(p) => Some(ViewSquare::Opponent {
                            kind: p.revealed.then_some(p.kind),
                            moved: p.moved,
                        }),
                    };
                    if let Some(w) = want {
                        assert_eq!(view.square(s), Some(w), "seed {seed} {s} viewer {viewer}");
                    }
                }
            }
            for (side, removed) in tray.iter().enumerate() {
                for k in 0..game.pieces().len() as u8 {
                    let n = removed.iter().filter(|&&i| pieces[i].kind == k).count();
                    assert_eq!(st.tray(Player(side as u8))[k as usize] as usize, n);
                }
            }
            if game.status(&st).is_over() {
                seen[3] += 1;
                break;
            }
            let side = st.to_move().index();
            let opp = 1 - side;
            let mut real = Vec::new();
            game.legal_moves(&st, &mut real);
            assert!(!real.is_empty(), "seed {seed}: not over but no move");
            // Head for the opponent's back row half the time.
            let forward: Vec<&Move> = real
                .iter()
                .filter(|m| match m {
                    Move::Step { from, to } => {
                        (to.rank() as i8 - from.rank() as i8) * if side == 0 { 1 } else { -1 } > 0
                    }
                    _ => false,
                })
                .collect();
            let mv = if !forward.is_empty() && rng.random_range(0..2) == 0 {
                *forward[rng.random_range(0..forward.len())]
            } else {
                real[rng.random_range(0..real.len())]
            };
            let before = st.clone();
            game.apply(&mut st, &mv);
            let mut outcome: Option<(Option<Player>, &str)> = None;
            match mv {
                Move::Step { from, to } => {
                    let a = at.remove(&from).unwrap();
                    pieces[a].moved = true;
                    plies += 1;
                    let mut flag_captured = false;
                    let survived = match at.get(&to).copied() {
                        None => {
                            at.insert(to, a);
                            if from.distance(to) > 1 {
                                pieces[a].revealed = true;
                            }
                            quiet += 1;
                            true
                        }
                        Some(d) => {
                            quiet = 0;
                            let after = st.piece_at(to);
                            let result = match after {
                                Some(p) if p.owner.index() == side => crate::Clash::AttackerWins,
                                Some(_) => crate::Clash::DefenderWins,
                                None => crate::Clash::BothRemoved,
                            };
                            // S5.2–S5.5, S12.1, S12.2 from the two ranks.
                            let (ak, dk) = (pieces[a].kind, pieces[d].kind);
                            let (sa, sd) = (
                                game.pieces()[ak as usize].strength,
                                game.pieces()[dk as usize].strength,
                            );
                            let want = match role(dk) {
                                crate::Role::Flag => crate::Clash::AttackerWins,
                                crate::Role::Bomb if role(ak) == crate::Role::Miner => {
                                    crate::Clash::AttackerWins
                                }
                                crate::Role::Bomb if o.explosive_bombs || o.mobile_bombs => {
                                    crate::Clash::BothRemoved
                                }
                                crate::Role::Bomb => crate::Clash::DefenderWins,
                                crate::Role::Marshal if role(ak) == crate::Role::Spy => {
                                    crate::Clash::AttackerWins
                                }
                                _ if sa > sd => crate::Clash::AttackerWins,
                                _ if sa < sd => crate::Clash::DefenderWins,
                                _ if o.attacker_advantage => crate::Clash::AttackerWins,
                                _ => crate::Clash::BothRemoved,
                            };
                            assert_eq!(result, want, "seed {seed} {from}x{to}");
                            pieces[a].revealed = true;
                            let shown = !o.silent_defense
                                || result != crate::Clash::DefenderWins
                                || is_scout(ak)
                                || pieces[d].revealed;
                            pieces[d].revealed |= shown;
                            seen[2] += !shown as u32;
                            assert_eq!(last_combat(&st).defender, shown.then_some(dk));
                            match result {
                                crate::Clash::AttackerWins => {
                                    tray[opp].push(d);
                                    at.insert(to, a);
                                    flag_captured = role(dk) == crate::Role::Flag;
                                    true
                                }
                                crate::Clash::DefenderWins => {
                                    tray[side].push(a);
                                    false
                                }
                                crate::Clash::BothRemoved => {
                                    at.remove(&to);
                                    tray[opp].push(d);
                                    tray[side].push(a);
                                    false
                                }
                            }
                        }
                    };
                    let on_row = survived && to.rank() == back_rank[side];
                    let count = |s: usize| {
                        at.values()
                            .filter(|&&i| pieces[i].owner == s && movable(pieces[i].kind))
                            .count()
                    };
                    // S9.1–S9.3, in order.
                    if flag_captured {
                        outcome = Some((Some(Player(side as u8)), crate::FLAG_CAPTURED));
                    } else if on_row && role(pieces[a].kind) == crate::Role::Flag {
                        // The outcome names the flag: it is shown.
                        pieces[a].revealed = true;
                        outcome = Some((Some(Player(side as u8)), crate::FLAG_REACHED_BACK_ROW));
                    } else {
                        outcome = match (count(side) == 0, count(opp) == 0) {
                            (true, true) => Some((None, crate::NO_MOVABLE_PIECES)),
                            (true, false) => {
                                Some((Some(Player(opp as u8)), crate::NO_MOVABLE_PIECES))
                            }
                            (false, true) => {
                                Some((Some(Player(side as u8)), crate::NO_MOVABLE_PIECES))
                            }
                            _ => None,
                        };
                    }
                    // S12.5e: the step, when a return is publicly possible.
                    let offered = outcome.is_none()
                        && o.reconquest
                        && on_row
                        && returns[side] < 2
                        && !pieces[a].marked
                        && !(is_scout(pieces[a].kind) && pieces[a].revealed)
                        && tray[side]
                            .iter()
                            .any(|&i| role(pieces[i].kind) != crate::Role::Bomb)
                        && crate::board::squares(10, 10).any(|s| {
                            home(side, s) && !game.lakes().contains(&s) && !at.contains_key(&s)
                        });
                    assert_eq!(st.step_pending(), offered, "seed {seed} {from}-{to}");
                    if offered {
                        seen[0] += 1;
                        arrived = Some(a);
                        if is_scout(pieces[a].kind) {
                            assert_eq!(legal_list(&game, &st), ["skip"]);
                        }
                    }
                }
                Move::Return { kind, square } => {
                    // S12.5c: an unmarked piece of that rank first, the
                    // earliest removed.
                    let pos = tray[side]
                        .iter()
                        .enumerate()
                        .filter(|(_, &i)| pieces[i].kind == kind)
                        .min_by_key(|(n, &i)| (pieces[i].marked, *n))
                        .map(|(n, _)| n)
                        .unwrap();
                    let r = tray[side].remove(pos);
                    assert!(home(side, square) && !at.contains_key(&square));
                    pieces[r].revealed = true;
                    pieces[r].moved = false;
                    at.insert(square, r);
                    pieces[arrived.take().unwrap()].marked = true;
                    returns[side] += 1;
                    seen[1] += 1;
                    assert!(returns[side] <= 2);
                }
                Move::Skip => {
                    arrived = None;
                }
                Move::Setup(_) => unreachable!(),
            }
            // S9.4 and S9.5, after the step if one is due.
            if outcome.is_none() && !st.step_pending() {
                let mut next = Vec::new();
                let mut open = st.clone();
                open.outcome = None;
                game.legal_moves(&open, &mut next);
                if next.is_empty() {
                    outcome = Some((Some(Player(side as u8)), crate::NO_LEGAL_MOVE));
                } else if (max_plies > 0 && plies >= max_plies)
                    || (max_quiet > 0 && quiet >= max_quiet)
                {
                    outcome = Some((None, crate::MOVE_CAP));
                }
            }
            let got = match game.status(&st) {
                Status::Over(o) => Some((o.winner, o.reason.to_string())),
                _ => None,
            };
            assert_eq!(
                got,
                outcome.map(|(w, r)| (w, r.to_string())),
                "seed {seed} after {} ({:?})",
                game.format_move(&mv),
                before.to_move()
            );
        }
    }
    seen
}

/// `REFEREE_SEEDS` runs more games, as above.
#[test]
fn s5_s6_s9_s12_agree_with_a_referee_in_random_games() {
    let seeds = std::env::var("REFEREE_SEEDS").map_or(6, |s| s.parse().unwrap());
    let mut seen = [0; 4];
    for (variant, mask, extra) in [
        ("barrage", 0b11_1111u8, &[("max_plies", "300")][..]),
        (
            "barrage",
            0b11_0000,
            &[("max_plies_without_capture", "40")][..],
        ),
        ("duel", 0b11_0110, &[("max_plies", "300")][..]),
        ("blitz", 0b11_0001, &[("max_plies", "300")][..]),
        ("original", 0b10_0000, &[("max_plies", "200")][..]),
    ] {
        let s = referee(variant, mask, extra, seeds);
        for (total, n) in seen.iter_mut().zip(s) {
            *total += n;
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "steps, returns, hidden, ends: {seen:?}"
    );
}
