//! The `--plain` console of `plateau play`: a person's turn at the line
//! prompt, the hand-over between two people, the end of the game and
//! saving. Every move, undo and resignation goes through the match.

use super::console::{self, ask, clear, say, title};
use super::play::Table;
use super::{legal_moves_listing, placement, rules_panel, saving, seats};
use crate::common::error::{CliError, CliResult};
use crate::common::record_file;
use crate::common::text::status_line;
use crate::Io;
use plateau::matches::{MoveRef, UndoOutcome};
use plateau::{Player, Status};

/// How a game in the terminal ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Ended {
    /// The game is over.
    Over,
    /// The players stopped (`quit` or the end of the input).
    Stopped,
}

/// What a person's turn came to.
pub(super) enum Turn {
    /// A move was played, or the player resigned.
    Moved,
    /// Moves were taken back.
    Undone,
    /// The player stopped.
    Quit,
}

impl Table {
    /// Plays until the game is over or the players stop.
    pub(super) fn play(&mut self, io: &mut Io<'_>) -> CliResult<Ended> {
        loop {
            if self.m.status().is_over() {
                return Ok(Ended::Over);
            }
            saving::in_progress(Some(self.record()));
            if self.play_presets()? {
                continue;
            }
            if let Some(p) = self.person_to_move() {
                match self.human_turn(p, io)? {
                    Turn::Moved | Turn::Undone => {}
                    Turn::Quit => return Ok(Ended::Stopped),
                }
            } else {
                self.agent_turn(io)?;
            }
        }
    }

    /// The agent to move thinks and plays through the match.
    fn agent_turn(&mut self, io: &mut Io<'_>) -> CliResult {
        let Some(mut turn) = self.m.take_agent_turn() else {
            return Err(CliError::failed("no automatic player for this seat"));
        };
        turn.think();
        let choice = turn.choice().cloned();
        let spec = self
            .m
            .occupants()
            .get(turn.seat().index())
            .map(seats::describe)
            .unwrap_or_default();
        self.m
            .finish_agent_turn(turn)
            .map_err(|e| CliError::failed(e.to_string()))?;
        self.report_last_move(self.viewer(), io)?;
        let Some(choice) = choice else {
            return Ok(());
        };
        // With hidden information the agent's values and other moves would
        // tell of its own hidden pieces: only its time and work are shown.
        let thought = if self.m.session().hidden_information() {
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
    /// only (the match gives the agent that view); nothing is played.
    fn hint(&mut self, p: Player, io: &mut Io<'_>) -> CliResult {
        let spec = self.hint.clone();
        say(io, &format!("Thinking ({spec})..."))?;
        match self.m.hint(self.client, &spec) {
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

    pub(super) fn report_last_move(&self, viewer: Option<Player>, io: &mut Io<'_>) -> CliResult {
        if let Some(report) = self.last_move_report(viewer) {
            say(io, &report)?;
        }
        Ok(())
    }

    fn show_board(&self, p: Player, io: &mut Io<'_>) -> CliResult {
        say(io, "")?;
        // The last move is marked on the board; its words were told before.
        write!(io.out, "{}", self.board_text(Some(p)))?;
        say(io, &status_line(self.session()))?;
        if !self.session().moves_enumerable() {
            if let Some(hint) = self.session().move_hint() {
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

    pub(super) fn human_turn(&mut self, p: Player, io: &mut Io<'_>) -> CliResult<Turn> {
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
                            .m
                            .game()
                            .rules_text()
                            .map_or_else(|| self.m.game().summary(), str::to_string),
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
                "undo" => match self.m.request_undo(self.client) {
                    Ok(UndoOutcome::Done { .. }) => {
                        say(io, "Taken back.")?;
                        return Ok(Turn::Undone);
                    }
                    Ok(_) => say(io, "Not taken back.")?,
                    Err(e) => say(io, &format!("Not taken back: {e}."))?,
                },
                "resign" => {
                    if let Err(e) = self.m.resign(self.client) {
                        say(io, &format!("Cannot resign: {e}."))?;
                        continue;
                    }
                    say(io, &format!("{} resigns.", title(&self.name(p))))?;
                    return Ok(Turn::Moved);
                }
                "random" => {
                    let Some(mv) = self.m.session().random_move(&mut self.rng) else {
                        say(io, "There is no legal move.")?;
                        continue;
                    };
                    self.m
                        .play(self.client, MoveRef::Text(mv))
                        .map_err(|e| CliError::failed(format!("random move refused: {e}")))?;
                    self.after_human_move(p, io)?;
                    return Ok(Turn::Moved);
                }
                _ => match self.m.play(self.client, MoveRef::Text(command.to_string())) {
                    Ok(_) => {
                        self.after_human_move(p, io)?;
                        return Ok(Turn::Moved);
                    }
                    // A free-form move (a setup) is secret: never echoed.
                    Err(e) if !self.session().moves_enumerable() => say(
                        io,
                        &format!(
                            "Not played: {}. Try again ('help' lists the commands).",
                            placement::refusal_reason(self.session(), command, &e)
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
            self.m.status(),
            Status::ToMove(q) if q != p && self.is_human(q)
        );
        if next_is_other_person {
            // The mover sees their own board (a setup just made) before hiding it.
            say(io, "")?;
            write!(io.out, "{}", self.board_text(Some(p)))?;
            // End of input here still hides the board; the next prompt sees it too.
            ask(io, "Press Enter to hide your board.")?;
            clear(io)?;
            self.shown_to = None;
        }
        Ok(())
    }

    /// The legal moves the match gives the person to move here.
    fn list_moves(&self, io: &mut Io<'_>) -> CliResult {
        let view = self.m.view(self.client);
        if !view.moves_enumerable {
            say(io, "The moves here cannot be listed; enter one as text.")?;
            if let Some(hint) = view.move_hint {
                say(io, &hint)?;
            }
            return Ok(());
        }
        say(
            io,
            &legal_moves_listing(&view.legal_moves, console::width()),
        )
    }

    fn help(&self, io: &mut Io<'_>) -> CliResult {
        let example = self
            .m
            .view(self.client)
            .legal_moves
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
             undo     take back your last move and the reply (two people here: the last move);\n           \
                      never a move that hid or showed hidden information\n  \
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
    pub(super) fn finish(
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
                write!(io.out, "{}", self.board_text(None))?;
                say(io, &format!("Result: {}", self.session().describe_status()))?;
            }
            Ended::Stopped => {
                if self.hot_seat {
                    clear(io)?;
                }
                say(io, &format!("Stopped: {}", status_line(self.session())))?;
                match saving::autosave(&self.record()) {
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
        let record = self.record();
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
        let record = self.record();
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
