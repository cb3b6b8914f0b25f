//! Mutations of text and of JSON values.

use proptest::prelude::*;
use proptest::sample::{select, Index};
use serde_json::{json, Value};
use std::fmt::Debug;

/// Characters that mean something to one parser or another, and some that
/// should mean nothing to any.
pub(crate) const INTERESTING: &str =
    "0123456789abcdefghijkABKXxz -_:,.;/#=+{}[]\"'\\<>&!?\n\r\t\0\u{7f}é🙂\u{202e}\u{a0}";

/// One edit of a text, positions taken modulo its length.
#[derive(Clone, Debug)]
pub(crate) enum Edit {
    Insert(Index, char),
    Delete(Index),
    Replace(Index, char),
    /// Repeats the span between two positions right after it.
    Repeat(Index, Index),
    /// Swaps two characters.
    Swap(Index, Index),
    Truncate(Index),
}

pub(crate) fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => select(INTERESTING.chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ]
}

pub(crate) fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<Index>(), interesting_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        3 => any::<Index>().prop_map(Edit::Delete),
        4 => (any::<Index>(), interesting_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Edit::Repeat(i, j)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Edit::Swap(i, j)),
        1 => any::<Index>().prop_map(Edit::Truncate),
    ]
}

/// One to four edits.
pub(crate) fn edits() -> impl Strategy<Value = Vec<Edit>> {
    proptest::collection::vec(edit(), 1..=4)
}

pub(crate) fn apply_edits<T: Clone>(items: &mut Vec<T>, edits: &[Edit], item: impl Fn(char) -> T) {
    for e in edits {
        let n = items.len();
        match e {
            Edit::Insert(i, c) => items.insert(i.index(n + 1), item(*c)),
            Edit::Delete(i) if n > 0 => {
                items.remove(i.index(n));
            }
            Edit::Replace(i, c) if n > 0 => items[i.index(n)] = item(*c),
            Edit::Repeat(i, j) if n > 0 => {
                let (a, b) = (i.index(n), j.index(n));
                let (a, b) = (a.min(b), a.max(b) + 1);
                let span: Vec<T> = items[a..b].to_vec();
                items.splice(b..b, span);
            }
            Edit::Swap(i, j) if n > 0 => items.swap(i.index(n), j.index(n)),
            Edit::Truncate(i) => items.truncate(i.index(n + 1)),
            _ => {}
        }
    }
}

/// The text with the edits applied, character by character.
pub(crate) fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    apply_edits(&mut chars, edits, |c| c);
    chars.into_iter().collect()
}

/// A text input: an edited sample (chosen by index) or an arbitrary string.
#[derive(Clone, Debug)]
pub(crate) enum TextInput {
    Mutated(Index, Vec<Edit>),
    Arbitrary(String),
}

impl TextInput {
    pub(crate) fn text(&self, samples: &[String]) -> String {
        match self {
            TextInput::Mutated(i, edits) => mutate(&samples[i.index(samples.len())], edits),
            TextInput::Arbitrary(s) => s.clone(),
        }
    }
}

pub(crate) fn text_input() -> impl Strategy<Value = TextInput> {
    prop_oneof![
        8 => (any::<Index>(), edits()).prop_map(|(i, e)| TextInput::Mutated(i, e)),
        1 => any::<String>().prop_map(TextInput::Arbitrary),
        1 => "\\PC{0,40}".prop_map(TextInput::Arbitrary),
    ]
}

/// One edit of a JSON value; the node is an index into its nodes in
/// pre-order.
#[derive(Clone, Debug)]
pub(crate) enum JsonEdit {
    /// Replaces the node.
    Set(Index, Value),
    /// Removes a child of an object or array node.
    Remove(Index, Index),
    /// Repeats an element of an array node.
    Duplicate(Index, Index),
    /// Edits the text of a string or number node.
    Text(Index, Vec<Edit>),
    /// Adds to a number node.
    Bump(Index, i64),
    /// Replaces the first node with a copy of the second (a square, a name,
    /// a piece from elsewhere in the document).
    Copy(Index, Index),
    /// Edits a key of an object node.
    Rename(Index, Index, Vec<Edit>),
}

pub(crate) fn json_leaf() -> impl Strategy<Value = Value> {
    let leaves = vec![
        json!(null),
        json!(true),
        json!(false),
        json!(0),
        json!(1),
        json!(-1),
        json!(2),
        json!(3),
        json!(9),
        json!(10),
        json!(40),
        json!(255),
        json!(256),
        json!(65535),
        json!(4_294_967_295u64),
        json!(4_294_967_296u64),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1.5),
        json!(""),
        json!(" "),
        json!("a1"),
        json!("a0"),
        json!("j10"),
        json!("k11"),
        json!("c5"),
        json!("red"),
        json!("blue"),
        json!("south"),
        json!("orange"),
        json!("scout"),
        json!("flag"),
        json!("bomb"),
        json!("setup"),
        json!("move"),
        json!("fight"),
        json!("a\nb"),
        json!([]),
        json!({}),
        json!([0]),
        json!(["a1"]),
    ];
    prop_oneof![
        4 => select(leaves),
        1 => any::<i64>().prop_map(Value::from),
        1 => "\\PC{0,12}".prop_map(Value::from),
    ]
}

pub(crate) fn json_edit() -> impl Strategy<Value = JsonEdit> {
    prop_oneof![
        1 => (any::<Index>(), json_leaf()).prop_map(|(i, v)| JsonEdit::Set(i, v)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| JsonEdit::Remove(i, j)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| JsonEdit::Duplicate(i, j)),
        3 => (any::<Index>(), edits()).prop_map(|(i, e)| JsonEdit::Text(i, e)),
        2 => (
            any::<Index>(),
            prop_oneof![Just(1i64), Just(-1), Just(2), Just(-2), Just(256), any::<i64>()]
        )
            .prop_map(|(i, d)| JsonEdit::Bump(i, d)),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| JsonEdit::Copy(i, j)),
        1 => (any::<Index>(), any::<Index>(), edits()).prop_map(|(i, j, e)| JsonEdit::Rename(i, j, e)),
    ]
}

/// The JSON pointer of every node, in pre-order.
pub(crate) fn node_paths(v: &Value, path: &str, out: &mut Vec<String>) {
    out.push(path.to_string());
    match v {
        Value::Array(a) => {
            for (i, c) in a.iter().enumerate() {
                node_paths(c, &format!("{path}/{i}"), out);
            }
        }
        Value::Object(o) => {
            for (k, c) in o {
                let key = k.replace('~', "~0").replace('/', "~1");
                node_paths(c, &format!("{path}/{key}"), out);
            }
        }
        _ => {}
    }
}

pub(crate) fn apply_json_edit(root: &mut Value, edit: &JsonEdit) {
    let mut paths = Vec::new();
    node_paths(root, "", &mut paths);
    let (JsonEdit::Set(i, _)
    | JsonEdit::Remove(i, _)
    | JsonEdit::Duplicate(i, _)
    | JsonEdit::Text(i, _)
    | JsonEdit::Bump(i, _)
    | JsonEdit::Copy(i, _)
    | JsonEdit::Rename(i, _, _)) = edit;
    let path = &paths[i.index(paths.len())];
    let source = match edit {
        JsonEdit::Copy(_, j) => {
            // A node of the same type as the target, so that the edit gets
            // past the types to the meaning.
            let kind = |p: &String| std::mem::discriminant(root.pointer(p).unwrap());
            let target = kind(path);
            let same: Vec<&String> = paths.iter().filter(|p| kind(p) == target).collect();
            Some(root.pointer(same[j.index(same.len())]).unwrap().clone())
        }
        _ => None,
    };
    let node = root.pointer_mut(path).unwrap();
    match edit {
        JsonEdit::Set(_, v) => *node = v.clone(),
        JsonEdit::Copy(_, _) => *node = source.unwrap(),
        JsonEdit::Rename(_, j, edits) => {
            if let Value::Object(o) = node {
                if !o.is_empty() {
                    let key = o.keys().nth(j.index(o.len())).unwrap().clone();
                    let value = o.remove(&key).unwrap();
                    o.insert(mutate(&key, edits), value);
                }
            }
        }
        JsonEdit::Remove(_, j) => match node {
            Value::Array(a) if !a.is_empty() => {
                a.remove(j.index(a.len()));
            }
            Value::Object(o) if !o.is_empty() => {
                let key = o.keys().nth(j.index(o.len())).unwrap().clone();
                o.remove(&key);
            }
            _ => {}
        },
        JsonEdit::Duplicate(_, j) => {
            if let Value::Array(a) = node {
                if !a.is_empty() {
                    let at = j.index(a.len());
                    a.insert(at, a[at].clone());
                }
            }
        }
        JsonEdit::Text(_, edits) => match node {
            Value::String(s) => *s = mutate(s, edits),
            Value::Number(n) => {
                let text = mutate(&n.to_string(), edits);
                *node = serde_json::from_str(&text).unwrap_or(Value::String(text));
            }
            _ => {}
        },
        JsonEdit::Bump(_, d) => {
            if let Some(x) = node.as_i64() {
                *node = Value::from(x.saturating_add(*d));
            } else if let Some(x) = node.as_u64() {
                *node = Value::from(x.saturating_add_signed(*d));
            }
        }
    }
}

/// A JSON input: a sample edited as a value, as text, or an arbitrary string.
#[derive(Clone, Debug)]
pub(crate) enum JsonInput {
    Value(Index, Vec<JsonEdit>),
    Text(Index, Vec<Edit>),
    Arbitrary(String),
}

pub(crate) fn json_input() -> impl Strategy<Value = JsonInput> {
    prop_oneof![
        6 => (any::<Index>(), proptest::collection::vec(json_edit(), 1..=3))
            .prop_map(|(i, e)| JsonInput::Value(i, e)),
        3 => (any::<Index>(), edits()).prop_map(|(i, e)| JsonInput::Text(i, e)),
        1 => any::<String>().prop_map(JsonInput::Arbitrary),
    ]
}

impl JsonInput {
    /// The input text and the index of the sample it came from.
    pub(crate) fn text(&self, samples: &[Value]) -> (String, usize) {
        match self {
            JsonInput::Value(i, edits) => {
                let at = i.index(samples.len());
                let mut v = samples[at].clone();
                for e in edits {
                    apply_json_edit(&mut v, e);
                }
                (v.to_string(), at)
            }
            JsonInput::Text(i, edits) => {
                let at = i.index(samples.len());
                (
                    mutate(&serde_json::to_string_pretty(&samples[at]).unwrap(), edits),
                    at,
                )
            }
            JsonInput::Arbitrary(s) => (s.clone(), 0),
        }
    }
}
