//! S5 combat, played on the board.
use super::*;
use crate::Clash;
use plateau::DescribeMoves;

/// Red attacks from d4 to d5... a position with the attacker on e4 and the
/// defender on e5; both sides keep other movable pieces.
fn fight(attacker: &str, defender: &str) -> (Stratego, StrategoState) {
    fight_with(&[], attacker, defender)
}

fn fight_with(
    options: &[(&str, &str)],
    attacker: &str,
    defender: &str,
) -> (Stratego, StrategoState) {
    let game = rules(options);
    let diagram = format!(
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
    );
    let mut st = position(&game, &diagram, 0);
    play(&game, &mut st, "e4xe5");
    (game, st)
}

#[test]
fn s5_1_higher_strength_wins_attacking_and_defending() {
    let (game, st) = fight("9", "5");
    assert_eq!(name_at(&game, &st, "e5"), Some((0, "general".into())));
    assert_eq!(name_at(&game, &st, "e4"), None);
    assert_eq!(last_combat(&st).result, Clash::AttackerWins);
    let (game, st) = fight("5", "9");
    assert_eq!(name_at(&game, &st, "e5"), Some((1, "general".into())));
    assert_eq!(name_at(&game, &st, "e4"), None);
    assert_eq!(last_combat(&st).result, Clash::DefenderWins);
    // S5.1: both are revealed; the winning defender stays revealed.
    assert!(st.piece_at("e5".parse().unwrap()).unwrap().revealed);
}

#[test]
fn s5_2_equal_strengths_remove_both() {
    for s in ["X", "6", "2", "S"] {
        let (game, st) = fight(s, s);
        assert_eq!(name_at(&game, &st, "e5"), None, "{s}");
        assert_eq!(name_at(&game, &st, "e4"), None, "{s}");
        assert_eq!(last_combat(&st).result, Clash::BothRemoved);
        let k = game.kind_of_symbol(s.chars().next().unwrap()).unwrap() as usize;
        assert_eq!((st.tray(Player(0))[k], st.tray(Player(1))[k]), (1, 1));
    }
}

#[test]
fn s5_3_spy_and_marshal_both_ways() {
    // The spy attacking the marshal wins.
    let (game, st) = fight("S", "X");
    assert_eq!(name_at(&game, &st, "e5"), Some((0, "spy".into())));
    // The marshal attacking the spy wins.
    let (game, st) = fight("X", "S");
    assert_eq!(name_at(&game, &st, "e5"), Some((0, "marshal".into())));
    // The spy loses every other fight, also against a scout that attacks it.
    let (game, st) = fight("S", "9");
    assert_eq!(name_at(&game, &st, "e5"), Some((1, "general".into())));
    let (game, st) = fight("2", "S");
    assert_eq!(name_at(&game, &st, "e5"), Some((0, "scout".into())));
}

#[test]
fn s5_4_miner_and_bomb() {
    let (game, st) = fight("3", "B");
    assert_eq!(name_at(&game, &st, "e5"), Some((0, "miner".into())));
    assert_eq!(
        st.tray(Player(1))[game.kind_of_name("bomb").unwrap() as usize],
        1
    );
    for s in ["X", "9", "4", "2", "S"] {
        let (game, st) = fight(s, "B");
        assert_eq!(name_at(&game, &st, "e5"), Some((1, "bomb".into())), "{s}");
        assert_eq!(name_at(&game, &st, "e4"), None);
    }
}

#[test]
fn s5_5_any_piece_captures_the_flag_and_wins() {
    let game = rules(&[]);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  bF .  ~  ~  .  .
    .  .  .  .  rS .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF r4 .  .  .  .  .  .  .  .
",
        0,
    );
    let told = game.describe_move(
        &st,
        &game.parse_move(&st, "e4xe5").unwrap(),
        Some(Player(1)),
    );
    assert_eq!(
        told.unwrap(),
        "Red spy e4-e5 attacks the Blue flag and captures the flag."
    );
    play(&game, &mut st, "e4xe5");
    let outcome = game.status(&st).outcome().cloned().unwrap();
    assert_eq!(outcome.winner, Some(Player(0)));
    assert_eq!(outcome.reason, crate::FLAG_CAPTURED);
}

#[test]
fn s12_1_attacker_advantage_on_the_board() {
    let on = [("options.attacker_advantage", "true")];
    for s in ["6", "S", "2"] {
        let (game, st) = fight_with(&on, s, s);
        let k = game.kind_of_symbol(s.chars().next().unwrap()).unwrap();
        let p = st.piece_at("e5".parse().unwrap()).unwrap();
        assert_eq!((p.owner, p.kind), (Player(0), k), "{s}");
        assert_eq!(last_combat(&st).result, Clash::AttackerWins);
        assert_eq!(
            (
                st.tray(Player(0))[k as usize],
                st.tray(Player(1))[k as usize]
            ),
            (0, 1)
        );
    }
    // Unequal fights are unchanged.
    let (game, st) = fight_with(&on, "5", "6");
    assert_eq!(name_at(&game, &st, "e5"), Some((1, "captain".into())));
}

#[test]
fn s12_2_explosive_bombs_on_the_board() {
    let on = [("options.explosive_bombs", "true")];
    let (game, st) = fight_with(&on, "9", "B");
    assert_eq!(
        (name_at(&game, &st, "e4"), name_at(&game, &st, "e5")),
        (None, None)
    );
    assert_eq!(last_combat(&st).result, Clash::BothRemoved);
    let bomb = game.kind_of_name("bomb").unwrap() as usize;
    assert_eq!(st.tray(Player(1))[bomb], 1);
    // The miner still defuses the bomb and moves on (S5.4).
    let (game, st) = fight_with(&on, "3", "B");
    assert_eq!(name_at(&game, &st, "e5"), Some((0, "miner".into())));
    // S9.3 applies as ever: Red's last movable piece explodes with the bomb.
    let game = rules(&on);
    let mut st = position(
        &game,
        "
    .  .  .  .  .  .  .  .  .  bF
    .  .  .  .  .  .  .  .  .  b4
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  ~  ~  .  .  ~  ~  .  .
    .  .  ~  ~  bB .  ~  ~  .  .
    .  .  .  .  rX .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .
    rF .  .  .  .  .  .  .  .  .
",
        0,
    );
    play(&game, &mut st, "e4xe5");
    let o = game.status(&st).outcome().cloned().unwrap();
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Player(1)), crate::NO_MOVABLE_PIECES)
    );
}
