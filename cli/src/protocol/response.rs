//! Writing responses: one JSON object per line, `ok` first, flushed at once.

use super::error::ServeError;
use serde_json::Value;
use std::io::{self, BufWriter, Write};

/// The fields of a successful response, in the order they are written.
pub(crate) type Fields = Vec<(&'static str, Value)>;

/// The longest error message sent, in characters; longer ones are cut.
const MAX_MESSAGE_CHARS: usize = 1000;

/// Writes responses to the output, each on one line, flushed after each.
pub(crate) struct ResponseWriter<W: Write> {
    out: BufWriter<W>,
}

impl<W: Write> ResponseWriter<W> {
    pub fn new(output: W) -> Self {
        ResponseWriter {
            out: BufWriter::with_capacity(64 * 1024, output),
        }
    }

    /// `{"ok":true,"tag":…,<fields>}`
    pub fn ok(&mut self, tag: Option<&Value>, fields: &Fields) -> io::Result<()> {
        self.out.write_all(b"{\"ok\":true")?;
        self.write_tag(tag)?;
        for (key, value) in fields {
            self.write_field(key, value)?;
        }
        self.finish()
    }

    /// `{"ok":false,"tag":…,"error":{"kind":…,"message":…[,"index":…]}}`
    pub fn error(&mut self, tag: Option<&Value>, error: &ServeError) -> io::Result<()> {
        self.out.write_all(b"{\"ok\":false")?;
        self.write_tag(tag)?;
        self.out.write_all(b",\"error\":{\"kind\":")?;
        serde_json::to_writer(&mut self.out, error.kind.as_str())?;
        self.out.write_all(b",\"message\":")?;
        let message = if error.message.len() > MAX_MESSAGE_CHARS {
            clip_to(&error.message, MAX_MESSAGE_CHARS)
        } else {
            error.message.clone()
        };
        serde_json::to_writer(&mut self.out, &message)?;
        if let Some(index) = error.index {
            write!(self.out, ",\"index\":{index}")?;
        }
        self.out.write_all(b"}")?;
        self.finish()
    }

    fn write_tag(&mut self, tag: Option<&Value>) -> io::Result<()> {
        match tag {
            Some(tag) => self.write_field("tag", tag),
            None => Ok(()),
        }
    }

    fn write_field(&mut self, key: &str, value: &Value) -> io::Result<()> {
        // Keys are the server's own identifiers: no escaping needed.
        self.out.write_all(b",\"")?;
        self.out.write_all(key.as_bytes())?;
        self.out.write_all(b"\":")?;
        serde_json::to_writer(&mut self.out, value)?;
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.write_all(b"}\n")?;
        self.out.flush()
    }
}

fn clip_to(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::error::{ErrorKind, ServeError};
    use super::*;

    fn written(f: impl FnOnce(&mut ResponseWriter<&mut Vec<u8>>)) -> String {
        let mut buf = Vec::new();
        f(&mut ResponseWriter::new(&mut buf));
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn ok_comes_first_then_the_tag_then_the_fields() {
        let text = written(|w| {
            w.ok(
                Some(&Value::from("t")),
                &vec![("b", Value::from(1)), ("a", Value::from("x\"y"))],
            )
            .unwrap()
        });
        assert_eq!(
            text,
            "{\"ok\":true,\"tag\":\"t\",\"b\":1,\"a\":\"x\\\"y\"}\n"
        );
    }

    #[test]
    fn errors_carry_kind_message_and_index() {
        let err = ServeError::new(ErrorKind::IllegalMove, "no").at_index(2);
        let text = written(|w| w.error(None, &err).unwrap());
        assert_eq!(
            text,
            "{\"ok\":false,\"error\":{\"kind\":\"illegal_move\",\"message\":\"no\",\"index\":2}}\n"
        );
    }

    #[test]
    fn long_messages_are_cut() {
        let err = ServeError::new(ErrorKind::BadMove, "m".repeat(5000));
        let text = written(|w| w.error(None, &err).unwrap());
        assert!(text.len() < 1100, "{}", text.len());
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["error"]["message"].as_str().unwrap().ends_with("..."));
    }
}
