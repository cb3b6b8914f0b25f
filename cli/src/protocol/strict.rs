//! Reading a request line as JSON while noticing keys given twice.
//!
//! `serde_json` keeps the last of two equal keys without a word, so that
//! `{"cmd":"play","id":1,"id":2}` would silently play in game 2. The server
//! reads lines with [`parse`], which builds the same [`Value`] and also
//! returns the first key that an object repeats, at any depth, so that the
//! request can be refused.

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// The JSON value of `text`, and the path of the first key that an object
/// repeats (`id`, `set.first`), if any. Errors are those of
/// `serde_json::from_str`: invalid JSON, trailing characters, nesting too deep.
pub(crate) fn parse(text: &str) -> serde_json::Result<(Value, Option<String>)> {
    let mut de = serde_json::Deserializer::from_str(text);
    let mut duplicate = None;
    let value = Strict {
        duplicate: &mut duplicate,
        path: None,
    }
    .deserialize(&mut de)?;
    de.end()?;
    Ok((value, duplicate))
}

/// Builds a [`Value`], noting the first repeated key in `duplicate`.
struct Strict<'a> {
    duplicate: &'a mut Option<String>,
    /// The keys that lead to the value being read (none at the top).
    path: Option<&'a Path<'a>>,
}

/// A key and the keys above it, without allocating.
struct Path<'a> {
    key: &'a str,
    parent: Option<&'a Path<'a>>,
}

/// The dotted path `a.b.key` of `key` under `parent`.
fn dotted(parent: Option<&Path<'_>>, key: &str) -> String {
    let mut keys = vec![key];
    let mut at = parent;
    while let Some(p) = at {
        keys.push(p.key);
        at = p.parent;
    }
    keys.reverse();
    keys.join(".")
}

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Strict {
            duplicate: &mut *self.duplicate,
            path: self.path,
        })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(Strict {
                duplicate: &mut *self.duplicate,
                path: Some(&Path {
                    key: &key,
                    parent: self.path,
                }),
            })?;
            if self.duplicate.is_none() && object.contains_key(&key) {
                *self.duplicate = Some(dotted(self.path, &key));
            }
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_same_values_as_serde_json() {
        for text in [
            r#"{"cmd":"play","id":1,"move":["a1","b2"],"x":null,"f":-1.5,"t":true}"#,
            "[1,2,[3,{}]]",
            "\"s\"",
            "18446744073709551615",
            "-9223372036854775808",
        ] {
            let (value, duplicate) = parse(text).unwrap();
            assert_eq!(value, serde_json::from_str::<Value>(text).unwrap());
            assert_eq!(duplicate, None);
        }
    }

    #[test]
    fn names_the_first_repeated_key_at_any_depth() {
        let dup = |text: &str| parse(text).unwrap().1;
        assert_eq!(dup(r#"{"id":1,"id":2}"#).as_deref(), Some("id"));
        assert_eq!(
            dup(r#"{"set":{"first":"north","first":"south"}}"#).as_deref(),
            Some("set.first")
        );
        assert_eq!(
            dup(r#"{"a":[{"b":1,"b":1}],"c":1,"c":2}"#).as_deref(),
            Some("a.b")
        );
        assert_eq!(dup(r#"{"a":{"b":1},"b":{"a":1}}"#), None);
    }

    #[test]
    fn keeps_serde_json_errors() {
        assert!(parse("{").is_err());
        assert!(parse("{} {}").is_err());
        let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
        assert!(parse(&deep).unwrap_err().to_string().contains("recursion"));
    }

    #[test]
    fn nesting_is_refused_past_127_levels_as_docs_protocol_md_says() {
        let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let limit = (1..200).find(|&d| parse(&nested(d)).is_err()).unwrap() - 1;
        assert_eq!(limit, super::super::MAX_NESTING);
        assert!(parse(&nested(super::super::MAX_NESTING)).is_ok());
        let e = parse(&nested(super::super::MAX_NESTING + 1)).unwrap_err();
        assert!(e.to_string().contains("recursion limit"), "{e}");
        // The request object counts as one level.
        let deep = format!("{{\"cmd\":\"games\",\"x\":{}}}", nested(126));
        assert!(parse(&deep).is_ok());
        let deeper = format!("{{\"cmd\":\"games\",\"x\":{}}}", nested(127));
        assert!(parse(&deeper).is_err());
    }
}
