//! The `plateau serve` protocol: the input is fed as standard input to
//! `plateau_cli::serve::run` in this process, with the default registry.
//!
//! Checks: the output is UTF-8 lines, each one JSON object with a boolean
//! `ok`; there is one response per non-blank input line, up to the first
//! `quit` that succeeds; a request's `tag` is echoed; an error has a `kind`
//! and a non-empty one-line `message`.
//!
//! Inputs asking for more than a few server-side playouts are skipped: they
//! are slow by request, not by fault.

use super::super::{one_line, registry};
use serde_json::Value;

/// The most games a `playout` request may ask for here.
const MAX_PLAYOUTS: u64 = 2;

/// The request lines the server answers: the lines without their newline
/// (and a `\r` before it) that are not blank.
fn requests(data: &[u8]) -> Vec<&[u8]> {
    data.split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .filter(|line| !line.iter().all(u8::is_ascii_whitespace))
        .collect()
}

/// The request as a JSON object, if it is one.
fn object(line: &[u8]) -> Option<serde_json::Map<String, Value>> {
    match serde_json::from_slice::<Value>(line) {
        Ok(Value::Object(map)) => Some(map),
        _ => None,
    }
}

fn is_cmd(request: &Option<serde_json::Map<String, Value>>, cmd: &str) -> bool {
    request
        .as_ref()
        .is_some_and(|r| r.get("cmd").and_then(Value::as_str) == Some(cmd))
}

fn too_slow(request: &Option<serde_json::Map<String, Value>>) -> bool {
    is_cmd(request, "playout")
        && request
            .as_ref()
            .and_then(|r| r.get("count"))
            .is_none_or(|count| count.as_u64().is_some_and(|c| c > MAX_PLAYOUTS))
}

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let requests: Vec<&[u8]> = requests(data);
    let parsed: Vec<_> = requests.iter().map(|line| object(line)).collect();
    if parsed.iter().any(too_slow) {
        return;
    }
    let mut output = Vec::new();
    plateau_cli::serve::run(registry(), data, &mut output).expect("no I/O error on buffers");
    let text = std::str::from_utf8(&output).expect("responses are UTF-8");
    assert!(
        text.is_empty() || text.ends_with('\n'),
        "the output ends with a newline"
    );
    let responses: Vec<Value> = text
        .lines()
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("a response is not JSON ({e}): {line}"))
        })
        .collect();
    assert!(
        responses.len() <= requests.len(),
        "{} responses to {} requests",
        responses.len(),
        requests.len()
    );
    for (i, response) in responses.iter().enumerate() {
        let request = String::from_utf8_lossy(requests[i]);
        let Some(ok) = response.get("ok").and_then(Value::as_bool) else {
            panic!("the response to {request:?} has no boolean 'ok': {response}");
        };
        if let Some(tag) = parsed[i].as_ref().and_then(|r| r.get("tag")) {
            assert_eq!(
                response.get("tag"),
                Some(tag),
                "the tag of {request:?} is not echoed: {response}"
            );
        }
        if ok {
            let quit = is_cmd(&parsed[i], "quit");
            assert!(
                !quit || i + 1 == responses.len(),
                "the server answered after a quit"
            );
        } else {
            let error = &response["error"];
            assert!(error["kind"].is_string(), "no error kind: {response}");
            let Some(message) = error["message"].as_str() else {
                panic!("no error message: {response}");
            };
            one_line("serve", &request, message);
        }
    }
    if responses.len() < requests.len() {
        let last = responses.len().checked_sub(1);
        assert!(
            last.is_some_and(|i| responses[i]["ok"] == true && is_cmd(&parsed[i], "quit")),
            "{} responses to {} requests, and the last answered is no quit",
            responses.len(),
            requests.len()
        );
    }
}
