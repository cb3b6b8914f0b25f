//! The players' names chosen in the lobby: the `names` field of
//! `POST /api/matches` (`{"0": "Ann", "blue": "Bob"}`, players by number
//! or name), each a person's seat's name as every client sees it.

use super::error::WebError;
use super::hub::clip;
use serde_json::Value;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// The player a key of `field` names (a number or a player's name), or
/// `unknown_player` listing the players.
pub(crate) fn player_of(field: &str, key: &str, players: &[String]) -> Result<usize, WebError> {
    key.parse::<usize>()
        .ok()
        .filter(|&i| i < players.len())
        .or_else(|| players.iter().position(|p| p.eq_ignore_ascii_case(key)))
        .ok_or_else(|| {
            let names: Vec<String> = players
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{i} ({n})"))
                .collect();
            WebError::new(
                "unknown_player",
                format!(
                    "field '{field}': no player '{}'; players: {}",
                    clip(key),
                    names.join(", ")
                ),
            )
        })
}

/// A name as given, trimmed: 1 to [`MAX_NAME_CHARS`] characters, none of
/// them a control character (nor a bidirectional override, which would
/// turn the text around it).
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 {
        return Err("a name has at least one character besides spaces".into());
    }
    if count > MAX_NAME_CHARS {
        return Err(format!(
            "a name has at most {MAX_NAME_CHARS} characters, not {count}"
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
    {
        return Err(format!(
            "a name holds printable characters only, not U+{:04X}",
            c as u32
        ));
    }
    Ok(name.to_string())
}

/// The name of each player from the `names` field (`None`: the player's
/// name under the rules). A name given for an agent's seat is refused:
/// names are for people.
pub(crate) fn names_field(
    field: Option<&Value>,
    players: &[String],
    agents: &[Option<String>],
) -> Result<Vec<Option<String>>, WebError> {
    let mut names = vec![None; players.len()];
    let map = match field {
        None | Some(Value::Null) => return Ok(names),
        Some(Value::Object(map)) => map,
        Some(_) => {
            return Err(WebError::bad_request(
                "field 'names' must be an object from player to name, e.g. {\"0\":\"Ann\"}",
            ))
        }
    };
    for (key, name) in map {
        let player = player_of("names", key, players)?;
        let Some(name) = name.as_str() else {
            return Err(WebError::bad_request(format!(
                "field 'names': the name of '{}' must be a string",
                clip(key)
            )));
        };
        if agents.get(player).is_some_and(Option::is_some) {
            return Err(WebError::bad_request(format!(
                "field 'names': player '{}' is played by an agent; names are for people's seats",
                clip(key)
            )));
        }
        let name = check_name(name).map_err(|e| {
            WebError::new(
                "bad_name",
                format!("field 'names', player '{}': {e}", clip(key)),
            )
        })?;
        names[player] = Some(name);
    }
    Ok(names)
}
