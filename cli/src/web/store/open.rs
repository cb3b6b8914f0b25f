//! Which store a server uses: `--database URL` or, without it, SQLite in
//! the data directory (`--data DIR`).

use super::postgres::PgStore;
use super::sqlite::SqliteStore;
use super::{Store, StoreError};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The store of `database` (a `postgres://` or `postgresql://` URL), or
/// without one the SQLite file `matches.sqlite3` in `data_dir` (created
/// if missing).
pub fn open(database: Option<&str>, data_dir: &Path) -> Result<Arc<dyn Store>, StoreError> {
    let Some(url) = database.map(str::trim) else {
        return Ok(Arc::new(SqliteStore::open_dir(data_dir)?));
    };
    match url.split_once("://").map(|(scheme, _)| scheme) {
        Some("postgres" | "postgresql") => Ok(Arc::new(PgStore::connect(url)?)),
        _ => Err(StoreError::new(format!(
            "--database '{}' is not a database URL plateau knows; it takes \
             postgres://USER:PASSWORD@HOST:PORT/DATABASE (or postgresql://...), or leave it \
             out to keep matches in SQLite in the data directory (--data DIR)",
            crate::web::hub::clip(&hide_password(url))
        ))),
    }
}

/// The data directory by default: `$PLATEAU_DATA` if set, else the
/// platform's data directory for Plateau (`~/.local/share/plateau` on
/// Linux, `~/Library/Application Support/plateau` on macOS,
/// `%APPDATA%\plateau` on Windows), else `./plateau-data`.
pub fn default_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("PLATEAU_DATA").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    dirs::data_dir()
        .map(|d| d.join("plateau"))
        .unwrap_or_else(|| PathBuf::from("plateau-data"))
}

/// A URL with its password (between `:` and `@`) replaced by `***`, for
/// messages.
pub fn hide_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user_info, host)) => match user_info.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{path}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_by_default_and_clear_errors_otherwise() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("a").join("b");
        let store = open(None, &data).unwrap();
        assert!(store.describe().starts_with("sqlite "));
        assert!(data.join("matches.sqlite3").exists());
        // Nothing listens on port 1: PostgreSQL is tried, and its error
        // names the server, not the password.
        let e = open(Some("postgres://u:secret@127.0.0.1:1/db"), &data)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("PostgreSQL (postgresql 127.0.0.1:1/db)"), "{e}");
        assert!(!e.contains("secret"), "{e}");
        let e = open(Some("mysql://u:secret@h/db"), &data).err().unwrap();
        let e = e.to_string();
        assert!(e.contains("postgres://") && !e.contains("secret"), "{e}");
    }

    #[test]
    fn passwords_are_hidden() {
        assert_eq!(
            hide_password("postgres://u:pw@h:5/d"),
            "postgres://u:***@h:5/d"
        );
        assert_eq!(hide_password("postgres://h/d"), "postgres://h/d");
        assert_eq!(hide_password("nonsense"), "nonsense");
    }
}
