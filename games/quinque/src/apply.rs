//! Playing an action (Q4, Q5) and the checks that follow it, in the order of
//! Q7.4: the active player's line, the opponent's line (Q7.1); at the end of
//! a turn the empty reserves (Q7.2) and then the turn cap; last the
//! repetition (Q7.3).

use crate::action::Action;
use crate::board::Grid;
use crate::legal::Analysis;
use crate::lines::{line_through, line_through_tile};
use crate::repetition;
use crate::state::{EndReason, Ending, QuinqueState, Tile};
use crate::Quinque;
use plateau::Player;

/// Finds the lines through a tile after an action: on the bit sets of the
/// analysis that followed the action when it has them, otherwise by walking
/// the points of a window of the formation.
struct Finder<'a> {
    /// The analysis of the position after the action.
    after: Option<&'a Analysis>,
    /// A window built for the walk.
    built: Option<Box<Grid>>,
}

impl Finder<'_> {
    /// Whether `colour` has a line of `game`'s length through its
    /// parachutes on tile `i` of `tiles`, or only through the point
    /// `(px, py)` on parachutist `slot` of it when `at` is
    /// `Some((slot, px, py))`.
    fn line(
        &mut self,
        game: &Quinque,
        tiles: &[Tile],
        colour: Player,
        i: usize,
        at: Option<(u32, i64, i64)>,
    ) -> bool {
        let len = game.params.line_length;
        let grid = match self.after {
            Some(a) => {
                if let (true, Some((x, y)), Some(t)) = (a.points.fits, a.grid.cell(i), tiles.get(i))
                {
                    let slots = match at {
                        Some((s, _, _)) => 1 << (s & 15),
                        None => t.of(colour),
                    };
                    return a.points.line_through(
                        colour.index(),
                        len,
                        x as usize,
                        y as usize,
                        slots,
                    );
                }
                &a.grid
            }
            None => self.built.get_or_insert_with(|| Box::new(Grid::new(tiles))),
        };
        match at {
            Some((_, px, py)) => line_through(grid, tiles, game.pps, len, colour, px, py),
            None => line_through_tile(grid, tiles, game.pps, len, colour, i),
        }
    }
}

impl Quinque {
    /// The parachutes of `player` on the tiles: all but the reserve (the
    /// rules keep every parachute either in a reserve or on a tile).
    #[inline]
    fn on_board(&self, state: &QuinqueState, player: Player) -> u32 {
        self.params
            .parachutes
            .saturating_sub(state.reserves[player.index().min(1)])
    }

    /// Plays `action` for the player to act. `after` is the analysis of the
    /// position after the action (as far as the tiles go), when the caller
    /// has it. An illegal action may leave a wrong state, never a panic.
    pub(crate) fn act(&self, state: &mut QuinqueState, action: &Action, after: Option<&Analysis>) {
        if state.ending.is_some() {
            return;
        }
        let me = state.to_move;
        let mover = me.index().min(1);
        let len = self.params.line_length;
        state.last = Some(*action);
        // The hash of the tiles is followed here, unless the analysis
        // after the action has it.
        let track = self.params.repetition > 0 && after.is_none();
        let mut tiles_hash = if track {
            repetition::known_tiles_hash(state)
        } else {
            0
        };
        let mut finder = Finder { after, built: None };
        let mut own = None;
        let mut turn_over = false;
        let mut marked = false;
        match *action {
            Action::Mark { x, y } => {
                let (px, py) = (x as i64, y as i64);
                let ((cx, cy), slot) = self.slots.locate(x, y);
                let found = match after {
                    Some(a) => a.tile_on(cx, cy).filter(|&i| i < state.tiles.len()),
                    None => state.tile_at(cx, cy),
                };
                let i = match found {
                    Some(i) => i,
                    None => {
                        state.tiles.push(Tile::new(cx, cy));
                        state.supply = state.supply.saturating_sub(1);
                        let i = state.tiles.len() - 1;
                        if track {
                            tiles_hash =
                                tiles_hash.wrapping_add(repetition::tile_hash(&state.tiles[i]));
                        }
                        i
                    }
                };
                if track {
                    tiles_hash = tiles_hash.wrapping_sub(repetition::tile_hash(&state.tiles[i]));
                }
                state.tiles[i].put(me, slot);
                if track {
                    tiles_hash = tiles_hash.wrapping_add(repetition::tile_hash(&state.tiles[i]));
                }
                state.reserves[mover] = state.reserves[mover].saturating_sub(1);
                state.marked = u8::try_from(i).ok();
                state.second_action = true;
                marked = true;
                if self.on_board(state, me) >= len
                    && finder.line(self, &state.tiles, me, i, Some((slot, px, py)))
                {
                    own = Some(me);
                }
            }
            Action::Move { from, to } => {
                let found = match after {
                    Some(a) => a.tile_on(to.0, to.1).filter(|&i| i < state.tiles.len()),
                    None => state.tile_at(from.0, from.1),
                };
                if let Some(i) = found {
                    if track {
                        tiles_hash =
                            tiles_hash.wrapping_sub(repetition::tile_hash(&state.tiles[i]));
                    }
                    state.tiles[i].x = to.0;
                    state.tiles[i].y = to.1;
                    if track {
                        tiles_hash =
                            tiles_hash.wrapping_add(repetition::tile_hash(&state.tiles[i]));
                    }
                    // Only a colour with a parachute on the tile and enough of
                    // them on the board can have completed a line.
                    let t = &state.tiles[i];
                    let may = |p: Player| t.of(p) != 0 && self.on_board(state, p) >= len;
                    let (mine, theirs) = (may(me), may(me.opponent()));
                    let tiles = &state.tiles;
                    if mine && finder.line(self, tiles, me, i, None) {
                        own = Some(me);
                    } else if theirs && finder.line(self, tiles, me.opponent(), i, None) {
                        own = Some(me.opponent());
                    }
                }
                if state.second_action {
                    turn_over = true;
                } else {
                    state.second_action = true;
                }
            }
            Action::End | Action::Pass => turn_over = true,
        }
        if let Some(winner) = own {
            let reason = if winner == me {
                EndReason::LineCompleted
            } else {
                EndReason::OpponentLine
            };
            state.ending = Some(Ending {
                winner: Some(winner),
                reason,
            });
            return;
        }
        if turn_over {
            state.turns = state.turns.saturating_add(1);
            state.second_action = false;
            state.marked = None;
            state.to_move = me.opponent();
            if state.reserves == [0, 0] {
                state.ending = Some(Ending {
                    winner: None,
                    reason: EndReason::ReservesEmpty,
                });
                return;
            }
            if self.params.max_turns > 0 && state.turns >= self.params.max_turns {
                state.ending = Some(Ending {
                    winner: None,
                    reason: EndReason::TurnCap,
                });
                return;
            }
        }
        if self.params.repetition > 0 {
            let tiles_hash = after.map_or(tiles_hash, |a| a.tiles_hash);
            let h = tiles_hash.wrapping_add(repetition::rest_hash(state));
            if state.history.record(marked, h) >= self.params.repetition as usize {
                state.ending = Some(Ending {
                    winner: None,
                    reason: EndReason::Repetition,
                });
            }
        }
    }
}
