//! Embeds every file under `web/` (the page of `plateau web`) in the
//! binary: writes a table of `(path, bytes)` with `include_bytes!` to
//! `$OUT_DIR/web_assets.rs`, so the page runs with no build step of its own.

use std::path::{Path, PathBuf};

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("web");
    println!("cargo:rerun-if-changed=web");
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    files.sort();
    let mut table = String::from("/// Every file under cli/web/: its path there and its bytes.\n");
    table.push_str("pub(crate) static FILES: &[(&str, &[u8])] = &[\n");
    for (name, path) in &files {
        table.push_str(&format!("    ({name:?}, include_bytes!({path:?})),\n"));
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("web_assets.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}

/// The files under `dir`, as (path relative to `root` with `/`, absolute path).
fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if let Ok(relative) = path.strip_prefix(root) {
            let name: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push((name.join("/"), path.to_string_lossy().into_owned()));
        }
    }
}
