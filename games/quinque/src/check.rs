//! Why an action is illegal, in words that cite the rules.

use crate::action::Action;
use crate::board::Grid;
use crate::formation::Lifts;
use crate::legal::Analysis;
use crate::state::QuinqueState;
use crate::Quinque;

impl Quinque {
    /// `Ok` when `action` is legal in `state`, otherwise the reason.
    pub(crate) fn check_action(&self, state: &QuinqueState, action: &Action) -> Result<(), String> {
        if state.ending.is_some() {
            return Err("the game is over".into());
        }
        let me = state.to_move;
        let name = self.colour_name(me);
        match *action {
            Action::Pass => {
                if state.second_action {
                    return Err(
                        "'pass' is only for a first action; after a first action play a move or 'end' (Q3.2, Q3.3)"
                            .into(),
                    );
                }
                if !Analysis::with(self, state, |a| a.must_pass()) {
                    return Err(
                        "a first action is possible, so 'pass' is not allowed (Q3.3)".into(),
                    );
                }
                Ok(())
            }
            Action::End => {
                if state.second_action {
                    Ok(())
                } else {
                    Err("'end' only ends a turn after its first action (Q3.2)".into())
                }
            }
            Action::Mark { x, y } => {
                if state.second_action {
                    return Err(
                        "a mark can only be the first action of a turn; now play a move or 'end' (Q3.2)"
                            .into(),
                    );
                }
                if state.reserves[me.index().min(1)] == 0 {
                    return Err(format!(
                        "{name} has no parachutes left and must move a tile (Q3.3, Q4.1)"
                    ));
                }
                let p = self.pps as i64;
                let (px, py) = (x as i64, y as i64);
                let (cx, cy) = (px.div_euclid(p) as i32, py.div_euclid(p) as i32);
                let slot = px.rem_euclid(p) + p * py.rem_euclid(p);
                let opening = state.turns == 0;
                if opening {
                    let first = state.tiles.first().map(|t| (t.x, t.y));
                    if first != Some((cx, cy)) {
                        let (fx, fy) = first.unwrap_or((0, 0));
                        return Err(format!(
                            "the first action of the game marks a parachutist of the tile on ({fx},{fy}); no tile may be added (Q3.1)"
                        ));
                    }
                }
                match state.tile_at(cx, cy) {
                    Some(i) => {
                        let t = &state.tiles[i];
                        if (t.red >> slot) & 1 != 0 {
                            Err(format!(
                                "point ({x},{y}) already carries a red parachute (Q4.1)"
                            ))
                        } else if (t.orange >> slot) & 1 != 0 {
                            Err(format!(
                                "point ({x},{y}) already carries an orange parachute (Q4.1)"
                            ))
                        } else {
                            Ok(())
                        }
                    }
                    None => {
                        if state.supply == 0 {
                            return Err(format!(
                                "no tile on cell ({cx},{cy}) and the supply is empty (Q4.2, Q7.6)"
                            ));
                        }
                        let touches = [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|(dx, dy)| {
                            state
                                .tile_at(cx.wrapping_add(*dx), cy.wrapping_add(*dy))
                                .is_some()
                        });
                        if touches {
                            Ok(())
                        } else {
                            Err(format!(
                                "point ({x},{y}) is on cell ({cx},{cy}), which is empty and not edge-adjacent to a tile in play (Q4.2)"
                            ))
                        }
                    }
                }
            }
            Action::Move { from, to } => self.check_move_tile(state, from, to),
        }
    }

    fn check_move_tile(
        &self,
        state: &QuinqueState,
        from: (i32, i32),
        to: (i32, i32),
    ) -> Result<(), String> {
        let (fx, fy) = from;
        let (tx, ty) = to;
        let Some(v) = state.tile_at(fx, fy) else {
            return Err(format!("no tile on cell ({fx},{fy})"));
        };
        if v >= crate::board::TILES {
            return Err(format!(
                "the state holds more than {} tiles",
                crate::board::TILES
            ));
        }
        if state.turns == 0 && !state.second_action {
            return Err(
                "the first action of the game marks a parachutist of the first tile (Q3.1)".into(),
            );
        }
        if state.tiles.len() < 2 {
            return Err("a tile moves only when at least 2 tiles are in play (Q5.1)".into());
        }
        if state.marked == Some(v as u8) {
            return Err(format!(
                "the tile on ({fx},{fy}) was marked this turn and cannot move (Q5.3)"
            ));
        }
        // Only the window of the formation and the pieces left by lifting
        // each tile are needed (Q5.2, Q5.5): no destination is counted.
        let g = Grid::new(&state.tiles);
        let n = state.tiles.len().min(crate::board::TILES);
        let mut adj = [0u32; crate::board::TILES];
        for (i, a) in adj.iter_mut().enumerate().take(n) {
            *a = g.cell(i).map_or(0, |(x, y)| g.touching(x, y));
        }
        if g.cell(v).is_some() && adj[v].count_ones() >= 4 {
            return Err(format!(
                "the tile on ({fx},{fy}) is surrounded on its four edges and cannot move (Q5.2)"
            ));
        }
        let mut lifts = Lifts::BLANK;
        lifts.rebuild(&adj[..n]);
        let touching = g.touching(tx as i64 - g.x0, ty as i64 - g.y0);
        self.check_destination(state, v, to, touching, &lifts)
    }

    fn check_destination(
        &self,
        state: &QuinqueState,
        v: usize,
        to: (i32, i32),
        touching: u32,
        lifts: &Lifts,
    ) -> Result<(), String> {
        let (fx, fy) = (state.tiles[v].x, state.tiles[v].y);
        let (tx, ty) = to;
        if state.tile_at(tx, ty).is_some() {
            return Err(format!("cell ({tx},{ty}) is not empty (Q5.4)"));
        }
        let reach = self.reach(&state.tiles[v]);
        let (dx, dy) = (tx as i64 - fx as i64, ty as i64 - fy as i64);
        if !reach.allows(dx, dy) {
            return Err(if self.params.advanced {
                let n = state.tiles[v].parachutes();
                let s = if n == 1 { "" } else { "s" };
                format!(
                    "under the advanced rules a tile with {n} parachute{s} {}; ({tx},{ty}) is not such a cell (Q6)",
                    reach.phrase()
                )
            } else {
                format!(
                    "cell ({tx},{ty}) is not on a row, column or diagonal of the tile on ({fx},{fy}) (Q5.4)"
                )
            });
        }
        if lifts.joins(v, touching) {
            Ok(())
        } else if touching & !(1 << v) == 0 {
            Err(format!(
                "the tile would stand alone on ({tx},{ty}): all tiles must form one group (Q5.5)"
            ))
        } else {
            Err(format!(
                "moving the tile from ({fx},{fy}) to ({tx},{ty}) splits the formation (Q5.5)"
            ))
        }
    }
}
