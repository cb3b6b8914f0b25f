//! The file of one table layer: a 40-byte header, then one signed byte a
//! board, in the order of the boards' ranks ([`super::rank`]).
//!
//! | bytes | what |
//! |---|---|
//! | 0–15 | `PLATEAU-OWARE-TB`, the magic that names the format |
//! | 16–19 | format version, 1 (little-endian, as every number here) |
//! | 20–23 | houses in a row |
//! | 24–27 | seeds on the board, the layer |
//! | 28–31 | CRC-32 of the values |
//! | 32–39 | boards, `C(seeds + 2·houses − 1, 2·houses − 1)` |
//! | 40… | the values, one `i8` a board |
//!
//! A file is written under a temporary name and renamed when complete, so
//! an interrupted build leaves no file that looks finished; opening checks
//! the magic, the version, the sizes and the checksum, and names what is
//! wrong.

use super::rank::boards;
use memmap2::Mmap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The magic at the start of every table file.
pub const MAGIC: &[u8; 16] = b"PLATEAU-OWARE-TB";
/// The version of the format that this code writes and reads.
pub const VERSION: u32 = 1;
/// Bytes before the values.
pub const HEADER: usize = 40;

/// A table file that cannot be used, and why.
#[derive(Debug, Error)]
pub enum TableError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file does not start with the format's magic.
    #[error("{path}: not a Plateau Oware endgame table (it does not start with PLATEAU-OWARE-TB)")]
    Foreign {
        /// The file.
        path: PathBuf,
    },
    /// The file is of another version of the format.
    #[error("{path}: table format version {found}; this plateau reads version {VERSION}; rebuild it with `plateau tables oware`")]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
    },
    /// The header does not describe the layer the file's name says.
    #[error("{path}: the header describes {found}; the file's name says {expected}")]
    WrongLayer {
        /// The file.
        path: PathBuf,
        /// What the header says.
        found: String,
        /// What the name says.
        expected: String,
    },
    /// The file is shorter or longer than its header says.
    #[error("{path}: {found} bytes of values; the header announces {expected} (a truncated or damaged file: delete it and build the table again)")]
    Size {
        /// The file.
        path: PathBuf,
        /// Bytes of values in the file.
        found: u64,
        /// Bytes the header announces.
        expected: u64,
    },
    /// The values do not match the checksum of the header.
    #[error("{path}: the values do not match the header's checksum (a damaged file: delete it and build the table again)")]
    Checksum {
        /// The file.
        path: PathBuf,
    },
    /// A value lies outside what a board of its seeds can be worth.
    #[error("{path}: board {rank} has the value {value}, outside -{seeds}..={seeds}")]
    Value {
        /// The file.
        path: PathBuf,
        /// The board's rank.
        rank: u64,
        /// Its value.
        value: i8,
        /// Seeds of the layer.
        seeds: u32,
    },
    /// The directory holds no table of the rules asked for.
    #[error("{path}: no Oware endgame table for {houses} houses a row (build them with `plateau tables oware --seeds 15 --out {path}`)")]
    Missing {
        /// The directory.
        path: PathBuf,
        /// Houses a row.
        houses: usize,
    },
}

/// The name of the file of the layer of `seeds` seeds for rows of `houses`.
pub fn file_name(houses: usize, seeds: u32) -> String {
    format!("oware-{houses}-houses-{seeds:02}-seeds.tbl")
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> TableError + '_ {
    move |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes the values of a layer to `path` (through a temporary file renamed
/// when complete).
pub fn write(path: &Path, houses: usize, seeds: u32, values: &[i8]) -> Result<(), TableError> {
    let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
    let mut header = Vec::with_capacity(HEADER);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&(houses as u32).to_le_bytes());
    header.extend_from_slice(&seeds.to_le_bytes());
    header.extend_from_slice(&crc32fast::hash(&bytes).to_le_bytes());
    header.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    let temporary = path.with_extension("tbl.partial");
    let mut file = File::create(&temporary).map_err(io(&temporary))?;
    file.write_all(&header).map_err(io(&temporary))?;
    file.write_all(&bytes).map_err(io(&temporary))?;
    file.sync_all().map_err(io(&temporary))?;
    drop(file);
    std::fs::rename(&temporary, path).map_err(io(path))
}

/// The values of one layer, read from a file with memory mapping or held
/// in memory.
pub enum Values {
    /// A file mapped into memory (the header included).
    Mapped(Mmap),
    /// Values held in memory (a layer just built, or read whole).
    Owned(Vec<i8>),
}

impl Values {
    /// The value of the board of rank `rank`.
    #[inline]
    pub fn get(&self, rank: u64) -> i8 {
        match self {
            Values::Mapped(map) => map[HEADER + rank as usize] as i8,
            Values::Owned(values) => values[rank as usize],
        }
    }

    /// How many boards.
    pub fn len(&self) -> usize {
        match self {
            Values::Mapped(map) => map.len() - HEADER,
            Values::Owned(values) => values.len(),
        }
    }

    /// Whether there are no boards (never, for a valid layer).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

/// Opens the file of the layer of `seeds` seeds and checks it (see the
/// module docs).
pub fn open(path: &Path, houses: usize, seeds: u32) -> Result<Values, TableError> {
    let file = File::open(path).map_err(io(path))?;
    // SAFETY: the mapping is only read. Its contents could change under
    // us only if another process rewrote the file in place, which plateau
    // never does (it writes a new file and renames it); the checksum below
    // is verified on the mapped bytes. Mapping rather than reading lets
    // every process of an arena share one copy of large tables, and opens
    // them without reading them first (docs/PERFORMANCE.md, "Endgame
    // tables").
    #[allow(unsafe_code)]
    let map = unsafe { Mmap::map(&file) }.map_err(io(path))?;
    let bytes: &[u8] = &map;
    let path_buf = || path.to_path_buf();
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(TableError::Foreign { path: path_buf() });
    }
    if bytes.len() < HEADER {
        return Err(TableError::Size {
            path: path_buf(),
            found: 0,
            expected: boards(seeds as usize, 2 * houses),
        });
    }
    let version = u32_at(bytes, 16);
    if version != VERSION {
        return Err(TableError::Version {
            path: path_buf(),
            found: version,
        });
    }
    let (file_houses, file_seeds) = (u32_at(bytes, 20) as usize, u32_at(bytes, 24));
    if (file_houses, file_seeds) != (houses, seeds) {
        return Err(TableError::WrongLayer {
            path: path_buf(),
            found: format!("{file_houses} houses, {file_seeds} seeds"),
            expected: format!("{houses} houses, {seeds} seeds"),
        });
    }
    let expected = boards(seeds as usize, 2 * houses);
    let announced = u64::from_le_bytes(bytes[32..40].try_into().expect("eight bytes"));
    let found = (bytes.len() - HEADER) as u64;
    if announced != expected || found != expected {
        return Err(TableError::Size {
            path: path_buf(),
            found,
            expected,
        });
    }
    if crc32fast::hash(&bytes[HEADER..]) != u32_at(bytes, 28) {
        return Err(TableError::Checksum { path: path_buf() });
    }
    if let Some((rank, &value)) = bytes[HEADER..]
        .iter()
        .enumerate()
        .find(|&(_, &v)| (v as i8).unsigned_abs() as u32 > seeds)
    {
        return Err(TableError::Value {
            path: path_buf(),
            rank: rank as u64,
            value: value as i8,
            seeds,
        });
    }
    Ok(Values::Mapped(map))
}
