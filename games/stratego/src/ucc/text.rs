//! The protocol's words: colours, piece tokens, moves, outcomes, setup rows
//! and board rows, and the check that a variant can be played over it.

use super::UccError;
use crate::board::Square;
use crate::params::Movement;
use crate::setup::Setup;
use crate::state::{Combat, Event};
use crate::view::{StrategoView, ViewSquare};
use crate::{Clash, Stratego};
use plateau::Player;

/// The board's width and height over the protocol (always 10).
pub const SIZE: u8 = 10;

/// Longest line read from the other side; a longer one is malformed.
pub(crate) const MAX_LINE: usize = 512;

/// The protocol's token of each piece name: `1` (marshal) .. `9` (scout),
/// `s` (spy), `B` (bomb), `F` (flag).
const TOKENS: [(&str, char); 12] = [
    ("marshal", '1'),
    ("general", '2'),
    ("colonel", '3'),
    ("major", '4'),
    ("captain", '5'),
    ("lieutenant", '6'),
    ("sergeant", '7'),
    ("miner", '8'),
    ("scout", '9'),
    ("spy", 's'),
    ("bomb", 'B'),
    ("flag", 'F'),
];

/// The colour the protocol gives a side: RED is Plateau's first player (top
/// of the protocol's board, rows y = 0..3, moves first), BLUE the second.
pub fn colour_name(player: Player) -> &'static str {
    if player.index() == 0 {
        "RED"
    } else {
        "BLUE"
    }
}

/// A variant as the protocol can carry it: the token of each kind and the
/// one kind that may move more than one square.
#[derive(Clone, Debug)]
pub(crate) struct UccRules {
    tokens: Vec<char>,
    /// The kind that moves more than a square (the scout): a long move
    /// names it.
    pub(crate) far_mover: Option<u8>,
}

impl UccRules {
    /// Checks that `game` can be played over the protocol: a 10 x 10 board
    /// with the lakes of the standard board, home areas on rows 1-4 and
    /// 7-10, pieces the protocol names, no option rule of S12 (the protocol
    /// has no word for a silent defence, a return or a moving bomb).
    pub(crate) fn of(game: &Stratego) -> Result<UccRules, UccError> {
        let rules = &game.rules;
        let refuse = |why: String| Err(UccError::Rules(why));
        if rules.files != SIZE || rules.ranks != SIZE {
            return refuse(format!(
                "the protocol's board is 10 x 10, these rules have {} x {}",
                rules.files, rules.ranks
            ));
        }
        let mut lakes: Vec<(u8, u8)> = rules.lakes.iter().map(|s| (s.file(), s.rank())).collect();
        lakes.sort_unstable();
        // (file, rank), in order: c5 c6 d5 d6 g5 g6 h5 h6.
        let standard: Vec<(u8, u8)> = [2u8, 3, 6, 7]
            .into_iter()
            .flat_map(|f| [(f, 4u8), (f, 5u8)])
            .collect();
        if lakes != standard {
            return refuse("the protocol's lakes are c5 d5 g5 h5 c6 d6 g6 h6; these rules place them elsewhere".into());
        }
        let o = &game.params.options;
        for (on, name) in [
            (o.attacker_advantage, "attacker-advantage (S12.1)"),
            (o.explosive_bombs, "explosive-bombs (S12.2)"),
            (o.mobile_bombs, "mobile-bombs (S12.3)"),
            (o.mobile_flag, "mobile-flag (S12.4)"),
            (o.reconquest, "reconquest (S12.5)"),
            (o.silent_defense, "silent-defense (S12.6)"),
        ] {
            if on {
                return refuse(format!("the protocol has no option rules; {name} is on"));
            }
        }
        for (side, rows) in [(0usize, 0..4u8), (1, 6..10)] {
            if rules.home[side].iter().any(|s| !rows.contains(&s.rank())) {
                return refuse(format!(
                    "the protocol's home areas are ranks 1-4 and 7-10; {}'s is not",
                    game.rules.names[side]
                ));
            }
        }
        let mut tokens = Vec::new();
        let mut far_mover = None;
        for (k, kind) in rules.kinds.iter().enumerate() {
            let Some(&(_, token)) = TOKENS.iter().find(|(n, _)| *n == kind.name) else {
                return refuse(format!("the protocol has no piece '{}'", kind.name));
            };
            tokens.push(token);
            match kind.moves {
                Movement::Fixed | Movement::Step => {}
                Movement::Scout if far_mover.is_none() => far_mover = Some(k as u8),
                _ => {
                    return refuse(format!(
                        "the protocol lets only the scout move more than a square; '{}' does",
                        kind.name
                    ))
                }
            }
        }
        Ok(UccRules { tokens, far_mover })
    }

    /// The token of a kind.
    pub(crate) fn token(&self, kind: u8) -> char {
        self.tokens.get(kind as usize).copied().unwrap_or('?')
    }

    /// The kind of a token, if these rules have it.
    pub(crate) fn kind(&self, token: char) -> Option<u8> {
        self.tokens
            .iter()
            .position(|&t| t == token)
            .map(|k| k as u8)
    }

    /// The kind named by a rank token in an outcome, or an error naming it.
    fn rank(&self, token: &str, line: &str) -> Result<u8, String> {
        let mut chars = token.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self
                .kind(c)
                .ok_or_else(|| format!("'{token}' is no piece of these rules in '{line}'")),
            _ => Err(format!("'{token}' is not a piece's token in '{line}'")),
        }
    }

    /// The four setup rows a side sends (`ROW1` first: the highest row of
    /// the protocol's board, so RED's back row and BLUE's front row).
    pub(crate) fn setup_rows(&self, game: &Stratego, player: Player, setup: &Setup) -> Vec<String> {
        let home = game.home_area(player);
        let base = if player.index() == 0 { 0 } else { 6 };
        (base..base + 4)
            .map(|y| {
                (0..SIZE)
                    .map(|x| {
                        let at =
                            Square::new(x, y).and_then(|sq| home.iter().position(|h| *h == sq));
                        match at.and_then(|i| setup.kind(i)) {
                            Some(k) => self.token(k),
                            None => '.',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// A side's setup from its four rows, checked by the rules; the error
    /// names the row and the character at fault.
    pub(crate) fn read_setup(
        &self,
        game: &Stratego,
        player: Player,
        rows: &[String],
    ) -> Result<Setup, String> {
        let home = game.home_area(player);
        let base = if player.index() == 0 { 0 } else { 6 };
        let mut kinds = vec![None; home.len()];
        for (i, row) in rows.iter().enumerate() {
            let row = row.trim();
            if row.chars().count() != SIZE as usize {
                return Err(format!(
                    "setup row {} '{}' has {} characters, not 10",
                    i + 1,
                    clip(row),
                    row.chars().count()
                ));
            }
            for (x, c) in row.chars().enumerate() {
                if c == '.' {
                    continue;
                }
                let Some(kind) = self.kind(c) else {
                    return Err(format!(
                        "setup row {} '{row}': '{}' is no piece",
                        i + 1,
                        c.escape_debug()
                    ));
                };
                let sq = Square::new(x as u8, base + i as u8).expect("on the board");
                kinds[home
                    .iter()
                    .position(|h| *h == sq)
                    .expect("the home area is the four rows")] = Some(kind);
            }
        }
        let setup = Setup::new(kinds);
        game.check_setup(player, &setup)
            .map_err(|e| format!("setup {}: {e}", rows.join("/")))?;
        Ok(setup)
    }

    /// The ten board rows a side is shown (y = 0 first): its own pieces by
    /// token, every enemy piece as `#` (even one whose rank combat
    /// revealed), lakes as `+`, empty squares as `.`.
    pub(crate) fn board_rows(&self, view: &StrategoView) -> Vec<String> {
        (0..SIZE)
            .map(|y| {
                (0..SIZE)
                    .map(|x| match Square::new(x, y).and_then(|sq| view.square(sq)) {
                        Some(ViewSquare::Own { kind, .. }) => self.token(kind),
                        Some(ViewSquare::Opponent { .. }) => '#',
                        Some(ViewSquare::Lake) => '+',
                        _ => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// What the protocol says of a move that everyone saw (`event`): `OK`,
    /// or `KILLS`, `DIES` or `BOTHDIE` with the attacker's and the
    /// defender's tokens.
    pub(crate) fn outcome_of(&self, combat: Option<&Combat>) -> String {
        match combat {
            None => "OK".into(),
            Some(c) => {
                let word = match c.result {
                    Clash::AttackerWins => "KILLS",
                    Clash::DefenderWins => "DIES",
                    Clash::BothRemoved => "BOTHDIE",
                };
                let d = c.defender.map_or('?', |d| self.token(d));
                format!("{word} {} {d}", self.token(c.attacker))
            }
        }
    }

    /// An event of a move in the protocol's words: `X Y DIRECTION [N]
    /// OUTCOME`.
    pub(crate) fn event_line(&self, event: &Event) -> Option<String> {
        match event {
            Event::Move {
                from, to, combat, ..
            } => Some(format!(
                "{} {}",
                UccMove::between(*from, *to)?,
                self.outcome_of(combat.as_ref())
            )),
            _ => None,
        }
    }

    /// Reads an outcome's words (what follows a move in the manager's
    /// lines).
    pub(crate) fn read_outcome(&self, words: &[&str], line: &str) -> Result<Outcome, String> {
        let ranks = |rest: &[&str]| -> Result<(u8, u8), String> {
            match rest {
                [a, d] => Ok((self.rank(a, line)?, self.rank(d, line)?)),
                _ => Err(format!("expected two ranks after the outcome in '{line}'")),
            }
        };
        match words {
            ["OK"] => Ok(Outcome::Ok),
            ["ILLEGAL", ..] => Ok(Outcome::Illegal),
            ["VICTORY_FLAG", ..] => Ok(Outcome::VictoryFlag),
            ["VICTORY_ATTRITION", ..] => Ok(Outcome::VictoryAttrition),
            ["KILLS", rest @ ..] => ranks(rest).map(|(a, d)| Outcome::Kills(a, d)),
            ["DIES", rest @ ..] => ranks(rest).map(|(a, d)| Outcome::Dies(a, d)),
            ["BOTHDIE", rest @ ..] => ranks(rest).map(|(a, d)| Outcome::BothDie(a, d)),
            _ => Err(format!("unknown outcome in '{line}'")),
        }
    }
}

/// What the manager says a move did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// A move to an empty square.
    Ok,
    /// The attacker (first kind) removed the defender (second).
    Kills(u8, u8),
    /// The attacker was removed by the defender.
    Dies(u8, u8),
    /// Both were removed.
    BothDie(u8, u8),
    /// The move took the flag.
    VictoryFlag,
    /// The move left a side without a movable piece.
    VictoryAttrition,
    /// The move was refused.
    Illegal,
}

/// A direction of the protocol: UP is towards y = 0 (rank 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// A move as the protocol writes it: `X Y DIRECTION [MULTIPLIER]`, x from
/// the left (file a), y from the top (rank 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct UccMove {
    pub(crate) x: u8,
    pub(crate) y: u8,
    pub(crate) direction: Direction,
    pub(crate) steps: u8,
}

impl UccMove {
    /// The move between two squares of a line.
    pub(crate) fn between(from: Square, to: Square) -> Option<UccMove> {
        let (fx, fy, tx, ty) = (from.file(), from.rank(), to.file(), to.rank());
        let (direction, steps) = match (fx.cmp(&tx), fy.cmp(&ty)) {
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Greater) => (Direction::Up, fy - ty),
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Less) => (Direction::Down, ty - fy),
            (std::cmp::Ordering::Greater, std::cmp::Ordering::Equal) => (Direction::Left, fx - tx),
            (std::cmp::Ordering::Less, std::cmp::Ordering::Equal) => (Direction::Right, tx - fx),
            _ => return None,
        };
        Some(UccMove {
            x: fx,
            y: fy,
            direction,
            steps,
        })
    }

    /// Reads `X Y DIRECTION [MULTIPLIER]` from the first words of `words`;
    /// gives the move and the words left. The error names what is wrong.
    pub(crate) fn read<'a>(
        words: &'a [&'a str],
        line: &str,
    ) -> Result<(UccMove, &'a [&'a str]), String> {
        let [x, y, direction, rest @ ..] = words else {
            return Err(format!(
                "expected 'X Y DIRECTION [MULTIPLIER]', got '{}'",
                clip(line)
            ));
        };
        let coordinate = |w: &str, name: &str| -> Result<u8, String> {
            w.parse::<u8>()
                .ok()
                .filter(|v| *v < SIZE)
                .ok_or_else(|| format!("{name} '{}' is not 0 to 9 in '{}'", clip(w), clip(line)))
        };
        let (x, y) = (coordinate(x, "X")?, coordinate(y, "Y")?);
        let direction = match *direction {
            "UP" => Direction::Up,
            "DOWN" => Direction::Down,
            "LEFT" => Direction::Left,
            "RIGHT" => Direction::Right,
            other => {
                return Err(format!(
                    "direction '{}' is not UP, DOWN, LEFT or RIGHT in '{}'",
                    clip(other),
                    clip(line)
                ))
            }
        };
        let (steps, rest) = match rest.first().map(|w| w.parse::<u32>()) {
            Some(Ok(n)) => {
                if !(1..SIZE as u32).contains(&n) {
                    return Err(format!("multiplier {n} is not 1 to 9 in '{}'", clip(line)));
                }
                (n as u8, &rest[1..])
            }
            _ => (1, rest),
        };
        Ok((
            UccMove {
                x,
                y,
                direction,
                steps,
            },
            rest,
        ))
    }

    /// Where the move starts.
    pub(crate) fn from(&self) -> Square {
        Square::new(self.x, self.y).expect("0 to 9")
    }

    /// Where it ends, if on the board.
    pub(crate) fn to(&self) -> Option<Square> {
        let (x, y, n) = (self.x as i16, self.y as i16, self.steps as i16);
        let (tx, ty) = match self.direction {
            Direction::Up => (x, y - n),
            Direction::Down => (x, y + n),
            Direction::Left => (x - n, y),
            Direction::Right => (x + n, y),
        };
        ((0..SIZE as i16).contains(&tx) && (0..SIZE as i16).contains(&ty))
            .then(|| Square::new(tx as u8, ty as u8))
            .flatten()
    }
}

impl std::fmt::Display for UccMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = match self.direction {
            Direction::Up => "UP",
            Direction::Down => "DOWN",
            Direction::Left => "LEFT",
            Direction::Right => "RIGHT",
        };
        write!(f, "{} {} {d}", self.x, self.y)?;
        if self.steps > 1 {
            write!(f, " {}", self.steps)?;
        }
        Ok(())
    }
}

/// A line as an error repeats it: control characters escaped, at most 80
/// characters.
pub(crate) fn clip(text: &str) -> String {
    let escaped: String = text.chars().flat_map(char::escape_debug).collect();
    match escaped.char_indices().nth(80) {
        Some((end, _)) => format!("{}...", &escaped[..end]),
        None => escaped,
    }
}
