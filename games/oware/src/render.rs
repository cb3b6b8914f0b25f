//! Text output: the board seen from either player's seat, and what a move
//! did (the sowing and the capture).

use crate::board::House;
use crate::capture::Capture;
use crate::state::OwareState;
use crate::Oware;
use plateau::sowing::{cell, game_over_line};
use plateau::{Game, Player};
use std::fmt::Write;

/// The board from `seat`'s side of the table: the opponent's row on top,
/// running from our right to our left (sowing goes counterclockwise), our
/// own row below from left to right, each house named from its owner's
/// view (O1.2), empty houses as `.`, and the stores at the sides.
pub fn board(game: &Oware, state: &OwareState, seat: Player) -> String {
    board_marked(game, state, seat, None)
}

/// [`board`] with the house of the last move, `last`, bracketed: `[.]`
/// for the house just emptied.
pub fn board_marked(game: &Oware, state: &OwareState, seat: Player, last: Option<House>) -> String {
    let me = Player(seat.0 & 1);
    let them = me.opponent();
    let h = state.houses_per_row();
    let line = |p: Player| {
        let mut line = format!("{}: store {}", game.player_name(p), state.store(p));
        if state.end.is_none() && state.to_move == p {
            line.push_str(", to move");
        }
        line
    };
    let names = |p: Player, reversed: bool| {
        let mut out = String::from("   ");
        let mut idx: Vec<usize> = (0..h).collect();
        if reversed {
            idx.reverse();
        }
        for i in idx {
            let _ = write!(out, "   {}", House::new(p, i).expect("a house").letter());
        }
        out
    };
    let counts = |p: Player, reversed: bool| {
        let row = state.row(p);
        let mut idx: Vec<usize> = (0..row.len()).collect();
        if reversed {
            idx.reverse();
        }
        let mut out = String::from("   ");
        for i in idx {
            out.push_str(&cell(row[i], last == House::new(p, i)));
        }
        out
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", line(them));
    let _ = writeln!(out, "{}", names(them, true));
    let _ = writeln!(out, "{}", counts(them, true));
    let _ = writeln!(out, "{}", counts(me, false));
    let _ = writeln!(out, "{}", names(me, false));
    let _ = writeln!(out, "{}", line(me));
    if let Some(outcome) = state.outcome() {
        let _ = writeln!(out, "{}", game_over_line(game, state.ply, &outcome));
    } else {
        let n = state.seen.len();
        let _ = writeln!(
            out,
            "sowing runs counterclockwise; {n} position{} since the last capture",
            if n == 1 { "" } else { "s" }
        );
    }
    if let Some(house) = last {
        let _ = writeln!(
            out,
            "[ ] the house of the last move: {}'s {house}",
            game.player_name(house.owner())
        );
    }
    out
}

/// What `mv` does in `before`: the seeds sown and where the last fell, the
/// houses captured (or the grand slam that captures nothing), and how the
/// game ends if it does.
pub fn describe_move(game: &Oware, before: &OwareState, mv: House) -> String {
    let mover = before.to_move;
    let name = game.player_name(mover);
    if let Err(reason) = game.check_move(before, &mv) {
        return format!("{name} {mv}: not a legal move: {reason}\n");
    }
    let h = before.houses_per_row();
    let seeds = before.row(mv.owner())[mv.index()];
    let (sown, capture) = game.sow_and_capture(before, mv);
    let last = House::at(sown.last, h);
    let mut out = format!(
        "{name} {mv}: sows {seeds} seed{} from {mv}, the last into {last}{}\n",
        if seeds == 1 { "" } else { "s" },
        if usize::from(seeds) >= 2 * h {
            " (skipping ".to_string() + &mv.to_string() + " on the lap)"
        } else {
            String::new()
        }
    );
    match capture {
        Capture::None => {}
        Capture::Taken { first, last, seeds } => {
            let houses: Vec<String> = (first..=last)
                .map(|p| House::at(p, h).to_string())
                .collect();
            let _ = writeln!(
                out,
                "  captures {seeds} seed{} from {}",
                if seeds == 1 { "" } else { "s" },
                houses.join(", ")
            );
        }
        Capture::GrandSlam { seeds } => {
            let _ = writeln!(
                out,
                "  grand slam: taking these {seeds} seeds would empty {}'s row, so nothing is captured (O3.2)",
                game.player_name(mover.opponent())
            );
        }
    }
    let mut after = *before;
    game.apply(&mut after, &mv);
    let _ = writeln!(
        out,
        "  stores: {} {}, {} {}",
        game.player_name(Player(0)),
        after.store(Player(0)),
        game.player_name(Player(1)),
        after.store(Player(1))
    );
    if let Some(outcome) = after.outcome() {
        let _ = writeln!(
            out,
            "  the game ends: {}",
            plateau::describe_outcome(game, Some(&outcome))
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_house_of_the_last_move_is_bracketed_from_either_seat() {
        let game = Oware::standard();
        let mut state = game.initial_state(0);
        let c = game.parse_move(&state, "C").unwrap();
        game.apply(&mut state, &c);
        let plain = board(&game, &state, Player(0));
        let south = board_marked(&game, &state, Player(0), Some(c));
        let lines: Vec<&str> = south.lines().collect();
        // South's own row (line 3) from A on the left: C, sown from, empty.
        let row: Vec<&str> = lines[3].split_whitespace().collect();
        assert_eq!(row[2], "[.]", "{south}");
        assert_eq!(south.matches('[').count(), 2, "one house and the legend");
        assert!(
            south.ends_with("[ ] the house of the last move: south's C\n"),
            "{south}"
        );
        let unmarked: Vec<&str> = plain.lines().collect();
        assert_eq!(lines[..3], unmarked[..3]);
        assert_eq!(lines[4..lines.len() - 1], unmarked[4..]);
        assert_eq!(
            lines[3]
                .replace("[.]", ".")
                .split_whitespace()
                .collect::<Vec<_>>(),
            unmarked[3].split_whitespace().collect::<Vec<_>>(),
            "only the cell is bracketed"
        );
        assert_eq!(lines[3].len(), unmarked[3].len(), "in the same width");
        // North's seat: South's row on top (line 2), from F on the left.
        let north = board_marked(&game, &state, Player(1), Some(c));
        let top: Vec<&str> = north.lines().nth(2).unwrap().split_whitespace().collect();
        assert_eq!(top[3], "[.]", "{north}");
    }
}
