//! `plateau play`: a game in the terminal between people and automatic
//! players.
//!
//! Each person sees the board from their seat and, in a game of hidden
//! information, only their own view: with two people at one terminal the
//! screen is cleared between turns and the next player is asked to take
//! over. After every move the last move is described as the person who
//! looks next may know it.

use super::console::{self, ask, clear, say, title};
pub use super::seats::Seat;
use super::{placement, rules_panel, saving, tui};
use crate::common::error::{CliError, CliResult};
use crate::common::loading::load_game;
use crate::common::options::{RulesOpts, SetupOpts};
use crate::common::text::ensure_newline;
use crate::common::text::{last_move_report, status_line};
use crate::common::{record_file, setups};
use crate::Io;
use clap::Args;
use plateau::{DynAgent, DynSession, GameRng, Player, Registry, Status};
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
    /// mcts:time=1s, ai, ...; see `plateau agents`).
    #[arg(long, default_value = "human", value_name = "PLAYER")]
    pub p1: String,
    /// Who plays the second player: human or an agent spec.
    #[arg(long, default_value = "random", value_name = "PLAYER")]
    pub p2: String,
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

/// How a game in the terminal ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ended {
    /// The game is over.
    Over,
    /// The players stopped (`quit` or the end of the input).
    Stopped,
}

/// What a person's turn came to.
enum Turn {
    /// A move was played, or the player resigned.
    Moved,
    /// Moves were taken back.
    Undone,
    /// The player stopped.
    Quit,
}

/// A game at the terminal.
pub(super) struct Table {
    pub(super) session: Box<dyn DynSession>,
    pub(super) seats: Vec<Seat>,
    /// Two or more people share the terminal in a game of hidden information.
    pub(super) hot_seat: bool,
    /// The person whose view is on the screen.
    pub(super) shown_to: Option<Player>,
    /// For the `random` command.
    pub(super) rng: GameRng,
    /// The agent of the `hint` command: its spec, and the agent once asked.
    pub(super) hint: (String, Option<Box<dyn DynAgent>>),
    /// The rules, for making the hint agent.
    pub(super) game: Box<dyn plateau::DynGame>,
    /// The seed of the hint agent.
    pub(super) hint_seed: u64,
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
    let (game, loaded) = match &record_to_load(registry, args) {
        Some(path) => {
            let (record, session) = record_file::open(registry, path)?;
            (
                record_file::rules_of(registry, &record)?,
                Some((record, session)),
            )
        }
        None => {
            let name = args.game.as_deref().unwrap_or_default();
            (load_game(registry, name, &args.rules)?, None)
        }
    };
    let seed = match &loaded {
        Some((record, _)) => record.seed,
        None => crate::common::seeds::seed_or_clock(args.seed),
    };
    let secret = |offset| crate::common::seeds::secret_seed(args.seed, seed, offset);
    let specs = [&args.p1, &args.p2];
    let mut seats = vec![
        Seat::parse("--p1", specs[0], game.as_ref(), secret(1))?,
        Seat::parse("--p2", specs[1], game.as_ref(), secret(2))?,
    ];
    // A hint agent given is checked now; the default one is made when asked.
    let hint = match &args.hint {
        Some(spec) => {
            let agent = crate::agents::make_agent(game.as_ref(), spec, secret(4))
                .map_err(|e| CliError::usage(format!("--hint: {e}")))?;
            (spec.clone(), Some(agent))
        }
        None => ("ai".to_string(), None),
    };
    let players = game.num_players();
    while seats.len() < players {
        seats.push(Seat::Human);
    }
    seats.truncate(players);
    let mut presets = Presets::default();
    let session = match loaded {
        Some((_, session)) => session,
        None => {
            let session = game.new_session(seed);
            let pending = setups::resolve(session.as_ref(), &entries)?;
            setups::check_reachable(session.as_ref(), &pending)?;
            presets = Presets {
                pending,
                rng: Some(setups::setup_rng(secret(0))),
            };
            session
        }
    };
    let humans = seats.iter().filter(|s| s.is_human()).count();
    let mut table = Table {
        hot_seat: session.hidden_information() && humans >= 2,
        session,
        seats,
        shown_to: None,
        rng: plateau::rng(secret(3)),
        hint,
        game,
        hint_seed: secret(4),
        presets,
    };
    // The setups of the players who set up first; the others' wait for
    // their turn.
    table.play_presets()?;
    if !args.plain && tui::terminal_is_interactive() {
        return tui::run(table, args.save.as_deref(), args.overwrite, io);
    }
    let game = table.game.as_ref();
    // Specs as given: a seed drawn in secret is not shown.
    let who: Vec<String> = table
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {}", game.player_name(Player(i as u8)), s.describe()))
        .collect();
    say(
        io,
        &format!(
            "{} ({}), seed {seed}: {}. Type 'help' for the commands.",
            game.name(),
            game.variant(),
            who.join(", ")
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
    /// Plays the command line's setup of the player to move, if one is
    /// waiting (and of the next, while each is); `true` if any was played.
    fn play_presets(&mut self) -> CliResult<bool> {
        let mut any = false;
        while self.play_one_preset()? {
            any = true;
        }
        Ok(any)
    }

    /// Plays the command line's setup of the player to move, if one is
    /// waiting; `true` if it was played.
    pub(super) fn play_one_preset(&mut self) -> CliResult<bool> {
        let (Some(rng), Status::ToMove(p)) = (self.presets.rng.as_mut(), self.session.status())
        else {
            return Ok(false);
        };
        let Some(i) = self.presets.pending.iter().position(|(q, _)| *q == p) else {
            return Ok(false);
        };
        let mut due = vec![self.presets.pending.remove(i)];
        Ok(setups::play_due(&mut self.session, &mut due, rng)? > 0)
    }

    pub(super) fn is_human(&self, p: Player) -> bool {
        self.seats.get(p.index()).is_some_and(Seat::is_human)
    }

    pub(super) fn name(&self, p: Player) -> String {
        self.session.player_name(p)
    }

    /// Whose eyes the screen is for: the one person at the terminal, or the
    /// person to move; `None` when only automatic players play (everything
    /// is shown).
    pub(super) fn viewer(&self) -> Option<Player> {
        let humans: Vec<Player> = (0..self.seats.len())
            .map(|i| Player(i as u8))
            .filter(|p| self.is_human(*p))
            .collect();
        match humans.len() {
            0 => None,
            1 => Some(humans[0]),
            _ => match self.session.status() {
                Status::ToMove(p) if self.is_human(p) => Some(p),
                _ => self.shown_to.or(Some(humans[0])),
            },
        }
    }

    /// Plays until the game is over or the players stop.
    fn play(&mut self, io: &mut Io<'_>) -> CliResult<Ended> {
        loop {
            let p = match self.session.status() {
                Status::Over(_) => return Ok(Ended::Over),
                Status::ToMove(p) => p,
            };
            saving::in_progress(Some(self.session.record()));
            if self.play_presets()? {
                continue;
            }
            if self.is_human(p) {
                match self.human_turn(p, io)? {
                    Turn::Moved | Turn::Undone => {}
                    Turn::Quit => return Ok(Ended::Stopped),
                }
            } else {
                self.agent_turn(p, io)?;
            }
        }
    }

    fn agent_turn(&mut self, p: Player, io: &mut Io<'_>) -> CliResult {
        let Some(Seat::Agent(spec, agent)) = self.seats.get_mut(p.index()) else {
            return Err(CliError::failed("no automatic player for this seat"));
        };
        let spec = spec.clone();
        let choice = crate::agents::choose(agent.as_mut(), self.session.as_ref())
            .map_err(CliError::failed)?;
        self.session
            .play(&choice.mv)
            .map_err(|e| CliError::failed(format!("{spec} chose a move that was refused: {e}")))?;
        self.report_last_move(self.viewer(), io)?;
        // With hidden information the agent's values and other moves would
        // tell of its own hidden pieces: only its time and work are shown.
        let thought = if self.session.hidden_information() {
            let mut plain = choice.clone();
            plain.top.clear();
            plain.value = None;
            crate::agents::describe_choice(&plain)
        } else {
            crate::agents::describe_choice(&choice)
        };
        say(io, &format!("  ({spec}: {thought})"))
    }

    /// The hint agent's move for `p`, the person to move, from their view
    /// only; nothing is played.
    fn hint(&mut self, p: Player, io: &mut Io<'_>) -> CliResult {
        if self.hint.1.is_none() {
            match crate::agents::make_agent(self.game.as_ref(), &self.hint.0, self.hint_seed) {
                Ok(agent) => self.hint.1 = Some(agent),
                Err(e) => return say(io, &format!("No hint: {e}.")),
            }
        }
        let Some(agent) = self.hint.1.as_mut() else {
            return Ok(());
        };
        let spec = agent.spec();
        say(io, &format!("Thinking ({spec})..."))?;
        match crate::agents::choose(agent.as_mut(), self.session.as_ref()) {
            Ok(choice) => say(
                io,
                &format!(
                    "Hint for {}: {} ({})",
                    self.name(p),
                    choice.mv,
                    crate::agents::describe_choice(&choice)
                ),
            ),
            Err(e) => say(io, &format!("No hint: {e}.")),
        }
    }

    fn report_last_move(&self, viewer: Option<Player>, io: &mut Io<'_>) -> CliResult {
        if let Some(report) = last_move_report(self.session.as_ref(), viewer) {
            say(io, &report)?;
        }
        Ok(())
    }

    fn show_board(&self, p: Player, io: &mut Io<'_>) -> CliResult {
        say(io, "")?;
        // The last move is marked on the board; its words were told before.
        write!(
            io.out,
            "{}",
            ensure_newline(self.session.render_marked(Some(p)))
        )?;
        say(io, &status_line(self.session.as_ref()))?;
        if !self.session.moves_enumerable() {
            if let Some(hint) = self.session.move_hint() {
                say(io, &hint)?;
            }
            say(io, "(type 'random' for a random one)")?;
        }
        Ok(())
    }

    /// Hands the terminal over to `p` when another person's view is on it.
    /// Returns false when the input ended.
    fn hand_over(&mut self, p: Player, io: &mut Io<'_>) -> CliResult<bool> {
        if self.hot_seat && self.shown_to != Some(p) {
            clear(io)?;
            let prompt = format!("Pass to {}, then press Enter.", title(&self.name(p)));
            if ask(io, &prompt)?.is_none() {
                return Ok(false);
            }
            clear(io)?;
            self.shown_to = Some(p);
            self.report_last_move(Some(p), io)?;
        }
        self.shown_to = Some(p);
        Ok(true)
    }

    fn human_turn(&mut self, p: Player, io: &mut Io<'_>) -> CliResult<Turn> {
        if !self.hand_over(p, io)? {
            return Ok(Turn::Quit);
        }
        self.show_board(p, io)?;
        let prompt = format!("{}> ", self.name(p));
        loop {
            let Some(line) = ask(io, &prompt)? else {
                return Ok(Turn::Quit);
            };
            let command = line.trim();
            match command.to_ascii_lowercase().as_str() {
                "" => continue,
                "help" | "?" => self.help(io)?,
                "rules" => say(
                    io,
                    rules_panel::plain_markdown(
                        &self
                            .game
                            .rules_text()
                            .map_or_else(|| self.game.summary(), str::to_string),
                    )
                    .trim_end(),
                )?,
                "moves" => self.list_moves(io)?,
                "board" => {
                    self.report_last_move(self.viewer(), io)?;
                    self.show_board(p, io)?;
                }
                "hint" => self.hint(p, io)?,
                "quit" | "exit" => return Ok(Turn::Quit),
                "save" => {
                    self.save_prompt(io)?;
                }
                "undo" if self.session.hidden_information() => say(
                    io,
                    "Moves cannot be taken back in a game with hidden information: \
                     taking back a move would show what it revealed and let you try again.",
                )?,
                "undo" => {
                    if self.undo(p) {
                        say(io, "Taken back.")?;
                        return Ok(Turn::Undone);
                    }
                    say(io, "There is no move of yours to take back.")?;
                }
                "resign" => {
                    self.session.resign(p);
                    say(io, &format!("{} resigns.", title(&self.name(p))))?;
                    return Ok(Turn::Moved);
                }
                "random" => {
                    let Some(mv) = self.session.random_move(&mut self.rng) else {
                        say(io, "There is no legal move.")?;
                        continue;
                    };
                    self.session
                        .play(&mv)
                        .map_err(|e| CliError::failed(format!("random move refused: {e}")))?;
                    self.after_human_move(p, io)?;
                    return Ok(Turn::Moved);
                }
                _ => match self.session.play(command) {
                    Ok(()) => {
                        self.after_human_move(p, io)?;
                        return Ok(Turn::Moved);
                    }
                    // A free-form move (a setup) is secret: never echoed.
                    Err(e) if !self.session.moves_enumerable() => say(
                        io,
                        &format!(
                            "Not played: {}. Try again ('help' lists the commands).",
                            placement::reason_only(&e)
                        ),
                    )?,
                    Err(e) => say(
                        io,
                        &format!(
                            "{}. Try again ('moves' lists the legal moves, 'help' the commands).",
                            crate::common::error::shorten_words(&e.to_string())
                        ),
                    )?,
                },
            }
        }
    }

    /// After a person's move: describe it; with two people sharing the
    /// terminal, let the mover read it, then hide their board.
    fn after_human_move(&mut self, p: Player, io: &mut Io<'_>) -> CliResult {
        if !self.hot_seat {
            return self.report_last_move(self.viewer(), io);
        }
        self.report_last_move(Some(p), io)?;
        let next_is_other_person = matches!(
            self.session.status(),
            Status::ToMove(q) if q != p && self.is_human(q)
        );
        if next_is_other_person {
            // The mover sees their own board (a setup just made) before hiding it.
            say(io, "")?;
            write!(
                io.out,
                "{}",
                ensure_newline(self.session.render_marked(Some(p)))
            )?;
            // End of input here still hides the board; the next prompt sees it too.
            ask(io, "Press Enter to hide your board.")?;
            clear(io)?;
            self.shown_to = None;
        }
        Ok(())
    }

    /// Takes back moves until `p`, who asks, is to move again, having taken
    /// back at least one move of theirs (and what was played since); false
    /// (and nothing changed) if there is none.
    pub(super) fn undo(&mut self, p: Player) -> bool {
        let mut work = self.session.clone_box();
        while work.undo() {
            if work.status() == Status::ToMove(p) {
                self.session = work;
                return true;
            }
        }
        false
    }

    fn list_moves(&self, io: &mut Io<'_>) -> CliResult {
        if !self.session.moves_enumerable() {
            say(io, "The moves here cannot be listed; enter one as text.")?;
            if let Some(hint) = self.session.move_hint() {
                say(io, &hint)?;
            }
            return Ok(());
        }
        let moves = self.session.legal_moves();
        say(io, &legal_moves_listing(&moves, console::width()))
    }

    fn help(&self, io: &mut Io<'_>) -> CliResult {
        let example = self
            .session
            .legal_moves()
            .first()
            .map(|m| format!(", e.g. {m}"))
            .unwrap_or_default();
        let text = format!(
            "Commands:\n  \
             MOVE     play a move in the game's notation{example}\n  \
             moves    list the legal moves\n  \
             random   play a random legal move for you\n  \
             hint     ask the computer for a move (it sees only your view)\n  \
             board    show the board again\n  \
             rules    the game's rules, numbered as the messages cite them\n  \
             undo     take back your last move and what was played since (not with hidden information)\n  \
             resign   give up the game\n  \
             save     save the game to a file (asks before replacing one)\n  \
             quit     stop playing (the game is autosaved; --load continues it)\n  \
             help     this text"
        );
        say(io, &text)
    }

    /// The result, the final position, and the record saved if wanted: a
    /// game stopped before its end is autosaved; the question about saving
    /// wants a file name or `no` (an empty line asks again, so that a
    /// habitual Enter decides nothing).
    fn finish(
        &mut self,
        ended: Ended,
        save: Option<&std::path::Path>,
        overwrite: bool,
        io: &mut Io<'_>,
    ) -> CliResult {
        match ended {
            Ended::Over => {
                if self.hot_seat {
                    clear(io)?;
                    self.report_last_move(None, io)?;
                }
                say(io, "")?;
                write!(
                    io.out,
                    "{}",
                    ensure_newline(self.session.render_marked(None))
                )?;
                say(io, &format!("Result: {}", self.session.describe_status()))?;
            }
            Ended::Stopped => {
                if self.hot_seat {
                    clear(io)?;
                }
                say(
                    io,
                    &format!("Stopped: {}", status_line(self.session.as_ref())),
                )?;
                match saving::autosave(&self.session.record()) {
                    Ok(path) => say(
                        io,
                        &format!(
                            "Autosaved to {}; `plateau play --load {}` continues it.",
                            path.display(),
                            path.display()
                        ),
                    )?,
                    Err(e) => say(io, &format!("Cannot autosave: {}", e.one_line()))?,
                }
            }
        }
        let record = self.session.record();
        // A --save file made since the start is replaced only if asked.
        let save = match save {
            Some(path) if !overwrite && saving::would_overwrite(path) => {
                say(
                    io,
                    &format!("{} exists now; it is not replaced unasked.", path.display()),
                )?;
                None
            }
            save => save,
        };
        if let Some(path) = save {
            match record_file::write(path, &record) {
                Ok(()) => return say(io, &format!("Saved to {}.", path.display())),
                Err(e) => {
                    // The game is not lost: another name is asked for, and
                    // not saving then is the error.
                    say(io, &format!("Cannot save: {}", e.one_line()))?;
                    return if self.save_prompt(io)? {
                        Ok(())
                    } else {
                        Err(e)
                    };
                }
            }
        }
        self.save_prompt(io).map(|_| ())
    }

    /// Asks for a file and saves the record there, asking before replacing
    /// a file; `no` (or the end of the input) saves nothing. True when saved.
    fn save_prompt(&mut self, io: &mut Io<'_>) -> CliResult<bool> {
        let record = self.session.record();
        loop {
            let Some(answer) = ask(io, "Save the record? File name, or 'no': ")? else {
                return Ok(false);
            };
            let answer = answer.trim();
            if answer.is_empty() {
                continue;
            }
            if matches!(answer.to_ascii_lowercase().as_str(), "no" | "n") {
                say(io, "Not saved.")?;
                return Ok(false);
            }
            let path = std::path::Path::new(answer);
            if saving::would_overwrite(path) {
                let question = format!("{answer} exists. Replace it? (yes/no): ");
                let replace = ask(io, &question)?;
                if !replace
                    .as_deref()
                    .map(str::trim)
                    .is_some_and(|r| r.eq_ignore_ascii_case("yes") || r.eq_ignore_ascii_case("y"))
                {
                    say(io, "Kept the file; choose another name.")?;
                    continue;
                }
            }
            match record_file::write(path, &record) {
                Ok(()) => {
                    say(io, &format!("Saved to {answer}."))?;
                    return Ok(true);
                }
                Err(e) => say(io, &format!("Cannot save: {}", e.one_line()))?,
            }
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
