//! Requests: a JSON object with `cmd`, an optional `tag`, and the fields of
//! the command, read with errors that name the field.

use super::error::{ErrorKind, Result, ServeError};
use serde_json::{Map, Value};

/// The commands and the fields each accepts (besides `cmd` and `tag`).
pub(crate) const COMMANDS: &[(&str, &[&str])] = &[
    ("games", &[]),
    ("rules", &["game"]),
    (
        "new",
        &["game", "variant", "set", "rules", "seed", "player"],
    ),
    ("load", &["record", "player"]),
    ("join", &["id", "player", "spectator"]),
    ("status", &["id"]),
    ("legal", &["id"]),
    ("play", &["id", "move", "viewer", "describe"]),
    ("undo", &["id", "count"]),
    ("answer_undo", &["id", "accept"]),
    ("offer_draw", &["id"]),
    ("answer_draw", &["id", "accept"]),
    ("resign", &["id", "player"]),
    ("view", &["id", "player"]),
    ("board", &["id", "log"]),
    ("state", &["id"]),
    ("record", &["id"]),
    (
        "genmove",
        &[
            "id", "agent", "budget", "play", "viewer", "describe", "analysis",
        ],
    ),
    (
        "playout",
        &[
            "game",
            "variant",
            "set",
            "rules",
            "seed",
            "count",
            "max_plies",
            "list",
        ],
    ),
    ("close", &["id"]),
    ("quit", &[]),
];

/// A request line read as JSON: the command, the echoed tag and the fields.
#[derive(Debug)]
pub(crate) struct Request {
    pub cmd: &'static str,
    pub fields: Map<String, Value>,
}

/// Reads a line into a request. On error, returns it with the tag if one
/// could be read.
pub(crate) fn parse(
    line: &[u8],
) -> std::result::Result<(Request, Option<Value>), (ServeError, Option<Value>)> {
    let text = std::str::from_utf8(line).map_err(|e| {
        (
            ServeError::new(
                ErrorKind::Parse,
                format!(
                    "the line is not valid UTF-8 (bad byte at offset {})",
                    e.valid_up_to()
                ),
            ),
            None,
        )
    })?;
    let (value, duplicate) = super::strict::parse(text).map_err(|e| {
        (
            ServeError::new(ErrorKind::Parse, format!("the line is not valid JSON: {e}")),
            None,
        )
    })?;
    let Value::Object(mut fields) = value else {
        return Err((
            ServeError::new(
                ErrorKind::Parse,
                "a request is a JSON object, e.g. {\"cmd\":\"games\"}",
            ),
            None,
        ));
    };
    let tag = fields.remove("tag");
    if let Some(key) = duplicate {
        // serde_json would keep the last value; a client that sends a key
        // twice has made a mistake that must not pass unnoticed.
        return Err((
            ServeError::bad_request(format!(
                "field '{}' is given twice; give each field once",
                clip(&key)
            )),
            tag,
        ));
    }
    let cmd = match fields.remove("cmd") {
        Some(Value::String(s)) => s,
        Some(_) => {
            return Err((ServeError::bad_request("field 'cmd' must be a string"), tag));
        }
        None => {
            return Err((
                ServeError::bad_request("missing field 'cmd' (the command, e.g. \"games\")"),
                tag,
            ));
        }
    };
    let Some((name, allowed)) = COMMANDS.iter().find(|(name, _)| *name == cmd) else {
        return Err((
            ServeError::new(
                ErrorKind::UnknownCommand,
                format!(
                    "unknown command '{}'; commands: {}",
                    clip(&cmd),
                    command_list()
                ),
            ),
            tag,
        ));
    };
    if let Some(field) = fields.keys().find(|k| !allowed.contains(&k.as_str())) {
        let mut known: Vec<&str> = allowed.to_vec();
        known.extend(["cmd", "tag"]);
        return Err((
            ServeError::bad_request(format!(
                "'{name}' has no field '{}'; its fields: {}",
                clip(field),
                known.join(", ")
            )),
            tag,
        ));
    }
    Ok((Request { cmd: name, fields }, tag))
}

/// The command names, comma-separated.
fn command_list() -> String {
    COMMANDS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A client's text shortened for an error message, with control characters
/// escaped so that the message stays on one line.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 80;
    let clipped = match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    };
    plateau::escape_controls(&clipped).into_owned()
}

impl Request {
    /// The field, if present and not `null`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.fields.get(name).filter(|v| !v.is_null())
    }

    /// A string field.
    pub fn str_opt(&self, name: &str) -> Result<Option<&str>> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(ServeError::bad_request(format!(
                "field '{name}' must be a string"
            ))),
        }
    }

    /// A required string field.
    pub fn str_req(&self, name: &str) -> Result<&str> {
        self.str_opt(name)?
            .ok_or_else(|| ServeError::bad_request(format!("missing field '{name}'")))
    }

    /// A non-negative integer field.
    pub fn u64_opt(&self, name: &str) -> Result<Option<u64>> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v.as_u64().map(Some).ok_or_else(|| {
                ServeError::bad_request(format!(
                    "field '{name}' must be a non-negative integer, not {}",
                    clip(&v.to_string())
                ))
            }),
        }
    }

    /// A boolean field.
    pub fn bool_opt(&self, name: &str) -> Result<Option<bool>> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(ServeError::bad_request(format!(
                "field '{name}' must be true or false"
            ))),
        }
    }

    /// The game `id` of the request: required, a non-negative integer.
    pub fn game_id(&self) -> Result<u64> {
        self.u64_opt("id")?.ok_or_else(|| {
            ServeError::bad_request(
                "missing field 'id' (the game id that 'new' or 'load' returned)",
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(line: &str) -> ErrorKind {
        parse(line.as_bytes()).unwrap_err().0.kind
    }

    #[test]
    fn reads_command_tag_and_fields() {
        let (req, tag) = parse(br#"{"cmd":"legal","id":3,"tag":"t1"}"#).unwrap();
        assert_eq!(req.cmd, "legal");
        assert_eq!(req.game_id().unwrap(), 3);
        assert_eq!(tag, Some(Value::String("t1".into())));
    }

    #[test]
    fn malformed_lines_are_parse_errors() {
        assert_eq!(kind("{"), ErrorKind::Parse);
        assert_eq!(kind("[1,2]"), ErrorKind::Parse);
        assert_eq!(
            parse(b"{\"cmd\":\"g\xffames\"}").unwrap_err().0.kind,
            ErrorKind::Parse
        );
    }

    #[test]
    fn unknown_commands_and_fields_are_named() {
        assert_eq!(kind(r#"{"cmd":"fly"}"#), ErrorKind::UnknownCommand);
        let (err, tag) = parse(br#"{"cmd":"legal","id":1,"mvoe":"a","tag":5}"#).unwrap_err();
        assert_eq!(err.kind, ErrorKind::BadRequest);
        assert!(err.message.contains("'mvoe'"), "{}", err.message);
        assert_eq!(tag, Some(Value::from(5)));
        assert_eq!(kind(r#"{"id":1}"#), ErrorKind::BadRequest);
        assert_eq!(kind(r#"{"cmd":7}"#), ErrorKind::BadRequest);
    }

    #[test]
    fn typed_fields_reject_wrong_types() {
        let (req, _) = parse(br#"{"cmd":"new","game":1,"seed":-4}"#).unwrap();
        assert!(req.str_opt("game").is_err());
        assert!(req.u64_opt("seed").is_err());
        assert_eq!(req.u64_opt("missing").unwrap(), None);
    }

    #[test]
    fn clip_shortens_long_text_on_a_char_boundary() {
        let long = "é".repeat(200);
        let clipped = clip(&long);
        assert_eq!(clipped.chars().count(), 83);
        assert_eq!(clip("short"), "short");
    }

    #[test]
    fn names_with_line_breaks_stay_on_one_line() {
        // Found by tests/tests/malformed_input.rs: the field "0x\ny".
        let (err, _) = parse(br#"{"cmd":"legal","id":1,"0x\ny":1}"#).unwrap_err();
        assert!(err.message.contains("no field '0x\\ny'"), "{}", err.message);
        let (err, _) = parse(br#"{"cmd":"fl\r\ny"}"#).unwrap_err();
        assert!(
            err.message.contains("unknown command 'fl\\r\\ny'"),
            "{}",
            err.message
        );
    }
}
