//! Gravon records (S13).
