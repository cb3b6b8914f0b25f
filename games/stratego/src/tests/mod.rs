//! Hand-worked rule cases, each citing its section of RULES.md.

use plateau::{DescribeMoves, Render, RulesDocs};
mod captain;
mod chase;
mod combat;
mod end;
mod guess;
mod hidden;
mod mobile;
mod movement;
mod reconquest;
mod referee;
mod setups;
mod silent;
mod state_json;
pub(crate) mod two_squares;

use crate::state::{Event, StrategoState};
use crate::{Move, Stratego};
use plateau::{Game, Player, RulesSpec, Status};

/// Original rules with overrides `key=value`.
pub(crate) fn rules(overrides: &[(&str, &str)]) -> Stratego {
    let mut spec = RulesSpec::variant("original");
    for (k, v) in overrides {
        spec = spec.set(k, v);
    }
    plateau::rules::load::<Stratego>(&spec).unwrap().game
}

/// A position from a diagram: ranks 10 down to 1, ten tokens a rank: `.`
/// empty, `~` lake, `r` or `b` and a symbol for a red or blue piece (`r9`,
/// `bB`). Play has begun; `to_move` moves next. Made with the public
/// [`PositionBuilder`](crate::PositionBuilder), which checks it.
pub(crate) fn position(game: &Stratego, diagram: &str, to_move: u8) -> StrategoState {
    let r = &game.rules;
    let mut b = crate::PositionBuilder::new(Player(to_move));
    let rows: Vec<&str> = diagram
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(rows.len(), r.ranks as usize, "one line per rank");
    for (i, row) in rows.iter().enumerate() {
        let rank = r.ranks as usize - 1 - i;
        let tokens: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(tokens.len(), r.files as usize, "rank {}: {row}", rank + 1);
        for (file, tok) in tokens.iter().enumerate() {
            let sq = crate::Square::new(file as u8, rank as u8).unwrap();
            match *tok {
                "." => assert!(!game.lakes().contains(&sq), "{sq} is a lake"),
                "~" => assert!(game.lakes().contains(&sq), "{sq} is no lake"),
                t => {
                    let side = match &t[..1] {
                        "r" => 0,
                        "b" => 1,
                        _ => panic!("bad token {t}"),
                    };
                    let k = game.kind_of_symbol(t[1..].chars().next().unwrap()).unwrap();
                    b.place(sq, Player(side), k);
                }
            }
        }
    }
    b.build_with(game, crate::Checks::diagram())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Plays moves given in notation (`return PIECE SQUARE` is one move),
/// panicking with the reason on an illegal one.
pub(crate) fn play(game: &Stratego, st: &mut StrategoState, moves: &str) {
    let mut words = moves.split_whitespace();
    while let Some(w) = words.next() {
        let m = if w == "return" {
            format!("return {} {}", words.next().unwrap(), words.next().unwrap())
        } else {
            w.to_string()
        };
        let m = m.as_str();
        let mv = game.parse_move(st, m).unwrap();
        if let Err(e) = game.try_apply(st, &mv) {
            panic!("{m}: {}", e.reason);
        }
    }
}

/// The reason a move is refused.
pub(crate) fn refused(game: &Stratego, st: &StrategoState, m: &str) -> String {
    let mv = game.parse_move(st, m).unwrap();
    match game.check_move(st, &mv) {
        Ok(()) => panic!("{m} was accepted"),
        Err(e) => {
            let mut moves = Vec::new();
            game.legal_moves(st, &mut moves);
            assert!(!moves.contains(&mv), "{m} is refused but listed");
            e
        }
    }
}

/// Whether a move is legal, checking that the list and the check agree.
pub(crate) fn legal(game: &Stratego, st: &StrategoState, m: &str) -> bool {
    let mv = game.parse_move(st, m).unwrap();
    let mut moves = Vec::new();
    game.legal_moves(st, &mut moves);
    let ok = game.check_move(st, &mv).is_ok();
    assert_eq!(ok, moves.contains(&mv), "{m}: check and list disagree");
    ok
}

/// The legal moves in notation, sorted.
pub(crate) fn legal_list(game: &Stratego, st: &StrategoState) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(st, &mut moves);
    let mut v: Vec<String> = moves.iter().map(|m| game.format_move(m)).collect();
    v.sort();
    v
}

/// The square named `name`.
pub(crate) fn sq(name: &str) -> crate::Square {
    name.parse().unwrap()
}

/// The owner and piece name on the square named `at`.
pub(crate) fn name_at(game: &Stratego, st: &StrategoState, at: &str) -> Option<(u8, String)> {
    st.piece_at(sq(at))
        .map(|p| (p.owner.0, game.pieces()[p.kind as usize].name.clone()))
}

/// The combat of the last move, which must have been an attack.
pub(crate) fn last_combat(st: &StrategoState) -> crate::Combat {
    match &st.last_event().unwrap() {
        Event::Move {
            combat: Some(c), ..
        } => *c,
        e => panic!("no combat: {e:?}"),
    }
}

/// The outcome as (winner, reason), if the game is over.
pub(crate) fn over(game: &Stratego, st: &StrategoState) -> Option<(Option<Player>, String)> {
    match game.status(st) {
        Status::Over(o) => Some((o.winner, o.reason.to_string())),
        _ => None,
    }
}

/// Puts pieces of `side` (symbols, earliest removed first) into its tray,
/// through the builder.
pub(crate) fn to_tray(game: &Stratego, st: &mut StrategoState, side: usize, symbols: &str) {
    let mut b = crate::PositionBuilder::from_state(game, st);
    for s in symbols.split_whitespace() {
        let k = game.kind_of_symbol(s.chars().next().unwrap()).unwrap();
        b.remove(Player(side as u8), k);
    }
    *st = b
        .build_with(game, crate::Checks::diagram())
        .unwrap_or_else(|e| panic!("{e}"));
}

/// A fixed legal Red setup (front row first).
pub(crate) const RED: &str =
    "2 3 2 B 9 8 2 2 7 4 / 4 B 6 3 X 5 6 2 5 5 / B 2 8 3 6 7 B 6 S 7 / 5 3 4 2 B F B 4 2 3";
/// A fixed legal Blue setup (front row first: rank 7).
pub(crate) const BLUE: &str =
    "4 2 2 7 8 3 2 6 2 5 / 5 B 3 X 9 6 2 B 7 2 / 3 4 S 6 B 8 5 4 2 7 / 3 B 6 5 B F B 2 3 4";

/// A game after both fixed setups.
pub(crate) fn started(game: &Stratego) -> StrategoState {
    let mut st = game.initial_state(0);
    for (p, text) in [(0, RED), (1, BLUE)] {
        let s = game.parse_setup(Player(p), text).unwrap();
        game.apply(&mut st, &Move::Setup(s));
    }
    st
}

#[test]
fn conformance_original() {
    plateau::conformance::check(
        &rules(&[]),
        &plateau::conformance::Config {
            games: 6,
            max_plies: 300,
            ..Default::default()
        },
    );
}

#[test]
fn conformance_classic_5_short_games() {
    // Small caps so that games end by rule within the kit's budget.
    let game = plateau::rules::load::<Stratego>(
        &RulesSpec::variant("classic-5")
            .set("max_plies", "120")
            .set("max_plies_without_capture", "40"),
    )
    .unwrap()
    .game;
    plateau::conformance::check(
        &game,
        &plateau::conformance::Config {
            games: 4,
            max_plies: 0,
            ..Default::default()
        },
    );
}

#[test]
fn conformance_barrage_and_duel() {
    for variant in ["barrage", "duel"] {
        let game = plateau::rules::load::<Stratego>(&RulesSpec::variant(variant))
            .unwrap()
            .game;
        plateau::conformance::check(
            &game,
            &plateau::conformance::Config {
                games: 4,
                max_plies: 200,
                ..Default::default()
            },
        );
    }
}

/// The option rules of S12, by key.
pub(crate) const OPTIONS: [&str; 6] = [
    "options.attacker_advantage",
    "options.explosive_bombs",
    "options.mobile_bombs",
    "options.mobile_flag",
    "options.reconquest",
    "options.silent_defense",
];

/// A variant with the options whose bits are set in `mask` (bit i: OPTIONS[i]).
pub(crate) fn with_options(variant: &str, mask: u8, extra: &[(&str, &str)]) -> Stratego {
    let mut spec = RulesSpec::variant(variant);
    for (i, key) in OPTIONS.iter().enumerate() {
        if mask & (1 << i) != 0 {
            spec = spec.set(key, "true");
        }
    }
    for (k, v) in extra {
        spec = spec.set(k, v);
    }
    plateau::rules::load::<Stratego>(&spec).unwrap().game
}

#[test]
fn conformance_original_with_each_option_and_all_together() {
    // S12 [choice]: each option with Original, then all six at once.
    for mask in (0..OPTIONS.len()).map(|i| 1u8 << i).chain([0b11_1111]) {
        plateau::conformance::check(
            &with_options("original", mask, &[]),
            &plateau::conformance::Config {
                games: 2,
                seed: mask as u64,
                max_plies: 90,
                ..Default::default()
            },
        );
    }
}

#[test]
fn conformance_small_armies_with_all_options() {
    // Barrage and duel leave room to reach the back row, so that flags walk
    // home and returns are made (S12.4, S12.5) within the kit's budget.
    for variant in ["barrage", "duel"] {
        plateau::conformance::check(
            &with_options(variant, 0b11_1111, &[("max_plies", "150")]),
            &plateau::conformance::Config {
                games: 4,
                max_plies: 0,
                ..Default::default()
            },
        );
    }
}

#[test]
fn conformance_star_wars() {
    plateau::conformance::check(
        &Stratego::variant("star-wars").unwrap(),
        &plateau::conformance::Config {
            games: 2,
            max_plies: 120,
            ..Default::default()
        },
    );
}

#[test]
fn s12_random_play_under_all_options_uses_them() {
    // The options do come into play: over seeded random barrage games with
    // every option on, bombs and flags move, steps of S12.5 are made, and
    // silent defenders stay hidden.
    let game = with_options("barrage", 0b11_1111, &[("max_plies", "300")]);
    let (bomb, flag) = (
        game.kind_of_name("bomb").unwrap(),
        game.kind_of_name("flag").unwrap(),
    );
    let (mut steps, mut hidden, mut bomb_moves, mut flag_moves) = (0, 0, 0, 0);
    for seed in 0..40 {
        let mut st = game.initial_state(seed);
        let mut rng = plateau::rng(seed);
        while let Some(mv) = game.random_move(&st, &mut rng) {
            if let Move::Step { from, .. } = mv {
                let k = st.piece_at(from).unwrap().kind;
                bomb_moves += (k == bomb) as u32;
                flag_moves += (k == flag) as u32;
            }
            game.apply(&mut st, &mv);
            match st.last_event() {
                Some(Event::Return { .. } | Event::Skip { .. }) => steps += 1,
                Some(Event::Move {
                    combat: Some(c), ..
                }) if c.defender.is_none() => hidden += 1,
                _ => {}
            }
        }
    }
    assert!(
        steps > 0 && hidden > 0 && bomb_moves > 0 && flag_moves > 0,
        "steps {steps}, hidden defenders {hidden}, bomb moves {bomb_moves}, flag moves {flag_moves}"
    );
}

#[test]
fn s12_every_option_is_in_every_shipped_variant_and_documented() {
    use plateau::Game;
    for v in Stratego::variants() {
        for key in OPTIONS {
            // `--set` works on every variant: the key is in its file.
            let game =
                plateau::rules::load::<Stratego>(&RulesSpec::variant(v.name).set(key, "true"))
                    .unwrap_or_else(|e| panic!("{}: {key}: {e}", v.name))
                    .game;
            assert!(game.summary().contains("Options:"), "{}", v.name);
        }
    }
    for key in OPTIONS {
        let doc = Stratego::param_docs()
            .iter()
            .find(|d| d.key == key)
            .unwrap_or_else(|| panic!("{key} has no description"));
        assert!(
            doc.description.starts_with("S12."),
            "{key}: {}",
            doc.description
        );
    }
}

#[test]
fn s11_6_star_wars_names() {
    let game = Stratego::variant("star-wars").unwrap();
    assert_eq!(game.player_name(Player(0)), "republic");
    assert_eq!(game.player_name(Player(1)), "separatists");
    let base = game.kind_of_name("base").unwrap();
    assert_eq!(game.pieces()[base as usize].role, crate::Role::Flag);
    assert!(game.kind_of_name("flag").is_none());
    let mut st = started(&game);
    assert!(refused(&game, &st, "c4-c5").contains("c5 is a planet"));
    assert!(game
        .render_view(&game.view(&st, Player(0)))
        .contains("You are Republic"));
    assert!(game.summary().contains("8 planet squares"));
    // Everything else is Original: a scout run and a fight.
    play(&game, &mut st, "a4-a6 a7xa6");
    let told = game
        .describe_move(
            &started(&game),
            &game.parse_move(&st, "e4-e5").unwrap(),
            None,
        )
        .unwrap();
    assert_eq!(told, "Republic general e4-e5.");
}
