//! Clocks of a match, on a time source the test moves by hand: the clocks
//! start once every seat moved, a move charges its time and earns the
//! increment, a flag falls (and the record replays it), the view tells the
//! time left, a saved match keeps the clocks, and an agent thinks within
//! its clock.

use plateau::ai::AgentLimits;
use plateau::demo::Nim;
use plateau::matches::{
    Client, ClockSettings, Match, MatchEvent, MatchOptions, MoveRef, Occupant, SavedMatch,
};
use plateau::{DynGame, GameRecord, Player, Registry, RulesSpec, Status};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

const P0: Player = Player(0);
const P1: Player = Player(1);

fn registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<Nim>();
    registry
}

fn nim(pile: u32) -> Box<dyn DynGame> {
    registry()
        .get("nim")
        .unwrap()
        .load(&RulesSpec::default_variant().set("pile", &pile.to_string()))
        .unwrap()
}

fn text(s: &str) -> MoveRef {
    MoveRef::Text(s.to_string())
}

/// A time source the test sets.
#[derive(Clone)]
struct FakeTime(Arc<AtomicU64>);

impl FakeTime {
    fn new(ms: u64) -> FakeTime {
        FakeTime(Arc::new(AtomicU64::new(ms)))
    }
    fn set(&self, ms: u64) {
        self.0.store(ms, Ordering::SeqCst);
    }
    fn install(&self, m: &mut Match) {
        let time = self.0.clone();
        m.set_time_source(Arc::new(move || time.load(Ordering::SeqCst)));
    }
}

fn clocked(seats: Vec<Occupant>, base_ms: u64, increment_ms: u64) -> (Match, FakeTime) {
    let options = MatchOptions {
        clock: Some(ClockSettings::new(base_ms, increment_ms).unwrap()),
        agent_seed: Some(3),
        ..MatchOptions::default()
    };
    let mut m = Match::new(nim(40), 0, seats, options).unwrap();
    let time = FakeTime::new(1_000_000);
    time.install(&mut m);
    (m, time)
}

fn people() -> Vec<Occupant> {
    vec![Occupant::person("ann"), Occupant::person("bob")]
}

fn remaining(m: &Match) -> Vec<u64> {
    m.view(Client::Spectator).clock.unwrap().remaining_ms
}

/// Ann and bob each play their first move (not timed): the clocks start,
/// ann's running from `at`.
fn started(base_ms: u64, increment_ms: u64, at: u64) -> (Match, FakeTime) {
    let (mut m, time) = clocked(people(), base_ms, increment_ms);
    time.set(at - 50_000);
    m.play(Client::Seat(P0), text("1")).unwrap();
    time.set(at);
    m.play(Client::Seat(P1), text("1")).unwrap();
    (m, time)
}

#[test]
fn first_moves_are_not_timed_then_moves_charge_their_time_and_earn_the_increment() {
    let (mut m, time) = clocked(people(), 10_000, 2_000);
    let view = m.view(Client::Spectator).clock.unwrap();
    assert_eq!(view.remaining_ms, [10_000, 10_000]);
    assert_eq!((view.running, view.started), (None, false));
    assert_eq!(view.settings.increment_ms, 2_000);

    // Each seat's first move is free, however long it took.
    time.set(1_060_000);
    m.play(Client::Seat(P0), text("1")).unwrap();
    time.set(1_090_000);
    m.play(Client::Seat(P1), text("2")).unwrap();
    let view = m.view(Client::Seat(P1)).clock.unwrap();
    assert_eq!(view.remaining_ms, [10_000, 10_000]);
    assert_eq!((view.running, view.started), (Some(P0), true));
    assert_eq!(view.server_time_ms, 1_090_000);
    assert_eq!(m.flag_deadline_ms(), Some(1_100_000));

    // Ann's clock runs: the view tells the time left now.
    time.set(1_093_000);
    assert_eq!(remaining(&m), [7_000, 10_000]);
    m.play(Client::Seat(P0), text("3")).unwrap();
    assert_eq!(remaining(&m), [9_000, 10_000]);
    assert_eq!(m.clock().unwrap().running, Some(P1));

    time.set(1_094_500);
    m.play(Client::Seat(P1), text("1")).unwrap();
    assert_eq!(remaining(&m), [9_000, 10_500]);
    assert!(!m.check_flag(), "ann has time left");
}

#[test]
fn a_flag_falls_the_player_to_move_loses_by_time_and_the_record_replays_it() {
    let (mut m, time) = started(3_000, 0, 2_000_000);
    time.set(2_002_999);
    assert!(!m.check_flag());
    time.set(2_003_000);
    assert!(m.check_flag(), "ann's time is up");
    assert!(!m.check_flag(), "a flag falls once");

    let outcome = m.status().outcome().cloned().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason.as_ref()),
        (Some(P1), "time")
    );
    let view = m.view(Client::Seat(P1));
    assert!(view.over);
    let clock = view.clock.unwrap();
    assert_eq!(clock.remaining_ms, [0, 3_000]);
    assert_eq!((clock.running, clock.flagged), (None, Some(P0)));
    assert_eq!(m.flag_deadline_ms(), None);

    // Everyone hears of it.
    let plateau::matches::EventsSince::Events { events } = m.events_since(Client::Spectator, 0)
    else {
        panic!("events")
    };
    let kinds: Vec<&MatchEvent> = events.iter().map(|e| &e.event).collect();
    assert!(kinds.contains(&&MatchEvent::FlagFell { player: P0 }));
    assert!(
        matches!(kinds.last(), Some(MatchEvent::GameOver { outcome, .. }) if outcome.reason == "time")
    );

    // A move, an undo after it are refused.
    let err = m.play(Client::Seat(P0), text("1")).unwrap_err();
    assert_eq!(err.kind(), "game_over");
    assert_eq!(
        m.request_undo(Client::Seat(P0)).unwrap_err().kind(),
        "undo_refused"
    );

    // The record keeps the flag fall and replays to the same outcome.
    let record = m.record(Client::Referee).unwrap();
    assert_eq!(record.flagged, Some(P0));
    let json = record.to_json();
    assert!(json.contains("\"flagged\": 0"), "{json}");
    let read = GameRecord::from_json(&json).unwrap();
    let replayed = Match::from_record(&registry(), &read, &[], MatchOptions::default()).unwrap();
    assert_eq!(replayed.status(), Status::Over(outcome.clone()));
    let session = registry().load_record(&read).unwrap();
    assert_eq!(session.status(), Status::Over(outcome));
    // A record whose stored outcome disagrees with its flag fall is refused.
    let mut wrong = read.clone();
    wrong.flagged = Some(P1);
    assert!(registry().load_record(&wrong).is_err());
}

#[test]
fn a_move_after_the_flag_fell_is_refused_and_the_flag_falls() {
    let (mut m, time) = started(3_000, 1_000, 2_000_000);
    time.set(2_010_000);
    let err = m.play(Client::Seat(P0), text("1")).unwrap_err();
    assert_eq!(err.kind(), "game_over");
    assert!(err.to_string().contains("time"), "{err}");
    assert_eq!(m.record(Client::Referee).unwrap().flagged, Some(P0));
    assert_eq!(m.moves_played(), 2);
}

#[test]
fn the_end_of_the_game_and_an_undo_stop_or_move_the_clock_without_giving_time_back() {
    let (mut m, time) = started(10_000, 0, 2_000_000);
    time.set(2_001_000);
    m.play(Client::Seat(P0), text("1")).unwrap();
    time.set(2_003_000);
    // A resignation ends the game and stops the clocks.
    m.resign(Client::Seat(P1)).unwrap();
    assert_eq!(remaining(&m), [9_000, 8_000]);
    time.set(2_100_000);
    assert_eq!(remaining(&m), [9_000, 8_000], "the clocks stopped");
    assert!(!m.check_flag());

    // An undo charges the time so far and runs the clock of whoever is to
    // move after it.
    let options = MatchOptions {
        clock: Some(ClockSettings::new(10_000, 0).unwrap()),
        agent_seed: Some(1),
        ..MatchOptions::default()
    };
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(nim(40), 0, seats, options).unwrap();
    let time = FakeTime::new(3_000_000);
    time.install(&mut m);
    m.play(Client::Seat(P0), text("1")).unwrap();
    m.play_agents().unwrap();
    time.set(3_004_000);
    m.play(Client::Seat(P0), text("1")).unwrap();
    m.play_agents().unwrap();
    time.set(3_005_000);
    assert_eq!(remaining(&m), [5_000, 10_000]);
    m.request_undo(Client::Seat(P0)).unwrap();
    assert_eq!(m.clock().unwrap().running, Some(P0));
    assert_eq!(remaining(&m), [5_000, 10_000], "no time is given back");
}

#[test]
fn a_saved_match_keeps_its_clocks_and_charges_the_time_it_was_down() {
    let (mut m, time) = started(60_000, 5_000, 2_000_000);
    time.set(2_010_000);
    m.play(Client::Seat(P0), text("2")).unwrap();
    time.set(2_012_000);
    let saved = m.save();
    let clock = saved.clock.clone().unwrap();
    assert_eq!(clock.remaining_ms, [55_000, 60_000]);
    assert_eq!((clock.running, clock.since_ms), (Some(P1), 2_010_000));

    let json = serde_json::to_string(&saved).unwrap();
    let read: SavedMatch = serde_json::from_str(&json).unwrap();
    let mut back = Match::restore(&registry(), &read).unwrap();
    // Down 20 s after the save: bob's clock ran on.
    time.set(2_032_000);
    time.install(&mut back);
    assert_eq!(remaining(&back), [55_000, 38_000]);
    assert_eq!(back.flag_deadline_ms(), Some(2_070_000));
    time.set(2_035_000);
    back.play(Client::Seat(P1), text("1")).unwrap();
    assert_eq!(remaining(&back), [55_000, 40_000]);

    // Long enough down, the flag falls on the first check.
    let mut late = Match::restore(&registry(), &read).unwrap();
    time.set(2_080_000);
    time.install(&mut late);
    assert!(late.check_flag());
    assert_eq!(late.record(Client::Referee).unwrap().flagged, Some(P1));

    // A save without clocks (an older one too) has none.
    let mut plain = Match::new(nim(10), 0, people(), MatchOptions::default()).unwrap();
    plain.play(Client::Seat(P0), text("1")).unwrap();
    let saved = plain.save();
    assert!(saved.clock.is_none());
    let json = serde_json::to_string(&saved).unwrap();
    assert!(!json.contains("clock"), "{json}");
    let back = Match::restore(&registry(), &serde_json::from_str(&json).unwrap()).unwrap();
    assert!(back.view(Client::Spectator).clock.is_none());
    assert!(back.flag_deadline_ms().is_none());
}

#[test]
fn an_agent_on_a_clock_thinks_within_its_share_of_its_time() {
    let options = MatchOptions {
        clock: Some(ClockSettings::new(30_000, 1_000).unwrap()),
        agent_seed: Some(1),
        ..MatchOptions::default()
    };
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(nim(40), 0, seats.clone(), options.clone()).unwrap();
    let time = FakeTime::new(1_000_000);
    time.install(&mut m);
    m.play(Client::Seat(P0), text("1")).unwrap();
    let mut turn = m.take_agent_turn().unwrap();
    // 30 s left: a 30th of it plus 4/5 of the increment.
    assert_eq!(turn.limits().time, Some(Duration::from_millis(1_800)));
    turn.think();
    m.finish_agent_turn(turn).unwrap().unwrap();

    // Ann's move at once, then the agent's clock runs: 30 s + 1 s.
    m.play(Client::Seat(P0), text("1")).unwrap();
    time.set(1_025_000);
    let mut turn = m.take_agent_turn().unwrap();
    // 5 s left: 166 ms + 800 ms.
    assert_eq!(turn.limits().time, Some(Duration::from_millis(966)));
    turn.think();
    m.finish_agent_turn(turn).unwrap().unwrap();

    // The server's own limits still hold where tighter.
    let tight = MatchOptions {
        agent_limits: AgentLimits::time(Duration::from_millis(200)),
        ..options.clone()
    };
    let mut m = Match::new(nim(40), 0, seats.clone(), tight).unwrap();
    m.play(Client::Seat(P0), text("1")).unwrap();
    let turn = m.take_agent_turn().unwrap();
    assert_eq!(turn.limits().time, Some(Duration::from_millis(200)));

    // Nearly out of time, the agent keeps a margin.
    let options = MatchOptions {
        clock: Some(ClockSettings::new(1_000, 0).unwrap()),
        agent_seed: Some(1),
        ..MatchOptions::default()
    };
    let mut m = Match::new(nim(40), 0, seats, options).unwrap();
    let time = FakeTime::new(1_000_000);
    time.install(&mut m);
    m.play(Client::Seat(P0), text("1")).unwrap();
    m.play_agents().unwrap();
    m.play(Client::Seat(P0), text("1")).unwrap();
    time.set(1_000_950);
    let mut turn = m.take_agent_turn().unwrap();
    assert_eq!(turn.limits().time, Some(Duration::from_millis(1)));
    turn.think();
    // Its flag falls while it thinks: its move is discarded.
    time.set(1_001_000);
    assert!(m.finish_agent_turn(turn).unwrap().is_none());
    let outcome = m.status().outcome().cloned().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason.as_ref()),
        (Some(P0), "time")
    );
    assert!(m.take_agent_turn().is_none());
}

#[test]
fn clock_settings_are_checked_and_parsed() {
    let bad = |base, inc| ClockSettings::new(base, inc).unwrap_err();
    assert_eq!(bad(0, 0).kind(), "bad_clock");
    assert!(bad(0, 0).to_string().contains("base time"));
    assert!(bad(25 * 3_600_000, 0).to_string().contains("24 hours"));
    assert!(bad(60_000, 2 * 3_600_000).to_string().contains("increment"));

    let parse = |t: &str| ClockSettings::parse(t).map(|c| (c.base_ms, c.increment_ms));
    assert_eq!(parse("5+3").unwrap(), (300_000, 3_000));
    assert_eq!(parse(" 5m + 3s ").unwrap(), (300_000, 3_000));
    assert_eq!(parse("3s+0").unwrap(), (3_000, 0));
    assert_eq!(parse("1m30s+500ms").unwrap(), (90_000, 500));
    assert_eq!(parse("1h").unwrap(), (3_600_000, 0));
    for wrong in [
        "",
        "+3",
        "five+3",
        "5x+3",
        "5+3y",
        "0+3",
        "99999999999999999999+1",
    ] {
        let err = ClockSettings::parse(wrong).unwrap_err();
        assert_eq!(err.kind(), "bad_clock", "{wrong}");
    }
    assert!(ClockSettings::parse("5+3y")
        .unwrap_err()
        .to_string()
        .contains("increment"));
    // Shown as it is read back.
    let c = ClockSettings::new(90_000, 2_000).unwrap();
    assert_eq!(c.to_string(), "1m30s+2s");
    assert_eq!(ClockSettings::parse(&c.to_string()).unwrap(), c);

    // A match refuses bad settings.
    let options = MatchOptions {
        clock: Some(ClockSettings {
            base_ms: 0,
            increment_ms: 0,
        }),
        ..MatchOptions::default()
    };
    let err = Match::new(nim(10), 0, people(), options)
        .err()
        .expect("refused");
    assert_eq!(err.kind(), "bad_clock");
}
