//! The object-safe interface through which the CLI and the protocol reach
//! every game, and the registry that lists them.
//!
//! [`GameEntry`] is a registered game; [`DynGame`] a game with loaded rules;
//! [`DynSession`] a game in progress. Each is implemented once, generically,
//! for every [`Game`], so a game registers with one line:
//! `registry.register::<MyGame>()`.

use crate::ai::{AgentDoc, SpecError};
use crate::learning::{DynLearning, Learning};
use crate::playout::{self, BenchReport};
use crate::rules::{self, RulesSpec};
use crate::session::{describe_outcome, PlayError, Session};
use crate::{
    FullGame, Game, GameRecord, GameRng, Outcome, ParamDoc, Player, RecordError, RulesError,
    Status, Variant,
};
use rand::SeedableRng;
use std::marker::PhantomData;

/// A registered game, before its rules are chosen.
pub trait GameEntry: Send + Sync {
    /// The game's identifier, e.g. `hus`.
    fn id(&self) -> &'static str;
    /// The game's display name.
    fn name(&self) -> &'static str;
    /// Whether players' views hide part of the state.
    fn hidden_information(&self) -> bool;
    /// The shipped variants; the first is the default.
    fn variants(&self) -> &'static [Variant];
    /// Documentation of the parameters.
    fn param_docs(&self) -> &'static [ParamDoc];
    /// Loads rules from a spec (variant, user file, overrides).
    fn load(&self, spec: &RulesSpec) -> Result<Box<dyn DynGame>, RulesError>;
    /// Loads rules from full parameters as JSON (as a record stores them);
    /// errors name the key.
    fn load_params(
        &self,
        variant: &str,
        params: &serde_json::Value,
    ) -> Result<Box<dyn DynGame>, RulesError>;
    /// Opens a game from a record of this game, replaying and checking it.
    fn load_record(&self, record: &GameRecord) -> Result<Box<dyn DynSession>, RecordError>;
}

/// The last move of a session: who made it, its text, and whether its text
/// may be shown to the other players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The player who made the move.
    pub mover: Player,
    /// The move in notation.
    pub text: String,
    /// Whether the move's text is public (see [`Game::move_is_public`]).
    pub public: bool,
}

/// A board for one seat and the squares of the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatBoard {
    /// The board.
    pub board: crate::board::BoardView,
    /// The cells (row, column) of the last move, origin first (empty when
    /// none or when the seat may not know them).
    pub last_move: Vec<(usize, usize)>,
}

/// A game with loaded rules.
pub trait DynGame: Send + Sync {
    /// The game's identifier.
    fn id(&self) -> &'static str;
    /// The game's display name.
    fn name(&self) -> &'static str;
    /// The variant the rules came from.
    fn variant(&self) -> &str;
    /// The variant as it is shown: escaped, and marked `(modified)` when it
    /// names a shipped variant whose parameters are not these (a record's
    /// `variant` is text from a file, and may not match its parameters).
    fn variant_label(&self) -> String;
    /// A text summary of the rules.
    fn summary(&self) -> String;
    /// The rules for players in full, if the game has them
    /// ([`RulesDocs::rules_text`](crate::RulesDocs::rules_text)).
    fn rules_text(&self) -> Option<&'static str>;
    /// Every parameter as (dotted key, TOML value).
    fn params(&self) -> Vec<(String, String)>;
    /// The parameters as JSON.
    fn params_json(&self) -> serde_json::Value;
    /// The parameters as a TOML file.
    fn params_toml(&self) -> String;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// A player's name under these rules.
    fn player_name(&self, player: Player) -> String;
    /// Starts a game from the start position of `seed`.
    fn new_session(&self, seed: u64) -> Box<dyn DynSession>;
    /// Plays `games` uniformly random games on this thread and times them.
    fn bench(&self, games: usize, seed: u64, max_plies: usize) -> BenchReport;
    /// Plays `games` seeded random games to the end (game `i` is the game
    /// of seed `seed + i`) and returns each one's outcome and length in
    /// plies, the outcomes of a cap marked [`Outcome::capped`].
    fn playouts(&self, games: usize, seed: u64, max_plies: usize) -> Vec<(Outcome, usize)>;
    /// Plays one seeded random game ([`playout::random_game`]: `max_plies`
    /// 0 is [`playout::DEFAULT_MAX_PLIES`]); its outcome and length.
    fn random_game(&self, seed: u64, max_plies: usize) -> (Outcome, usize);
    /// Counts the move sequences of `depth` from the start position of
    /// `seed` after playing `moves`.
    fn perft(&self, seed: u64, moves: &[String], depth: u32) -> Result<u64, PlayError>;
    /// Runs the [conformance kit](crate::conformance) on these rules; panics on failure.
    fn check_conformance(&self, config: &crate::conformance::Config);
    /// The rules themselves (the game's type) as `Any`, for typed extensions
    /// such as [`DynLearning`].
    fn game_any(&self) -> &dyn std::any::Any;
    /// The agent of a spec string for these rules ([`crate::ai::agent_for`]),
    /// seeded with `seed`.
    fn agent(&self, spec: &str, seed: u64) -> Result<Box<dyn DynAgent>, SpecError>;
    /// The agents of the game, with their options ([`crate::ai::catalog`]).
    fn agent_catalog(&self) -> Vec<AgentDoc>;
    /// Plays an arena run with these rules ([`crate::ai::arena::play_arena`]);
    /// the configuration's variant is replaced by these rules' variant.
    fn arena(
        &self,
        config: &crate::ai::arena::ArenaConfig,
        progress: &(dyn Fn(&crate::ai::arena::ArenaProgress) + Sync),
    ) -> Result<crate::ai::arena::ArenaRun, crate::ai::arena::ArenaError>;
}

/// A game in progress, reached without knowing its type.
pub trait DynSession: Send {
    /// The game's identifier.
    fn game_id(&self) -> &'static str;
    /// The variant the rules came from, as the record has it.
    fn variant(&self) -> &str;
    /// The variant as it is shown ([`DynGame::variant_label`]).
    fn variant_label(&self) -> String;
    /// Whether views hide part of the state.
    fn hidden_information(&self) -> bool;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// A player's name.
    fn player_name(&self, player: Player) -> String;
    /// The player with that name (any case), if any.
    fn find_player(&self, name: &str) -> Option<Player> {
        (0..self.num_players())
            .map(|i| Player(i as u8))
            .find(|p| self.player_name(*p).eq_ignore_ascii_case(name.trim()))
    }
    /// Whose turn it is, or the outcome.
    fn status(&self) -> Status;
    /// The outcome in words, or `not over`.
    fn describe_status(&self) -> String;
    /// The legal moves in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Whether the legal moves can be listed (false in a free-form phase such as a setup).
    fn moves_enumerable(&self) -> bool;
    /// A hint on what to enter, where the game has one.
    fn move_hint(&self) -> Option<String>;
    /// Reads, checks and plays a move. An illegal move is refused with the
    /// game's reason, phrased for the player to move ([`Game::check_move`]).
    fn play(&mut self, text: &str) -> Result<(), PlayError>;
    /// Plays a move sent by `player`. A move sent by a player who is not to
    /// move is refused without being read, with a reason that names only
    /// whose turn it is; otherwise it is [`DynSession::play`], whose reasons
    /// are phrased for the mover, who is `player`.
    fn play_as(&mut self, player: Player, text: &str) -> Result<(), PlayError> {
        match self.status() {
            Status::Over(_) => Err(PlayError::GameOver),
            Status::ToMove(p) if p != player => Err(PlayError::Illegal {
                mv: crate::escape_controls(&clip_move_text(text)).into_owned(),
                reason: format!(
                    "it is {}'s turn, not {}'s",
                    self.player_name(p),
                    self.player_name(player)
                ),
            }),
            Status::ToMove(_) => self.play(text),
        }
    }
    /// Plays a move sent by someone who may not know the mover's secrets:
    /// in a game of hidden information an illegal move is refused with
    /// [`PUBLIC_ILLEGAL_REASON`] alone, since the game's reason may name the
    /// mover's hidden pieces ("your bomb on d7 never moves"). The move text
    /// and the notation errors depend only on the text and the player to
    /// move, which are public.
    fn play_public(&mut self, text: &str) -> Result<(), PlayError> {
        let hidden = self.hidden_information();
        self.play(text).map_err(|e| match e {
            PlayError::Illegal { mv, .. } if hidden => PlayError::Illegal {
                mv,
                reason: PUBLIC_ILLEGAL_REASON.to_string(),
            },
            e => e,
        })
    }
    /// Takes back the last move (or a resignation); false if there is none.
    fn undo(&mut self) -> bool;
    /// Takes back `count` moves (a resignation counts as one), all or
    /// nothing: if there are fewer, nothing changes and the error holds
    /// how many there are. It costs at most a replay from the nearest
    /// snapshot, whatever `count`.
    fn undo_many(&mut self, count: usize) -> Result<(), usize>;
    /// The player resigns.
    fn resign(&mut self, player: Player);
    /// The player's flag fell ([`Session::flag_fall`]): out of time on a
    /// match's clock, the player loses (reason `time`). Ignored when the
    /// game is over.
    fn flag_fall(&mut self, player: Player);
    /// The players agree a draw ([`Session::agree_draw`]): the game ends
    /// drawn, reason [`crate::DRAW_AGREED`]. Ignored when the game is over.
    fn agree_draw(&mut self);
    /// Whether the last move hid or showed hidden information: its text is
    /// not public ([`Game::move_is_public`] false, such as a Stratego setup)
    /// or the position after it shows what a player could not see before
    /// ([`SearchHooks::move_outcome_key`](crate::SearchHooks::move_outcome_key) non-zero, such as a Stratego combat).
    /// False when no move was played and in every game of perfect
    /// information. A move taken back across such a move would let a player
    /// probe the hidden state, so a match refuses to.
    fn last_move_hides_information(&self) -> bool;
    /// A uniformly random legal move, in notation.
    fn random_move(&self, rng: &mut GameRng) -> Option<String>;
    /// The board as text: the whole state (`None`), or a player's view.
    fn render(&self, seat: Option<Player>) -> String;
    /// The board as text, as [`DynSession::render`] draws it, with the last
    /// move marked on it where `seat` may know it ([`Render::render_view_marked`](crate::Render::render_view_marked)),
    /// for a front end that tells the last move in words itself.
    fn render_marked(&self, seat: Option<Player>) -> String;
    /// A player's view as JSON.
    fn view_json(&self, player: Player) -> serde_json::Value;
    /// The whole state as JSON.
    fn state_json(&self) -> serde_json::Value;
    /// What the last move did, as `viewer` may know it (`None`: everything).
    fn describe_last_move(&self, viewer: Option<Player>) -> Option<String>;
    /// What the last move did, as anyone watching may know it: no player's
    /// secrets ([`DescribeMoves::describe_move_public`](crate::DescribeMoves::describe_move_public)).
    fn describe_last_move_public(&self) -> Option<String>;
    /// The game record.
    fn record(&self) -> GameRecord;
    /// The number of moves played.
    fn num_moves(&self) -> usize;
    /// The last move, if any: who made it, its text, whether the text is public.
    fn last_move(&self) -> Option<LastMove>;
    /// Counts the move sequences of `depth` from the current position.
    fn perft(&self, depth: u32) -> u64;
    /// The board as `seat` sees it (`None`: the whole position), with the
    /// squares of the last move as `seat` may know them, or `None` when the
    /// game gives no board description (show [`DynSession::render`]).
    fn board(&self, seat: Option<Player>) -> Option<SeatBoard>;
    /// The board as anyone watching may see it ([`Render::public_board_view`](crate::Render::public_board_view):
    /// no player's secrets), with the squares of the last move if its text
    /// is public; `None` when the game gives no public board.
    fn public_board(&self) -> Option<SeatBoard>;
    /// The squares each legal move touches, origin first and target last,
    /// with the move's notation.
    fn legal_move_squares(&self) -> Vec<(String, Vec<String>)>;
    /// The exact return of the position for the player to move, where the
    /// game knows it without search ([`SearchHooks::exact_value`](crate::SearchHooks::exact_value):
    /// Oware's endgame tables); `None` otherwise and once the game is over.
    fn exact_value(&self) -> Option<f64>;
    /// The intermediate boards of the last move as `seat` may see them
    /// ([`DescribeMoves::move_frames`](crate::DescribeMoves::move_frames)), for showing it step by step.
    fn last_move_frames(&self, seat: Option<Player>) -> Vec<crate::board::BoardView>;
    /// The placement the player to move makes next ([`FreeFormMoves::placement`](crate::FreeFormMoves::placement)).
    fn placement(&self) -> Option<crate::board::Placement>;
    /// The notation of the placement move of an arrangement
    /// ([`FreeFormMoves::placement_move`](crate::FreeFormMoves::placement_move)), unchecked; `None` when it does not fit.
    fn placement_move(&self, arrangement: &[Option<usize>]) -> Option<String>;
    /// The arrangement of a placement move given as text for the player to
    /// move ([`FreeFormMoves::placement_of`](crate::FreeFormMoves::placement_of)). The error is the reason only, never
    /// the text (a setup is secret).
    fn placement_of(&self, text: &str) -> Result<Vec<Option<usize>>, String>;
    /// A copy of this session.
    fn clone_box(&self) -> Box<dyn DynSession>;
    /// Each player's return for the finished game ([`Game::returns`]); all
    /// zeros while it is on.
    fn returns(&self) -> Vec<f64>;
    /// The session (a [`Session`] of the game's type) as mutable `Any`.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
    /// The session as `Any`, so that typed code (an agent of the game) can
    /// reach the `Session<G>` behind it.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The rules this session plays (a copy of its own, with its variant),
    /// so that agents and replays are made from them without reloading the
    /// parameters.
    fn rules(&self) -> Box<dyn DynGame>;
    /// Plays the legal move of index `index` in [`DynSession::legal_moves`],
    /// as a typed move: nothing is read or parsed. An index past the list
    /// is refused as [`PlayError::Illegal`] naming the index and the count.
    fn play_index(&mut self, index: usize) -> Result<(), PlayError>;
}

/// An agent reached without knowing its game's type: it chooses for the
/// player to move in a session of its game, from that player's view only.
pub trait DynAgent: Send {
    /// The agent's canonical spec string.
    fn spec(&self) -> String;
    /// A move for the player to move in `session`, computed from that
    /// player's view and legal moves only; `None` when the game is over or
    /// `session` is not a game of this agent's type. No limits:
    /// [`DynAgent::choose_limited`] with [`AgentLimits::NONE`](crate::ai::AgentLimits::NONE).
    fn choose(&mut self, session: &dyn DynSession) -> Option<DynChoice> {
        self.choose_limited(session, crate::ai::AgentLimits::NONE)
    }
    /// [`DynAgent::choose`] within `limits`, which hold whatever the
    /// agent's spec says: its search stops at `limits.time` and its tree
    /// holds at most `limits.nodes` nodes.
    fn choose_limited(
        &mut self,
        session: &dyn DynSession,
        limits: crate::ai::AgentLimits,
    ) -> Option<DynChoice>;
    /// Forgets anything kept from earlier moves, for a new game.
    fn new_game(&mut self);
    /// Why the last choice gave no move although the game was on
    /// ([`Agent::failure`](crate::ai::Agent::failure): an outside
    /// program's fault); `None` for the framework's agents.
    fn failure(&self) -> Option<String> {
        None
    }
    /// Whether the last choice gave no move because the agent resigned
    /// ([`Agent::resigned`](crate::ai::Agent::resigned)).
    fn resigned(&self) -> bool {
        false
    }
}

/// A [`DynAgent`]'s move and analysis, moves in notation. Values are from
/// the mover's perspective, in `[-1, 1]`.
#[derive(Clone, Debug, PartialEq)]
pub struct DynChoice {
    /// The move chosen, in notation.
    pub mv: String,
    /// Iterations run (playouts, nodes).
    pub iterations: u64,
    /// The depth reached, for depth-first search.
    pub depth: Option<u32>,
    /// The best moves found, best first: (move, visits, value).
    pub top: Vec<(String, u64, f64)>,
    /// The value of the position for the mover, if estimated.
    pub value: Option<f64>,
    /// The time taken.
    pub elapsed: std::time::Duration,
    /// The index of the move in the session's legal moves
    /// ([`DynSession::legal_moves`]), to play it with
    /// [`DynSession::play_index`] without reading its text again; `None`
    /// where the moves cannot be listed (a free-form move such as a setup).
    pub index: Option<usize>,
}

struct ErasedAgent<G: FullGame> {
    agent: Box<dyn crate::ai::Agent<G>>,
}

impl<G: FullGame> DynAgent for ErasedAgent<G> {
    fn spec(&self) -> String {
        self.agent.spec()
    }
    fn choose_limited(
        &mut self,
        session: &dyn DynSession,
        limits: crate::ai::AgentLimits,
    ) -> Option<DynChoice> {
        let session = session.as_any().downcast_ref::<Session<G>>()?;
        let game = session.game();
        let choice = crate::ai::choose_limited(self.agent.as_mut(), game, session.state(), limits)?;
        let index = Session::legal_moves(session)
            .iter()
            .position(|m| *m == choice.mv);
        let a = choice.analysis;
        Some(DynChoice {
            index,
            mv: game.format_move(&choice.mv),
            iterations: a.iterations,
            depth: a.depth,
            top: a
                .top
                .iter()
                .map(|s| (game.format_move(&s.mv), s.visits, s.value))
                .collect(),
            value: a.value,
            elapsed: a.elapsed,
        })
    }
    fn new_game(&mut self) {
        self.agent.new_game()
    }
    fn failure(&self) -> Option<String> {
        self.agent.failure()
    }
    fn resigned(&self) -> bool {
        self.agent.resigned()
    }
}

/// The reason [`DynSession::play_public`] gives for any illegal move in a
/// game of hidden information: what everyone may know.
pub const PUBLIC_ILLEGAL_REASON: &str = "not a legal move in this position";

/// A move text as an error repeats it: at most 80 characters.
fn clip_move_text(text: &str) -> String {
    const MAX: usize = 80;
    let text = text.trim();
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

struct Entry<G>(PhantomData<fn() -> G>);

/// The registry entry of a game type.
pub fn entry<G: FullGame>() -> Box<dyn GameEntry> {
    Box::new(Entry::<G>(PhantomData))
}

impl<G: FullGame> GameEntry for Entry<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn hidden_information(&self) -> bool {
        G::HIDDEN_INFORMATION
    }
    fn variants(&self) -> &'static [Variant] {
        G::variants()
    }
    fn param_docs(&self) -> &'static [ParamDoc] {
        G::param_docs()
    }
    fn load(&self, spec: &RulesSpec) -> Result<Box<dyn DynGame>, RulesError> {
        let loaded = rules::load::<G>(spec)?;
        Ok(Box::new(LoadedGame {
            game: loaded.game,
            variant: loaded.variant,
        }))
    }
    fn load_params(
        &self,
        variant: &str,
        params: &serde_json::Value,
    ) -> Result<Box<dyn DynGame>, RulesError> {
        let game = game_from_json::<G>(params, "record params")?;
        Ok(Box::new(LoadedGame {
            variant: variant.to_string(),
            game,
        }))
    }
    fn load_record(&self, record: &GameRecord) -> Result<Box<dyn DynSession>, RecordError> {
        if record.game != G::ID {
            return Err(RecordError::UnknownGame(record.game.clone()));
        }
        // RecordError::Rules says "record parameters" itself.
        let game = game_from_json::<G>(&record.params, "")?;
        Ok(Box::new(Session::from_record(game, record)?))
    }
}

/// The variant name of a record as it is shown: escaped (it is text from a
/// file), and marked `(modified)` when it names a shipped variant whose
/// parameters are not the record's, so that a record is never shown as a
/// variant it does not play.
fn variant_label<G: Game>(game: &G, variant: &str) -> String {
    const MARK: &str = " (modified)";
    let name = crate::escape_controls(variant).into_owned();
    let shipped = G::variants().iter().find(|v| v.name == variant);
    let matches = shipped.is_none_or(|v| {
        rules::parse_params::<G::Params>(v.name, v.toml).is_ok_and(|p| &p == game.params())
    });
    if matches || name.ends_with(MARK) {
        name
    } else {
        format!("{name}{MARK}")
    }
}

/// Rules from parameters as JSON, with errors naming the key (and
/// `source`, unless empty).
fn game_from_json<G: Game>(params: &serde_json::Value, source: &str) -> Result<G, RulesError> {
    let params: G::Params = serde_path_to_error::deserialize(params).map_err(|e| {
        let path = e.path().to_string();
        let err = RulesError::new(e.inner().to_string()).in_source(source);
        if path == "." {
            err
        } else {
            err.key(path)
        }
    })?;
    rules::check_printable(&params)
        .and_then(|()| G::new(params))
        .map_err(|e| e.in_source(source))
}

struct LoadedGame<G> {
    game: G,
    variant: String,
}

impl<G: FullGame> DynGame for LoadedGame<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn variant(&self) -> &str {
        &self.variant
    }
    fn variant_label(&self) -> String {
        variant_label(&self.game, &self.variant)
    }
    fn summary(&self) -> String {
        self.game.summary()
    }
    fn rules_text(&self) -> Option<&'static str> {
        self.game.rules_text()
    }
    fn params(&self) -> Vec<(String, String)> {
        rules::flatten_params(self.game.params())
    }
    fn params_json(&self) -> serde_json::Value {
        serde_json::to_value(self.game.params()).expect("parameters always serialize")
    }
    fn params_toml(&self) -> String {
        rules::params_toml(self.game.params())
    }
    fn num_players(&self) -> usize {
        self.game.num_players()
    }
    fn player_name(&self, player: Player) -> String {
        self.game.player_name(player).to_string()
    }
    fn new_session(&self, seed: u64) -> Box<dyn DynSession> {
        Box::new(Session::new(self.game.clone(), self.variant.clone(), seed))
    }
    fn bench(&self, games: usize, seed: u64, max_plies: usize) -> BenchReport {
        playout::bench(&self.game, games, seed, max_plies)
    }
    fn playouts(&self, games: usize, seed: u64, max_plies: usize) -> Vec<(Outcome, usize)> {
        (0..games)
            .map(|i| playout::random_game(&self.game, seed.wrapping_add(i as u64), max_plies))
            .collect()
    }
    fn random_game(&self, seed: u64, max_plies: usize) -> (Outcome, usize) {
        playout::random_game(&self.game, seed, max_plies)
    }
    fn perft(&self, seed: u64, moves: &[String], depth: u32) -> Result<u64, PlayError> {
        let mut session = Session::new(self.game.clone(), self.variant.clone(), seed);
        for m in moves {
            session.play_text(m)?;
        }
        Ok(crate::perft::perft(&self.game, session.state(), depth))
    }
    fn check_conformance(&self, config: &crate::conformance::Config) {
        crate::conformance::check(&self.game, config)
    }
    fn game_any(&self) -> &dyn std::any::Any {
        &self.game
    }
    fn agent(&self, spec: &str, seed: u64) -> Result<Box<dyn DynAgent>, SpecError> {
        Ok(Box::new(ErasedAgent {
            agent: crate::ai::agent_for(&self.game, spec, seed)?,
        }))
    }
    fn agent_catalog(&self) -> Vec<AgentDoc> {
        crate::ai::catalog(&self.game)
    }
    fn arena(
        &self,
        config: &crate::ai::arena::ArenaConfig,
        progress: &(dyn Fn(&crate::ai::arena::ArenaProgress) + Sync),
    ) -> Result<crate::ai::arena::ArenaRun, crate::ai::arena::ArenaError> {
        let config = crate::ai::arena::ArenaConfig {
            variant: self.variant.clone(),
            ..config.clone()
        };
        crate::ai::arena::play_arena(&self.game, &config, progress)
    }
}

impl<G: FullGame> DynSession for Session<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn variant(&self) -> &str {
        Session::variant(self)
    }
    fn variant_label(&self) -> String {
        variant_label(self.game(), Session::variant(self))
    }
    fn hidden_information(&self) -> bool {
        G::HIDDEN_INFORMATION
    }
    fn num_players(&self) -> usize {
        self.game().num_players()
    }
    fn player_name(&self, player: Player) -> String {
        self.game().player_name(player).to_string()
    }
    fn status(&self) -> Status {
        Session::status(self)
    }
    fn describe_status(&self) -> String {
        describe_outcome(self.game(), Session::status(self).outcome())
    }
    fn legal_moves(&self) -> Vec<String> {
        Session::legal_moves(self)
            .iter()
            .map(|m| self.game().format_move(m))
            .collect()
    }
    fn moves_enumerable(&self) -> bool {
        self.game().moves_enumerable(self.state())
    }
    fn move_hint(&self) -> Option<String> {
        self.game().move_hint(self.state())
    }
    fn play(&mut self, text: &str) -> Result<(), PlayError> {
        self.play_text(text).map(|_| ())
    }
    fn undo(&mut self) -> bool {
        Session::undo(self)
    }
    fn undo_many(&mut self, count: usize) -> Result<(), usize> {
        Session::undo_many(self, count)
    }
    fn resign(&mut self, player: Player) {
        Session::resign(self, player)
    }
    fn flag_fall(&mut self, player: Player) {
        Session::flag_fall(self, player)
    }
    fn agree_draw(&mut self) {
        Session::agree_draw(self)
    }
    fn last_move_hides_information(&self) -> bool {
        if !G::HIDDEN_INFORMATION {
            return false;
        }
        self.moves().last().is_some_and(|mv| {
            !self.game().move_is_public(mv) || self.game().move_outcome_key(self.state()) != 0
        })
    }
    fn random_move(&self, rng: &mut GameRng) -> Option<String> {
        if Session::status(self).is_over() {
            return None;
        }
        self.game()
            .random_move(self.state(), rng)
            .map(|m| self.game().format_move(&m))
    }
    fn render(&self, seat: Option<Player>) -> String {
        match seat {
            None => self.game().render_state(self.state()),
            Some(p) => self.game().render_view(&self.game().view(self.state(), p)),
        }
    }
    fn render_marked(&self, seat: Option<Player>) -> String {
        let last = match (self.moves().last(), self.previous_state()) {
            (Some(mv), Some(before)) => {
                let mover = self.game().status(before).to_move();
                // A secret move (a setup) is marked only for its mover.
                let known = self.game().move_is_public(mv) || seat.is_none() || mover == seat;
                mover.filter(|_| known).map(|m| (m, mv))
            }
            _ => None,
        };
        match seat {
            None => self.game().render_state_marked(self.state(), last),
            Some(p) => self
                .game()
                .render_view_marked(&self.game().view(self.state(), p), last),
        }
    }
    fn view_json(&self, player: Player) -> serde_json::Value {
        serde_json::to_value(self.game().view(self.state(), player))
            .expect("views always serialize")
    }
    fn state_json(&self) -> serde_json::Value {
        self.game().state_json(self.state())
    }
    fn describe_last_move(&self, viewer: Option<Player>) -> Option<String> {
        Session::describe_last_move(self, viewer)
    }
    fn describe_last_move_public(&self) -> Option<String> {
        Session::describe_last_move_public(self)
    }
    fn record(&self) -> GameRecord {
        Session::record(self)
    }
    fn num_moves(&self) -> usize {
        self.moves().len()
    }
    fn last_move(&self) -> Option<LastMove> {
        let before = self.previous_state()?;
        let mv = self.moves().last()?;
        Some(LastMove {
            mover: self.game().status(before).to_move()?,
            text: self.game().format_move(mv),
            public: self.game().move_is_public(mv),
        })
    }
    fn perft(&self, depth: u32) -> u64 {
        if Session::status(self).is_over() {
            return u64::from(depth == 0);
        }
        crate::perft::perft(self.game(), self.state(), depth)
    }
    fn board(&self, seat: Option<Player>) -> Option<SeatBoard> {
        let board = self.game().board_view(self.state(), seat)?;
        let last_move = match (self.moves().last(), self.previous_state()) {
            (Some(mv), Some(before)) => {
                let mover = self.game().status(before).to_move();
                // A secret move (a setup) is shown only to its mover.
                if self.game().move_is_public(mv) || seat.is_none() || mover == seat {
                    self.game()
                        .move_squares(mv)
                        .iter()
                        .filter_map(|name| board.locate(name, mover))
                        .collect()
                } else {
                    Vec::new()
                }
            }
            _ => Vec::new(),
        };
        Some(SeatBoard { board, last_move })
    }
    fn public_board(&self) -> Option<SeatBoard> {
        let board = self.game().public_board_view(self.state())?;
        let last_move = match (self.moves().last(), self.previous_state()) {
            (Some(mv), Some(before)) if self.game().move_is_public(mv) => {
                let mover = self.game().status(before).to_move();
                self.game()
                    .move_squares(mv)
                    .iter()
                    .filter_map(|name| board.locate(name, mover))
                    .collect()
            }
            _ => Vec::new(),
        };
        Some(SeatBoard { board, last_move })
    }
    fn legal_move_squares(&self) -> Vec<(String, Vec<String>)> {
        Session::legal_moves(self)
            .iter()
            .map(|m| (self.game().format_move(m), self.game().move_squares(m)))
            .collect()
    }
    fn exact_value(&self) -> Option<f64> {
        let mover = self.game().status(self.state()).to_move()?;
        crate::SearchHooks::exact_value(self.game(), self.state(), mover)
    }
    fn clone_box(&self) -> Box<dyn DynSession> {
        Box::new(self.clone())
    }
    fn last_move_frames(&self, seat: Option<Player>) -> Vec<crate::board::BoardView> {
        match (self.moves().last(), self.previous_state()) {
            (Some(mv), Some(before)) => self.game().move_frames(before, mv, seat),
            _ => Vec::new(),
        }
    }
    fn placement(&self) -> Option<crate::board::Placement> {
        if Session::status(self).is_over() {
            return None;
        }
        self.game().placement(self.state())
    }
    fn placement_move(&self, arrangement: &[Option<usize>]) -> Option<String> {
        self.game()
            .placement_move(self.state(), arrangement)
            .map(|mv| self.game().format_move(&mv))
    }
    fn placement_of(&self, text: &str) -> Result<Vec<Option<usize>>, String> {
        let mv = self
            .game()
            .parse_move(self.state(), text)
            .map_err(|e| e.reason)?;
        self.game()
            .placement_of(self.state(), &mv)
            .ok_or_else(|| "not a placement of this position".to_string())
    }

    fn returns(&self) -> Vec<f64> {
        let status = Session::status(self);
        (0..self.game().num_players())
            .map(|i| match status.outcome() {
                Some(outcome) => self.game().returns(outcome, Player(i as u8)),
                None => 0.0,
            })
            .collect()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
    fn rules(&self) -> Box<dyn DynGame> {
        Box::new(LoadedGame {
            game: self.game().clone(),
            variant: Session::variant(self).to_string(),
        })
    }
    fn play_index(&mut self, index: usize) -> Result<(), PlayError> {
        if Session::status(self).is_over() {
            return Err(PlayError::GameOver);
        }
        let mut moves = Session::legal_moves(self);
        if index >= moves.len() {
            return Err(PlayError::Illegal {
                mv: format!("#{index}"),
                reason: format!(
                    "no legal move has index {index}: there are {} legal moves",
                    moves.len()
                ),
            });
        }
        let mv = moves.swap_remove(index);
        Session::play(self, mv).map_err(|e| PlayError::Illegal {
            mv: match self.game().move_is_public(&e.mv) {
                true => self.game().format_move(&e.mv),
                false => "a secret move".to_string(),
            },
            reason: e.reason,
        })
    }
}

/// The games a program knows. A clone shares the registered games.
#[derive(Clone, Default)]
pub struct Registry {
    entries: Vec<std::sync::Arc<dyn GameEntry>>,
    learning: Vec<std::sync::Arc<dyn DynLearning>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Registers a game type. A later registration with the same id replaces
    /// the earlier one.
    pub fn register<G: FullGame>(&mut self) -> &mut Self {
        self.entries.retain(|e| e.id() != G::ID);
        self.entries.push(entry::<G>().into());
        self
    }

    /// Registers the [`Learning`] interface (action space and observations)
    /// of a game type, found by [`Registry::learning`]. A later registration
    /// for the same id replaces the earlier one.
    pub fn register_learning<G: Learning>(&mut self) -> &mut Self {
        self.learning.retain(|e| e.game_id() != G::ID);
        self.learning
            .push(crate::learning::learning_entry::<G>().into());
        self
    }

    /// The learning interface of the game with that id, if it has one.
    pub fn learning(&self, id: &str) -> Option<&dyn DynLearning> {
        self.learning
            .iter()
            .find(|e| e.game_id().eq_ignore_ascii_case(id))
            .map(|e| e.as_ref())
    }

    /// The game with that id.
    pub fn get(&self, id: &str) -> Option<&dyn GameEntry> {
        self.entries
            .iter()
            .find(|e| e.id().eq_ignore_ascii_case(id))
            .map(|e| e.as_ref())
    }

    /// The game with that id, or an error listing the known games.
    pub fn find(&self, id: &str) -> Result<&dyn GameEntry, String> {
        self.get(id).ok_or_else(|| {
            format!(
                "unknown game '{}'; games: {}",
                crate::escape_controls(id),
                self.entries
                    .iter()
                    .map(|e| e.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
    }

    /// The default variant of the game with that id; errors are
    /// [`Registry::find`]'s or the rules'.
    pub fn load_default(&self, id: &str) -> Result<Box<dyn DynGame>, String> {
        self.find(id)?
            .load(&RulesSpec::default_variant())
            .map_err(|e| e.to_string())
    }

    /// Every registered game, in registration order.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameEntry> {
        self.entries.iter().map(|e| e.as_ref())
    }

    /// Opens a game from a record of any registered game.
    pub fn load_record(&self, record: &GameRecord) -> Result<Box<dyn DynSession>, RecordError> {
        self.get(&record.game)
            .ok_or_else(|| RecordError::UnknownGame(record.game.clone()))?
            .load_record(record)
    }
}

/// A seeded random number generator for a game's randomness and for random
/// players. Same seed, same numbers, on every platform.
pub fn rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
