//! The checks that make `plateau web` safe to leave running: the `Host`
//! header must name the server (against DNS rebinding), the `Origin` of a
//! request that changes anything or opens a WebSocket must be the page's
//! own (against cross-site requests), and a request with a body must say
//! it is JSON. docs/WEB.md ("Security") describes them.

use super::error::WebError;
use super::hub::clip;
use axum::http::{header, HeaderMap, Method};
use std::net::IpAddr;

/// Which `Host` and `Origin` headers the server accepts.
#[derive(Clone, Debug)]
pub struct Guard {
    /// The address bound: a loopback one accepts the loopback names, a
    /// wildcard one (0.0.0.0, ::) any IP literal, another one itself.
    bind: IpAddr,
    /// The names of `--allow-host`, lowercase, without a port.
    hosts: Vec<String>,
    /// The origins of `--allow-origin`, lowercase, without a final `/`.
    origins: Vec<String>,
}

impl Guard {
    /// The checks of a server bound to `bind`, accepting also the Host names
    /// `hosts` and the origins `origins`. An origin must be
    /// `scheme://host[:port]`.
    pub fn new(bind: IpAddr, hosts: &[String], origins: &[String]) -> Result<Guard, String> {
        let mut guard = Guard {
            bind,
            hosts: Vec::new(),
            origins: Vec::new(),
        };
        for host in hosts {
            let name = host_name(host.trim())
                .filter(|n| !n.is_empty() && !n.contains('/'))
                .ok_or_else(|| {
                    format!(
                        "--allow-host '{}': expected a host name such as example.org",
                        clip(host)
                    )
                })?;
            guard.hosts.push(name);
        }
        for origin in origins {
            let o = origin.trim().trim_end_matches('/').to_ascii_lowercase();
            let ok = ["http://", "https://"].iter().any(|scheme| {
                o.strip_prefix(scheme)
                    .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
            });
            if !ok {
                return Err(format!(
                    "--allow-origin '{}': expected an origin such as https://example.org \
                     or http://example.org:8080",
                    clip(origin)
                ));
            }
            guard.origins.push(o);
        }
        Ok(guard)
    }

    /// The checks of a server bound to 127.0.0.1 with no names added.
    pub fn loopback() -> Guard {
        Guard {
            bind: IpAddr::from([127, 0, 0, 1]),
            hosts: Vec::new(),
            origins: Vec::new(),
        }
    }

    /// The Host names accepted, for messages.
    fn hosts_accepted(&self) -> String {
        let mut names: Vec<String> = if self.bind.is_unspecified() {
            vec!["any IP address".into()]
        } else if self.bind.is_loopback() {
            vec!["localhost".into(), "127.0.0.1".into(), "[::1]".into()]
        } else {
            vec![ip_name(self.bind)]
        };
        names.extend(self.hosts.iter().cloned());
        names.join(", ")
    }

    /// Whether the name of a Host header (lowercase, without its port) is
    /// served.
    fn host_served(&self, name: &str) -> bool {
        if self.hosts.iter().any(|h| h == name) {
            return true;
        }
        let ip = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(name)
            .parse::<IpAddr>()
            .ok();
        if self.bind.is_unspecified() {
            return ip.is_some();
        }
        if self.bind.is_loopback() {
            return name == "localhost" || ip.is_some_and(|ip| ip.is_loopback());
        }
        ip == Some(self.bind)
    }

    /// Checks a request's headers: its Host, then for a request that changes
    /// anything or opens a WebSocket its Origin, then for a request with a
    /// body its Content-Type.
    pub fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), WebError> {
        let host = self.check_host(headers)?;
        let safe = *method == Method::GET || *method == Method::HEAD;
        let upgrade = headers.contains_key(header::UPGRADE);
        if !safe || upgrade {
            self.check_origin(headers, &host)?;
        }
        if !safe && (*method != Method::DELETE || has_body(headers)) {
            check_json(headers)?;
        }
        Ok(())
    }

    /// The Host header, if it names a served host.
    fn check_host(&self, headers: &HeaderMap) -> Result<String, WebError> {
        let refuse = |what: String| {
            WebError::new(
                "forbidden_host",
                format!(
                    "{what}; this server answers only requests whose Host header names it: {} \
                     (add names with --allow-host NAME)",
                    self.hosts_accepted()
                ),
            )
        };
        let Some(value) = headers.get(header::HOST) else {
            return Err(refuse("the request has no Host header".into()));
        };
        let Ok(text) = value.to_str() else {
            return Err(refuse("the Host header is not readable text".into()));
        };
        match host_name(text) {
            Some(name) if self.host_served(&name) => Ok(text.trim().to_ascii_lowercase()),
            _ => Err(refuse(format!(
                "the Host header '{}' is not served",
                clip(text)
            ))),
        }
    }

    /// Checks the Origin header, when present: the server's own origin (for
    /// the request's `host`) or one of `--allow-origin`.
    fn check_origin(&self, headers: &HeaderMap, host: &str) -> Result<(), WebError> {
        let Some(value) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let origin = value
            .to_str()
            .map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase())
            .unwrap_or_default();
        let own = [format!("http://{host}"), format!("https://{host}")];
        if own.contains(&origin) || self.origins.contains(&origin) {
            return Ok(());
        }
        let mut accepted = vec![format!("http://{host}")];
        accepted.extend(self.origins.iter().cloned());
        Err(WebError::new(
            "forbidden_origin",
            format!(
                "the Origin header '{}' is not accepted: a request that changes anything or \
                 opens a WebSocket must come from the server's own page ({}) or an origin \
                 given with --allow-origin ORIGIN",
                clip(&String::from_utf8_lossy(value.as_bytes())),
                accepted.join(", ")
            ),
        ))
    }
}

/// Whether a request has a body (a Content-Length above zero, or chunks).
fn has_body(headers: &HeaderMap) -> bool {
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|v| v.to_str().map_or(true, |v| v.trim() != "0"))
}

/// Checks that the Content-Type is `application/json` (with any parameters,
/// e.g. `; charset=utf-8`).
fn check_json(headers: &HeaderMap) -> Result<(), WebError> {
    let given = headers.get(header::CONTENT_TYPE);
    let ok = given
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
    if ok {
        return Ok(());
    }
    let what = match given {
        None => "the request has no Content-Type".to_string(),
        Some(v) => format!(
            "the Content-Type '{}' is not accepted",
            clip(&String::from_utf8_lossy(v.as_bytes()))
        ),
    };
    Err(WebError::new(
        "unsupported_media_type",
        format!("{what}: send the body as JSON with 'Content-Type: application/json'"),
    ))
}

/// The host name of a Host header or `--allow-host` value: lowercase,
/// without its port (an IPv6 address keeps its brackets).
fn host_name(text: &str) -> Option<String> {
    let text = text.trim().to_ascii_lowercase();
    if text.is_empty() || text.contains(|c: char| c.is_whitespace() || c == '@') {
        return None;
    }
    if text.starts_with('[') {
        let end = text.find(']')?;
        let rest = &text[end + 1..];
        if !rest.is_empty() && !is_port(rest) {
            return None;
        }
        return Some(text[..=end].to_string());
    }
    match text.rsplit_once(':') {
        Some((name, port)) if is_port(&format!(":{port}")) && !name.contains(':') => {
            Some(name.to_string())
        }
        Some(_) => None,
        None => Some(text),
    }
}

/// Whether `text` is `:PORT`.
fn is_port(text: &str) -> bool {
    text.strip_prefix(':')
        .is_some_and(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// An address as a Host names it (IPv6 in brackets).
fn ip_name(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names() {
        assert_eq!(host_name("LocalHost:8080").as_deref(), Some("localhost"));
        assert_eq!(host_name("[::1]:80").as_deref(), Some("[::1]"));
        assert_eq!(host_name("127.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(host_name("a:b:c"), None);
        assert_eq!(host_name("x:"), None);
        let g = Guard::loopback();
        assert!(g.host_served("localhost"));
        assert!(g.host_served("127.0.0.1"));
        assert!(g.host_served("[::1]"));
        assert!(!g.host_served("evil.example"));
        let any = Guard::new("0.0.0.0".parse().unwrap(), &["Box.lan".into()], &[]).unwrap();
        assert!(any.host_served("192.168.1.4"));
        assert!(any.host_served("box.lan"));
        assert!(!any.host_served("evil.example"));
    }
}
