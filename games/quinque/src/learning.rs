//! The action space and observation of Quinque for learning code
//! ([`plateau::learning::Learning`]).
//!
//! The grid is unbounded and the formation can drift (Q1.2, Q2.1), so ids
//! and tensors are taken in a **frame** that follows it: the frame's cell
//! `(0, 0)` is the cell `(min x − 1, min y − 1)` of the tiles in play, and
//! the frame is `G = tiles + 2` cells on a side (`tiles` from the rules, 16
//! in the standard game, so `G = 18`). A connected formation of `n` tiles
//! has a bounding box of width plus height at most `n + 1` (Q5.5 keeps it
//! connected), and a tile can only be added or moved next to another
//! (Q4.2, Q5.5): every cell a legal action names lies in the frame. The
//! same id names the same action relative to the formation wherever it
//! stands, which is why [`Learning::action_id`] and
//! [`Learning::action_notation`] take the position (the notation is
//! absolute, as Q2.3 writes it). With `pps` parachutists along a side
//! (Q2.2: 2), the frame is `P = G · pps` points on a side (36).
//!
//! - Actions (`P² + G² · 8 · (G − 1) + 2` in all, 45 362 in the standard
//!   game):
//!   - `py · P + px`: `mark` on the frame's point `(px, py)` (Q4);
//!   - `P² + ((cy · G + cx) · 8 + d) · (G − 1) + (k − 1)`: `move` of the
//!     tile on the frame's cell `(cx, cy)` by `k` cells (`1 ≤ k < G`) in
//!     direction `d`: 0 east `(1,0)`, 1 north-east `(1,1)`, 2 north `(0,1)`,
//!     3 north-west `(−1,1)`, 4 west `(−1,0)`, 5 south-west `(−1,−1)`,
//!     6 south `(0,−1)`, 7 south-east `(1,−1)` (Q5.4, Q6);
//!   - `P² + G² · 8 · (G − 1)`: `end` (Q3.2);
//!   - the last id: `pass` (Q3.3).
//! - Observation: shape `[10, P, P]`, planes on the frame's points (row
//!   `py` first, from the bottom; the points of a tile are its
//!   parachutists), written from the viewer's side:
//!   - plane 0: the tiles in play (their points);
//!   - plane 1: the viewer's parachutes;
//!   - plane 2: the opponent's parachutes;
//!   - plane 3: the tile marked this turn, which may not move (Q4.3, Q5.3);
//!   - plane 4: the viewer's parachutes in reserve, a fraction of
//!     `parachutes` (a constant plane, Q1.1);
//!   - plane 5: the opponent's parachutes in reserve, likewise;
//!   - plane 6: the tiles in the supply, a fraction of `tiles`;
//!   - plane 7: all ones when the viewer is to act;
//!   - plane 8: all ones when the player to act is at the second action of
//!     the turn (Q3.2: a move or `end`);
//!   - plane 9: the turns played, a fraction of `max_turns` (Q7.3; zeros
//!     without a turn cap).
//!
//!   The positions recorded for the repetition draw (Q7.3) are not in the
//!   tensor. Quinque has no hidden information.

use crate::action::Action;
use crate::state::QuinqueState;
use crate::Quinque;
use plateau::learning::Learning;
use plateau::{Game, Player};

/// The eight directions of a move, in the order of the ids.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Planes of the observation tensor.
const PLANES: usize = 10;

/// The frame of a position: where its cell `(0, 0)` is on the grid, and
/// its sizes.
#[derive(Copy, Clone, Debug)]
struct Frame {
    /// Absolute column of the frame's first column of cells.
    x0: i32,
    /// Absolute row of the frame's first row of cells.
    y0: i32,
    /// Cells on a side (`G`).
    cells: usize,
    /// Parachutists along a tile's side.
    pps: usize,
}

impl Frame {
    /// Points on a side (`P`).
    fn points(&self) -> usize {
        self.cells * self.pps
    }

    /// Mark ids: one per point of the frame.
    fn marks(&self) -> usize {
        self.points() * self.points()
    }

    /// Move ids: one per cell, direction and distance.
    fn moves(&self) -> usize {
        self.cells * self.cells * DIRECTIONS.len() * (self.cells - 1)
    }

    /// The frame's index of an absolute coordinate, in `0..side`.
    fn index(origin: i32, scale: usize, absolute: i32, side: usize) -> Option<usize> {
        let relative = i64::from(absolute) - i64::from(origin) * scale as i64;
        usize::try_from(relative).ok().filter(|&r| r < side)
    }

    /// The absolute coordinate of a frame index.
    fn absolute(origin: i32, scale: usize, index: usize) -> Option<i32> {
        let value = i64::from(origin) * scale as i64 + index as i64;
        i32::try_from(value).ok()
    }

    /// The frame's point of absolute point `(px, py)`.
    fn point(&self, px: i32, py: i32) -> Option<(usize, usize)> {
        let side = self.points();
        Some((
            Self::index(self.x0, self.pps, px, side)?,
            Self::index(self.y0, self.pps, py, side)?,
        ))
    }

    /// The frame's cell of absolute cell `(x, y)`.
    fn cell(&self, x: i32, y: i32) -> Option<(usize, usize)> {
        Some((
            Self::index(self.x0, 1, x, self.cells)?,
            Self::index(self.y0, 1, y, self.cells)?,
        ))
    }
}

impl Quinque {
    /// The frame of `state`: around the tiles in play (see the module).
    fn frame(&self, state: &QuinqueState) -> Frame {
        let min_x = state.tiles.iter().map(|t| t.x).min().unwrap_or(0);
        let min_y = state.tiles.iter().map(|t| t.y).min().unwrap_or(0);
        Frame {
            x0: min_x.saturating_sub(1),
            y0: min_y.saturating_sub(1),
            cells: self.params.tiles as usize + 2,
            pps: self.params.points_per_side as usize,
        }
    }

    /// The action an id names in `state`.
    fn action_of(&self, state: &QuinqueState, id: usize) -> Option<Action> {
        let frame = self.frame(state);
        let (marks, moves) = (frame.marks(), frame.moves());
        if id < marks {
            let p = frame.points();
            return Some(Action::Mark {
                x: Frame::absolute(frame.x0, frame.pps, id % p)?,
                y: Frame::absolute(frame.y0, frame.pps, id / p)?,
            });
        }
        if id < marks + moves {
            let rest = id - marks;
            let reach = frame.cells - 1;
            let k = (rest % reach + 1) as i32;
            let d = DIRECTIONS[rest / reach % DIRECTIONS.len()];
            let cell = rest / reach / DIRECTIONS.len();
            let x = Frame::absolute(frame.x0, 1, cell % frame.cells)?;
            let y = Frame::absolute(frame.y0, 1, cell / frame.cells)?;
            return Some(Action::Move {
                from: (x, y),
                to: (x + d.0 * k, y + d.1 * k),
            });
        }
        match id - marks - moves {
            0 => Some(Action::End),
            1 => Some(Action::Pass),
            _ => None,
        }
    }
}

impl Learning for Quinque {
    fn num_distinct_actions(&self) -> usize {
        let frame = self.frame(&self.initial_state(0));
        frame.marks() + frame.moves() + 2
    }

    fn action_id(&self, state: &QuinqueState, mv: &Action) -> Option<usize> {
        let frame = self.frame(state);
        let (marks, moves) = (frame.marks(), frame.moves());
        match *mv {
            Action::Mark { x, y } => {
                let (px, py) = frame.point(x, y)?;
                Some(py * frame.points() + px)
            }
            Action::Move { from, to } => {
                let (cx, cy) = frame.cell(from.0, from.1)?;
                let (dx, dy) = (
                    i64::from(to.0) - i64::from(from.0),
                    i64::from(to.1) - i64::from(from.1),
                );
                if (dx == 0 && dy == 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
                    return None; // not along one of the tile's eight lines
                }
                let k = dx.abs().max(dy.abs()) as usize;
                if k >= frame.cells {
                    return None;
                }
                let d = DIRECTIONS.iter().position(|&(ux, uy)| {
                    i64::from(ux) == dx.signum() && i64::from(uy) == dy.signum()
                })?;
                let reach = frame.cells - 1;
                Some(marks + ((cy * frame.cells + cx) * DIRECTIONS.len() + d) * reach + (k - 1))
            }
            Action::End => Some(marks + moves),
            Action::Pass => Some(marks + moves + 1),
        }
    }

    fn action_notation(&self, state: &QuinqueState, id: usize) -> Option<String> {
        self.action_of(state, id).map(|a| self.format_move(&a))
    }

    fn action_name(&self, id: usize) -> Option<String> {
        let frame = self.frame(&self.initial_state(0));
        let (marks, moves) = (frame.marks(), frame.moves());
        let p = frame.points();
        if id < marks {
            return Some(format!("mark frame point {},{}", id % p, id / p));
        }
        if id < marks + moves {
            let rest = id - marks;
            let reach = frame.cells - 1;
            let (dx, dy) = DIRECTIONS[rest / reach % DIRECTIONS.len()];
            let cell = rest / reach / DIRECTIONS.len();
            return Some(format!(
                "move frame cell {},{} by {} step(s) of {dx},{dy}",
                cell % frame.cells,
                cell / frame.cells,
                rest % reach + 1,
            ));
        }
        match id - marks - moves {
            0 => Some("end".into()),
            1 => Some("pass".into()),
            _ => None,
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        let p = self.frame(&self.initial_state(0)).points();
        vec![PLANES, p, p]
    }

    fn observation_layout(&self) -> Vec<String> {
        [
            "plane 0: the tiles in play (their points), in the frame around the formation",
            "plane 1: the viewer's parachutes",
            "plane 2: the opponent's parachutes",
            "plane 3: the tile marked this turn, which may not move (Q4.3, Q5.3)",
            "plane 4: the viewer's parachutes in reserve, a fraction of `parachutes`",
            "plane 5: the opponent's parachutes in reserve, a fraction of `parachutes`",
            "plane 6: the tiles in the supply, a fraction of `tiles`",
            "plane 7: all ones when the viewer is to act",
            "plane 8: all ones at the second action of a turn (Q3.2)",
            "plane 9: the turns played, a fraction of `max_turns` (Q7.3; zeros without a cap)",
        ]
        .map(String::from)
        .to_vec()
    }

    fn write_observation(&self, view: &QuinqueState, viewer: Player, out: &mut [f32]) {
        let frame = self.frame(view);
        let p = frame.points();
        let plane = p * p;
        let opponent = viewer.opponent();
        let mut set = |k: usize, (px, py): (usize, usize)| out[k * plane + py * p + px] = 1.0;
        for (i, tile) in view.tiles.iter().enumerate() {
            let marked = view.marked.map(usize::from) == Some(i);
            for slot in 0..self.points_per_tile {
                let (x, y) = self.slots.point(tile.x, tile.y, slot);
                let Some(at) = frame.point(x, y) else {
                    continue; // only for a formation in pieces, which the rules never make
                };
                let bit = 1u16 << slot;
                set(0, at);
                if tile.of(viewer) & bit != 0 {
                    set(1, at);
                }
                if tile.of(opponent) & bit != 0 {
                    set(2, at);
                }
                if marked {
                    set(3, at);
                }
            }
        }
        let fraction = |n: u32, of: u32| if of == 0 { 0.0 } else { n as f32 / of as f32 };
        let parachutes = self.params.parachutes;
        let mut fill = |k: usize, value: f32| out[k * plane..(k + 1) * plane].fill(value);
        fill(4, fraction(view.reserves[viewer.index() & 1], parachutes));
        fill(5, fraction(view.reserves[opponent.index() & 1], parachutes));
        fill(6, fraction(view.supply, self.params.tiles));
        if view.ending.is_none() && view.to_move == viewer {
            fill(7, 1.0);
        }
        if view.ending.is_none() && view.second_action {
            fill(8, 1.0);
        }
        fill(
            9,
            fraction(view.turns.min(self.params.max_turns), self.params.max_turns),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Tile;
    use plateau::{rules, Registry, RulesSpec, Session};

    fn load(variant: &str) -> Quinque {
        rules::load(&RulesSpec::variant(variant)).unwrap().game
    }

    /// A small deterministic generator for the random games of the tests.
    fn next(seed: &mut u64) -> usize {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed >> 16) as usize
    }

    /// Checks that every legal action of `state` has its own id, which names
    /// it back; returns the ids.
    fn check_ids(game: &Quinque, state: &QuinqueState) -> Vec<usize> {
        let n = game.num_distinct_actions();
        let mut actions = Vec::new();
        game.legal_moves(state, &mut actions);
        let mut ids = Vec::new();
        for a in &actions {
            let id = game
                .action_id(state, a)
                .unwrap_or_else(|| panic!("{a} has no id in {state:?}"));
            assert!(id < n, "{a}: id {id} out of range");
            let text = game.action_notation(state, id).unwrap();
            assert_eq!(text, a.to_string(), "id {id}");
            assert_eq!(game.parse_move(state, &text).unwrap(), *a);
            ids.push(id);
        }
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "two actions share an id");
        ids
    }

    #[test]
    fn the_standard_action_space_has_the_documented_size() {
        // G = 16 + 2 cells, P = 36 points on a side (Q1.1, Q2.2).
        for variant in ["basic", "advanced"] {
            let game = load(variant);
            assert_eq!(game.num_distinct_actions(), 36 * 36 + 18 * 18 * 8 * 17 + 2);
            assert_eq!(game.observation_shape(), vec![10, 36, 36]);
            assert_eq!(game.observation_layout().len(), 10);
        }
    }

    #[test]
    fn every_legal_action_of_random_games_maps_to_an_id_and_back() {
        for variant in ["basic", "advanced"] {
            let game = load(variant);
            let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
            let (mut positions, mut moves) = (0, 0);
            for _ in 0..4 {
                let mut state = game.initial_state(0);
                for _ in 0..150 {
                    if state.ending.is_some() {
                        break;
                    }
                    let ids = check_ids(&game, &state);
                    positions += 1;
                    let mut actions = Vec::new();
                    game.legal_moves(&state, &mut actions);
                    moves += actions
                        .iter()
                        .filter(|a| matches!(a, Action::Move { .. }))
                        .count();
                    assert_eq!(ids.len(), actions.len());
                    let a = actions[next(&mut seed) % actions.len()];
                    game.apply_unchecked(&mut state, &a);
                }
            }
            assert!(
                positions > 300 && moves > 1000,
                "{variant}: {positions} {moves}"
            );
        }
    }

    #[test]
    fn a_formation_at_its_widest_keeps_every_action_in_the_frame() {
        // 16 tiles in a row, far from (0,0): the formation drifts (Q2.1) and
        // is as wide as a connected formation can be (Q5.5).
        let game = load("basic");
        for (dx, dy) in [(1, 0), (0, 1)] {
            let tiles: Vec<Tile> = (0..16)
                .map(|i| Tile::new(-40 + i * dx, 75 + i * dy))
                .collect();
            let mut state = game.position(tiles, Player(0));
            let ids = check_ids(&game, &state);
            assert!(ids.len() > 16 * 4, "{}", ids.len());
            state.reserves = [0, 0];
            assert!(!check_ids(&game, &state).is_empty());
        }
    }

    #[test]
    fn ids_and_observations_follow_the_formation_wherever_it_stands() {
        let game = load("advanced");
        let shape = game.observation_shape();
        let size: usize = shape.iter().product();
        let observe = |state: &QuinqueState, viewer| {
            let mut out = vec![0.0; size];
            game.write_observation(state, viewer, &mut out);
            out
        };
        let tiles = |x: i32, y: i32| {
            vec![
                Tile::parse(x, y, "R./.O").unwrap(),
                Tile::parse(x + 1, y, "../R.").unwrap(),
                Tile::parse(x + 1, y + 1, "O./..").unwrap(),
            ]
        };
        let here = game.position(tiles(0, 0), Player(1));
        let there = game.position(tiles(-7, 12), Player(1));
        assert_eq!(observe(&here, Player(0)), observe(&there, Player(0)));
        assert_eq!(observe(&here, Player(1)), observe(&there, Player(1)));
        assert_ne!(observe(&here, Player(0)), observe(&here, Player(1)));
        let ids = check_ids(&game, &here);
        assert_eq!(ids, check_ids(&game, &there));
        // The same id, moved by the translation.
        assert_eq!(game.action_notation(&here, ids[0]).unwrap(), "mark 0,0");
        assert_eq!(game.action_notation(&there, ids[0]).unwrap(), "mark -14,24");
    }

    #[test]
    fn the_observation_has_the_documented_planes() {
        let game = load("basic");
        let p = 36;
        let at = |obs: &[f32], k: usize, px: usize, py: usize| obs[k * p * p + py * p + px];
        let mut session = Session::new(game.clone(), "basic", 0);
        // Q3.1: red opens on the first tile; the frame's cell (0,0) is (-1,-1),
        // so the point (0,1) is the frame's point (2,3).
        session.play_text("mark 0,1").unwrap();
        let mut red = vec![0.0; 10 * p * p];
        let mut orange = red.clone();
        game.write_observation(session.state(), Player(0), &mut red);
        game.write_observation(session.state(), Player(1), &mut orange);
        let tile: Vec<(usize, usize)> = vec![(2, 2), (3, 2), (2, 3), (3, 3)];
        for &(x, y) in &tile {
            assert_eq!(at(&red, 0, x, y), 1.0);
            assert_eq!(at(&red, 3, x, y), 1.0, "the tile marked this turn (Q4.3)");
        }
        assert_eq!(red[..p * p].iter().sum::<f32>(), 4.0);
        assert_eq!(at(&red, 1, 2, 3), 1.0);
        assert_eq!(red[p * p..2 * p * p].iter().sum::<f32>(), 1.0);
        assert_eq!(at(&orange, 2, 2, 3), 1.0);
        assert_eq!(orange[p * p..2 * p * p].iter().sum::<f32>(), 0.0);
        assert_eq!(at(&red, 4, 20, 30), 17.0 / 18.0);
        assert_eq!(at(&orange, 5, 0, 0), 17.0 / 18.0);
        assert_eq!(at(&red, 6, 5, 5), 15.0 / 16.0);
        assert_eq!(at(&red, 7, 1, 1), 1.0);
        assert_eq!(at(&orange, 7, 1, 1), 0.0);
        assert_eq!(at(&red, 8, 9, 9), 1.0, "red is at its second action (Q3.2)");
        assert_eq!(at(&red, 9, 0, 0), 0.0);
        session.play_text("end").unwrap();
        game.write_observation(session.state(), Player(0), &mut red);
        assert_eq!(at(&red, 9, 0, 0), 1.0 / 200.0);
    }

    #[test]
    fn illegal_and_unknown_ids_are_refused_with_the_reason() {
        let mut registry = Registry::new();
        registry
            .register::<Quinque>()
            .register_learning::<Quinque>();
        let game = registry.load_default("quinque").unwrap();
        let learning = registry.learning("quinque").unwrap();
        let n = learning.num_distinct_actions(&*game);
        let mut session = game.new_session(0);
        let mut ids = Vec::new();
        learning.legal_action_ids(&*session, &mut ids);
        assert_eq!(
            ids.len(),
            4,
            "Q3.1: the four parachutists of the first tile"
        );
        // Q3.1: the opening may not add a tile; frame point (0,0) is point (-2,-2).
        let err = learning.play_id(&mut *session, 0).unwrap_err().to_string();
        assert!(err.contains("mark -2,-2 (action 0)"), "{err}");
        assert!(err.contains("not a legal move in this position"), "{err}");
        let end = n - 2;
        let err = learning
            .play_id(&mut *session, end)
            .unwrap_err()
            .to_string();
        assert!(err.contains("end (action"), "{err}");
        let err = learning.play_id(&mut *session, n).unwrap_err().to_string();
        assert!(
            err.contains(&format!("no such action: ids are 0 to {}", n - 1)),
            "{err}"
        );
        assert!(session.record().moves.is_empty());
        learning.play_id(&mut *session, ids[1]).unwrap();
        assert_eq!(session.record().moves.len(), 1);
        assert_eq!(
            learning.action_id(&*session, "end").unwrap(),
            end,
            "ids of notation"
        );
        assert_eq!(learning.action_name(&*game, end).as_deref(), Some("end"));
        assert_eq!(
            learning.action_name(&*game, 37).as_deref(),
            Some("mark frame point 1,1")
        );
        assert!(learning.action_name(&*game, n).is_none());
    }
}
