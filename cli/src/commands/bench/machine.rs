//! The machine a benchmark ran on: the CPU model and the number of cores.

use serde::Serialize;

/// The CPU model and core count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Machine {
    /// The CPU model, e.g. `AMD EPYC 7B13`, or `unknown CPU`.
    pub cpu: String,
    /// The cores (hardware threads) this process may use.
    pub cores: usize,
}

impl Machine {
    /// The machine this process runs on.
    pub fn this() -> Self {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|text| cpu_model(&text))
            .unwrap_or_else(|| format!("unknown CPU ({})", std::env::consts::ARCH));
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1);
        Machine { cpu, cores }
    }
}

impl std::fmt::Display for Machine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = if self.cores == 1 { "" } else { "s" };
        write!(f, "{}, {} core{s}", self.cpu, self.cores)
    }
}

/// The CPU model named in the text of `/proc/cpuinfo`.
pub fn cpu_model(cpuinfo: &str) -> Option<String> {
    ["model name", "Hardware", "Processor", "cpu model"]
        .iter()
        .find_map(|field| {
            cpuinfo.lines().find_map(|line| {
                let (k, v) = line.split_once(':')?;
                (k.trim() == *field && !v.trim().is_empty()).then(|| v.trim().to_string())
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_name_line_is_read() {
        let text = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\n";
        assert_eq!(cpu_model(text).as_deref(), Some("AMD EPYC 7B13"));
        assert_eq!(cpu_model("processor : 0\n"), None);
    }

    #[test]
    fn this_machine_has_at_least_one_core() {
        let m = Machine::this();
        assert!(m.cores >= 1);
        assert!(!m.cpu.is_empty());
    }
}
