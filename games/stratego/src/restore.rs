//! Reading a state back from its JSON form ([`crate::state_json`]): the
//! rules' legend and board, the pieces on their setup squares, then the
//! public history replayed on them. The replay rebuilds the engine's tables
//! (board, lists of movers, bitboards, trays, removal order) with the same
//! steps as play (`play.rs`), so a state read back equals the state written;
//! every square, flag and count the JSON gives is checked against it.
//!
//! Also [`Rules::check_state`]: whether a state fits some rules.

use crate::bitboard::bit;
use crate::board::{self, Square, BOARD_LEN, DIRS, MAX_FILES, MAX_RANKS};
use crate::combat::Clash;
use crate::end::{
    FLAG_CAPTURED, FLAG_REACHED_BACK_ROW, MOVE_CAP, NO_LEGAL_MOVE, NO_MOVABLE_PIECES,
};
use crate::legend::{KindLegend, Legend};
use crate::params::{Rules, BLOCKED, EMPTY, MAX_ARMY, MAX_KINDS, NO_CLASS, SCOUT_CLASS};
use crate::play::list_base;
use crate::state::{Combat, Event, Pending, StrategoState, MARKED, MOVED, REVEALED};
use crate::state_json::{
    square, ChaseJson, EventJson, MovesJson, PendingJson, PieceJson, SideJson, StateError,
    StateJson,
};
use crate::zobrist;
use plateau::{Outcome, Player};
use std::borrow::Cow;
use std::sync::Arc;

/// An error with this message.
fn err(message: impl Into<String>) -> StateError {
    StateError(message.into())
}

/// The reasons of S10 a state may end with.
const REASONS: [&str; 5] = [
    FLAG_CAPTURED,
    FLAG_REACHED_BACK_ROW,
    NO_MOVABLE_PIECES,
    NO_LEGAL_MOVE,
    MOVE_CAP,
];

/// A piece of the JSON: its kind, the cell it was set up on, and its index
/// in `pieces`.
#[derive(Copy, Clone)]
struct Origin {
    kind: u8,
    cell: usize,
    index: usize,
}

impl StateJson {
    /// The state this JSON describes, rebuilt and checked.
    pub(crate) fn restore(&self) -> Result<StrategoState, StateError> {
        let legend = self.legend()?;
        let template = self.template(&legend)?;
        let mut r = Restore {
            st: StrategoState::blank(&template, Arc::new(legend)),
            template,
            last: None,
        };
        let origins = r.origins(&self.pieces)?;
        r.replay(&self.history, &origins)?;
        r.check_pieces(&self.pieces, &origins)?;
        r.check_counts(self)?;
        r.turn(self, &origins)?;
        for (s, side) in self.sides.iter().enumerate() {
            r.records(s, side)?;
        }
        if let Some(p) = &self.pending_step {
            r.pending(p)?;
        }
        r.st.hash = position_key(&r.st);
        Ok(r.st)
    }

    /// The legend: the board's size, the sides and the kinds, checked.
    fn legend(&self) -> Result<Legend, StateError> {
        let b = &self.board;
        if !(2..=MAX_FILES).contains(&b.files) {
            return Err(err(format!(
                "board.files: {} is not 2 to {MAX_FILES}",
                b.files
            )));
        }
        if !(2..=MAX_RANKS).contains(&b.ranks) {
            return Err(err(format!(
                "board.ranks: {} is not 2 to {MAX_RANKS}",
                b.ranks
            )));
        }
        let sides = [0, 1].map(|s| self.sides[s].name.clone());
        for (s, name) in sides.iter().enumerate() {
            if name.trim().is_empty() {
                return Err(err(format!("sides[{s}].name: a side needs a name")));
            }
        }
        if sides[0] == sides[1] {
            return Err(err(format!("sides: both sides are named \"{}\"", sides[0])));
        }
        if self.kinds.is_empty() || self.kinds.len() > MAX_KINDS {
            return Err(err(format!(
                "kinds: {} kinds of piece; there are 1 to {MAX_KINDS}",
                self.kinds.len()
            )));
        }
        let mut kinds: Vec<KindLegend> = Vec::with_capacity(self.kinds.len());
        for (i, k) in self.kinds.iter().enumerate() {
            if k.name.trim().is_empty() {
                return Err(err(format!("kinds[{i}].name: a kind needs a name")));
            }
            if kinds.iter().any(|o| o.name == k.name) {
                return Err(err(format!(
                    "kinds[{i}]: a second kind named \"{}\"",
                    k.name
                )));
            }
            if k.movable && matches!(k.moves, MovesJson::Fixed | MovesJson::Mobile) {
                return Err(err(format!(
                    "kinds[{i}] ({}): a piece that moves \"{}\" is no movable piece (S9): \"movable\" is false",
                    k.name,
                    if k.moves == MovesJson::Fixed { "fixed" } else { "mobile" }
                )));
            }
            kinds.push(KindLegend {
                name: k.name.clone(),
                symbol: k.symbol,
                class: k.moves.class(),
                movable: k.movable,
            });
        }
        Ok(Legend {
            files: b.files,
            ranks: b.ranks,
            sides,
            kinds,
        })
    }

    /// The empty board: blocked outside the board and on the lakes.
    fn template(&self, legend: &Legend) -> Result<[u8; BOARD_LEN], StateError> {
        let mut template = [BLOCKED; BOARD_LEN];
        for sq in board::squares(legend.files, legend.ranks) {
            template[sq.index()] = EMPTY;
        }
        for (i, &lake) in self.board.lakes.iter().enumerate() {
            if lake.file() >= legend.files || lake.rank() >= legend.ranks {
                return Err(err(format!(
                    "board.lakes[{i}]: {lake} is outside the {}×{} board",
                    legend.files, legend.ranks
                )));
            }
            if template[lake.index()] == BLOCKED {
                return Err(err(format!("board.lakes[{i}]: {lake} is listed twice")));
            }
            template[lake.index()] = BLOCKED;
        }
        Ok(template)
    }
}

/// A state being rebuilt.
struct Restore {
    st: StrategoState,
    /// The empty board.
    template: [u8; BOARD_LEN],
    /// The side and cell of the last event, when it was a move whose piece
    /// survived (a reconquest step may follow it).
    last: Option<(usize, usize)>,
}

impl Restore {
    fn legend(&self) -> &Legend {
        &self.st.legend
    }

    /// The number of the side of that name.
    fn side(&self, name: &str, at: &str) -> Result<usize, StateError> {
        let sides = &self.legend().sides;
        sides.iter().position(|s| s == name).ok_or_else(|| {
            err(format!(
                "{at}: unknown side \"{name}\" (the sides are {} and {})",
                sides[0], sides[1]
            ))
        })
    }

    /// The number of the kind of that name.
    fn kind(&self, name: &str, at: &str) -> Result<u8, StateError> {
        let kinds = &self.legend().kinds;
        kinds
            .iter()
            .position(|k| k.name == name)
            .map(|k| k as u8)
            .ok_or_else(|| {
                let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
                err(format!(
                    "{at}: unknown piece \"{name}\" (the pieces are {})",
                    names.join(", ")
                ))
            })
    }

    fn kind_name(&self, kind: u8) -> &str {
        self.legend().kind_name(kind)
    }

    fn side_name(&self, side: usize) -> &str {
        self.legend().side_name(side)
    }

    fn class(&self, kind: u8) -> u8 {
        self.legend().kinds[kind as usize].class
    }

    /// The cell of a square a piece may stand on: on the board, no lake.
    fn open(&self, sq: Square, at: &str) -> Result<usize, StateError> {
        let legend = self.legend();
        if sq.file() >= legend.files || sq.rank() >= legend.ranks {
            return Err(err(format!(
                "{at}: {sq} is outside the {}×{} board",
                legend.files, legend.ranks
            )));
        }
        if self.template[sq.index()] == BLOCKED {
            return Err(err(format!("{at}: {sq} is a lake")));
        }
        Ok(sq.index())
    }

    /// The piece of `side` on `cell`, if any.
    fn piece_of(&self, side: usize, cell: usize) -> Option<usize> {
        let c = self.st.board[cell];
        (c != EMPTY && c != BLOCKED && (c as usize - 1) / MAX_ARMY == side).then(|| c as usize - 1)
    }

    /// Each side's pieces in setup order, checked: known sides and kinds,
    /// setup squares on the board and no lake, no two pieces on one square.
    fn origins(&self, pieces: &[PieceJson]) -> Result<[Vec<Origin>; 2], StateError> {
        let mut out = [Vec::new(), Vec::new()];
        let mut set_up = [None::<usize>; BOARD_LEN];
        let mut standing = [None::<usize>; BOARD_LEN];
        for (i, p) in pieces.iter().enumerate() {
            let side = self.side(&p.side, &format!("pieces[{i}]"))?;
            let kind = self.kind(&p.piece, &format!("pieces[{i}]"))?;
            let at = format!("pieces[{i}] ({} {})", p.side, p.piece);
            if let Some(sq) = p.square {
                let cell = self.open(sq, &at)?;
                if let Some(j) = standing[cell] {
                    return Err(err(format!(
                        "{at}: pieces[{j}] stands on {sq} too (two pieces on one square)"
                    )));
                }
                standing[cell] = Some(i);
            }
            let Some(origin) = p.origin.or(p.square) else {
                return Err(err(format!(
                    "{at}: a removed piece needs its \"origin\", the square it was set up on"
                )));
            };
            let cell = self.open(origin, &at)?;
            if let Some(j) = set_up[cell] {
                return Err(err(format!(
                    "{at}: pieces[{j}] was set up on {origin} too (two pieces on one square)"
                )));
            }
            set_up[cell] = Some(i);
            if out[side].len() == MAX_ARMY {
                return Err(err(format!(
                    "{at}: {} has more than {MAX_ARMY} pieces",
                    p.side
                )));
            }
            out[side].push(Origin {
                kind,
                cell,
                index: i,
            });
        }
        Ok(out)
    }

    /// Replays the history on the pieces: setups place them, moves move and
    /// remove them, returns bring them back.
    fn replay(
        &mut self,
        history: &[EventJson],
        origins: &[Vec<Origin>; 2],
    ) -> Result<(), StateError> {
        for (e, event) in history.iter().enumerate() {
            let at = format!("history[{e}]");
            let after = self.last.take();
            match event {
                EventJson::Setup { side } => {
                    let s = self.side(side, &at)?;
                    let done = self.st.setups_done as usize;
                    if done == 2 || s != done {
                        return Err(err(format!(
                            "{at}: {} sets up first, then {}, once each, before play (S3.2)",
                            self.side_name(0),
                            self.side_name(1)
                        )));
                    }
                    for o in &origins[s] {
                        self.place(s, o.kind, o.cell);
                    }
                    self.st.setups_done += 1;
                    self.st.history.push(Event::Setup {
                        player: Player(s as u8),
                    });
                }
                EventJson::Move {
                    side,
                    from,
                    to,
                    revealed,
                    combat,
                } => {
                    let s = self.side(side, &at)?;
                    let at = format!("{at} ({side} {from}-{to})");
                    if self.st.setups_done < 2 {
                        return Err(err(format!(
                            "{at}: a move before both sides have set up (S3.2)"
                        )));
                    }
                    let (f, t) = (self.open(*from, &at)?, self.open(*to, &at)?);
                    let id = self
                        .piece_of(s, f)
                        .ok_or_else(|| err(format!("{at}: {side} has no piece on {from}")))?;
                    let k = self.st.kind[id];
                    if self.class(k) == NO_CLASS {
                        return Err(err(format!(
                            "{at}: the {} on {from} never moves",
                            self.kind_name(k)
                        )));
                    }
                    if f == t {
                        return Err(err(format!("{at}: a move goes to another square")));
                    }
                    let revealed = match revealed {
                        Some(name) => Some(self.kind(name, &at)?),
                        None => None,
                    };
                    if let Some(r) = revealed.filter(|&r| r != k) {
                        return Err(err(format!(
                            "{at}: the move shows a {}, but the piece on {from} is a {}",
                            self.kind_name(r),
                            self.kind_name(k)
                        )));
                    }
                    let target = self.st.board[t];
                    let fight = match combat {
                        None if target == EMPTY => None,
                        Some(_) if target == EMPTY => {
                            return Err(err(format!(
                                "{at}: a fight on {to}, where no piece stands"
                            )))
                        }
                        _ if self.piece_of(s, t).is_some() => {
                            return Err(err(format!("{at}: {to} holds a piece of {side}")))
                        }
                        None => {
                            return Err(err(format!(
                                "{at}: the move attacks the piece on {to} but gives no \"combat\""
                            )))
                        }
                        Some(c) => {
                            let dk = self.st.kind[target as usize - 1];
                            let attacker = self.kind(&c.attacker, &at)?;
                            if attacker != k {
                                return Err(err(format!(
                                    "{at}: the attacker on {from} is a {}, not a {}",
                                    self.kind_name(k),
                                    c.attacker
                                )));
                            }
                            let defender = match &c.defender {
                                Some(name) => Some(self.kind(name, &at)?),
                                None => None,
                            };
                            if defender.is_some_and(|d| d != dk) {
                                return Err(err(format!(
                                    "{at}: the defender on {to} is a {}, not a {}",
                                    self.kind_name(dk),
                                    c.defender.as_deref().unwrap_or_default()
                                )));
                            }
                            Some(Combat {
                                attacker,
                                defender,
                                result: c.result,
                            })
                        }
                    };
                    let survived = self.step(s, id, f, t, fight);
                    if revealed.is_some() {
                        self.st.flags[id] |= REVEALED;
                    }
                    self.st.history.push(Event::Move {
                        player: Player(s as u8),
                        from: *from,
                        to: *to,
                        revealed,
                        combat: fight,
                    });
                    self.st.plies += 1;
                    if survived {
                        self.last = Some((s, t));
                    }
                }
                EventJson::Return {
                    side,
                    piece,
                    square,
                } => {
                    let s = self.side(side, &at)?;
                    let at = format!("{at} ({side} returns a {piece} to {square})");
                    let arriving = self.step_after(s, after, &at)?;
                    let k = self.kind(piece, &at)?;
                    if self.st.returns[s] >= 2 {
                        return Err(err(format!(
                            "{at}: a side makes at most 2 returns (S12.5c)"
                        )));
                    }
                    let cell = self.open(*square, &at)?;
                    if self.st.board[cell] != EMPTY {
                        return Err(err(format!("{at}: {square} is not empty")));
                    }
                    // As play chooses it: an unmarked piece of that kind if
                    // there is one, the earliest removed (S12.5c).
                    let st = &self.st;
                    let base = s * MAX_ARMY;
                    let id = (base..base + st.placed[s] as usize)
                        .filter(|&i| st.at[i] == 0 && st.kind[i] == k)
                        .min_by_key(|&i| (st.flags[i] & MARKED, st.gone[i]))
                        .ok_or_else(|| err(format!("{at}: {side} has no removed {piece}")))?;
                    self.put_back(s, id, cell);
                    self.st.flags[arriving] |= MARKED;
                    self.st.returns[s] += 1;
                    self.st.history.push(Event::Return {
                        player: Player(s as u8),
                        kind: k,
                        square: *square,
                    });
                }
                EventJson::Skip { side } => {
                    let s = self.side(side, &at)?;
                    self.step_after(s, after, &format!("{at} ({side} skips)"))?;
                    self.st.history.push(Event::Skip {
                        player: Player(s as u8),
                    });
                }
            }
        }
        for (s, pieces) in origins.iter().enumerate() {
            if self.st.placed[s] == 0 && !pieces.is_empty() {
                return Err(err(format!(
                    "pieces: {} has {} pieces, but the history has no setup of {}",
                    self.side_name(s),
                    pieces.len(),
                    self.side_name(s)
                )));
            }
        }
        Ok(())
    }

    /// The piece that made the move a reconquest step of `side` follows
    /// (S12.5e): the last event was that side's move, and its piece
    /// survived.
    fn step_after(
        &self,
        side: usize,
        after: Option<(usize, usize)>,
        at: &str,
    ) -> Result<usize, StateError> {
        match after {
            Some((s, cell)) if s == side => Ok(self.st.board[cell] as usize - 1),
            _ => Err(err(format!(
                "{at}: a return or skip follows a move of the same side that ended on the opponent's back row (S12.5e)"
            ))),
        }
    }

    /// Puts a new piece on the board, as [`Rules::place`] does.
    fn place(&mut self, side: usize, k: u8, cell: usize) {
        let class = self.class(k);
        let movable = self.legend().kinds[k as usize].movable;
        let st = &mut self.st;
        let id = side * MAX_ARMY + st.placed[side] as usize;
        st.placed[side] += 1;
        st.kind[id] = k;
        st.at[id] = cell as u8;
        st.origin[id] = cell as u8;
        st.flags[id] = 0;
        st.board[cell] = id as u8 + 1;
        if movable {
            st.movable[side] += 1;
        }
        st.occ[side] |= bit(cell);
        if class != NO_CLASS {
            st.cls[side][class as usize] |= bit(cell);
            let len = &mut st.movers_len[side][class as usize];
            st.movers[list_base(side, class) + *len as usize] = cell as u8;
            st.slot[id] = *len;
            *len += 1;
        }
    }

    /// A move of play, as [`Rules::apply_step`] makes it, the fight's
    /// result taken from the history. Returns whether the mover survived.
    fn step(
        &mut self,
        side: usize,
        id: usize,
        from: usize,
        to: usize,
        fight: Option<Combat>,
    ) -> bool {
        let class = self.class(self.st.kind[id]);
        let st = &mut self.st;
        st.board[from] = EMPTY;
        st.flags[id] |= MOVED;
        let list = list_base(side, class) + st.slot[id] as usize;
        st.occ[side] ^= bit(from);
        st.cls[side][class as usize] ^= bit(from);
        let arrive = |st: &mut StrategoState| {
            st.board[to] = id as u8 + 1;
            st.at[id] = to as u8;
            st.movers[list] = to as u8;
            st.occ[side] |= bit(to);
            st.cls[side][class as usize] |= bit(to);
        };
        let Some(fight) = fight else {
            arrive(st);
            st.quiet += 1;
            return true;
        };
        let did = st.board[to] as usize - 1;
        st.flags[id] |= REVEALED;
        if fight.defender.is_some() {
            st.flags[did] |= REVEALED;
        }
        st.quiet = 0;
        match fight.result {
            Clash::AttackerWins => {
                self.remove(did, 1 - side);
                arrive(&mut self.st);
                true
            }
            Clash::DefenderWins => {
                self.tray_piece(id, side);
                false
            }
            Clash::BothRemoved => {
                self.remove(did, 1 - side);
                self.tray_piece(id, side);
                false
            }
        }
    }

    /// Takes a piece off the board into the tray, as [`Rules::remove`] does.
    fn remove(&mut self, id: usize, owner: usize) {
        let class = self.class(self.st.kind[id]);
        let st = &mut self.st;
        let cell = st.at[id] as usize;
        st.board[cell] = EMPTY;
        st.occ[owner] &= !bit(cell);
        if class != NO_CLASS {
            st.cls[owner][class as usize] &= !bit(cell);
        }
        self.tray_piece(id, owner);
    }

    /// Puts a piece lifted off the board into the tray, as play does: its
    /// list loses it by a swap with its last entry.
    fn tray_piece(&mut self, id: usize, owner: usize) {
        let k = self.st.kind[id];
        let class = self.class(k);
        let movable = self.legend().kinds[k as usize].movable;
        crate::play::lift_to_tray(&mut self.st, id, owner, class, movable);
    }

    /// Returns a removed piece to an empty cell, as play does (S12.5b).
    fn put_back(&mut self, side: usize, id: usize, cell: usize) {
        let k = self.st.kind[id];
        let class = self.class(k);
        let movable = self.legend().kinds[k as usize].movable;
        let st = &mut self.st;
        st.at[id] = cell as u8;
        st.flags[id] = REVEALED | (st.flags[id] & MARKED);
        st.board[cell] = id as u8 + 1;
        st.tray[side][k as usize] -= 1;
        if movable {
            st.movable[side] += 1;
        }
        st.occ[side] |= bit(cell);
        if class != NO_CLASS {
            st.cls[side][class as usize] |= bit(cell);
            let len = &mut st.movers_len[side][class as usize];
            st.movers[list_base(side, class) + *len as usize] = cell as u8;
            st.slot[id] = *len;
            *len += 1;
        }
    }

    /// Checks each piece's square and flags against the replay.
    fn check_pieces(
        &self,
        pieces: &[PieceJson],
        origins: &[Vec<Origin>; 2],
    ) -> Result<(), StateError> {
        for (s, list) in origins.iter().enumerate() {
            for (n, o) in list.iter().enumerate() {
                let id = s * MAX_ARMY + n;
                let p = &pieces[o.index];
                let at = format!("pieces[{}] ({} {})", o.index, p.side, p.piece);
                let now = square(self.st.at[id]);
                if p.square != now {
                    let name = |sq: Option<Square>| {
                        sq.map_or_else(|| "removed".to_string(), |sq| format!("on {sq}"))
                    };
                    return Err(err(format!(
                        "{at}: \"square\" says it is {}, but the history leaves it {}",
                        name(p.square),
                        name(now)
                    )));
                }
                let flags = self.st.flags[id];
                for (field, given, flag, yes, no) in [
                    (
                        "moved",
                        p.moved,
                        MOVED,
                        "it has moved since it was set up or returned",
                        "it has not moved since it was set up or returned",
                    ),
                    (
                        "revealed",
                        p.revealed,
                        REVEALED,
                        "its rank was shown (S6.2)",
                        "its rank was never shown (S6.2)",
                    ),
                    (
                        "marked",
                        p.marked,
                        MARKED,
                        "it has returned a piece (S12.5c)",
                        "it has returned no piece (S12.5c)",
                    ),
                ] {
                    let found = flags & flag != 0;
                    if given != found {
                        return Err(err(format!(
                            "{at}: \"{field}\" is {given}, but by the history {}",
                            if found { yes } else { no }
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks the counters, trays and returns against the replay.
    fn check_counts(&self, json: &StateJson) -> Result<(), StateError> {
        let st = &self.st;
        let counts = [
            (
                "setups_done",
                json.setups_done as u32,
                st.setups_done as u32,
                "setups",
            ),
            ("plies", json.plies, st.plies, "moves of play"),
            (
                "plies_without_capture",
                json.plies_without_capture,
                st.quiet,
                "moves of play since the last attack",
            ),
        ];
        for (field, given, found, what) in counts {
            if given != found {
                return Err(err(format!(
                    "{field}: {given}, but the history has {found} {what}"
                )));
            }
        }
        for (s, side) in json.sides.iter().enumerate() {
            let at = format!("sides[{s}] ({})", side.name);
            let mut tray = [0u8; MAX_KINDS];
            for (name, &n) in &side.tray {
                tray[self.kind(name, &format!("{at}.tray"))? as usize] = n;
            }
            for (k, kind) in self.legend().kinds.iter().enumerate() {
                if tray[k] != st.tray[s][k] {
                    return Err(err(format!(
                        "{at}.tray: {} {} in the tray, but by the history {}",
                        tray[k], kind.name, st.tray[s][k]
                    )));
                }
            }
            if side.returns != st.returns[s] {
                return Err(err(format!(
                    "{at}.returns: {}, but the history has {} returns of {}",
                    side.returns, st.returns[s], side.name
                )));
            }
        }
        Ok(())
    }

    /// The side to move and the outcome.
    fn turn(&mut self, json: &StateJson, origins: &[Vec<Origin>; 2]) -> Result<(), StateError> {
        let to_move = self.side(&json.to_move, "to_move")?;
        let setups = self.st.setups_done as usize;
        if setups < 2 {
            if to_move != setups {
                return Err(err(format!(
                    "to_move: {} sets up next, not {} (S3.2)",
                    self.side_name(setups),
                    json.to_move
                )));
            }
            if json.outcome.is_some() {
                return Err(err("outcome: the game is not over during the setups"));
            }
            // The second side's setup is still to come on its half.
            let (ranks, files) = (self.legend().ranks, self.legend().files);
            for o in &origins[0] {
                let sq = Square::from_index(o.cell);
                if sq.rank() >= ranks - ranks / 2 {
                    return Err(err(format!(
                        "pieces[{}]: during the setups, {}'s pieces stand on its half of the {files}×{ranks} board, not on {sq}",
                        o.index,
                        self.side_name(0)
                    )));
                }
            }
        }
        self.st.to_move = Player(to_move as u8);
        if let Some(o) = &json.outcome {
            let winner = match &o.winner {
                Some(name) => Some(Player(self.side(name, "outcome.winner")? as u8)),
                None => None,
            };
            let reason = REASONS.iter().find(|r| **r == o.reason).ok_or_else(|| {
                err(format!(
                    "outcome.reason: unknown reason \"{}\" (the reasons are {})",
                    o.reason,
                    REASONS.join(", ")
                ))
            })?;
            self.st.outcome = Some(Outcome {
                winner,
                reason: Cow::Borrowed(reason),
                scores: None,
                capped: *reason == MOVE_CAP,
            });
        }
        Ok(())
    }

    /// A side's two-squares series and chase.
    fn records(&mut self, s: usize, side: &SideJson) -> Result<(), StateError> {
        let at = format!("sides[{s}] ({})", side.name);
        let cell = |sq: Option<Square>| sq.map_or(0, |sq| sq.index() as u8);
        let series = &mut self.st.series[s];
        series.from = cell(side.two_squares.from);
        series.to = cell(side.two_squares.to);
        series.count = side.two_squares.count;
        let ChaseJson {
            square,
            threatens,
            active,
            positions,
        } = &side.chase;
        let threats = threat_mask(*square, threatens, &format!("{at}.chase"))?;
        let positions = positions
            .iter()
            .enumerate()
            .map(|(i, key)| {
                u64::from_str_radix(key, 16).map_err(|_| {
                    err(format!(
                        "{at}.chase.positions[{i}]: \"{key}\" is no position key (up to 16 hexadecimal digits)"
                    ))
                })
            })
            .collect::<Result<Vec<u64>, StateError>>()?;
        let chase = &mut self.st.chase[s];
        chase.square = cell(*square);
        chase.threats = threats;
        chase.active = *active;
        chase.positions = positions;
        Ok(())
    }

    /// The pending reconquest step: it follows the last move, of the side to
    /// move, whose piece stands on the step's square.
    fn pending(&mut self, p: &PendingJson) -> Result<(), StateError> {
        let side = self.st.to_move.index();
        if self.st.outcome.is_some() {
            return Err(err("pending_step: the game is over"));
        }
        if self.last != Some((side, p.square.index())) {
            return Err(err(format!(
                "pending_step: a reconquest step follows the last move, a move of {} that ended on {} (S12.5e)",
                self.side_name(side),
                p.square
            )));
        }
        if self.st.returns[side] >= 2 {
            return Err(err(format!(
                "pending_step: {} has made its 2 returns (S12.5c)",
                self.side_name(side)
            )));
        }
        let piece = self.st.board[p.square.index()] - 1;
        let scout = self.class(self.st.kind[piece as usize]) == SCOUT_CLASS;
        if p.skip_only != scout {
            return Err(err(format!(
                "pending_step.skip_only: {}, but the piece on {} is {}a scout (only a scout may only skip, S12.5c)",
                p.skip_only,
                p.square,
                if scout { "" } else { "not " }
            )));
        }
        self.st.pending = Some(Pending {
            piece,
            to: p.square.index() as u8,
            threats: threat_mask(Some(p.square), &p.threatens, "pending_step")?,
            judged: p.judged,
            skip_only: p.skip_only,
        });
        Ok(())
    }
}

/// The directions from `from` of the squares `threatened`, a bit each.
fn threat_mask(from: Option<Square>, threatened: &[Square], at: &str) -> Result<u8, StateError> {
    let mut mask = 0;
    for (i, sq) in threatened.iter().enumerate() {
        let Some(from) = from else {
            return Err(err(format!(
                "{at}.threatens[{i}]: {sq} is threatened from no square (give \"square\")"
            )));
        };
        let d = DIRS
            .iter()
            .position(|&off| (from.index() as isize + off) as usize == sq.index())
            .ok_or_else(|| err(format!("{at}.threatens[{i}]: {sq} is not next to {from}")))?;
        mask |= 1 << d;
    }
    Ok(mask)
}

/// The Zobrist key of the pieces on the board (S8.3).
fn position_key(st: &StrategoState) -> u64 {
    (0..2)
        .flat_map(|s| (s * MAX_ARMY..s * MAX_ARMY + st.placed[s] as usize).map(move |id| (s, id)))
        .filter(|&(_, id)| st.at[id] != 0)
        .fold(0, |key, (s, id)| {
            key ^ zobrist::key(st.at[id] as usize, s, st.kind[id])
        })
}

impl Rules {
    /// Whether a state fits these rules: the same board, sides and kinds of
    /// piece (with the same movement), pieces of a side still setting up in
    /// its home area, and no outcome missing that the rules would have
    /// decided (S9).
    pub(crate) fn check_state(&self, st: &StrategoState) -> Result<(), StateError> {
        let (mine, theirs) = (&*self.legend, &*st.legend);
        if (theirs.files, theirs.ranks) != (mine.files, mine.ranks) {
            return Err(err(format!(
                "the state's board is {}×{}; these rules' is {}×{}",
                theirs.files, theirs.ranks, mine.files, mine.ranks
            )));
        }
        if theirs.sides != mine.sides {
            return Err(err(format!(
                "the state's sides are {} and {}; these rules' are {} and {}",
                theirs.sides[0], theirs.sides[1], mine.sides[0], mine.sides[1]
            )));
        }
        let names = |l: &Legend| {
            l.kinds
                .iter()
                .map(|k| k.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if theirs.kinds.len() != mine.kinds.len()
            || theirs
                .kinds
                .iter()
                .zip(&mine.kinds)
                .any(|(a, b)| a.name != b.name)
        {
            return Err(err(format!(
                "the state's pieces are {}; these rules' are {}",
                names(theirs),
                names(mine)
            )));
        }
        for (a, b) in theirs.kinds.iter().zip(&mine.kinds) {
            if a != b {
                let moves = |k: &KindLegend| {
                    format!(
                        "symbol {}, moves \"{}\"{}",
                        k.symbol,
                        MovesJson::of_class(k.class).name(),
                        if k.movable { ", movable" } else { "" }
                    )
                };
                return Err(err(format!(
                    "the state's {} has {}; under these rules it has {}",
                    a.name,
                    moves(a),
                    moves(b)
                )));
            }
        }
        let lakes = |board: &[u8; BOARD_LEN]| {
            board::squares(mine.files, mine.ranks)
                .filter(|sq| board[sq.index()] == BLOCKED)
                .map(|sq| sq.to_string())
                .collect::<Vec<_>>()
        };
        let (their_lakes, my_lakes) = (lakes(&st.board), lakes(&self.template));
        if their_lakes != my_lakes {
            return Err(err(format!(
                "the state's lakes are [{}]; these rules' are [{}]",
                their_lakes.join(", "),
                my_lakes.join(", ")
            )));
        }
        for s in 0..2 {
            let mut counts = [0usize; MAX_KINDS];
            for id in s * MAX_ARMY..s * MAX_ARMY + st.placed[s] as usize {
                counts[st.kind[id] as usize] += 1;
            }
            for (kind, &n) in self.kinds.iter().zip(&counts) {
                if n > kind.count as usize {
                    return Err(err(format!(
                        "the state has {n} {} {}s; the army has {} (S2)",
                        mine.sides[s], kind.name, kind.count
                    )));
                }
            }
        }
        if st.in_setup() {
            for s in 0..2 {
                for id in s * MAX_ARMY..s * MAX_ARMY + st.placed[s] as usize {
                    let sq = Square::from_index(st.at[id] as usize);
                    if !self.home[s].contains(&sq) {
                        return Err(err(format!(
                            "the {} {} on {sq} stands outside {}'s home area (S3.1)",
                            mine.sides[s], mine.kinds[st.kind[id] as usize].name, mine.sides[s]
                        )));
                    }
                }
            }
        } else if st.outcome.is_none() {
            // S9.1: a captured flag ends the game.
            for s in 0..2 {
                if let Some(k) =
                    (0..self.kinds.len()).find(|&k| self.is_flag[k] && st.tray[s][k] > 0)
                {
                    return Err(err(format!(
                        "the {} {} is captured, so the game is over (S9.1), but the state has no outcome",
                        mine.sides[s], mine.kinds[k].name
                    )));
                }
            }
            if st.pending.is_some() {
                return Ok(());
            }
            if let Some(o) = self.end_check(st, 1 - st.to_move.index(), false) {
                return Err(err(format!(
                    "under these rules the game is over ({}), but the state has no outcome",
                    o.reason
                )));
            }
        }
        Ok(())
    }
}
