//! A walk to the flag that nothing can stop: whether a side surely captures
//! its opponent's flag within a few of its moves (S9.1), found by a check
//! much cheaper than search ([`plateau::SearchHooks::forced_win`]).
//!
//! Each movable piece of the attacking side walks (a scout runs, S4.3)
//! towards the enemy flag by a breadth-first search over the board: through
//! empty squares and the enemy pieces it would remove by attacking them (S5),
//! never through its own pieces, lakes or enemy pieces it does not beat. The
//! defender answers with every movable piece it has, each as fast as it
//! moves: a piece that beats or ties the walker (S5) stops it on any square
//! of its walk the piece can attack by the time the walker stands there, and
//! a piece the walker does not beat stops it on any square the piece can
//! occupy before the walker gets there. The walker may go round such
//! squares. If, with all of that, it still reaches the flag within the
//! moves allowed, the flag falls. The defender is given more than it has
//! (its pieces may pass through the attacker's as if they took them, and
//! several of its pieces may answer one walker while others walk), so a
//! flag found lost is lost to every defence the rules allow, save a win of
//! the defender's own first and the rules of repetition (S7, S8).
//!
//! Search asks it at the horizon about the searching player's own flag,
//! which it knows, in every state it draws: a walk at the flag longer than
//! the search is deep then counts in the states where the walker is strong
//! enough.

use crate::bitboard::{bit, shift, Bits};
use crate::combat::Clash;
use crate::params::{Movement, Rules, MAX_ARMY, MAX_KINDS};
use crate::state::StrategoState;

/// The most moves of one side the check looks ahead.
pub(crate) const MAX_RACE: usize = 8;

/// A movable piece as the check sees it.
#[derive(Copy, Clone)]
struct Runner {
    kind: usize,
    at: Bits,
    scout: bool,
}

/// The squares a piece standing on `from` reaches with one move (S4.2,
/// S4.3): for a scout along each line through `pass` and onto the first
/// square of `land` that stops it; one step onto `land` otherwise.
#[inline]
fn one_move(from: Bits, scout: bool, pass: Bits, land: Bits) -> Bits {
    let mut reached = 0;
    for d in 0..4 {
        if scout {
            let mut ray = shift(from, d);
            loop {
                reached |= ray & land;
                let on = ray & pass;
                if on == 0 {
                    break;
                }
                ray = shift(on, d);
            }
        } else {
            reached |= shift(from, d) & land;
        }
    }
    reached
}

impl Rules {
    /// The fewest moves, at most `max_moves`, in which `attacker` surely
    /// captures the enemy flag from `st` (see the module documentation),
    /// with the side to move of `st` moving first. `None` if no walk was
    /// found that no defence stops, if the defender has no flag or several,
    /// during the setups or a pending step (S12.5), and under the mobile
    /// flag (S12.4), which may walk away.
    pub(crate) fn forced_flag_capture(
        &self,
        st: &StrategoState,
        attacker: usize,
        max_moves: u32,
    ) -> Option<u32> {
        let max_moves = (max_moves as usize).min(MAX_RACE);
        if max_moves == 0
            || st.outcome.is_some()
            || st.in_setup()
            || st.pending.is_some()
            || self.arrival
        {
            return None;
        }
        let defender = 1 - attacker;
        let mut flag = None;
        // The defender's squares by kind, and its movable pieces.
        let mut by_kind = [0 as Bits; MAX_KINDS];
        let mut defenders = [Runner {
            kind: 0,
            at: 0,
            scout: false,
        }; MAX_ARMY];
        let mut n_defenders = 0;
        for id in pieces_of(st, defender) {
            let kind = st.kind[id] as usize;
            let at = bit(st.at[id] as usize);
            by_kind[kind] |= at;
            if self.is_flag[kind] {
                if flag.is_some() {
                    return None;
                }
                flag = Some((at, kind));
            } else if self.movable[kind] {
                defenders[n_defenders] = Runner {
                    kind,
                    at,
                    scout: self.moves[kind] == Movement::Scout,
                };
                n_defenders += 1;
            }
        }
        let (flag, flag_kind) = flag?;
        // The attacker's walkers by kind: the movable kinds that take a flag.
        let mut walkers = [0 as Bits; MAX_KINDS];
        for id in pieces_of(st, attacker) {
            let kind = st.kind[id] as usize;
            if self.movable[kind]
                && self.moves[kind] != Movement::Captain
                && self.combat[kind][flag_kind] == Clash::AttackerWins
            {
                walkers[kind] |= bit(st.at[id] as usize);
            }
        }
        let empty = self.squares & !(st.occ[0] | st.occ[1]);
        let defending_first = st.to_move.index() == defender;
        // What each defender reaches by its move j, once needed.
        let mut reach: Option<[[Bits; MAX_RACE + 2]; MAX_ARMY]> = None;
        let mut best: Option<u32> = None;
        for (kind, &starts) in walkers.iter().enumerate() {
            if starts == 0 {
                continue;
            }
            let limit = best.map_or(max_moves, |b| (b as usize - 1).min(max_moves));
            if limit == 0 {
                break;
            }
            let scout = self.moves[kind] == Movement::Scout;
            // The enemy pieces a walker of this kind removes by attacking
            // them (the flag among them).
            let beaten = (0..self.kinds.len())
                .filter(|&d| self.combat[kind][d] == Clash::AttackerWins)
                .fold(0, |m, d| m | by_kind[d]);
            let land = empty | beaten;
            // First all walkers of the kind at once, without the defence:
            // most are too far.
            let all = Runner {
                kind,
                at: starts,
                scout,
            };
            if self.walk(all, limit, flag, |_| (empty, land, 0)).is_none() {
                continue;
            }
            let reach = reach.get_or_insert_with(|| {
                // The defenders pass through every piece that may move out
                // of the way or be taken, even on a scout's run: only their
                // own side's fixed pieces stop them.
                let movers = st.cls[defender].iter().fold(0, |m, c| m | c);
                let pass = self.squares & !(st.occ[defender] & !movers);
                let mut r = [[0 as Bits; MAX_RACE + 2]; MAX_ARMY];
                for (slot, d) in r.iter_mut().zip(&defenders[..n_defenders]) {
                    *slot = self.reach(d, pass, max_moves + 1);
                }
                r
            });
            let mut rest = starts;
            while rest != 0 {
                let at = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let walker = Runner { kind, at, scout };
                let limit = best.map_or(limit, |b| (b as usize - 1).min(limit));
                if limit == 0 {
                    break;
                }
                if let Some(t) = self.defended_walk(
                    walker,
                    limit,
                    flag,
                    empty,
                    land,
                    &defenders[..n_defenders],
                    &reach[..n_defenders],
                    defending_first,
                ) {
                    best = Some(t);
                }
            }
        }
        best
    }

    /// [`Rules::walk`] of one walker against the defence: `defenders` with
    /// what each reaches by its move j (`reach`).
    #[allow(clippy::too_many_arguments)]
    fn defended_walk(
        &self,
        walker: Runner,
        limit: usize,
        flag: Bits,
        empty: Bits,
        land: Bits,
        defenders: &[Runner],
        reach: &[[Bits; MAX_RACE + 2]],
        defending_first: bool,
    ) -> Option<u32> {
        let kind = walker.kind;
        // What the defence does against this walker: the squares its
        // pieces can stand on before the walker's move t (they stop a
        // scout's run; those the walker does not beat stop it landing
        // there), and those a piece that beats or ties it can attack
        // once the walker stands there after its move t.
        let mut before = [0 as Bits; MAX_RACE + 1];
        let mut walls = [0 as Bits; MAX_RACE + 1];
        let mut attacked = [0 as Bits; MAX_RACE + 1];
        let first = usize::from(defending_first);
        for (d, r) in defenders.iter().zip(reach) {
            let stops = matches!(
                self.combat[d.kind][kind],
                Clash::AttackerWins | Clash::BothRemoved
            );
            let wall = self.combat[kind][d.kind] != Clash::AttackerWins;
            for t in 0..=limit {
                if t >= 1 {
                    let there = r[(t - 1 + first).min(MAX_RACE + 1)];
                    before[t] |= there;
                    if wall {
                        walls[t] |= there;
                    }
                }
                if stops && t + first >= 1 {
                    attacked[t] |= r[(t + first).min(MAX_RACE + 1)];
                }
            }
        }
        self.walk(walker, limit, flag, |t| {
            (empty & !before[t], land & !walls[t], attacked[t])
        })
    }

    /// The fewest moves (at most `limit`) in which `walker` reaches `flag`,
    /// where `board(t)` tells for its move t the squares it may pass (a
    /// scout's run), those it may land on, and those it may not stand on
    /// after that move (at `t` = 0: its own square at the start).
    fn walk(
        &self,
        walker: Runner,
        limit: usize,
        flag: Bits,
        board: impl Fn(usize) -> (Bits, Bits, Bits),
    ) -> Option<u32> {
        if walker.at & board(0).2 != 0 {
            return None;
        }
        let mut seen = walker.at;
        let mut frontier = walker.at;
        for t in 1..=limit {
            let (pass, land, attacked) = board(t);
            let reached = one_move(frontier, walker.scout, pass, land) & !seen;
            if reached & flag != 0 {
                return Some(t as u32);
            }
            // The walker stands on what it reached and was not stopped on.
            frontier = reached & !attacked & !flag;
            if frontier == 0 {
                return None;
            }
            seen |= reached;
        }
        None
    }

    /// What the defending piece `d` reaches within j moves, for j from 0 to
    /// `moves` (index j; later indices repeat the last), moving through
    /// `pass` and onto it.
    fn reach(&self, d: &Runner, pass: Bits, moves: usize) -> [Bits; MAX_RACE + 2] {
        let mut out = [d.at; MAX_RACE + 2];
        let mut all = d.at;
        let mut frontier = d.at;
        for (j, slot) in out.iter_mut().enumerate().skip(1) {
            if j <= moves && frontier != 0 {
                frontier = one_move(frontier, d.scout, pass, pass) & !all;
                all |= frontier;
            }
            *slot = all;
        }
        out
    }
}

/// The pieces of `side` on the board, by number.
fn pieces_of(st: &StrategoState, side: usize) -> impl Iterator<Item = usize> + '_ {
    let base = side * MAX_ARMY;
    (base..base + st.placed[side] as usize).filter(move |&id| st.at[id] != 0)
}

#[cfg(test)]
mod tests {
    use crate::Stratego;
    use plateau::{Game, Player, Render, SearchHooks};

    /// A Barrage position: rank 10 first, as `crate::tests::position` reads.
    fn barrage(diagram: &str, to_move: u8) -> (Stratego, crate::StrategoState) {
        let game = Stratego::variant("barrage").unwrap();
        let st = crate::tests::position(&game, diagram, to_move);
        (game, st)
    }

    /// Blue's flag on a10, its bomb on b10 and its miner on a9, its general
    /// on d8; Red's general on a7 walking up the a file.
    const CORNER: &str = "
            bF bB .  .  .  .  .  .  .  .
            b3 .  .  .  .  .  .  .  .  .
            .  .  .  b9 .  .  .  .  .  bX
            r9 .  .  .  .  .  .  .  .  .
            .  .  ~  ~  .  .  ~  ~  .  .
            .  .  ~  ~  .  .  ~  ~  .  .
            .  .  .  .  .  .  .  .  .  .
            .  .  .  .  .  .  .  .  .  .
            .  .  .  .  .  .  .  .  .  rX
            rF rB .  .  .  .  .  .  .  .";

    /// `diagram` with the row of `rank` (10 to 1) replaced by `row`.
    fn with_rank(diagram: &str, rank: usize, row: &str) -> String {
        let mut rows: Vec<&str> = diagram.lines().filter(|l| !l.trim().is_empty()).collect();
        rows[10 - rank] = row;
        rows.join("\n")
    }

    #[test]
    fn s9_1_a_general_walking_at_a_corner_flag_that_no_defender_reaches_wins() {
        // Blue's flag on a10, its bomb on b10 and its miner on a9; Red's
        // general walks up the a file. From a7 it takes the miner on a9 (S5)
        // and the flag with its third move; Blue's general on d8 needs three
        // moves to stand beside a8 and four for a9: too late.
        let diagram = CORNER;
        let (game, st) = barrage(diagram, 1);
        assert_eq!(game.forced_win(&st, Player(0), 4), Some(3));
        assert_eq!(game.forced_win(&st, Player(0), 2), None, "three moves");
        // Red's own flag is not in danger: Blue's pieces are far.
        assert_eq!(game.forced_win(&st, Player(1), 4), None);
        // One rank further back the general is in time: it meets the walker
        // on a8 or b7 (a general ties a general, S5.2).
        let further = with_rank(diagram, 7, ".  .  .  .  .  .  .  .  .  .");
        let further = with_rank(&further, 6, "r9 .  ~  ~  .  .  ~  ~  .  .");
        let (game, st) = barrage(&further, 1);
        assert_eq!(game.forced_win(&st, Player(0), 6), None);
    }

    #[test]
    fn s5_a_walker_that_does_not_beat_the_guard_does_not_get_through() {
        // The same corner, a Red scout walking instead of the general: it
        // does not beat the miner on a9 (S5.2) and the bomb stops it (S5.4).
        let diagram = &with_rank(CORNER, 7, "r2 .  .  .  .  .  .  .  .  .");
        let (game, st) = barrage(diagram, 1);
        assert_eq!(game.forced_win(&st, Player(0), 8), None);
    }

    #[test]
    fn s4_3_a_scout_runs_down_an_open_lane() {
        // Red's flag on a1, the a file open; Blue's scout on b9 runs to a9
        // and down the file: two moves, whoever moves first. Red's marshal
        // on f1 is too far off the file to stand in the way.
        let diagram = "
            .  .  .  .  .  .  .  .  .  bF
            .  b2 .  .  .  .  .  .  .  bB
            .  .  .  .  .  .  .  .  .  .
            .  .  .  .  .  .  .  .  .  .
            .  .  ~  ~  .  .  ~  ~  .  .
            .  .  ~  ~  .  .  ~  ~  .  .
            .  .  .  .  .  .  .  .  .  .
            .  .  .  .  .  .  .  .  .  .
            .  .  .  .  .  .  .  .  .  .
            rF rB .  .  .  rX .  .  .  .";
        let (game, st) = barrage(diagram, 1);
        assert_eq!(game.forced_win(&st, Player(1), 4), Some(2));
        // Red to move first does not help: from f1 its marshal needs more
        // than one move to stand on the a file (b1 is its own bomb).
        let (game, st) = barrage(diagram, 0);
        assert_eq!(game.forced_win(&st, Player(1), 4), Some(2));
        // A Red piece beside the file in time: the marshal on b2 steps to a2
        // with Red to move.
        let near = with_rank(diagram, 1, "rF rB .  .  .  .  .  .  .  .");
        let near = with_rank(&near, 2, ".  rX .  .  .  .  .  .  .  .");
        let (game, st) = barrage(&near, 0);
        assert_eq!(game.forced_win(&st, Player(1), 4), None);
    }

    /// Whether `attacker` captures the flag within `moves` of its own moves
    /// whatever the other side does, the other side's own flag captures
    /// left out (the check does not look for them), by playing every move.
    fn wins_within(
        game: &Stratego,
        st: &crate::StrategoState,
        attacker: Player,
        moves: u32,
    ) -> bool {
        use plateau::Status;
        let Status::ToMove(mover) = game.status(st) else {
            return false;
        };
        let mut legal = Vec::new();
        game.legal_moves(st, &mut legal);
        if mover == attacker {
            if moves == 0 {
                return false;
            }
            legal.iter().any(|mv| {
                let mut next = st.clone();
                game.apply_unchecked(&mut next, mv);
                match game.status(&next) {
                    Status::Over(o) => o.winner == Some(attacker),
                    Status::ToMove(_) => wins_within(game, &next, attacker, moves - 1),
                }
            })
        } else {
            let mut any = false;
            let all = legal.iter().all(|mv| {
                let mut next = st.clone();
                game.apply_unchecked(&mut next, mv);
                match game.status(&next) {
                    // The defender's own win is what the check leaves out.
                    Status::Over(o) => o.winner.is_some(),
                    Status::ToMove(_) => {
                        any = true;
                        wins_within(game, &next, attacker, moves)
                    }
                }
            });
            all && any
        }
    }

    #[test]
    fn s9_1_a_capture_found_lost_is_lost_to_every_defence_in_random_games() {
        // Barrage positions of random games: wherever the check finds a
        // capture within two moves of the attacker's, playing every move
        // confirms it (the defender's own captures of a flag aside, and
        // positions where a piece is held by the rules of repetition).
        let game = Stratego::variant("barrage").unwrap();
        let mut found = [0; 3];
        for seed in 0..25 {
            let mut rng = plateau::rng(seed);
            let mut st = game.initial_state(seed);
            while game.play_random(&mut st, &mut rng) {
                // The check leaves out the rules of repetition (S7, S8).
                let repeating = (0..2).any(|s| st.series[s].count >= 2 || st.chase[s].active);
                if st.in_setup() || repeating {
                    continue;
                }
                for attacker in [Player(0), Player(1)] {
                    if let Some(t) = game.forced_win(&st, attacker, 2) {
                        assert!(
                            wins_within(&game, &st, attacker, t),
                            "seed {seed}, ply {}: {attacker:?} in {t}\n{}",
                            st.plies(),
                            game.render_state(&st)
                        );
                        found[t as usize] += 1;
                    }
                }
            }
        }
        assert!(found[1] > 50 && found[2] > 50, "{found:?}");
    }
}
