//! Automatic players and the arena that measures them.

pub mod elo;
pub mod report;
