//! The errors of the web API: a kind and a message, as JSON.

use crate::protocol::error::{ErrorKind, ServeError};
use serde_json::{json, Value};

/// A failure of the web API: a kind (those of `serve`, and `unknown_match`,
/// `bad_token`, `too_large`, `not_found`, `internal`) and a message that
/// names what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebError {
    /// The kind, a stable identifier.
    pub kind: &'static str,
    /// What is wrong, for people.
    pub message: String,
}

impl WebError {
    /// An error of a kind with a message.
    pub fn new(kind: &'static str, message: impl Into<String>) -> WebError {
        WebError {
            kind,
            message: message.into(),
        }
    }

    /// A `bad_request` error.
    pub fn bad_request(message: impl Into<String>) -> WebError {
        WebError::new(ErrorKind::BadRequest.as_str(), message)
    }

    /// The error as JSON: `{"ok":false,"error":{"kind":..,"message":..}}`.
    pub fn json(&self) -> Value {
        json!({"ok": false, "error": {"kind": self.kind, "message": self.message}})
    }
}

impl From<ServeError> for WebError {
    fn from(e: ServeError) -> WebError {
        WebError::new(e.kind.as_str(), e.message)
    }
}
