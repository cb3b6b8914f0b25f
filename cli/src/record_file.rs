//! Game record files: reading and checking them, and writing them
//! atomically (a temporary file in the same folder, then a rename), so a
//! failure never leaves a half-written or corrupted file.

use crate::error::{CliError, CliResult};
use plateau::{DynGame, DynSession, GameRecord, RecordError, Registry};
use std::fs;
use std::io::Write;
use std::path::Path;

/// Reads a record file (without replaying it).
pub fn read(path: &Path) -> CliResult<GameRecord> {
    let text = fs::read_to_string(path).map_err(|e| CliError::io(path, e))?;
    GameRecord::from_json(&text).map_err(|source| CliError::Record {
        path: path.display().to_string(),
        source,
    })
}

/// Reads a record file and replays it, checking every move.
pub fn open(registry: &Registry, path: &Path) -> CliResult<(GameRecord, Box<dyn DynSession>)> {
    let record = read(path)?;
    let session = registry
        .load_record(&record)
        .map_err(|source| replay_error(path, source))?;
    Ok((record, session))
}

/// The error of a record that does not load, naming the file.
pub fn replay_error(path: &Path, source: RecordError) -> CliError {
    CliError::Record {
        path: path.display().to_string(),
        source,
    }
}

/// The rules of a record, loaded from its stored parameters.
pub fn rules_of(registry: &Registry, record: &GameRecord) -> CliResult<Box<dyn DynGame>> {
    let entry = registry.get(&record.game).ok_or_else(|| {
        CliError::failed(format!(
            "unknown game '{}'",
            plateau::escape_controls(&record.game)
        ))
    })?;
    entry
        .load_params(&record.variant, &record.params)
        .map_err(CliError::Rules)
}

/// The record as the text of a record file.
pub fn to_text(record: &GameRecord) -> String {
    let mut text = record.to_json();
    text.push('\n');
    text
}

/// Writes a record file atomically: the old file (if any) stays intact
/// unless the new one is completely written.
pub fn write(path: &Path, record: &GameRecord) -> CliResult {
    write_text(path, &to_text(record))
}

/// Writes a text file atomically, keeping the permissions of the file it replaces.
pub fn write_text(path: &Path, text: &str) -> CliResult {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let fail = |e: std::io::Error| CliError::io(path, e);
    let mut tmp = tempfile::Builder::new()
        .prefix(".plateau-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(fail)?;
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    if let Ok(meta) = fs::metadata(path) {
        fs::set_permissions(tmp.path(), meta.permissions()).map_err(fail)?;
    }
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_replaces_the_file_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.json");
        fs::write(&path, "old").unwrap();
        write_text(&path, "new\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn write_into_a_missing_folder_fails_and_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing").join("g.json");
        let err = write_text(&path, "x").unwrap_err();
        assert!(err.to_string().contains("g.json"), "{err}");
    }

    #[test]
    fn reading_a_truncated_record_is_a_record_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.json");
        fs::write(&path, "{\"format\": 1, \"game\": \"nim\"").unwrap();
        let err = read(&path).unwrap_err();
        assert!(matches!(err, CliError::Record { .. }), "{err}");
        assert_eq!(err.exit_code(), 1);
    }
}
