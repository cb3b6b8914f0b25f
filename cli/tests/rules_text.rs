//! `plateau rules GAME --full`: the rules for players of docs/rules, numbered
//! as the error messages cite them; `plateau rules GAME` stays the summary
//! with the parameters.

mod common;

use assert_cmd::Command;

fn plateau(args: &[&str]) -> (i32, String, String) {
    let output = Command::cargo_bin("plateau")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn full_prints_each_games_rules_with_the_codes_its_errors_cite() {
    // One code each game's messages cite: H3.1 (a pit needs 2 stones),
    // S4.3 (scouts), Q5.5 (one group), O4.1 (feeding).
    for (game, title, code) in [
        ("hus", "# Hus: the rules", "**H3.1**"),
        ("stratego", "# Stratego: the rules", "**S4.3**"),
        ("quinque", "# Quinque: the rules", "**Q5.5**"),
        ("oware", "# Oware: the rules", "**O4.1**"),
    ] {
        let (code_, out, err) = plateau(&["rules", game, "--full"]);
        assert_eq!(code_, 0, "{game}: {err}");
        assert!(out.starts_with(title), "{game}: {out}");
        assert!(out.contains(code), "{game} lacks {code}");
        let file = std::fs::read_to_string(format!(
            "{}/../docs/rules/{game}.md",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        assert_eq!(out.trim_end(), file.trim_end(), "{game}: the file as it is");
    }
}

#[test]
fn the_default_stays_the_summary_and_points_to_full() {
    let (code, out, _) = plateau(&["rules", "hus"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Hus (hus), variant standard"), "{out}");
    assert!(out.contains("max_sowings = 10000"), "{out}");
    assert!(out.contains("plateau rules hus --full"), "{out}");
    assert!(!out.contains("# Hus: the rules"), "{out}");
}

#[test]
fn full_json_carries_the_text() {
    let (code, out, _) = plateau(&["rules", "stratego", "--full", "--json"]);
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let text = value["rules_text"].as_str().unwrap();
    assert!(text.contains("**S12.5e**"), "{text}");
    let (_, out, _) = plateau(&["rules", "stratego", "--json"]);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(value.get("rules_text").is_none(), "only with --full");
}

#[test]
fn a_game_without_rules_for_players_says_so() {
    let o = common::run(&["rules", "nim", "--full"]);
    common::one_line_error(&o, 1, "nim has no rules for players");
    assert!(o.err.contains("plateau rules nim"), "{}", o.err);
}

#[test]
fn the_plain_prompt_prints_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::cargo_bin("plateau")
        .unwrap()
        .env("PLATEAU_AUTOSAVE_DIR", dir.path())
        .args(["play", "oware", "--plain", "--seed", "1"])
        .write_stdin("rules\nquit\nno\n")
        .output()
        .unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("O3.2 Grand slam"), "{out}");
    assert!(
        !out.contains("**O3.2**"),
        "no Markdown bold on the prompt: {out}"
    );
}

#[test]
fn the_protocol_gives_the_rules_text() {
    let output = Command::cargo_bin("plateau")
        .unwrap()
        .arg("serve")
        .write_stdin(
            "{\"cmd\":\"rules\",\"game\":\"Quinque\"}\n{\"cmd\":\"rules\",\"game\":\"chess\"}\n",
        )
        .output()
        .unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["ok"], true, "{out}");
    assert_eq!(lines[0]["game"], "quinque");
    let text = lines[0]["rules_text"].as_str().unwrap();
    assert!(text.contains("**Q5.5**"), "{text}");
    assert_eq!(lines[1]["ok"], false);
    assert_eq!(lines[1]["error"]["kind"], "unknown_game");
    // A game without rules for players answers null.
    let o = common::run_in(&["serve"], "{\"cmd\":\"rules\",\"game\":\"nim\"}\n");
    let nim: serde_json::Value = serde_json::from_str(o.out.trim()).unwrap();
    assert_eq!(nim["rules_text"], serde_json::Value::Null, "{}", o.out);
}
