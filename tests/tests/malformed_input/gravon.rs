//! Gravon XML.

use crate::harness::*;
use crate::mutate::*;
use std::cell::Cell;
use std::path::PathBuf;

/// A tiny classic game by hand: the setups of the Stratego docs, a scout
/// step each, then blue forfeits.
const TINY_GRAVON: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<stratego>
 <game type="classic">
  <field content="GEFDBMBFDEBDJEHIBHCIFBHELGHDGGDEDBKJDDIFAA__AA__AAAA__AA__AAPQPNWVPPURRNTQXSTPSSNPVQTUNTOUSQRPNYNRPQ"/>
  <move id="1" source="A4" target="A5"/>
  <move id="2" source="A7" target="A6"/>
  <player id="1">Player 1</player>
  <player id="2">Player 2</player>
  <result type="3" winner="1"/>
 </game>
</stratego>
"#;

#[test]
fn malformed_gravon_records_are_refused_with_one_line_errors_or_reload() {
    let registry = registry();
    let mut samples = vec![TINY_GRAVON.to_string()];
    let dir = plateau::shared_data::dir().join("acceptance/stratego-records/gravon-xml");
    match std::fs::read_dir(&dir) {
        Ok(entries) => {
            let mut files: Vec<(u64, PathBuf)> = entries
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "xml"))
                .map(|p| (std::fs::metadata(&p).unwrap().len(), p))
                .collect();
            // The smallest few: every case replays its record.
            files.sort();
            for (_, path) in files.into_iter().take(3) {
                samples.push(std::fs::read_to_string(path).unwrap());
            }
        }
        Err(_) => {
            // On the standard error itself: the harness keeps what
            // `println!` writes of a test that passes.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "note: {} is missing: only the embedded Gravon record is used \
                 (PLATEAU_SHARED may name the shared data's place)",
                dir.display()
            );
        }
    }
    for xml in &samples {
        let record = plateau_stratego::gravon::import(xml).unwrap();
        registry.load_record(&record).unwrap();
    }
    let accepted = Cell::new(0u32);
    check("gravon xml", 4000, text_input(), |input| {
        let xml = input.text(&samples);
        match plateau_stratego::gravon::import(&xml) {
            Ok(record) => {
                accepted.set(accepted.get() + 1);
                if let Err(e) = registry.load_record(&record) {
                    return Err(fail(format!("the import of {xml:?} does not load: {e}")));
                }
            }
            Err(e) => one_line("gravon::import", &xml, &e.to_string())?,
        }
        Ok(())
    });
    some_accepted("gravon xml", &accepted);
}
