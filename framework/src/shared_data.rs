//! Where the tests find the rules specification and the acceptance data
//! (real Stratego records, chase fixtures) that live beside the repository,
//! not in it: the folder `PLATEAU_SHARED` names, else `../shared` next to
//! the workspace. A test that needs them and finds them missing says so on
//! the standard error (which the test harness shows even for a test that
//! passes) and skips that check.
//!
//! ```
//! // The specification, when it is there; `None`, with a note, when not.
//! if let Some(rules) = plateau::shared_data::find("rules/RULES.md") {
//!     assert!(rules.is_file());
//! }
//! assert!(plateau::shared_data::dir().ends_with("shared") || std::env::var_os("PLATEAU_SHARED").is_some());
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};

/// The shared data folder: `$PLATEAU_SHARED`, else `../shared` beside the
/// workspace. It may not exist.
pub fn dir() -> PathBuf {
    match std::env::var_os("PLATEAU_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    }
}

/// The file or folder at `relative` in the shared data, or `None` after a
/// note on the standard error that it is missing.
pub fn find(relative: &str) -> Option<PathBuf> {
    let path = dir().join(relative);
    if path.exists() {
        return Some(path);
    }
    note_missing(&path);
    None
}

/// Says on the standard error itself (the harness keeps what `println!`
/// writes of a test that passes) that `path` is missing and what is skipped.
pub fn note_missing(path: &Path) {
    let _ = writeln!(
        std::io::stderr(),
        "note: skipped: {} is missing (the shared data beside the repository; \
         PLATEAU_SHARED may name its place)",
        path.display()
    );
}
