//! Game record files: reading and checking them, and writing them
//! atomically (a temporary file in the same folder, then a rename), so a
//! failure never leaves a half-written or corrupted file. Only regular files
//! are written (through symbolic links), never a read-only one; `apply`
//! holds a lock on the record for its read-modify-write ([`lock`]).

use crate::common::error::{CliError, CliResult};
use plateau::{DynGame, DynSession, GameRecord, RecordError, Registry};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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

/// How long `apply` waits for another process's lock on a record.
pub const LOCK_WAIT: Duration = Duration::from_secs(30);

/// An exclusive lock on a record file, held for a read-modify-write and
/// released when dropped. Another process that locks the same record waits
/// until this one is done, then reads what it wrote.
#[derive(Debug)]
pub struct RecordLock {
    _file: fs::File,
}

/// Locks the record at `path` (through symbolic links), waiting up to
/// `wait` for another process that holds it. The record is written by
/// renaming a new file over it; a waiter whose file was replaced so locks
/// the new one.
pub fn lock(path: &Path, wait: Duration) -> CliResult<RecordLock> {
    let target = resolve_links(path)?;
    let started = Instant::now();
    loop {
        let file = fs::File::open(&target).map_err(|e| CliError::io(path, e))?;
        match file.try_lock() {
            Ok(()) => {
                if same_file(&file, &target) {
                    return Ok(RecordLock { _file: file });
                }
                // Replaced while we waited: lock the new file.
                continue;
            }
            Err(fs::TryLockError::WouldBlock) => {}
            Err(fs::TryLockError::Error(e)) => return Err(CliError::io(path, e)),
        }
        if started.elapsed() >= wait {
            return Err(CliError::failed(format!(
                "{}: another process has held the record locked for {} s; nothing was played \
                 (try again when it is done)",
                path.display(),
                wait.as_secs()
            )));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Whether the open file is still the file at `path` (not replaced).
fn same_file(file: &fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// The most symbolic links followed from a path to the file it names.
const MAX_SYMLINKS: usize = 40;

/// The file a path names: itself, or the end of its chain of symbolic links
/// (which may not exist yet).
fn resolve_links(path: &Path) -> CliResult<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_SYMLINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&current).map_err(|e| CliError::io(path, e))?;
                current = match current.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(CliError::failed(format!(
        "{}: more than {MAX_SYMLINKS} symbolic links in a row; not written",
        path.display()
    )))
}

/// What a file that is not a regular file is, in words.
fn file_kind(file_type: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Writes a text file atomically (a temporary file beside it, then a
/// rename), keeping the permissions of the file it replaces.
///
/// Only regular files are written: a device, a FIFO, a socket or a
/// directory at the path is an error, and is left alone. A symbolic link is
/// written through: its target gets the text, the link stays. A read-only
/// file is not replaced. The temporary file is removed on every error, and
/// on Ctrl-C (SIGINT), SIGTERM or SIGHUP while it exists: the process then
/// exits with status 130 and the file at `path` holds either its old text
/// or the new one, never part of it.
pub fn write_text(path: &Path, text: &str) -> CliResult {
    let target = resolve_links(path)?;
    let refuse = |why: String| CliError::failed(format!("{}: {why}; not written", path.display()));
    let existing = match fs::metadata(&target) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(CliError::io(path, e)),
    };
    if let Some(meta) = &existing {
        if !meta.file_type().is_file() {
            return Err(refuse(format!(
                "{} is not a regular file",
                file_kind(meta.file_type())
            )));
        }
        if meta.permissions().readonly() {
            return Err(refuse("the file is read-only".into()));
        }
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let fail = |e: std::io::Error| CliError::io(path, e);
    // Made and registered at once, so that an interrupt removes it.
    let (tmp, pending) = interrupt::Pending::create(|| {
        tempfile::Builder::new()
            .prefix(".plateau-")
            .suffix(".tmp")
            .tempfile_in(dir)
    })
    .map_err(fail)?;
    let mut tmp = tmp;
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    if let Some(meta) = &existing {
        fs::set_permissions(tmp.path(), meta.permissions()).map_err(fail)?;
    }
    pending.persist(tmp, &target).map_err(fail)?;
    Ok(())
}

/// Removes the temporary files of writes in progress and exits with
/// `code`, allowing no new one meanwhile: for a program's own Ctrl-C
/// handler, which takes the place of this module's.
pub fn remove_pending_temp_files_and_exit(code: i32) -> ! {
    interrupt::remove_all_and_exit(code)
}

/// Temporary files removed on an interrupt (SIGINT, SIGTERM, SIGHUP): the
/// process ends at once then, without running the destructors that remove
/// them on every other way out. A file is made, registered, renamed over
/// its target and unregistered under one lock, which the interrupt
/// handler takes and keeps until the process exits: a file is either
/// registered (and removed by the handler) or not made yet (and never
/// made), and a rename is either done or not begun.
mod interrupt {
    use std::path::{Path, PathBuf};
    use std::sync::{Mutex, MutexGuard, Once};

    static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    static HANDLER: Once = Once::new();

    /// The exit code after an interrupt (128 + SIGINT, as shells report it).
    const INTERRUPTED: i32 = 130;

    /// A temporary file that the interrupt handler removes while this lives.
    pub(super) struct Pending(PathBuf);

    impl Pending {
        /// Makes a temporary file with `make` and registers it, under the
        /// lock (the handler is installed first).
        pub(super) fn create(
            make: impl FnOnce() -> std::io::Result<tempfile::NamedTempFile>,
        ) -> std::io::Result<(tempfile::NamedTempFile, Pending)> {
            install();
            let mut pending = lock();
            let file = make()?;
            pending.push(file.path().to_path_buf());
            let path = file.path().to_path_buf();
            Ok((file, Pending(path)))
        }

        /// Registers a file already made (for tests).
        #[cfg(test)]
        pub(super) fn new(path: &Path) -> Self {
            lock().push(path.to_path_buf());
            Pending(path.to_path_buf())
        }

        /// Renames `file` (this pending file) over `target`, under the lock.
        pub(super) fn persist(
            self,
            file: tempfile::NamedTempFile,
            target: &Path,
        ) -> std::io::Result<()> {
            let _pending = lock();
            file.persist(target).map_err(|e| e.error)?;
            Ok(())
            // `self` is dropped after the guard: it unregisters the path.
        }
    }

    impl Drop for Pending {
        fn drop(&mut self) {
            lock().retain(|p| p != &self.0);
        }
    }

    /// Installs the handler that removes the pending files (once; a
    /// handler of the program's own that came first takes its place and
    /// calls [`remove_all_and_exit`]).
    fn install() {
        HANDLER.call_once(|| {
            let _ = ctrlc::set_handler(|| remove_all_and_exit(INTERRUPTED));
        });
    }

    fn lock() -> MutexGuard<'static, Vec<PathBuf>> {
        PENDING.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Removes every pending temporary file.
    #[cfg(test)]
    pub(super) fn remove_all() {
        remove(&mut lock());
    }

    fn remove(pending: &mut Vec<PathBuf>) {
        for path in pending.drain(..) {
            let _ = std::fs::remove_file(path);
        }
    }

    /// Removes every pending temporary file and exits with `code`, the
    /// lock held: no file is made or renamed meanwhile.
    pub(super) fn remove_all_and_exit(code: i32) -> ! {
        let mut pending = lock();
        remove(&mut pending);
        std::process::exit(code)
    }
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

#[cfg(all(test, unix))]
mod unix_tests {
    use super::*;
    use std::os::unix::fs::{symlink, PermissionsExt};

    #[test]
    fn devices_fifos_and_directories_are_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        let mut cases = vec![
            (PathBuf::from("/dev/null"), "a character device"),
            (dir.path().to_path_buf(), "a directory"),
        ];
        if made {
            cases.push((fifo.clone(), "a FIFO"));
        }
        for (path, kind) in cases {
            let before = fs::symlink_metadata(&path).unwrap().file_type();
            let err = write_text(&path, "x").unwrap_err().to_string();
            assert!(err.contains(kind), "{err}");
            assert!(err.contains("not a regular file"), "{err}");
            assert_eq!(fs::symlink_metadata(&path).unwrap().file_type(), before);
        }
        // A link to a device is refused the same way.
        let link = dir.path().join("null-link");
        symlink("/dev/null", &link).unwrap();
        let err = write_text(&link, "x").unwrap_err().to_string();
        assert!(err.contains("a character device"), "{err}");
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let leftovers = fs::read_dir(dir.path())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".tmp")
            })
            .count();
        assert_eq!(leftovers, 0);
    }

    #[test]
    fn symlinks_are_written_through_to_their_target() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("games");
        fs::create_dir(&sub).unwrap();
        let target = sub.join("real.json");
        fs::write(&target, "old").unwrap();
        let link = dir.path().join("link.json");
        symlink("games/real.json", &link).unwrap();
        write_text(&link, "new\n").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&target).unwrap(), "new\n");
        // A dangling link: the file is made where it points.
        let dangling = dir.path().join("next.json");
        symlink("games/next-real.json", &dangling).unwrap();
        write_text(&dangling, "made\n").unwrap();
        assert_eq!(
            fs::read_to_string(sub.join("next-real.json")).unwrap(),
            "made\n"
        );
    }

    #[test]
    fn read_only_files_are_refused_and_permissions_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.json");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let err = write_text(&path, "new").unwrap_err().to_string();
        assert!(err.contains("read-only"), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_text(&path, "new").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn pending_temporary_files_are_removed_by_the_interrupt_cleanup() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".plateau-x.tmp");
        fs::write(&path, "partial").unwrap();
        let pending = interrupt::Pending::new(&path);
        interrupt::remove_all();
        assert!(!path.exists());
        drop(pending);
    }

    #[test]
    fn a_lock_waits_for_the_holder_then_times_out_with_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.json");
        fs::write(&path, "{}").unwrap();
        let held = lock(&path, Duration::from_secs(1)).unwrap();
        let err = lock(&path, Duration::from_millis(50))
            .unwrap_err()
            .to_string();
        assert!(err.contains("locked"), "{err}");
        drop(held);
        lock(&path, Duration::from_millis(50)).unwrap();
    }
}
