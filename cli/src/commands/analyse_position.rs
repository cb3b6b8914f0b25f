//! `plateau analyse GAME POSITION`: a position's exact value and best moves
//! from the game's endgame tables (Oware, `plateau tables`, read through
//! `--tables DIR`).

use crate::common::error::{CliError, CliResult};
use crate::Io;
use plateau::{Player, Registry};
use plateau_oware::endgame::{self, Exact};
use plateau_oware::{Oware, OwareState, OwareView};
use serde_json::json;

/// Prints the exact value of `position` of `game`.
pub fn run(
    registry: &Registry,
    game: &str,
    position: &str,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    if registry.get(game).is_none() {
        return Err(CliError::usage(format!(
            "no game '{}'; see `plateau games`",
            plateau::escape_controls(game)
        )));
    }
    if game != "oware" {
        return Err(CliError::usage(format!(
            "{game}: a position is analysed from endgame tables, which only oware has; \
             analyse a record instead (`plateau analyse GAME.json`)"
        )));
    }
    let oware = Oware::standard();
    let state = parse_position(&oware, position).map_err(|e| {
        CliError::usage(format!(
            "position '{}': {e}",
            plateau::escape_controls(position)
        ))
    })?;
    if let Some(end) = state.end() {
        return Err(CliError::failed(format!(
            "the game is over in this position ({})",
            end.reason.as_str()
        )));
    }
    let seeds = (0..2).map(|p| state.row_seeds(Player(p))).sum::<u32>();
    let Some(tables) = endgame::installed() else {
        return Err(CliError::usage(format!(
            "{seeds} seeds on the board: give the endgame tables with --tables DIR \
             (build them with `plateau tables oware --seeds 15 --out DIR`)"
        )));
    };
    let Some(exact) = tables.exact(&state) else {
        return Err(CliError::failed(format!(
            "{seeds} seeds on the board; the tables cover at most {} \
             (build more with `plateau tables oware --seeds {seeds} --out DIR`)",
            tables.max_seeds()
        )));
    };
    report(&state, seeds, &exact, json, io)
}

fn side(p: Player) -> &'static str {
    if p == Player(0) {
        "south"
    } else {
        "north"
    }
}

fn report(state: &OwareState, seeds: u32, exact: &Exact, json: bool, io: &mut Io<'_>) -> CliResult {
    let me = state.to_move();
    let [mine, theirs] = exact.final_stores;
    let [south, north] = if me == Player(0) {
        [mine, theirs]
    } else {
        [theirs, mine]
    };
    let result = match south.cmp(&north) {
        std::cmp::Ordering::Greater => "south wins",
        std::cmp::Ordering::Less => "north wins",
        std::cmp::Ordering::Equal => "a draw",
    };
    if json {
        let moves: Vec<_> = exact
            .moves
            .iter()
            .map(|(house, v)| json!({"move": house.to_string(), "value": v, "best": *v == exact.value}))
            .collect();
        return io.write_json(&json!({
            "game": "oware", "to_move": side(me), "seeds_on_board": seeds, "exact": true,
            "value": exact.value, "final_stores": {"south": south, "north": north},
            "result": result, "moves": moves,
        }));
    }
    writeln!(
        io.out,
        "{} to move, {seeds} seeds on the board, stores south {} north {}",
        side(me),
        state.store(Player(0)),
        state.store(Player(1))
    )?;
    writeln!(
        io.out,
        "exact value {:+} for {} (endgame tables: seeds still won less seeds lost, both sides at best)",
        exact.value,
        side(me)
    )?;
    writeln!(
        io.out,
        "with best play: south {south}, north {north}: {result}"
    )?;
    writeln!(io.out, "moves (exact value for {}):", side(me))?;
    for (house, v) in &exact.moves {
        let best = if *v == exact.value { "  best" } else { "" };
        writeln!(io.out, "  {house} {v:+}{best}")?;
    }
    Ok(())
}

/// Reads a position: its JSON (as `plateau show --json` prints a state),
/// or `SOUTH/NORTH[/STORES] [south|north]`, the stores defaulting to the
/// seeds off the board shared evenly (south taking an odd one) and the
/// player to move to south.
fn parse_position(oware: &Oware, text: &str) -> Result<OwareState, String> {
    let text = text.trim();
    if text.starts_with('{') {
        return OwareView::from_json(text).map(|v| v.state);
    }
    let (board, mover) = match text.split_once(char::is_whitespace) {
        Some((board, mover)) => (board, mover.trim()),
        None => (text, "south"),
    };
    let to_move = match mover.to_ascii_lowercase().as_str() {
        "south" | "s" | "0" => Player(0),
        "north" | "n" | "1" => Player(1),
        other => return Err(format!("'{other}' is not a player: south or north")),
    };
    let parts: Vec<&str> = board.split('/').collect();
    if !(2..=3).contains(&parts.len()) {
        return Err(
            "write it SOUTH/NORTH[/STORES] [south|north], e.g. 0,0,0,0,0,1/1,1,0,0,0,0/22,23 south"
                .into(),
        );
    }
    let numbers = |what: &str, part: &str| -> Result<Vec<u8>, String> {
        part.split(',')
            .map(|n| {
                n.trim()
                    .parse::<u8>()
                    .map_err(|_| format!("{what}: '{}' is not a number of seeds", n.trim()))
            })
            .collect()
    };
    let south = numbers("south's row", parts[0])?;
    let north = numbers("north's row", parts[1])?;
    let on_board: u32 = south.iter().chain(&north).map(|&n| u32::from(n)).sum();
    let stores = match parts.get(2) {
        Some(part) => {
            let s = numbers("the stores", part)?;
            match s[..] {
                [a, b] => [a, b],
                _ => return Err("the stores: two numbers, south's then north's".into()),
            }
        }
        None => {
            let off = oware.total_seeds().checked_sub(on_board).ok_or_else(|| {
                format!(
                    "{on_board} seeds on the board; these rules play with {}",
                    oware.total_seeds()
                )
            })?;
            [off.div_ceil(2) as u8, (off / 2) as u8]
        }
    };
    oware
        .position(&south, &north, stores, to_move)
        .map_err(|e| e.to_string())
}
