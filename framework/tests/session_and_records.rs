//! Sessions, records, resignation, and the registry's dynamic interface.

use plateau::demo::Nim;
use plateau::{rules, Game, GameRecord, Player, RecordError, Registry, RulesSpec, Session, Status};

fn nim() -> Nim {
    rules::load::<Nim>(&RulesSpec::default_variant().set("pile", "5"))
        .unwrap()
        .game
}

#[test]
fn illegal_move_is_rejected_with_the_move_and_state_unchanged() {
    let mut session = Session::new(nim(), "standard", 0);
    session.play_text("3").unwrap();
    let before = session.state().clone();
    let err = session.play_text("3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move '3': not a legal move in this position"
    );
    assert_eq!(session.state(), &before);
    assert_eq!(session.moves(), &[3]);
}

#[test]
fn record_replays_to_the_same_state_and_outcome() {
    let mut session = Session::new(nim(), "standard", 9);
    for m in ["2", "1", "2"] {
        session.play_text(m).unwrap();
    }
    let record = session.record();
    assert_eq!(record.moves, vec!["2", "1", "2"]);
    assert_eq!(record.outcome.as_ref().unwrap().winner, Some(Player(0)));
    let back = GameRecord::from_json(&record.to_json()).unwrap();
    let replayed = Session::from_record(nim(), &back).unwrap();
    assert_eq!(replayed.state(), session.state());
}

#[test]
fn record_with_an_illegal_move_names_its_number() {
    let mut record = Session::new(nim(), "standard", 0).record();
    record.moves = vec!["2".into(), "4".into()];
    let err = Session::from_record(nim(), &record).unwrap_err();
    assert!(
        matches!(err, RecordError::Illegal { index: 2, .. }),
        "{err}"
    );
}

#[test]
fn record_with_bad_parameters_names_the_key_once() {
    let mut record = Session::new(nim(), "standard", 0).record();
    record.params["max_take"] = serde_json::json!(0);
    let mut registry = Registry::new();
    registry.register::<Nim>();
    let err = registry.load_record(&record).err().unwrap().to_string();
    assert!(
        err.starts_with("record parameters: max_take = 0: "),
        "{err}"
    );
    assert_eq!(err.matches("record").count(), 1, "{err}");
}

#[test]
fn record_with_a_wrong_outcome_is_refused() {
    let mut session = Session::new(nim(), "standard", 0);
    session.play_text("3").unwrap();
    let mut record = session.record();
    record.outcome = Some(plateau::Outcome::draw("made-up"));
    assert!(matches!(
        Session::from_record(nim(), &record),
        Err(RecordError::OutcomeMismatch { .. })
    ));
}

#[test]
fn corrupted_record_json_is_a_format_error() {
    assert!(matches!(
        GameRecord::from_json("{\"format\": 1, \"game\": "),
        Err(RecordError::Format(_))
    ));
}

#[test]
fn resignation_ends_the_game_and_undo_takes_it_back() {
    let mut session = Session::new(nim(), "standard", 0);
    session.resign(Player(0));
    let outcome = session.status().outcome().cloned().unwrap();
    assert_eq!(outcome.winner, Some(Player(1)));
    assert_eq!(outcome.reason, "resignation");
    assert!(session.play_text("1").is_err());
    let record = session.record();
    assert_eq!(record.resigned, Some(Player(0)));
    assert!(Session::from_record(nim(), &record)
        .unwrap()
        .status()
        .is_over());
    assert!(session.undo());
    assert_eq!(session.status(), Status::ToMove(Player(0)));
}

#[test]
fn registry_reaches_a_game_without_its_type() {
    let mut registry = Registry::new();
    registry.register::<Nim>();
    assert!(registry.find("chess").err().unwrap().contains("games: nim"));
    let entry = registry.get("NIM").unwrap();
    let game = entry
        .load(&RulesSpec::default_variant().set("pile", "3"))
        .unwrap();
    let mut session = game.new_session(0);
    assert_eq!(session.legal_moves(), vec!["1", "2", "3"]);
    session.play("3").unwrap();
    assert_eq!(session.describe_status(), "first wins (last-stone-taken)");
    let record = session.record();
    let reopened = registry.load_record(&record).unwrap();
    assert!(reopened.status().is_over());
    // After taking 1, 2 or 3 of 3 stones: 2, 1 and 0 replies.
    assert_eq!(game.perft(0, &[], 2).unwrap(), 3);
}

#[test]
fn bench_counts_games_and_plies() {
    let report = plateau::playout::bench(&nim(), 50, 1, 0);
    assert_eq!(report.games, 50);
    assert_eq!(report.results.iter().sum::<usize>(), 50);
    assert!(report.plies >= 50 * 2 && report.plies <= 50 * 5);
    assert_eq!(report.capped, 0);
}

#[test]
fn same_seed_same_random_game() {
    let a = plateau::playout::random_game(&nim(), 7, 0);
    let b = plateau::playout::random_game(&nim(), 7, 0);
    assert_eq!(a, b);
}

#[test]
fn nim_conformance_through_the_registry() {
    let mut registry = Registry::new();
    registry.register::<Nim>();
    let game = registry.load_default("nim").unwrap();
    game.check_conformance(&plateau::conformance::Config::default());
    // The state round-trips through the dynamic interface too.
    let session = game.new_session(3);
    let state: <Nim as Game>::State = serde_json::from_value(session.state_json()).unwrap();
    assert_eq!(state.pile, 21);
}
