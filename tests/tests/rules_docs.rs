//! The players' rules in `docs/rules/<game>.md` carry every section code the
//! games cite (in error messages, hints and docs of `games/*/src`), and,
//! where the specification (`RULES.md` of the shared rules folder) is beside
//! the repository, exactly its numbering.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The games whose rules are numbered, by the letter of their codes.
const GAMES: [(char, &str); 4] = [
    ('H', "hus"),
    ('O', "oware"),
    ('Q', "quinque"),
    ('S', "stratego"),
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The shared rules folder: `$PLATEAU_SHARED/rules`, else `../shared/rules`
/// beside the repository.
fn shared_rules() -> PathBuf {
    plateau::shared_data::dir().join("rules")
}

/// A note that is shown even when the test passes (the test harness keeps
/// what `println!` writes): straight to the standard error.
fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "note: {text}");
}

/// Every section code in `text`: a letter of [`GAMES`], a section number,
/// optionally `.item` and a sub-item letter (`S4`, `H3.1`, `S11.4a`), not
/// inside a longer word.
fn codes(text: &str) -> BTreeSet<String> {
    let chars: Vec<char> = text.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts = GAMES.iter().any(|(l, _)| *l == c) && (i == 0 || !word(chars[i - 1]));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        let digits = |j: &mut usize| {
            let from = *j;
            while *j < chars.len() && chars[*j].is_ascii_digit() {
                *j += 1;
            }
            *j > from
        };
        if !digits(&mut j) {
            i += 1;
            continue;
        }
        if j + 1 < chars.len() && chars[j] == '.' && chars[j + 1].is_ascii_digit() {
            j += 1;
            digits(&mut j);
            if j < chars.len()
                && chars[j].is_ascii_lowercase()
                && (j + 1 == chars.len() || !word(chars[j + 1]))
            {
                j += 1;
            }
        }
        if j == chars.len() || !word(chars[j]) {
            out.insert(chars[i..j].iter().collect());
        }
        i = j;
    }
    out
}

/// The codes a players' rules file documents: the code of every heading
/// (`## S4 Movement`) and every bold code opening an item (`- **S4.3** ...`).
fn documented(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix('#') {
            let title = rest.trim_start_matches('#').trim_start();
            if let Some(first) = title.split_whitespace().next() {
                out.extend(codes(first).into_iter().filter(|c| c == first));
            }
        } else if let Some(rest) = trimmed.strip_prefix("- **") {
            if let Some((code, _)) = rest.split_once("**") {
                out.extend(codes(code).into_iter().filter(|c| c == code));
            }
        }
    }
    out
}

/// The codes the specification numbers: `## S4 ...` headings, `1.` items
/// under them and `a.` sub-items under those.
fn specified(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let (mut section, mut item) = (String::new(), String::new());
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            section = title.split_whitespace().next().unwrap_or("").to_string();
            item.clear();
            if codes(&section).contains(&section) {
                out.insert(section.clone());
            } else {
                section.clear();
            }
            continue;
        }
        if section.is_empty() {
            continue;
        }
        let trimmed = line.trim_start();
        let Some((number, _)) = trimmed.split_once(". ") else {
            continue;
        };
        if line == trimmed && !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
            item = format!("{section}.{number}");
            out.insert(item.clone());
        } else if line != trimmed
            && !item.is_empty()
            && number.len() == 1
            && number.chars().all(|c| c.is_ascii_lowercase())
        {
            out.insert(format!("{item}{number}"));
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn rules_doc(game: &str) -> String {
    let path = workspace().join(format!("docs/rules/{game}.md"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_code_finder_reads_codes_and_skips_words() {
    let found = codes("S4.3, H3.1 and (S11.4a); S9.1–S9.3, S12.3/S12.4. Q5 O5.6: HS1 S1x xS2");
    let want = [
        "H3.1", "O5.6", "Q5", "S11.4a", "S12.3", "S12.4", "S4.3", "S9.1", "S9.3",
    ];
    assert_eq!(found, want.iter().map(|s| s.to_string()).collect());
    let doc = "## S4 Movement\n- **S4.1** One.\n  - **S11.4a** A.\nSee **S9.9** in text.\n";
    let got: Vec<String> = documented(doc).into_iter().collect();
    assert_eq!(got, ["S11.4a", "S4", "S4.1"]);
    let spec = "## S4 Movement\n1. One.\n   a. Sub.\n2. Two.\n## Notes\n1. Not numbered.\n";
    let got: Vec<String> = specified(spec).into_iter().collect();
    assert_eq!(got, ["S4", "S4.1", "S4.1a", "S4.2"]);
}

#[test]
fn every_code_the_games_cite_is_in_the_players_rules() {
    let mut files = Vec::new();
    for (_, game) in GAMES {
        rust_files(
            &workspace().join("games").join(game).join("src"),
            &mut files,
        );
    }
    assert!(files.len() > 20, "the games' sources are found: {files:?}");
    let docs: Vec<(char, BTreeSet<String>)> = GAMES
        .iter()
        .map(|(letter, game)| (*letter, documented(&rules_doc(game))))
        .collect();
    let mut missing = Vec::new();
    let mut cited = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for code in codes(&text) {
            cited += 1;
            let letter = code.chars().next().unwrap();
            let (_, doc) = docs.iter().find(|(l, _)| *l == letter).unwrap();
            if !doc.contains(&code) {
                missing.push(format!("{code} (cited in {})", file.display()));
            }
        }
    }
    assert!(cited > 100, "only {cited} citations found");
    assert!(
        missing.is_empty(),
        "codes cited but not in docs/rules:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_players_rules_are_numbered_as_the_specification() {
    let path = shared_rules().join("RULES.md");
    let Ok(spec) = std::fs::read_to_string(&path) else {
        note(&format!(
            "{} is missing: the numbering of docs/rules is not compared with the specification \
             (set PLATEAU_SHARED to the shared folder)",
            path.display()
        ));
        return;
    };
    let spec = specified(&spec);
    for (letter, game) in GAMES {
        let doc = documented(&rules_doc(game));
        let want: BTreeSet<String> = spec
            .iter()
            .filter(|c| c.starts_with(letter))
            .cloned()
            .collect();
        assert!(want.len() > 5, "{game}: {want:?}");
        assert_eq!(doc, want, "docs/rules/{game}.md against RULES.md");
    }
}
