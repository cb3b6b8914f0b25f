use plateau::{rules, Game, RulesSpec};
use plateau_quinque::Quinque;
use petgraph::algo::articulation_points::articulation_points;
use petgraph::graph::UnGraph;

#[test]
fn stats() {
    let game: Quinque = rules::load(&RulesSpec::variant("basic")).unwrap().game;
    let (mut pos, mut tiles, mut arts, mut noart, mut local_fail) = (0u64, 0u64, 0u64, 0u64, 0u64);
    for seed in 0..300 {
        let mut rng = plateau::rng(seed);
        let mut s = game.initial_state(seed);
        while s.ending.is_none() {
            let cells: Vec<(i32,i32)> = s.tiles.iter().map(|t| (t.x,t.y)).collect();
            let mut g = UnGraph::<(), ()>::new_undirected();
            let nodes: Vec<_> = cells.iter().map(|_| g.add_node(())).collect();
            for (i,a) in cells.iter().enumerate() { for (j,b) in cells.iter().enumerate().skip(i+1) {
                if (a.0-b.0).abs()+(a.1-b.1).abs()==1 { g.add_edge(nodes[i],nodes[j],()); } } }
            let ap = articulation_points(&g).len() as u64;
            pos += 1; tiles += cells.len() as u64; arts += ap; if ap == 0 { noart += 1; }
            // local ring test
            let occ = |x: i32, y: i32| cells.contains(&(x,y));
            for &(x,y) in &cells {
                let ring = [(1,0),(1,1),(0,1),(-1,1),(-1,0),(-1,-1),(0,-1),(1,-1)];
                let bits: Vec<bool> = ring.iter().map(|(dx,dy)| occ(x+dx,y+dy)).collect();
                // count edge neighbours and the groups they form around the ring
                let edges = [0,2,4,6].iter().filter(|&&k| bits[k]).count();
                let mut groups = 0; 
                for k in 0..8 { if bits[k] && !bits[(k+7)%8] { groups += 1; } }
                if bits.iter().all(|&b| b) { groups = 1; }
                // groups containing an edge neighbour: approximate by groups count
                if edges >= 2 && groups >= 2 { local_fail += 1; }
            }
            game.play_random(&mut s, &mut rng);
        }
    }
    println!("positions {pos}, mean tiles {:.1}, mean articulation {:.2}, positions without {:.2}, local fail per pos {:.2}",
        tiles as f64/pos as f64, arts as f64/pos as f64, noart as f64/pos as f64, local_fail as f64 / pos as f64);
}
