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
                            if a.lifts.is_articulation(v) { art += 1; }
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
                game.play_random(&mut s, &mut rng);
            }
        }
        println!("multi/pos {:.1} frontier/pos {:.1}", multi as f64 / pos as f64, front as f64 / pos as f64);
        println!("positions {pos} mean legal {:.1} mean moves {:.1} mean candidates {:.1} tiles/pos {:.1} art {:.1} leaf {:.1}",
            total as f64 / pos as f64, moves as f64 / pos as f64, cand as f64 / pos as f64,
            tiles as f64 / pos as f64, art as f64 / pos as f64, leaf as f64 / pos as f64);
    }
}
