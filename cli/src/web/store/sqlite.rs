//! The default [`Store`]: one SQLite file, `matches.sqlite3`, in the data
//! directory (SQLite is built into the program: nothing is needed from
//! the system). The file is in WAL mode with `synchronous=FULL`, so a
//! write has reached the disk when it returns; one connection behind a
//! mutex serves the whole server.

use super::{Store, StoreError, StoredMatch};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The name of the file in the data directory.
pub const FILE_NAME: &str = "matches.sqlite3";

/// The version of the tables this program writes (table `plateau_schema`).
pub const SCHEMA_VERSION: i64 = 1;

/// Matches kept in one SQLite file (or in memory, for tests and servers
/// that keep nothing).
pub struct SqliteStore {
    connection: Mutex<Connection>,
    /// The file, for messages (`:memory:` in memory).
    path: String,
}

impl SqliteStore {
    /// Opens (or creates) the store of `data_dir`: the file
    /// `data_dir/matches.sqlite3`; the directory is created if missing.
    ///
    /// The file holds every seat's token and every secret of the matches:
    /// on Unix a directory made here is readable by its owner only, and
    /// so is a file made here.
    pub fn open_dir(data_dir: &Path) -> Result<SqliteStore, StoreError> {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(data_dir).map_err(|e| {
            StoreError::new(format!(
                "cannot create the data directory {}: {e}",
                data_dir.display()
            ))
        })?;
        SqliteStore::open(&data_dir.join(FILE_NAME))
    }

    /// Opens (or creates) the store in the file `path`. A file that is not
    /// a SQLite database, or another program's database, is refused with
    /// an error naming it.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let shown = path.display().to_string();
        if !path.exists() {
            // An empty file is an empty database; made here so that only
            // its owner may read it (SQLite gives its journal the same
            // permissions).
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create(true).truncate(false);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            options
                .open(path)
                .map_err(|e| StoreError::new(format!("cannot create {shown}: {e}")))?;
        }
        let connection = Connection::open(path)
            .map_err(|e| StoreError::new(format!("cannot open {shown}: {e}")))?;
        SqliteStore::setup(connection, shown, true)
    }

    /// A store in memory: nothing survives the process.
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        let connection = Connection::open_in_memory()
            .map_err(|e| StoreError::new(format!("cannot open a database in memory: {e}")))?;
        SqliteStore::setup(connection, ":memory:".into(), false)
    }

    fn setup(connection: Connection, path: String, file: bool) -> Result<SqliteStore, StoreError> {
        let fail = |e: rusqlite::Error| {
            StoreError::new(format!(
                "{path} is not a match store of plateau (or is damaged): {e}"
            ))
        };
        if file {
            // Reading the journal mode reads the file's header: a file that
            // is not a database fails here.
            let mode: String = connection
                .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
                .map_err(fail)?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(StoreError::new(format!(
                    "{path}: cannot use write-ahead logging (journal mode {mode})"
                )));
            }
            connection
                .execute_batch("PRAGMA synchronous=FULL;")
                .map_err(fail)?;
        }
        connection
            .busy_timeout(std::time::Duration::from_secs(10))
            .map_err(fail)?;
        let tables: Vec<String> = {
            let mut statement = connection
                .prepare("SELECT name FROM sqlite_master WHERE type='table'")
                .map_err(fail)?;
            let rows = statement
                .query_map([], |r| r.get::<_, String>(0))
                .map_err(fail)?;
            rows.collect::<Result<_, _>>().map_err(fail)?
        };
        if tables.iter().any(|t| t == "plateau_schema") {
            let version: Option<i64> = connection
                .query_row("SELECT version FROM plateau_schema", [], |r| r.get(0))
                .optional()
                .map_err(fail)?;
            match version {
                Some(SCHEMA_VERSION) => {}
                Some(v) if v > SCHEMA_VERSION => {
                    return Err(StoreError::new(format!(
                        "{path} was written by a newer plateau (its tables are version {v}, \
                         this program knows version {SCHEMA_VERSION}); upgrade plateau or \
                         use another data directory (--data)"
                    )))
                }
                v => {
                    return Err(StoreError::new(format!(
                        "{path} is not a match store of plateau: table plateau_schema holds \
                         version {v:?}"
                    )))
                }
            }
        } else if !tables.is_empty() {
            return Err(StoreError::new(format!(
                "{path} is another program's database (it has tables {}, not plateau's); \
                 give plateau a data directory of its own (--data DIR)",
                tables.join(", ")
            )));
        } else {
            connection
                .execute_batch(&format!(
                    "BEGIN;
                     CREATE TABLE plateau_schema (version INTEGER NOT NULL);
                     INSERT INTO plateau_schema (version) VALUES ({SCHEMA_VERSION});
                     CREATE TABLE matches (
                         id TEXT PRIMARY KEY NOT NULL,
                         game TEXT NOT NULL,
                         revision INTEGER NOT NULL,
                         finished INTEGER NOT NULL,
                         created_ms INTEGER NOT NULL,
                         updated_ms INTEGER NOT NULL,
                         state TEXT NOT NULL
                     );
                     CREATE INDEX matches_recent ON matches (finished, updated_ms);
                     COMMIT;"
                ))
                .map_err(fail)?;
        }
        Ok(SqliteStore {
            connection: Mutex::new(connection),
            path,
        })
    }

    /// The file of the store (`:memory:` for a store in memory).
    pub fn path(&self) -> PathBuf {
        PathBuf::from(&self.path)
    }

    fn connection(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.connection.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn error(&self, what: &str, e: impl std::fmt::Display) -> StoreError {
        StoreError::new(format!("{}: {what}: {e}", self.path))
    }

    fn rows(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
    ) -> Result<Vec<StoredMatch>, StoreError> {
        let connection = self.connection();
        let mut statement = connection
            .prepare_cached(sql)
            .map_err(|e| self.error("cannot read the matches", e))?;
        let rows = statement
            .query_map(params, read_row)
            .map_err(|e| self.error("cannot read the matches", e))?;
        let mut out = Vec::new();
        for row in rows {
            let (m, state) = row.map_err(|e| self.error("cannot read a match", e))?;
            out.push(self.with_state(m, &state)?);
        }
        Ok(out)
    }

    fn with_state(&self, mut m: StoredMatch, state: &str) -> Result<StoredMatch, StoreError> {
        m.state = serde_json::from_str(state)
            .map_err(|e| self.error(&format!("the state of match {} is not JSON", m.id), e))?;
        Ok(m)
    }
}

/// A row (`id, game, revision, finished, created_ms, updated_ms, state`)
/// with its state still as text.
fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(StoredMatch, String)> {
    Ok((
        StoredMatch {
            id: r.get(0)?,
            game: r.get(1)?,
            revision: r.get::<_, i64>(2)? as u64,
            finished: r.get(3)?,
            created_ms: r.get::<_, i64>(4)? as u64,
            updated_ms: r.get::<_, i64>(5)? as u64,
            state: serde_json::Value::Null,
        },
        r.get(6)?,
    ))
}

const COLUMNS: &str = "id, game, revision, finished, created_ms, updated_ms, state";

impl Store for SqliteStore {
    fn describe(&self) -> String {
        format!("sqlite {}", self.path)
    }

    fn insert(&self, m: &StoredMatch) -> Result<(), StoreError> {
        self.connection()
            .prepare_cached(&format!(
                "INSERT INTO matches ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
            ))
            .and_then(|mut s| {
                s.execute(params![
                    m.id,
                    m.game,
                    m.revision as i64,
                    m.finished,
                    m.created_ms as i64,
                    m.updated_ms as i64,
                    m.state.to_string()
                ])
            })
            .map_err(|e| self.error(&format!("cannot keep match {}", m.id), e))?;
        Ok(())
    }

    fn update(&self, m: &StoredMatch) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .prepare_cached(
                "UPDATE matches SET game = ?2, revision = ?3, finished = ?4, updated_ms = ?5, \
                 state = ?6 WHERE id = ?1 AND revision = ?7",
            )
            .and_then(|mut s| {
                s.execute(params![
                    m.id,
                    m.game,
                    m.revision as i64,
                    m.finished,
                    m.updated_ms as i64,
                    m.state.to_string(),
                    m.revision as i64 - 1
                ])
            })
            .map_err(|e| self.error(&format!("cannot keep match {}", m.id), e))?;
        Ok(changed == 1)
    }

    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        Ok(self
            .rows(
                &format!("SELECT {COLUMNS} FROM matches WHERE id = ?1"),
                [id],
            )?
            .pop())
    }

    fn unfinished(&self) -> Result<Vec<StoredMatch>, StoreError> {
        self.rows(
            &format!("SELECT {COLUMNS} FROM matches WHERE finished = 0 ORDER BY updated_ms DESC"),
            [],
        )
    }

    fn recent(&self, finished: bool, limit: usize) -> Result<Vec<StoredMatch>, StoreError> {
        self.rows(
            &format!(
                "SELECT {COLUMNS} FROM matches WHERE finished = ?1 \
                 ORDER BY updated_ms DESC, id LIMIT ?2"
            ),
            params![finished, limit.min(i64::MAX as usize) as i64],
        )
    }

    fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.connection()
            .execute("DELETE FROM matches WHERE id = ?1", [id])
            .map_err(|e| self.error(&format!("cannot forget match {id}"), e))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample(id: &str, revision: u64, finished: bool, updated_ms: u64) -> StoredMatch {
        StoredMatch {
            id: id.into(),
            game: "hus".into(),
            revision,
            finished,
            created_ms: 1_000,
            updated_ms,
            state: json!({"saved": {"moves": revision}, "owner_token": "ab"}),
        }
    }

    #[test]
    fn insert_update_conflict_load() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open_dir(&dir.path().join("new")).unwrap();
        assert!(store.describe().ends_with("matches.sqlite3"));
        assert_eq!(store.load("a").unwrap(), None);
        store.insert(&sample("a", 1, false, 10)).unwrap();
        assert!(store.insert(&sample("a", 1, false, 10)).is_err());
        assert_eq!(store.load("a").unwrap(), Some(sample("a", 1, false, 10)));
        // Revision 2 replaces 1; a second revision 2 is refused.
        assert!(store.update(&sample("a", 2, false, 20)).unwrap());
        assert!(!store.update(&sample("a", 2, false, 30)).unwrap());
        assert!(!store.update(&sample("a", 5, false, 30)).unwrap());
        assert!(!store.update(&sample("unknown", 2, false, 30)).unwrap());
        assert_eq!(store.load("a").unwrap(), Some(sample("a", 2, false, 20)));
    }

    #[test]
    fn unfinished_recent_delete() {
        let store = SqliteStore::in_memory().unwrap();
        store.insert(&sample("a", 1, false, 10)).unwrap();
        store.insert(&sample("b", 1, true, 20)).unwrap();
        store.insert(&sample("c", 1, false, 30)).unwrap();
        store.insert(&sample("d", 1, true, 40)).unwrap();
        let ids = |v: Vec<StoredMatch>| v.into_iter().map(|m| m.id).collect::<Vec<_>>();
        assert_eq!(ids(store.unfinished().unwrap()), ["c", "a"]);
        assert_eq!(ids(store.recent(true, 10).unwrap()), ["d", "b"]);
        assert_eq!(ids(store.recent(true, 1).unwrap()), ["d"]);
        assert_eq!(ids(store.recent(false, 10).unwrap()), ["c", "a"]);
        // Finishing a match moves it from one list to the other.
        assert!(store.update(&sample("a", 2, true, 50)).unwrap());
        assert_eq!(ids(store.unfinished().unwrap()), ["c"]);
        assert_eq!(ids(store.recent(true, 10).unwrap()), ["a", "d", "b"]);
        store.delete("d").unwrap();
        store.delete("never").unwrap();
        assert_eq!(store.load("d").unwrap(), None);
        assert_eq!(ids(store.recent(true, 10).unwrap()), ["a", "b"]);
    }

    #[cfg(unix)]
    #[test]
    fn only_the_owner_may_read_the_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let store = SqliteStore::open_dir(&data).unwrap();
        store.insert(&sample("a", 1, false, 10)).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&data), 0o700);
        assert_eq!(mode(&data.join(FILE_NAME)), 0o600);
    }

    #[test]
    fn reopening_keeps_everything() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SqliteStore::open_dir(dir.path()).unwrap();
            store.insert(&sample("a", 1, false, 10)).unwrap();
            assert!(store.update(&sample("a", 2, false, 11)).unwrap());
            store.insert(&sample("b", 1, true, 12)).unwrap();
        }
        let store = SqliteStore::open_dir(dir.path()).unwrap();
        assert_eq!(store.load("a").unwrap(), Some(sample("a", 2, false, 11)));
        assert_eq!(store.load("b").unwrap(), Some(sample("b", 1, true, 12)));
        assert!(store.update(&sample("a", 3, false, 13)).unwrap());
    }

    #[test]
    fn a_corrupt_or_foreign_file_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, vec![b'x'; 4096]).unwrap();
        let e = SqliteStore::open_dir(dir.path()).err().unwrap().to_string();
        assert!(e.contains(&path.display().to_string()), "{e}");
        assert!(e.contains("not a match store"), "{e}");

        let foreign = dir.path().join("foreign.db");
        Connection::open(&foreign)
            .unwrap()
            .execute_batch("CREATE TABLE notes (text TEXT);")
            .unwrap();
        let e = SqliteStore::open(&foreign).err().unwrap().to_string();
        assert!(e.contains("foreign.db"), "{e}");
        assert!(e.contains("another program's database"), "{e}");

        let newer = dir.path().join("newer.db");
        Connection::open(&newer)
            .unwrap()
            .execute_batch("CREATE TABLE plateau_schema (version INTEGER); INSERT INTO plateau_schema VALUES (99);")
            .unwrap();
        let e = SqliteStore::open(&newer).err().unwrap().to_string();
        assert!(e.contains("newer plateau"), "{e}");

        // A data directory that is a file.
        let file = dir.path().join("plain");
        std::fs::write(&file, "").unwrap();
        let e = SqliteStore::open_dir(&file).err().unwrap().to_string();
        assert!(e.contains("plain"), "{e}");
    }
}
