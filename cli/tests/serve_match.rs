//! `serve` on the match layer: what the match decides for the ids (undo
//! with consent and never across a hidden move, draws, spectators), as
//! docs/PROTOCOL.md describes it.

mod serve_common;

use serde_json::json;
use serve_common::{kind, test_registry, Conn, InProcess};

/// In a game of hidden information a seat's undo is refused across a
/// secret setup (it would hide again what was shown), whoever would
/// answer; the referee takes it back.
#[test]
fn a_seats_undo_never_crosses_a_hidden_move_but_the_referees_does() {
    let mut s = InProcess::start(test_registry);
    let referee = s.ok(&json!({"cmd": "new", "game": "secret", "seed": 4}))["id"].clone();
    let red = s.ok(&json!({"cmd": "join", "id": referee, "player": "red"}))["id"].clone();
    let blue = s.ok(&json!({"cmd": "join", "id": referee, "player": "blue"}))["id"].clone();
    s.ok(&json!({"cmd": "genmove", "id": red, "agent": "random:1", "play": true}));
    s.ok(&json!({"cmd": "genmove", "id": blue, "agent": "random:2", "play": true}));
    for seat in [&red, &blue] {
        let r = s.send(&json!({"cmd": "undo", "id": seat}));
        assert_eq!(kind(&r), Some("not_allowed"), "{r}");
        assert!(
            r["error"]["message"]
                .as_str()
                .unwrap()
                .contains("hidden information"),
            "{r}"
        );
    }
    let status = s.ok(&json!({"cmd": "status", "id": referee}));
    assert!(status.get("undo_request").is_none(), "{status}");
    assert_eq!(status["status"]["moves_played"], 2);
    let r = s.ok(&json!({"cmd": "undo", "id": referee, "count": 2}));
    assert_eq!(r["undone"], 2);
    assert_eq!(r["status"]["moves_played"], 0);
}

/// A pending draw offer lapses when a move is played; a draw agreed ends
/// the game, and a seat's undo does not take it back.
#[test]
fn draw_offers_lapse_with_a_move_and_an_agreed_draw_is_final_for_the_seats() {
    let mut s = InProcess::start(test_registry);
    let referee = s.ok(&json!({"cmd": "new", "game": "nim"}))["id"].clone();
    let first = s.ok(&json!({"cmd": "join", "id": referee, "player": 0}))["id"].clone();
    let second = s.ok(&json!({"cmd": "join", "id": referee, "player": 1}))["id"].clone();
    let r = s.ok(&json!({"cmd": "offer_draw", "id": second}));
    assert_eq!(r["draw"], "pending");
    let status = s.ok(&json!({"cmd": "status", "id": first}));
    assert_eq!(status["draw_offer"], json!({"by": 1, "asked": [0]}));
    s.ok(&json!({"cmd": "play", "id": first, "move": "1"}));
    let status = s.ok(&json!({"cmd": "status", "id": first}));
    assert!(status.get("draw_offer").is_none(), "lapsed: {status}");
    let r = s.send(&json!({"cmd": "answer_draw", "id": first, "accept": true}));
    assert_eq!(kind(&r), Some("no_request"), "{r}");
    assert_eq!(
        s.ok(&json!({"cmd": "offer_draw", "id": first}))["draw"],
        "pending"
    );
    let r = s.send(&json!({"cmd": "answer_draw", "id": second}));
    assert_eq!(kind(&r), Some("bad_request"), "accept is required: {r}");
    let r = s.ok(&json!({"cmd": "answer_draw", "id": second, "accept": true}));
    assert_eq!(r["draw"], "agreed");
    assert_eq!(r["status"]["outcome"]["reason"], "draw-agreed");
    let r = s.send(&json!({"cmd": "undo", "id": first}));
    assert_eq!(kind(&r), Some("not_allowed"), "{r}");
    let r = s.send(&json!({"cmd": "undo", "id": first, "count": 1}));
    assert_eq!(kind(&r), Some("bad_request"), "count is the referee's: {r}");
    // The referee takes the agreement back, then the move.
    assert_eq!(
        s.ok(&json!({"cmd": "undo", "id": referee, "count": 2}))["undone"],
        2
    );
}

/// A spectator acts for nobody and may not hand out ids; it reads the
/// record of a game of perfect information (nothing in it is hidden) but
/// not of a game of hidden information.
#[test]
fn a_spectator_watches_only() {
    let mut s = InProcess::start(test_registry);
    for (game, record_ok) in [("nim", true), ("secret", false)] {
        let referee = s.ok(&json!({"cmd": "new", "game": game}))["id"].clone();
        let watcher = s.ok(&json!({"cmd": "join", "id": referee, "spectator": true}))["id"].clone();
        for request in [
            json!({"cmd": "legal", "id": watcher}),
            json!({"cmd": "genmove", "id": watcher}),
            json!({"cmd": "resign", "id": watcher}),
            json!({"cmd": "undo", "id": watcher}),
            json!({"cmd": "offer_draw", "id": watcher}),
            json!({"cmd": "join", "id": watcher, "player": 0}),
            json!({"cmd": "join", "id": watcher, "spectator": true}),
        ] {
            let r = s.send(&request);
            assert_eq!(kind(&r), Some("not_allowed"), "{game}: {request}: {r}");
        }
        let r = s.send(&json!({"cmd": "record", "id": watcher}));
        assert_eq!(r["ok"], record_ok, "{game}: {r}");
        s.ok(&json!({"cmd": "board", "id": watcher}));
    }
}

/// A seat's list of moves that fails on the other player's turn is taken
/// back whole.
#[test]
fn a_seats_list_that_runs_past_its_turn_is_taken_back() {
    let mut s = InProcess::start(test_registry);
    let referee = s.ok(&json!({"cmd": "new", "game": "nim"}))["id"].clone();
    let first = s.ok(&json!({"cmd": "join", "id": referee, "player": 0}))["id"].clone();
    let r = s.send(&json!({"cmd": "play", "id": first, "move": ["1", "1"]}));
    assert_eq!(kind(&r), Some("not_your_turn"), "{r}");
    assert_eq!(r["error"]["index"], 2);
    assert_eq!(r["error"]["message"], "it is second's turn, not first's");
    let status = s.ok(&json!({"cmd": "status", "id": referee}));
    assert_eq!(status["status"]["moves_played"], 0);
}

/// `random:7` and `random:seed=7` are one agent of the session (the
/// framework's reading of the spec is the cache's key): its stream goes on
/// from one form to the other.
#[test]
fn the_older_seed_form_and_the_seed_option_are_one_agent() {
    let draws = |specs: [&str; 6]| {
        let mut s = InProcess::start(test_registry);
        let id = s.ok(&json!({"cmd": "new", "game": "nim", "set": {"pile": 1000, "max_take": 9}}))
            ["id"]
            .clone();
        specs
            .iter()
            .map(|spec| s.ok(&json!({"cmd": "genmove", "id": id, "agent": spec}))["move"].clone())
            .collect::<Vec<_>>()
    };
    let one_form = draws(["random:7"; 6]);
    let both = draws([
        "random:7",
        "random:seed=7",
        " random:seed=7 ",
        "random:7",
        "random:seed=7",
        "random:7",
    ]);
    assert_eq!(one_form, both);
    assert!(
        one_form.iter().any(|m| *m != one_form[0]),
        "the stream goes on, not afresh each time: {one_form:?}"
    );
}
