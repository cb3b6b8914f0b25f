//! The board for full-screen display ([`plateau::board::BoardView`]): one
//! cell per point (Q2), named `PX,PY` as `mark` names it, over the tiles'
//! bounding box and one empty cell of tiles around it (where tiles may
//! move). A move names the lower-left point of each cell it joins.

use crate::action::Action;
use crate::state::QuinqueState;
use crate::Quinque;
use plateau::board::{BoardView, Cell};
use plateau::Player;

/// The widest formation drawn, in cells.
const MAX_CELLS: i64 = 24;

/// The board of `state` (perfect information: the same for every seat).
pub(crate) fn board_view(game: &Quinque, state: &QuinqueState) -> BoardView {
    let pps = game.pps as i64;
    let xs = state.tiles.iter().map(|t| t.x as i64);
    let ys = state.tiles.iter().map(|t| t.y as i64);
    let min_x = xs.clone().min().unwrap_or(0) - 1;
    let max_x = (xs.max().unwrap_or(0) + 1).min(min_x + MAX_CELLS);
    let min_y = ys.clone().min().unwrap_or(0) - 1;
    let max_y = (ys.max().unwrap_or(0) + 1).min(min_y + MAX_CELLS);
    let cols = ((max_x - min_x + 1) * pps) as usize;
    let rows = ((max_y - min_y + 1) * pps) as usize;
    let mut view = BoardView::new(rows, cols);
    let last_point = match state.last {
        Some(Action::Mark { x, y }) => Some((x as i64, y as i64)),
        _ => None,
    };
    // Q7.1: at the end the winner's line is marked.
    let winning: Vec<(i64, i64)> = match state.ending.as_ref().and_then(|e| e.winner) {
        Some(winner) => {
            crate::lines::lines_of(&state.tiles, game.pps, game.params.line_length, winner)
        }
        None => Vec::new(),
    };
    for row in 0..rows {
        let py = (max_y + 1) * pps - 1 - row as i64;
        for col in 0..cols {
            let px = min_x * pps + col as i64;
            let (cx, cy) = (px.div_euclid(pps), py.div_euclid(pps));
            // A point off the tiles is open table (a gap, still named: a
            // tile may move there); a point on a tile is a square.
            let name = format!("{px},{py}");
            let mut cell = Cell {
                name: Some(name.clone()),
                ..Cell::gap()
            };
            if let Some(i) = state.tile_at(cx as i32, cy as i32) {
                cell = Cell::square(name);
                let tile = &state.tiles[i];
                let slot = (py.rem_euclid(pps) * pps + px.rem_euclid(pps)) as u32;
                cell = if (tile.red >> slot) & 1 != 0 {
                    cell.text("R").owner(Player(0))
                } else if (tile.orange >> slot) & 1 != 0 {
                    cell.text("O").owner(Player(1))
                } else {
                    cell.text("·")
                };
            }
            let marked = last_point == Some((px, py)) || winning.contains(&(px, py));
            view.set(row, col, cell.marked(marked));
        }
    }
    view.col_labels = (0..cols)
        .map(|c| (min_x * pps + c as i64).to_string())
        .collect();
    view.row_labels = (0..rows)
        .map(|r| ((max_y + 1) * pps - 1 - r as i64).to_string())
        .collect();
    view.notes = vec![
        format!(
            "reserves: red {}, orange {}; supply: {} tile{}",
            state.reserves[0],
            state.reserves[1],
            state.supply,
            if state.supply == 1 { "" } else { "s" }
        ),
        "R red, O orange, · a free point of a tile; blank: open table".to_string(),
    ];
    if state.second_action {
        view.notes
            .push("second action: a move or 'end'".to_string());
    }
    view
}

/// The points an action names: the marked point, or the lower-left point
/// of the cell a tile leaves and of the cell it goes to.
pub(crate) fn move_squares(game: &Quinque, action: &Action) -> Vec<String> {
    let pps = game.pps as i64;
    let corner = |c: (i32, i32)| format!("{},{}", c.0 as i64 * pps, c.1 as i64 * pps);
    match *action {
        Action::Mark { x, y } => vec![format!("{x},{y}")],
        Action::Move { from, to } => vec![corner(from), corner(to)],
        Action::End | Action::Pass => Vec::new(),
    }
}
