//! The seeds of a game and of what is drawn at random for a player.

/// The seed given, or one taken from the clock (kept in the record, so the
/// game can still be replayed).
pub fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        // Keep it short enough to read and type.
        (now.as_nanos() % 1_000_000_007) as u64
    })
}

/// The seed of what is drawn at random on a player's behalf and must stay
/// hidden from the others: random setups and the choices of random players
/// and of the `random` command. With a seed given by the user (`explicit`)
/// it is `game_seed + offset`, so the whole game is reproducible, and known
/// to whoever knows that seed; without one it comes fresh from the operating
/// system, so that no seed shown on the screen or kept in the record gives a
/// hidden setup away. (Setups are kept in the record as moves, so the game
/// replays either way.)
pub fn secret_seed(explicit: Option<u64>, game_seed: u64, offset: u64) -> u64 {
    match explicit {
        Some(_) => game_seed.wrapping_add(offset),
        None => plateau::rand::random(),
    }
}
