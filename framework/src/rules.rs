//! Loading rules parameters from TOML: embedded variants, users' files and
//! `key=value` overrides, all validated with errors that name file and key.

use crate::{Game, RulesError};
use serde::Serialize;

/// Where a game's rules come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesSpec {
    /// A shipped variant by name; `None` is the default variant.
    pub variant: Option<String>,
    /// A user's own rules file: (name shown in errors, TOML text). It replaces
    /// the variant's file.
    pub file: Option<(String, String)>,
    /// Single parameters to override, as (dotted key, value text), applied in order.
    pub overrides: Vec<(String, String)>,
}

impl RulesSpec {
    /// The default variant with no overrides.
    pub fn default_variant() -> Self {
        RulesSpec::default()
    }

    /// A shipped variant by name.
    pub fn variant(name: &str) -> Self {
        RulesSpec {
            variant: Some(name.to_string()),
            ..RulesSpec::default()
        }
    }

    /// Adds an override `key=value`.
    pub fn set(mut self, key: &str, value: &str) -> Self {
        self.overrides.push((key.to_string(), value.to_string()));
        self
    }

    /// Reads `key=value` into a pair, for `--set`.
    pub fn parse_override(text: &str) -> Result<(String, String), RulesError> {
        match text.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                Ok((k.trim().to_string(), v.trim().to_string()))
            }
            _ => Err(
                RulesError::new(format!("override '{text}' is not of the form key=value"))
                    .in_source("--set"),
            ),
        }
    }
}

/// The rules loaded from a spec, with the variant name recorded for records.
#[derive(Clone, Debug)]
pub struct Loaded<G> {
    /// The validated rules.
    pub game: G,
    /// The variant name: the shipped variant's, or the user file's stem.
    pub variant: String,
}

/// Loads and validates a game's rules from a [`RulesSpec`].
pub fn load<G: Game>(spec: &RulesSpec) -> Result<Loaded<G>, RulesError> {
    let (source, text, variant) = match (&spec.file, &spec.variant) {
        (Some((name, text)), _) => {
            let stem = std::path::Path::new(name)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| name.clone());
            (name.clone(), text.as_str(), stem)
        }
        (None, name) => {
            let variant = find_variant::<G>(name.as_deref())?;
            (
                format!("{}.toml", variant.name),
                variant.toml,
                variant.name.to_string(),
            )
        }
    };
    let params: G::Params = parse_params(&source, text)?;
    let params = apply_overrides::<G>(params, &spec.overrides)?;
    let variant = crate::escape_controls(&variant).into_owned();
    let checked = check_printable(&params);
    let game = checked.and_then(|()| G::new(params)).map_err(|e| {
        let overridden = e
            .key
            .as_ref()
            .is_some_and(|k| spec.overrides.iter().any(|(o, _)| o == k));
        e.in_source(if overridden { "--set" } else { &source })
    })?;
    Ok(Loaded { game, variant })
}

/// The shipped variant of that name, in any case like game names (`None`:
/// the default one).
pub fn find_variant<G: Game>(name: Option<&str>) -> Result<&'static crate::Variant, RulesError> {
    let variants = G::variants();
    match name {
        None => variants
            .first()
            .ok_or_else(|| RulesError::new(format!("{} has no rules variants", G::NAME))),
        Some(n) => variants
            .iter()
            .find(|v| v.name.eq_ignore_ascii_case(n))
            .ok_or_else(|| {
                let names: Vec<_> = variants.iter().map(|v| v.name).collect();
                RulesError::new(format!(
                    "unknown variant '{n}' of {}; variants: {}",
                    G::ID,
                    names.join(", ")
                ))
            }),
    }
}

/// Whether a character may stand in a name shown on a terminal: no control
/// character (ESC, line breaks, ...), no line or paragraph separator, and no
/// invisible formatting character that reorders or hides text (bidirectional
/// overrides and isolates, zero-width characters, the byte-order mark).
pub fn is_printable(c: char) -> bool {
    !(c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}'))
}

/// Checks that every text of the parameters (names, symbols, every string
/// value and key) is printable ([`is_printable`]): rules files and records
/// are text from outside, and their names reach the terminal. The error
/// names the key; the value is shown escaped.
pub fn check_printable<P: Serialize>(params: &P) -> Result<(), RulesError> {
    fn walk(value: &serde_json::Value, key: &str) -> Result<(), RulesError> {
        let bad = |text: &str, what: &str| {
            RulesError::new(format!(
                "{what} has a control or invisible character; names must be printable text"
            ))
            .key(key.to_string())
            .value(format!("\"{}\"", text.escape_default()))
        };
        match value {
            serde_json::Value::String(s) if !s.chars().all(is_printable) => Err(bad(s, "the text")),
            serde_json::Value::Array(items) => items
                .iter()
                .enumerate()
                .try_for_each(|(i, v)| walk(v, &format!("{key}[{i}]"))),
            serde_json::Value::Object(map) => map.iter().try_for_each(|(k, v)| {
                let sub = if key.is_empty() {
                    k.clone()
                } else {
                    format!("{key}.{k}")
                };
                if !k.chars().all(is_printable) {
                    return Err(bad(k, "the key").key(crate::escape_controls(&sub).into_owned()));
                }
                walk(v, &sub)
            }),
            _ => Ok(()),
        }
    }
    match serde_json::to_value(params) {
        Ok(value) => walk(&value, ""),
        Err(_) => Ok(()),
    }
}

/// Parses TOML text into parameters; unknown keys and wrong types are errors
/// naming the key.
pub fn parse_params<P: serde::de::DeserializeOwned>(
    source: &str,
    text: &str,
) -> Result<P, RulesError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        RulesError::new(format!("invalid TOML: {}", one_line(e.message()))).in_source(location(
            source,
            text,
            e.span(),
        ))
    })?;
    from_table(source, table).map_err(|mut e| {
        // Name the line of the key that is wrong, as for a syntax error.
        if let Some(line) = e.key.as_deref().and_then(|k| key_line(text, k)) {
            if e.source_name == source {
                e.source_name = format!("{source}:{line}");
            }
        }
        e
    })
}

/// The 1-based line where the dotted `key` is set in TOML `text`: under its
/// table's `[header]` (or at the top for a key without one), the line that
/// starts with the key's last part followed by `=`. `None` when it is not
/// written there (a default, an inline table).
fn key_line(text: &str, key: &str) -> Option<usize> {
    let key = key.split('[').next().unwrap_or(key);
    let (table, last) = match key.rsplit_once('.') {
        Some((table, last)) => (table, last),
        None => ("", key),
    };
    let mut current = String::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            current = header.trim().trim_matches(['[', ']']).trim().to_string();
            continue;
        }
        let Some((name, _)) = line.split_once('=') else {
            continue;
        };
        let name = name.trim().trim_matches('"');
        if current == table && name == last {
            return Some(i + 1);
        }
        // A dotted key written out in full (`start.south = ...`).
        if current.is_empty() && name == key {
            return Some(i + 1);
        }
    }
    None
}

fn location(source: &str, text: &str, span: Option<std::ops::Range<usize>>) -> String {
    match span {
        Some(span) => {
            let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
            format!("{source}:{line}")
        }
        None => source.to_string(),
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn from_table<P: serde::de::DeserializeOwned>(
    source: &str,
    table: toml::Table,
) -> Result<P, RulesError> {
    let value = toml::Value::Table(table);
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let reason = one_line(&e.inner().to_string());
        let err = match not_one_of(&reason) {
            Some((value, allowed)) => RulesError::new(format!(
                "not an allowed value; allowed: {}",
                allowed.join(", ")
            ))
            .value(format!("\"{value}\"")),
            None => match crate::plain_words::plain_serde_message(&reason) {
                plain if plain.starts_with("unknown field") => RulesError::new(format!(
                    "not a parameter; parameters here: {}",
                    plain.split_once("accepted: ").map_or("", |(_, list)| list)
                )),
                plain if plain.starts_with("the field") => {
                    RulesError::new(plain.replacen("the field", "the parameter", 1))
                }
                plain => RulesError::new(plain),
            },
        }
        .in_source(source);
        if path == "." || path.is_empty() {
            err
        } else {
            err.key(path)
        }
    })
}

/// The value and the allowed values of serde's message for a word that is
/// none of a parameter's words (``unknown variant `west`, expected one of
/// `south`, `north` ``, which speaks of Rust's enum variants, not of the
/// game's rules variants).
fn not_one_of(reason: &str) -> Option<(String, Vec<String>)> {
    let rest = reason.strip_prefix("unknown variant `")?;
    let (value, expected) = rest.split_once("`, expected ")?;
    // The deserializer may name the key again at the end: "... in `first`".
    let expected = match expected.rfind(" in `") {
        Some(i) if expected.ends_with('`') => &expected[..i],
        _ => expected,
    };
    let allowed: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    (!allowed.is_empty()).then(|| (value.to_string(), allowed))
}

/// The parameters as a TOML table, every key present.
pub fn params_table<P: Serialize>(params: &P) -> toml::Table {
    match toml::Table::try_from(params) {
        Ok(t) => t,
        Err(e) => panic!("rules parameters must serialize to a TOML table: {e}"),
    }
}

/// The parameters as TOML text.
pub fn params_toml<P: Serialize>(params: &P) -> String {
    toml::to_string(params).unwrap_or_else(|e| format!("# cannot show parameters: {e}\n"))
}

/// Every parameter as (dotted key, value as TOML), in order.
pub fn flatten_params<P: Serialize>(params: &P) -> Vec<(String, String)> {
    let mut out = Vec::new();
    flatten(&params_table(params), "", &mut out);
    out
}

fn flatten(table: &toml::Table, prefix: &str, out: &mut Vec<(String, String)>) {
    for (k, v) in table {
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            toml::Value::Table(t) => flatten(t, &key, out),
            other => out.push((key, other.to_string())),
        }
    }
}

/// Applies `key=value` overrides to parameters. A key that is not a parameter
/// is an error listing the valid keys; a value of the wrong type is an error
/// naming the key.
pub fn apply_overrides<G: Game>(
    params: G::Params,
    overrides: &[(String, String)],
) -> Result<G::Params, RulesError> {
    if overrides.is_empty() {
        return Ok(params);
    }
    let mut table = params_table(&params);
    for (key, text) in overrides {
        let value = parse_value(text);
        set_path(&mut table, key, value).map_err(|reason| {
            let keys: Vec<String> = flatten_params(&params)
                .into_iter()
                .map(|(k, _)| k)
                .collect();
            RulesError::new(format!("{reason}; parameters: {}", keys.join(", ")))
                .in_source("--set")
                .key(key.clone())
        })?;
    }
    from_table("--set", table)
}

/// A value written on the command line: TOML if it parses as a TOML value,
/// otherwise a plain string.
fn parse_value(text: &str) -> toml::Value {
    let doc = format!("v = {text}");
    match toml::from_str::<toml::Table>(&doc) {
        Ok(mut t) => t
            .remove("v")
            .unwrap_or(toml::Value::String(text.to_string())),
        Err(_) => toml::Value::String(text.to_string()),
    }
}

fn set_path(table: &mut toml::Table, key: &str, value: toml::Value) -> Result<(), String> {
    let mut parts = key.split('.').peekable();
    let mut current = table;
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            return match current.get_mut(part) {
                Some(slot) if !slot.is_table() => {
                    *slot = value;
                    Ok(())
                }
                Some(_) => Err("is a group of parameters, not a single one".into()),
                None => Err("unknown parameter".into()),
            };
        }
        current = match current.get_mut(part) {
            Some(toml::Value::Table(t)) => t,
            _ => return Err("unknown parameter".into()),
        };
    }
    Err("empty key".into())
}
