//! Setups (S3): the text of S3.3, validation against the army and the home
//! area, and seeded random setups.

use crate::board::Square;
use crate::params::{Rules, BLOCKED};
use plateau::rand::seq::SliceRandom;
use plateau::rand::Rng;
use plateau::Player;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most squares a home area can have: half of the largest board's ranks
/// times its files (S1.3: the two home areas never overlap).
pub const MAX_HOME: usize =
    (crate::board::MAX_RANKS as usize / 2) * crate::board::MAX_FILES as usize;

/// The nibble of an empty square in a packed setup.
const NO_KIND: u8 = 0xF;

/// A side's setup: the piece kind on each square of its home area, in the
/// order of setup text (S3.3: the owner's front row first, each row from
/// file `a`), `None` for an empty square. Kinds index
/// [`Stratego::pieces`](crate::Stratego::pieces).
///
/// It is `Copy`: the kinds are packed four bits a square into a fixed array
/// of [`MAX_HOME`] squares, so that a [`Move`](crate::Move) holding one
/// needs no allocation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "SetupJson", from = "SetupJson")]
pub struct Setup {
    /// Two squares a byte, low nibble first; [`NO_KIND`] for an empty square.
    packed: [u8; MAX_HOME / 2],
    /// Squares given (more than [`MAX_HOME`] only for a setup no home area
    /// takes, which [`Rules::check_setup`] refuses).
    len: u16,
    /// One plus the index of the first square given a kind number that does
    /// not fit in four bits (0: none), refused by [`Rules::check_setup`].
    bad: u16,
}

/// The serialized form of a setup: its list of kinds.
#[derive(Serialize, Deserialize)]
struct SetupJson {
    kinds: Vec<Option<u8>>,
}

impl From<Setup> for SetupJson {
    fn from(s: Setup) -> SetupJson {
        SetupJson {
            kinds: s.kinds().collect(),
        }
    }
}

impl From<SetupJson> for Setup {
    fn from(s: SetupJson) -> Setup {
        Setup::new(s.kinds)
    }
}

impl Setup {
    /// A setup from the kind on each square of the home area, in setup text
    /// order. It is checked when played.
    pub fn new(kinds: impl IntoIterator<Item = Option<u8>>) -> Setup {
        let mut setup = Setup {
            packed: [NO_KIND | NO_KIND << 4; MAX_HOME / 2],
            len: 0,
            bad: 0,
        };
        for k in kinds {
            let i = setup.len as usize;
            if i < MAX_HOME {
                let nibble = match k {
                    None => NO_KIND,
                    Some(k) if k < NO_KIND => k,
                    Some(_) => {
                        if setup.bad == 0 {
                            setup.bad = i as u16 + 1;
                        }
                        NO_KIND
                    }
                };
                let byte = &mut setup.packed[i / 2];
                let shift = (i % 2) * 4;
                *byte = (*byte & !(0xF << shift)) | nibble << shift;
            }
            setup.len = setup.len.saturating_add(1);
        }
        setup
    }

    /// The kind on the square at position `i` of the home area (setup text
    /// order), `None` if empty or beyond the setup.
    pub fn kind(&self, i: usize) -> Option<u8> {
        if i >= self.len() {
            return None;
        }
        let nibble = (self.packed[i / 2] >> ((i % 2) * 4)) & 0xF;
        (nibble != NO_KIND).then_some(nibble)
    }

    /// The number of squares the setup gives.
    pub fn len(&self) -> usize {
        (self.len as usize).min(MAX_HOME)
    }

    /// Whether the setup gives no square.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The kind on each square of the home area, in setup text order.
    pub fn kinds(&self) -> impl ExactSizeIterator<Item = Option<u8>> + '_ {
        (0..self.len()).map(|i| self.kind(i))
    }
}

/// Why a setup is not legal. Each error names the square or the symbol.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A symbol that is no piece of these rules.
    #[error("unknown symbol '{symbol}' for {square}; the pieces are {known}, and '.' is an empty square")]
    UnknownSymbol {
        /// The symbol as written.
        symbol: char,
        /// The square it was meant for (or its position in the text).
        square: String,
        /// The symbols of the rules, with piece names.
        known: String,
    },
    /// More symbols than the home area has squares: a piece outside the home area.
    #[error("'{symbol}' would stand outside the home area: the home area has {expected} squares ({first} to {last}, front row first)")]
    OutsideHome {
        /// The first symbol too many.
        symbol: char,
        /// Squares in the home area.
        expected: usize,
        /// The first square of setup text.
        first: Square,
        /// The last square of setup text.
        last: Square,
    },
    /// Fewer symbols than the home area has squares.
    #[error("the setup ends before {square}: it gives {found} of the home area's {expected} squares (use '.' for an empty square)")]
    TooShort {
        /// Symbols given.
        found: usize,
        /// Squares in the home area.
        expected: usize,
        /// The first square without a symbol.
        square: Square,
    },
    /// A piece on a lake.
    #[error("{square} is a {lake}: no piece may stand there (write '.')")]
    Lake {
        /// The lake square.
        square: Square,
        /// What the rules call a lake.
        lake: String,
    },
    /// More pieces of a kind than the army has.
    #[error("too many {name}s ('{symbol}'): the army has {expected}; the one on {square} is one too many")]
    TooMany {
        /// The piece's name.
        name: String,
        /// Its symbol.
        symbol: char,
        /// How many the army has.
        expected: usize,
        /// The square of the first piece too many.
        square: Square,
    },
    /// Fewer pieces of a kind than the army has.
    #[error(
        "{missing} {name} ('{symbol}') missing: the army has {expected}, the setup places {found}"
    )]
    TooFew {
        /// The piece's name.
        name: String,
        /// Its symbol.
        symbol: char,
        /// How many the army has.
        expected: usize,
        /// How many the setup places.
        found: usize,
        /// How many are missing.
        missing: usize,
    },
    /// An empty square where the setup must fill the home area.
    #[error("{square} is empty: these rules fill the whole home area (S3.1)")]
    NotFull {
        /// The empty square.
        square: Square,
    },
}

impl Rules {
    /// Reads setup text (S3.3) for `player` and checks it against the army
    /// and the home area. A leading `setup` word, whitespace, `/` and `#`
    /// comments (to the end of a line) are ignored.
    pub(crate) fn parse_setup(&self, player: Player, text: &str) -> Result<Setup, SetupError> {
        let setup = self.read_setup(player, text)?;
        self.check_setup(player, &setup)?;
        Ok(setup)
    }

    /// Reads setup text without checking the counts. After the `setup`
    /// word, the word `seen` says that each row is written as the owner's
    /// own screen shows it, from the owner's left (S3.3): from the last file
    /// to file `a` for the second side, whose board is shown turned round;
    /// for the first side it changes nothing.
    ///
    /// A row need not be written out (S3.3): a `/`, or the end of a line
    /// that gave a symbol, ends the row being written, whose squares not
    /// written are empty; a `/` at the start of a row (not just after a row
    /// written out in full) is an empty row; rows not given are empty.
    pub(crate) fn read_setup(&self, player: Player, text: &str) -> Result<Setup, SetupError> {
        let home = &self.home[player.index()];
        let files = self.files as usize;
        // Comments out, line breaks kept: the end of a line ends a row.
        let cleaned: String = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let mut body = cleaned.trim_start();
        while let Some(w) = body.get(..5) {
            if !w.eq_ignore_ascii_case("setup") {
                break;
            }
            body = body[5..].trim_start();
        }
        let seen = body
            .strip_prefix("seen")
            .filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace));
        // Rows of whole files only (always so: the home area is whole ranks).
        let mirrored =
            seen.is_some() && player.index() == 1 && home.len().is_multiple_of(files.max(1));
        if let Some(rest) = seen {
            body = rest;
        }
        // The position in setup text order of the i-th square written.
        let order = |i: usize| {
            if mirrored && i < home.len() {
                (i / files) * files + (files - 1 - i % files)
            } else {
                i
            }
        };
        let mut kinds: Vec<Option<u8>> = Vec::with_capacity(home.len());
        // Squares written in the current row, and whether the row before
        // was just written out in full (then a `/` only separates).
        let (mut in_row, mut just_filled) = (0usize, false);
        let end_row = |kinds: &mut Vec<Option<u8>>, in_row: &mut usize| {
            let pad = (files - *in_row).min(home.len() - kinds.len());
            kinds.resize(kinds.len() + pad, None);
            *in_row = 0;
        };
        for c in body.chars() {
            match c {
                '/' if just_filled => just_filled = false,
                '/' => end_row(&mut kinds, &mut in_row),
                '\n' if in_row > 0 => end_row(&mut kinds, &mut in_row),
                c if c.is_whitespace() => {}
                c => {
                    if kinds.len() == home.len() {
                        return Err(SetupError::OutsideHome {
                            symbol: c,
                            expected: home.len(),
                            first: home[0],
                            last: home[home.len() - 1],
                        });
                    }
                    let kind = if c == '.' {
                        None
                    } else {
                        Some(self.kind_of_symbol(c).ok_or_else(|| {
                            SetupError::UnknownSymbol {
                                symbol: c,
                                square: home[order(kinds.len())].to_string(),
                                known: self
                                    .kinds
                                    .iter()
                                    .map(|k| format!("{} {}", k.symbol, k.name))
                                    .collect::<Vec<_>>()
                                    .join(", "),
                            }
                        })?)
                    };
                    kinds.push(kind);
                    in_row += 1;
                    just_filled = in_row == files;
                    if just_filled {
                        in_row = 0;
                    }
                }
            }
        }
        // Rows not given are empty.
        kinds.resize(home.len(), None);
        if mirrored {
            let mut ordered = vec![None; home.len()];
            for (i, k) in kinds.into_iter().enumerate() {
                ordered[order(i)] = k;
            }
            kinds = ordered;
        }
        Ok(Setup::new(kinds))
    }

    /// Checks a setup for `player`: its length, lakes, the army's counts and
    /// (if the rules say so) that it fills the home area.
    pub(crate) fn check_setup(&self, player: Player, setup: &Setup) -> Result<(), SetupError> {
        let home = &self.home[player.index()];
        let given = setup.len as usize;
        if given > home.len() {
            return Err(SetupError::OutsideHome {
                symbol: if home.len() < MAX_HOME {
                    setup
                        .kind(home.len())
                        .map(|k| self.kinds.get(k as usize).map_or('?', |k| k.symbol))
                        .unwrap_or('.')
                } else {
                    '?'
                },
                expected: home.len(),
                first: home[0],
                last: home[home.len() - 1],
            });
        }
        if given < home.len() {
            return Err(SetupError::TooShort {
                found: given,
                expected: home.len(),
                square: home[given],
            });
        }
        if setup.bad > 0 {
            return Err(SetupError::UnknownSymbol {
                symbol: '?',
                square: home[setup.bad as usize - 1].to_string(),
                known: format!("piece kinds 0 to {}", self.kinds.len() - 1),
            });
        }
        let mut counts = [0usize; crate::params::MAX_KINDS];
        for (i, (k, &sq)) in setup.kinds().zip(home).enumerate() {
            let lake = self.template[sq.index()] == BLOCKED;
            match k {
                None if self.full && !lake => return Err(SetupError::NotFull { square: sq }),
                None => {}
                Some(_) if lake => {
                    return Err(SetupError::Lake {
                        square: sq,
                        lake: self.lake_name.clone(),
                    })
                }
                Some(k) => {
                    let kind =
                        self.kinds
                            .get(k as usize)
                            .ok_or_else(|| SetupError::UnknownSymbol {
                                symbol: '?',
                                square: home[i].to_string(),
                                known: format!("piece kinds 0 to {}", self.kinds.len() - 1),
                            })?;
                    counts[k as usize] += 1;
                    if counts[k as usize] > kind.count as usize {
                        return Err(SetupError::TooMany {
                            name: kind.name.clone(),
                            symbol: kind.symbol,
                            expected: kind.count as usize,
                            square: sq,
                        });
                    }
                }
            }
        }
        for (i, kind) in self.kinds.iter().enumerate() {
            if counts[i] < kind.count as usize {
                return Err(SetupError::TooFew {
                    name: kind.name.clone(),
                    symbol: kind.symbol,
                    expected: kind.count as usize,
                    found: counts[i],
                    missing: kind.count as usize - counts[i],
                });
            }
        }
        Ok(())
    }

    /// The setup text of S3.3, rows separated by `/`, without the `setup` word.
    pub(crate) fn setup_text(&self, setup: &Setup) -> String {
        let mut out = String::with_capacity(setup.len() + self.ranks as usize);
        for (i, k) in setup.kinds().enumerate() {
            if i > 0 && i % self.files as usize == 0 {
                out.push('/');
            }
            out.push(match k {
                Some(k) => self.kinds.get(k as usize).map_or('?', |k| k.symbol),
                None => '.',
            });
        }
        out
    }

    /// A uniformly random legal setup for `player`.
    pub(crate) fn random_setup<R: Rng + ?Sized>(&self, player: Player, rng: &mut R) -> Setup {
        let home = &self.home[player.index()];
        let free = home
            .iter()
            .filter(|s| self.template[s.index()] != BLOCKED)
            .count();
        let mut pool: Vec<Option<u8>> = self.army.iter().map(|&k| Some(k)).collect();
        pool.resize(free, None);
        pool.shuffle(rng);
        let mut pool = pool.into_iter();
        Setup::new(home.iter().map(|s| {
            if self.template[s.index()] == BLOCKED {
                None
            } else {
                pool.next().flatten()
            }
        }))
    }
}
