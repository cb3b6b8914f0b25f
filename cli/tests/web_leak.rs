//! Hidden information over `plateau web`: a whole Stratego game played
//! through both seats' WebSockets with a spectator watching, where no
//! message to a seat or the spectator holds the rank of an enemy piece that
//! is not revealed to it (S6.2, S6.4), checked against the referee's full
//! board of the position each message was sent in (the frames of a combat
//! may show both pieces).

mod web_common;

use serde_json::{json, Value};
use std::collections::HashMap;
use web_common::{Client, TestServer};

/// Who a connection is: a seat (by number) or the spectator.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Audience {
    Seat(u64),
    Spectator,
}

/// The referee's board: every square's piece (text, owner, revealed).
type FullBoard = HashMap<String, (String, Option<u64>, bool)>;

fn full_board(server: &TestServer, created: &Value) -> FullBoard {
    let board = server.referee_view(created);
    board["board"]["board"]["cells"]
        .as_array()
        .expect("the referee's board has cells")
        .iter()
        .filter_map(|c| {
            let name = c["name"].as_str()?.to_string();
            Some((
                name,
                (
                    c["text"].as_str().unwrap_or("").to_string(),
                    c["owner"].as_u64(),
                    c["marked"] == true,
                ),
            ))
        })
        .collect()
}

/// The referee's board after the first `ply` moves of the match, replayed
/// from its record.
fn full_board_at(server: &TestServer, created: &Value, ply: usize) -> FullBoard {
    let mut record = server.referee(created, |m| {
        m.record(plateau::matches::Client::Referee).unwrap()
    });
    record.moves.truncate(ply);
    record.outcome = None;
    record.resigned = None;
    record.draw_agreed = false;
    let session = plateau_cli::default_registry()
        .load_record(&record)
        .expect("the record replays");
    let board = serde_json::to_value(session.board(None).expect("a board").board).unwrap();
    cells_of(&board)
}

fn cells_of(board: &Value) -> FullBoard {
    board["cells"]
        .as_array()
        .expect("the referee's board has cells")
        .iter()
        .filter_map(|c| {
            let name = c["name"].as_str()?.to_string();
            Some((
                name,
                (
                    c["text"].as_str().unwrap_or("").to_string(),
                    c["owner"].as_u64(),
                    c["marked"] == true,
                ),
            ))
        })
        .collect()
}

/// What the checks saw, so that the test knows they were not vacuous.
#[derive(Default, Debug)]
struct Seen {
    messages: usize,
    hidden_cells_checked: usize,
    revealed_cells_checked: usize,
    views_checked: usize,
    texts_checked: usize,
    descriptions_checked: usize,
    frame_ranks_checked: usize,
}

/// Every board cell and view square in `message` holds nothing of an enemy
/// piece that is not revealed: an enemy piece shows `?` unless the
/// referee's board has it revealed, and then its rank is the true one.
fn check(message: &Value, audience: Audience, full: &FullBoard, seen: &mut Seen) {
    seen.messages += 1;
    let enemy = |owner: u64| match audience {
        Audience::Seat(p) => owner != p,
        Audience::Spectator => true,
    };
    let mut stack = vec![message];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => {
                if let Some(Value::Array(cells)) = map.get("cells") {
                    for cell in cells {
                        let (Some(name), Some(owner)) =
                            (cell["name"].as_str(), cell["owner"].as_u64())
                        else {
                            continue;
                        };
                        let text = cell["text"].as_str().unwrap_or("");
                        let (true_text, true_owner, revealed) =
                            full.get(name).unwrap_or_else(|| panic!("no square {name}"));
                        assert_eq!(Some(owner), *true_owner, "{audience:?}: owner of {name}");
                        if !enemy(owner) {
                            assert_eq!(text, true_text, "{audience:?}: own piece on {name}");
                        } else if *revealed {
                            seen.revealed_cells_checked += 1;
                            assert_eq!(text, true_text, "{audience:?}: revealed piece on {name}");
                        } else {
                            seen.hidden_cells_checked += 1;
                            assert_eq!(
                                text, "?",
                                "{audience:?} sees the hidden {true_text} on {name}: {message}"
                            );
                        }
                    }
                }
                let view_squares = match map.get("squares") {
                    Some(Value::Array(squares))
                        if squares.iter().all(|s| s["type"].is_string()) =>
                    {
                        Some(squares)
                    }
                    _ => None,
                };
                if let (Some(squares), Audience::Seat(p)) = (view_squares, audience) {
                    // A seat's view: an opponent's piece has a kind only
                    // when revealed; as many kinds as revealed enemies.
                    let known = squares
                        .iter()
                        .filter(|s| s["type"] == "opponent" && !s["kind"].is_null())
                        .count();
                    let revealed = full
                        .values()
                        .filter(|(_, o, r)| *r && o.is_some_and(|o| o != p))
                        .count();
                    assert_eq!(known, revealed, "seat {p}'s view: {message}");
                    seen.views_checked += 1;
                }
                for key in ["text", "board"] {
                    if let Some(Value::String(text)) = map.get(key) {
                        check_text(text, audience, full, seen);
                    }
                }
                for key in ["described", "description"] {
                    if let Some(Value::String(described)) = map.get(key) {
                        check_description(described, audience, full, seen);
                    }
                }
                if let Some(Value::Array(frames)) = map.get("frames") {
                    check_frames(frames, map.get("notation"), audience, full, seen);
                    stack.extend(map.iter().filter(|(k, _)| *k != "frames").map(|(_, v)| v));
                    continue;
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
}

/// The intermediate boards of the last move (a combat shows both pieces):
/// an enemy piece shows a rank only if a piece of its owner and rank is
/// revealed on the board after the move, or on the move's origin or
/// target square, where the combat shows both pieces (S6.2);
/// everywhere else it is `?`.
fn check_frames(
    frames: &[Value],
    notation: Option<&Value>,
    audience: Audience,
    full: &FullBoard,
    seen: &mut Seen,
) {
    // A move's squares: origin and target.
    let squares: Vec<String> = notation
        .and_then(Value::as_str)
        .map(|n| n.split(['-', 'x']).map(str::to_string).collect())
        .unwrap_or_default();
    for frame in frames {
        for cell in frame["cells"].as_array().into_iter().flatten() {
            let (Some(name), Some(owner)) = (cell["name"].as_str(), cell["owner"].as_u64()) else {
                continue;
            };
            let enemy = match audience {
                Audience::Seat(p) => owner != p,
                Audience::Spectator => true,
            };
            let text = cell["text"].as_str().unwrap_or("");
            if !enemy || text == "?" {
                continue;
            }
            // A piece revealed on the board after the move, or one of the
            // two pieces of the combat the frame shows.
            let revealed_now = full
                .values()
                .any(|(t, o, r)| *r && *o == Some(owner) && t == text);
            assert!(
                revealed_now || squares.iter().any(|s| s == name),
                "{audience:?} sees the hidden {text} on {name} in a frame of {notation:?}"
            );
            seen.frame_ranks_checked += 1;
        }
    }
}

/// A text board holds as many ranks of enemy pieces as are revealed: in a
/// seat's render an enemy piece is `[?]`/`(?)` until known (`[9]`), in the
/// public board every unrevealed piece is `?`.
fn check_text(text: &str, audience: Audience, full: &FullBoard, seen: &mut Seen) {
    if !text.contains('\n') {
        return; // a cell's text, not a board
    }
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    let revealed_enemies = full
        .values()
        .filter(|(_, owner, revealed)| {
            *revealed
                && owner.is_some_and(|o| match audience {
                    Audience::Seat(p) => o != p,
                    Audience::Spectator => true,
                })
        })
        .count();
    let shown = match audience {
        Audience::Seat(_) => rows
            .iter()
            .map(|row| {
                let chars: Vec<char> = row.chars().collect();
                chars
                    .windows(3)
                    .filter(|w| "[(".contains(w[0]) && "])".contains(w[2]) && w[1] != '?')
                    .count()
            })
            .sum::<usize>(),
        Audience::Spectator => rows
            .iter()
            .map(|row| {
                row.split_whitespace()
                    .skip(1)
                    .filter(|t| ![".", "~", "?"].contains(t))
                    .count()
            })
            .sum(),
    };
    assert_eq!(shown, revealed_enemies, "{audience:?}'s text board: {text}");
    seen.texts_checked += 1;
}

/// The name of a side in the texts.
const SIDES: [&str; 2] = ["Red", "Blue"];

/// The last move's description names an enemy's rank only when it is
/// public, checked against the referee's board after the move: a piece that
/// moved without a fight is named only if revealed (S6.2; a scout's long
/// move reveals it, S4.3), and a defender that won and stays is named only
/// if revealed (not under silent defense, S12.6); a seat is never told
/// what stays hidden from it.
fn check_description(text: &str, audience: Audience, full: &FullBoard, seen: &mut Seen) {
    if let Audience::Seat(p) = audience {
        let hidden_from_me = format!("It stays hidden from {}.", SIDES[p as usize]);
        assert!(
            !text.contains(&hidden_from_me),
            "{audience:?} is told: {text}"
        );
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(side) = words
        .first()
        .and_then(|w| SIDES.iter().position(|s| s == w))
    else {
        return;
    };
    let enemy_of_mover = |s: usize| match audience {
        Audience::Seat(p) => s as u64 != p,
        Audience::Spectator => true,
    };
    // The squares of the move: the first word `from-to`.
    let Some(to) = words.iter().find_map(|w| {
        let (from, to) = w.trim_end_matches('.').split_once('-')?;
        (from.len() >= 2 && to.len() >= 2).then(|| to.to_string())
    }) else {
        return;
    };
    let moved_named = words.get(1).is_some_and(|w| !w.contains('-'));
    let attacks = text.contains(" attacks ");
    let revealed_at = |square: &str, owner: usize| {
        full.get(square)
            .filter(|(_, o, _)| *o == Some(owner as u64))
            .map(|(_, _, revealed)| *revealed)
    };
    if !attacks && moved_named && enemy_of_mover(side) {
        if let Some(revealed) = revealed_at(&to, side) {
            assert!(revealed, "{audience:?} is told the hidden rank: {text}");
            seen.descriptions_checked += 1;
        }
    }
    let defender = 1 - side;
    if attacks && text.contains(" and loses: the ") && enemy_of_mover(defender) {
        if let Some(revealed) = revealed_at(&to, defender) {
            assert!(revealed, "{audience:?} is told a hidden defender: {text}");
            seen.descriptions_checked += 1;
        }
    }
}

/// A small seeded generator, so the game is the same on every run.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The most plies played before red resigns, to keep the test short.
const MAX_PLIES: u64 = 400;

#[tokio::test]
async fn no_message_to_a_seat_or_spectator_holds_an_unrevealed_enemy_rank() {
    play_and_check(json!({"game": "stratego", "variant": "barrage", "seed": 11})).await;
}

#[tokio::test]
async fn under_silent_defense_too() {
    // S12.6: a defender that wins stays hidden, from the attacker too.
    play_and_check(json!({
        "game": "stratego",
        "variant": "barrage",
        "seed": 12,
        "set": {"options.silent_defense": true},
    }))
    .await;
}

#[tokio::test]
async fn against_an_agent_too() {
    // The agent plays blue through its own seat; red and a spectator watch.
    play_against(
        json!({"game": "stratego", "variant": "barrage", "seed": 13}),
        Some(1),
    )
    .await;
}

/// Plays a whole game of `body`'s rules through both seats (or, with
/// `agent`, through one seat against the server's agent on the other),
/// with a spectator watching, and checks every message each connection
/// receives.
async fn play_and_check(body: Value) {
    play_against(body, None).await;
}

async fn play_against(mut body: Value, agent: Option<usize>) {
    let server = TestServer::start().await;
    if let Some(a) = agent {
        body["agents"] = json!({ a.to_string(): "random:seed=13" });
    }
    let created = server.create(body).await;
    // The connections: each human seat's, then the spectator's.
    let mut clients: Vec<(Client, Audience)> = Vec::new();
    for p in 0..2usize {
        if agent != Some(p) {
            clients.push((
                server.connect(&created, Some(p)).await,
                Audience::Seat(p as u64),
            ));
        }
    }
    clients.push((server.connect(&created, None).await, Audience::Spectator));
    let mut rng = SplitMix(7);
    let mut seen = Seen::default();
    let mut checked = vec![0usize; clients.len()];
    let mut ply = 0u64;
    let mut fulls: HashMap<u64, FullBoard> = HashMap::new();
    loop {
        // While the agent is to move, wait for it: it plays on its own.
        let mut waited = 0;
        loop {
            let status = server.referee_view(&created);
            let agent_to_move =
                status["over"] == false && agent.is_some_and(|a| status["to_move"] == json!(a));
            if !agent_to_move {
                break;
            }
            waited += 1;
            assert!(waited < 10_000, "the agent does not move");
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
        // Every connection asks for its board (now and then with the log
        // and the view), and every message it got since the last move is
        // checked against the referee's board as it is now (nothing moves
        // meanwhile: the agent, if any, waits for the human's move).
        let full = full_board(&server, &created);
        let mut boards = HashMap::new();
        for (i, (client, audience)) in clients.iter_mut().enumerate() {
            let board = client.view().await;
            // Each update is checked against the position it was sent in
            // (an agent may have moved since).
            for message in &client.received[checked[i]..] {
                let at = message["moves_played"]
                    .as_u64()
                    .or_else(|| message["update"]["moves_played"].as_u64());
                let then = match at {
                    Some(k) => fulls
                        .entry(k)
                        .or_insert_with(|| full_board_at(&server, &created, k as usize)),
                    None => &full,
                };
                check(message, *audience, then, &mut seen);
            }
            checked[i] = client.received.len();
            boards.insert(i, board);
        }
        let status = boards[&(clients.len() - 1)].clone();
        if status["over"] == true {
            break;
        }
        let p = status["to_move"].as_u64().unwrap();
        let i = clients
            .iter()
            .position(|(_, a)| *a == Audience::Seat(p))
            .expect("a human seat is to move");
        let board = &boards[&i];
        let seat = &mut clients[i].0;
        let r = if ply >= MAX_PLIES {
            seat.ask(json!({"cmd": "resign"})).await
        } else if !board["placement"].is_null() {
            // A setup: the seat asks for one drawn from its own view.
            let agent = format!("random:seed={}", 100 + p);
            let hint = seat.ask(json!({"cmd": "hint", "agent": agent})).await;
            assert_eq!(hint["ok"], true, "{hint}");
            seat.ask(json!({"cmd": "play", "move": hint["move"]})).await
        } else {
            // An attack if the seat sees one (so that the game ends soon),
            // else any legal move.
            let legal = board["legal_move_squares"].as_array().unwrap();
            let enemy_squares: Vec<&str> = board["board"]["board"]["cells"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["owner"].as_u64().is_some_and(|o| o != p))
                .filter_map(|c| c["name"].as_str())
                .collect();
            let attacks: Vec<&Value> = legal
                .iter()
                .filter(|m| {
                    m[1].as_array()
                        .and_then(|s| s.last())
                        .and_then(Value::as_str)
                        .is_some_and(|to| enemy_squares.contains(&to))
                })
                .collect();
            let mv = if attacks.is_empty() {
                legal[rng.below(legal.len())][0].clone()
            } else {
                attacks[rng.below(attacks.len())][0].clone()
            };
            seat.ask(json!({"cmd": "play", "move": mv})).await
        };
        assert_eq!(r["ok"], true, "ply {ply}: {r}");
        ply += 1;
    }
    let over = server.referee_view(&created);
    assert_eq!(over["over"], true, "{over}");
    let plies = over["moves_played"].as_u64().unwrap();
    assert!(plies > 10, "a game was played: {over}");
    // The checks met hidden and revealed enemy pieces, in boards and views.
    assert!(seen.hidden_cells_checked > 100, "{seen:?}");
    assert!(seen.revealed_cells_checked > 0, "{seen:?}");
    assert!(seen.views_checked > 0, "{seen:?}");
    assert!(seen.texts_checked > 0, "{seen:?}");
    assert!(seen.descriptions_checked > 0, "{seen:?}");
    assert!(seen.frame_ranks_checked > 0, "combats were shown: {seen:?}");
    // The referee does see the ranks the others may not.
    let full = full_board(&server, &created);
    assert!(full
        .values()
        .any(|(text, owner, revealed)| owner.is_some() && !revealed && text != "?"));
}

#[test]
#[should_panic(expected = "sees the hidden")]
fn the_check_catches_a_hidden_rank_shown() {
    let full: FullBoard = [("d7".to_string(), ("9".to_string(), Some(1), false))].into();
    let message = json!({"board": {"cells": [{"name": "d7", "owner": 1, "text": "9"}]}});
    check(&message, Audience::Seat(0), &full, &mut Seen::default());
}

#[test]
fn the_check_lets_a_seat_see_its_own_and_revealed_pieces() {
    let full: FullBoard = [
        ("d7".to_string(), ("9".to_string(), Some(1), true)),
        ("d2".to_string(), ("B".to_string(), Some(0), false)),
    ]
    .into();
    let message = json!({"cells": [
        {"name": "d7", "owner": 1, "text": "9"},
        {"name": "d2", "owner": 0, "text": "B"},
    ]});
    let mut seen = Seen::default();
    check(&message, Audience::Seat(0), &full, &mut seen);
    assert_eq!(seen.revealed_cells_checked, 1);
}

#[test]
#[should_panic(expected = "text board")]
fn the_text_check_catches_a_hidden_rank_in_a_render() {
    let full: FullBoard = [("d7".to_string(), ("9".to_string(), Some(1), false))].into();
    let text = "     a  b  c  d\n  7  .  . [9] .\n";
    check_text(text, Audience::Seat(0), &full, &mut Seen::default());
}
