//! Secret, a tiny game of hidden information. Each player, Red then Blue,
//! secretly chooses a number from 1 to 9 as their first move, a free-form
//! setup written `setup N`: setups are not listed among the legal moves
//! ([`FreeFormMoves::moves_enumerable`](crate::FreeFormMoves::moves_enumerable) is false), [`FreeFormMoves::move_hint`](crate::FreeFormMoves::move_hint) says what to
//! enter, and a setup is not public ([`Game::move_is_public`]). Then the
//! players take turns guessing the other's number (`guess N`, listed). A
//! right guess wins; after `max_guesses` guesses in all the game is drawn.
//!
//! A player sees their own number, never the opponent's; guesses and whether
//! they were right are public. Secret numbers are shown as `#N#` in texts
//! (boards and move descriptions), so that a test can look for a leak.

use crate::{
    DescribeMoves, FreeFormMoves, Game, MoveParseError, Outcome, ParamDoc, Player, Render,
    RulesDocs, RulesError, SearchHooks, Status, Variant,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// The smallest number a player may choose or guess.
const LOWEST: u8 = 1;
/// The largest number a player may choose or guess.
const HIGHEST: u8 = 9;

/// The players' names.
const NAMES: [&str; 2] = ["red", "blue"];

/// Secret's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretParams {
    /// Guesses in all (both players together) before the game is drawn.
    pub max_guesses: u32,
}

/// Secret's rules.
#[derive(Clone, Debug)]
pub struct Secret {
    params: SecretParams,
}

/// A move of Secret.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SecretMove {
    /// Choose one's own secret number (`setup N`), the first move of each
    /// player.
    Setup(u8),
    /// Guess the opponent's number (`guess N`).
    Guess(u8),
}

/// A full position of Secret, both secrets included.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SecretState {
    /// Each player's secret number, once chosen (Red's first).
    pub secrets: [Option<u8>; 2],
    /// The guesses so far, in order: (guesser, number).
    pub guesses: Vec<(Player, u8)>,
    /// The player to act.
    pub to_move: Player,
    /// The player who guessed right, if one did.
    pub winner: Option<Player>,
}

/// What one player sees of a position: everything but the opponent's number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecretView {
    /// The viewer.
    pub player: Player,
    /// The viewer's own number, once chosen.
    pub own: Option<u8>,
    /// Whether the opponent has chosen their number.
    pub opponent_ready: bool,
    /// The guesses so far, in order: (guesser, number). They are public.
    pub guesses: Vec<(Player, u8)>,
    /// The player to act.
    pub to_move: Player,
    /// The player who guessed right, if one did (public: the game is over).
    pub winner: Option<Player>,
}

/// `#N#`, the way texts show a secret number.
fn shown(number: Option<u8>) -> String {
    number.map_or_else(|| "none".to_string(), |n| format!("#{n}#"))
}

impl Secret {
    /// Whether the player to move has chosen their number, so that they
    /// guess (listed moves) rather than choose (a free-form setup).
    fn guessing(&self, state: &SecretState) -> bool {
        state.secrets[state.to_move.index()].is_some()
    }
}

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

    fn new(params: SecretParams) -> Result<Self, RulesError> {
        if params.max_guesses == 0 {
            return Err(RulesError::new("must be at least 1")
                .key("max_guesses")
                .value(params.max_guesses));
        }
        Ok(Secret { params })
    }

    fn params(&self) -> &SecretParams {
        &self.params
    }

    fn player_name(&self, player: Player) -> &str {
        NAMES[player.index()]
    }

    fn initial_state(&self, _seed: u64) -> SecretState {
        SecretState {
            secrets: [None, None],
            guesses: Vec::new(),
            to_move: Player::FIRST,
            winner: None,
        }
    }

    fn status(&self, state: &SecretState) -> Status {
        if let Some(winner) = state.winner {
            Status::Over(Outcome::win(winner, "guessed"))
        } else if state.guesses.len() as u64 >= u64::from(self.params.max_guesses) {
            Status::Over(Outcome::cap("guess-cap"))
        } else {
            Status::ToMove(state.to_move)
        }
    }

    fn legal_moves(&self, state: &SecretState, moves: &mut Vec<SecretMove>) {
        moves.clear();
        if !self.status(state).is_over() && self.guessing(state) {
            moves.extend((LOWEST..=HIGHEST).map(SecretMove::Guess));
        }
    }

    fn check_move(&self, state: &SecretState, mv: &SecretMove) -> Result<(), String> {
        if self.status(state).is_over() {
            return Err("the game is over".into());
        }
        let n = match mv {
            SecretMove::Setup(n) | SecretMove::Guess(n) => *n,
        };
        if !(LOWEST..=HIGHEST).contains(&n) {
            return Err(format!("{n} is not from {LOWEST} to {HIGHEST}"));
        }
        match (mv, self.guessing(state)) {
            (SecretMove::Setup(_), false) | (SecretMove::Guess(_), true) => Ok(()),
            (SecretMove::Setup(_), true) => Err("your secret is chosen already".into()),
            (SecretMove::Guess(_), false) => Err("choose your secret first".into()),
        }
    }

    fn apply_unchecked(&self, state: &mut SecretState, mv: &SecretMove) {
        let me = state.to_move;
        match *mv {
            SecretMove::Setup(n) => state.secrets[me.index()] = Some(n),
            SecretMove::Guess(n) => {
                state.guesses.push((me, n));
                if state.secrets[me.opponent().index()] == Some(n) {
                    state.winner = Some(me);
                }
            }
        }
        state.to_move = me.opponent();
    }

    fn random_move<R: Rng + ?Sized>(&self, state: &SecretState, rng: &mut R) -> Option<SecretMove> {
        if self.status(state).is_over() {
            return None;
        }
        let n = rng.random_range(LOWEST..=HIGHEST);
        Some(if self.guessing(state) {
            SecretMove::Guess(n)
        } else {
            SecretMove::Setup(n)
        })
    }

    fn view(&self, state: &SecretState, player: Player) -> SecretView {
        SecretView {
            player,
            own: state.secrets[player.index()],
            opponent_ready: state.secrets[player.opponent().index()].is_some(),
            guesses: state.guesses.clone(),
            to_move: state.to_move,
            winner: state.winner,
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

    fn parse_move(&self, _state: &SecretState, text: &str) -> Result<SecretMove, MoveParseError> {
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

    /// A hash of the whole state (secrets, guesses, turn, winner) with a
    /// fixed-key hasher: the same key on every run.
    fn state_key(&self, state: &SecretState) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        state.hash(&mut hasher);
        hasher.finish()
    }
}

impl RulesDocs for Secret {
    fn param_docs() -> &'static [ParamDoc] {
        &[ParamDoc {
            key: "max_guesses",
            description: "guesses in all before a draw",
        }]
    }

    fn summary(&self) -> String {
        format!(
            "Secret: each player chooses a number from {LOWEST} to {HIGHEST}, then they take \
             turns guessing the other's; a right guess wins; drawn after {} guesses.",
            self.params.max_guesses
        )
    }
}

impl Render for Secret {
    fn state_json(&self, state: &SecretState) -> serde_json::Value {
        serde_json::to_value(state).expect("states always serialize")
    }

    fn render_state(&self, state: &SecretState) -> String {
        format!(
            "red's number: {}\nblue's number: {}\nguesses: {:?}\n",
            shown(state.secrets[0]),
            shown(state.secrets[1]),
            state.guesses
        )
    }

    fn render_view(&self, view: &SecretView) -> String {
        format!(
            "{}'s view\nyour number: {}\nopponent's number: ?\nguesses: {:?}\n",
            NAMES[view.player.index()],
            shown(view.own),
            view.guesses
        )
    }
}

impl DescribeMoves for Secret {
    fn describe_move(
        &self,
        before: &SecretState,
        mv: &SecretMove,
        viewer: Option<Player>,
    ) -> Option<String> {
        let me = before.to_move;
        let name = NAMES[me.index()];
        Some(match *mv {
            SecretMove::Setup(n) if viewer.is_none() || viewer == Some(me) => {
                format!("{name} chose #{n}#")
            }
            SecretMove::Setup(_) => format!("{name} chose a secret number"),
            SecretMove::Guess(n) => {
                let right = before.secrets[me.opponent().index()] == Some(n);
                format!(
                    "{name} guessed {n}: {}",
                    if right { "right" } else { "wrong" }
                )
            }
        })
    }

    fn describe_move_public(&self, before: &SecretState, mv: &SecretMove) -> Option<String> {
        // What both players know: a guess and its answer, not a number set up.
        match mv {
            SecretMove::Setup(_) => Some(format!(
                "{} chose a secret number",
                NAMES[before.to_move.index()]
            )),
            SecretMove::Guess(_) => self.describe_move(before, mv, None),
        }
    }
}

impl FreeFormMoves for Secret {
    fn moves_enumerable(&self, state: &SecretState) -> bool {
        self.guessing(state)
    }

    fn move_hint(&self, state: &SecretState) -> Option<String> {
        (!self.guessing(state))
            .then(|| format!("choose your secret: setup N, N from {LOWEST} to {HIGHEST}"))
    }
}

impl SearchHooks for Secret {
    /// The opponent's number is drawn among those the viewer has not guessed
    /// wrong; if the viewer won, it is their last guess.
    fn determinize<R: Rng + ?Sized>(&self, view: &SecretView, rng: &mut R) -> SecretState {
        let me = view.player;
        let mut secrets = [None, None];
        secrets[me.index()] = view.own;
        if view.opponent_ready {
            secrets[me.opponent().index()] = if view.winner == Some(me) {
                // The right guess ended the game: it is the last one.
                view.guesses.last().map(|g| g.1)
            } else {
                let wrong: Vec<u8> = view
                    .guesses
                    .iter()
                    .filter(|(p, _)| *p == me)
                    .map(|g| g.1)
                    .collect();
                let free: Vec<u8> = (LOWEST..=HIGHEST).filter(|n| !wrong.contains(n)).collect();
                if free.is_empty() {
                    Some(rng.random_range(LOWEST..=HIGHEST))
                } else {
                    Some(free[rng.random_range(0..free.len())])
                }
            };
        }
        SecretState {
            secrets,
            guesses: view.guesses.clone(),
            to_move: view.to_move,
            winner: view.winner,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{conformance, Session};

    fn game(max_guesses: u32) -> Secret {
        Secret::new(SecretParams { max_guesses }).unwrap()
    }

    /// Plays moves written in notation from the start.
    fn play(game: &Secret, moves: &[&str]) -> SecretState {
        let mut state = game.initial_state(0);
        for text in moves {
            let mv = game.parse_move(&state, text).unwrap();
            game.apply(&mut state, &mv);
        }
        state
    }

    #[test]
    fn secret_conforms() {
        conformance::check(&game(6), &conformance::Config::default());
        // Long games: wins and the cap, with many wrong guesses behind.
        conformance::check(
            &game(40),
            &conformance::Config {
                games: 30,
                seed: 100,
                ..conformance::Config::default()
            },
        );
    }

    #[test]
    fn zero_guesses_are_refused() {
        let e = Secret::new(SecretParams { max_guesses: 0 }).unwrap_err();
        assert!(e.to_string().contains("max_guesses"), "{e}");
    }

    #[test]
    fn setups_are_free_form_and_secret() {
        let g = game(6);
        let start = g.initial_state(0);
        let mut moves = vec![SecretMove::Guess(1)];
        g.legal_moves(&start, &mut moves);
        assert!(moves.is_empty());
        assert!(!g.moves_enumerable(&start));
        assert!(g.move_hint(&start).unwrap().contains("setup N"));
        assert!(!g.move_is_public(&SecretMove::Setup(4)));
        assert!(g.move_is_public(&SecretMove::Guess(4)));
        let mut s = start.clone();
        assert!(g.try_apply(&mut s, &SecretMove::Guess(4)).is_err());
        assert!(g.try_apply(&mut s, &SecretMove::Setup(10)).is_err());
        assert_eq!(s, start);
        let s = play(&g, &["setup 4", "setup 6"]);
        assert!(g.moves_enumerable(&s));
        g.legal_moves(&s, &mut moves);
        assert_eq!(moves, (1..=9).map(SecretMove::Guess).collect::<Vec<_>>());
        assert_eq!(g.move_hint(&s), None);
        assert!(g.try_apply(&mut s.clone(), &SecretMove::Setup(2)).is_err());
    }

    #[test]
    fn a_view_never_shows_the_opponents_number() {
        let g = game(6);
        let s = play(&g, &["setup 4", "setup 6", "guess 1"]);
        let red = g.view(&s, Player(0));
        let blue = g.view(&s, Player(1));
        assert_eq!((red.own, blue.own), (Some(4), Some(6)));
        assert!(red.opponent_ready && blue.opponent_ready);
        // No field of a view holds the opponent's number.
        let fields = |v: &SecretView| -> Vec<String> {
            let json = serde_json::to_value(v).unwrap();
            json.as_object().unwrap().keys().cloned().collect()
        };
        let expected = [
            "guesses",
            "opponent_ready",
            "own",
            "player",
            "to_move",
            "winner",
        ];
        assert_eq!(fields(&red), expected);
        assert_eq!(fields(&blue), expected);
        assert!(!g.render_view(&red).contains("#6#"));
        assert!(!g.render_view(&blue).contains("#4#"));
        assert!(g.render_view(&red).contains("your number: #4#"));
        // The two views do not change with the opponent's number.
        let other = play(&g, &["setup 4", "setup 8", "guess 1"]);
        assert_eq!(g.view(&other, Player(0)), red);
        assert_ne!(g.view(&other, Player(1)), blue);
        // The full board shows both.
        let board = g.render_state(&s);
        assert!(board.contains("#4#") && board.contains("#6#"), "{board}");
        // A setup is described to the opponent without its number.
        let before = g.initial_state(0);
        let setup = SecretMove::Setup(4);
        assert_eq!(
            g.describe_move(&before, &setup, Some(Player(1))).unwrap(),
            "red chose a secret number"
        );
        assert_eq!(
            g.describe_move(&before, &setup, Some(Player(0))).unwrap(),
            "red chose #4#"
        );
        assert_eq!(
            g.describe_move(&before, &setup, None).unwrap(),
            "red chose #4#"
        );
    }

    #[test]
    fn determinize_keeps_the_view_and_skips_wrong_guesses() {
        let g = game(40);
        // Red guessed 1, 2, 3 wrong; Blue's number is 8.
        let s = play(
            &g,
            &[
                "setup 5", "setup 8", "guess 1", "guess 9", "guess 2", "guess 9", "guess 3",
            ],
        );
        let view = g.view(&s, Player(0));
        let mut rng = crate::rng(3);
        let mut drawn = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let d = g.determinize(&view, &mut rng);
            assert_eq!(g.view(&d, Player(0)), view);
            assert_eq!(g.status(&d), g.status(&s));
            assert_eq!(d.secrets[0], Some(5));
            drawn.insert(d.secrets[1].unwrap());
        }
        assert_eq!(drawn, [4, 5, 6, 7, 8, 9].into_iter().collect());
        // Before the opponent chose, nothing is drawn for them.
        let s = play(&g, &["setup 5"]);
        let view = g.view(&s, Player(0));
        let d = g.determinize(&view, &mut rng);
        assert_eq!(d.secrets, [Some(5), None]);
        assert_eq!(g.view(&d, Player(0)), view);
        // After a win, the winner's view gives the number guessed.
        let s = play(&g, &["setup 5", "setup 8", "guess 8"]);
        let d = g.determinize(&g.view(&s, Player(0)), &mut rng);
        assert_eq!(d, s);
    }

    #[test]
    fn a_right_guess_wins_and_the_cap_draws() {
        let g = game(3);
        let s = play(&g, &["setup 5", "setup 8", "guess 1", "guess 5"]);
        let outcome = g.status(&s).outcome().unwrap().clone();
        assert_eq!(outcome.winner, Some(Player(1)));
        assert_eq!(outcome.reason, "guessed");
        let mut moves = Vec::new();
        g.legal_moves(&s, &mut moves);
        assert!(moves.is_empty());
        assert!(g.random_move(&s, &mut crate::rng(1)).is_none());
        assert_eq!(
            g.describe_move(
                &play(&g, &["setup 5", "setup 8", "guess 1"]),
                &SecretMove::Guess(5),
                Some(Player(0))
            )
            .unwrap(),
            "blue guessed 5: right"
        );
        let s = play(&g, &["setup 5", "setup 8", "guess 1", "guess 2", "guess 3"]);
        let outcome = g.status(&s).outcome().unwrap().clone();
        assert_eq!(outcome.winner, None);
        assert_eq!(outcome.reason, "guess-cap");
        assert!(outcome.capped);
    }

    #[test]
    fn a_session_replays_a_game_with_setups() {
        let g = game(6);
        let mut session = Session::new(g.clone(), "standard", 0);
        for text in ["setup 2", "setup 7", "guess 3", "guess 2"] {
            session.play_text(text).unwrap();
        }
        let record = session.record();
        assert_eq!(record.moves, ["setup 2", "setup 7", "guess 3", "guess 2"]);
        let replayed = Session::from_record(g, &record).unwrap();
        assert_eq!(replayed.state(), session.state());
    }
}
