//! The add-a-game guide (`docs/ADDING_A_GAME.md`, section 7) says what
//! adding Oware took: its list of modules is the crate's, and its
//! registration step names every line `default_registry()` has for Oware.

use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(workspace().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of step `n` of the guide's Oware section, up to the next step.
fn oware_step(guide: &str, n: usize) -> String {
    let section = guide
        .split_once("## 7. A full game: Oware")
        .expect("the guide has its Oware section")
        .1;
    let start = section
        .find(&format!("\n{n}. **"))
        .unwrap_or_else(|| panic!("step {n} of the Oware section"));
    let rest = &section[start + 1..];
    let end = rest
        .find(&format!("\n{}. **", n + 1))
        .or_else(|| rest.find("\n\n"))
        .unwrap_or(rest.len());
    rest[..end].to_string()
}

#[test]
fn the_oware_step_lists_every_module_of_the_crate() {
    let step = oware_step(&read("docs/ADDING_A_GAME.md"), 2);
    let mut modules: Vec<String> = std::fs::read_dir(workspace().join("games/oware/src"))
        .expect("games/oware/src")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rs") && name != "lib.rs")
        .collect();
    modules.sort();
    assert!(modules.len() >= 10, "the crate's modules: {modules:?}");
    let missing: Vec<&String> = modules
        .iter()
        .filter(|m| !step.contains(&format!("`{m}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "step 2 of the guide's Oware section leaves out {missing:?}:\n{step}"
    );
}

#[test]
fn the_oware_step_names_every_registration_line() {
    let lib = read("games/registry/src/lib.rs");
    let registry = lib
        .split_once("pub fn default_registry()")
        .expect("default_registry in games/registry/src/lib.rs")
        .1;
    let registry = &registry[..registry.find("\n}").expect("the end of default_registry")];
    let lines: Vec<&str> = registry
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("plateau_oware::Oware"))
        .collect();
    assert!(!lines.is_empty(), "Oware is registered:\n{registry}");
    let step = oware_step(&read("docs/ADDING_A_GAME.md"), 4);
    let flat = step.split_whitespace().collect::<Vec<_>>().join(" ");
    for line in &lines {
        let call = line.trim_end_matches(';');
        assert!(
            flat.contains(call),
            "step 4 does not name `{call}`:\n{step}"
        );
    }
    let count = ["no", "one line", "two lines", "three lines", "four lines"][lines.len()];
    assert!(
        flat.contains(&format!("{count} in `default_registry()`")),
        "step 4 does not say {count}:\n{step}"
    );
}
