//! Plays seeded random games from random setups and prints games/s, plies/s,
//! the mean length and the share of capped games, as `plateau bench` does.
//!
//! `cargo run --release -p plateau-stratego --example random_games -- [VARIANT] [GAMES]`

use plateau::playout;
use plateau_stratego::Stratego;

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = args.next().unwrap_or_else(|| "original".into());
    let games: usize = args.next().and_then(|g| g.parse().ok()).unwrap_or(1000);
    let game = match Stratego::variant(&variant) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let r = playout::bench(&game, games, 0, 2000);
    println!(
        "{variant}: {} games in {:.2} s: {:.0} games/s, {:.2} M plies/s, mean length {:.0}, capped {:.1}%",
        r.games,
        r.seconds,
        r.games_per_second(),
        r.plies_per_second() / 1e6,
        r.mean_length(),
        100.0 * r.capped_share()
    );
}
