//! Uniformly random games of standard Oware on one thread, exact rules:
//! `cargo run --release -p plateau-oware --example random_playouts [GAMES]`.

use plateau::playout;
use plateau_oware::Oware;

fn main() {
    let games = std::env::args()
        .nth(1)
        .map_or(100_000, |a| a.parse().expect("GAMES is a number"));
    let report = playout::bench(&Oware::standard(), games, 0, 0);
    println!(
        "plateau oware: {games} games in {:.3} s: {:.0} games/s, {:.0} plies/s, mean length {:.1} plies, {} capped, results {:?}",
        report.seconds,
        report.games_per_second(),
        report.plies_per_second(),
        report.mean_length(),
        report.capped,
        report.results
    );
}
