//! Two minimal complete games, used by the framework's documentation and
//! tests, and by the tests of the command line:
//!
//! - [`Nim`]: one pile, perfect information. Players take 1 to `max_take`
//!   stones in turn; whoever takes the last stone wins.
//! - [`Secret`]: hidden information. Each player first chooses a secret
//!   number from 1 to 9 (a free-form setup that is not listed among the legal
//!   moves), then the players take turns guessing the other's number. It
//!   exercises what hidden information needs of the framework: views,
//!   determinization, secret moves and their descriptions.
//!
//! And [`CountingNim`], Nim that counts its rules made and move texts read,
//! for tests of paths that must do neither.

mod counting;
mod learning;
mod nim;
mod secret;

pub use counting::CountingNim;
pub use nim::{Nim, NimParams, NimState};
pub use secret::{Secret, SecretMove, SecretParams, SecretState, SecretView};
