//! `plateau web` on the match layer: undo between two people needs the
//! opponent's consent, an update carries the frames the page animates, a
//! bad agent spec is refused with the match layer's words, and an update
//! costs as much late in a long game as early.

mod web_common;

use plateau::matches::{Match, MatchOptions, Occupant};
use serde_json::{json, Value};
use web_common::{kind, TestServer};

#[tokio::test]
async fn an_undo_between_two_seats_waits_for_the_opponents_consent() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus", "seed": 5})).await;
    let mut south = server.connect(&created, Some(0)).await;
    let mut north = server.connect(&created, Some(1)).await;
    let played = south.ask(json!({"cmd": "play", "index": 0})).await;
    assert_eq!(played["ok"], true, "{played}");
    north.wait_for_moves(1).await;
    // South asks: the request is pending, the move stays.
    let asked = south.ask(json!({"cmd": "undo"})).await;
    assert_eq!(asked["ok"], true, "{asked}");
    let update = north.wait_for_moves(1).await;
    let update = match update["undo_request"].is_null() {
        true => north.view().await,
        false => update,
    };
    assert_eq!(update["undo_request"]["by"], 0, "{update}");
    assert_eq!(update["moves_played"], 1, "the move is still on the board");
    let view = south.view().await;
    assert_eq!(view["moves_played"], 1, "{view}");
    // South cannot answer its own request; a second request is refused.
    let own = south
        .ask(json!({"cmd": "answer_undo", "accept": true}))
        .await;
    assert!(own["ok"] == false, "{own}");
    assert_eq!(south.view().await["moves_played"], 1);
    // North declines: nothing is taken back.
    let declined = north
        .ask(json!({"cmd": "answer_undo", "accept": false}))
        .await;
    assert_eq!(declined["ok"], true, "{declined}");
    let view = north.view().await;
    assert_eq!(
        (view["moves_played"].clone(), view["undo_request"].clone()),
        (json!(1), Value::Null)
    );
    // Asked again, north accepts: the move is taken back.
    assert_eq!(south.ask(json!({"cmd": "undo"})).await["ok"], true);
    let accepted = north
        .ask(json!({"cmd": "answer_undo", "accept": true}))
        .await;
    assert_eq!(accepted["ok"], true, "{accepted}");
    let view = south.view().await;
    assert_eq!(view["moves_played"], 0, "{view}");
    assert_eq!(view["your_turn"], true, "{view}");
    // Without a request there is nothing to answer.
    let nothing = north
        .ask(json!({"cmd": "answer_undo", "accept": true}))
        .await;
    assert_eq!(kind(&nothing), Some("no_request"), "{nothing}");
}

/// The stone counts of a board's cells, by cell name and owner.
fn counts(board: &Value) -> Vec<(Value, Value, Value)> {
    board["cells"]
        .as_array()
        .expect("a board has cells")
        .iter()
        .map(|c| (c["name"].clone(), c["owner"].clone(), c["text"].clone()))
        .collect()
}

/// The stones on a board.
fn stones(board: &Value) -> u64 {
    counts(board)
        .iter()
        .map(|(_, _, t)| t.as_str().and_then(|t| t.parse().ok()).unwrap_or(0))
        .sum()
}

#[tokio::test]
async fn a_moves_update_carries_frames_that_end_on_the_board() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus", "seed": 8})).await;
    let mut south = server.connect(&created, Some(0)).await;
    let mut north = server.connect(&created, Some(1)).await;
    let mut animated = 0;
    for ply in 0..40u64 {
        let (mover, other) = match ply % 2 {
            0 => (&mut south, &mut north),
            _ => (&mut north, &mut south),
        };
        let view = mover.view().await;
        if view["over"] == true {
            break;
        }
        let n = view["legal_moves"].as_array().unwrap().len();
        let index = (ply as usize * 7) % n;
        let played = mover.ask(json!({"cmd": "play", "index": index})).await;
        assert_eq!(played["ok"], true, "{played}");
        let update = other.wait_for_moves(ply + 1).await;
        let frames = update["last_move"]["frames"].as_array().unwrap();
        // A sowing that ends in an empty pit has no intermediate board; a
        // relay or a capture has one per step.
        // The page shows the frames, then the update's board: every frame
        // is a board of the same pits, each step a change, and the stones
        // are all on the board (a Hus sowing or capture moves stones, never
        // takes them off), so the animation ends on the engine's board.
        let board = &update["board"]["board"];
        let mut shown: Vec<&Value> = frames.iter().collect();
        shown.push(board);
        for pair in shown.windows(2) {
            assert_ne!(
                counts(pair[0]),
                counts(pair[1]),
                "ply {ply}: each frame is a step"
            );
        }
        for frame in &shown {
            let pits = |b: &Value| {
                counts(b)
                    .into_iter()
                    .map(|(n, o, _)| (n, o))
                    .collect::<Vec<_>>()
            };
            assert_eq!(pits(frame), pits(board), "ply {ply}: the same pits");
            assert_eq!(
                stones(frame),
                stones(board),
                "ply {ply}: no stone lost in {frame}"
            );
        }
        assert_eq!(
            update["last_move"]["ply"],
            json!(ply + 1),
            "ply {ply}: the frames are the last move's"
        );
        // The engine's own position, as the referee sees it.
        let whole = server.referee_view(&created);
        // (each seat sees the board from its side: compare pit by pit).
        let mut seen = counts(&update["board"]["board"]);
        let mut engine = counts(&whole["board"]["board"]);
        seen.sort_by_key(|c| c.to_owned().0.to_string() + &c.1.to_string());
        engine.sort_by_key(|c| c.to_owned().0.to_string() + &c.1.to_string());
        assert_eq!(
            seen, engine,
            "ply {ply}: the update's board is the engine's"
        );
        animated += usize::from(!frames.is_empty());
    }
    assert!(animated >= 3, "moves with frames: {animated}");
}

#[tokio::test]
async fn a_bad_agent_spec_is_refused_with_the_match_layers_message() {
    let server = TestServer::start().await;
    let (status, refused) = server
        .http(
            "POST",
            "/api/matches",
            &json!({"game": "hus", "agents": {"north": "wizard:time=1s"}}).to_string(),
        )
        .await;
    assert_eq!(status, axum::http::StatusCode::BAD_REQUEST);
    assert_eq!(kind(&refused), Some("bad_agent"), "{refused}");
    let registry = plateau_cli::default_registry();
    let rules = registry
        .get("hus")
        .unwrap()
        .load(&plateau::RulesSpec::default_variant())
        .unwrap();
    let seats = vec![Occupant::person("south"), Occupant::agent("wizard:time=1s")];
    let Err(e) = Match::new(rules, 0, seats, MatchOptions::default()) else {
        panic!("Match::new takes a bad agent");
    };
    assert_eq!(refused["error"]["message"], e.to_string());
}

/// A small deterministic generator for the test's choices.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

#[tokio::test]
async fn an_update_late_in_a_long_game_is_no_larger_than_early() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "oware", "seed": 3, "hotseat": true}))
        .await;
    let m = server.hub.find(created["match"].as_str().unwrap()).unwrap();
    let client = plateau::matches::Client::HotSeat;
    let mut rng = SplitMix(11);
    let mut sizes = Vec::new();
    let mut games = 0;
    // Games one after the other in one match would need a new match; play
    // long single games instead and restart with a new match when one ends.
    let mut current = m;
    let mut cursor = 0;
    while sizes.len() < 1500 {
        let update = current.update_for(client, Some(cursor));
        cursor = update["last_event"].as_u64().unwrap();
        if update["over"] == true {
            cursor = 0;
            games += 1;
            let created = server
                .create(json!({"game": "oware", "seed": games + 3, "hotseat": true}))
                .await;
            current = server.hub.find(created["match"].as_str().unwrap()).unwrap();
            continue;
        }
        let n = update["legal_moves"].as_array().unwrap().len();
        let text = json!({"cmd": "play", "index": rng.below(n)}).to_string();
        let (answer, changed) = current.request(client, &text).await;
        assert_eq!(answer["ok"], true, "{answer}");
        assert!(changed);
        let update = current.update_for(client, Some(cursor));
        cursor = update["last_event"].as_u64().unwrap();
        // Only what happened since the last update: this move.
        let events = update["events"].as_array().unwrap();
        assert!(
            !events.is_empty() && events.len() <= 2,
            "{}",
            update["events"]
        );
        let plies = update["moves_played"].as_u64().unwrap() as usize;
        let size = update.to_string().len();
        sizes.push((plies, size));
    }
    let early: Vec<usize> = sizes
        .iter()
        .filter(|(p, _)| *p <= 10)
        .map(|s| s.1)
        .collect();
    let longest = sizes.iter().map(|s| s.0).max().unwrap();
    let late: Vec<usize> = sizes
        .iter()
        .filter(|(p, _)| *p >= longest.saturating_sub(10))
        .map(|s| s.1)
        .collect();
    assert!(longest >= 100, "a long game was played: {longest} plies");
    let early_max = *early.iter().max().unwrap();
    let late_max = *late.iter().max().unwrap();
    assert!(
        late_max < early_max + early_max / 2,
        "an update at ply {longest} ({late_max} bytes) is no larger than early ({early_max} bytes)"
    );
}

/// Moves made before an update goes out (an agent that replied at once)
/// keep their frames in the update's events, so the page shows each one
/// step by step rather than jumping to the board after both.
#[tokio::test]
async fn moves_made_before_an_update_keep_their_frames() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus", "seed": 3})).await;
    let mut seat = server.connect(&created, Some(0)).await;
    seat.view().await;
    // Two relaying moves at once, as a person's move and an agent's reply.
    let relays = server.referee(&created, |m| {
        use plateau::matches::{Client, MoveRef};
        let mut framed = 0;
        for _ in 0..2 {
            let session = m.session();
            let mover = session.status().to_move().unwrap();
            let mv = session
                .legal_moves()
                .into_iter()
                .find(|mv| {
                    let mut s = session.clone_box();
                    s.play(mv).unwrap();
                    !s.last_move_frames(Some(mover)).is_empty()
                })
                .unwrap();
            m.play(Client::Referee, MoveRef::Text(mv)).unwrap();
            framed += 1;
        }
        framed
    });
    assert_eq!(relays, 2);
    let update = seat.wait_for_moves(2).await;
    let moved: Vec<&Value> = update["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "moved")
        .collect();
    assert_eq!(moved.len(), 2, "{update}");
    for e in moved {
        assert!(
            !e["frames"].as_array().is_none_or(Vec::is_empty),
            "move {} without its frames",
            e["ply"]
        );
    }
}
