//! Search with endgame tables: at every position they cover, alpha-beta
//! takes their exact result, so even a one-ply search plays perfectly
//! there, which it does not without them.

use plateau::ai::{agent_for, choose_at};
use plateau::rand::{Rng, SeedableRng};
use plateau::{Game, Player};
use plateau_oware::endgame::EndgameTables;
use plateau_oware::{Oware, OwareState};
use std::sync::Arc;

/// Seeded random positions with 2 to 8 seeds on the board, the game going
/// on (the stores share the rest, neither past half).
fn positions(oware: &Oware, count: usize) -> Vec<OwareState> {
    let mut rng = plateau::GameRng::seed_from_u64(43);
    let mut out = Vec::new();
    while out.len() < count {
        let seeds = rng.random_range(2..=8u32);
        let mut houses = [0u8; 12];
        for _ in 0..seeds {
            houses[rng.random_range(0..12)] += 1;
        }
        let off = 48 - seeds as u8;
        let south_store = rng.random_range(off.saturating_sub(24)..=24.min(off));
        let to_move = Player(rng.random_range(0..2));
        let state = oware
            .position(
                &houses[..6],
                &houses[6..],
                [south_store, off - south_store],
                to_move,
            )
            .unwrap();
        if state.end().is_none() {
            out.push(state);
        }
    }
    out
}

/// The result for the mover (1, 0, -1) of each of its moves, exact.
fn results(tables: &EndgameTables, state: &OwareState) -> Vec<(String, i32)> {
    let exact = tables.exact(state).unwrap();
    let me = state.to_move();
    let lead = state.store(me) as i32 - state.store(me.opponent()) as i32;
    exact
        .moves
        .iter()
        .map(|(h, v)| (h.to_string(), (lead + v).signum()))
        .collect()
}

#[test]
fn one_ply_of_search_with_the_tables_plays_every_covered_position_perfectly() {
    let tables = Arc::new(EndgameTables::build_in_memory(6, 8));
    let plain = Oware::standard();
    let with_tables = plain.clone().with_tables(Some(tables.clone()));
    let (mut checked, mut plain_errors) = (0, 0);
    for state in positions(&plain, 300) {
        let results = results(&tables, &state);
        let best = results.iter().map(|r| r.1).max().unwrap();
        let result_of = |mv: &str| results.iter().find(|r| r.0 == mv).unwrap().1;
        let mut agent = agent_for(&with_tables, "alphabeta:depth=1", 0).unwrap();
        let choice = choose_at(agent.as_mut(), &with_tables, &state).unwrap();
        let mv = with_tables.format_move(&choice.mv);
        assert_eq!(result_of(&mv), best, "{state:?}: {mv} of {results:?}");
        let mut agent = agent_for(&plain, "alphabeta:depth=1", 0).unwrap();
        let choice = choose_at(agent.as_mut(), &plain, &state).unwrap();
        plain_errors += usize::from(result_of(&plain.format_move(&choice.mv)) != best);
        checked += 1;
    }
    assert_eq!(checked, 300);
    assert!(
        plain_errors > 10,
        "one ply without tables erred {plain_errors} times"
    );
}
