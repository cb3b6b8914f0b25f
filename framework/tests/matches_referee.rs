//! What the match layer gives a protocol server besides the seats' calls
//! (`Match::acting_for`, `Match::undo_plies`), and the typed erased layer
//! under it: a session's own rules (`DynSession::rules`), moves played by
//! index (`DynSession::play_index`, `MoveRef::Index`) and an agent's choice
//! carrying its index, so that agents' moves are never read from text.

use plateau::demo::{CountingNim, Nim};
use plateau::matches::{Client, Match, MatchError, MatchEvent, MatchOptions, MoveRef, Occupant};
use plateau::{DynGame, PlayError, Player, Registry, Status};

const P0: Player = Player(0);
const P1: Player = Player(1);

fn rules(id: &str) -> Box<dyn DynGame> {
    let mut registry = Registry::new();
    registry.register::<Nim>().register::<CountingNim>();
    registry.load_default(id).unwrap()
}

fn people(game: Box<dyn DynGame>) -> Match {
    let seats = vec![Occupant::person("ann"), Occupant::person("bob")];
    Match::new(game, 0, seats, MatchOptions::default()).unwrap()
}

#[test]
fn a_session_gives_back_its_rules_and_plays_a_legal_move_by_index() {
    let game = rules("nim");
    let mut typed = game.new_session(0);
    let own = typed.rules();
    assert_eq!(own.id(), "nim");
    assert_eq!(own.variant(), game.variant());
    assert_eq!(own.params_json(), game.params_json());
    let mut by_text = own.new_session(0);
    let moves = typed.legal_moves();
    assert_eq!(moves, ["1", "2", "3"]);
    typed.play_index(2).unwrap();
    by_text.play(&moves[2]).unwrap();
    assert_eq!(typed.record(), by_text.record());
    match typed.play_index(7) {
        Err(PlayError::Illegal { mv, reason }) => {
            assert_eq!(mv, "#7");
            assert!(reason.contains("there are 3 legal moves"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(typed.num_moves(), 1, "nothing changed");
    typed.resign(P1);
    assert!(matches!(typed.play_index(0), Err(PlayError::GameOver)));
}

#[test]
fn an_agents_choice_carries_the_index_of_its_move() {
    let game = rules("nim");
    let session = game.new_session(0);
    for seed in 0..8 {
        let mut agent = game.agent(&format!("random:{seed}"), 0).unwrap();
        let choice = agent.choose(session.as_ref()).unwrap();
        let index = choice.index.expect("Nim's moves are listed");
        assert_eq!(session.legal_moves()[index], choice.mv);
    }
}

#[test]
fn moves_by_index_and_agents_moves_are_played_unread() {
    // The only test of this file that plays CountingNim (its counters are global).
    let seats = vec![Occupant::person("ann"), Occupant::agent("random:5")];
    let mut game = Match::new(rules("counting-nim"), 0, seats, MatchOptions::default()).unwrap();
    let ann = Client::Seat(P0);
    let before = CountingNim::parses();
    let report = game.play(ann, MoveRef::Index(1)).unwrap();
    assert_eq!(report.notation.as_deref(), Some("2"));
    assert_eq!(game.play_agents().unwrap().len(), 1);
    let mut turn = None;
    while turn.is_none() {
        game.play(ann, MoveRef::Index(0)).unwrap();
        turn = game.take_agent_turn();
    }
    let mut turn = turn.unwrap();
    turn.think();
    assert!(turn.choice().unwrap().index.is_some());
    game.finish_agent_turn(turn).unwrap().unwrap();
    assert_eq!(CountingNim::parses(), before, "nothing was read");
    let err = game.play(ann, MoveRef::Index(9)).unwrap_err();
    assert_eq!(err.kind(), "bad_index", "{err}");
    game.play(ann, MoveRef::Text("1".into())).unwrap();
    assert_eq!(CountingNim::parses(), before + 1, "a text is read");
}

#[test]
fn acting_for_says_who_plays_now_and_changes_nothing() {
    let game = people(rules("nim"));
    let version = game.version();
    assert_eq!(game.acting_for(Client::Referee).unwrap(), P0);
    assert_eq!(game.acting_for(Client::Seat(P0)).unwrap(), P0);
    let err = game.acting_for(Client::Seat(P1)).unwrap_err();
    assert_eq!(
        err,
        MatchError::NotYourTurn {
            to_move: "first".into()
        }
    );
    assert_eq!(
        game.acting_for(Client::Spectator).unwrap_err().kind(),
        "not_allowed"
    );
    assert_eq!(
        game.acting_for(Client::Seat(Player(5))).unwrap_err().kind(),
        "not_allowed"
    );
    assert_eq!(game.version(), version);
}

#[test]
fn the_referee_takes_back_a_given_number_of_moves_at_once() {
    let mut game = people(rules("nim"));
    for _ in 0..3 {
        game.play(Client::Referee, MoveRef::Index(0)).unwrap();
    }
    let err = game.undo_plies(Client::Seat(P0), 1).unwrap_err();
    assert_eq!(err.kind(), "not_allowed", "{err}");
    let err = game.undo_plies(Client::Referee, 4).unwrap_err();
    assert_eq!(err.kind(), "undo_refused");
    assert!(err.to_string().contains("only 3 moves"), "{err}");
    assert_eq!(game.moves_played(), 3, "all or nothing");
    assert_eq!(
        game.undo_plies(Client::Referee, 0).unwrap_err().kind(),
        "undo_refused"
    );
    // A pending request lapses.
    game.request_undo(Client::Seat(P0)).unwrap();
    assert!(game.undo_request().is_some());
    game.undo_plies(Client::Referee, 2).unwrap();
    assert_eq!(game.moves_played(), 1);
    assert!(game.undo_request().is_none());
    let undone = match game.events_since(Client::Spectator, 0) {
        plateau::matches::EventsSince::Events { events } => events
            .iter()
            .filter(|e| {
                matches!(
                    e.event,
                    MatchEvent::Undone {
                        plies: 2,
                        moves_played: 1
                    }
                )
            })
            .count(),
        other => panic!("{other:?}"),
    };
    assert_eq!(undone, 1);
    // A resignation counts as one move, and the seats' moves are theirs
    // again afterwards.
    game.resign(Client::Seat(P1)).unwrap();
    assert!(game.status().is_over());
    assert_eq!(
        game.request_undo(Client::Seat(P0)).unwrap_err().kind(),
        "undo_refused"
    );
    game.undo_plies(Client::Referee, 1).unwrap();
    assert_eq!(game.status(), Status::ToMove(P1));
    assert_eq!(game.moves_played(), 1);
    game.play(Client::Seat(P1), MoveRef::Index(0)).unwrap();
    game.undo_plies(Client::Referee, 2).unwrap();
    assert_eq!(game.moves_played(), 0);
    assert_eq!(
        game.undo_plies(Client::Referee, 1).unwrap_err().to_string(),
        "no move to take back"
    );
}
