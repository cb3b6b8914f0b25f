//! Record files under hostile conditions: concurrent writers, special files
//! at the output path (docs/RELIABILITY.md).

use std::fs;
use std::process::Command;

fn plateau() -> Command {
    Command::new(env!("CARGO_BIN_EXE_plateau"))
}

/// Twenty `plateau apply` processes on one record at once: each waits for
/// the record's lock and plays on top of the others, so every move that
/// exited 0 is in the record (before the lock, most were lost).
#[test]
fn concurrent_appliers_lose_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.json");
    let made = plateau()
        .args(["new", "hus", "--seed", "3", "-o"])
        .arg(&g)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let pits = ["a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1", "b5", "b6"];
    let children: Vec<(String, std::process::Child)> = (0..20)
        .map(|i| {
            let mv = pits[i % pits.len()].to_string();
            let child = plateau()
                .arg("apply")
                .arg(&g)
                .arg(&mv)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            (mv, child)
        })
        .collect();
    let mut acknowledged = Vec::new();
    for (mv, child) in children {
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        if out.status.success() {
            acknowledged.push(mv);
        } else {
            // Refused moves are illegal where they came (or came after the
            // end of the game); nothing else.
            assert!(
                err.contains("illegal move") || err.contains("the game is over"),
                "{err}"
            );
        }
    }
    let record = plateau::GameRecord::from_json(&fs::read_to_string(&g).unwrap()).unwrap();
    let mut recorded = record.moves.clone();
    recorded.sort();
    acknowledged.sort();
    assert_eq!(
        recorded, acknowledged,
        "every acknowledged move, and only those"
    );
    assert!(acknowledged.len() >= 2, "{acknowledged:?}");
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != "g.json")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// `-o` onto a character device or a directory is an error that leaves it
/// alone (as root, `plateau new quinque -o /dev/null` used to replace the
/// machine's /dev/null with a regular file).
#[cfg(unix)]
#[test]
fn output_onto_a_device_or_a_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for path in [std::path::Path::new("/dev/null"), dir.path()] {
        let out = plateau()
            .args(["new", "quinque", "-o"])
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a regular file"), "{err}");
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}

/// Text from a record reaches the terminal escaped, and a record whose
/// `variant` names a shipped variant with other parameters is shown as
/// modified, not as that variant.
#[test]
fn a_records_variant_is_escaped_and_labelled_modified_when_it_lies() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.json");
    let out = plateau()
        .args(["new", "hus", "--seed", "1", "-o"])
        .arg(&g)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = fs::read_to_string(&g).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    let show = |record: &serde_json::Value| {
        fs::write(&g, record.to_string()).unwrap();
        let out = plateau().arg("replay").arg(&g).output().unwrap();
        let json = plateau().args(["show", "--json"]).arg(&g).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(json.stdout).unwrap(),
        )
    };
    let (plain, _) = show(&record);
    assert!(plain.contains("(standard)"), "{plain}");
    record["params"]["first"] = "north".into();
    let (modified, json) = show(&record);
    assert!(modified.contains("standard (modified)"), "{modified}");
    assert!(
        json.contains("\"variant\":\"standard (modified)\""),
        "{json}"
    );
    record["variant"] = "\u{1b}[2J\u{1b}]0;owned\u{7}".into();
    let (escaped, _) = show(&record);
    assert!(!escaped.contains('\u{1b}'), "{escaped:?}");
    assert!(escaped.contains("\\u{1b}[2J"), "{escaped:?}");
}
