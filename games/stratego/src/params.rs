//! The rules parameters, read from `rules-data/stratego/*.toml`, and their
//! validation into the engine's tables ([`Rules`]).

use crate::board::{self, Square, BOARD_LEN, MAX_FILES, MAX_RANKS};
use crate::combat::{self, Clash, Fighter};
use plateau::RulesError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most kinds of piece a rule set may have.
pub const MAX_KINDS: usize = 15;
/// The most pieces one side may have.
pub const MAX_ARMY: usize = 50;
/// Piece slots in a state: side 0's pieces first, then side 1's.
pub(crate) const MAX_PIECES: usize = 2 * MAX_ARMY;
/// A cell that no piece may enter: a lake, or outside the board.
pub(crate) const BLOCKED: u8 = 0xFF;
/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// Movement classes with a list of pieces in the state: one-square movers,
/// scouts, captains, and bombs or flags that move under S12.3/S12.4.
pub(crate) const CLASSES: usize = 4;
/// The class of one-square movers.
pub(crate) const STEP_CLASS: u8 = 0;
/// The class of scouts.
pub(crate) const SCOUT_CLASS: u8 = 1;
/// The class of captains (S11.4).
pub(crate) const CAPTAIN_CLASS: u8 = 2;
/// The class of mobile bombs and a mobile flag (S12.3, S12.4): one square to
/// an empty square, never an attack.
pub(crate) const MOBILE_CLASS: u8 = 3;
/// The class of pieces that never move (no list).
pub(crate) const NO_CLASS: u8 = u8::MAX;

/// Stratego's rules parameters (RULES.md S1–S10). Every field is present in
/// the shipped TOML files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrategoParams {
    /// S7: the most moves in a row of one piece between the same two squares
    /// (0 = no limit).
    pub two_square_limit: u32,
    /// S8: whether the chase rule applies.
    pub chase_rule: bool,
    /// S9.5: the game is drawn after this many moves of play (0 = no cap).
    /// Setups are not moves of play.
    pub max_plies: u32,
    /// S9.5: the game is drawn after this many moves of play in a row without
    /// an attack (0 = no cap).
    pub max_plies_without_capture: u32,
    /// S1: the board.
    pub board: BoardParams,
    /// The sides' names.
    pub sides: SidesParams,
    /// S3: the setup area.
    pub setup: SetupParams,
    /// S12: the option rules.
    pub options: OptionsParams,
    /// S2: the pieces, by name.
    pub pieces: BTreeMap<String, PieceParams>,
}

/// The board (S1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardParams {
    /// Number of files, `a` onwards (2 to 10).
    pub files: u8,
    /// Number of ranks, `1` onwards (2 to 10).
    pub ranks: u8,
    /// The lake squares (S1.2).
    pub lakes: Vec<String>,
    /// What a lake is called in messages and boards (`lake`; `planet` in
    /// Star Wars, S11.6).
    pub lake_name: String,
}

/// The two sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidesParams {
    /// The first side's name (sets up and moves first, home at rank 1), then
    /// the second's.
    pub names: [String; 2],
}

/// The setup area (S3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupParams {
    /// Each side's home area is its `rows` back ranks (S1.3).
    pub rows: u8,
    /// Whether every square of the home area must hold a piece (S3.1); then
    /// the army must have exactly as many pieces as the area has squares.
    pub full: bool,
}

/// The option rules of S12, each combinable with every variant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionsParams {
    /// S12.1 attacker-advantage: at equal strengths the attacker wins.
    pub attacker_advantage: bool,
    /// S12.2 explosive-bombs: a piece other than a miner that attacks a bomb
    /// is removed together with the bomb.
    pub explosive_bombs: bool,
    /// S12.3 mobile-bombs: explosive bombs (S12.2) that also move one square
    /// to an empty square; they never attack and are not movable pieces for
    /// S9.
    pub mobile_bombs: bool,
    /// S12.4 mobile-flag: the flag moves one square to an empty square and
    /// never attacks; a flag that ends a move on the opponent's back row wins
    /// (S9.1).
    pub mobile_flag: bool,
    /// S12.5 reconquest: a piece that reaches the opponent's back row may
    /// bring back one removed piece (`return PIECE SQUARE`, or `skip`).
    pub reconquest: bool,
    /// S12.6 silent-defense: in combat only the attacker is revealed (the
    /// defender too when it is removed, or the attacker is a scout).
    pub silent_defense: bool,
}

impl OptionsParams {
    /// Whether a non-miner attacking a bomb is removed with it: S12.2, or
    /// S12.3 which implies it.
    pub fn bombs_explode(&self) -> bool {
        self.explosive_bombs || self.mobile_bombs
    }
}

/// One kind of piece (S2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceParams {
    /// Strength in combat (S5.1); 0 for bombs and flags, which have none.
    pub strength: u8,
    /// How many each side has.
    pub count: u8,
    /// The one-character symbol of setups and boards, e.g. `X` or `9`.
    pub symbol: String,
    /// How it moves (S4).
    pub moves: Movement,
    /// Its special role in combat (S5).
    pub role: Role,
}

/// How a kind of piece moves (S4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Movement {
    /// Never moves (S4.5); bombs and the flag move one square under S12.3
    /// and S12.4.
    Fixed,
    /// One square orthogonally (S4.2).
    Step,
    /// Any number of empty squares in a line, and may attack at the end (S4.3).
    Scout,
    /// One square, or two (straight on or turning after an empty first
    /// square), attacking at most once and stopping there (S11.4).
    Captain,
}

/// A special role in combat (S5). Roles are what the rules refer to; names
/// and symbols are only labels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// An ordinary piece: strength decides.
    None,
    /// Loses to a spy that attacks it (S5.3).
    Marshal,
    /// Wins when it attacks a marshal (S5.3).
    Spy,
    /// Removes a bomb it attacks (S5.4).
    Miner,
    /// Removes every attacker except a miner (S5.4); never attacks; moves
    /// only under S12.3; never a movable piece (S9).
    Bomb,
    /// Captured by any attacker, which wins the game (S5.5); never attacks;
    /// moves only under S12.4; never a movable piece (S9).
    Flag,
}

/// A kind of piece under the loaded rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// The piece's name, e.g. `marshal`.
    pub name: String,
    /// Its symbol, e.g. `X`.
    pub symbol: char,
    /// Its strength (0 for bombs and flags).
    pub strength: u8,
    /// How many each side has.
    pub count: u8,
    /// How it moves.
    pub moves: Movement,
    /// Its role in combat.
    pub role: Role,
}

impl PieceKind {
    /// Whether it counts as a movable piece for the end of the game (S9: any
    /// piece other than a bomb or a flag, that can move at all).
    pub fn is_movable(&self) -> bool {
        self.moves != Movement::Fixed && !matches!(self.role, Role::Bomb | Role::Flag)
    }
}

/// The validated rules as tables for the engine.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    pub files: u8,
    pub ranks: u8,
    /// Kinds ordered by strength, strongest first, then by name.
    pub kinds: Vec<PieceKind>,
    pub moves: [Movement; MAX_KINDS],
    /// The movement class of each kind (its list in the state), with the
    /// option rules S12.3 and S12.4 applied.
    pub class: [u8; MAX_KINDS],
    pub movable: [bool; MAX_KINDS],
    pub is_flag: [bool; MAX_KINDS],
    pub is_bomb: [bool; MAX_KINDS],
    /// Kinds that move as scouts (S4.3): revealed by long moves, never return
    /// a piece (S12.5c), reveal a silent defender (S12.6).
    pub is_scout: [bool; MAX_KINDS],
    /// Whether some kind is in [`MOBILE_CLASS`].
    pub has_mobile: bool,
    /// Bombs in each side's army (S2: 6 in the classic army, Barrage's 1),
    /// which the evaluation reads at every leaf.
    pub army_bombs: usize,
    /// S12.5 reconquest.
    pub reconquest: bool,
    /// S12.6 silent-defense.
    pub silent_defense: bool,
    /// Whether a move's arrival on the opponent's back row matters (S12.4 or
    /// S12.5): one flag for the hot path.
    pub arrival: bool,
    /// The rank (from 0) of the opponent's back row, for each side (S1.3).
    pub back_rank: [u8; 2],
    pub combat: [[Clash; MAX_KINDS]; MAX_KINDS],
    /// The squares pieces may stand on (the board without its lakes).
    pub squares: crate::bitboard::Bits,
    /// The empty board: [`BLOCKED`] outside the board and on lakes.
    pub template: [u8; BOARD_LEN],
    pub lakes: Vec<Square>,
    pub lake_name: String,
    /// Each side's home area in the order of setup text (S3.3): front row
    /// first, each row from file `a`. Lakes included.
    pub home: [Vec<Square>; 2],
    /// The army of one side: one kind index per piece, strongest first.
    pub army: Vec<u8>,
    pub full: bool,
    pub two_square_limit: u8,
    pub chase_rule: bool,
    pub max_plies: u32,
    pub max_quiet: u32,
    pub names: [String; 2],
    /// The most moves a side can have in one position (for move buffers).
    pub max_moves: usize,
}

fn err(reason: impl Into<String>) -> RulesError {
    RulesError::new(reason)
}

/// Whether a path of orthogonal steps over free squares (no lake, S1.4)
/// leads from a free square of the first setup area to one of the second:
/// otherwise no piece of one army can ever reach the other.
fn armies_can_meet(
    template: &[u8; BOARD_LEN],
    home: &[Vec<Square>; 2],
    files: u8,
    ranks: u8,
) -> bool {
    let free = |sq: &Square| template[sq.index()] == EMPTY;
    let mut seen = [false; BOARD_LEN];
    let mut queue: Vec<Square> = home[0].iter().copied().filter(free).collect();
    for sq in &queue {
        seen[sq.index()] = true;
    }
    while let Some(sq) = queue.pop() {
        let (f, r) = (sq.file() as i16, sq.rank() as i16);
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nf, nr) = (f + df, r + dr);
            if nf < 0 || nr < 0 || nf >= files as i16 || nr >= ranks as i16 {
                continue;
            }
            let Some(next) = Square::new(nf as u8, nr as u8) else {
                continue;
            };
            if free(&next) && !seen[next.index()] {
                seen[next.index()] = true;
                queue.push(next);
            }
        }
    }
    home[1].iter().any(|sq| seen[sq.index()])
}

/// Symbols that cannot name a piece: they have a meaning in setup text.
const RESERVED: &[char] = &['.', '/', '#', '-'];

impl Rules {
    /// Validates parameters into rules; errors name the key.
    pub fn new(p: &StrategoParams) -> Result<Rules, RulesError> {
        let (files, ranks) = (p.board.files, p.board.ranks);
        if !(2..=MAX_FILES).contains(&files) {
            return Err(err(format!("must be 2 to {MAX_FILES}"))
                .key("board.files")
                .value(files));
        }
        if !(2..=MAX_RANKS).contains(&ranks) {
            return Err(err(format!("must be 2 to {MAX_RANKS}"))
                .key("board.ranks")
                .value(ranks));
        }
        let mut template = [BLOCKED; BOARD_LEN];
        for sq in board::squares(files, ranks) {
            template[sq.index()] = EMPTY;
        }
        let mut lakes = Vec::new();
        for name in &p.board.lakes {
            let bad = |why: &str| {
                err(why.to_string())
                    .key("board.lakes")
                    .value(format!("\"{name}\""))
            };
            let sq: Square = name
                .parse()
                .map_err(|e: board::SquareError| bad(&e.to_string()))?;
            if sq.file() >= files || sq.rank() >= ranks {
                return Err(bad(&format!(
                    "the lake {sq} is outside the {files}×{ranks} board"
                )));
            }
            if lakes.contains(&sq) {
                return Err(bad(&format!("the lake {sq} is listed twice")));
            }
            template[sq.index()] = BLOCKED;
            lakes.push(sq);
        }
        let lake_name = p.board.lake_name.trim().to_string();
        if lake_name.is_empty() {
            return Err(err("a lake needs a name, e.g. \"lake\"")
                .key("board.lake_name")
                .value("\"\""));
        }
        let names = p.sides.names.clone();
        for (i, n) in names.iter().enumerate() {
            if n.trim().is_empty() || n.chars().any(char::is_whitespace) {
                return Err(err("a side's name is one word")
                    .key("sides.names")
                    .value(format!("\"{}\"", names[i])));
            }
        }
        if names[0].eq_ignore_ascii_case(&names[1]) {
            return Err(err("the two sides need different names")
                .key("sides.names")
                .value(format!("\"{}\"", names[0])));
        }
        let rows = p.setup.rows;
        // `rows > ranks / 2` is `2 * rows > ranks` without overflowing a u8.
        if rows == 0 || rows > ranks / 2 {
            return Err(err(format!(
                "must be 1 to {} (the two home areas may not overlap)",
                ranks / 2
            ))
            .key("setup.rows")
            .value(rows));
        }
        let home = [
            (0..rows)
                .rev()
                .flat_map(|r| (0..files).filter_map(move |f| Square::new(f, r)))
                .collect::<Vec<_>>(),
            (ranks - rows..ranks)
                .flat_map(|r| (0..files).filter_map(move |f| Square::new(f, r)))
                .collect::<Vec<_>>(),
        ];
        if !armies_can_meet(&template, &home, files, ranks) {
            return Err(err(format!(
                "the {lake_name}s cut the board in two: no path of free squares leads from {}'s \
                 setup area to {}'s, so the armies could never meet and the game never end \
                 (S1.2, S4.4: no piece enters or crosses a {lake_name})",
                names[0], names[1]
            ))
            .key("board.lakes"));
        }
        let capacity = home
            .iter()
            .map(|h| h.iter().filter(|s| template[s.index()] == EMPTY).count())
            .min()
            .unwrap_or(0);

        if p.pieces.is_empty() {
            return Err(err("there are no pieces").key("pieces"));
        }
        if p.pieces.len() > MAX_KINDS {
            return Err(err(format!(
                "{} kinds of piece; at most {MAX_KINDS}",
                p.pieces.len()
            ))
            .key("pieces"));
        }
        let mut kinds = Vec::new();
        let mut total = 0usize;
        for (name, piece) in &p.pieces {
            let key = |field: &str| format!("pieces.{name}.{field}");
            let mut chars = piece.symbol.chars();
            let symbol = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() && !RESERVED.contains(&c) => c,
                _ => {
                    return Err(
                        err("a symbol is one printable ASCII character other than . / # -")
                            .key(key("symbol"))
                            .value(format!("\"{}\"", piece.symbol)),
                    )
                }
            };
            if let Some(other) = kinds.iter().find(|k: &&PieceKind| k.symbol == symbol) {
                return Err(err(format!("the {} has the same symbol", other.name))
                    .key(key("symbol"))
                    .value(format!("\"{symbol}\"")));
            }
            match piece.role {
                Role::Bomb | Role::Flag => {
                    if piece.moves != Movement::Fixed {
                        return Err(err("bombs and flags never move (S4.5): use \"fixed\"")
                            .key(key("moves"))
                            .value(format!("{:?}", piece.moves).to_lowercase()));
                    }
                    if piece.strength != 0 {
                        return Err(err("bombs and flags have no strength: use 0")
                            .key(key("strength"))
                            .value(piece.strength));
                    }
                }
                _ => {
                    if piece.strength == 0 {
                        return Err(err("must be at least 1 (only bombs and flags have 0)")
                            .key(key("strength"))
                            .value(piece.strength));
                    }
                }
            }
            total += piece.count as usize;
            kinds.push(PieceKind {
                name: name.clone(),
                symbol,
                strength: piece.strength,
                count: piece.count,
                moves: piece.moves,
                role: piece.role,
            });
        }
        kinds.sort_by(|a, b| {
            b.strength
                .cmp(&a.strength)
                .then_with(|| a.name.cmp(&b.name))
        });
        let limit = capacity.min(MAX_ARMY);
        if total > limit {
            let counts: Vec<String> = kinds
                .iter()
                .filter(|k| k.count > 0)
                .map(|k| format!("{} {}", k.count, k.name))
                .collect();
            return Err(err(format!(
                "more pieces than squares in the setup area: the army has {total} ({}), at most {limit} fit",
                counts.join(", ")
            ))
            .key("pieces"));
        }
        if !kinds.iter().any(|k| k.role == Role::Flag && k.count > 0) {
            return Err(err("the army has no flag (a piece with role \"flag\")").key("pieces"));
        }
        if !kinds.iter().any(|k| k.is_movable() && k.count > 0) {
            return Err(err("the army has no piece that can move").key("pieces"));
        }
        if p.setup.full && total != capacity {
            return Err(err(format!(
                "a full setup needs as many pieces as the home area has squares ({capacity}); the army has {total}"
            ))
            .key("setup.full")
            .value(true));
        }
        let squares = board::squares(files, ranks)
            .filter(|s| template[s.index()] == EMPTY)
            .fold(0, |m, s| m | crate::bitboard::bit(s.index()));
        let two_square_limit = u8::try_from(p.two_square_limit).map_err(|_| {
            err("must be at most 255 (0 = off)")
                .key("two_square_limit")
                .value(p.two_square_limit)
        })?;

        let mut moves = [Movement::Fixed; MAX_KINDS];
        let mut class = [NO_CLASS; MAX_KINDS];
        let mut movable = [false; MAX_KINDS];
        let mut is_flag = [false; MAX_KINDS];
        let mut is_bomb = [false; MAX_KINDS];
        let mut is_scout = [false; MAX_KINDS];
        let mut combat = [[Clash::BothRemoved; MAX_KINDS]; MAX_KINDS];
        for (i, k) in kinds.iter().enumerate() {
            moves[i] = k.moves;
            class[i] = match k.moves {
                // S12.3, S12.4: bombs and the flag move one square, never attacking.
                Movement::Fixed if k.role == Role::Bomb && p.options.mobile_bombs => MOBILE_CLASS,
                Movement::Fixed if k.role == Role::Flag && p.options.mobile_flag => MOBILE_CLASS,
                Movement::Fixed => NO_CLASS,
                Movement::Step => STEP_CLASS,
                Movement::Scout => SCOUT_CLASS,
                Movement::Captain => CAPTAIN_CLASS,
            };
            movable[i] = k.is_movable();
            is_flag[i] = k.role == Role::Flag;
            is_bomb[i] = k.role == Role::Bomb;
            is_scout[i] = k.moves == Movement::Scout;
            for (j, d) in kinds.iter().enumerate() {
                combat[i][j] = combat::resolve(
                    Fighter {
                        strength: k.strength,
                        role: k.role,
                    },
                    Fighter {
                        strength: d.strength,
                        role: d.role,
                    },
                    &p.options,
                );
            }
        }
        let army: Vec<u8> = kinds
            .iter()
            .enumerate()
            .flat_map(|(i, k)| std::iter::repeat_n(i as u8, k.count as usize))
            .collect();
        let reach = |k: usize| match class[k] {
            NO_CLASS => 0,
            SCOUT_CLASS => (files + ranks - 2) as usize,
            CAPTAIN_CLASS => 12,
            _ => 4,
        };
        let max_moves = army.iter().map(|&k| reach(k as usize)).sum();
        let has_mobile = army.iter().any(|&k| class[k as usize] == MOBILE_CLASS);
        let army_bombs = army.iter().filter(|&&k| is_bomb[k as usize]).count();
        let o = &p.options;
        let rules = Rules {
            files,
            ranks,
            kinds,
            moves,
            class,
            movable,
            is_flag,
            is_bomb,
            is_scout,
            has_mobile,
            army_bombs,
            reconquest: o.reconquest,
            silent_defense: o.silent_defense,
            arrival: o.mobile_flag || o.reconquest,
            back_rank: [ranks - 1, 0],
            combat,
            squares,
            template,
            lakes,
            lake_name,
            home,
            army,
            full: p.setup.full,
            two_square_limit,
            chase_rule: p.chase_rule,
            max_plies: p.max_plies,
            max_quiet: p.max_plies_without_capture,
            names,
            max_moves,
        };
        Ok(rules)
    }

    /// Whether a square is on the board (lakes included).
    pub fn on_board(&self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }

    /// Whether a square is a lake.
    pub fn is_lake(&self, sq: Square) -> bool {
        self.on_board(sq) && self.template[sq.index()] == BLOCKED
    }

    /// The kind with that symbol.
    pub fn kind_of_symbol(&self, symbol: char) -> Option<u8> {
        self.kinds
            .iter()
            .position(|k| k.symbol == symbol)
            .map(|i| i as u8)
    }

    /// The kind with that name.
    pub fn kind_of_name(&self, name: &str) -> Option<u8> {
        self.kinds
            .iter()
            .position(|k| k.name == name)
            .map(|i| i as u8)
    }
}

#[cfg(test)]
mod tests {
    use crate::Stratego;
    use plateau::{Game, RulesSpec};

    #[test]
    fn setup_rows_too_large_for_a_u8_sum_are_refused_not_a_panic() {
        // Found by tests/tests/malformed_input.rs: a record with
        // "setup": {"rows": 255, ...} overflowed `2 * rows`.
        for rows in ["6", "128", "255"] {
            let spec = RulesSpec::variant("original").set("setup.rows", rows);
            let e = plateau::rules::load::<Stratego>(&spec)
                .unwrap_err()
                .to_string();
            assert!(
                e.contains(&format!("setup.rows = {rows}: must be 1 to 5")),
                "{e}"
            );
        }
        let spec = RulesSpec::variant("duel").set("setup.rows", "5");
        assert!(
            plateau::rules::load::<Stratego>(&spec).is_ok(),
            "half the board"
        );
    }

    #[test]
    fn lakes_across_the_whole_width_are_refused_naming_the_rule() {
        // S1.2, S4.4: an army never crosses a lake; a row of lakes from edge
        // to edge would make a game that never ends.
        let row5: Vec<String> = ('a'..='j').map(|f| format!("\"{f}5\"")).collect();
        let spec =
            RulesSpec::variant("original").set("board.lakes", &format!("[{}]", row5.join(",")));
        let e = plateau::rules::load::<Stratego>(&spec)
            .unwrap_err()
            .to_string();
        assert!(e.contains("board.lakes"), "{e}");
        assert!(e.contains("could never meet"), "{e}");
        assert!(e.contains("S4.4"), "{e}");
        // A wall with one gap is a way through.
        let gap: Vec<String> = ('a'..='i').map(|f| format!("\"{f}5\"")).collect();
        let spec =
            RulesSpec::variant("original").set("board.lakes", &format!("[{}]", gap.join(",")));
        assert!(plateau::rules::load::<Stratego>(&spec).is_ok());
        // A wall that steps up a rank halfway leaves no way through either.
        let stairs: Vec<String> = ('a'..='e')
            .map(|f| format!("\"{f}5\""))
            .chain(('e'..='j').map(|f| format!("\"{f}6\"")))
            .collect();
        let spec =
            RulesSpec::variant("original").set("board.lakes", &format!("[{}]", stairs.join(",")));
        assert!(plateau::rules::load::<Stratego>(&spec).is_err());
    }

    #[test]
    fn names_with_control_characters_are_refused() {
        for (key, value) in [
            ("sides.names", "[\"red\", \"bl\\u001b[2Jue\"]"),
            ("board.lake_name", "\"la\\u001bke\""),
            ("board.lake_name", "\"la\\u202eke\""),
        ] {
            let spec = RulesSpec::variant("original").set(key, value);
            let e = plateau::rules::load::<Stratego>(&spec)
                .unwrap_err()
                .to_string();
            assert!(e.contains("control or invisible character"), "{key}: {e}");
            assert!(!e.contains('\u{1b}'), "{e}");
        }
        // A piece's name is a key of the rules file.
        let original = Stratego::variants()[0].toml;
        let text = original.replacen("[pieces.scout]", "[pieces.\"sc\\u001bout\"]", 1);
        assert_ne!(text, original);
        let spec = RulesSpec {
            file: Some(("evil.toml".into(), text)),
            ..RulesSpec::default()
        };
        let e = plateau::rules::load::<Stratego>(&spec)
            .unwrap_err()
            .to_string();
        assert!(e.contains("control or invisible character"), "{e}");
        assert!(e.contains("pieces.sc\\u{1b}out"), "{e}");
    }
}
