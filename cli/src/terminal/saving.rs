//! Where `plateau play` keeps games: the autosave folder, and saving to a
//! file of the player's choice without overwriting one unasked.
//!
//! The game in progress is saved on quit and on Ctrl-C to
//! `$PLATEAU_AUTOSAVE_DIR` if set, else `$XDG_STATE_HOME/plateau/autosave`,
//! else `~/.local/state/plateau/autosave`, as `<game>-<unix seconds>-<pid>.json`
//! (a name never used before: nothing is overwritten). `plateau play --load
//! FILE` continues it; a game loaded from the autosave folder and stopped
//! again is saved back to its own file, not to a new one.

use crate::common::error::{CliError, CliResult};
use crate::common::record_file;
use plateau::GameRecord;
use std::path::{Path, PathBuf};

/// The environment variable that overrides the autosave folder.
pub const AUTOSAVE_ENV: &str = "PLATEAU_AUTOSAVE_DIR";

/// The folder autosaved games go to.
pub fn autosave_dir() -> PathBuf {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = env(AUTOSAVE_ENV) {
        return PathBuf::from(dir);
    }
    if let Some(state) = env("XDG_STATE_HOME") {
        return PathBuf::from(state).join("plateau").join("autosave");
    }
    let home = env("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    home.join(".local/state/plateau/autosave")
}

/// The autosave file of the game continued, if it came from the autosave
/// folder.
static CONTINUED: std::sync::Mutex<Option<PathBuf>> = std::sync::Mutex::new(None);

/// Notes that the game was loaded from `path`: if that file is in the
/// autosave folder, later autosaves of this game replace it.
pub fn continue_autosave(path: &Path) {
    let canonical = |p: &Path| std::fs::canonicalize(p).ok();
    let in_folder = match (canonical(path), canonical(&autosave_dir())) {
        (Some(file), Some(dir)) => file.parent() == Some(dir.as_path()),
        _ => false,
    };
    if let Ok(mut slot) = CONTINUED.lock() {
        *slot = in_folder.then(|| path.to_path_buf());
    }
}

/// Saves the record in the autosave folder, and returns the file's path:
/// the file of the autosaved game continued, else a new name.
pub fn autosave(record: &GameRecord) -> CliResult<PathBuf> {
    let continued = CONTINUED.lock().ok().and_then(|slot| slot.clone());
    if let Some(path) = continued {
        record_file::write(&path, record)?;
        return Ok(path);
    }
    let dir = autosave_dir();
    std::fs::create_dir_all(&dir).map_err(|e| CliError::io(&dir, e))?;
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let base = format!("{}-{secs}-{}", record.game, std::process::id());
    let mut path = dir.join(format!("{base}.json"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = dir.join(format!("{base}-{n}.json"));
    }
    record_file::write(&path, record)?;
    Ok(path)
}

/// The game in progress of the line prompt, for the Ctrl-C handler.
static IN_PROGRESS: std::sync::Mutex<Option<GameRecord>> = std::sync::Mutex::new(None);

/// Makes Ctrl-C (SIGINT) at the line prompt autosave the game in progress
/// (as last given to [`in_progress`]) and exit with status 130. The
/// full-screen board reads Ctrl-C as a key instead.
pub fn autosave_on_interrupt() {
    // Only the first call installs the handler; later ones change nothing.
    let _ = ctrlc::set_handler(|| {
        let record = IN_PROGRESS.lock().ok().and_then(|mut r| r.take());
        if let Some(record) = record {
            let said = match autosave(&record) {
                Ok(path) => format!(
                    "\nInterrupted: autosaved to {}; `plateau play --load {}` continues it.\n",
                    path.display(),
                    path.display()
                ),
                Err(e) => format!("\nInterrupted: cannot autosave: {}\n", e.one_line()),
            };
            tell_unlocked(&said);
        }
        // This handler takes the place of the record writer's own.
        record_file::remove_pending_temp_files_and_exit(130);
    });
}

/// Writes to the standard error without its lock: the command holds the
/// locks of the standard streams while it runs, so that the Ctrl-C handler,
/// on a thread of its own, would wait for them for ever. Where the stream
/// cannot be opened so (no `/dev/stderr`), nothing is written.
fn tell_unlocked(text: &str) {
    use std::io::Write;
    if let Ok(mut err) = std::fs::OpenOptions::new().write(true).open("/dev/stderr") {
        let _ = err.write_all(text.as_bytes());
    }
}

/// Sets the game that Ctrl-C autosaves (`None`: nothing to save).
pub fn in_progress(record: Option<GameRecord>) {
    if let Ok(mut slot) = IN_PROGRESS.lock() {
        *slot = record;
    }
}

/// Whether saving to `path` would replace a file, which must be asked first.
pub fn would_overwrite(path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn autosaves_never_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        // Only this test sets the variable in this test binary.
        std::env::set_var(AUTOSAVE_ENV, dir.path());
        let record = GameRecord {
            format: plateau::RECORD_FORMAT,
            game: "hus".into(),
            variant: "standard".into(),
            params: serde_json::json!({}),
            seed: 1,
            moves: vec!["a1".into()],
            resigned: None,
            flagged: None,
            outcome: None,
            draw_agreed: false,
            players: Vec::new(),
        };
        let a = autosave(&record).unwrap();
        let b = autosave(&record).unwrap();
        std::env::remove_var(AUTOSAVE_ENV);
        assert_ne!(a, b);
        assert!(a.starts_with(dir.path()) && b.exists());
        assert!(would_overwrite(&a));
        let text = std::fs::read_to_string(&a).unwrap();
        assert_eq!(GameRecord::from_json(&text).unwrap().moves, ["a1"]);
    }
}
