//! Random Oware playouts of the `board-game` crate (board-game-rs,
//! `OwareBoard<6>` with 4 seeds) on one thread: the peer figure of
//! docs/PERFORMANCE.md "Oware". Not part of the Plateau workspace or CI.
//!
//! Usage: `oware-peer-board-game-rs [GAMES] [SEED]` (default 200000, 1).
//! Each game starts from the standard position and plays uniformly random
//! moves (`Board::random_available_move`, the crate's own uniform draw)
//! until the crate says the game is done; a game still going after
//! 10 000 moves (the crate has no repetition rule) is stopped and counted
//! as capped.

use board_game::board::{Board, Outcome, Player};
use board_game::games::oware::OwareBoard;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::Instant;

const MAX_PLIES: u64 = 10_000;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(200_000, |a| a.parse().expect("GAMES is a number"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED is a number"));
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut plies, mut capped) = (0u64, 0u64);
    let mut results = [0u64; 3]; // south (A), north (B), draw
    let start = Instant::now();
    for _ in 0..games {
        let mut board = OwareBoard::<6>::new(4);
        let mut n = 0;
        while !board.is_done() && n < MAX_PLIES {
            let mv = board.random_available_move(&mut rng).expect("not done");
            board.play(mv).expect("a legal move");
            n += 1;
        }
        plies += n;
        match board.outcome() {
            Some(Outcome::WonBy(Player::A)) => results[0] += 1,
            Some(Outcome::WonBy(Player::B)) => results[1] += 1,
            Some(Outcome::Draw) => results[2] += 1,
            None => capped += 1,
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "board-game-rs oware: {games} games in {seconds:.3} s: {:.0} games/s, {:.0} plies/s, \
         mean length {:.1} plies, {capped} capped, results south/north/draw {:?}",
        games as f64 / seconds,
        plies as f64 / seconds,
        plies as f64 / games as f64,
        results
    );
}
