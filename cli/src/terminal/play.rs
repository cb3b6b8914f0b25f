//! `plateau play`: a game in the terminal between people and automatic
//! players.
//!
//! Each person sees the board from their seat and, in a game of hidden
//! information, only their own view: with two people at one terminal the
//! screen is cleared between turns and the next player is asked to take
//! over. After every move the last move is described as the person who
//! looks next may know it.

use super::console::say;
use super::{saving, seats, tui};
use crate::common::error::{CliError, CliResult};
use crate::common::loading::load_game;
use crate::common::options::{RulesOpts, SetupOpts};
use crate::common::text::ensure_newline;
use crate::common::text::move_report;
use crate::common::{record_file, setups};
use crate::Io;
use clap::Args;
use plateau::matches::{Client, ClientView, Match, MatchError, MatchOptions, MoveRef, Occupant};
use plateau::{DynSession, GameRng, Player, Registry, Status};
use std::path::PathBuf;

/// Arguments of `plateau play`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau play hus\n  \
    plateau play hus --p1 random --p2 human --seed 42\n  \
    plateau play stratego --p1 human --p2 human\n  \
    plateau play stratego --red-setup my-setup.txt --save game.json\n  \
    plateau play hus --p2 ai:time=1s\n  \
    plateau play quinque --p2 mcts:iters=20000,c=1.4\n  \
    plateau play --load ~/.local/state/plateau/autosave/hus-1764583200-4242.json\n  \
    plateau play game.json   (a record file where the game goes: the same as --load)\n\n\
    On a terminal the board is full-screen (F1 or `help` shows the keys and the game's rules);\n\
    `--plain` keeps a line prompt. At the prompt, type a move or one of: help, rules, moves, random,\n\
    hint, board, undo, save, resign, quit. A game left with quit or Ctrl-C is saved to $PLATEAU_AUTOSAVE_DIR, else\n\
    $XDG_STATE_HOME/plateau/autosave, else ~/.local/state/plateau/autosave; `--load` continues it.\n\
    `--save FILE` refuses a FILE that exists, before the game starts, unless `--overwrite` is given.\n\
    `plateau agents GAME` lists the agents and their options.")]
pub struct PlayArgs {
    /// The game (see `plateau games`); not needed with --load. A record
    /// file given here instead of a game is loaded as with --load.
    #[arg(required_unless_present = "load")]
    pub game: Option<String>,
    /// Continue the game of this record file (a saved or autosaved game).
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    pub load: Option<PathBuf>,
    /// A line prompt instead of the full-screen board (for screen readers
    /// and scripts; also when the input or output is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// The rules options.
    #[command(flatten)]
    pub rules: RulesOpts,
    /// Who plays the first player: human or an agent spec (random, greedy,
    /// mcts:time=1s, ai, ...; see `plateau agents`) [default: human; with
    /// --load: the record's player].
    #[arg(long, value_name = "PLAYER")]
    pub p1: Option<String>,
    /// Who plays the second player: human (two people at one keyboard)
    /// or an agent spec [default: ai, the game's strongest agent; with
    /// --load: the record's player].
    #[arg(long, value_name = "PLAYER")]
    pub p2: Option<String>,
    /// The agent that answers `hint` at the prompt, from your view only
    /// (default: ai).
    #[arg(long, value_name = "SPEC")]
    pub hint: Option<String>,
    /// The seed of the game (default: from the clock). Given, it also seeds
    /// the random players, random setups and the `random` command, so the
    /// game can be played again exactly; not given, those draw from the
    /// operating system, so that no seed on the screen gives a hidden setup
    /// away.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Setups played before the game starts.
    #[command(flatten)]
    pub setups: SetupOpts,
    /// Save the record here at the end, without asking. A file that exists
    /// is refused before the game starts, unless --overwrite is given.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Let --save replace the file if it exists.
    #[arg(long, requires = "save")]
    pub overwrite: bool,
}

/// A game at the terminal: the match, and what only the terminal keeps
/// (who is looking at the screen, the hint agent's spec, the setups of the
/// command line still to play).
pub(super) struct Table {
    /// The match: seats, turns, agents, undo and what each seat may see.
    pub(super) m: Match,
    /// Who acts at this terminal: the one person's seat, the hot seat when
    /// two or more people share it, a spectator when only agents play.
    pub(super) client: Client,
    /// Two or more people share the terminal in a game of hidden
    /// information: the screen is handed over between them.
    pub(super) hot_seat: bool,
    /// The person whose view is on the screen.
    pub(super) shown_to: Option<Player>,
    /// For the `random` command.
    pub(super) rng: GameRng,
    /// The spec of the `hint` command's agent.
    pub(super) hint: String,
    /// Setups given on the command line for players who set up later (a
    /// `--blue-setup` while Red, a person, sets up first), played as soon
    /// as their player is to move, and the generator of the random ones.
    pub(super) presets: Presets,
}

/// Setups given on the command line that are still to be played.
#[derive(Default)]
pub(super) struct Presets {
    pub(super) pending: Vec<(Player, setups::SetupSource)>,
    pub(super) rng: Option<GameRng>,
}

/// Plays the game.
pub fn run(registry: &Registry, args: &PlayArgs, io: &mut Io<'_>) -> CliResult {
    let entries = args.setups.entries().map_err(CliError::Usage)?;
    if let Some(path) = &args.save {
        if !args.overwrite && saving::would_overwrite(path) {
            return Err(CliError::usage(format!(
                "--save {}: the file exists; give --overwrite to replace it, or another name",
                path.display()
            )));
        }
    }
    let flags = ["--p1", "--p2"];
    let given = [args.p1.as_deref(), args.p2.as_deref()];
    let load = record_to_load(registry, args);
    let (m, seed, presets) = match &load {
        Some(path) => {
            // Read and replayed first, for the errors that name the file.
            let (record, _) = record_file::open(registry, path)?;
            // The record's players come back unless a flag replaces them;
            // a record without players gets the flags' defaults.
            let game = record_file::rules_of(registry, &record)?;
            let overrides: Vec<(Player, Occupant)> = (0..game.num_players().min(2))
                .filter_map(|i| {
                    let spec = given[i]
                        .or_else(|| record.players.get(i).is_none().then_some(DEFAULT_SEATS[i]))?;
                    let p = Player(i as u8);
                    Some((p, seats::occupant(spec, game.as_ref(), p)))
                })
                .collect();
            let options = options_of(args, record.seed, &overrides, &record);
            let m = Match::from_record(registry, &record, &overrides, options).map_err(
                |e| match e {
                    MatchError::BadAgent { .. } => seats::usage_error(e, &flags),
                    e => CliError::failed(format!("{}: {e}", path.display())),
                },
            )?;
            // Playing on and stopping again saves to the same autosave.
            saving::continue_autosave(path);
            (m, record.seed, Presets::default())
        }
        None => {
            let name = args.game.as_deref().unwrap_or_default();
            let game = load_game(registry, name, &args.rules)?;
            let seed = crate::common::seeds::seed_or_clock(args.seed);
            let n = game.num_players();
            let occupants: Vec<Occupant> = (0..n)
                .map(|i| {
                    let p = Player(i as u8);
                    let spec = given.get(i).copied().flatten();
                    let spec = spec.or(DEFAULT_SEATS.get(i).copied()).unwrap_or("human");
                    seats::occupant(spec, game.as_ref(), p)
                })
                .collect();
            let hotseat = occupants.iter().filter(|o| o.is_person()).count() >= 2;
            let options = MatchOptions {
                hotseat,
                agent_seed: args.seed.map(|_| seed.wrapping_add(1)),
                ..MatchOptions::default()
            };
            let m = Match::new(game, seed, occupants, options)
                .map_err(|e| seats::usage_error(e, &flags))?;
            let pending = setups::resolve(m.session(), &entries)?;
            setups::check_reachable(m.session(), &pending)?;
            let secret = crate::common::seeds::secret_seed(args.seed, seed, 0);
            let presets = Presets {
                pending,
                rng: Some(setups::setup_rng(secret)),
            };
            (m, seed, presets)
        }
    };
    let secret = |offset| crate::common::seeds::secret_seed(args.seed, seed, offset);
    // A hint agent given is checked now (the match makes a fresh one for
    // each hint).
    let hint = match &args.hint {
        Some(spec) => {
            crate::agents::make_agent(m.game(), spec, secret(4))
                .map_err(|e| CliError::usage(format!("--hint: {e}")))?;
            spec.clone()
        }
        None => "ai".to_string(),
    };
    let mut table = Table::new(m, plateau::rng(secret(3)), hint, presets);
    // The setups of the players who set up first; the others' wait for
    // their turn.
    table.play_presets()?;
    if !args.plain && tui::terminal_is_interactive() {
        return tui::run(table, args.save.as_deref(), args.overwrite, io);
    }
    let game = table.m.game();
    say(
        io,
        &format!(
            "{} ({}), seed {seed}: {}. Type 'help' for the commands.",
            game.name(),
            game.variant(),
            table.seats_line()
        ),
    )?;
    if table.hot_seat {
        say(
            io,
            "Each player sees only their own view; the screen and its scrollback are cleared between turns.",
        )?;
    } else {
        // A game continued: its last move in words (the board marks it).
        table.report_last_move(table.viewer(), io)?;
    }
    saving::autosave_on_interrupt();
    let ended = table.play(io);
    saving::in_progress(None);
    table.finish(ended?, args.save.as_deref(), args.overwrite, io)
}

/// The client whose view is shown to `viewer`: that seat, or the referee
/// (everything) when no seat is named.
pub(super) fn eyes(viewer: Option<Player>) -> Client {
    viewer.map_or(Client::Referee, Client::Seat)
}

/// Who plays the seats when no flag (and no record) says: a person, then
/// the game's strongest agent.
const DEFAULT_SEATS: [&str; 2] = ["human", "ai"];

/// The match options of a loaded game: hot-seat play when two or more
/// people play it, the agents seeded from the game's seed when --seed is
/// given.
fn options_of(
    args: &PlayArgs,
    seed: u64,
    overrides: &[(Player, Occupant)],
    record: &plateau::GameRecord,
) -> MatchOptions {
    let people = (0..record.players.len().max(overrides.len()).max(2))
        .filter(|i| match overrides.iter().find(|(p, _)| p.index() == *i) {
            Some((_, o)) => o.is_person(),
            None => record.players.get(*i).is_none_or(|r| r.agent.is_none()),
        })
        .count();
    MatchOptions {
        hotseat: people >= 2,
        agent_seed: args.seed.map(|_| seed.wrapping_add(1)),
        ..MatchOptions::default()
    }
}

/// The record file to continue: `--load FILE`, or a FILE given where the
/// game goes that is no game's name but a file.
fn record_to_load(registry: &Registry, args: &PlayArgs) -> Option<PathBuf> {
    if let Some(path) = &args.load {
        return Some(path.clone());
    }
    let name = args.game.as_deref()?;
    let path = std::path::Path::new(name);
    (registry.get(name).is_none() && path.is_file()).then(|| path.to_path_buf())
}

impl Table {
    /// Who plays each seat, "red you, blue ai:time=1s": the specs as given
    /// (a seed drawn in secret is not shown).
    pub(super) fn seats_line(&self) -> String {
        let game = self.m.game();
        let who: Vec<String> = self
            .m
            .occupants()
            .iter()
            .enumerate()
            .map(|(i, o)| {
                format!(
                    "{} {}",
                    game.player_name(Player(i as u8)),
                    seats::describe(o)
                )
            })
            .collect();
        who.join(", ")
    }

    /// The table of a match: the client is the one person's seat, the hot
    /// seat for two or more people, a spectator when only agents play (it
    /// acts for nobody; the screen then shows everything).
    pub(super) fn new(m: Match, rng: GameRng, hint: String, presets: Presets) -> Table {
        let people: Vec<Player> = m
            .occupants()
            .iter()
            .enumerate()
            .filter(|(_, o)| o.is_person())
            .map(|(i, _)| Player(i as u8))
            .collect();
        let client = match people.as_slice() {
            [] => Client::Spectator,
            [p] => Client::Seat(*p),
            _ => Client::HotSeat,
        };
        Table {
            hot_seat: m.session().hidden_information() && people.len() >= 2,
            m,
            client,
            shown_to: None,
            rng,
            hint,
            presets,
        }
    }

    /// The game in progress, to read (its status, legality and names; what
    /// a seat may see comes from [`Table::view`]).
    pub(super) fn session(&self) -> &dyn DynSession {
        self.m.session()
    }

    /// What the match shows `viewer`'s seat, or everything (the referee's
    /// view) for `None`.
    pub(super) fn view(&self, viewer: Option<Player>) -> ClientView {
        self.m.view(eyes(viewer))
    }

    /// The last move in words, as the match tells it to `viewer`.
    pub(super) fn last_move_report(&self, viewer: Option<Player>) -> Option<String> {
        let last = self.view(viewer).last_move?;
        Some(move_report(
            &self.name(last.mover),
            last.notation.as_deref().unwrap_or_default(),
            last.notation.is_some(),
            last.description,
        ))
    }

    /// The last move's steps (a sowing, a combat) as the match shows them
    /// to `viewer`, if it has any.
    pub(super) fn animation(&self, viewer: Option<Player>) -> Option<tui::Animation> {
        tui::Animation::of_frames(self.view(viewer).last_move?.frames)
    }

    /// The legal moves with the squares they touch, for the person to move
    /// at this terminal (none when it is no person's turn here).
    pub(super) fn legal_move_squares(&self) -> Vec<(String, Vec<String>)> {
        self.m.view(self.client).legal_move_squares
    }

    /// The board as text for `viewer`, the last move marked on it.
    pub(super) fn board_text(&self, viewer: Option<Player>) -> String {
        ensure_newline(self.m.text_marked(eyes(viewer)))
    }

    /// The record with the players, for saving (the terminal is the
    /// referee of its own game).
    pub(super) fn record(&self) -> plateau::GameRecord {
        match self.m.record(Client::Referee) {
            Ok(record) => record,
            Err(_) => self.m.session().record(),
        }
    }

    /// Plays the command line's setup of the player to move, if one is
    /// waiting (and of the next, while each is); `true` if any was played.
    pub(super) fn play_presets(&mut self) -> CliResult<bool> {
        let mut any = false;
        while self.play_one_preset()? {
            any = true;
        }
        Ok(any)
    }

    /// Plays the command line's setup of the player to move, if one is
    /// waiting; `true` if it was played.
    pub(super) fn play_one_preset(&mut self) -> CliResult<bool> {
        let (Some(rng), Status::ToMove(p)) = (self.presets.rng.as_mut(), self.m.status()) else {
            return Ok(false);
        };
        let Some(i) = self.presets.pending.iter().position(|(q, _)| *q == p) else {
            return Ok(false);
        };
        let mut due = vec![self.presets.pending.remove(i)];
        // Drawn and checked on a copy, then played through the match.
        let mut work = self.m.session().clone_box();
        let before = work.num_moves();
        if setups::play_due(&mut work, &mut due, rng)? == 0 {
            return Ok(false);
        }
        for mv in work.record().moves.into_iter().skip(before) {
            self.m
                .play(Client::Referee, MoveRef::Text(mv))
                .map_err(|e| CliError::failed(format!("a setup was refused: {e}")))?;
        }
        Ok(true)
    }

    /// The person to move at this terminal, as the match says (`None`: an
    /// agent's turn, or the game is over).
    pub(super) fn person_to_move(&self) -> Option<Player> {
        let view = self.m.view(self.client);
        view.to_move.filter(|_| view.your_turn)
    }

    pub(super) fn is_human(&self, p: Player) -> bool {
        self.m
            .occupants()
            .get(p.index())
            .is_some_and(Occupant::is_person)
    }

    pub(super) fn name(&self, p: Player) -> String {
        self.m.session().player_name(p)
    }

    /// Whose eyes the screen is for: the one person at the terminal, or the
    /// person to move; `None` when only automatic players play (everything
    /// is shown).
    pub(super) fn viewer(&self) -> Option<Player> {
        match self.client {
            Client::Seat(p) => Some(p),
            Client::HotSeat => match self.m.status() {
                Status::ToMove(p) if self.is_human(p) => Some(p),
                _ => self.shown_to.or_else(|| {
                    (0..self.m.occupants().len())
                        .map(|i| Player(i as u8))
                        .find(|p| self.is_human(*p))
                }),
            },
            _ => None,
        }
    }
}

pub use crate::common::text::{legal_moves_count, legal_moves_listing};

#[cfg(test)]
mod tests {
    use super::legal_moves_count;

    #[test]
    fn one_legal_move_is_singular() {
        assert_eq!(legal_moves_count(1), "1 legal move");
        assert_eq!(legal_moves_count(0), "0 legal moves");
        assert_eq!(legal_moves_count(12), "12 legal moves");
    }
}
