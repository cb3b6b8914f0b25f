//! Spec strings: `name` or `name:key=value,key=value`, durations such as
//! `1s`, `500ms` or `2.5s`, and the typed reading of each option.

use super::SpecError;
use crate::escape_controls;
use std::time::Duration;

/// A spec string split into its agent name and its options, in the order
/// given. Nothing is checked but the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The agent's name, e.g. `mcts`.
    pub name: String,
    /// The options as (key, value), in the order written.
    pub options: Vec<(String, String)>,
}

impl Spec {
    /// Reads `name[:key=value,...]`. Spaces around names, keys and values
    /// are ignored; a key without `=value`, an empty key or a key given
    /// twice is an error naming it.
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        let (name, rest) = match text.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (text.trim(), None),
        };
        if name.is_empty() {
            return Err(SpecError::Malformed {
                spec: shown(text),
                reason: "no agent name before the options".into(),
            });
        }
        let name = name.to_ascii_lowercase();
        let mut options: Vec<(String, String)> = Vec::new();
        // The older form `random:SEED` (a bare number) is `random:seed=SEED`.
        let rest = match rest.map(str::trim) {
            Some(seed)
                if name == "random"
                    && !seed.is_empty()
                    && seed.bytes().all(|b| b.is_ascii_digit()) =>
            {
                options.push(("seed".to_string(), seed.to_string()));
                None
            }
            rest => rest,
        };
        if let Some(rest) = rest {
            for part in rest.split(',') {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                let Some((key, value)) = part.split_once('=') else {
                    return Err(SpecError::Malformed {
                        spec: shown(text),
                        reason: format!("option '{}' has no value (write key=value)", shown(part)),
                    });
                };
                let (key, value) = (key.trim().to_ascii_lowercase(), value.trim().to_string());
                if key.is_empty() {
                    return Err(SpecError::Malformed {
                        spec: shown(text),
                        reason: format!("option '={}' has no name", shown(&value)),
                    });
                }
                if options.iter().any(|(k, _)| *k == key) {
                    return Err(SpecError::Malformed {
                        spec: shown(text),
                        reason: format!("option '{}' is given twice", shown(&key)),
                    });
                }
                options.push((key, value));
            }
        }
        Ok(Spec { name, options })
    }

    /// The value of an option, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// A spec's text shown in an error: control characters escaped, long text
/// shortened.
pub(crate) fn shown(text: &str) -> String {
    const MAX: usize = 60;
    let escaped = escape_controls(text);
    if escaped.chars().count() > MAX {
        let cut: String = escaped.chars().take(MAX).collect();
        format!("{cut}...")
    } else {
        escaped.into_owned()
    }
}

/// Reads a duration: a number followed by `ms`, `s` or `m` (`500ms`, `1s`,
/// `2.5s`, `1m`). Zero and negative durations are refused.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else {
        return Err("a duration needs a unit: ms, s or m (500ms, 1s, 2.5s)".into());
    };
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| "a duration is a number and a unit (500ms, 1s, 2.5s)".to_string())?;
    let seconds = value * scale;
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err("a duration must be positive".into());
    }
    if seconds > 86_400.0 {
        return Err("a duration must be at most a day".into());
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// A duration as a spec writes it: `500ms`, `1s`, `2.5s`.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if d.subsec_nanos() == 0 {
        format!("{}s", d.as_secs())
    } else if (ms - ms.round()).abs() < 1e-6 && ms < 1000.0 {
        format!("{}ms", ms.round() as u64)
    } else {
        let s = format!("{:.3}", d.as_secs_f64());
        format!("{}s", s.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// Typed reading of one agent's options, checked against the options it
/// accepts: every reader takes an option out, and [`Options::finish`]
/// refuses whatever is left.
pub(crate) struct Options {
    agent: String,
    accepted: Vec<&'static str>,
    left: Vec<(String, String)>,
}

impl Options {
    /// The options of `spec` for an agent that accepts `accepted`; an
    /// unknown key is an error naming it and listing the accepted ones.
    pub(crate) fn new(
        agent: &str,
        spec: &Spec,
        accepted: &[&'static str],
    ) -> Result<Options, SpecError> {
        for (key, _) in &spec.options {
            if !accepted.contains(&key.as_str()) {
                return Err(SpecError::UnknownOption {
                    agent: agent.to_string(),
                    option: shown(key),
                    accepted: accepted.iter().map(|s| s.to_string()).collect(),
                });
            }
        }
        Ok(Options {
            agent: agent.to_string(),
            accepted: accepted.to_vec(),
            left: spec.options.clone(),
        })
    }

    fn take(&mut self, key: &str) -> Option<String> {
        debug_assert!(self.accepted.contains(&key), "option {key} not declared");
        let i = self.left.iter().position(|(k, _)| k == key)?;
        Some(self.left.remove(i).1)
    }

    fn bad(&self, key: &str, value: &str, expected: impl Into<String>) -> SpecError {
        SpecError::BadValue {
            agent: self.agent.clone(),
            option: key.to_string(),
            value: shown(value),
            expected: expected.into(),
        }
    }

    /// The option `key` read by `parse`, which gives what was expected
    /// when the value does not do.
    fn parsed<T>(
        &mut self,
        key: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>, SpecError> {
        match self.take(key) {
            None => Ok(None),
            Some(v) => parse(&v)
                .map(Some)
                .map_err(|expected| self.bad(key, &v, expected)),
        }
    }

    /// A duration option.
    pub(crate) fn duration(&mut self, key: &str) -> Result<Option<Duration>, SpecError> {
        self.parsed(key, |v| {
            parse_duration(v).map_err(|_| {
                "a positive duration of at most a day, with its unit: ms, s or m (500ms, 1s, 2.5s)"
                    .to_string()
            })
        })
    }

    /// A whole-number option within `min..=max`.
    pub(crate) fn integer(
        &mut self,
        key: &str,
        min: u64,
        max: u64,
    ) -> Result<Option<u64>, SpecError> {
        self.parsed(key, |v| {
            let digits: String = v.chars().filter(|c| *c != '_').collect();
            match digits.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ if max == u64::MAX => Err(format!("a whole number, {min} or more")),
                _ => Err(format!("a whole number from {min} to {max}")),
            }
        })
    }

    /// A decimal option within `min..=max`.
    pub(crate) fn number(
        &mut self,
        key: &str,
        min: f64,
        max: f64,
    ) -> Result<Option<f64>, SpecError> {
        self.parsed(key, |v| match v.parse::<f64>() {
            Ok(x) if x.is_finite() && (min..=max).contains(&x) => Ok(x),
            _ => Err(format!("a number from {min} to {max}")),
        })
    }

    /// A `true`/`false` option (also `yes`/`no`, `on`/`off`, `1`/`0`).
    pub(crate) fn flag(&mut self, key: &str) -> Result<Option<bool>, SpecError> {
        self.parsed(key, |v| match v.to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err("true or false".to_string()),
        })
    }

    /// One of a fixed set of words.
    pub(crate) fn choice(
        &mut self,
        key: &str,
        words: &[&'static str],
    ) -> Result<Option<&'static str>, SpecError> {
        self.parsed(key, |v| {
            let lower = v.to_ascii_lowercase();
            match words.iter().find(|w| **w == lower) {
                Some(w) => Ok(*w),
                None if words.is_empty() => Err("none: this game offers no choice".into()),
                None => Err(format!("one of {}", words.join(", "))),
            }
        })
    }

    /// Checks that every option was read.
    pub(crate) fn finish(self) -> Result<(), SpecError> {
        match self.left.first() {
            None => Ok(()),
            Some((k, _)) => Err(SpecError::UnknownOption {
                agent: self.agent,
                option: shown(k),
                accepted: self.accepted.iter().map(|s| s.to_string()).collect(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_split_into_name_and_options() {
        let s = Spec::parse("mcts:iters=20000, c=1.4").unwrap();
        assert_eq!(s.name, "mcts");
        assert_eq!(s.get("iters"), Some("20000"));
        assert_eq!(s.get("c"), Some("1.4"));
        assert_eq!(Spec::parse(" Random ").unwrap().name, "random");
        assert!(Spec::parse("ai:").unwrap().options.is_empty());
    }

    #[test]
    fn the_older_random_seed_form_reads_as_a_seed_option() {
        let s = Spec::parse(" random: 7 ").unwrap();
        assert_eq!(s.name, "random");
        assert_eq!(s.options, vec![("seed".to_string(), "7".to_string())]);
        assert_eq!(Spec::parse("random:seed=7").unwrap(), s);
        // Only `random` reads a bare number, and only a number.
        assert!(Spec::parse("mcts:7").is_err());
        assert!(Spec::parse("random:7x").is_err());
    }

    #[test]
    fn malformed_specs_name_the_fault() {
        let e = Spec::parse("mcts:time").unwrap_err().to_string();
        assert!(e.contains("'time' has no value"), "{e}");
        let e = Spec::parse("mcts:c=1,c=2").unwrap_err().to_string();
        assert!(e.contains("'c' is given twice"), "{e}");
        let e = Spec::parse(":x=1").unwrap_err().to_string();
        assert!(e.contains("no agent name"), "{e}");
        let e = Spec::parse("mcts:\n=1").unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn a_bad_value_reads_as_plain_words_naming_the_option_and_what_it_takes() {
        let spec = Spec::parse("mcts:time=abc,iters=-3").unwrap();
        let mut o = Options::new("ai (mcts)", &spec, &["time", "iters"]).unwrap();
        let e = o.duration("time").unwrap_err().to_string();
        assert_eq!(
            e,
            "agent 'ai (mcts)': option time='abc' is not valid; time takes a positive duration \
             of at most a day, with its unit: ms, s or m (500ms, 1s, 2.5s)"
        );
        let e = o.integer("iters", 1, u64::MAX).unwrap_err().to_string();
        assert!(e.ends_with("iters takes a whole number, 1 or more"), "{e}");
    }

    #[test]
    fn durations_read_and_write_back() {
        for (text, ms) in [
            ("1s", 1000),
            ("500ms", 500),
            ("2.5s", 2500),
            ("60s", 60_000),
        ] {
            let d = parse_duration(text).unwrap();
            assert_eq!(d.as_millis(), ms, "{text}");
            assert_eq!(format_duration(d), text);
        }
        assert_eq!(format_duration(Duration::from_millis(2250)), "2.25s");
        assert_eq!(parse_duration("1m").unwrap().as_secs(), 60);
        for bad in ["", "1", "s", "-1s", "0ms", "xs", "1h", "1e9s", "nans"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
