//! S12.6 silent defense: in combat the attacker is revealed and the defender
//! is not, unless it is removed, the attacker is a scout, or it was known.
use super::*;
use crate::view::ViewSquare;
use crate::Clash;
use plateau::{DescribeMoves, Render, SearchHooks};

fn game() -> Stratego {
    rules(&[("options.silent_defense", "true")])
}

/// Red's `attacker` on e4 attacks Blue's `defender` on e5.
fn board(attacker: &str, defender: &str) -> String {
    format!(
        "
    bF .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b{defender} .  ~  ~  .  .
    .  .  .  .  r{attacker} .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF r4 .  .  .  .  .  .  .  .
"
    )
}

#[test]
fn s12_6_a_silent_defender_that_wins_stays_hidden() {
    let game = game();
    let st0 = position(&game, &board("5", "9"), 0);
    let mv = game.parse_move(&st0, "e4xe5").unwrap();
    // Red, the attacker, learns only that it lost; Blue knows its general;
    // the full account names it.
    assert_eq!(
        game.describe_move(&st0, &mv, Some(Player(0))).unwrap(),
        "Red lieutenant e4-e5 attacks a hidden Blue piece and loses: it stays hidden."
    );
    let blue = game.describe_move(&st0, &mv, Some(Player(1))).unwrap();
    assert_eq!(
        blue,
        "Red lieutenant e4-e5 attacks the Blue general and loses: the general stays. It stays hidden from Red."
    );
    assert_eq!(game.describe_move(&st0, &mv, None).unwrap(), blue);
    let mut st = st0.clone();
    play(&game, &mut st, "e4xe5");
    let e5 = "e5".parse().unwrap();
    assert!(!st.piece_at(e5).unwrap().revealed);
    let c = last_combat(&st);
    assert_eq!((c.defender, c.result), (None, Clash::DefenderWins));
    assert_eq!(
        c.attacker,
        game.kind_of_name("lieutenant").unwrap(),
        "the attacker is revealed"
    );
    let red = game.view(&st, Player(0));
    assert_eq!(
        red.square(e5),
        Some(ViewSquare::Opponent {
            kind: None,
            moved: false
        })
    );
    let text = game.render_view(&red);
    let grid: String = text.lines().take(12).collect();
    assert!(!grid.contains("[9]") && !text.contains("general"), "{text}");
    assert_eq!(grid.matches("[?]").count(), 3);
    assert!(text.contains("Last: Red lieutenant e4-e5 attacks a hidden Blue piece"));
    // Blue's own view shows its general, and that Red does not know it.
    assert_eq!(
        game.view(&st, Player(1)).square(e5),
        Some(ViewSquare::Own {
            kind: game.kind_of_name("general").unwrap(),
            moved: false,
            revealed: false
        })
    );
    // Without the option the general is revealed (S5.1).
    let off = rules(&[]);
    let mut st = position(&off, &board("5", "9"), 0);
    play(&off, &mut st, "e4xe5");
    assert!(st.piece_at(e5).unwrap().revealed);
}

#[test]
fn s12_6_a_bomb_that_wins_stays_hidden_too() {
    let game = game();
    let mut st = position(&game, &board("9", "B"), 0);
    play(&game, &mut st, "e4xe5");
    assert_eq!(last_combat(&st).defender, None);
    assert!(!st.piece_at("e5".parse().unwrap()).unwrap().revealed);
}

#[test]
fn s12_6_a_scout_attack_reveals_the_silent_defender() {
    let game = game();
    let mut st = position(&game, &board("2", "9"), 0);
    play(&game, &mut st, "e4xe5");
    let general = game.kind_of_name("general").unwrap();
    assert_eq!(last_combat(&st).defender, Some(general));
    assert_eq!(
        game.view(&st, Player(0)).square("e5".parse().unwrap()),
        Some(ViewSquare::Opponent {
            kind: Some(general),
            moved: false
        })
    );
}

#[test]
fn s12_6_a_silent_defender_that_loses_or_ties_is_shown_in_the_tray() {
    let game = game();
    for (defender, result) in [("5", Clash::AttackerWins), ("9", Clash::BothRemoved)] {
        let mut st = position(&game, &board("9", defender), 0);
        play(&game, &mut st, "e4xe5");
        let k = game
            .kind_of_symbol(defender.chars().next().unwrap())
            .unwrap();
        let c = last_combat(&st);
        assert_eq!((c.defender, c.result), (Some(k), result));
        let red = game.view(&st, Player(0));
        assert_eq!(red.trays[1][k as usize], 1);
        let name = &game.pieces()[k as usize].name;
        assert!(
            game.rules
                .describe_event(&st.last_event().unwrap())
                .contains(name.as_str()),
            "{defender}"
        );
    }
}

#[test]
fn s12_6_a_defender_revealed_before_stays_revealed() {
    let game = game();
    let mut st = position(
        &game,
        "
    bF .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b9 .  ~  ~  .  .
    .  .  .  .  r5 r4 .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF r4 .  .  .  .  .  .  .  .
",
        1,
    );
    // Blue's general attacks and shows itself; it goes back and is attacked.
    play(&game, &mut st, "e5xe4 f4-f5 e4-e5 f5xe5");
    let c = last_combat(&st);
    assert_eq!(c.defender, Some(game.kind_of_name("general").unwrap()));
}

#[test]
fn s12_6_determinization_respects_what_a_silent_win_implies() {
    let game = game();
    let mut st = started(&game);
    // Red's sergeant (4) attacks Blue's j7 lieutenant and loses; Red never
    // learns what beat it.
    play(&game, &mut st, "j4-j5 a7-a6 j5-j6 a6-a5 j6xj7");
    let j7 = "j7".parse().unwrap();
    assert!(!st.piece_at(j7).unwrap().revealed);
    let view = game.view(&st, Player(0));
    assert_eq!(
        view.square(j7),
        Some(ViewSquare::Opponent {
            kind: None,
            moved: false
        })
    );
    let sergeant = game.kind_of_name("sergeant").unwrap() as usize;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let drawn = game.determinize(&view, &mut plateau::rng(seed));
        assert_eq!(game.view(&drawn, Player(0)), view);
        let k = drawn.piece_at(j7).unwrap().kind as usize;
        assert_eq!(
            game.rules.combat[sergeant][k],
            Clash::DefenderWins,
            "a {} cannot have beaten the sergeant",
            game.pieces()[k].name
        );
        seen.insert(k);
    }
    assert!(seen.len() > 2, "the draw varies: {seen:?}");
}

// With explosive bombs, attacker advantage and reconquest, and a scout on a
// bomb.

/// Red's `attacker` on e4 attacks Blue's `defender` on e5.
fn duel(game: &Stratego, attacker: &str, defender: &str) -> StrategoState {
    let mut st = position(game, &board(attacker, defender), 0);
    play(game, &mut st, "e4xe5");
    st
}

#[test]
fn s12_6_s12_2_a_bomb_exploding_with_its_attacker_is_shown() {
    let game = rules(&[
        ("options.silent_defense", "true"),
        ("options.explosive_bombs", "true"),
    ]);
    let bomb = game.kind_of_name("bomb").unwrap();
    let st = duel(&game, "9", "B");
    let c = last_combat(&st);
    assert_eq!(
        (c.defender, c.result),
        (Some(bomb), crate::Clash::BothRemoved)
    );
    assert_eq!(st.tray(Player(1))[bomb as usize], 1);
}

#[test]
fn s12_6_s12_1_a_tie_won_by_the_attacker_shows_the_defender() {
    let game = rules(&[
        ("options.silent_defense", "true"),
        ("options.attacker_advantage", "true"),
    ]);
    let st = duel(&game, "5", "5");
    let c = last_combat(&st);
    let lt = game.kind_of_name("lieutenant").unwrap();
    assert_eq!(
        (c.defender, c.result),
        (Some(lt), crate::Clash::AttackerWins)
    );
}

#[test]
fn s12_6_s5_4_a_scout_on_a_bomb_reveals_it_a_miner_removes_it_in_view() {
    let game = rules(&[("options.silent_defense", "true")]);
    let bomb = game.kind_of_name("bomb").unwrap();
    // The scout dies; the bomb stays and is revealed (scout exception).
    let st = duel(&game, "2", "B");
    let c = last_combat(&st);
    assert_eq!(
        (c.defender, c.result),
        (Some(bomb), crate::Clash::DefenderWins)
    );
    assert_eq!(
        game.view(&st, Player(0)).square(sq("e5")),
        Some(ViewSquare::Opponent {
            kind: Some(bomb),
            moved: false
        })
    );
    // A sergeant dies on it and learns nothing.
    let st = duel(&game, "4", "B");
    assert_eq!(last_combat(&st).defender, None);
    assert_eq!(
        game.view(&st, Player(0)).square(sq("e5")),
        Some(ViewSquare::Opponent {
            kind: None,
            moved: false
        })
    );
    // A miner removes it: the bomb is shown (removed).
    let st = duel(&game, "3", "B");
    assert_eq!(last_combat(&st).defender, Some(bomb));
}

#[test]
fn s12_6_s12_5b_a_returned_piece_defends_in_the_open() {
    // Red's general comes back revealed (S12.5b) on e4; Blue's sergeant
    // attacks it and loses: the general was revealed before, so the combat
    // result names it (S12.6).
    let game = rules(&[
        ("options.silent_defense", "true"),
        ("options.reconquest", "true"),
    ]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    r5 .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  b4 .  ~  ~  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    to_tray(&game, &mut st, 0, "9");
    play(&game, &mut st, "a9-a10 return 9 e4 e5xe4");
    let general = game.kind_of_name("general").unwrap();
    let c = last_combat(&st);
    assert_eq!(
        (c.defender, c.result),
        (Some(general), crate::Clash::DefenderWins)
    );
}
