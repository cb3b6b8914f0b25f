//! serde's messages in plain words.
//!
//! A rules file, a record or a saved game that does not read gives serde's
//! message (`invalid type: string "lots", expected u32`), which speaks of
//! Rust's types. [`plain_serde_message`] says the same for a person:
//! `must be a whole number (0 or more), not the text "lots"`. The key or
//! field is named by the caller (see [`crate::rules::parse_params`] and
//! [`crate::GameRecord::from_json`]).
//!
//! ```
//! use plateau::plain_words::plain_serde_message;
//! assert_eq!(
//!     plain_serde_message("invalid type: string \"lots\", expected u32 in `max_sowings`"),
//!     "must be a whole number (0 or more), not the text \"lots\""
//! );
//! ```

/// serde's message `message` in plain words: what was expected and what was
/// found, without Rust's type names, and without the ` in `key`` or
/// ` at line L column C` tails (the caller names where).
pub fn plain_serde_message(message: &str) -> String {
    let message = strip_tails(message.trim());
    if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
    {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            return format!(
                "must be {}, not {}",
                expected_phrase(expected),
                found_phrase(found)
            );
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        if let Some((length, expected)) = rest.split_once(", expected ") {
            return format!(
                "has {length} entries; expected {}",
                expected_phrase(expected)
            );
        }
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        return format!("the field {} is missing", quoted(rest));
    }
    if let Some(rest) = message.strip_prefix("duplicate field ") {
        return format!("the field {} is given twice", quoted(rest));
    }
    for (prefix, what) in [("unknown field ", "field"), ("unknown variant ", "value")] {
        if let Some(rest) = message.strip_prefix(prefix) {
            return match rest.split_once(", expected ") {
                Some((name, expected)) => format!(
                    "unknown {what} {}; accepted: {}",
                    quoted(name),
                    backticked_list(expected)
                ),
                None => format!("unknown {what} {}", quoted(rest)),
            };
        }
    }
    if let Some(rest) = message.strip_prefix("EOF while parsing ") {
        return format!("the text ends too early, in the middle of {rest}");
    }
    message.to_string()
}

/// Where serde_json found the fault, `(line, column)`, read from the end of
/// its message.
pub fn json_position(message: &str) -> Option<(usize, usize)> {
    let i = message.rfind(" at line ")?;
    let (line, column) = message[i + " at line ".len()..].split_once(" column ")?;
    Some((line.trim().parse().ok()?, column.trim().parse().ok()?))
}

fn strip_tails(message: &str) -> &str {
    let mut m = message;
    if let Some(i) = m.rfind(" at line ") {
        if json_position(m).is_some() {
            m = &m[..i];
        }
    }
    if m.ends_with('`') {
        if let Some(i) = m.rfind(" in `") {
            m = &m[..i];
        }
    }
    m
}

/// `` `a` `` or `'a'` as `'a'`.
fn quoted(text: &str) -> String {
    format!("'{}'", text.trim().trim_matches('`').trim_matches('\''))
}

/// serde's "one of `a`, `b`" (or "`a` or `b`") as "a, b".
fn backticked_list(text: &str) -> String {
    let words: Vec<&str> = text.split('`').skip(1).step_by(2).collect();
    if words.is_empty() {
        text.trim_start_matches("one of ").to_string()
    } else {
        words.join(", ")
    }
}

fn expected_phrase(expected: &str) -> String {
    let e = expected.trim();
    let phrase = match e {
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number (0 or more)",
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        "a string" | "string" => "text (a string in quotes)",
        "a character" | "char" => "one character",
        "a boolean" | "bool" => "true or false",
        "a sequence" => "a list",
        "a map" => "a table",
        "unit" => "nothing",
        _ if e.starts_with("struct ") => "a table",
        _ if e.starts_with("a tuple of size ") || e.starts_with("tuple of ") => "a list",
        _ if e.starts_with("one of ") => return format!("one of {}", backticked_list(e)),
        _ => return e.to_string(),
    };
    phrase.to_string()
}

fn found_phrase(found: &str) -> String {
    let f = found.trim();
    let inner = |prefix: &str| {
        f.strip_prefix(prefix)
            .map(|rest| rest.trim().trim_matches('`').to_string())
    };
    if let Some(text) = f.strip_prefix("string ") {
        return format!("the text {}", text.trim());
    }
    for prefix in ["integer ", "floating point "] {
        if let Some(n) = inner(prefix) {
            return format!("the number {n}");
        }
    }
    if let Some(b) = inner("boolean ") {
        return b;
    }
    match f {
        "sequence" => "a list".into(),
        "map" => "a table".into(),
        "unit value" | "null" => "nothing (null)".into(),
        "char" => "a character".into(),
        _ => f.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_messages_read_as_plain_words() {
        for (serde, plain) in [
            (
                "invalid type: string \"lots\", expected u32 in `max_sowings`",
                "must be a whole number (0 or more), not the text \"lots\"",
            ),
            (
                "invalid value: integer `-1`, expected u32",
                "must be a whole number (0 or more), not the number -1",
            ),
            (
                "invalid type: integer `5`, expected a string at line 1 column 279",
                "must be text (a string in quotes), not the number 5",
            ),
            (
                "invalid type: sequence, expected a boolean",
                "must be true or false, not a list",
            ),
            ("missing field `game`", "the field 'game' is missing"),
            (
                "unknown field `colour`, expected one of `name`, `agent`",
                "unknown field 'colour'; accepted: name, agent",
            ),
            (
                "invalid length 3, expected an array of length 16",
                "has 3 entries; expected an array of length 16",
            ),
        ] {
            let got = plain_serde_message(serde);
            assert_eq!(got, plain, "{serde}");
            for rust in ["u32", "invalid type", "`"] {
                assert!(!got.contains(rust), "{got}");
            }
        }
    }

    #[test]
    fn other_messages_pass_through() {
        assert_eq!(
            plain_serde_message("EOF while parsing"),
            "EOF while parsing"
        );
        assert_eq!(json_position("x at line 3 column 14"), Some((3, 14)));
        assert_eq!(json_position("no position"), None);
    }
}
