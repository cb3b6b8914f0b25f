//! hus (in progress).
