//! Online play over `plateau web`: the players' names, each seat's
//! presence (online, away), the record of a match as each client may know
//! it (`GET /api/matches/ID/record`), and a rematch with the colours
//! swapped that brings each seat to the new match with its own token.

mod web_common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use plateau::matches::{Client as MatchClient, MoveRef};
use plateau_cli::web::http;
use serde_json::{json, Value};
use tower::ServiceExt;
use web_common::{kind, Client, TestServer};

/// Reads until a `presence` event (or an update) whose presence matches
/// `online` (one flag a seat).
async fn wait_presence(client: &mut Client, online: &[bool]) -> Value {
    loop {
        let message = client.next().await;
        let Some(presence) = message["presence"].as_array() else {
            continue;
        };
        let flags: Vec<bool> = presence
            .iter()
            .map(|p| p["online"].as_bool().unwrap())
            .collect();
        if flags == online {
            return message;
        }
    }
}

/// `GET path`: the status, the `Content-Disposition` header and the body.
async fn get(server: &TestServer, path: &str) -> (StatusCode, Option<String>, Value) {
    let request = Request::builder()
        .method("GET")
        .uri(path)
        .header("host", server.addr.to_string())
        .body(Body::empty())
        .unwrap();
    let response = http::router(server.hub.clone())
        .oneshot(request)
        .await
        .unwrap();
    let status = response.status();
    let disposition = response
        .headers()
        .get("content-disposition")
        .map(|v| v.to_str().unwrap().to_string());
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, disposition, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn names_are_shown_to_everyone_and_bad_ones_are_refused() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "hus", "seed": 3, "names": {"0": " Ann ", "north": "Bob"}}))
        .await;
    assert_eq!(created["seats"][0]["person"], "Ann", "{created}");
    assert_eq!(created["seats"][1]["person"], "Bob", "{created}");
    let mut watcher = server.connect(&created, None).await;
    let welcome = watcher.next().await;
    assert_eq!(welcome["seats"][1]["person"], "Bob", "{welcome}");
    let update = watcher.next().await;
    assert_eq!(update["event"], "update");
    assert_eq!(
        update["seats"][0]["occupant"],
        json!({"kind": "person", "name": "Ann"})
    );
    // Against an agent: the agent's spec, the person's name.
    let created = server
        .create(json!({"game": "hus", "names": {"0": "Ann"}, "agents": {"1": "random"}}))
        .await;
    assert_eq!(created["seats"][0]["person"], "Ann");
    assert_eq!(created["seats"][1]["agent"], "random");
    assert_eq!(created["seats"][1]["person"], Value::Null);
    // Without a name a person is named after the player.
    let created = server.create(json!({"game": "hus"})).await;
    assert_eq!(created["seats"][1]["person"], "north");

    let long = "x".repeat(33);
    for (names, expected, words) in [
        (json!({"0": ""}), "bad_name", "at least one character"),
        (json!({"0": "   "}), "bad_name", "at least one character"),
        (json!({"0": long}), "bad_name", "at most 32"),
        (json!({"0": "Ann\u{7}"}), "bad_name", "U+0007"),
        (json!({"0": "Ann\nBob"}), "bad_name", "U+000A"),
        (json!({"0": "\u{202e}nnA"}), "bad_name", "U+202E"),
        (json!({"7": "Ann"}), "unknown_player", "players: 0 (south)"),
        (json!({"0": 5}), "bad_request", "must be a string"),
        (json!(["Ann"]), "bad_request", "must be an object"),
        (json!({"1": "Bob"}), "bad_request", "played by an agent"),
    ] {
        let body = json!({"game": "hus", "names": names, "agents": {"1": "random"}});
        let (status, answer) = server.http("POST", "/api/matches", &body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{names}: {answer}");
        assert_eq!(kind(&answer), Some(expected), "{names}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(words), "{names}: {message}");
        assert!(message.contains("'names'"), "{names}: {message}");
    }
    // 32 characters, accents and all, are fine.
    let name = "é".repeat(32);
    let created = server
        .create(json!({"game": "hus", "names": {"1": name}}))
        .await;
    assert_eq!(created["seats"][1]["person"], json!(name));
}

#[tokio::test]
async fn a_seats_presence_flips_when_it_connects_and_leaves() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "hus", "seed": 1, "names": {"0": "Ann", "1": "Bob"}}))
        .await;
    let mut ann = server.connect(&created, Some(0)).await;
    let first = wait_presence(&mut ann, &[true, false]).await;
    assert!(first["event"] == "update" || first["event"] == "presence");
    // Bob connects: Ann hears it.
    let mut bob = server.connect(&created, Some(1)).await;
    let seen = wait_presence(&mut ann, &[true, true]).await;
    assert_eq!(seen["presence"][1], json!({"player": 1, "online": true}));
    wait_presence(&mut bob, &[true, true]).await;
    // A second connection of Bob's: he stays online when one closes.
    let mut bob_again = server.connect(&created, Some(1)).await;
    wait_presence(&mut bob_again, &[true, true]).await;
    drop(bob);
    // A spectator does not count, and sees the same.
    let mut watcher = server.connect(&created, None).await;
    let seen = wait_presence(&mut watcher, &[true, true]).await;
    assert_eq!(
        seen["presence"],
        json!([{"player": 0, "online": true}, {"player": 1, "online": true}])
    );
    // Bob's last connection closes: away.
    drop(bob_again);
    wait_presence(&mut ann, &[true, false]).await;
    wait_presence(&mut watcher, &[true, false]).await;
    // The answer of `view` carries it too.
    let view = ann.view().await;
    assert_eq!(view["presence"][1], json!({"player": 1, "online": false}));
    assert_eq!(view["rematch_offer"], Value::Null);
    // An agent's seat is always online.
    let created = server
        .create(json!({"game": "hus", "agents": {"1": "random"}}))
        .await;
    let mut watcher = server.connect(&created, None).await;
    wait_presence(&mut watcher, &[false, true]).await;
}

/// Red's setup in Stratego (front row, rank 4, first).
const RED: &str =
    "2 3 2 B 9 8 2 2 7 4 / 4 B 6 3 X 5 6 2 5 5 / B 2 8 3 6 7 B 6 S 7 / 5 3 4 2 B F B 4 2 3";
/// Blue's setup (front row, rank 7, first): c7 a scout, d7 a bomb.
const BLUE: &str =
    "2 3 2 B X 8 2 2 7 4 / 4 B 6 3 9 5 6 2 5 5 / B 2 8 3 6 7 B 6 S 7 / 5 3 4 2 B F B 4 2 3";
/// Blue's setup with c7 and d7 swapped: Red cannot tell it from `BLUE`
/// before either piece moves or fights.
const BLUE_SWAPPED: &str =
    "2 3 B 2 X 8 2 2 7 4 / 4 B 6 3 9 5 6 2 5 5 / B 2 8 3 6 7 B 6 S 7 / 5 3 4 2 B F B 4 2 3";

/// A Stratego match between two people with these setups, a few moves
/// (a combat among them) and Red's resignation; the record of each client
/// from the route.
async fn stratego_records(server: &TestServer, blue: &str) -> (Value, [Value; 3]) {
    let created = server
        .create(json!({"game": "stratego", "seed": 4, "names": {"0": "Ann", "1": "Bob"}}))
        .await;
    let moves = [
        format!("setup {RED}"),
        format!("setup {blue}"),
        "a4-a5".to_string(),
        "b7-b6".to_string(),
        "a5-a6".to_string(),
        "b6-b5".to_string(),
        "a6-a7".to_string(),
    ];
    server.referee(&created, |m| {
        for mv in &moves {
            m.play(MatchClient::Referee, MoveRef::Text(mv.clone()))
                .unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        m.resign(MatchClient::Seat(plateau::Player(0))).unwrap();
    });
    let id = created["match"].as_str().unwrap();
    let mut records = Vec::new();
    for token in [
        created["seats"][0]["token"].as_str(),
        created["seats"][1]["token"].as_str(),
        None,
    ] {
        let path = match token {
            Some(t) => format!("/api/matches/{id}/record?token={t}"),
            None => format!("/api/matches/{id}/record"),
        };
        let (status, disposition, record) = get(server, &path).await;
        assert_eq!(status, StatusCode::OK, "{record}");
        assert_eq!(
            disposition.as_deref(),
            Some(format!("attachment; filename=\"plateau-stratego-{id}.json\"").as_str())
        );
        records.push(record);
    }
    (created, records.try_into().unwrap())
}

#[tokio::test]
async fn a_stratego_seats_record_is_its_own_view_and_holds_no_enemy_rank() {
    let server = TestServer::start().await;
    let (created, [red, blue, public]) = stratego_records(&server, BLUE).await;
    let (_, [red_swapped, blue_swapped, public_swapped]) =
        stratego_records(&server, BLUE_SWAPPED).await;
    // What Red may download does not depend on Blue's hidden ranks.
    assert_eq!(red, red_swapped);
    assert_eq!(public, public_swapped);
    assert_ne!(blue, blue_swapped, "Blue's own setup is in its record");
    // Each one is a view, and says whose.
    for (record, view_of) in [(&red, json!(0)), (&blue, json!(1)), (&public, Value::Null)] {
        assert_eq!(record["format"], "plateau-record-view/1", "{record}");
        assert_eq!(record["view_of"], view_of);
        assert_eq!(record["game"], "stratego");
        assert!(record.get("seed").is_none(), "{record}");
        assert_eq!(record["moves"].as_array().unwrap().len(), 7);
        assert_eq!(record["resigned"], 0);
        assert_eq!(record["outcome"]["winner"], 1);
        assert_eq!(record["players"], json!([{"name": "Ann"}, {"name": "Bob"}]));
    }
    // A setup as the record writes it.
    let setup = |s: &str| s.replace(" / ", "/").replace(' ', "");
    let (red_setup, blue_setup) = (setup(RED), setup(BLUE));
    let text = |v: &Value| v.to_string();
    assert!(text(&red).contains(&red_setup) && !text(&red).contains(&blue_setup));
    assert!(text(&blue).contains(&blue_setup) && !text(&blue).contains(&red_setup));
    assert!(!text(&public).contains(&red_setup) && !text(&public).contains(&blue_setup));
    assert_eq!(red["moves"][1]["notation"], Value::Null);
    assert_eq!(red["moves"][2]["notation"], "a4-a5");
    // The referee's record has every rank: the views were not empty by
    // chance.
    let full = server.referee(&created, |m| m.record(MatchClient::Referee).unwrap());
    assert_eq!(full.moves[1], format!("setup {blue_setup}"));
    // A bad token is refused; an unknown match too.
    let id = created["match"].as_str().unwrap();
    let (status, _, answer) = get(
        &server,
        &format!("/api/matches/{id}/record?token=0123456789abcdef0123456789abcdef"),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(kind(&answer), Some("bad_token"));
    let (status, _, answer) = get(&server, "/api/matches/nope/record").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    let (status, _, answer) = get(&server, &format!("/api/matches/{id}/record?x=1")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
}

#[tokio::test]
async fn a_hus_record_is_the_whole_record_for_everyone() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "hus", "seed": 9, "names": {"0": "Ann"}, "agents": {"1": "random"}}))
        .await;
    let mut ann = server.connect(&created, Some(0)).await;
    assert_eq!(
        ann.ask(json!({"cmd": "play", "index": 0})).await["ok"],
        true
    );
    ann.wait_for_moves(2).await;
    let id = created["match"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let (status, _, mine) = get(&server, &format!("/api/matches/{id}/record?token={token}")).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    let (_, _, public) = get(&server, &format!("/api/matches/{id}/record")).await;
    assert_eq!(mine, public);
    assert_eq!(mine["game"], "hus");
    assert_eq!(mine["seed"], 9);
    assert_eq!(mine["moves"].as_array().unwrap().len(), 2);
    assert_eq!(
        mine["players"],
        json!([{"name": "Ann"}, {"agent": "random"}])
    );
    // It is a record `plateau` reads back.
    let record: plateau::GameRecord = serde_json::from_value(mine).unwrap();
    plateau_cli::default_registry()
        .load_record(&record)
        .unwrap();
}

#[tokio::test]
async fn a_rematch_swaps_the_colours_and_gives_each_seat_its_own_new_token() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({
            "game": "hus", "variant": "standard", "seed": 2, "set": {"max_plies": "300"},
            "names": {"0": "Ann", "1": "Bob"},
        }))
        .await;
    let mut ann = server.connect(&created, Some(0)).await;
    let mut bob = server.connect(&created, Some(1)).await;
    let mut watcher = server.connect(&created, None).await;
    // Not before the end; never a spectator.
    let early = ann.ask(json!({"cmd": "rematch"})).await;
    assert_eq!(kind(&early), Some("not_allowed"), "{early}");
    assert_eq!(ann.ask(json!({"cmd": "resign"})).await["ok"], true);
    let refused = watcher.ask(json!({"cmd": "rematch"})).await;
    assert_eq!(kind(&refused), Some("not_allowed"), "{refused}");
    let extra = ann.ask(json!({"cmd": "rematch", "colour": "red"})).await;
    assert_eq!(kind(&extra), Some("bad_request"), "{extra}");
    // Ann asks: Bob sees the offer.
    let asked = ann.ask(json!({"cmd": "rematch"})).await;
    assert_eq!(asked["ok"], true, "{asked}");
    assert_eq!(asked["rematch"], json!({"asked": [0], "match": null}));
    loop {
        let message = bob.next().await;
        if message["rematch_offer"] == json!({"asked": [0], "waiting": [1]}) {
            break;
        }
    }
    // Bob asks too: the new match is made.
    let made = bob.ask(json!({"cmd": "rematch"})).await;
    assert_eq!(made["ok"], true, "{made}");
    let new_id = made["rematch"]["match"].as_str().unwrap().to_string();
    assert_ne!(new_id, created["match"].as_str().unwrap());
    let event = |client: &mut Client| {
        let found = client
            .received
            .iter()
            .find(|m| m["event"] == "rematch")
            .cloned();
        found
    };
    let mut events = Vec::new();
    for client in [&mut ann, &mut bob, &mut watcher] {
        let found = loop {
            if let Some(found) = event(client) {
                break found;
            }
            client.next().await;
        };
        assert_eq!(found["match"], json!(new_id), "{found}");
        events.push(found);
    }
    let ann_token = events[0]["token"].as_str().unwrap().to_string();
    let bob_token = events[1]["token"].as_str().unwrap().to_string();
    assert_eq!(events[2]["token"], Value::Null, "a spectator gets no token");
    assert_eq!(events[2]["url"], json!(format!("/?match={new_id}")));
    assert_eq!(
        events[0]["url"],
        json!(format!("/?match={new_id}&token={ann_token}"))
    );
    // Each socket got its own token only.
    for (client, other) in [
        (&ann, &bob_token),
        (&bob, &ann_token),
        (&watcher, &ann_token),
    ] {
        let all: String = client.received.iter().map(Value::to_string).collect();
        assert!(!all.contains(other.as_str()), "{all}");
    }
    assert!(!watcher
        .received
        .iter()
        .any(|m| m.to_string().contains(&bob_token)));
    // Colours swapped: Ann plays north (1), Bob south (0); same settings,
    // a new seed.
    let new = server.hub.find(&new_id).unwrap();
    assert_eq!(
        new.client(Some(&ann_token)).unwrap(),
        MatchClient::Seat(plateau::Player(1))
    );
    assert_eq!(
        new.client(Some(&bob_token)).unwrap(),
        MatchClient::Seat(plateau::Player(0))
    );
    let info = new.public_json();
    assert_eq!(info["seats"][0]["person"], "Bob", "{info}");
    assert_eq!(info["seats"][1]["person"], "Ann", "{info}");
    assert_eq!(info["variant"], created["variant"]);
    let settings = new.settings();
    assert_eq!(settings["set"], json!({"max_plies": "300"}));
    assert_eq!(settings["game"], "hus");
    assert_eq!(settings["names"], json!({"0": "Bob", "1": "Ann"}));
    assert!(settings["seed"].is_u64());
    // Asking again gives the same match.
    let again = ann.ask(json!({"cmd": "rematch"})).await;
    assert_eq!(again["rematch"]["match"], json!(new_id), "{again}");
    assert_eq!(server.hub.len(), 2);
}

#[tokio::test]
async fn against_an_agent_the_rematch_is_made_at_once_with_the_sides_swapped() {
    let server = TestServer::start().await;
    let created = server
        .create(json!({"game": "hus", "names": {"0": "Ann"}, "agents": {"north": "random"}}))
        .await;
    let mut ann = server.connect(&created, Some(0)).await;
    assert_eq!(ann.ask(json!({"cmd": "resign"})).await["ok"], true);
    let made = ann.ask(json!({"cmd": "rematch"})).await;
    let new_id = made["rematch"]["match"]
        .as_str()
        .expect("made at once")
        .to_string();
    let event = loop {
        if let Some(e) = ann.received.iter().find(|m| m["event"] == "rematch") {
            break e.clone();
        }
        ann.next().await;
    };
    let new = server.hub.find(&new_id).unwrap();
    let token = event["token"].as_str().unwrap();
    assert_eq!(
        new.client(Some(token)).unwrap(),
        MatchClient::Seat(plateau::Player(1))
    );
    let info = new.public_json();
    assert_eq!(info["seats"][0]["agent"], "random", "{info}");
    assert_eq!(info["seats"][1]["person"], "Ann", "{info}");
}

#[tokio::test]
async fn a_hot_seat_rematch_is_a_new_hot_seat_match() {
    let server = TestServer::start().await;
    let created = server.create(json!({"game": "hus", "hotseat": true})).await;
    let token = created["hotseat"]["token"].as_str().unwrap();
    let mut screen = web_common::Client::connect(&server.ws_url(&created, Some(token))).await;
    assert_eq!(screen.ask(json!({"cmd": "resign"})).await["ok"], true);
    let made = screen.ask(json!({"cmd": "rematch"})).await;
    assert!(made["rematch"]["match"].is_string(), "{made}");
    let event = loop {
        if let Some(e) = screen.received.iter().find(|m| m["event"] == "rematch") {
            break e.clone();
        }
        screen.next().await;
    };
    let url = event["url"].as_str().unwrap();
    assert!(url.ends_with("&hotseat=1"), "{url}");
    let new = server.hub.find(event["match"].as_str().unwrap()).unwrap();
    assert_eq!(
        new.client(event["token"].as_str()).unwrap(),
        MatchClient::HotSeat
    );
}
