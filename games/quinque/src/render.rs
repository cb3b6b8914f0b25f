//! The text board and the descriptions of actions.
//!
//! The board draws every cell of the formation's bounding box, with the
//! cell coordinates and the point coordinates along the margins (Q2). A
//! tile is `[ . R ]`: `R` red, `O` orange, `.` a free parachutist. The tile
//! of the last action is drawn `{ . R }`, the parachute just put down is
//! starred (`*R`), and the cell a tile just left is `(     )`.

use crate::action::Action;
use crate::state::QuinqueState;
use crate::Quinque;
use plateau::{Game, Player};
use std::fmt::Write;

impl Quinque {
    /// The name of a player's colour.
    pub(crate) fn colour_name(&self, p: Player) -> &'static str {
        if p.0 == 0 {
            "red"
        } else {
            "orange"
        }
    }

    /// The text board of `state`.
    pub(crate) fn draw(&self, state: &QuinqueState) -> String {
        let mut out = String::new();
        let pps = self.pps as i64;
        let (mut marked_point, mut last_tile, mut vacated) = (None, None, None);
        match state.last {
            Some(Action::Mark { x, y }) => {
                marked_point = Some((x as i64, y as i64));
                last_tile = Some(((x as i64).div_euclid(pps), (y as i64).div_euclid(pps)));
            }
            Some(Action::Move { from, to }) => {
                last_tile = Some((to.0 as i64, to.1 as i64));
                vacated = Some((from.0 as i64, from.1 as i64));
            }
            _ => {}
        }
        let mut cells: Vec<(i64, i64)> = state
            .tiles
            .iter()
            .map(|t| (t.x as i64, t.y as i64))
            .collect();
        cells.extend(vacated);
        let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let max_x = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let max_y = cells.iter().map(|c| c.1).max().unwrap_or(0);
        // Keep the drawing bounded even for a state whose tiles lie far apart.
        let max_x = max_x.min(min_x + 40);
        let min_y = min_y.max(max_y - 40);
        let cell_width = 2 + 3 * pps as usize;
        let stride = cell_width + 1;
        let margin = 9;
        let ncols = (max_x - min_x + 1) as usize;
        // Column headers: cell x centred, point x right-aligned on the letter.
        let mut head_cells = " ".repeat(margin + ncols * stride);
        let mut head_points = head_cells.clone();
        put(&mut head_cells, 0, "cell x");
        put(&mut head_points, 0, "point x");
        for (k, x) in (min_x..=max_x).enumerate() {
            let start = margin + k * stride;
            let label = x.to_string();
            let at = start + (cell_width.saturating_sub(label.len())) / 2;
            put(&mut head_cells, at, &label);
            for i in 0..pps {
                let letter = start + 2 + 3 * i as usize;
                let label = (pps * x + i).to_string();
                put(
                    &mut head_points,
                    (letter + 1).saturating_sub(label.len()),
                    &label,
                );
            }
        }
        writeln!(out, "{}", head_cells.trim_end()).ok();
        writeln!(out, "{}", head_points.trim_end()).ok();
        writeln!(out, "{:>4} {:>3}", "y", "py").ok();
        for y in (min_y..=max_y).rev() {
            for j in (0..pps).rev() {
                let cell_label = if j == pps - 1 {
                    y.to_string()
                } else {
                    String::new()
                };
                let mut line = format!("{:>4} {:>3}  ", cell_label, pps * y + j);
                for x in min_x..=max_x {
                    let tile = state
                        .tiles
                        .iter()
                        .find(|t| t.x as i64 == x && t.y as i64 == y);
                    match tile {
                        Some(t) => {
                            let last = last_tile == Some((x, y));
                            line.push(if last { '{' } else { '[' });
                            for i in 0..pps {
                                let slot = (j * pps + i) as u32;
                                let point = (pps * x + i, pps * y + j);
                                let star = marked_point == Some(point);
                                line.push(if star { '*' } else { ' ' });
                                line.push(if (t.red >> slot) & 1 != 0 {
                                    'R'
                                } else if (t.orange >> slot) & 1 != 0 {
                                    'O'
                                } else {
                                    '.'
                                });
                                line.push(' ');
                            }
                            line.push(if last { '}' } else { ']' });
                        }
                        None if vacated == Some((x, y)) => {
                            line.push('(');
                            line.push_str(&" ".repeat(cell_width - 2));
                            line.push(')');
                        }
                        None => line.push_str(&" ".repeat(cell_width)),
                    }
                    line.push(' ');
                }
                writeln!(out, "{}", line.trim_end()).ok();
            }
        }
        writeln!(
            out,
            "R red, O orange, . free; {{ }} the last tile played, *R the last parachute, ( ) the cell just left"
        )
        .ok();
        writeln!(
            out,
            // No turn number: the front ends number the moves once, in
            // their own status line.
            "reserves: red {}, orange {}; supply: {} tile{}",
            state.reserves[0],
            state.reserves[1],
            state.supply,
            if state.supply == 1 { "" } else { "s" },
        )
        .ok();
        // No line for the last action: the board marks it, and every front
        // end tells the last move once, in its own words.
        match self.status(state) {
            plateau::Status::Over(o) => {
                let who = match o.winner {
                    Some(p) => format!("{} wins", self.colour_name(p)),
                    None => "draw".to_string(),
                };
                writeln!(out, "game over: {who} ({})", o.reason).ok();
            }
            plateau::Status::ToMove(p) => {
                let phase = if state.second_action {
                    let marked = state
                        .marked
                        .and_then(|i| state.tiles.get(i as usize))
                        .map(|t| format!("; the tile on ({},{}) was marked this turn", t.x, t.y))
                        .unwrap_or_default();
                    format!("second action: a move or 'end'{marked}")
                } else {
                    "first action".to_string()
                };
                writeln!(out, "{} to act ({phase})", self.colour_name(p)).ok();
            }
        }
        out
    }

    /// A sentence saying what `action` does in `before`.
    pub(crate) fn describe(&self, before: &QuinqueState, action: &Action) -> String {
        let who = self.colour_name(before.to_move);
        let pps = self.pps as i64;
        let mut text = match *action {
            Action::Mark { x, y } => {
                let (cx, cy) = ((x as i64).div_euclid(pps), (y as i64).div_euclid(pps));
                if before.tile_at(cx as i32, cy as i32).is_some() {
                    format!(
                        "{who} marks the parachutist on point ({x},{y}) of the tile on ({cx},{cy})"
                    )
                } else {
                    format!(
                        "{who} adds a tile from the supply on cell ({cx},{cy}) and marks its parachutist on point ({x},{y})"
                    )
                }
            }
            Action::Move { from, to } => {
                let n = before
                    .tile_at(from.0, from.1)
                    .map_or(0, |i| before.tiles[i].parachutes());
                format!(
                    "{who} moves the tile on ({},{}) (with {n} parachute{}) to ({},{})",
                    from.0,
                    from.1,
                    if n == 1 { "" } else { "s" },
                    to.0,
                    to.1
                )
            }
            Action::End => format!("{who} ends the turn"),
            Action::Pass => format!("{who} passes: no mark or move is possible"),
        };
        if self.check_action(before, action).is_ok() {
            let mut after = before.clone();
            self.act(&mut after, action, None);
            if let Some(end) = after.ending {
                let result = match end.winner {
                    Some(p) => format!("{} wins", self.colour_name(p)),
                    None => "the game is drawn".to_string(),
                };
                let why = match end.reason {
                    crate::state::EndReason::LineCompleted => format!(
                        "{} in a row of {}'s own",
                        self.params.line_length,
                        self.colour_name(end.winner.unwrap_or(before.to_move))
                    ),
                    crate::state::EndReason::OpponentLine => format!(
                        "the move completes only the opponent's line of {}",
                        self.params.line_length
                    ),
                    crate::state::EndReason::ReservesEmpty => "both reserves are empty".to_string(),
                    crate::state::EndReason::TurnCap => "the turn cap is reached".to_string(),
                    crate::state::EndReason::Repetition => "a position is repeated".to_string(),
                };
                write!(text, "; {result}: {why}").ok();
            }
        }
        text
    }
}

/// Writes `s` into `line` from byte `at` (the line is ASCII).
fn put(line: &mut String, at: usize, s: &str) {
    let end = at + s.len();
    if end > line.len() {
        line.push_str(&" ".repeat(end - line.len()));
    }
    line.replace_range(at..end, s);
}
