//! Automatic players (and the hint agent) thinking on another thread,
//! and the time they take.

use super::*;
use plateau::matches::AgentTurn;
use plateau::DynChoice;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What a background thread gives back.
pub(super) enum Answer {
    /// The agent's turn, thought through, to give back to the match.
    Agent(AgentTurn),
    /// The hint's move, if it found one.
    Hint(Option<DynChoice>),
}

/// An automatic player (or the hint agent) choosing in the background.
pub(super) struct Thinking {
    /// Who thinks, for the spinner.
    pub(super) label: String,
    pub(super) started: Instant,
    /// The agent's time budget, when its spec gives one (for the progress
    /// bar).
    pub(super) budget: Option<Duration>,
    pub(super) answer: mpsc::Receiver<Answer>,
}

/// The time budget of an agent spec (`time=...`), if it has one.
pub(super) fn time_budget(spec: &str) -> Option<Duration> {
    let spec = plateau::ai::Spec::parse(spec).ok()?;
    plateau::ai::parse_duration(spec.get("time")?).ok()
}

/// A bar of ten cells filled as `elapsed` goes towards `budget`.
pub(super) fn progress_bar(elapsed: Duration, budget: Duration) -> String {
    let filled = if budget.is_zero() {
        10
    } else {
        ((elapsed.as_secs_f64() / budget.as_secs_f64()) * 10.0).min(10.0) as usize
    };
    format!("[{}{}]", "■".repeat(filled), "·".repeat(10 - filled))
}

impl App {
    /// Starts the automatic player of the seat to move, if it is one: the
    /// match gives its turn out, it thinks on another thread, and the turn
    /// goes back to the match when it answers.
    pub(super) fn start_agent(&mut self) {
        if self.thinking.is_some() || self.screen != Screen::Play {
            return;
        }
        let Some(mut turn) = self.table.m.take_agent_turn() else {
            return;
        };
        let p = turn.seat();
        let spec = self
            .table
            .m
            .occupants()
            .get(p.index())
            .map(crate::terminal::seats::describe)
            .unwrap_or_default();
        let label = format!("{} ({spec})", self.table.name(p));
        self.thinking = Some(self.think(label, &spec, move || {
            turn.think();
            Answer::Agent(turn)
        }));
    }

    /// Runs `job` on another thread; its answer comes back through
    /// [`App::poll_thinking`].
    pub(super) fn think(
        &self,
        label: String,
        spec: &str,
        job: impl FnOnce() -> Answer + Send + 'static,
    ) -> Thinking {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(job());
        });
        Thinking {
            label,
            started: Instant::now(),
            budget: time_budget(spec),
            answer: rx,
        }
    }

    /// Takes the answer of the thinking agent, if there is one (`wait`:
    /// waits for it).
    pub(super) fn poll_thinking(&mut self, wait: bool) {
        let Some(thinking) = &self.thinking else {
            return;
        };
        let answer = if wait {
            thinking.answer.recv().ok()
        } else {
            thinking.answer.try_recv().ok()
        };
        let Some(answer) = answer else {
            return;
        };
        let thinking = self.thinking.take().expect("thinking");
        match answer {
            Answer::Agent(turn) => {
                let choice = turn.choice().cloned();
                match self.table.m.finish_agent_turn(turn) {
                    Ok(Some(_)) => {}
                    // The position changed meanwhile: the move is dropped.
                    Ok(None) => return,
                    Err(e) => {
                        self.say(format!("{}: {e}", thinking.label));
                        self.quit = true;
                        return;
                    }
                }
                let Some(mut shown) = choice else {
                    return;
                };
                if self.session().hidden_information() {
                    // Values and other moves would tell of its hidden pieces.
                    shown.top.clear();
                    shown.value = None;
                }
                self.after_move(None);
                let thought = crate::agents::describe_choice(&shown);
                self.say(format!("  ({}: {thought})", thinking.label));
                if let Some(line) = self.typed_ahead.take() {
                    if self.human_to_move().is_some() {
                        self.command(&line);
                    }
                }
            }
            Answer::Hint(choice) => {
                match choice {
                    Some(choice) if self.active_editor().is_some() => {
                        // A placement hint goes into the editor, to review.
                        let session = self.table.m.session();
                        let loaded = self
                            .editor
                            .as_mut()
                            .map(|e| e.load_text(session, &choice.mv));
                        match loaded {
                            Some(Ok(())) => self.say(format!(
                                "The hint's setup is on the board: review it, Ctrl-D confirms ({}).",
                                crate::agents::describe_choice(&choice)
                            )),
                            _ => self.say("No hint for this setup."),
                        }
                    }
                    Some(choice) => {
                        let squares = self
                            .table
                            .legal_move_squares()
                            .into_iter()
                            .find(|(m, _)| *m == choice.mv)
                            .map(|(_, s)| s)
                            .unwrap_or_default();
                        if let (Some(first), Some(b)) = (squares.first(), self.board()) {
                            if let Some(at) = b.board.locate(first, self.to_move()) {
                                self.cursor = at;
                                // The hinted piece selected: its targets show.
                                if squares.len() > 1 {
                                    self.selected = Some(at);
                                }
                            }
                        }
                        self.say(format!(
                            "Hint: {} ({})",
                            choice.mv,
                            crate::agents::describe_choice(&choice)
                        ))
                    }
                    None => self.say(format!("No hint: {} found no move.", thinking.label)),
                }
            }
        }
    }

    /// Asks the match for a hint for the person to move, from their view
    /// only; it thinks on another thread.
    pub(super) fn hint(&mut self) {
        if self.thinking.is_some() {
            return;
        }
        let spec = self.table.hint.clone();
        let job = match self.table.m.hint_job(self.table.client, &spec) {
            Ok(job) => job,
            Err(e) => return self.say(format!("No hint: {e}.")),
        };
        let label = format!("hint ({spec})");
        self.thinking = Some(self.think(label, &spec, move || Answer::Hint(job.run())));
    }
}
