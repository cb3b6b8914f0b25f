//! Plays seeded uniformly random games and prints the figures of the
//! benchmark: games/s, actions/s, mean length, mean number of legal actions,
//! and how the games ended.
//!
//! `cargo run --release -p plateau-quinque --example playouts -- [basic|advanced] [games] [--timing-only] [--listed]`
//!
//! `--listed` plays by listing every legal action (`legal_moves`) and
//! drawing one, instead of `play_random`.

use plateau::playout::random_game;
use plateau::{rules, Game, RulesSpec};
use plateau_quinque::Quinque;
use std::collections::BTreeMap;
use std::time::Instant;

/// This thread's CPU time in seconds, where Linux tells it (on a busy
/// machine it is fairer than the wall clock).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// A game played by listing the legal actions at every step and drawing
/// one of them.
fn listed_game(game: &Quinque, seed: u64) -> (plateau::Outcome, usize) {
    use plateau::rand::Rng;
    let mut rng = plateau::rng(seed);
    let mut state = game.initial_state(seed);
    let mut list = Vec::with_capacity(256);
    let mut n = 0;
    loop {
        if let plateau::Status::Over(outcome) = game.status(&state) {
            return (outcome, n);
        }
        game.legal_moves(&state, &mut list);
        let a = list[rng.random_range(0..list.len())];
        game.apply_unchecked(&mut state, &a);
        n += 1;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = args.get(1).map_or("basic", String::as_str);
    let games: u64 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(5000);
    let game: Quinque = match rules::load(&RulesSpec::variant(variant)) {
        Ok(loaded) => loaded.game,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    let mut actions = 0u64;
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let listed = args.iter().any(|a| a == "--listed");
    for seed in 0..games {
        let (outcome, n) = if listed {
            listed_game(&game, seed)
        } else {
            random_game(&game, seed, 0)
        };
        actions += n as u64;
        *endings.entry(outcome.reason.to_string()).or_default() += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_start).map(|(b, a)| b - a);
    let (mut positions, mut legal) = (0u64, 0u64);
    let sampled = if args.iter().any(|a| a == "--timing-only") {
        0
    } else {
        games.min(500)
    };
    for seed in 0..sampled {
        let mut rng = plateau::rng(seed);
        let mut state = game.initial_state(seed);
        while state.ending.is_none() {
            positions += 1;
            legal += game.count_actions(&state) as u64;
            game.play_random(&mut state, &mut rng);
        }
    }
    let capped: usize = endings
        .iter()
        .filter(|(r, _)| r.ends_with("cap") || *r == "repetition")
        .map(|(_, n)| n)
        .sum();
    println!("quinque {variant}: {games} games in {secs:.2} s");
    println!("  games/s        {:.0}", games as f64 / secs);
    println!("  actions/s      {:.0}", actions as f64 / secs);
    if let Some(cpu) = cpu {
        println!(
            "  per CPU second {:.0} games, {:.0} actions ({cpu:.2} s of CPU)",
            games as f64 / cpu,
            actions as f64 / cpu
        );
    }
    println!(
        "  mean length    {:.1} actions",
        actions as f64 / games as f64
    );
    if positions > 0 {
        println!(
            "  mean legal     {:.1} actions",
            legal as f64 / positions as f64
        );
    }
    println!(
        "  capped         {:.2}% (turn cap or repetition)",
        100.0 * capped as f64 / games as f64
    );
    for (reason, n) in &endings {
        println!("  {reason:<24} {n}");
    }
}
