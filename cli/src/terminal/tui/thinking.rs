//! Automatic players (and the hint agent) thinking on another thread,
//! and the time they take.

use super::*;
use crate::terminal::Seat;
use plateau::{DynAgent, DynChoice, DynSession, Status};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// An automatic player (or the hint agent) choosing in the background.
pub(super) struct Thinking {
    /// Who thinks, for the spinner.
    pub(super) label: String,
    pub(super) started: Instant,
    /// The seat whose agent it is, or `None` for the hint agent.
    pub(super) seat: Option<usize>,
    /// The agent's time budget, when its spec gives one (for the progress
    /// bar).
    pub(super) budget: Option<Duration>,
    pub(super) answer: mpsc::Receiver<(Box<dyn DynAgent>, Result<DynChoice, String>)>,
}

/// Stands in a seat while its agent thinks on another thread.
pub(super) struct Busy;

impl DynAgent for Busy {
    fn spec(&self) -> String {
        "busy".into()
    }
    fn choose(&mut self, _session: &dyn DynSession) -> Option<DynChoice> {
        None
    }
    fn new_game(&mut self) {}
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
    /// Starts the automatic player of the seat to move, if it is one.
    pub(super) fn start_agent(&mut self) {
        if self.thinking.is_some() || self.screen != Screen::Play {
            return;
        }
        let Status::ToMove(p) = self.session().status() else {
            return;
        };
        let Some(Seat::Agent(spec, agent)) = self.table.seats.get_mut(p.index()) else {
            return;
        };
        let label = format!("{} ({spec})", self.table.session.player_name(p));
        let agent = std::mem::replace(agent, Box::new(Busy));
        self.thinking = Some(self.think(label, Some(p.index()), agent));
    }

    pub(super) fn think(
        &self,
        label: String,
        seat: Option<usize>,
        mut agent: Box<dyn DynAgent>,
    ) -> Thinking {
        let budget = time_budget(&agent.spec());
        let session = self.table.session.clone_box();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let choice = crate::agents::choose(agent.as_mut(), session.as_ref());
            let _ = tx.send((agent, choice));
        });
        Thinking {
            label,
            started: Instant::now(),
            seat,
            budget,
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
        let Some((agent, choice)) = answer else {
            return;
        };
        let thinking = self.thinking.take().expect("thinking");
        match thinking.seat {
            Some(i) => {
                if let Some(Seat::Agent(_, slot)) = self.table.seats.get_mut(i) {
                    *slot = agent;
                }
                match choice {
                    Ok(choice) => {
                        if let Err(e) = self.table.session.play(&choice.mv) {
                            self.say(format!("{} chose a refused move: {e}", thinking.label));
                            self.quit = true;
                            return;
                        }
                        let mut shown = choice.clone();
                        if self.session().hidden_information() {
                            // Values and other moves would tell of its hidden pieces.
                            shown.top.clear();
                            shown.value = None;
                        }
                        self.after_move(None);
                        let thought = crate::agents::describe_choice(&shown);
                        self.say(format!("  ({}: {thought})", thinking.label));
                    }
                    Err(e) => {
                        self.say(e);
                        self.quit = true;
                    }
                }
            }
            None => {
                self.table.hint.1 = Some(agent);
                match choice {
                    Ok(choice) if self.active_editor().is_some() => {
                        // A placement hint goes into the editor, to review.
                        let session = self.table.session.as_ref();
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
                    Ok(choice) => {
                        let squares = self
                            .session()
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
                    Err(e) => self.say(format!("No hint: {e}.")),
                }
            }
        }
    }

    pub(super) fn hint(&mut self) {
        if self.thinking.is_some() {
            return;
        }
        let agent = match self.table.hint.1.take() {
            Some(agent) => agent,
            None => match crate::agents::make_agent(
                self.table.game.as_ref(),
                &self.table.hint.0,
                self.table.hint_seed,
            ) {
                Ok(agent) => agent,
                Err(e) => return self.say(format!("No hint: {e}.")),
            },
        };
        let label = format!("hint ({})", agent.spec());
        self.thinking = Some(self.think(label, None, agent));
    }
}
