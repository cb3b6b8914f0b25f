//! Text output: the board seen from above from either player's seat, and the
//! sowing of a move step by step.

use crate::board::{Pit, PITS};
use crate::sowing::{sow_observed, Endless, Step, Trace};
use crate::state::HusState;
use crate::Hus;
use plateau::sowing::{cell, game_over_line};
use plateau::{Game, Player};
use std::fmt::Write;

/// Steps of a sowing shown before the rest are summed up.
const MAX_STEPS_SHOWN: usize = 400;

fn row_of(pits: &[u8; PITS], row: char, columns: &[u8], marked: Option<Pit>) -> (String, String) {
    let mut names = String::from("   ");
    let mut counts = String::from("   ");
    for &c in columns {
        let pit = Pit::from_name(row, c).expect("columns are 1–8");
        let _ = write!(names, "  {pit}");
        counts.push_str(&cell(pits[pit.index()], marked == Some(pit)));
    }
    (names, counts)
}

/// The board from `seat`'s side of the table: the opponent's rows on top,
/// the seat's own rows below, every pit named from its owner's view (H1.2)
/// and empty pits shown as `.`.
pub fn board(game: &Hus, state: &HusState, seat: Player) -> String {
    board_marked(game, state, seat, None)
}

/// [`board`] with the pit of the last move, `last` (its mover and pit),
/// bracketed: `[.]` for the pit just emptied.
pub fn board_marked(
    game: &Hus,
    state: &HusState,
    seat: Player,
    last: Option<(Player, Pit)>,
) -> String {
    let marked = |p: Player| {
        last.filter(|(mover, _)| mover.0 & 1 == p.0 & 1)
            .map(|(_, pit)| pit)
    };
    let me = Player(seat.0 & 1);
    let them = me.opponent();
    let mine = state.pits(me);
    let theirs = state.pits(them);
    let ascending: Vec<u8> = (1..=8).collect();
    let descending: Vec<u8> = (1..=8).rev().collect();
    let side_line = |p: Player| {
        let mut line = format!("{}: {}", game.player_name(p), stones(state.stones(p)));
        if state.end.is_none() && state.to_move == p {
            line.push_str(", to move");
        }
        line
    };
    let mut out = String::new();
    out.push_str(&side_line(them));
    out.push('\n');
    // Seen from across the table, the opponent's columns run from our right.
    let (names, counts) = row_of(&theirs, 'a', &descending, marked(them));
    let _ = writeln!(out, "{names}\n{counts}");
    let (names, counts) = row_of(&theirs, 'b', &descending, marked(them));
    let _ = writeln!(out, "{counts}\n{names}");
    let _ = writeln!(out, "     {}", "-".repeat(31));
    let (names, counts) = row_of(&mine, 'b', &ascending, marked(me));
    let _ = writeln!(out, "{names}\n{counts}");
    let (names, counts) = row_of(&mine, 'a', &ascending, marked(me));
    let _ = writeln!(out, "{counts}\n{names}");
    out.push_str(&side_line(me));
    out.push('\n');
    if let Some(outcome) = state.outcome() {
        let _ = writeln!(out, "{}", game_over_line(game, state.ply, &outcome));
    } else {
        out.push_str("sowing runs a8 → a1, b1 → b8, then back to a8 (clockwise)\n");
    }
    if let Some((mover, pit)) = last {
        let _ = writeln!(
            out,
            "[ ] the pit of the last move: {}'s {pit}",
            game.player_name(mover)
        );
    }
    out
}

/// The sowing of `mv` played in `before`: where it started, each relay, each
/// capture with the stones taken, where it ended, and the stones afterwards.
pub fn describe_move(game: &Hus, before: &HusState, mv: Pit) -> String {
    let mover = before.to_move;
    let opponent = game.player_name(mover.opponent()).to_string();
    let name = game.player_name(mover);
    if let Err(reason) = game.check_move(before, &mv) {
        return format!("{name} {mv}: not a legal move: {reason}\n");
    }
    let [south, north] = before.packed();
    let (own, opp) = if mover.0 == 0 {
        (south, north)
    } else {
        (north, south)
    };
    let mut trace = Trace::with_limit(MAX_STEPS_SHOWN);
    let result = sow_observed(own, opp, mv.index(), game.params().max_sowings, &mut trace);
    let mut out = String::new();
    for step in &trace.steps {
        let _ = match *step {
            Step::Start { pit, stones } => {
                writeln!(out, "{name} {pit}: lifts {stones} stones from {pit}")
            }
            Step::Relay { pit, stones } => writeln!(out, "  relay from {pit}: {stones} stones"),
            Step::Capture {
                pit,
                own,
                second,
                first,
            } => {
                let (opp_second, opp_first) = pit.opposite().expect("captures are in row b");
                writeln!(
                    out,
                    "  capture at {pit}: {own} from {pit} + {second} from {opponent}'s {opp_second} \
                     + {first} from {opponent}'s {opp_first} = {} stones",
                    own + second + first
                )
            }
            Step::End { pit } => {
                if trace.left_out > 0 {
                    let _ = writeln!(out, "  … {} more relays and captures …", trace.left_out);
                }
                writeln!(out, "  ends in {pit}, which was empty")
            }
        };
    }
    match result {
        Ok(sown) => {
            let (own_after, opp_after) = (
                crate::board::side_stones(sown.own),
                crate::board::side_stones(sown.opp),
            );
            let taken = crate::board::side_stones(opp) - opp_after;
            let _ = writeln!(
                out,
                "  {} sowing{}; {name} took {taken} stone{}; {name} {own_after}, {opponent} {opp_after}",
                sown.sowings,
                if sown.sowings == 1 { "" } else { "s" },
                if taken == 1 { "" } else { "s" },
            );
        }
        Err(Endless::Repeats | Endless::Limit) => {
            out.push_str("  endless (H3.7)\n");
        }
    }
    out
}
/// `1 stone`, `N stones`.
pub(crate) fn stones(n: impl Into<u32>) -> String {
    match n.into() {
        1 => "1 stone".to_string(),
        n => format!("{n} stones"),
    }
}
