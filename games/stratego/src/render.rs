//! Text boards and move descriptions, for the whole state and for a
//! player's view (which shows nothing more than the view holds, S6.4).

use crate::board::Square;
use crate::combat::Clash;
use crate::notation::Move;
use crate::params::Rules;
use crate::state::{Combat, Event, StrategoState};
use crate::view::{StrategoView, ViewSquare};
use plateau::{Player, Status};
use std::fmt::Write;

/// Upper-cases the first letter of a name.
pub(crate) fn title(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl Rules {
    fn side(&self, p: Player) -> String {
        title(&self.names[p.index()])
    }

    fn kind_name(&self, k: u8) -> &str {
        self.kinds.get(k as usize).map_or("?", |k| k.name.as_str())
    }

    fn symbol(&self, k: u8) -> char {
        self.kinds.get(k as usize).map_or('?', |k| k.symbol)
    }

    /// The board as a grid of 3-character cells, seen from `seat` (side 1
    /// sees its own home at the bottom: ranks and files reversed). With
    /// `marks`, each cell has a column before it, `>` on the squares marked
    /// and blank elsewhere.
    fn grid(
        &self,
        seat: Player,
        marks: Option<&[Square]>,
        cell: impl Fn(Square) -> String,
    ) -> String {
        let files: Vec<u8> = if seat.index() == 1 {
            (0..self.files).rev().collect()
        } else {
            (0..self.files).collect()
        };
        let ranks: Vec<u8> = if seat.index() == 1 {
            (0..self.ranks).collect()
        } else {
            (0..self.ranks).rev().collect()
        };
        let mut header = String::from("    ");
        for &f in &files {
            if marks.is_some() {
                header.push(' ');
            }
            let _ = write!(header, " {} ", (b'a' + f) as char);
        }
        let mut out = format!("{}\n", header.trim_end());
        for &r in &ranks {
            let _ = write!(out, "{:>3} ", r + 1);
            for &f in &files {
                let sq = Square::new(f, r).expect("board squares exist");
                if let Some(marks) = marks {
                    out.push(if marks.contains(&sq) { '>' } else { ' ' });
                }
                out.push_str(&cell(sq));
            }
            let _ = writeln!(out, " {}", r + 1);
        }
        out.push_str(header.trim_end());
        out.push('\n');
        out
    }

    /// The line of both trays, and under reconquest (S12.5) the line of
    /// both players' returns so far.
    fn trays_and_returns(&self, out: &mut String, trays: [&[u8]; 2], returns: [usize; 2]) {
        let _ = writeln!(
            out,
            "Tray: {} {} | {} {}",
            self.side(Player(0)),
            self.tray_text(trays[0]),
            self.side(Player(1)),
            self.tray_text(trays[1])
        );
        if self.reconquest {
            let _ = writeln!(
                out,
                "Returns (S12.5, at most 2): {} {} | {} {}",
                self.side(Player(0)),
                returns[0],
                self.side(Player(1)),
                returns[1]
            );
        }
    }

    pub(crate) fn tray_text(&self, tray: &[u8]) -> String {
        let parts: Vec<String> = tray
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(k, &n)| {
                if n == 1 {
                    self.symbol(k as u8).to_string()
                } else {
                    format!("{}×{n}", self.symbol(k as u8))
                }
            })
            .collect();
        if parts.is_empty() {
            "-".into()
        } else {
            parts.join(" ")
        }
    }

    /// Whose turn it is, without a move number: the front ends number the
    /// moves once, in their own status line.
    fn status_line(&self, status: &Status, in_setup: bool, pending: bool) -> String {
        match status {
            Status::ToMove(p) if pending => format!(
                "{} reached the back row: return a piece (return PIECE SQUARE) or skip (S12.5).",
                self.side(*p)
            ),
            Status::Over(o) => match o.winner {
                Some(w) => format!("Game over: {} wins ({}).", self.side(w), o.reason),
                None => format!("Game over: draw ({}).", o.reason),
            },
            Status::ToMove(p) if in_setup => format!("{} to set up.", self.side(*p)),
            Status::ToMove(p) => format!("{} to move.", self.side(*p)),
        }
    }

    /// The whole state: every piece shown (an explicit request).
    pub(crate) fn render_state(&self, st: &StrategoState, status: &Status) -> String {
        self.render_state_with(st, status, None)
    }

    /// [`Rules::render_state`] with the squares of the last move flagged
    /// `>` and no `Last:` line (the front end tells the move itself).
    pub(crate) fn render_state_marked(&self, st: &StrategoState, status: &Status) -> String {
        self.render_state_with(st, status, Some(&event_squares(st.last.as_ref())))
    }

    fn render_state_with(
        &self,
        st: &StrategoState,
        status: &Status,
        marks: Option<&[Square]>,
    ) -> String {
        let mut out = self.grid(Player(0), marks, |sq| match st.piece_at(sq) {
            Some(p) if p.owner.index() == 0 => format!(" {} ", self.symbol(p.kind)),
            Some(p) => format!("[{}]", self.symbol(p.kind)),
            None if self.is_lake(sq) => " ~ ".into(),
            None => " . ".into(),
        });
        let _ = writeln!(
            out,
            "{}: plain symbols; {}: [symbol]; ~ {}.",
            self.side(Player(0)),
            self.side(Player(1)),
            self.lake_name
        );
        self.trays_and_returns(
            &mut out,
            [&st.tray[0], &st.tray[1]],
            st.returns.map(usize::from),
        );
        self.last_line(&mut out, st.last.as_ref(), marks);
        out.push_str(&self.status_line(status, st.in_setup(), st.pending.is_some()));
        out.push('\n');
        out
    }

    /// A player's view from their seat.
    pub(crate) fn render_view(&self, view: &StrategoView) -> String {
        self.render_view_with(view, None)
    }

    /// [`Rules::render_view`] with the squares of the last move as the view
    /// holds them flagged `>` (squares only: what stands there is drawn as
    /// the view shows it), and no `Last:` line (the front end tells the
    /// move itself).
    pub(crate) fn render_view_marked(&self, view: &StrategoView) -> String {
        self.render_view_with(view, Some(&event_squares(view.last_event.as_ref())))
    }

    fn render_view_with(&self, view: &StrategoView, marks: Option<&[Square]>) -> String {
        let mut out = self.grid(view.viewer, marks, |sq| match view.square(sq) {
            Some(ViewSquare::Own { kind, revealed, .. }) => {
                format!(" {}{}", self.symbol(kind), if revealed { '*' } else { ' ' })
            }
            Some(ViewSquare::Opponent { kind, moved }) => {
                let s = kind.map_or('?', |k| self.symbol(k));
                if moved {
                    format!("({s})")
                } else {
                    format!("[{s}]")
                }
            }
            Some(ViewSquare::Lake) => " ~ ".into(),
            _ => " . ".into(),
        });
        let _ = writeln!(
            out,
            "You are {}. Yours: symbol (* = known to {}). {}: [?] unknown, (?) has moved, [9] known. ~ {}.",
            self.side(view.viewer),
            self.side(view.viewer.opponent()),
            self.side(view.viewer.opponent()),
            self.lake_name,
        );
        let returns = [view.returns(Player(0)), view.returns(Player(1))];
        self.trays_and_returns(&mut out, [&view.trays[0], &view.trays[1]], returns);
        self.last_line(&mut out, view.last_event.as_ref(), marks);
        let in_setup = view.in_setup();
        out.push_str(&self.status_line(&view.status, in_setup, view.step_pending()));
        out.push('\n');
        out
    }

    /// The line under the board about the last event: in words (`Last:
    /// ...`) on a board without marks, else what the marks are, if any.
    fn last_line(&self, out: &mut String, last: Option<&Event>, marks: Option<&[Square]>) {
        match (last, marks) {
            (Some(e), None) => {
                let _ = writeln!(out, "Last: {}", self.describe_event(e));
            }
            (_, Some(marks)) if !marks.is_empty() => {
                out.push_str("> the squares of the last move.\n");
            }
            _ => {}
        }
    }

    /// A public event in words: what both players saw.
    pub(crate) fn describe_event(&self, e: &Event) -> String {
        match *e {
            Event::Setup { player } => format!("{} set up.", self.side(player)),
            Event::Move {
                player,
                from,
                to,
                revealed,
                combat,
            } => {
                let mover = match (combat, revealed) {
                    (Some(c), _) => format!("{} {}", self.side(player), self.kind_name(c.attacker)),
                    (None, Some(k)) => format!("{} {}", self.side(player), self.kind_name(k)),
                    (None, None) => self.side(player),
                };
                match combat {
                    None if revealed.is_some_and(|k| self.is_flag[k as usize]) => format!(
                        "{mover} {from}-{to} reaches the {} back row.",
                        self.side(player.opponent())
                    ),
                    None => format!("{mover} {from}-{to}."),
                    Some(Combat {
                        defender: None,
                        result: Clash::DefenderWins,
                        ..
                    }) => {
                        // S12.6: the silent defender stays hidden.
                        format!(
                            "{mover} {from}-{to} attacks a hidden {} piece and loses: it stays hidden.",
                            self.side(player.opponent()),
                        )
                    }
                    Some(c) => {
                        let defender = c
                            .defender
                            .map_or("piece".to_string(), |k| self.kind_name(k).to_string());
                        let result = match c.result {
                            Clash::AttackerWins
                                if c.defender.is_some_and(|k| self.is_flag[k as usize]) =>
                            {
                                format!("and captures the {defender}")
                            }
                            Clash::AttackerWins => format!("and wins: the {defender} is removed"),
                            Clash::DefenderWins => format!("and loses: the {defender} stays"),
                            Clash::BothRemoved => "and both are removed".to_string(),
                        };
                        format!(
                            "{mover} {from}-{to} attacks the {} {defender} {result}.",
                            self.side(player.opponent()),
                        )
                    }
                }
            }
            Event::Return {
                player,
                kind,
                square,
            } => format!(
                "{} returns a {} to {square} (S12.5).",
                self.side(player),
                self.kind_name(kind)
            ),
            Event::Skip { player } => format!("{} returns no piece (S12.5).", self.side(player)),
        }
    }

    /// What a move did, as `audience` may know it.
    pub(crate) fn describe_move(
        &self,
        before: &StrategoState,
        mv: &Move,
        audience: Audience,
    ) -> Option<String> {
        let mover = before.to_move;
        match mv {
            Move::Setup(s) => Some(if audience.knows_side(mover) {
                format!("{} set up: setup {}", self.side(mover), self.setup_text(s))
            } else {
                format!("{} set up.", self.side(mover))
            }),
            Move::Step { from, to } => {
                if before.in_setup() || self.check_step(before, *from, *to).is_err() {
                    return None;
                }
                let p = before.piece_at(*from)?;
                let mut after = before.clone();
                self.apply_step(&mut after, from.index(), to.index());
                let mut event = after.last?;
                let mut hidden = false;
                if let Event::Move {
                    combat: Some(c), ..
                } = &mut event
                {
                    // S12.6: the defender's side and the full account know
                    // the silent defender; its attacker and onlookers do not.
                    if c.defender.is_none() && audience.knows_side(mover.opponent()) {
                        c.defender = before.piece_at(*to).map(|d| d.kind);
                        hidden = true;
                    }
                }
                let mut text = self.describe_event(&event);
                if hidden {
                    let _ = write!(text, " It stays hidden from {}.", self.side(mover));
                }
                let knows = audience.knows_side(mover) || p.revealed;
                let shown = matches!(
                    event,
                    Event::Move {
                        revealed: Some(_),
                        ..
                    } | Event::Move {
                        combat: Some(_),
                        ..
                    }
                );
                if knows && !shown {
                    text = format!(
                        "{} {} {from}-{to}.",
                        self.side(mover),
                        self.kind_name(p.kind)
                    );
                }
                if after.pending.is_some() {
                    let _ = write!(text, " {} may return a piece (S12.5).", self.side(mover));
                }
                Some(text)
            }
            Move::Return { kind, square } => {
                self.check_return(before, Some((*kind, *square))).ok()?;
                Some(self.describe_event(&Event::Return {
                    player: mover,
                    kind: *kind,
                    square: *square,
                }))
            }
            Move::Skip => {
                self.check_return(before, None).ok()?;
                Some(self.describe_event(&Event::Skip { player: mover }))
            }
        }
    }
}

/// The squares an event took place on, where it started first: a step's
/// origin and target, a returned piece's square; none for a setup or a
/// skip. Only squares: both players see them at the table.
fn event_squares(event: Option<&Event>) -> Vec<Square> {
    match event {
        Some(Event::Move { from, to, .. }) => vec![*from, *to],
        Some(Event::Return { square, .. }) => vec![*square],
        _ => Vec::new(),
    }
}

/// Who a description of a move is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Audience {
    /// The full account: everything.
    All,
    /// One player: their own secrets and what they were shown.
    Player(Player),
    /// Anyone watching: only what both players were shown.
    Public,
}

impl Audience {
    /// Whether the audience knows what `side` knows of its own pieces.
    fn knows_side(self, side: Player) -> bool {
        match self {
            Audience::All => true,
            Audience::Player(p) => p == side,
            Audience::Public => false,
        }
    }
}
