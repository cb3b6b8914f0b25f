//! Gravon records (S13): the StraDoS2 XML format of the Gravon archive,
//! converted to Plateau records under the rules those games were played with:
//! classic-5 for `classic` and barrage with a two-squares limit of 5 and no
//! chase rule for `barrage`, both without caps.
//!
//! Gravon squares use files `A`–`K` without `J` and write rank 10 as `:`;
//! the 100-character field holds the start position, rank 1 first, red
//! pieces `B`–`M` and blue `N`–`Y` (bomb, spy, scout, miner, sergeant,
//! lieutenant, captain, major, colonel, general, marshal, flag), `A` empty and
//! `_` lakes.

use crate::{Move, Setup, Square, Stratego};
use plateau::{escape_controls, GameRecord, Player, Session, Status};
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use thiserror::Error;

/// Why a Gravon record could not be imported. It shows on one line: text
/// from the record is shown with control characters escaped.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GravonError {
    /// The text is not well-formed XML.
    #[error(
        "not a Gravon record: XML error at byte {position}: {}",
        escape_controls(.message)
    )]
    Xml {
        /// Byte offset of the error.
        position: u64,
        /// What the XML reader said.
        message: String,
    },
    /// An element or attribute the format requires is missing or invalid.
    #[error("not a Gravon record: {}", escape_controls(.0))]
    Format(String),
    /// A game type these rules do not cover.
    #[error(
        "Gravon game type '{}' is not supported; supported: classic, barrage",
        escape_controls(.0)
    )]
    UnsupportedType(String),
    /// The start field is not a legal Original start position.
    #[error("field: {}", escape_controls(.0))]
    Field(String),
    /// A move cannot be read.
    #[error(
        "move {id}: '{}' is not a Gravon square (files A–K without J, ranks 1–9 and ':')",
        escape_controls(.square)
    )]
    Square {
        /// The move's id.
        id: usize,
        /// The square as written.
        square: String,
    },
    /// A move is not legal under the record's rules.
    #[error("move {id} ({from}-{to}) is illegal: {}", escape_controls(.reason))]
    Illegal {
        /// The move's id.
        id: usize,
        /// Its source square, in Plateau notation.
        from: String,
        /// Its target square.
        to: String,
        /// Why.
        reason: String,
    },
    /// The recorded result contradicts the replay.
    #[error("the recorded result (type {result_type}, winner {winner}) does not match the replay: {replay}")]
    ResultMismatch {
        /// Gravon's result type.
        result_type: u32,
        /// Gravon's winner (1 red, 2 blue, 3 none).
        winner: u32,
        /// What the replay gives.
        replay: String,
    },
}

/// A Gravon game as written in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GravonGame {
    /// The game type, e.g. `classic` or `barrage`.
    pub game_type: String,
    /// The 100-character start field.
    pub field: String,
    /// The moves, as (source, target) in Gravon squares, in order.
    pub moves: Vec<(String, String)>,
    /// The result type (0 opponent unable to move, 1 flag captured, 2 both
    /// unable to move, 3 forfeit, 4 tie, 10 both missing, 11–14 clocks and
    /// missing players).
    pub result_type: u32,
    /// The winner: 1 red, 2 blue, 3 none.
    pub winner: u32,
}

/// The variant and rules of a Gravon game type (S13): `classic` is
/// classic-5, `barrage` is barrage with a two-squares limit of 5 and no chase
/// rule; neither has caps.
pub fn rules_for(game_type: &str) -> Result<(&'static str, Stratego), GravonError> {
    let spec = match game_type {
        "classic" => plateau::RulesSpec::variant("classic-5"),
        "barrage" => plateau::RulesSpec::variant("barrage")
            .set("two_square_limit", "5")
            .set("chase_rule", "false"),
        other => return Err(GravonError::UnsupportedType(other.to_string())),
    };
    let spec = spec
        .set("max_plies", "0")
        .set("max_plies_without_capture", "0");
    let game = plateau::rules::load::<Stratego>(&spec)
        .expect("the shipped variants are valid")
        .game;
    Ok((
        if game_type == "classic" {
            "classic-5"
        } else {
            "barrage"
        },
        game,
    ))
}

fn attr(e: &BytesStart, name: &str) -> Result<Option<String>, GravonError> {
    for a in e.attributes() {
        let a = a.map_err(|err| GravonError::Format(format!("bad attribute: {err}")))?;
        if a.key.as_ref() == name.as_bytes() {
            let v = a
                .unescape_value()
                .map_err(|err| GravonError::Format(format!("bad attribute value: {err}")))?;
            return Ok(Some(v.into_owned()));
        }
    }
    Ok(None)
}

fn need(e: &BytesStart, element: &str, name: &str) -> Result<String, GravonError> {
    attr(e, name)?.ok_or_else(|| GravonError::Format(format!("<{element}> without '{name}'")))
}

/// Reads a Gravon StraDoS2 XML record.
pub fn parse(xml: &str) -> Result<GravonGame, GravonError> {
    let mut reader = Reader::from_str(xml);
    let mut game_type = None;
    let mut field = None;
    let mut moves = Vec::new();
    let mut result = None;
    loop {
        let event = reader.read_event().map_err(|e| GravonError::Xml {
            position: reader.error_position(),
            message: e.to_string(),
        })?;
        match event {
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                b"game" => game_type = Some(need(&e, "game", "type")?),
                b"field" => field = Some(need(&e, "field", "content")?),
                b"move" => {
                    let id: usize = need(&e, "move", "id")?
                        .parse()
                        .map_err(|_| GravonError::Format("<move> id is not a number".into()))?;
                    if id != moves.len() + 1 {
                        return Err(GravonError::Format(format!(
                            "move id {id} where {} was expected",
                            moves.len() + 1
                        )));
                    }
                    moves.push((need(&e, "move", "source")?, need(&e, "move", "target")?));
                }
                b"result" => {
                    let number = |name: &str| -> Result<u32, GravonError> {
                        need(&e, "result", name)?.parse().map_err(|_| {
                            GravonError::Format(format!("<result> {name} is not a number"))
                        })
                    };
                    result = Some((number("type")?, number("winner")?));
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    let game_type = game_type.ok_or_else(|| GravonError::Format("no <game type=...>".into()))?;
    let field = field.ok_or_else(|| GravonError::Format("no <field content=...>".into()))?;
    let (result_type, winner) = result.ok_or_else(|| GravonError::Format("no <result>".into()))?;
    Ok(GravonGame {
        game_type,
        field,
        moves,
        result_type,
        winner,
    })
}

/// A Gravon square (`B4`, `K:`) as a square.
pub fn square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let file = match b[0].to_ascii_uppercase() {
        c @ b'A'..=b'I' => c - b'A',
        b'K' => 9,
        _ => return None,
    };
    let rank = match b[1] {
        c @ b'1'..=b'9' => c - b'1',
        b':' => 9,
        _ => return None,
    };
    Square::new(file, rank)
}

/// The Original piece names of Gravon's letters, red `B`–`M` (blue `N`–`Y`).
const PIECES: [&str; 12] = [
    "bomb",
    "spy",
    "scout",
    "miner",
    "sergeant",
    "lieutenant",
    "captain",
    "major",
    "colonel",
    "general",
    "marshal",
    "flag",
];

/// Both sides' setups from a 100-character Gravon field, for rules whose
/// pieces carry the Original names (`A` and `_` are empty).
pub fn setups_from_field(game: &Stratego, field: &str) -> Result<[Setup; 2], GravonError> {
    let bytes = field.as_bytes();
    if bytes.len() != 100 {
        return Err(GravonError::Field(format!(
            "{} characters, not 100",
            bytes.len()
        )));
    }
    let mut cells = [None; 100];
    for (i, &c) in bytes.iter().enumerate() {
        let sq = Square::new((i % 10) as u8, (i / 10) as u8).expect("100 squares");
        let (side, letter) = match c {
            b'A' | b'a' | b'_' => continue,
            b'B'..=b'M' => (0, c - b'B'),
            b'N'..=b'Y' => (1, c - b'N'),
            _ => {
                return Err(GravonError::Field(format!(
                    "'{}' on {sq} is not a Gravon piece letter",
                    c as char
                )))
            }
        };
        let name = PIECES[letter as usize];
        let kind = game
            .kind_of_name(name)
            .ok_or_else(|| GravonError::Field(format!("these rules have no {name} (on {sq})")))?;
        if !game.home_area(Player(side)).contains(&sq) {
            return Err(GravonError::Field(format!(
                "a {} piece on {sq}, outside its home area",
                ["red", "blue"][side as usize]
            )));
        }
        cells[i] = Some((side, kind));
    }
    let setup = |side: u8| -> Result<Setup, GravonError> {
        let s = Setup::new(game.home_area(Player(side)).iter().map(|sq| {
            let i = sq.rank() as usize * 10 + sq.file() as usize;
            cells[i].filter(|(s, _)| *s == side).map(|(_, k)| k)
        }));
        game.check_setup(Player(side), &s).map_err(|e| {
            GravonError::Field(format!("{} setup: {e}", ["red", "blue"][side as usize]))
        })?;
        Ok(s)
    };
    Ok([setup(0)?, setup(1)?])
}

/// Converts a Gravon StraDoS2 XML record into a Plateau record under the
/// rules of S13 ([`rules_for`]), replaying and checking every move.
///
/// The outcome: a flag capture (type 1) or a side unable to move (types 0,
/// 2) must be what the replay gives; a forfeit or a lost clock with a winner
/// (types 3, 11–14) becomes a resignation of the loser; other endings
/// (an agreed tie, both players missing) leave the game unfinished.
pub fn import(xml: &str) -> Result<GameRecord, GravonError> {
    let g = parse(xml)?;
    let (variant, game) = rules_for(&g.game_type)?;
    let setups = setups_from_field(&game, &g.field)?;
    let mut session = Session::new(game.clone(), variant, 0);
    for s in setups {
        session
            .play(Move::Setup(s))
            .map_err(|e| GravonError::Field(e.reason))?;
    }
    for (i, (source, target)) in g.moves.iter().enumerate() {
        let id = i + 1;
        let from = square(source).ok_or_else(|| GravonError::Square {
            id,
            square: source.clone(),
        })?;
        let to = square(target).ok_or_else(|| GravonError::Square {
            id,
            square: target.clone(),
        })?;
        session
            .play(Move::Step { from, to })
            .map_err(|e| GravonError::Illegal {
                id,
                from: from.to_string(),
                to: to.to_string(),
                reason: e.reason,
            })?;
    }
    let mismatch = |replay: String| GravonError::ResultMismatch {
        result_type: g.result_type,
        winner: g.winner,
        replay,
    };
    let recorded_winner = match g.winner {
        1 => Some(Player(0)),
        2 => Some(Player(1)),
        _ => None,
    };
    match (session.status(), g.result_type) {
        (Status::Over(o), 1) if o.reason == crate::FLAG_CAPTURED && o.winner == recorded_winner => {
        }
        (Status::Over(o), 0 | 2)
            if (o.reason == crate::NO_LEGAL_MOVE || o.reason == crate::NO_MOVABLE_PIECES)
                && o.winner == recorded_winner => {}
        (Status::Over(o), _) => {
            return Err(mismatch(format!(
                "the game ends by rule after the last move: {}",
                plateau::describe_outcome(&game, Some(&o))
            )))
        }
        (Status::ToMove(_), 0..=2) => {
            return Err(mismatch("the game is not over after the last move".into()))
        }
        (Status::ToMove(_), 3 | 11..=14) => {
            if let Some(w) = recorded_winner {
                session.resign(w.opponent());
            }
        }
        (Status::ToMove(_), _) => {}
    }
    Ok(session.record())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_show_the_record_s_text_on_one_line() {
        // Found by tests/tests/malformed_input.rs: a move whose source
        // attribute holds a line break.
        let xml = "<stratego><game type=\"classic\"><field content=\"\"/>\
                   <move id=\"1\" source=\"\n2\" target=\"A5\"/>\
                   <result type=\"3\" winner=\"1\"/></game></stratego>";
        let game = parse(xml).unwrap();
        assert_eq!(game.moves[0].0, "\n2");
        let errors = [
            GravonError::Square {
                id: 1,
                square: "\n2".into(),
            },
            GravonError::UnsupportedType("classic\r\n".into()),
            GravonError::Format("a\nb".into()),
            GravonError::Field("a\nb".into()),
        ];
        for e in errors {
            let text = e.to_string();
            assert!(!text.contains('\n') && !text.contains('\r'), "{text}");
        }
        assert!(GravonError::Square {
            id: 1,
            square: "\n2".into()
        }
        .to_string()
        .contains("'\\n2' is not a Gravon square"));
    }
}
