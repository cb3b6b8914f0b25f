//! quinque (in progress).
