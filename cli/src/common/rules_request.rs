//! The rules a client's request names, for the two servers (`plateau
//! serve` and `plateau web`): the variant checked against the game's, the
//! `set` field read as `--set` overrides, and the rules loaded. Each server
//! wraps the messages in its own error and clips the client's text its own
//! way (`clip`).

use plateau::{DynGame, GameEntry, RulesSpec};
use serde_json::Value;

/// The message for a `variant` that `entry` does not have, if so.
pub fn unknown_variant(
    entry: &dyn GameEntry,
    name: &str,
    clip: fn(&str) -> String,
) -> Option<String> {
    if entry
        .variants()
        .iter()
        .any(|v| v.name.eq_ignore_ascii_case(name))
    {
        return None;
    }
    let names: Vec<&str> = entry.variants().iter().map(|v| v.name).collect();
    Some(format!(
        "unknown variant '{}' of {}; variants: {}",
        clip(name),
        entry.id(),
        names.join(", ")
    ))
}

/// The `set` field: `{"key": value}` or `["key=value"]`, as `--set`
/// overrides; absent or `null`, none. The error is a bad request's message.
pub fn overrides(
    field: Option<&Value>,
    clip: fn(&str) -> String,
) -> Result<Vec<(String, String)>, String> {
    match field {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(key, value)| match value {
                Value::String(s) => Ok((key.clone(), s.clone())),
                Value::Number(_) | Value::Bool(_) | Value::Array(_) => {
                    Ok((key.clone(), value.to_string()))
                }
                _ => Err(format!(
                    "field 'set': the value of '{}' must be a string, number, boolean or list",
                    clip(key)
                )),
            })
            .collect(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                Value::String(s) => RulesSpec::parse_override(s).map_err(|mut e| {
                    e.source_name = "set".to_string();
                    e.to_string()
                }),
                _ => Err("field 'set': a list holds \"key=value\" strings".to_string()),
            })
            .collect(),
        Some(_) => Err(
            "field 'set' must be an object {\"key\": value} or a list of \"key=value\" strings"
                .to_string(),
        ),
    }
}

/// The rules of `spec`, whose overrides came from the `set` field; the
/// error is a bad rules message naming that field (not `--set`).
pub fn load(entry: &dyn GameEntry, spec: &RulesSpec) -> Result<Box<dyn DynGame>, String> {
    entry.load(spec).map_err(|mut e| {
        if e.source_name == "--set" {
            e.source_name = "set".to_string();
        }
        e.to_string()
    })
}
