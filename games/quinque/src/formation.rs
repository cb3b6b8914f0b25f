//! The formation as a graph (Q5.5): one node per tile in play, an edge
//! between two tiles that share an edge. A move keeps the formation in one
//! piece when its destination touches every piece the formation falls into
//! once the moving tile is lifted.
//!
//! Those pieces are computed once per position for every tile, and every
//! candidate destination is then checked against them (bit masks of tiles).
//! The tree-like parts of the formation are peeled off leaf by leaf: lifting
//! a peeled tile leaves each branch hanging on it and the rest. What remains
//! (the tiles on cycles of the formation and between them) is a single cycle
//! when each of its tiles has two neighbours in it, and then no tile of it
//! splits it; otherwise its articulation tiles are found by Tarjan's method
//! run on petgraph's [`depth_first_search`]: lifting tile `v` leaves, as
//! separate pieces, the depth-first subtree of each child `c` of `v` whose
//! subtree has no back edge above `v` (`low(c) ≥ disc(v)`), the branches
//! hanging on `v`, and one piece of all the other tiles.
//!
//! The pieces follow the formation without a new search when a leaf (a
//! tile with one neighbour) moves or a tile comes into play
//! (`Lifts::remove_leaf`, `Lifts::add_tile`): half the moves of a
//! random game.
//!
//! [`TileGraph`] implements petgraph's visit traits over 32-bit adjacency
//! masks, so the search allocates nothing. The tests check the pieces
//! against petgraph's own `articulation_points` and the legal moves against
//! `connected_components` of every resulting formation.

use crate::board::TILES;
use petgraph::visit::{
    depth_first_search, DfsEvent, GraphBase, GraphRef, IntoNeighbors, NodeCount, VisitMap,
    Visitable,
};

/// The tile adjacency graph: `adj[i]` has bit `j` when tiles `i` and `j`
/// share an edge.
#[derive(Copy, Clone, Debug)]
pub struct TileGraph<'a> {
    adj: &'a [u32],
    within: u32,
}

impl<'a> TileGraph<'a> {
    /// The graph of these adjacency masks (at most 32 tiles).
    pub fn new(adj: &'a [u32]) -> Self {
        TileGraph {
            adj: &adj[..adj.len().min(TILES)],
            within: u32::MAX,
        }
    }

    /// The subgraph induced by the tiles of `within`.
    pub fn induced(self, within: u32) -> Self {
        TileGraph {
            within: self.within & within,
            ..self
        }
    }
}

/// A set of tiles, as a bit mask: petgraph's visit map for [`TileGraph`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TileSet(pub u32);

impl VisitMap<usize> for TileSet {
    fn visit(&mut self, a: usize) -> bool {
        let bit = 1u32 << (a & 31);
        let first = self.0 & bit == 0;
        self.0 |= bit;
        first
    }
    fn is_visited(&self, a: &usize) -> bool {
        self.0 & (1u32 << (a & 31)) != 0
    }
    fn unvisit(&mut self, a: usize) -> bool {
        let bit = 1u32 << (a & 31);
        let was = self.0 & bit != 0;
        self.0 &= !bit;
        was
    }
}

/// The members of a [`TileSet`], lowest first.
#[derive(Copy, Clone, Debug)]
pub struct Members(pub u32);

impl Iterator for Members {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}

impl GraphBase for TileGraph<'_> {
    type EdgeId = (usize, usize);
    type NodeId = usize;
}

impl GraphRef for TileGraph<'_> {}

impl IntoNeighbors for TileGraph<'_> {
    type Neighbors = Members;
    #[inline]
    fn neighbors(self, a: usize) -> Members {
        Members(self.adj.get(a).copied().unwrap_or(0) & self.within)
    }
}

impl Visitable for TileGraph<'_> {
    type Map = TileSet;
    fn visit_map(&self) -> TileSet {
        TileSet(0)
    }
    fn reset_map(&self, map: &mut TileSet) {
        map.0 = 0;
    }
}

impl NodeCount for TileGraph<'_> {
    fn node_count(&self) -> usize {
        self.adj.len()
    }
}

/// For every tile, the pieces the formation falls into when it is lifted.
#[derive(Clone, Debug)]
pub(crate) struct Lifts {
    /// Up to four pieces per articulation tile (a tile has at most four
    /// neighbours); the unused ones are every tile, so that [`Lifts::joins`]
    /// needs no count (a piece never holds the lifted tile, so it is never
    /// every tile). Lifting any other tile leaves one piece: all the others.
    pub pieces: [[u32; 4]; TILES],
    /// The articulation tiles: lifting one leaves two pieces or more.
    pub cut: u32,
}

/// The tiles `0..n` as a mask.
#[inline]
pub(crate) fn first(n: usize) -> u32 {
    if n >= TILES {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// The pieces of each tile as they are found: how many so far.
struct Tally([u8; TILES]);

impl Tally {
    /// Records `piece` as one left by lifting `v`.
    #[inline]
    fn push(&mut self, lifts: &mut Lifts, v: usize, piece: u32) {
        let k = &mut self.0[v % TILES];
        let pieces = &mut lifts.pieces[v % TILES];
        if *k == 0 {
            *pieces = [piece, u32::MAX, u32::MAX, u32::MAX];
        } else {
            // Four pieces at most (in a state that breaks the invariants,
            // later pieces overwrite earlier ones).
            pieces[(*k & 3) as usize] = piece;
        }
        *k = k.saturating_add(1);
    }

    /// Completes the pieces of `v` with `rest`, what is left beside the
    /// pieces recorded, and marks `v` as an articulation tile if it has two
    /// pieces or more. A tile without any recorded piece has one: every
    /// other tile.
    #[inline]
    fn close(&mut self, lifts: &mut Lifts, v: usize, rest: u32) {
        if self.0[v % TILES] > 0 {
            if rest != 0 {
                self.push(lifts, v, rest);
            }
            if self.0[v % TILES] > 1 {
                lifts.cut |= 1 << (v % TILES);
            }
        }
    }
}

impl Lifts {
    /// No pieces, to be rebuilt.
    pub const BLANK: Lifts = Lifts {
        pieces: [[0; 4]; TILES],
        cut: 0,
    };

    /// The pieces left by lifting each tile of the formation `adj`.
    #[cfg(test)]
    pub fn new(adj: &[u32]) -> Lifts {
        let mut lifts = Lifts::BLANK;
        lifts.rebuild(adj);
        lifts
    }

    /// The pieces left by lifting tile `v`, in increasing order, in a
    /// formation of `n` tiles.
    #[cfg(test)]
    pub fn pieces_of(&self, v: usize, n: usize) -> Vec<u32> {
        if !self.is_articulation(v) {
            let rest = first(n) & !(1 << v);
            return if rest == 0 { vec![] } else { vec![rest] };
        }
        let mut pieces: Vec<u32> = self.pieces[v]
            .iter()
            .copied()
            .filter(|&p| p != u32::MAX)
            .collect();
        pieces.sort();
        pieces
    }

    /// Recomputes the pieces left by lifting each tile of the formation
    /// `adj` (which must be connected; otherwise the pieces are those of the
    /// parts the method reaches).
    ///
    /// The tree-like parts are peeled first, leaf by leaf: lifting a peeled
    /// tile leaves each branch it carries and the rest. What remains, the
    /// tiles on cycles and between them (the 2-core), is searched depth first
    /// with petgraph, the branches hanging on each tile counted in its
    /// subtree.
    pub fn rebuild(&mut self, adj: &[u32]) {
        let graph = TileGraph::new(adj);
        let n = graph.node_count();
        let all = first(n);
        self.cut = 0;
        if n < 2 {
            return;
        }
        let mut tally = Tally([0; TILES]);
        let mut adjs = [0u32; TILES];
        adjs[..n].copy_from_slice(&adj[..n]);
        // Peel the leaves (tiles with one neighbour left); `hang[v]` holds
        // the branches peeled onto v.
        let mut hang = [0u32; TILES];
        let mut ready = 0u32;
        for (v, &a) in adjs.iter().enumerate() {
            ready |= (((a & a.wrapping_sub(1) == 0) & (a != 0)) as u32) << v;
        }
        let mut alive = all;
        while ready != 0 {
            let leaf = ready.trailing_zeros() as usize;
            ready &= ready - 1;
            if alive & (1 << leaf) == 0 {
                continue;
            }
            alive &= !(1 << leaf);
            let branch = hang[leaf] | 1 << leaf;
            tally.close(self, leaf, all & !branch);
            let up = adjs[leaf] & alive;
            if up == 0 {
                continue;
            }
            let p = up.trailing_zeros() as usize;
            tally.push(self, p, branch);
            hang[p] |= branch;
            let left = adjs[p] & alive;
            if left == 0 {
                // The last tile of a tree: nothing is left around it.
                alive &= !(1 << p);
                tally.close(self, p, all & !(hang[p] | 1 << p));
            } else if left & (left - 1) == 0 {
                ready |= 1 << p;
            }
        }
        for (v, h) in hang.iter_mut().enumerate() {
            *h |= 1 << v;
        }
        let core = alive;
        if core == 0 {
            return;
        }
        // What remains is connected (a tile on a path between two cycles is
        // never a leaf). When every tile of it has two neighbours in it, it
        // is a single cycle, which no lifted tile breaks: each tile leaves
        // its branches and the rest.
        let mut cycle = true;
        let mut left = core;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            let around = adj[v] & core;
            let rest = around & around.wrapping_sub(1);
            cycle &= rest != 0 && rest & rest.wrapping_sub(1) == 0;
        }
        if cycle {
            let mut left = core;
            while left != 0 {
                let v = left.trailing_zeros() as usize;
                left &= left - 1;
                tally.close(self, v, all & !hang[v]);
            }
            return;
        }
        // Tarjan's method on petgraph's depth-first search: discovery
        // times, the lowest time reachable by a back edge from each subtree,
        // and the tiles of each subtree (with the branches hanging on them).
        let mut disc = [0u8; TILES];
        let mut low = [0u8; TILES];
        let mut parent = [u8::MAX; TILES];
        let mut subtree = [0u32; TILES];
        let start = core.trailing_zeros() as usize;
        depth_first_search(graph.induced(core), Some(start), |event| match event {
            DfsEvent::Discover(u, time) => {
                let u = u % TILES;
                disc[u] = time.0 as u8;
                low[u] = time.0 as u8;
                subtree[u] = hang[u];
            }
            DfsEvent::TreeEdge(u, v) => parent[v % TILES] = u as u8,
            DfsEvent::BackEdge(u, v) => {
                let u = u % TILES;
                if parent[u] as usize != v {
                    low[u] = low[u].min(disc[v % TILES]);
                }
            }
            DfsEvent::CrossForwardEdge(..) => {}
            DfsEvent::Finish(u, _) => {
                let u = u % TILES;
                // The start tile has no parent (`u8::MAX`): nothing to pass up.
                let p = parent[u] as usize;
                if p < TILES {
                    subtree[p] |= subtree[u];
                    low[p] = low[p].min(low[u]);
                }
            }
        });
        // Lifting `p` separates the subtree of its child `u` when no back
        // edge from it reaches above `p`.
        let mut separated = [0u32; TILES];
        let mut left = core & !(1 << start);
        while left != 0 {
            let u = left.trailing_zeros() as usize;
            left &= left - 1;
            let p = parent[u] as usize;
            if p < TILES && low[u] >= disc[p] {
                separated[p] |= subtree[u];
                tally.push(self, p, subtree[u]);
            }
        }
        let mut left = core;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            tally.close(self, v, all & !hang[v] & !separated[v]);
        }
    }

    /// Follows the move of tile `i`, a leaf hanging on tile `p`, to a cell
    /// where it hangs on tile `q` alone, in a formation of `n` tiles:
    /// [`Lifts::remove_leaf`] then [`Lifts::add_tile`] in one pass. Lifting
    /// a tile leaves the same pieces but for `i`, which leaves the piece
    /// that held it and joins the piece that holds `q`.
    pub fn move_leaf(&mut self, i: usize, p: usize, q: usize, n: usize) {
        let (i, p, q) = (i % TILES, p % TILES, q % TILES);
        if p == q {
            return;
        }
        let (bi, bq) = (1u32 << i, 1u32 << q);
        let mut left = self.cut & !bi & !bq;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            for piece in self.pieces[v].iter_mut() {
                // (An unused piece, every tile, stays so.)
                let with_q = ((*piece & bq != 0) as u32).wrapping_neg();
                *piece = (*piece & !bi) | (bi & with_q);
            }
        }
        // `p` loses the piece {i}, now empty; `q` gains it.
        if self.cut >> p & 1 != 0 {
            self.keep_pieces(p, 0);
        }
        if self.cut & bq != 0 {
            for piece in self.pieces[q].iter_mut() {
                let unused = (*piece == u32::MAX) as u32;
                *piece &= !bi | unused.wrapping_neg();
            }
            self.keep_pieces(q, bi);
        } else {
            let rest = first(n) & !bi & !bq;
            if rest != 0 {
                self.pieces[q] = [rest, bi, u32::MAX, u32::MAX];
                self.cut |= bq;
            }
        }
    }

    /// Follows the removal of tile `i`, a leaf hanging on tile `p`: the
    /// formation without it stays in one piece, and lifting any tile leaves
    /// the same pieces less `i` (`p` loses the piece `{i}`).
    pub fn remove_leaf(&mut self, i: usize, p: usize) {
        let (i, p) = (i % TILES, p % TILES);
        let bi = 1u32 << i;
        let mut left = self.cut & !bi;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            for piece in self.pieces[v].iter_mut() {
                // The unused pieces stay every tile.
                let unused = (*piece == u32::MAX) as u32;
                *piece &= !bi | unused.wrapping_neg();
            }
        }
        self.cut &= !bi;
        if self.cut >> p & 1 != 0 {
            self.keep_pieces(p, 0);
        }
    }

    /// Follows the arrival of tile `i` next to the tiles `touching` (some
    /// other tile), the formation having `n` tiles with it. Lifting a tile
    /// `v` leaves the pieces it left before, those touching `i` (but for
    /// `v`) now one piece with `i`; when `i` touches `v` alone, `i` is a
    /// piece of its own. A tile whose lifting left one piece still does.
    pub fn add_tile(&mut self, i: usize, touching: u32, n: usize) {
        let i = i % TILES;
        let bi = 1u32 << i;
        let touching = touching & !bi;
        if touching != 0 && touching & (touching - 1) == 0 {
            return self.add_leaf(i, touching.trailing_zeros() as usize, n);
        }
        let mut left = self.cut & !bi;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            let others = touching & !(1 << v);
            let pieces = &mut self.pieces[v];
            let hit = |p: u32| (p != u32::MAX && p & others != 0) as usize;
            let hits = [
                hit(pieces[0]),
                hit(pieces[1]),
                hit(pieces[2]),
                hit(pieces[3]),
            ];
            match hits.iter().sum::<usize>() {
                // `i` hangs on `v` alone: a piece of its own.
                0 => self.keep_pieces(v, bi),
                // `i` joins the one piece it touches.
                1 => pieces[hits[1] + 2 * hits[2] + 3 * hits[3]] |= bi,
                // `i` joins the pieces it touches into one.
                _ => {
                    let mut merged = bi;
                    for (piece, &h) in pieces.iter_mut().zip(&hits) {
                        if h != 0 {
                            merged |= *piece;
                            *piece = 0;
                        }
                    }
                    self.keep_pieces(v, merged);
                }
            }
        }
    }

    /// [`Lifts::add_tile`] for a tile `i` touching the tile `q` alone: `i`
    /// joins the piece that holds `q`, or is a piece of its own when `q` is
    /// lifted.
    fn add_leaf(&mut self, i: usize, q: usize, n: usize) {
        let (bi, bq) = (1u32 << (i % TILES), 1u32 << (q % TILES));
        let mut left = self.cut & !bi & !bq;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            for piece in self.pieces[v].iter_mut() {
                *piece |= bi & ((*piece & bq != 0) as u32).wrapping_neg();
            }
        }
        if self.cut & bq != 0 {
            self.keep_pieces(q, bi);
        } else {
            let rest = first(n) & !bi & !bq;
            if rest != 0 {
                self.pieces[q % TILES] = [rest, bi, u32::MAX, u32::MAX];
                self.cut |= bq;
            }
        }
    }

    /// Packs the pieces of the articulation tile `v`, dropping the empty
    /// ones and adding `extra` (unless empty); `v` stays an articulation
    /// tile only with two pieces or more.
    fn keep_pieces(&mut self, v: usize, extra: u32) {
        let v = v % TILES;
        let mut kept = [u32::MAX; 4];
        let mut k = 0;
        for piece in self.pieces[v] {
            if piece != u32::MAX && piece != 0 {
                kept[k & 3] = piece;
                k += 1;
            }
        }
        if extra != 0 {
            kept[k & 3] = extra;
            k += 1;
        }
        self.pieces[v] = kept;
        if k > 1 {
            self.cut |= 1 << v;
        } else {
            self.cut &= !(1 << v);
        }
    }

    /// Whether a destination touching the tiles `touching` joins every piece
    /// left by lifting tile `v`.
    #[inline]
    pub fn joins(&self, v: usize, touching: u32) -> bool {
        if self.is_articulation(v) {
            self.joins_all(v, touching)
        } else {
            touching & !(1 << (v % TILES)) != 0
        }
    }

    /// Whether a destination touching the tiles `touching` joins every
    /// piece left by lifting the articulation tile `v`.
    #[inline]
    pub fn joins_all(&self, v: usize, touching: u32) -> bool {
        let p = &self.pieces[v % TILES];
        (p[0] & touching != 0)
            & (p[1] & touching != 0)
            & (p[2] & touching != 0)
            & (p[3] & touching != 0)
    }

    /// Whether lifting tile `v` leaves the formation in more than one piece
    /// (an articulation tile).
    #[inline]
    pub fn is_articulation(&self, v: usize) -> bool {
        self.cut >> (v % TILES) & 1 != 0
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use petgraph::algo::articulation_points::articulation_points;
    use petgraph::graph::UnGraph;
    use plateau::rand::Rng;

    /// `n` cells of a formation grown from (0,0), each new one on a random
    /// empty cell next to a random cell already there, drawn from `rng`.
    pub(crate) fn grown_cells(rng: &mut impl Rng, n: usize) -> Vec<(i32, i32)> {
        let mut cells = vec![(0i32, 0i32)];
        while cells.len() < n {
            let (x, y) = cells[rng.random_range(0..cells.len())];
            let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)][rng.random_range(0..4)];
            if !cells.contains(&(x + dx, y + dy)) {
                cells.push((x + dx, y + dy));
            }
        }
        cells
    }

    fn masks(n: usize, edges: &[(usize, usize)]) -> Vec<u32> {
        let mut adj = vec![0u32; n];
        for &(a, b) in edges {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        adj
    }

    #[test]
    fn pieces_match_petgraph_articulation_points() {
        // A ring 0-1-2-3-0 with a tail 3-4-5 and a branch 1-6.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 0), (3, 4), (4, 5), (1, 6)];
        let adj = masks(7, &edges);
        let lifts = Lifts::new(&adj);
        let mut g = UnGraph::<(), ()>::new_undirected();
        let nodes: Vec<_> = (0..7).map(|_| g.add_node(())).collect();
        for &(a, b) in &edges {
            g.add_edge(nodes[a], nodes[b], ());
        }
        let mut expected: Vec<usize> = articulation_points(&g)
            .into_iter()
            .map(|n| n.index())
            .collect();
        expected.sort();
        let found: Vec<usize> = (0..7).filter(|&v| lifts.is_articulation(v)).collect();
        assert_eq!(found, expected);
        assert_eq!(found, vec![1, 3, 4]);
        // Lifting 3 leaves {0,1,2,6} and {4,5}.
        assert_eq!(lifts.pieces_of(3, 7), vec![0b011_0000, 0b100_0111]);
        // Lifting a leaf leaves one piece of all the others.
        assert_eq!(lifts.pieces_of(5, 7), vec![0b101_1111]);
        assert!(lifts.joins(3, 1 << 2 | 1 << 4));
        assert!(!lifts.joins(3, 1 << 2 | 1 << 0));
    }

    /// A formation grown from (0,0) by adding tiles on random empty cells
    /// next to it, as adjacency masks.
    fn grown(seed: u64, n: usize) -> Vec<u32> {
        let mut rng = plateau::rng(seed);
        let cells = grown_cells(&mut rng, n);
        let mut adj = vec![0u32; n];
        for (i, a) in cells.iter().enumerate() {
            for (j, b) in cells.iter().enumerate() {
                if (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1 {
                    adj[i] |= 1 << j;
                }
            }
        }
        adj
    }

    /// The pieces left by lifting `v`, by petgraph's connected components
    /// of the formation without `v`.
    fn pieces_by_petgraph(adj: &[u32], v: usize) -> Vec<u32> {
        let mut g = UnGraph::<(), ()>::new_undirected();
        let nodes: Vec<_> = adj.iter().map(|_| g.add_node(())).collect();
        for (i, &a) in adj.iter().enumerate() {
            for j in Members(a) {
                if i < j && i != v && j != v {
                    g.add_edge(nodes[i], nodes[j], ());
                }
            }
        }
        let mut pieces: Vec<u32> = petgraph::algo::kosaraju_scc(&g)
            .into_iter()
            .map(|c| c.iter().fold(0, |m, n| m | 1 << n.index()))
            .filter(|&m| m != 1 << v)
            .collect();
        pieces.sort();
        pieces
    }

    /// Moves a random leaf of a random formation next to other tiles: the
    /// adjacency masks before and after, the leaf and its neighbour before;
    /// `None` when the formation has no leaf.
    fn leaf_move(seed: u64, n: usize) -> Option<(Vec<u32>, Vec<u32>, usize, usize)> {
        let mut rng = plateau::rng(seed);
        let mut cells = grown_cells(&mut rng, n);
        let adjacency = |cells: &[(i32, i32)]| {
            let mut adj = vec![0u32; cells.len()];
            for (i, a) in cells.iter().enumerate() {
                for (j, b) in cells.iter().enumerate() {
                    if (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1 {
                        adj[i] |= 1 << j;
                    }
                }
            }
            adj
        };
        let before = adjacency(&cells);
        let leaves: Vec<usize> = (0..n).filter(|&v| before[v].count_ones() == 1).collect();
        if leaves.is_empty() {
            return None;
        }
        let i = leaves[rng.random_range(0..leaves.len())];
        let p = before[i].trailing_zeros() as usize;
        // Empty cells touching another tile.
        let mut spots = Vec::new();
        for (j, &(x, y)) in cells.iter().enumerate() {
            if j == i {
                continue;
            }
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let c = (x + dx, y + dy);
                let touching = cells
                    .iter()
                    .enumerate()
                    .filter(|&(k, d)| k != i && (d.0 - c.0).abs() + (d.1 - c.1).abs() == 1)
                    .count();
                if !cells.contains(&c) && touching >= 1 {
                    spots.push(c);
                }
            }
        }
        cells[i] = spots[rng.random_range(0..spots.len())];
        Some((before, adjacency(&cells), i, p))
    }

    proptest::proptest! {
        #[test]
        fn pieces_match_petgraph_components(seed in proptest::prelude::any::<u64>(), n in 2usize..=32) {
            let adj = grown(seed, n);
            let lifts = Lifts::new(&adj);
            for v in 0..n {
                proptest::prop_assert_eq!(lifts.pieces_of(v, n), pieces_by_petgraph(&adj, v), "tile {}", v);
            }
        }

        #[test]
        fn a_new_tile_updates_the_pieces(seed in proptest::prelude::any::<u64>(), n in 2usize..=32) {
            // The formation grown by its last tile.
            let after = grown(seed, n);
            let before: Vec<u32> = after[..n - 1].iter().map(|a| a & !(1 << (n - 1))).collect();
            let mut lifts = Lifts::new(&before);
            lifts.add_tile(n - 1, after[n - 1], n);
            for v in 0..n {
                proptest::prop_assert_eq!(lifts.pieces_of(v, n), pieces_by_petgraph(&after, v), "tile {}", v);
            }
        }

        #[test]
        fn a_leaf_moved_to_hang_on_one_tile_updates_the_pieces(seed in proptest::prelude::any::<u64>(), n in 2usize..=32) {
            if let Some((before, after, i, p)) = leaf_move(seed, n) {
                if after[i].count_ones() == 1 {
                    let mut lifts = Lifts::new(&before);
                    lifts.move_leaf(i, p, after[i].trailing_zeros() as usize, n);
                    for v in 0..n {
                        proptest::prop_assert_eq!(lifts.pieces_of(v, n), pieces_by_petgraph(&after, v), "tile {}", v);
                    }
                }
            }
        }

        #[test]
        fn a_moved_leaf_updates_the_pieces(seed in proptest::prelude::any::<u64>(), n in 2usize..=32) {
            if let Some((before, after, i, p)) = leaf_move(seed, n) {
                let mut lifts = Lifts::new(&before);
                lifts.remove_leaf(i, p);
                lifts.add_tile(i, after[i], n);
                for v in 0..n {
                    proptest::prop_assert_eq!(lifts.pieces_of(v, n), pieces_by_petgraph(&after, v), "tile {}", v);
                }
            }
        }
    }
}
