//! Move notation (RULES.md O1.2, O1.3): a move is the name of the house sown
//! from, `A`–`F` for South's houses and `a`–`f` for North's (with six
//! houses a row; fewer or more letters with other sizes).

use crate::board::House;

/// Reads a house name under rules with `houses` houses a row (`C`, ` d `;
/// surrounding blanks are ignored; the case says whose house it is). The
/// error is one line saying what is wrong.
pub fn parse_house(text: &str, houses: usize) -> Result<House, String> {
    let last_upper = (b'A' + houses as u8 - 1) as char;
    let last_lower = last_upper.to_ascii_lowercase();
    let expected = format!(
        "a move is a house name, A–{last_upper} (south's houses) or a–{last_lower} (north's)"
    );
    let trimmed = text.trim();
    let mut chars = trimmed.chars();
    let letter = match (chars.next(), chars.next()) {
        (None, _) => return Err(format!("empty move; {expected}")),
        (Some(c), None) => c,
        _ => return Err(format!("'{trimmed}' is not one letter; {expected}")),
    };
    match House::from_letter(letter) {
        Some(house) if house.index() < houses => Ok(house),
        _ => Err(format!("no house '{letter}'; {expected}")),
    }
}

/// Writes a house name, e.g. `C`.
pub fn format_house(house: House) -> String {
    house.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::Player;

    #[test]
    fn names_round_trip() {
        for owner in [Player(0), Player(1)] {
            for i in 0..6 {
                let house = House::new(owner, i).unwrap();
                assert_eq!(parse_house(&format_house(house), 6), Ok(house));
            }
        }
        assert_eq!(parse_house(" d ", 6).unwrap().place(6), 9);
    }

    #[test]
    fn bad_names_give_one_line_reasons() {
        for bad in ["", "G", "g", "AB", "1", "ä", "A1"] {
            let err = parse_house(bad, 6).unwrap_err();
            assert!(!err.contains('\n'), "{err}");
            assert!(err.contains("A–F"), "{bad}: {err}");
        }
        assert!(parse_house("E", 4).unwrap_err().contains("no house 'E'"));
    }
}
