//! The match layer: seats and tokens, the turn discipline, agents (blocking
//! and split), undo and draws, records with players, what each client sees,
//! and the event log.

use plateau::demo::{Nim, Secret, SecretMove, SecretParams, SecretState, SecretView};
use plateau::matches::{
    Client, DrawOutcome, EventsSince, Match, MatchEvent, MatchOptions, MoveRef, Occupant,
    SavedMatch, UndoOutcome, EVENT_LOG_CAPACITY,
};
use plateau::rand::Rng;
use plateau::{
    DescribeMoves, DynGame, FreeFormMoves, Game, GameRecord, MoveParseError, Player, Registry,
    Render, RulesDocs, RulesError, RulesSpec, SearchHooks, Status, Variant,
};

const P0: Player = Player(0);
const P1: Player = Player(1);

/// Secret, but every guess is answered aloud: the position after it shows
/// something hidden ([`Game::move_outcome_key`] non-zero), as a Stratego
/// combat does.
#[derive(Clone, Debug)]
struct Loud(Secret);

impl Game for Loud {
    type Params = SecretParams;
    type State = SecretState;
    type Move = SecretMove;
    type View = SecretView;
    const ID: &'static str = "loud";
    const NAME: &'static str = "Loud Secret";
    const HIDDEN_INFORMATION: bool = true;

    fn variants() -> &'static [Variant] {
        Secret::variants()
    }
    fn new(params: SecretParams) -> Result<Self, RulesError> {
        Secret::new(params).map(Loud)
    }
    fn params(&self) -> &SecretParams {
        self.0.params()
    }
    fn player_name(&self, player: Player) -> &str {
        self.0.player_name(player)
    }
    fn initial_state(&self, seed: u64) -> SecretState {
        self.0.initial_state(seed)
    }
    fn status(&self, state: &SecretState) -> Status {
        self.0.status(state)
    }
    fn legal_moves(&self, state: &SecretState, moves: &mut Vec<SecretMove>) {
        self.0.legal_moves(state, moves)
    }
    fn check_move(&self, state: &SecretState, mv: &SecretMove) -> Result<(), String> {
        self.0.check_move(state, mv)
    }
    fn apply_unchecked(&self, state: &mut SecretState, mv: &SecretMove) {
        self.0.apply_unchecked(state, mv)
    }
    fn random_move<R: Rng + ?Sized>(&self, state: &SecretState, rng: &mut R) -> Option<SecretMove> {
        self.0.random_move(state, rng)
    }
    fn view(&self, state: &SecretState, player: Player) -> SecretView {
        self.0.view(state, player)
    }
    fn move_is_public(&self, mv: &SecretMove) -> bool {
        self.0.move_is_public(mv)
    }
    fn format_move(&self, mv: &SecretMove) -> String {
        self.0.format_move(mv)
    }
    fn parse_move(&self, state: &SecretState, text: &str) -> Result<SecretMove, MoveParseError> {
        self.0.parse_move(state, text)
    }
    fn state_key(&self, state: &SecretState) -> u64 {
        self.0.state_key(state)
    }
}

impl RulesDocs for Loud {
    fn summary(&self) -> String {
        self.0.summary()
    }
}

impl FreeFormMoves for Loud {
    fn moves_enumerable(&self, state: &SecretState) -> bool {
        self.0.moves_enumerable(state)
    }
    fn move_hint(&self, state: &SecretState) -> Option<String> {
        self.0.move_hint(state)
    }
}

impl SearchHooks for Loud {
    fn determinize<R: Rng + ?Sized>(&self, view: &SecretView, rng: &mut R) -> SecretState {
        self.0.determinize(view, rng)
    }
    fn move_outcome_key(&self, state: &SecretState) -> u64 {
        state.guesses.len() as u64
    }
}

impl Render for Loud {
    fn state_json(&self, state: &SecretState) -> serde_json::Value {
        self.0.state_json(state)
    }
    fn render_state(&self, state: &SecretState) -> String {
        self.0.render_state(state)
    }
    fn render_view(&self, view: &SecretView) -> String {
        self.0.render_view(view)
    }
}

impl DescribeMoves for Loud {
    fn describe_move(
        &self,
        before: &SecretState,
        mv: &SecretMove,
        viewer: Option<Player>,
    ) -> Option<String> {
        self.0.describe_move(before, mv, viewer)
    }
    fn describe_move_public(&self, before: &SecretState, mv: &SecretMove) -> Option<String> {
        self.0.describe_move_public(before, mv)
    }
}

/// Turns of two actions each, as Quinque's: one ply per action. Moves
/// are `1` or `2`; the game is drawn after `length` actions.
#[derive(Clone, Debug)]
struct Pairs(PairsParams);

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct PairsParams {
    length: u32,
}

impl Game for Pairs {
    type Params = PairsParams;
    type State = u32;
    type Move = u32;
    type View = u32;
    const ID: &'static str = "pairs";
    const NAME: &'static str = "Pairs";
    plateau::perfect_information!();

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "standard",
            description: "ten actions",
            toml: "length = 10\n",
        }]
    }
    fn new(params: PairsParams) -> Result<Self, RulesError> {
        Ok(Pairs(params))
    }
    fn params(&self) -> &PairsParams {
        &self.0
    }
    fn player_name(&self, player: Player) -> &str {
        ["north", "south"][player.index()]
    }
    fn initial_state(&self, _seed: u64) -> u32 {
        0
    }
    fn status(&self, played: &u32) -> Status {
        if *played >= self.0.length {
            Status::Over(plateau::Outcome::draw("length"))
        } else {
            Status::ToMove(Player(((played / 2) % 2) as u8))
        }
    }
    fn legal_moves(&self, played: &u32, moves: &mut Vec<u32>) {
        moves.clear();
        if *played < self.0.length {
            moves.extend([1, 2]);
        }
    }
    fn apply_unchecked(&self, played: &mut u32, _mv: &u32) {
        *played += 1;
    }
    fn format_move(&self, mv: &u32) -> String {
        mv.to_string()
    }
    fn parse_move(&self, _played: &u32, text: &str) -> Result<u32, MoveParseError> {
        text.trim()
            .parse()
            .map_err(|_| MoveParseError::new(text, "expected 1 or 2"))
    }
}

impl RulesDocs for Pairs {
    fn summary(&self) -> String {
        "two actions a turn".into()
    }
}

impl Render for Pairs {
    fn render_state(&self, played: &u32) -> String {
        format!("{played} actions\n")
    }
}

impl DescribeMoves for Pairs {}
impl FreeFormMoves for Pairs {}
impl SearchHooks for Pairs {}

fn registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<Nim>();
    registry.register::<Pairs>();
    registry.register::<Secret>();
    registry.register::<Loud>();
    registry
}

fn rules(id: &str, spec: RulesSpec) -> Box<dyn DynGame> {
    registry().get(id).unwrap().load(&spec).unwrap()
}

fn nim(pile: u32) -> Box<dyn DynGame> {
    rules(
        "nim",
        RulesSpec::default_variant().set("pile", &pile.to_string()),
    )
}

fn people() -> Vec<Occupant> {
    vec![Occupant::person("ann"), Occupant::person("bob")]
}

fn seeded() -> MatchOptions {
    MatchOptions {
        agent_seed: Some(7),
        ..MatchOptions::default()
    }
}

fn text(s: &str) -> MoveRef {
    MoveRef::Text(s.to_string())
}

/// A match of Secret (or Loud) between two people, both numbers set up:
/// red's is 7, blue's 3.
fn secret_match(id: &str) -> Match {
    let mut m = Match::new(
        rules(id, RulesSpec::default_variant()),
        0,
        people(),
        MatchOptions::default(),
    )
    .unwrap();
    m.play(Client::Seat(P0), text("setup 7")).unwrap();
    m.play(Client::Seat(P1), text("setup 3")).unwrap();
    m
}

/// Every event a client may read, as JSON text.
fn events_json(m: &Match, client: Client) -> String {
    match m.events_since(client, 0) {
        EventsSince::Events { events } => serde_json::to_string(&events).unwrap(),
        EventsSince::Resync { .. } => panic!("a short game keeps its events"),
    }
}

#[test]
fn a_move_on_another_players_turn_is_refused_naming_only_whose_turn_it_is() {
    let mut m = Match::new(nim(21), 0, people(), seeded()).unwrap();
    let e = m.play(Client::Seat(P1), text("1")).unwrap_err();
    assert_eq!(e.kind(), "not_your_turn");
    assert_eq!(e.to_string(), "it is first's turn");
    assert_eq!(m.moves_played(), 0);
    // Index, notation, and the session's own refusals.
    let r = m.play(Client::Seat(P0), MoveRef::Index(2)).unwrap();
    assert_eq!((r.ply, r.mover, r.notation.as_deref()), (1, P0, Some("3")));
    let e = m.play(Client::Seat(P1), MoveRef::Index(3)).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (
            "bad_index",
            "no legal move has index 3: there are 3 legal moves"
        )
    );
    assert_eq!(
        m.play(Client::Seat(P1), text("x")).unwrap_err().kind(),
        "bad_move"
    );
    let e = m.play(Client::Seat(P1), text("9")).unwrap_err();
    assert_eq!(e.kind(), "illegal_move");
    assert!(e.to_string().contains("'9'"), "{e}");
    // The hot seat is no client of a match made without it.
    assert!(m.hotseat_token().is_none());
}

#[test]
fn tokens_name_seats_and_a_wrong_token_is_refused() {
    let options = MatchOptions {
        hotseat: true,
        ..seeded()
    };
    let m = Match::new(
        nim(21),
        0,
        vec![Occupant::person("ann"), Occupant::agent("random")],
        options,
    )
    .unwrap();
    let ann = m.seat_token(P0).unwrap();
    assert_eq!(m.client(Some(&ann)).unwrap(), Client::Seat(P0));
    assert!(m.seat_token(P1).is_none(), "an agent's seat has no token");
    assert_eq!(
        m.client(Some(&m.hotseat_token().unwrap())).unwrap(),
        Client::HotSeat
    );
    assert_eq!(m.client(Some(&m.referee_token())).unwrap(), Client::Referee);
    assert_eq!(m.client(None).unwrap(), Client::Spectator);
    let mut wrong = ann.into_bytes();
    wrong[0] = if wrong[0] == b'0' { b'1' } else { b'0' };
    let e = m
        .client(Some(std::str::from_utf8(&wrong).unwrap()))
        .unwrap_err();
    assert_eq!(e.kind(), "bad_token");
    assert_eq!(m.client(Some("")).unwrap_err().kind(), "bad_token");
}

#[test]
fn a_spectator_acts_for_nobody() {
    let mut m = Match::new(nim(21), 0, people(), seeded()).unwrap();
    m.play(Client::Seat(P0), text("1")).unwrap();
    let s = Client::Spectator;
    for e in [
        m.play(s, MoveRef::Index(0)).unwrap_err(),
        m.request_undo(s).map(|_| ()).unwrap_err(),
        m.offer_draw(s).map(|_| ()).unwrap_err(),
        m.resign(s).map(|_| ()).unwrap_err(),
        m.hint(s, "random").map(|_| ()).unwrap_err(),
    ] {
        assert_eq!(e.kind(), "not_allowed", "{e}");
    }
    let view = m.view(s);
    assert!(!view.your_turn && view.legal_moves.is_empty());
    // A seat the game does not have acts for nobody and sees the public view.
    let ghost = Client::Seat(Player(5));
    assert_eq!(
        m.play(ghost, MoveRef::Index(0)).unwrap_err().kind(),
        "not_allowed"
    );
    assert_eq!(m.view(ghost).seat, None);
    assert_eq!(m.moves_played(), 1);
}

#[test]
fn a_bad_agent_spec_fails_the_creation_naming_the_seat() {
    let seats = vec![Occupant::person("ann"), Occupant::agent("mcts:tme=1s")];
    let e = Match::new(nim(21), 0, seats, seeded()).err().unwrap();
    assert_eq!(e.kind(), "bad_agent");
    let message = e.to_string();
    assert!(
        message.starts_with("the agent of second (seat 1): "),
        "{message}"
    );
    assert!(message.contains("'tme'"), "{message}");
    let seats = vec![Occupant::agent("nope"), Occupant::person("bob")];
    let e = Match::new(nim(21), 0, seats, seeded()).err().unwrap();
    assert!(
        e.to_string().contains("first (seat 0)") && e.to_string().contains("unknown agent 'nope'"),
        "{e}"
    );
    // The older seed form is an agent spec like any other.
    let seats = vec![Occupant::agent("random:7"), Occupant::person("bob")];
    assert!(Match::new(nim(21), 0, seats, seeded()).is_ok());
    // As many seats as players.
    let e = Match::new(nim(21), 0, vec![Occupant::Empty], seeded())
        .err()
        .unwrap();
    assert_eq!(e.kind(), "bad_seats");
}

#[test]
fn agents_reply_blocking_and_in_the_split_form() {
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(nim(21), 0, seats, seeded()).unwrap();
    assert!(m.play_agents().unwrap().is_empty(), "ann moves first");
    assert!(m.take_agent_turn().is_none());
    m.play(Client::Seat(P0), text("1")).unwrap();
    let replies = m.play_agents().unwrap();
    assert_eq!(replies.len(), 1);
    assert_eq!((replies[0].mover, replies[0].ply), (P1, 2));
    assert_eq!(m.status(), Status::ToMove(P0));

    // Split: the turn runs without the match.
    m.play(Client::Seat(P0), text("1")).unwrap();
    let mut turn = m.take_agent_turn().unwrap();
    assert_eq!((turn.seat(), turn.ply()), (P1, 3));
    assert!(m.take_agent_turn().is_none(), "the agent is out thinking");
    assert!(m.view(Client::Spectator).seats[1].thinking);
    turn.think();
    let chosen = turn.choice().unwrap().mv.clone();
    let report = m.finish_agent_turn(turn).unwrap().unwrap();
    assert_eq!(report.notation.as_deref(), Some(chosen.as_str()));
    assert_eq!(m.moves_played(), 4);

    // A turn that went stale (the position was taken back meanwhile) is
    // discarded, and the agent comes back.
    m.play(Client::Seat(P0), text("2")).unwrap();
    let mut stale = m.take_agent_turn().unwrap();
    stale.think();
    assert_eq!(
        m.request_undo(Client::Seat(P0)).unwrap(),
        UndoOutcome::Done { plies: 1 }
    );
    assert_eq!(m.moves_played(), 4);
    m.play(Client::Seat(P0), text("3")).unwrap();
    assert_eq!(
        m.moves_played(),
        5,
        "back at the stale turn's ply, in another position"
    );
    assert_eq!(m.finish_agent_turn(stale).unwrap(), None);
    assert_eq!(m.moves_played(), 5);
    assert!(m.take_agent_turn().is_some(), "the agent is back");
}

#[test]
fn agents_play_each_other_to_the_end() {
    let seats = vec![Occupant::agent("random"), Occupant::agent("greedy")];
    let mut m = Match::new(nim(30), 0, seats, seeded()).unwrap();
    let reports = m.play_agents().unwrap();
    assert!(m.status().is_over());
    assert_eq!(reports.len(), m.moves_played());
    assert!(reports.last().unwrap().outcome.is_some());
}

#[test]
fn a_hint_is_for_the_seat_to_move_only() {
    let mut m = Match::new(nim(21), 0, people(), seeded()).unwrap();
    let hint = m.hint(Client::Seat(P0), "random").unwrap();
    assert!(["1", "2", "3"].contains(&hint.mv.as_str()));
    assert_eq!(
        m.hint(Client::Seat(P1), "random").unwrap_err().kind(),
        "not_your_turn"
    );
    assert_eq!(
        m.hint(Client::Seat(P0), "nope").unwrap_err().kind(),
        "bad_agent"
    );
    m.play(Client::Seat(P0), text(&hint.mv)).unwrap();
    assert!(m.hint(Client::Seat(P1), "random").is_ok());
}

#[test]
fn undo_against_an_agent_takes_back_the_reply_and_the_own_move_at_once() {
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(nim(21), 0, seats, seeded()).unwrap();
    let ann = Client::Seat(P0);
    assert_eq!(m.request_undo(ann).unwrap_err().kind(), "undo_refused");
    m.play(ann, text("2")).unwrap();
    m.play_agents().unwrap();
    m.play(ann, text("3")).unwrap();
    m.play_agents().unwrap();
    assert_eq!(m.moves_played(), 4);
    assert_eq!(m.request_undo(ann).unwrap(), UndoOutcome::Done { plies: 2 });
    assert_eq!(m.moves_played(), 2);
    assert_eq!(m.session().legal_moves().len(), 3);
    assert!(m.view(ann).your_turn);
    // Right after one's own move (the agent not yet replied): that move.
    m.play(ann, text("1")).unwrap();
    assert_eq!(m.request_undo(ann).unwrap(), UndoOutcome::Done { plies: 1 });
    assert_eq!(m.moves_played(), 2);
}

#[test]
fn undo_between_people_needs_the_opponents_consent() {
    let mut m = Match::new(nim(21), 0, people(), seeded()).unwrap();
    let (ann, bob) = (Client::Seat(P0), Client::Seat(P1));
    m.play(ann, text("1")).unwrap();
    m.play(bob, text("2")).unwrap();
    // Ann asks: her move and bob's reply; bob is asked.
    assert_eq!(
        m.request_undo(ann).unwrap(),
        UndoOutcome::Pending { plies: 2 }
    );
    assert_eq!(m.moves_played(), 2);
    assert_eq!(
        m.view(Client::Spectator).undo_request.unwrap().asked,
        vec![P1]
    );
    assert_eq!(m.request_undo(ann).unwrap_err().kind(), "undo_refused");
    assert_eq!(m.answer_undo(ann, true).unwrap_err().kind(), "not_allowed");
    assert_eq!(
        m.answer_undo(Client::Spectator, true).unwrap_err().kind(),
        "not_allowed"
    );
    assert_eq!(m.moves_played(), 2);
    // Declined: nothing taken back.
    assert_eq!(m.answer_undo(bob, false).unwrap(), UndoOutcome::Declined);
    assert_eq!(m.moves_played(), 2);
    assert_eq!(m.answer_undo(bob, true).unwrap_err().kind(), "no_request");
    // A move played meanwhile lapses the request.
    m.request_undo(ann).unwrap();
    m.play(ann, text("1")).unwrap();
    assert!(m.undo_request().is_none());
    assert_eq!(m.answer_undo(bob, true).unwrap_err().kind(), "no_request");
    assert_eq!(m.moves_played(), 3);
    // Accepted: ann's last move back (it is bob's turn, so bob is asked).
    assert_eq!(
        m.request_undo(ann).unwrap(),
        UndoOutcome::Pending { plies: 1 }
    );
    assert_eq!(
        m.answer_undo(bob, true).unwrap(),
        UndoOutcome::Done { plies: 1 }
    );
    assert_eq!(m.moves_played(), 2);
    assert_eq!(m.status(), Status::ToMove(P0));
    // The hot seat and the referee take back at once.
    assert_eq!(
        m.request_undo(Client::Referee).unwrap(),
        UndoOutcome::Done { plies: 1 }
    );
    assert_eq!(m.moves_played(), 1);
}

#[test]
fn hot_seat_undo_is_at_once_and_it_acts_for_the_person_to_move() {
    let options = MatchOptions {
        hotseat: true,
        ..seeded()
    };
    let mut m = Match::new(nim(21), 0, people(), options).unwrap();
    let hot = m.client(Some(&m.hotseat_token().unwrap())).unwrap();
    m.play(hot, text("1")).unwrap();
    m.play(hot, text("2")).unwrap();
    assert!(m.view(hot).your_turn);
    assert_eq!(m.view(hot).seat, Some(P0));
    assert_eq!(m.request_undo(hot).unwrap(), UndoOutcome::Done { plies: 1 });
    assert_eq!(m.status(), Status::ToMove(P1));
    assert_eq!(m.offer_draw(hot).unwrap(), DrawOutcome::Agreed);
}

#[test]
fn undo_never_crosses_a_secret_or_revealing_move() {
    // Secret: a setup is secret; the guesses after it may be taken back.
    let mut m = secret_match("secret");
    let (red, blue) = (Client::Seat(P0), Client::Seat(P1));
    let e = m.request_undo(blue).unwrap_err();
    assert_eq!(e.kind(), "undo_refused");
    assert!(e.to_string().contains("hid or revealed"), "{e}");
    assert_eq!(
        m.request_undo(Client::Referee).unwrap_err().kind(),
        "undo_refused"
    );
    m.play(red, text("guess 4")).unwrap();
    assert_eq!(
        m.request_undo(red).unwrap(),
        UndoOutcome::Pending { plies: 1 }
    );
    assert_eq!(
        m.answer_undo(blue, true).unwrap(),
        UndoOutcome::Done { plies: 1 }
    );
    assert_eq!(m.moves_played(), 2);

    // Loud: a guess shows hidden information, so it stays played.
    let mut m = secret_match("loud");
    m.play(red, text("guess 4")).unwrap();
    let e = m.request_undo(red).unwrap_err();
    assert_eq!(e.kind(), "undo_refused");
    assert_eq!(
        m.request_undo(Client::Referee).unwrap_err().kind(),
        "undo_refused"
    );
    assert_eq!(m.moves_played(), 3);
    // Not even against an agent.
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(
        rules("loud", RulesSpec::default_variant()),
        0,
        seats,
        seeded(),
    )
    .unwrap();
    m.play(red, text("setup 5")).unwrap();
    m.play_agents().unwrap();
    assert_eq!(m.request_undo(red).unwrap_err().kind(), "undo_refused");
}

#[test]
fn a_draw_agreed_ends_the_game_and_the_record_replays_it() {
    let reg = registry();
    let mut m = Match::new(nim(21), 0, people(), seeded()).unwrap();
    let (ann, bob) = (Client::Seat(P0), Client::Seat(P1));
    m.play(ann, text("1")).unwrap();
    // An offer lapses when a move is played.
    assert_eq!(m.offer_draw(ann).unwrap(), DrawOutcome::Pending);
    assert_eq!(m.offer_draw(ann).unwrap_err().kind(), "draw_refused");
    assert_eq!(m.answer_draw(ann, true).unwrap_err().kind(), "not_allowed");
    m.play(bob, text("1")).unwrap();
    assert_eq!(m.answer_draw(bob, true).unwrap_err().kind(), "no_request");
    // Declined, then accepted.
    m.offer_draw(bob).unwrap();
    assert_eq!(m.answer_draw(ann, false).unwrap(), DrawOutcome::Declined);
    assert!(!m.status().is_over());
    m.offer_draw(bob).unwrap();
    assert_eq!(m.answer_draw(ann, true).unwrap(), DrawOutcome::Agreed);
    let outcome = m.status().outcome().cloned().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason.as_ref()),
        (None, "draw-agreed")
    );
    assert_eq!(m.play(ann, text("1")).unwrap_err().kind(), "game_over");
    assert_eq!(
        m.request_undo(Client::Referee).unwrap_err().kind(),
        "undo_refused"
    );
    let record = m.record(ann).unwrap();
    assert!(record.draw_agreed);
    let back = GameRecord::from_json(&record.to_json()).unwrap();
    let replayed = reg.load_record(&back).unwrap();
    assert_eq!(replayed.status(), m.status());
    let restored = Match::from_record(&reg, &back, &[], seeded()).unwrap();
    assert_eq!(restored.status(), m.status());
    // An agent declines at once.
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(nim(21), 0, seats, seeded()).unwrap();
    assert_eq!(m.offer_draw(ann).unwrap(), DrawOutcome::Declined);
    assert!(!m.status().is_over());
}

#[test]
fn a_seat_resigns_itself_only() {
    let mut m = Match::new(nim(21), 0, people(), seeded()).unwrap();
    let outcome = m.resign(Client::Seat(P1)).unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason.as_ref()),
        (Some(P0), "resignation")
    );
    assert_eq!(m.resign(Client::Seat(P0)).unwrap_err().kind(), "game_over");
    assert_eq!(
        m.request_undo(Client::Seat(P1)).unwrap_err().kind(),
        "undo_refused"
    );
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(nim(21), 0, seats, seeded()).unwrap();
    assert_eq!(
        m.resign(Client::Seat(P1)).unwrap_err().kind(),
        "not_allowed"
    );
}

#[test]
fn the_record_keeps_the_players_and_from_record_restores_the_seats() {
    let reg = registry();
    let seats = vec![Occupant::person("ann"), Occupant::agent("random:3")];
    let mut m = Match::new(nim(21), 0, seats.clone(), seeded()).unwrap();
    m.play(Client::Seat(P0), text("2")).unwrap();
    m.play_agents().unwrap();
    let record = m.record(Client::Seat(P0)).unwrap();
    let json = record.to_json();
    assert!(
        json.contains("\"name\": \"ann\"") && json.contains("\"agent\": \"random:3\""),
        "{json}"
    );
    let back = GameRecord::from_json(&json).unwrap();
    let restored = Match::from_record(&reg, &back, &[], seeded()).unwrap();
    assert_eq!(restored.occupants(), seats);
    assert_eq!(restored.moves_played(), 2);
    assert_eq!(restored.status(), m.status());
    let overridden =
        Match::from_record(&reg, &back, &[(P1, Occupant::person("bob"))], seeded()).unwrap();
    assert_eq!(overridden.occupants()[1], Occupant::person("bob"));
    assert!(overridden.seat_token(P1).is_some());
    // A record without players: people named after the players.
    let mut plain = back.clone();
    plain.players.clear();
    let m = Match::from_record(&reg, &plain, &[], seeded()).unwrap();
    assert_eq!(m.occupants()[1], Occupant::person("second"));

    // Hidden information: only the referee reads the record.
    let m = secret_match("secret");
    for client in [Client::Seat(P0), Client::Spectator] {
        assert_eq!(m.record(client).unwrap_err().kind(), "not_allowed");
    }
    let record = m.record(Client::Referee).unwrap();
    assert_eq!(record.moves, ["setup 7", "setup 3"]);
    let restored = Match::from_record(&reg, &record, &[], seeded()).unwrap();
    // Its log gives each seat its own setup and only the other's public
    // trace, as live play did.
    for (seat, own, other) in [(P0, "setup 7", 1), (P1, "setup 3", 0)] {
        let EventsSince::Events { events } = restored.events_since(Client::Seat(seat), 0) else {
            panic!("a restored match logs its moves again");
        };
        let notations: Vec<Option<String>> = events
            .iter()
            .filter_map(|e| match &e.event {
                MatchEvent::Moved { notation, .. } => Some(notation.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(notations.len(), 2);
        assert_eq!(notations[seat.index()].as_deref(), Some(own));
        assert_eq!(notations[other], None, "{notations:?}");
    }
    // Its setups are still never taken back.
    assert_eq!(restored.session().num_moves(), 2);
    let mut restored = restored;
    assert_eq!(
        restored.request_undo(Client::Referee).unwrap_err().kind(),
        "undo_refused"
    );
}

#[test]
fn a_saved_match_restores_seats_tokens_and_offers() {
    let reg = registry();
    let mut m = Match::new(nim(21), 0, people(), seeded()).unwrap();
    m.play(Client::Seat(P0), text("1")).unwrap();
    m.play(Client::Seat(P1), text("1")).unwrap();
    m.request_undo(Client::Seat(P0)).unwrap();
    let saved = m.save();
    let text_form = serde_json::to_string(&saved).unwrap();
    let saved: SavedMatch = serde_json::from_str(&text_form).unwrap();
    let mut back = Match::restore(&reg, &saved).unwrap();
    let token = m.seat_token(P1).unwrap();
    assert_eq!(back.client(Some(&token)).unwrap(), Client::Seat(P1));
    assert_eq!(
        back.client(Some(&m.referee_token())).unwrap(),
        Client::Referee
    );
    assert_eq!(back.undo_request(), m.undo_request());
    assert!(back.version() > m.version());
    // The log holds the moves again, as they were played: a client that
    // connects to the restored match finds its move list.
    let EventsSince::Events { events } = back.events_since(Client::Seat(P0), 0) else {
        panic!("a restored match logs its moves again");
    };
    let moved: Vec<(usize, Player, Option<String>)> = events
        .iter()
        .filter_map(|e| match &e.event {
            MatchEvent::Moved {
                ply,
                mover,
                notation,
                ..
            } => Some((*ply, *mover, notation.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        moved,
        [
            (1, P0, Some("1".to_string())),
            (2, P1, Some("1".to_string()))
        ]
    );
    assert_eq!(
        back.answer_undo(Client::Seat(P1), true).unwrap(),
        UndoOutcome::Done { plies: 2 }
    );
    assert_eq!(back.moves_played(), 0);
}

#[test]
fn a_seat_sees_its_own_secret_and_never_the_others() {
    let options = MatchOptions {
        hotseat: true,
        ..MatchOptions::default()
    };
    let seats = vec![Occupant::person("ann"), Occupant::agent("random:5")];
    let mut m = Match::new(
        rules("secret", RulesSpec::default_variant()),
        0,
        seats,
        options,
    )
    .unwrap();
    let hot = m.client(Some(&m.hotseat_token().unwrap())).unwrap();
    m.play(Client::Seat(P0), text("setup 7")).unwrap();
    // The agent to move: the hot seat sees the public view.
    assert_eq!(m.view(hot).seat, None);
    m.play_agents().unwrap();
    let blue_secret = {
        let record = m.record(Client::Referee).unwrap();
        format!("#{}#", record.moves[1].trim_start_matches("setup "))
    };
    m.play(Client::Seat(P0), text("guess 1")).unwrap();
    m.play_agents().unwrap();

    let red_view = serde_json::to_string(&m.view(Client::Seat(P0))).unwrap();
    let red_events = events_json(&m, Client::Seat(P0));
    assert!(
        red_view.contains("#7#") && red_events.contains("#7#"),
        "{red_view}\n{red_events}"
    );
    assert!(red_events.contains("setup 7"));
    for text in [&red_view, &red_events] {
        assert!(!text.contains(&blue_secret), "{text}");
        assert!(
            !text.contains(&format!("\"setup {}", &blue_secret[1..2])),
            "{text}"
        );
    }
    let blue_view = serde_json::to_string(&m.view(Client::Seat(P1))).unwrap();
    let blue_events = events_json(&m, Client::Seat(P1));
    assert!(blue_view.contains(&blue_secret), "{blue_view}");
    for text in [&blue_view, &blue_events] {
        assert!(!text.contains("#7#") && !text.contains("setup 7"), "{text}");
    }
    let spectator_view = serde_json::to_string(&m.view(Client::Spectator)).unwrap();
    let spectator_events = events_json(&m, Client::Spectator);
    for text in [&spectator_view, &spectator_events] {
        assert!(!text.contains("setup 7") && !text.contains("#7#"), "{text}");
        assert!(!text.contains(&blue_secret), "{text}");
    }
    // The hot seat is ann at the screen: red's view, never blue's secret.
    let hot_view = serde_json::to_string(&m.view(hot)).unwrap();
    let hot_events = events_json(&m, hot);
    assert_eq!(m.view(hot).seat, Some(P0));
    for text in [&hot_view, &hot_events] {
        assert!(!text.contains(&blue_secret), "{text}");
    }
    // The referee sees both.
    let referee = serde_json::to_string(&m.view(Client::Referee)).unwrap();
    assert!(
        referee.contains("#7#") && referee.contains(&blue_secret),
        "{referee}"
    );
    // Legal moves on one's own turn only.
    assert!(m.view(Client::Seat(P0)).your_turn);
    assert_eq!(m.view(Client::Seat(P0)).legal_moves.len(), 9);
    assert!(m.view(Client::Seat(P1)).legal_moves.is_empty());
    assert!(m.view(Client::Spectator).legal_moves.is_empty());
}

#[test]
fn events_are_read_from_a_cursor_whatever_the_length_of_the_game() {
    let mut m = Match::new(nim(20_000), 0, people(), seeded()).unwrap();
    for i in 0..5000 {
        let seat = Client::Seat(Player((i % 2) as u8));
        m.play(seat, MoveRef::Index(i % 3)).unwrap();
    }
    let latest = m.latest_event();
    assert_eq!(latest, 5000);
    // From a recent cursor: only the new events.
    let EventsSince::Events { events } = m.events_since(Client::Seat(P0), latest - 3) else {
        panic!("a recent cursor reads events");
    };
    let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, [latest - 2, latest - 1, latest]);
    assert!(matches!(
        &events[2].event,
        MatchEvent::Moved { ply: 5000, mover, .. } if *mover == P1
    ));
    // Up to date: nothing; too old or unknown: resynchronize.
    assert_eq!(
        m.events_since(Client::Spectator, latest),
        EventsSince::Events { events: vec![] }
    );
    assert_eq!(
        m.events_since(Client::Spectator, 0),
        EventsSince::Resync { latest }
    );
    assert_eq!(
        m.events_since(Client::Spectator, latest + 1),
        EventsSince::Resync { latest }
    );
    let oldest = latest - EVENT_LOG_CAPACITY as u64;
    let EventsSince::Events { events } = m.events_since(Client::Spectator, oldest) else {
        panic!("the log keeps {EVENT_LOG_CAPACITY} events");
    };
    assert_eq!(events.len(), EVENT_LOG_CAPACITY);
    // The version changes with every change.
    let version = m.version();
    m.offer_draw(Client::Seat(P0)).unwrap();
    assert!(m.version() > version);
    assert_eq!(m.view(Client::Spectator).last_event, m.latest_event());
}

#[test]
fn old_records_without_the_new_fields_still_read_and_write_the_same() {
    let old = r#"{
  "format": 1,
  "game": "nim",
  "variant": "standard",
  "params": {
    "max_take": 3,
    "pile": 21
  },
  "seed": 0,
  "moves": [
    "3",
    "2"
  ]
}"#;
    let record = GameRecord::from_json(old).unwrap();
    assert!(record.players.is_empty() && !record.draw_agreed);
    assert_eq!(record.to_json(), old);
    let reg = registry();
    let m = Match::from_record(&reg, &record, &[], seeded()).unwrap();
    assert_eq!(m.moves_played(), 2);
}

#[test]
fn a_seat_changes_hands_and_a_turn_of_the_former_agent_is_discarded() {
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(nim(21), 0, seats, seeded()).unwrap();
    m.play(Client::Seat(P0), text("1")).unwrap();
    let mut turn = m.take_agent_turn().unwrap();
    turn.think();
    let token = m
        .set_occupant(P1, Occupant::person("bob"))
        .unwrap()
        .unwrap();
    assert_eq!(m.client(Some(&token)).unwrap(), Client::Seat(P1));
    assert_eq!(m.finish_agent_turn(turn).unwrap(), None);
    assert!(m.view(Client::Seat(P1)).your_turn);
    let e = m.set_occupant(P0, Occupant::agent("nope")).unwrap_err();
    assert_eq!(e.kind(), "bad_agent");
    assert_eq!(m.occupants()[0], Occupant::person("ann"));
}

#[test]
fn matches_and_agent_turns_cross_threads_and_events_read_back_from_json() {
    fn send<T: Send>() {}
    send::<Match>();
    send::<plateau::matches::AgentTurn>();
    send::<plateau::matches::HintJob>();
    let mut m = secret_match("secret");
    m.play(Client::Seat(P0), text("guess 3")).unwrap();
    let EventsSince::Events { events } = m.events_since(Client::Referee, 0) else {
        panic!("a short game keeps its events");
    };
    let json = serde_json::to_string(&events).unwrap();
    let back: Vec<plateau::matches::EventEntry> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, events);
    assert!(json.contains("\"event\":\"game_over\""), "{json}");
    let view = m.view(Client::Seat(P1));
    let back: plateau::matches::ClientView =
        serde_json::from_str(&serde_json::to_string(&view).unwrap()).unwrap();
    assert_eq!(back, view);
}

#[test]
fn undo_takes_back_a_whole_turn_of_several_actions() {
    let pairs = || rules("pairs", RulesSpec::default_variant());
    let (north, south) = (Client::Seat(P0), Client::Seat(P1));
    // Against an agent: its two actions and one's own two.
    let seats = vec![Occupant::person("ann"), Occupant::agent("random")];
    let mut m = Match::new(pairs(), 0, seats, seeded()).unwrap();
    m.play(north, text("1")).unwrap();
    assert_eq!(
        m.play_agents().unwrap().len(),
        0,
        "north's turn has two actions"
    );
    m.play(north, text("2")).unwrap();
    assert_eq!(m.play_agents().unwrap().len(), 2);
    m.play(north, text("1")).unwrap();
    // Within one's own turn: that action only.
    assert_eq!(
        m.request_undo(north).unwrap(),
        UndoOutcome::Done { plies: 1 }
    );
    assert_eq!(m.moves_played(), 4);
    assert_eq!(
        m.request_undo(north).unwrap(),
        UndoOutcome::Done { plies: 4 }
    );
    assert_eq!(m.moves_played(), 0);
    // Between people: south's two actions back, once north agrees.
    let mut m = Match::new(pairs(), 0, people(), seeded()).unwrap();
    for (client, mv) in [(north, "1"), (north, "1"), (south, "2"), (south, "2")] {
        m.play(client, text(mv)).unwrap();
    }
    assert_eq!(
        m.request_undo(south).unwrap(),
        UndoOutcome::Pending { plies: 2 }
    );
    assert_eq!(
        m.answer_undo(north, true).unwrap(),
        UndoOutcome::Done { plies: 2 }
    );
    assert_eq!(m.status(), Status::ToMove(P1));
}

#[test]
fn a_resigned_record_is_restored_over_and_never_taken_back() {
    let reg = registry();
    let mut m = Match::new(nim(21), 0, people(), seeded()).unwrap();
    m.play(Client::Seat(P0), text("1")).unwrap();
    m.resign(Client::Seat(P1)).unwrap();
    let record = m.record(Client::Referee).unwrap();
    let mut back = Match::from_record(&reg, &record, &[], seeded()).unwrap();
    assert_eq!(back.status(), m.status());
    assert_eq!(
        back.request_undo(Client::Referee).unwrap_err().kind(),
        "undo_refused"
    );
    assert_eq!(
        back.play(Client::Referee, MoveRef::Index(0))
            .unwrap_err()
            .kind(),
        "game_over"
    );
}

#[test]
fn the_marked_text_is_each_clients_own_view_with_the_last_move_marked() {
    let m = secret_match("secret");
    // A seat reads its own view, marked as the session marks it for it.
    for p in [P0, P1] {
        let marked = m.text_marked(Client::Seat(p));
        assert_eq!(marked, m.session().render_marked(Some(p)));
    }
    assert_eq!(
        m.text_marked(Client::Referee),
        m.session().render_marked(None)
    );
    // A spectator of a game of hidden information reads the public text,
    // with neither secret number in it.
    let public = m.text_marked(Client::Spectator);
    assert_eq!(public, m.view(Client::Spectator).text);
    assert_ne!(public, m.session().render_marked(None));
    // In a game of perfect information it reads the marked board.
    let mut nim = Match::new(nim(5), 0, people(), MatchOptions::default()).unwrap();
    nim.play(Client::Seat(P0), text("2")).unwrap();
    assert_eq!(
        nim.text_marked(Client::Spectator),
        nim.session().render_marked(None)
    );
}

#[test]
fn the_moves_played_are_listed_as_each_client_may_know_them() {
    let mut m = secret_match("secret");
    m.play(Client::Seat(P0), text("guess 3"))
        .unwrap_or_else(|e| panic!("{e}"));
    let notations = |client| -> Vec<Option<String>> {
        m.moves_as(client).into_iter().map(|e| e.notation).collect()
    };
    let s = |t: &str| Some(t.to_string());
    // Each seat reads its own setup only; the guess is public.
    assert_eq!(
        notations(Client::Seat(P0)),
        [s("setup 7"), None, s("guess 3")]
    );
    assert_eq!(
        notations(Client::Seat(P1)),
        [None, s("setup 3"), s("guess 3")]
    );
    assert_eq!(notations(Client::Spectator), [None, None, s("guess 3")]);
    assert_eq!(
        notations(Client::Referee),
        [s("setup 7"), s("setup 3"), s("guess 3")]
    );
    let movers: Vec<Player> = m
        .moves_as(Client::Spectator)
        .iter()
        .map(|e| e.mover)
        .collect();
    assert_eq!(movers, [P0, P1, P0]);
}

#[test]
fn a_seats_record_is_its_own_view_and_never_holds_the_others_secret() {
    use plateau::matches::{RecordFor, RECORD_VIEW_FORMAT};
    let mut m = secret_match("secret");
    m.play(Client::Seat(P0), text("guess 1")).unwrap();
    let json = |client| serde_json::to_string(&m.record_for(client).unwrap()).unwrap();
    let (red, blue, public) = (
        json(Client::Seat(P0)),
        json(Client::Seat(P1)),
        json(Client::Spectator),
    );
    // Red's own setup is there, blue's is not (nor its secret number).
    assert!(
        red.contains("setup 7") && red.contains(RECORD_VIEW_FORMAT),
        "{red}"
    );
    assert!(red.contains("\"view_of\":0"), "{red}");
    assert!(!red.contains("setup 3") && !red.contains("#3#"), "{red}");
    assert!(!red.contains("\"seed\""), "{red}");
    assert!(
        blue.contains("setup 3") && !blue.contains("setup 7"),
        "{blue}"
    );
    assert!(!blue.contains("#7#"), "{blue}");
    assert!(public.contains("\"view_of\":null"), "{public}");
    for secret in ["setup 3", "setup 7", "#3#", "#7#"] {
        assert!(!public.contains(secret), "{public}");
    }
    // Every move is listed, the public ones in notation for everyone.
    let RecordFor::View(view) = m.record_for(Client::Seat(P0)).unwrap() else {
        panic!("a seat of a game of hidden information gets a view");
    };
    assert_eq!(view.moves.len(), 3);
    assert_eq!(view.moves[1].notation, None);
    assert_eq!(view.moves[2].notation.as_deref(), Some("guess 1"));
    assert_eq!(view.players.len(), 2);
    // The referee gets the whole record, which replays.
    let RecordFor::Full(record) = m.record_for(Client::Referee).unwrap() else {
        panic!("the referee gets the whole record");
    };
    assert_eq!(record.moves, ["setup 7", "setup 3", "guess 1"]);
    // A game of perfect information: the whole record for everyone.
    let mut nim = Match::new(nim(5), 0, people(), MatchOptions::default()).unwrap();
    nim.play(Client::Seat(P0), text("2")).unwrap();
    for client in [Client::Seat(P1), Client::Spectator] {
        let RecordFor::Full(record) = nim.record_for(client).unwrap() else {
            panic!("perfect information: the whole record");
        };
        assert_eq!(record.moves, ["2"]);
        assert_eq!(record.players.len(), 2);
    }
}
