//! What learning code needs of a game beyond its rules: a fixed integer
//! action space and observation tensors, as OpenSpiel and PettingZoo use them.
//!
//! A game crate implements [`Learning`] for its rules type (in its own
//! `learning.rs`) and registers it with
//! [`Registry::register_learning`](crate::Registry::register_learning); code
//! that reaches games through the [registry](crate::registry) (the Python
//! module, for one) then finds the erased [`DynLearning`] with
//! [`Registry::learning`](crate::Registry::learning), with no per-game code.
//!
//! The observation is written from a player's [`Game::View`], never from the
//! state, so it cannot hold anything hidden from that player.
//!
//! ```
//! use plateau::demo::Nim;
//! use plateau::learning::Learning;
//! use plateau::{rules, Game, RulesSpec};
//!
//! let nim: Nim = rules::load(&RulesSpec::default_variant()).unwrap().game;
//! let state = nim.initial_state(0);
//! let mut moves = Vec::new();
//! nim.legal_moves(&state, &mut moves);
//! let ids: Vec<usize> = moves.iter().filter_map(|m| nim.action_id(&state, m)).collect();
//! assert!(ids.iter().all(|&id| id < nim.num_distinct_actions()));
//! let mut observation = vec![0.0; nim.observation_shape().iter().product()];
//! let viewer = plateau::Player(0);
//! nim.write_observation(&nim.view(&state, viewer), viewer, &mut observation);
//! ```

use crate::registry::{DynGame, DynSession};
use crate::{Game, PlayError, Player, Session};
use std::marker::PhantomData;

/// A fixed integer action space and an observation tensor for a game's rules.
///
/// Action ids are `0..num_distinct_actions()`; every legal move of an
/// enumerable position has one, except moves the game documents as outside
/// the space (a Stratego setup, which is free-form and is made by other
/// means). The observation is a dense `f32` tensor of
/// [`observation_shape`](Learning::observation_shape) in row-major order.
///
/// An id may depend on the position: on an unbounded board (Quinque) ids
/// are taken relative to a frame around the pieces, so the same id names
/// the same move relative to the formation wherever it stands. That is why
/// [`action_id`](Learning::action_id) and
/// [`action_notation`](Learning::action_notation) take the position; games
/// with absolute ids (Hus, Oware, Stratego) ignore it.
pub trait Learning: Game {
    /// The number of distinct action ids under these rules.
    fn num_distinct_actions(&self) -> usize;

    /// The id of a move of `state`, or `None` for a move outside the action
    /// space.
    fn action_id(&self, state: &Self::State, mv: &Self::Move) -> Option<usize>;

    /// The notation of the move that id names in `state` (whether or not it
    /// is legal there), or `None` for an id out of range.
    fn action_notation(&self, state: &Self::State, id: usize) -> Option<String>;

    /// A name of the id that holds in every position, for people reading
    /// ids without a position: by default the id's notation in the start
    /// position of seed 0, which is its notation everywhere when ids do not
    /// depend on the position. Games whose ids do override it.
    fn action_name(&self, id: usize) -> Option<String> {
        self.action_notation(&self.initial_state(0), id)
    }

    /// The shape of the observation tensor, e.g. `[planes, ranks, files]`.
    fn observation_shape(&self) -> Vec<usize>;

    /// What each part of the observation tensor means, one line per plane or
    /// block, for documentation and for people reading a tensor.
    fn observation_layout(&self) -> Vec<String>;

    /// Writes the observation `viewer` has of its `view` into `out`, which
    /// holds `observation_shape().iter().product()` zeros. `viewer` is the
    /// player the view was made for (a game whose view is the whole state,
    /// such as Quinque, learns from it whose side the planes are written from).
    fn write_observation(&self, view: &Self::View, viewer: Player, out: &mut [f32]);
}

/// [`Learning`] reached without knowing the game's type: each method takes
/// the erased rules or session of the same game.
///
/// # Panics
/// Each method panics if given the rules or a session of another game
/// (a programming error: look the entry up by the game's id).
pub trait DynLearning: Send + Sync {
    /// The game's identifier.
    fn game_id(&self) -> &'static str;
    /// The number of distinct action ids under these rules.
    fn num_distinct_actions(&self, game: &dyn DynGame) -> usize;
    /// The position-free name of an action id ([`Learning::action_name`]),
    /// if in range.
    fn action_name(&self, game: &dyn DynGame, id: usize) -> Option<String>;
    /// The notation of the move an action id names in the session's
    /// position ([`Learning::action_notation`]), if in range.
    fn action_notation(&self, session: &dyn DynSession, id: usize) -> Option<String>;
    /// The shape of the observation tensor.
    fn observation_shape(&self, game: &dyn DynGame) -> Vec<usize>;
    /// The meaning of each part of the observation tensor.
    fn observation_layout(&self, game: &dyn DynGame) -> Vec<String>;
    /// Writes the ids of the legal moves of the session's position (those in
    /// the action space), in the order of the legal moves, after clearing `out`.
    fn legal_action_ids(&self, session: &dyn DynSession, out: &mut Vec<usize>);
    /// The id of a move given in notation in the session's position.
    fn action_id(&self, session: &dyn DynSession, text: &str) -> Result<usize, PlayError>;
    /// Plays the legal move with that id.
    fn play_id(&self, session: &mut dyn DynSession, id: usize) -> Result<(), PlayError>;
    /// Writes `player`'s observation of the session's position into `out`
    /// (cleared to zeros first).
    fn observation(&self, session: &dyn DynSession, player: Player, out: &mut [f32]);
}

/// The erased learning entry of a game type.
pub fn learning_entry<G: Learning>() -> Box<dyn DynLearning> {
    Box::new(LearningEntry::<G>(PhantomData))
}

struct LearningEntry<G>(PhantomData<fn() -> G>);

fn rules<G: Game>(game: &dyn DynGame) -> &G {
    game.game_any().downcast_ref::<G>().unwrap_or_else(|| {
        panic!(
            "rules of {} given to the learning entry of {}",
            game.id(),
            G::ID
        )
    })
}

fn session<G: Game>(session: &dyn DynSession) -> &Session<G> {
    let id = session.game_id();
    session
        .as_any()
        .downcast_ref::<Session<G>>()
        .unwrap_or_else(|| panic!("a game of {id} given to the learning entry of {}", G::ID))
}

impl<G: Learning> DynLearning for LearningEntry<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn num_distinct_actions(&self, game: &dyn DynGame) -> usize {
        rules::<G>(game).num_distinct_actions()
    }
    fn action_name(&self, game: &dyn DynGame, id: usize) -> Option<String> {
        rules::<G>(game).action_name(id)
    }
    fn action_notation(&self, s: &dyn DynSession, id: usize) -> Option<String> {
        let s = session::<G>(s);
        s.game().action_notation(s.state(), id)
    }
    fn observation_shape(&self, game: &dyn DynGame) -> Vec<usize> {
        rules::<G>(game).observation_shape()
    }
    fn observation_layout(&self, game: &dyn DynGame) -> Vec<String> {
        rules::<G>(game).observation_layout()
    }
    fn legal_action_ids(&self, s: &dyn DynSession, out: &mut Vec<usize>) {
        out.clear();
        let s = session::<G>(s);
        if s.status().is_over() {
            return;
        }
        let game = s.game();
        crate::scratch::with_moves::<G::Move, _>(|moves| {
            game.legal_moves(s.state(), moves);
            out.extend(moves.iter().filter_map(|m| game.action_id(s.state(), m)));
        });
    }
    fn action_id(&self, s: &dyn DynSession, text: &str) -> Result<usize, PlayError> {
        let s = session::<G>(s);
        let mv = s.game().parse_move(s.state(), text)?;
        s.game()
            .action_id(s.state(), &mv)
            .ok_or_else(|| PlayError::Illegal {
                mv: s.game().format_move(&mv),
                reason: "the move has no action id (it is outside the action space)".into(),
            })
    }
    fn play_id(&self, s: &mut dyn DynSession, id: usize) -> Result<(), PlayError> {
        let id_game = s.game_id();
        let s = s
            .as_any_mut()
            .downcast_mut::<Session<G>>()
            .unwrap_or_else(|| {
                panic!(
                    "a game of {id_game} given to the learning entry of {}",
                    G::ID
                )
            });
        if s.status().is_over() {
            return Err(PlayError::GameOver);
        }
        let game = s.game();
        let state = s.state();
        let found = crate::scratch::with_moves::<G::Move, _>(|moves| {
            game.legal_moves(state, moves);
            moves
                .iter()
                .position(|m| game.action_id(state, m) == Some(id))
                .map(|i| moves.swap_remove(i))
        });
        match found {
            Some(mv) => s.play(mv).map_err(|e| PlayError::Illegal {
                mv: s.game().format_move(&e.mv),
                reason: e.reason,
            }),
            None if id >= game.num_distinct_actions() => Err(PlayError::Illegal {
                mv: format!("action {id}"),
                reason: format!(
                    "no such action: ids are 0 to {}",
                    game.num_distinct_actions().saturating_sub(1)
                ),
            }),
            None => {
                let text = game.action_notation(state, id);
                // Why the move is illegal, in the rules' words, when its
                // notation reads as a move of this position.
                let why = text
                    .as_deref()
                    .and_then(|t| game.parse_move(state, t).ok())
                    .and_then(|mv| game.check_move(state, &mv).err());
                Err(PlayError::Illegal {
                    mv: match text {
                        Some(text) => format!("{text} (action {id})"),
                        None => format!("action {id}"),
                    },
                    reason: match why {
                        Some(why) => format!("not a legal move in this position: {why}"),
                        None => "not a legal move in this position".into(),
                    },
                })
            }
        }
    }
    fn observation(&self, s: &dyn DynSession, player: Player, out: &mut [f32]) {
        let s = session::<G>(s);
        out.fill(0.0);
        let view = s.game().view(s.state(), player);
        s.game().write_observation(&view, player, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::{Nim, Secret};
    use crate::Registry;

    fn registry() -> Registry {
        let mut r = Registry::new();
        r.register::<Nim>()
            .register::<Secret>()
            .register_learning::<Nim>()
            .register_learning::<Secret>();
        r
    }

    #[test]
    fn ids_through_the_registry_follow_the_legal_moves() {
        let r = registry();
        let nim = r.load_default("nim").unwrap();
        let learning = r.learning("NIM").unwrap();
        assert_eq!(learning.num_distinct_actions(&*nim), 3);
        let mut session = nim.new_session(0);
        let mut ids = Vec::new();
        learning.legal_action_ids(&*session, &mut ids);
        assert_eq!(ids, vec![0, 1, 2]);
        assert_eq!(learning.action_name(&*nim, 2).as_deref(), Some("3"));
        assert_eq!(learning.action_notation(&*session, 2).as_deref(), Some("3"));
        assert_eq!(learning.action_id(&*session, "2").unwrap(), 1);
        learning.play_id(&mut *session, 2).unwrap();
        assert_eq!(session.record().moves, vec!["3".to_string()]);
        let err = learning.play_id(&mut *session, 3).unwrap_err().to_string();
        assert!(err.contains("no such action: ids are 0 to 2"), "{err}");
        let mut obs = [9.0; 2];
        learning.observation(&*session, Player(0), &mut obs);
        assert_eq!(obs, [18.0, 1.0]);
        assert!(r.learning("chess").is_none());
    }

    #[test]
    fn observations_never_show_the_opponents_secret() {
        let r = registry();
        let secret = r.load_default("secret").unwrap();
        let learning = r.learning("secret").unwrap();
        let observe = |blue: &str| {
            let mut s = secret.new_session(0);
            s.play("setup 4").unwrap();
            s.play(blue).unwrap();
            s.play("guess 2").unwrap();
            let mut obs = vec![0.0; 28];
            learning.observation(&*s, Player(0), &mut obs);
            let mut ids = Vec::new();
            learning.legal_action_ids(&*s, &mut ids);
            (obs, ids)
        };
        let (a, ids) = observe("setup 7");
        assert_eq!(observe("setup 3").0, a);
        assert_eq!(a[3], 1.0); // red's own number, 4
        assert_eq!(a[9], 1.0); // blue has chosen
        assert_eq!(a[11], 1.0); // red guessed 2
        assert_eq!(ids.len(), 9); // blue guesses next: ids of the guesses
        let session = secret.new_session(0);
        let mut ids = vec![7];
        learning.legal_action_ids(&*session, &mut ids);
        assert!(ids.is_empty(), "a setup has no action id");
    }
}
