//! Bad input gets a clear error, never a panic and never a corrupted state:
//! property tests that feed arbitrary and mutated input to every parser.
//!
//! Each test runs a fixed number of cases from a fixed seed (derived from its
//! name), so a run is the same on every machine and in CI. To search further
//! by hand, `MALFORMED_INPUT_SCALE=N` runs N times the cases and
//! `MALFORMED_INPUT_SEED=S` starts from other seeds. The inputs are
//! arbitrary strings (`any::<String>()`, `\PC{0,40}`) and, above all, small
//! edits of valid samples (characters inserted, deleted, replaced, a span
//! repeated, the text cut), which reach far deeper into a parser than random
//! text; JSON inputs are also edited as values (a value replaced, removed,
//! duplicated or copied from elsewhere in the document, a string edited, a
//! number bumped, a key renamed). Every test asserts that:
//!
//! - nothing panics;
//! - an error has a non-empty message on one line;
//! - a refused input leaves the state it was tried on unchanged;
//! - an accepted input is usable (a state passes its checks, rules can be
//!   played, a record reloads).
//!
//! The parsers: the move notation of every registered game (through the
//! registry), Stratego setups and JSON states, game records, rules files and
//! `--set` overrides, Gravon XML records, and `plateau serve` request lines.

mod gravon;
mod harness;
mod moves;
mod mutate;
mod protocol;
mod records;
mod rules;
mod samples;
mod setups;
mod states;
