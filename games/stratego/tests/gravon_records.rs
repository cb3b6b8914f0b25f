//! Acceptance tests over the Gravon archive sample (S13): every classic game
//! replays legally under classic-5 and every barrage game under barrage with
//! limit 5 and no chase rule, and ends as Gravon says; every human setup is a
//! legal Original setup.

use plateau::{Game, GameRecord, Player, Session, Status};
use plateau_stratego::gravon::{self, GravonError};
use plateau_stratego::{Stratego, StrategoParams};
use std::path::PathBuf;

fn folder() -> Option<PathBuf> {
    let p = plateau::shared_data::dir().join("acceptance/stratego-records");
    if p.is_dir() {
        Some(p)
    } else {
        plateau::shared_data::note_missing(&p);
        None
    }
}

fn xml_files(kind: &str) -> Vec<PathBuf> {
    let Some(dir) = folder() else { return vec![] };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("gravon-xml"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&format!("{kind}-"))
        })
        .collect();
    files.sort();
    files
}

/// The rules a record names, from its parameters.
fn rules_of(record: &GameRecord) -> Stratego {
    let params: StrategoParams = serde_json::from_value(record.params.clone()).unwrap();
    Stratego::new(params).unwrap()
}

#[test]
fn s13_all_classic_games_replay_and_end_as_recorded() {
    let files = xml_files("classic");
    if files.is_empty() {
        return;
    }
    assert_eq!(files.len(), 21);
    let mut by_type = std::collections::BTreeMap::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let xml = std::fs::read_to_string(path).unwrap();
        let g = gravon::parse(&xml).unwrap();
        let record = gravon::import(&xml).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.game, "stratego");
        assert_eq!(record.variant, "classic-5");
        assert_eq!(record.moves.len(), g.moves.len() + 2, "{name}");
        let params = &record.params;
        assert_eq!(params["two_square_limit"], 5);
        assert_eq!(params["chase_rule"], false);
        assert_eq!(params["max_plies"], 0);
        assert_eq!(params["max_plies_without_capture"], 0);
        // The generic replay of the record checks every move again.
        let record = GameRecord::from_json(&record.to_json()).unwrap();
        let game = rules_of(&record);
        let session =
            Session::from_record(game.clone(), &record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let by_rule = game.status(session.state());
        let winner = match g.winner {
            1 => Some(Player(0)),
            2 => Some(Player(1)),
            _ => None,
        };
        match g.result_type {
            1 => {
                let o = by_rule
                    .outcome()
                    .unwrap_or_else(|| panic!("{name}: not over"));
                assert_eq!(o.reason, plateau_stratego::FLAG_CAPTURED, "{name}");
                assert_eq!(o.winner, winner, "{name}");
            }
            0 => {
                let o = by_rule
                    .outcome()
                    .unwrap_or_else(|| panic!("{name}: not over"));
                assert!(
                    o.reason == plateau_stratego::NO_LEGAL_MOVE
                        || o.reason == plateau_stratego::NO_MOVABLE_PIECES,
                    "{name}: {o:?}"
                );
                assert_eq!(o.winner, winner, "{name}");
                // Exactly after the last move: one move earlier it was not over.
                let mut earlier = record.clone();
                earlier.moves.pop();
                earlier.outcome = None;
                let before = Session::from_record(game.clone(), &earlier).unwrap();
                assert!(!game.status(before.state()).is_over(), "{name}");
            }
            3 | 10 => {
                assert!(matches!(by_rule, Status::ToMove(_)), "{name}: over by rule");
                let outcome = session.status().outcome().cloned();
                if g.result_type == 3 {
                    let o = outcome.unwrap();
                    assert_eq!(
                        (o.winner, o.reason.as_ref()),
                        (winner, "resignation"),
                        "{name}"
                    );
                } else {
                    assert_eq!(outcome, None, "{name}");
                }
            }
            t => panic!("{name}: result type {t} is not in the sample"),
        }
        *by_type.entry(g.result_type).or_insert(0) += 1;
    }
    // The sample: 9 flag captures, 1 unable to move, 10 forfeits, 1 abandoned.
    assert_eq!(
        by_type.into_iter().collect::<Vec<_>>(),
        [(0, 1), (1, 9), (3, 10), (10, 1)]
    );
}

#[test]
fn s13_the_two_squares_limit_of_5_matters() {
    // Classic 211 has runs of five moves between two squares: under limit 3
    // (Original) its move 155 is refused.
    let Some(dir) = folder() else { return };
    let xml = std::fs::read_to_string(dir.join("gravon-xml/classic-2006.2-211.xml")).unwrap();
    let record = gravon::import(&xml).unwrap();
    let mut params: StrategoParams = serde_json::from_value(record.params.clone()).unwrap();
    params.two_square_limit = 3;
    let game = Stratego::new(params).unwrap();
    match Session::from_record(game, &record) {
        Err(plateau::RecordError::Illegal { index, reason, .. }) => {
            assert_eq!(index, 155 + 2, "move 155 after the two setups");
            assert!(reason.contains("S7"), "{reason}");
        }
        other => panic!(
            "expected move 155 to be refused, got {:?}",
            other.map(|_| ())
        ),
    }
}

#[test]
fn s13_barrage_games_replay_and_end_as_recorded() {
    let files = xml_files("barrage");
    if files.is_empty() {
        return;
    }
    assert_eq!(files.len(), 4);
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let xml = std::fs::read_to_string(path).unwrap();
        let g = gravon::parse(&xml).unwrap();
        let record = gravon::import(&xml).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.variant, "barrage");
        assert_eq!(record.params["two_square_limit"], 5);
        assert_eq!(record.params["chase_rule"], false);
        assert_eq!(record.params["max_plies"], 0);
        assert_eq!(record.params["setup"]["full"], false);
        let game = rules_of(&record);
        let session =
            Session::from_record(game.clone(), &record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let o = game
            .status(session.state())
            .outcome()
            .cloned()
            .unwrap_or_else(|| panic!("{name}: not over"));
        let winner = Some(Player(g.winner as u8 - 1));
        assert_eq!(o.winner, winner, "{name}");
        let expected = if g.result_type == 1 {
            vec![plateau_stratego::FLAG_CAPTURED]
        } else {
            vec![
                plateau_stratego::NO_LEGAL_MOVE,
                plateau_stratego::NO_MOVABLE_PIECES,
            ]
        };
        assert!(expected.contains(&o.reason.as_ref()), "{name}: {o:?}");
    }
    // Barrage 861: Red's last move lost Red's last movable piece, and Red loses
    // although Blue is to move (S9.3).
    let Some(dir) = folder() else { return };
    let xml = std::fs::read_to_string(dir.join("gravon-xml/barrage-2006.2-861.xml")).unwrap();
    let record = gravon::import(&xml).unwrap();
    let o = record.outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(1)), plateau_stratego::NO_MOVABLE_PIECES)
    );
}

#[test]
fn s13_other_game_types_are_refused_clearly() {
    let xml = "<stratego><game type=\"ultimate lightning\"><field content=\"\"/><result type=\"3\" winner=\"1\"/></game></stratego>";
    match gravon::import(xml) {
        Err(GravonError::UnsupportedType(t)) => assert_eq!(t, "ultimate lightning"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn s13_bad_records_give_clear_errors() {
    let good = |moves: &str| {
        format!(
            "<?xml version=\"1.0\"?><stratego><game type=\"classic\"><field content=\"{}\"/>{moves}<result type=\"3\" winner=\"1\"/></game></stratego>",
            "GEBMBEDHEFBDEBIBEIDBHDIDDKDGFDHFJFGGCHJLAA__AA__AAAA__AA__AAUPWPPSXVPPSUORVSTPQTPNQQTQUNTPNRNRQRNYNS"
        )
    };
    assert!(gravon::import(&good("")).is_ok());
    let e = gravon::import(&good("<move id=\"1\" source=\"B4\" target=\"B6\"/>")).unwrap_err();
    assert!(e.to_string().contains("move 1 (b4-b6) is illegal"), "{e}");
    let e = gravon::import(&good("<move id=\"1\" source=\"J4\" target=\"J5\"/>")).unwrap_err();
    assert!(e.to_string().contains("'J4' is not a Gravon square"), "{e}");
    let e = gravon::import(&good("<move id=\"2\" source=\"B4\" target=\"B5\"/>")).unwrap_err();
    assert!(e.to_string().contains("id 2 where 1"), "{e}");
    let e = gravon::import("<stratego><game type=\"classic\"></game></stratego>").unwrap_err();
    assert!(e.to_string().contains("field"), "{e}");
    let e = gravon::import("<stratego><game type=\"classic\"><field").unwrap_err();
    assert!(matches!(e, GravonError::Xml { .. }), "{e}");
    let bad_field = good("").replacen("GEBM", "GEBB", 1);
    let e = gravon::import(&bad_field).unwrap_err();
    assert!(
        e.to_string().contains("red setup") && e.to_string().contains("too many bombs"),
        "{e}"
    );
    let flag_claimed = good("").replace("type=\"3\"", "type=\"1\"");
    let e = gravon::import(&flag_claimed).unwrap_err();
    assert!(matches!(e, GravonError::ResultMismatch { .. }), "{e}");
}

/// Gravon setup letters to Original setup symbols.
fn to_symbols(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            'B' => 'B',
            'C' => 'S',
            'D' => '2',
            'E' => '3',
            'F' => '4',
            'G' => '5',
            'H' => '6',
            'I' => '7',
            'J' => '8',
            'K' => '9',
            'L' => 'X',
            'M' => 'F',
            other => other,
        })
        .collect()
}

#[test]
fn s3_all_gravon_human_setups_are_legal_original_setups() {
    let Some(dir) = folder() else { return };
    let text = std::fs::read_to_string(dir.join("setups/gravon-classic-setups.txt")).unwrap();
    let game = Stratego::original();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let symbols = to_symbols(line.trim());
        for p in [Player(0), Player(1)] {
            if let Err(e) = game.parse_setup(p, &symbols) {
                panic!("line {}: {line}: {e}", i + 1);
            }
        }
        n += 1;
    }
    assert_eq!(n, 64_920);
}

#[test]
fn s11_gravon_barrage_and_duel_setups_are_legal() {
    let Some(dir) = folder() else { return };
    let barrage = Stratego::variant("barrage").unwrap();
    let text = std::fs::read_to_string(dir.join("setups/gravon-barrage-setups.txt")).unwrap();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let symbols = to_symbols(line.trim()).replace('A', ".");
        barrage
            .parse_setup(Player(0), &symbols)
            .unwrap_or_else(|e| panic!("barrage setup line {}: {e}", i + 1));
        n += 1;
    }
    assert_eq!(n, 3944);
    // Whole start fields of barrage and duel games.
    for (file, variant, count) in [
        ("setups/gravon-barrage-games.csv", "barrage", 3132),
        ("setups/gravon-duell-games.csv", "duel", 32),
    ] {
        let game = Stratego::variant(variant).unwrap();
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let mut n = 0;
        for line in text.lines().skip(1) {
            let field = line.split(',').nth(3).unwrap();
            gravon::setups_from_field(&game, field)
                .unwrap_or_else(|e| panic!("{file}: {line}: {e}"));
            n += 1;
        }
        assert_eq!(n, count, "{file}");
    }
}
