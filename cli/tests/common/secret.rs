//! A tiny game of hidden information for testing the command line without a
//! real game: each player secretly picks a number from 1 to 9 (their first
//! move, a free-form setup `setup N`), then the players take turns guessing
//! the other's number (`guess N`). A right guess wins; after `max_guesses`
//! guesses in all the game is drawn. A player sees their own number, never
//! the opponent's; secrets are shown as `#N#`.

use plateau::rand::Rng;
use plateau::{Game, MoveParseError, Outcome, ParamDoc, Player, RulesError, Status, Variant};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretParams {
    pub max_guesses: u32,
}

#[derive(Clone, Debug)]
pub struct Secret {
    params: SecretParams,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SecretMove {
    Setup(u8),
    Guess(u8),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecretState {
    pub secrets: [Option<u8>; 2],
    pub guesses: Vec<(Player, u8)>,
    pub to_move: Player,
    pub winner: Option<Player>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecretView {
    pub player: Player,
    pub own: Option<u8>,
    pub opponent_ready: bool,
    pub guesses: Vec<(Player, u8)>,
    pub to_move: Player,
}

const NAMES: [&str; 2] = ["red", "blue"];

impl Game for Secret {
    type Params = SecretParams;
    type State = SecretState;
    type Move = SecretMove;
    type View = SecretView;
    const ID: &'static str = "secret";
    const NAME: &'static str = "Secret";
    const HIDDEN_INFORMATION: bool = true;

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "standard",
            description: "six guesses",
            toml: "max_guesses = 6\n",
        }]
    }
    fn param_docs() -> &'static [ParamDoc] {
        &[ParamDoc {
            key: "max_guesses",
            description: "guesses in all before a draw",
        }]
    }
    fn new(params: SecretParams) -> Result<Self, RulesError> {
        Ok(Secret { params })
    }
    fn params(&self) -> &SecretParams {
        &self.params
    }
    fn summary(&self) -> String {
        "Guess the other's secret number.".into()
    }
    fn player_name(&self, player: Player) -> &str {
        NAMES[player.index()]
    }
    fn initial_state(&self, _seed: u64) -> SecretState {
        SecretState {
            secrets: [None, None],
            guesses: Vec::new(),
            to_move: Player(0),
            winner: None,
        }
    }
    fn status(&self, s: &SecretState) -> Status {
        if let Some(w) = s.winner {
            Status::Over(Outcome::win(w, "guessed"))
        } else if s.guesses.len() as u32 >= self.params.max_guesses {
            Status::Over(Outcome::draw("guess-cap"))
        } else {
            Status::ToMove(s.to_move)
        }
    }
    fn moves_enumerable(&self, s: &SecretState) -> bool {
        s.secrets[s.to_move.index()].is_some()
    }
    fn move_hint(&self, s: &SecretState) -> Option<String> {
        (!self.moves_enumerable(s)).then(|| "choose your secret: setup N, N from 1 to 9".into())
    }
    fn legal_moves(&self, s: &SecretState, moves: &mut Vec<SecretMove>) {
        moves.clear();
        if !self.status(s).is_over() && self.moves_enumerable(s) {
            moves.extend((1..=9).map(SecretMove::Guess));
        }
    }
    fn check_move(&self, s: &SecretState, mv: &SecretMove) -> Result<(), String> {
        if self.status(s).is_over() {
            return Err("the game is over".into());
        }
        let n = match mv {
            SecretMove::Setup(n) | SecretMove::Guess(n) => *n,
        };
        if !(1..=9).contains(&n) {
            return Err(format!("{n} is not from 1 to 9"));
        }
        match (mv, self.moves_enumerable(s)) {
            (SecretMove::Setup(_), false) | (SecretMove::Guess(_), true) => Ok(()),
            (SecretMove::Setup(_), true) => Err("your secret is chosen already".into()),
            (SecretMove::Guess(_), false) => Err("choose your secret first".into()),
        }
    }
    fn apply_unchecked(&self, s: &mut SecretState, mv: &SecretMove) {
        let me = s.to_move;
        match mv {
            SecretMove::Setup(n) => s.secrets[me.index()] = Some(*n),
            SecretMove::Guess(n) => {
                s.guesses.push((me, *n));
                if s.secrets[me.opponent().index()] == Some(*n) {
                    s.winner = Some(me);
                }
            }
        }
        s.to_move = me.opponent();
    }
    fn random_move<R: Rng + ?Sized>(&self, s: &SecretState, rng: &mut R) -> Option<SecretMove> {
        if self.status(s).is_over() {
            return None;
        }
        let n = rng.random_range(1..=9);
        Some(if self.moves_enumerable(s) {
            SecretMove::Guess(n)
        } else {
            SecretMove::Setup(n)
        })
    }
    fn view(&self, s: &SecretState, player: Player) -> SecretView {
        SecretView {
            player,
            own: s.secrets[player.index()],
            opponent_ready: s.secrets[player.opponent().index()].is_some(),
            guesses: s.guesses.clone(),
            to_move: s.to_move,
        }
    }
    fn determinize<R: Rng + ?Sized>(&self, v: &SecretView, rng: &mut R) -> SecretState {
        let mut secrets = [None, None];
        secrets[v.player.index()] = v.own;
        if v.opponent_ready {
            let wrong: Vec<u8> = v
                .guesses
                .iter()
                .filter(|(p, _)| *p == v.player)
                .map(|(_, n)| *n)
                .collect();
            let free: Vec<u8> = (1..=9).filter(|n| !wrong.contains(n)).collect();
            secrets[v.player.opponent().index()] = Some(free[rng.random_range(0..free.len())]);
        }
        SecretState {
            secrets,
            guesses: v.guesses.clone(),
            to_move: v.to_move,
            winner: None,
        }
    }
    fn move_is_public(&self, mv: &SecretMove) -> bool {
        !matches!(mv, SecretMove::Setup(_))
    }

    fn format_move(&self, mv: &SecretMove) -> String {
        match mv {
            SecretMove::Setup(n) => format!("setup {n}"),
            SecretMove::Guess(n) => format!("guess {n}"),
        }
    }
    fn parse_move(&self, _s: &SecretState, text: &str) -> Result<SecretMove, MoveParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let number = |w: &str| {
            w.parse::<u8>()
                .map_err(|_| MoveParseError::new(text, format!("'{w}' is not a number")))
        };
        match words.as_slice() {
            ["setup", n] => Ok(SecretMove::Setup(number(n)?)),
            ["guess", n] => Ok(SecretMove::Guess(number(n)?)),
            _ => Err(MoveParseError::new(text, "expected 'setup N' or 'guess N'")),
        }
    }
    fn render_state(&self, s: &SecretState) -> String {
        let shown = |o: Option<u8>| o.map(|n| format!("#{n}#")).unwrap_or("none".into());
        format!(
            "red's number: {}\nblue's number: {}\nguesses: {:?}\n",
            shown(s.secrets[0]),
            shown(s.secrets[1]),
            s.guesses
        )
    }
    fn render_view(&self, v: &SecretView) -> String {
        let own = v.own.map(|n| format!("#{n}#")).unwrap_or("none".into());
        format!(
            "{}'s view\nyour number: {own}\nopponent's number: ?\nguesses: {:?}\n",
            NAMES[v.player.index()],
            v.guesses
        )
    }
    fn describe_move(
        &self,
        before: &SecretState,
        mv: &SecretMove,
        viewer: Option<Player>,
    ) -> Option<String> {
        let me = before.to_move;
        Some(match mv {
            SecretMove::Setup(n) if viewer.is_none() || viewer == Some(me) => {
                format!("{} chose #{n}#", NAMES[me.index()])
            }
            SecretMove::Setup(_) => format!("{} chose a secret number", NAMES[me.index()]),
            SecretMove::Guess(n) => {
                let right = before.secrets[me.opponent().index()] == Some(*n);
                format!(
                    "{} guessed {n}: {}",
                    NAMES[me.index()],
                    if right { "right" } else { "wrong" }
                )
            }
        })
    }
}
