//! stratego (in progress).
