//! The tables against an exhaustive search, and the file format against
//! damaged and foreign files.

use super::build::{final_count, moves, Step};
use super::rank::{boards, unrank};
use super::*;
use crate::board::Layout;
use std::collections::HashMap;

/// The exhaustive search the tables are checked against: the game played
/// on move by move until a capture (then the position reached is searched
/// afresh, remembered), the end (O5.3, each keeps their row), or a
/// position that occurred since the last capture with the same player to
/// move (O5.2, the seeds left shared evenly: 0). No table, no iteration:
/// alpha-beta over every line.
struct Exhaustive {
    layout: Layout,
    fresh: HashMap<Vec<u8>, i32>,
}

impl Exhaustive {
    fn new() -> Exhaustive {
        Exhaustive {
            layout: Layout::new(6, 4),
            fresh: HashMap::new(),
        }
    }

    /// The value of `board` as if just reached by a capture.
    fn fresh(&mut self, board: &[u8]) -> i32 {
        if let Some(&v) = self.fresh.get(board) {
            return v;
        }
        let n: i32 = board.iter().map(|&s| i32::from(s)).sum();
        let mut path = vec![board.to_vec()];
        let v = self.search(&mut path, -n - 1, n + 1);
        self.fresh.insert(board.to_vec(), v);
        v
    }

    fn search(&mut self, path: &mut Vec<Vec<u8>>, mut alpha: i32, beta: i32) -> i32 {
        let board = path.last().expect("a position").clone();
        let moves = moves(&self.layout, &board);
        if moves.is_empty() {
            return final_count(&self.layout, &board);
        }
        let mut best = i32::MIN;
        for (_, step, child) in moves {
            let v = match step {
                Step::Capture { taken } => taken as i32 - self.fresh(&child),
                Step::Quiet => {
                    // The same player to move: every other position back.
                    let ply = path.len();
                    let repeated = path
                        .iter()
                        .enumerate()
                        .any(|(i, p)| (ply - i).is_multiple_of(2) && *p == child);
                    if repeated {
                        0
                    } else {
                        path.push(child);
                        let v = -self.search(path, -beta, -alpha);
                        path.pop();
                        v
                    }
                }
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The tables' definition worked out directly, by other means than the
/// builder's sweeps: for each threshold `t ≥ 1`, the boards whose player to
/// move can force a result of at least `t` in a finite number of moves
/// (`win[t]`) and those whose player cannot keep the opponent from forcing
/// `-t` or worse (`lose[t]`), each grown pass by pass until it stops
/// growing (a reachability game's attractor). A board's value is the
/// largest such `t`, positive or negative, or 0 if neither side can force
/// anything (play that never ends). Layer by layer from 0 seeds, each from
/// the values it computed below.
fn by_thresholds(max: u32) -> Vec<Vec<i32>> {
    let layout = Layout::new(6, 4);
    let mut layers: Vec<Vec<i32>> = Vec::new();
    for n in 0..=max as usize {
        let count = boards(n, 12) as usize;
        let mut exits: Vec<Vec<i32>> = Vec::with_capacity(count);
        let mut quiet: Vec<Vec<usize>> = Vec::with_capacity(count);
        let mut board = vec![0u8; 12];
        for r in 0..count as u64 {
            unrank(r, n, &mut board);
            let moves = moves(&layout, &board);
            let (mut e, mut q) = (Vec::new(), Vec::new());
            if moves.is_empty() {
                e.push(final_count(&layout, &board));
            }
            for (_, step, child) in moves {
                match step {
                    Step::Capture { taken } => {
                        let rest = n - taken as usize;
                        e.push(taken as i32 - layers[rest][super::rank::rank(&child) as usize]);
                    }
                    Step::Quiet => q.push(super::rank::rank(&child) as usize),
                }
            }
            exits.push(e);
            quiet.push(q);
        }
        let mut values = vec![0i32; count];
        for t in 1..=n as i32 {
            let (mut win, mut lose) = (vec![false; count], vec![false; count]);
            loop {
                let mut grew = false;
                for b in 0..count {
                    if !win[b]
                        && (exits[b].iter().any(|&v| v >= t) || quiet[b].iter().any(|&c| lose[c]))
                    {
                        win[b] = true;
                        grew = true;
                    }
                    if !lose[b]
                        && exits[b].iter().all(|&v| v <= -t)
                        && quiet[b].iter().all(|&c| win[c])
                    {
                        lose[b] = true;
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
            for b in 0..count {
                assert!(
                    !(win[b] && lose[b]),
                    "board {b} of {n} seeds both won and lost"
                );
                if win[b] {
                    values[b] = t;
                } else if lose[b] {
                    values[b] = -t;
                }
            }
        }
        layers.push(values);
    }
    layers
}

#[test]
fn every_board_of_up_to_eight_seeds_has_its_value_by_thresholds() {
    let max = 8;
    let tables = EndgameTables::build_in_memory(6, max);
    let expected = by_thresholds(max);
    let mut board = vec![0u8; 12];
    for (n, values) in expected.iter().enumerate() {
        for (r, &value) in values.iter().enumerate() {
            unrank(r as u64, n, &mut board);
            assert_eq!(
                tables.value_of_board(&board),
                Some(value),
                "board {board:?} ({n} seeds)"
            );
        }
    }
}

#[test]
fn every_board_of_up_to_three_seeds_has_the_exhaustive_searchs_value() {
    // Every line is searched until it ends or repeats: the number of lines
    // grows too fast beyond 3 seeds, where the thresholds above take over.
    let max = 3;
    let tables = EndgameTables::build_in_memory(6, max);
    let mut exhaustive = Exhaustive::new();
    let mut board = vec![0u8; 12];
    for n in 0..=max {
        for r in 0..boards(n as usize, 12) {
            unrank(r, n as usize, &mut board);
            let expected = exhaustive.fresh(&board);
            assert_eq!(
                tables.value_of_board(&board),
                Some(expected),
                "board {board:?} ({n} seeds)"
            );
        }
    }
}

#[test]
fn files_are_built_resumed_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut built = Vec::new();
    let first = EndgameTables::build(dir.path(), 6, 4, &mut |_, _| {}, &mut |s| {
        built.push((s.seeds, s.reused))
    })
    .unwrap();
    assert_eq!(built, (0..=4).map(|n| (n, false)).collect::<Vec<_>>());
    // An interrupted build: the last layer lost, a partial file left over.
    let last = dir.path().join(file::file_name(6, 4));
    std::fs::remove_file(&last).unwrap();
    std::fs::write(
        dir.path().join("oware-6-houses-04-seeds.tbl.partial"),
        b"junk",
    )
    .unwrap();
    built.clear();
    EndgameTables::build(dir.path(), 6, 5, &mut |_, _| {}, &mut |s| {
        built.push((s.seeds, s.reused))
    })
    .unwrap();
    let kept: Vec<bool> = built.iter().map(|&(_, reused)| reused).collect();
    assert_eq!(kept, [true, true, true, true, false, false]);
    let opened = EndgameTables::open(dir.path(), 6).unwrap();
    assert_eq!(opened.max_seeds(), 5);
    let memory = EndgameTables::build_in_memory(6, 5);
    let mut board = vec![0u8; 12];
    for n in 0..=5 {
        for r in 0..boards(n, 12) {
            unrank(r, n, &mut board);
            assert_eq!(opened.value_of_board(&board), memory.value_of_board(&board));
            if n <= 4 {
                assert_eq!(first.value_of_board(&board), memory.value_of_board(&board));
            }
        }
    }
}

/// Opens the 3-seed layer after `damage` changed its file, and gives the
/// error's text.
fn damaged(damage: impl FnOnce(&mut Vec<u8>)) -> String {
    let dir = tempfile::tempdir().unwrap();
    EndgameTables::build(dir.path(), 6, 3, &mut |_, _| {}, &mut |_| {}).unwrap();
    let path = dir.path().join(file::file_name(6, 3));
    let mut bytes = std::fs::read(&path).unwrap();
    damage(&mut bytes);
    std::fs::write(&path, bytes).unwrap();
    let err = EndgameTables::open(dir.path(), 6).unwrap_err().to_string();
    assert!(err.contains("oware-6-houses-03-seeds.tbl"), "{err}");
    err
}

#[test]
fn a_damaged_or_foreign_file_is_refused_with_what_is_wrong() {
    let truncated = damaged(|b| b.truncate(b.len() - 10));
    assert!(
        truncated.contains("354 bytes of values; the header announces 364"),
        "{truncated}"
    );
    let empty = damaged(|b| b.truncate(20));
    assert!(empty.contains("the header announces 364"), "{empty}");
    let foreign = damaged(|b| b[..8].copy_from_slice(b"\x89PNG\r\n\x1a\n"));
    assert!(
        foreign.contains("not a Plateau Oware endgame table"),
        "{foreign}"
    );
    let flipped = damaged(|b| *b.last_mut().unwrap() ^= 1);
    assert!(flipped.contains("checksum"), "{flipped}");
    let version = damaged(|b| b[16] = 9);
    assert!(version.contains("version 9"), "{version}");
    let layer = damaged(|b| b[24] = 2);
    assert!(
        layer.contains("2 seeds") && layer.contains("3 seeds"),
        "{layer}"
    );
    let missing = EndgameTables::open(tempfile::tempdir().unwrap().path(), 6).unwrap_err();
    assert!(
        missing.to_string().contains("plateau tables oware"),
        "{missing}"
    );
}

#[test]
fn exact_values_of_positions_worked_by_hand() {
    let tables = EndgameTables::build_in_memory(6, 6);
    let oware = crate::Oware::standard();
    // South to move, F = 1, North empty: South must feed (O4.1) and F is
    // the only move; then North's a = 1 cannot reach South's empty row
    // (O4.2): North has no legal move and keeps its seed (O5.3, O5.4).
    let feed = oware
        .position(&[0, 0, 0, 0, 0, 1], &[0; 6], [23, 24], Player(0))
        .unwrap();
    let exact = tables.exact(&feed).unwrap();
    assert_eq!(exact.value, -1);
    assert_eq!(exact.moves, vec![(House::new(Player(0), 5).unwrap(), -1)]);
    assert_eq!(exact.final_stores, [23, 25], "South's then North's");
    // South to move, F = 1, North a = 1, b = 1: F makes a = 2, captured
    // (O3.1, not a grand slam as b keeps its seed); North's b = 1 then
    // cannot reach South (O4.2) and North keeps it: +2 − 1. The stores
    // end level, a draw.
    let capture = oware
        .position(
            &[0, 0, 0, 0, 0, 1],
            &[1, 1, 0, 0, 0, 0],
            [22, 23],
            Player(0),
        )
        .unwrap();
    let exact = tables.exact(&capture).unwrap();
    assert_eq!(exact.value, 1);
    assert_eq!(exact.final_stores, [24, 24]);
    assert_eq!(
        oware.exact_value(&capture, Player(0)),
        None,
        "no tables installed"
    );
    let searching = oware.clone().with_tables(Some(std::sync::Arc::new(tables)));
    use plateau::SearchHooks;
    assert_eq!(searching.exact_value(&capture, Player(0)), Some(0.0));
    assert_eq!(
        searching.exact_value(&feed, Player(1)),
        Some(1.0),
        "North wins 25–23"
    );
}
