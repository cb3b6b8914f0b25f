//! A game that writes only what [`Game`] requires, with every optional
//! trait left to its defaults, still reaches every part of the framework:
//! the registry and its sessions, text and JSON output, the agents and the
//! conformance kit.

use plateau::{
    conformance, DescribeMoves, FreeFormMoves, Game, MoveParseError, Outcome, Player, Registry,
    Render, RulesDocs, RulesError, SearchHooks, Status, Variant,
};
use serde::{Deserialize, Serialize};

/// A count from `start` down to 0: each player takes 1 or 2 in turn, and
/// whoever reaches 0 wins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Countdown {
    start: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Count {
    left: u32,
    to_move: Player,
}

impl Game for Countdown {
    type Params = Self;
    type State = Count;
    type Move = u32;
    type View = Count;
    const ID: &'static str = "countdown";
    const NAME: &'static str = "Countdown";
    plateau::perfect_information!();

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "standard",
            description: "from 7",
            toml: "start = 7\n",
        }]
    }
    fn new(params: Self) -> Result<Self, RulesError> {
        Ok(params)
    }
    fn params(&self) -> &Self {
        self
    }
    fn initial_state(&self, _seed: u64) -> Count {
        Count {
            left: self.start,
            to_move: Player(0),
        }
    }
    fn status(&self, s: &Count) -> Status {
        if s.left == 0 {
            Status::Over(Outcome::win(s.to_move.opponent(), "reached-zero"))
        } else {
            Status::ToMove(s.to_move)
        }
    }
    fn legal_moves(&self, s: &Count, moves: &mut Vec<u32>) {
        moves.clear();
        moves.extend((1..=2).filter(|&n| n <= s.left));
    }
    fn apply_unchecked(&self, s: &mut Count, mv: &u32) {
        s.left = s.left.saturating_sub(*mv);
        s.to_move = s.to_move.opponent();
    }
    fn format_move(&self, mv: &u32) -> String {
        mv.to_string()
    }
    fn parse_move(&self, _s: &Count, text: &str) -> Result<u32, MoveParseError> {
        text.trim()
            .parse()
            .map_err(|_| MoveParseError::new(text, "expected 1 or 2"))
    }
}

impl RulesDocs for Countdown {}
impl Render for Countdown {}
impl DescribeMoves for Countdown {}
impl FreeFormMoves for Countdown {}
impl SearchHooks for Countdown {}

#[test]
fn the_required_methods_are_enough_for_every_front_end() {
    let game = Countdown { start: 7 };
    conformance::check(&game, &conformance::Config::default());

    let mut registry = Registry::new();
    registry.register::<Countdown>();
    let rules = registry.load_default("countdown").unwrap();
    assert_eq!(rules.summary(), "Countdown");
    let mut session = rules.new_session(0);
    session.play("2").unwrap();
    assert_eq!(session.state_json()["left"], 5);
    assert!(session.render(None).contains("\"left\": 5"));
    assert!(session.render(Some(Player(0))).contains("\"left\": 5"));

    // From 5 the mover wins by leaving a multiple of 3: take 2.
    let mut agent = rules.agent("alphabeta:depth=6", 0).unwrap();
    let choice = agent.choose(session.as_ref()).unwrap();
    assert_eq!(choice.mv, "2");
}
