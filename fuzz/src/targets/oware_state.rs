//! Oware positions: the first byte picks a shipped variant, the rest is
//! either a player's view as JSON (`OwareView`, whose state carries the
//! positions since the last capture, RULES.md O5.2) when it starts with
//! `{`, or bytes built with `Oware::position`: the houses of both rows, the
//! two stores and the player to move, taken as they are when the byte
//! after the pick is even (the validation is fuzzed) and otherwise fitted
//! to the variant's seeds (the rules are fuzzed).
//!
//! Checks: a refused input has a one-line error; for a built position and
//! the positions after up to 24 random moves, the seeds on the board and in
//! the stores are the variant's total (O3.3), the state's JSON reads back to
//! the same state and key, the legal moves are exactly the houses that
//! `check_move` accepts and their notation reads back, a refused house has
//! a one-line reason, the game is over exactly when there is no legal move,
//! and a finished game's scores are the stores with each row added (O5.4).

use super::super::{one_line, split};
use plateau::{rules, DescribeMoves, Game, Player, Render, RulesSpec};
use plateau_oware::{House, Oware, OwareState, OwareView, Side};
use std::sync::OnceLock;

fn variants() -> &'static [(&'static str, Oware)] {
    static VARIANTS: OnceLock<Vec<(&'static str, Oware)>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        ["standard", "small"]
            .into_iter()
            .map(|name| {
                let game = rules::load(&RulesSpec::variant(name))
                    .unwrap_or_else(|e| panic!("oware {name}: {e}"))
                    .game;
                (name, game)
            })
            .collect()
    })
}

/// A position from bytes (see the module docs).
fn from_bytes(game: &Oware, data: &[u8]) -> (String, Result<OwareState, String>) {
    let h = game.houses();
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let raw = byte(0) % 2 == 0;
    let mut houses: Vec<u8> = (0..2 * h).map(|i| byte(1 + i)).collect();
    let mut stores = [byte(1 + 2 * h), byte(2 + 2 * h)];
    let to_move = Player(byte(3 + 2 * h));
    let to_move = if raw { to_move } else { Player(to_move.0 % 2) };
    if !raw {
        // At most the variant's seeds on the board, the rest in the stores.
        let total = game.total_seeds();
        let mut left = total;
        for n in &mut houses {
            *n = (u32::from(*n) % 13).min(left) as u8;
            left -= u32::from(*n);
        }
        let south = left * u32::from(stores[0] % 16) / 15;
        stores = [south as u8, (left - south) as u8];
    }
    let label = format!("{houses:?} stores {stores:?} to move {}", to_move.0);
    let built = game
        .position(&houses[..h], &houses[h..], stores, to_move)
        .map_err(|e| e.to_string());
    (label, built)
}

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let Some((pick, rest)) = split(data) else {
        return;
    };
    let variants = variants();
    let (name, game) = &variants[pick as usize % variants.len()];
    let (label, built) = if rest.first() == Some(&b'{') {
        let text = String::from_utf8_lossy(rest).into_owned();
        let built = OwareView::from_json(&text).map(|view| view.state);
        (text, built)
    } else {
        from_bytes(game, rest)
    };
    let mut state = match built {
        Ok(state) => state,
        Err(e) => return one_line(name, &label, &e),
    };
    if state.houses_per_row() != game.houses() {
        // A view of another board size than the variant picked.
        return;
    }
    let total: u32 = state.row_seeds(Player(0))
        + state.row_seeds(Player(1))
        + state.store(Player(0))
        + state.store(Player(1));
    if total != game.total_seeds() {
        // A view read from JSON may hold any number of seeds; the rules
        // of this variant apply only to its own total.
        return;
    }
    let mut rng = plateau::rng(u64::from(pick));
    for ply in 0..24 {
        check_position(name, game, &state, ply);
        let Some(mv) = game.random_move(&state, &mut rng) else {
            return;
        };
        if let Err(e) = game.try_apply(&mut state, &mv) {
            panic!("{name}: the random move {mv} does not play after {ply} plies: {e}");
        }
    }
}

fn check_position(name: &str, game: &Oware, state: &OwareState, ply: u32) {
    let what = format!("{name}, {ply} plies on");
    let on_board = state.row_seeds(Player(0)) + state.row_seeds(Player(1));
    assert_eq!(
        on_board + state.store(Player(0)) + state.store(Player(1)),
        game.total_seeds(),
        "{what}: seeds appeared or vanished"
    );
    // The JSON of the state reads back to the same state.
    let view = OwareView {
        seat: Side::South,
        state: *state,
    };
    let json = plateau::serde_json::to_string(&view).expect("a view serializes");
    let back = OwareView::from_json(&json)
        .unwrap_or_else(|e| panic!("{what}: the state's JSON does not read back: {e}\n{json}"));
    assert_eq!(&back.state, state, "{what}: the JSON reads back different");
    assert_eq!(
        game.state_key(&back.state),
        game.state_key(state),
        "{what}: the state read back has another key"
    );
    let _ = game.render_state(state);
    let _ = game.render_view(&game.view(state, Player(1)));
    let mut legal = Vec::new();
    game.legal_moves(state, &mut legal);
    let over = game.status(state).is_over();
    assert_eq!(over, legal.is_empty(), "{what}: over but moves, or none");
    if let Some(outcome) = game.status(state).outcome() {
        let scores = [
            i64::from(state.store(Player(0)) + state.row_seeds(Player(0))),
            i64::from(state.store(Player(1)) + state.row_seeds(Player(1))),
        ];
        assert_eq!(
            outcome.scores.as_deref(),
            Some(&scores[..]),
            "{what}: scores"
        );
    }
    for player in [Player(0), Player(1)] {
        for j in 0..game.houses() {
            let house = House::new(player, j).expect("a house of the row");
            let accepted = game.check_move(state, &house);
            assert_eq!(
                accepted.is_ok(),
                legal.contains(&house),
                "{what}: check_move and the legal moves disagree on {house}"
            );
            match accepted {
                Ok(()) => {
                    let notation = game.format_move(&house);
                    let read = game.parse_move(state, &notation);
                    assert_eq!(read.ok(), Some(house), "{what}: {notation} reads back");
                    let _ = game.describe_move(state, &house, None);
                }
                Err(e) => one_line(&what, &house, &e),
            }
        }
    }
}
