//! Stratego setup text.

use crate::harness::*;
use crate::mutate::*;
use crate::samples::*;
use plateau::Player;
use proptest::prelude::*;
use proptest::sample::Index;
use std::cell::Cell;

#[test]
fn malformed_stratego_setups_are_refused_with_one_line_errors() {
    let variants = stratego_variants();
    // (variant index, player, sample texts)
    let mut samples: Vec<(usize, Player, Vec<String>)> = Vec::new();
    for (v, (_, game)) in variants.iter().enumerate() {
        for p in [Player(0), Player(1)] {
            let mut rng = plateau::rng(v as u64 * 2 + u64::from(p.0));
            let mut texts = Vec::new();
            for _ in 0..3 {
                let text = game.setup_text(&game.random_setup(p, &mut rng));
                texts.push(format!("setup {text}"));
                texts.push(text.replace('/', "\n"));
                texts.push(text);
            }
            samples.push((v, p, texts));
        }
    }
    let accepted = Cell::new(0u32);
    check(
        "stratego setup",
        10000,
        (any::<Index>(), any::<bool>(), text_input()),
        |(which, other_player, input)| {
            let (v, player, texts) = &samples[which.index(samples.len())];
            let (name, game) = &variants[*v];
            let player = if other_player {
                Player(1 - player.0)
            } else {
                *player
            };
            let text = input.text(texts);
            match game.parse_setup(player, &text) {
                Ok(setup) => {
                    accepted.set(accepted.get() + 1);
                    if let Err(e) = game.check_setup(player, &setup) {
                        return Err(fail(format!(
                            "{name}: {text:?} was read as a setup that does not pass its check: {e}"
                        )));
                    }
                    let again = game.parse_setup(player, &game.setup_text(&setup));
                    prop_assert_eq!(again.as_ref(), Ok(&setup), "{}: {:?}", name, text);
                }
                Err(e) => one_line(name, &text, &e.to_string())?,
            }
            Ok(())
        },
    );
    some_accepted("stratego setup", &accepted);
}
