//! Temporary statistics.
#[cfg(test)]
mod tests {
    use crate::legal::Analysis;
    use crate::movement::{ORTHOGONAL, DIAGONAL};
    use plateau::{rules, Game, RulesSpec};

    #[test]
    fn stats() {
        let game: crate::Quinque = rules::load(&RulesSpec::variant("basic")).unwrap().game;
        let (mut multi, mut front) = (0u64, 0u64);
        let (mut artnz, mut artbits) = (0u64, 0u64);
        let (mut moved, mut leafmoves) = (0u64, 0u64);
        let (mut pos, mut moves, mut cand, mut total, mut tiles, mut art, mut leaf) = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        for seed in 0..300 {
            let mut rng = plateau::rng(seed);
            let mut s = game.initial_state(seed);
            while s.ending.is_none() {
                Analysis::with(&game, &s, |a| {
                    pos += 1;
                    moves += a.moves as u64;
                    total += a.count() as u64;
                    let n = s.tiles.len();
                    for y in 0..a.grid.h { multi += a.frontier.multi.rows[y].count_ones() as u64; front += a.frontier.all.rows[y].count_ones() as u64; }
                    if a.moves > 0 || (n >= 2 && !a.opening) {
                        for v in 0..n {
                            if Some(v as u8) == s.marked { continue; }
                            let (x, y) = a.grid.cell(v).unwrap();
                            let nb = a.frontier.touching(x, y);
                            if nb.count_ones() == 4 { continue; }
                            tiles += 1;
                            if a.lifts.is_articulation(v) { art += 1;
                                let m = &a.frontier.multi; let (ux, uy, h) = (x as usize, y as usize, a.grid.h);
                                let b = m.rows[uy].count_ones() + m.cols[ux].count_ones() + m.diag[ux+h-1-uy].count_ones() + m.anti[ux+uy].count_ones();
                                if b > 0 { artnz += 1; artbits += b as u64; }
                            }
                            if nb.count_ones() == 1 { leaf += 1; }
                            // candidates: frontier cells on lines minus lonely
                            let f = &a.frontier;
                            let (ux, uy, h) = (x as usize, y as usize, a.grid.h);
                            let mut k = f.on_row[uy] as u64 + f.on_col[ux] as u64 + f.on_diag[ux + h - 1 - uy] as u64 + f.on_anti[ux + uy] as u64;
                            for (dx, dy) in [(1i64,0i64),(-1,0),(0,1),(0,-1)] {
                                if f.contains(x+dx, y+dy) && f.touching(x+dx,y+dy) == 1 << v { k -= 1; }
                            }
                            cand += k;
                        }
                    }
                    let _ = (ORTHOGONAL, DIAGONAL);
                });
                let before = s.clone();
                game.play_random(&mut s, &mut rng);
                if let Some(crate::Action::Move { from, to }) = s.last {
                    moved += 1;
                    let deg = |t: &crate::state::QuinqueState, c: (i32, i32), skip: (i32, i32)| t.tiles.iter().filter(|u| (u.x, u.y) != skip && (u.x - c.0).abs() + (u.y - c.1).abs() == 1).count();
                    if deg(&before, from, from) == 1 && deg(&s, to, to) == 1 { leafmoves += 1; }
                }
            }
        }
        println!("moves {moved} leaf to leaf {leafmoves}");
        println!("art nonzero/pos {:.2} bits/pos {:.2}", artnz as f64 / pos as f64, artbits as f64 / pos as f64);
        println!("multi/pos {:.1} frontier/pos {:.1}", multi as f64 / pos as f64, front as f64 / pos as f64);
        println!("positions {pos} mean legal {:.1} mean moves {:.1} mean candidates {:.1} tiles/pos {:.1} art {:.1} leaf {:.1}",
            total as f64 / pos as f64, moves as f64 / pos as f64, cand as f64 / pos as f64,
            tiles as f64 / pos as f64, art as f64 / pos as f64, leaf as f64 / pos as f64);
    }
}
