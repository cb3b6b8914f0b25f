//! The conformance kit: seeded random playouts that check, at every step,
//! the contract of [`Game`] that every game must keep. Every game's tests run
//! it (`plateau::conformance::check(&game, &Config::default())`).

use crate::{FullGame, Game, Outcome, Player, Session, Status};
use rand::Rng;
use std::collections::{HashMap, HashSet};

/// The most positions of one [`check`] whose random move is tested for
/// uniformity.
const UNIFORMITY_POSITIONS: usize = 8;
/// The most legal moves of a position tested for uniformity.
const UNIFORMITY_MAX_MOVES: usize = 16;
/// Draws per legal move in a uniformity test.
const DRAWS_PER_MOVE: usize = 60;
/// Every how many plies a key is computed again, on the same position and
/// on a clone.
const KEY_RECHECK_EVERY: usize = 4;
/// The most positions kept by key to look for keys shared by different
/// positions.
const KEYED_POSITIONS: usize = 20_000;

/// How much the kit plays.
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of random games.
    pub games: usize,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Moves per game at most (`0` = play to the end).
    pub max_plies: usize,
    /// Illegal candidate moves tried per position.
    pub illegal_tries: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 20,
            seed: 1,
            max_plies: 400,
            illegal_tries: 3,
        }
    }
}

/// Runs the kit and panics with a message naming the game, seed, ply and
/// broken property at the first failure. At every step it checks that:
/// - there are no duplicate legal moves, and a finished game lists none;
/// - a game that is not over has a legal move (or a free-form move);
/// - every listed move applies with `try_apply`, and notation round-trips
///   (format then parse gives the same move);
/// - moves that are not in the list (seen in other positions) are rejected
///   and leave the state unchanged;
/// - the random move is legal;
/// - malformed notation (legal moves' texts cut, changed in case, with digits
///   changed or characters added, and fixed garbage) never panics: reading
///   it gives a move or an error, and applying what it reads gives the new
///   state or an error that leaves the state unchanged;
/// - the state's JSON is written the same way every time, and the view
///   serialization round-trips;
/// - `random_move` is uniform: at a few positions with 2 to 16 legal moves,
///   a χ² test of 60 draws per move (the threshold is generous: a
///   probability of about 3·10⁻⁷ for a uniform draw, and the seeds are
///   fixed, so a uniform draw never fails);
/// - `play_random` plays what `random_move` draws on the same random
///   stream, and leaves the stream where `random_move` does;
/// - a clone is equal to the original, and applying a move to a clone gives
///   what applying it to the original gives, with the original unchanged
///   until then (clones share nothing that a move changes);
/// - `state_key` is a pure function: the same key every time, the same for
///   the same position reached on a clone (checked every fourth ply); and positions
///   of the random games with the same key are equal, or differ only in what does
///   not decide the future (same status, same legal moves, and the same
///   keys after each of them);
/// - at the end, `returns` agrees with the outcome: every return is in
///   `[-1, 1]`, the winner's is above every other player's, a two-player
///   draw sums to zero (the kit's own cap, an outcome marked
///   [`Outcome::capped`], included);
/// - for hidden information, a determinized state is consistent: its view for
///   the player equals the player's view (two states that differ only in what
///   the player cannot see give identical views);
///
/// - a placement the game describes ([`FreeFormMoves::placement`](crate::FreeFormMoves::placement)) round-trips
///   through [`FreeFormMoves::placement_of`](crate::FreeFormMoves::placement_of) and [`FreeFormMoves::placement_move`](crate::FreeFormMoves::placement_move), within its
///   area and its tray;
///
/// and after each game that its record round-trips through JSON and replays
/// to the same final state.
///
/// Nothing assumes that turns alternate: the player to move is always read
/// from [`Game::status`], so a game where one player acts twice in a row
/// (Quinque's second action, Stratego's reconquest step) is checked alike.
pub fn check<G: FullGame>(game: &G, config: &Config) {
    let mut pool: Vec<G::Move> = Vec::new();
    let mut pool_set: HashSet<G::Move> = HashSet::new();
    let mut uniformity_left = UNIFORMITY_POSITIONS;
    // The positions seen in all games, by key.
    let mut keys: HashMap<u64, G::State> = HashMap::new();
    let cap = Outcome::cap("conformance-cap");
    check_returns(
        game,
        &cap,
        &Ctx {
            id: G::ID,
            seed: config.seed,
            ply: 0,
        },
    );
    for g in 0..config.games {
        let seed = config.seed.wrapping_add(g as u64);
        let mut rng = crate::rng(seed ^ 0x5eed_c0f0);
        let mut session = Session::new(game.clone(), "conformance", seed);
        let mut moves = Vec::new();
        let mut ply = 0;
        // The key of the position to check, as computed after the last move.
        let mut expected_key = None;
        loop {
            let ctx = Ctx {
                id: G::ID,
                seed,
                ply,
            };
            let state = session.state().clone();
            check_serialization(game, &state, &ctx);
            // Keys are computed once a position, and again (on the same
            // position and on a clone) every few plies: the default key
            // hashes the state's JSON and is slow.
            let check_keys = ply.is_multiple_of(KEY_RECHECK_EVERY);
            check_key(
                game,
                &state,
                expected_key.take(),
                check_keys,
                &mut keys,
                &ctx,
            );
            for p in 0..game.num_players() {
                check_view(game, &state, Player(p as u8), &mut rng, &ctx);
            }
            game.legal_moves(&state, &mut moves);
            let status = game.status(&state);
            match &status {
                Status::Over(outcome) => {
                    check_returns(game, outcome, &ctx);
                    ctx.ensure(moves.is_empty(), "a finished game lists no legal moves");
                    ctx.ensure(
                        game.random_move(&state, &mut rng).is_none(),
                        "a finished game has no random move",
                    );
                    break;
                }
                Status::ToMove(p) => ctx.ensure(
                    p.index() < game.num_players(),
                    "the player to move is a player of the game",
                ),
            }
            if config.max_plies > 0 && ply >= config.max_plies {
                break;
            }
            let enumerable = game.moves_enumerable(&state);
            if enumerable {
                ctx.ensure(
                    !moves.is_empty(),
                    "a game that is not over has a legal move",
                );
                let unique: HashSet<&G::Move> = moves.iter().collect();
                ctx.ensure(unique.len() == moves.len(), "no duplicate legal moves");
                for mv in &moves {
                    check_move_applies(game, &state, mv, &ctx);
                    if pool.len() < 4096 && pool_set.insert(mv.clone()) {
                        pool.push(mv.clone());
                    }
                }
                if !pool.is_empty() {
                    for _ in 0..config.illegal_tries {
                        let candidate = &pool[rng.random_range(0..pool.len())];
                        if !unique.contains(candidate) {
                            check_rejected(game, &state, candidate, &ctx);
                        }
                    }
                }
            } else {
                ctx.ensure(moves.is_empty(), "a free-form phase lists no moves");
            }
            if enumerable
                && uniformity_left > 0
                && (2..=UNIFORMITY_MAX_MOVES).contains(&moves.len())
                && ply >= g % 5
            {
                uniformity_left -= 1;
                check_uniform(game, &state, &moves, seed ^ ply as u64, &ctx);
            }
            check_play_random(game, &state, &rng, &ctx);
            let mv = game.random_move(&state, &mut rng);
            let mut samples: Vec<String> = (0..2)
                .filter_map(|_| moves.get(rng.random_range(0..moves.len().max(1))))
                .map(|m| game.format_move(m))
                .collect();
            samples.extend(mv.as_ref().map(|m| game.format_move(m)));
            check_malformed(game, &state, &samples, &ctx);
            let mv = match mv {
                Some(mv) => mv,
                None => ctx.fail("a game that is not over has a random move"),
            };
            if enumerable {
                ctx.ensure(moves.contains(&mv), "the random move is a legal move");
            } else {
                check_move_applies(game, &state, &mv, &ctx);
            }
            check_placement(game, &state, &mv, &ctx);
            let (after, after_key) = check_clone_apply(game, state, &mv, check_keys, &ctx);
            expected_key = Some(after_key);
            if let Err(e) = session.play(mv) {
                ctx.fail(&format!("the random move was refused: {}", e.reason));
            }
            ctx.ensure(
                session.state() == &after,
                "the session's position after the move is the move applied",
            );
            ply += 1;
        }
        check_record(game, &session, seed);
    }
}

/// A placement the game describes ([`FreeFormMoves::placement`](crate::FreeFormMoves::placement)) round-trips: the
/// random move's arrangement has one entry a square of the area, kinds of
/// the tray only, nothing on a blocked square, no kind more often than its
/// count, and makes the same move again ([`FreeFormMoves::placement_move`](crate::FreeFormMoves::placement_move)).
fn check_placement<G: FullGame>(game: &G, state: &G::State, mv: &G::Move, ctx: &Ctx) {
    let Some(placement) = game.placement(state) else {
        return;
    };
    ctx.ensure(
        placement.squares.len() == placement.blocked.len(),
        "a placement marks each of its squares blocked or not",
    );
    let Some(arrangement) = game.placement_of(state, mv) else {
        ctx.fail("the random move of a placement has an arrangement");
    };
    ctx.ensure(
        arrangement.len() == placement.squares.len(),
        "an arrangement has one entry a square of the placement",
    );
    ctx.ensure(
        arrangement
            .iter()
            .zip(&placement.blocked)
            .all(|(k, blocked)| !blocked || k.is_none()),
        "an arrangement puts nothing on a blocked square",
    );
    ctx.ensure(
        arrangement
            .iter()
            .flatten()
            .all(|&k| k < placement.pieces.len())
            && placement
                .pieces
                .iter()
                .enumerate()
                .all(|(i, p)| arrangement.iter().filter(|k| **k == Some(i)).count() <= p.count),
        "an arrangement places the tray's pieces, none more often than its count",
    );
    ctx.ensure(
        game.placement_move(state, &arrangement).as_ref() == Some(mv),
        "placement_move of a move's arrangement is that move",
    );
}

/// The χ² statistic's threshold for `df` degrees of freedom at a
/// probability of about 3·10⁻⁷ (the Wilson–Hilferty approximation with
/// z = 5; for one degree of freedom it is above the exact value).
fn chi_square_threshold(df: usize) -> f64 {
    let d = df as f64;
    let z = 5.0;
    let a = 2.0 / (9.0 * d);
    d * (1.0 - a + z * a.sqrt()).powi(3)
}

/// `random_move` draws the legal moves of `state` uniformly (χ² test).
fn check_uniform<G: FullGame>(game: &G, state: &G::State, moves: &[G::Move], seed: u64, ctx: &Ctx) {
    let index: HashMap<&G::Move, usize> = moves.iter().enumerate().map(|(i, m)| (m, i)).collect();
    let mut counts = vec![0usize; moves.len()];
    let draws = DRAWS_PER_MOVE * moves.len();
    let mut rng = crate::rng(seed ^ 0xc41_5905);
    for _ in 0..draws {
        match game.random_move(state, &mut rng) {
            Some(mv) => match index.get(&mv) {
                Some(&i) => counts[i] += 1,
                None => ctx.fail("the random move is a legal move"),
            },
            None => ctx.fail("a game that is not over has a random move"),
        }
    }
    let expected = DRAWS_PER_MOVE as f64;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let threshold = chi_square_threshold(moves.len() - 1);
    if chi2 > threshold {
        let shown: Vec<String> = moves
            .iter()
            .zip(&counts)
            .map(|(m, c)| format!("{} {c}", game.format_move(m)))
            .collect();
        ctx.fail(&format!(
            "random_move is not uniform: χ² = {chi2:.1} > {threshold:.1} over {draws} draws \
             of {} legal moves ({})",
            moves.len(),
            shown.join(", ")
        ));
    }
}

/// `play_random` plays what `random_move` draws from the same stream.
fn check_play_random<G: FullGame>(game: &G, state: &G::State, rng: &crate::GameRng, ctx: &Ctx) {
    let mut drawing = rng.clone();
    let mut playing = rng.clone();
    let drawn = game.random_move(state, &mut drawing);
    let mut played = state.clone();
    let moved = game.play_random(&mut played, &mut playing);
    ctx.ensure(
        moved == drawn.is_some(),
        "play_random plays a move exactly when random_move draws one",
    );
    if let Some(mv) = &drawn {
        let mut applied = state.clone();
        game.apply_unchecked(&mut applied, mv);
        ctx.ensure(
            applied == played,
            &format!(
                "play_random plays the move random_move draws on the same stream ('{}')",
                game.format_move(mv)
            ),
        );
    } else {
        ctx.ensure(
            &played == state,
            "play_random without a move changes nothing",
        );
    }
    ctx.ensure(
        drawing == playing,
        "play_random leaves the random stream where random_move leaves it",
    );
}

/// Applying `mv` to a clone of `state` and to `state` itself gives the
/// same position (and, where `check_keys`, the same key on both). Returns
/// the position after the move and its key.
fn check_clone_apply<G: FullGame>(
    game: &G,
    mut state: G::State,
    mv: &G::Move,
    check_keys: bool,
    ctx: &Ctx,
) -> (G::State, u64) {
    let mut on_clone = state.clone();
    ctx.ensure(on_clone == state, "a clone equals its original");
    game.apply_unchecked(&mut on_clone, mv);
    game.apply_unchecked(&mut state, mv);
    ctx.ensure(
        on_clone == state,
        &format!(
            "a move applied to a clone gives what it gives on the original ('{}')",
            game.format_move(mv)
        ),
    );
    let key = game.state_key(&state);
    if check_keys {
        ctx.ensure(
            game.state_key(&on_clone) == key,
            "the same position reached on a clone has the same state_key",
        );
    }
    (state, key)
}

/// The key of `state`: `known` if it was computed before, when the key is
/// computed again only if `check_again` (a pure function gives it again).
/// Positions seen with the same key must be equal, or equivalent for the
/// future.
fn check_key<G: FullGame>(
    game: &G,
    state: &G::State,
    known: Option<u64>,
    check_again: bool,
    keys: &mut HashMap<u64, G::State>,
    ctx: &Ctx,
) {
    let key = match known {
        Some(known) if !check_again => known,
        Some(known) => {
            let key = game.state_key(state);
            ctx.ensure(key == known, "state_key gives the same key every time");
            key
        }
        None => game.state_key(state),
    };
    match keys.get(&key) {
        None => {
            if keys.len() < KEYED_POSITIONS {
                keys.insert(key, state.clone());
            }
        }
        Some(seen) if seen == state => {}
        Some(seen) => {
            if !same_future(game, seen, state) {
                ctx.fail(&format!(
                    "state_key {key:#018x} of two positions that differ in what decides \
                     the future: {seen:?} and {state:?}"
                ))
            }
        }
    }
}

/// Whether two positions agree on what decides the game's future as far as
/// one move looks: the status, the legal moves, and the key after each.
fn same_future<G: FullGame>(game: &G, a: &G::State, b: &G::State) -> bool {
    if game.status(a) != game.status(b) || game.moves_enumerable(a) != game.moves_enumerable(b) {
        return false;
    }
    let (mut moves_a, mut moves_b) = (Vec::new(), Vec::new());
    game.legal_moves(a, &mut moves_a);
    game.legal_moves(b, &mut moves_b);
    let set_a: HashSet<&G::Move> = moves_a.iter().collect();
    let set_b: HashSet<&G::Move> = moves_b.iter().collect();
    if set_a != set_b {
        return false;
    }
    moves_a.iter().all(|mv| {
        let (mut next_a, mut next_b) = (a.clone(), b.clone());
        game.apply_unchecked(&mut next_a, mv);
        game.apply_unchecked(&mut next_b, mv);
        game.state_key(&next_a) == game.state_key(&next_b)
    })
}

/// `returns` agrees with a finished game's outcome.
fn check_returns<G: Game>(game: &G, outcome: &Outcome, ctx: &Ctx) {
    let players = game.num_players();
    let returns: Vec<f64> = (0..players)
        .map(|p| game.returns(outcome, Player(p as u8)))
        .collect();
    ctx.ensure(
        returns.iter().all(|r| (-1.0..=1.0).contains(r)),
        &format!("every return is in [-1, 1]: {returns:?} for {outcome:?}"),
    );
    match outcome.winner {
        Some(w) => {
            ctx.ensure(w.index() < players, "the winner is a player of the game");
            ctx.ensure(
                (0..players)
                    .filter(|&p| p != w.index())
                    .all(|p| returns[w.index()] > returns[p]),
                &format!("the winner's return is above the others': {returns:?} for {outcome:?}"),
            );
        }
        None if players == 2 => ctx.ensure(
            (returns[0] + returns[1]).abs() < 1e-9,
            &format!("the returns of a two-player draw sum to zero: {returns:?} for {outcome:?}"),
        ),
        None => {}
    }
}

struct Ctx {
    id: &'static str,
    seed: u64,
    ply: usize,
}

impl Ctx {
    fn fail(&self, what: &str) -> ! {
        panic!(
            "conformance of {} failed (seed {}, ply {}): {what}",
            self.id, self.seed, self.ply
        )
    }
    fn ensure(&self, ok: bool, what: &str) {
        if !ok {
            self.fail(what)
        }
    }
}

fn check_move_applies<G: FullGame>(game: &G, state: &G::State, mv: &G::Move, ctx: &Ctx) {
    let text = game.format_move(mv);
    match game.parse_move(state, &text) {
        Ok(parsed) if &parsed == mv => {}
        Ok(other) => ctx.fail(&format!(
            "notation round trip: '{text}' reads back as {other:?}, not {mv:?}"
        )),
        Err(e) => ctx.fail(&format!("notation round trip: {e}")),
    }
    let mut next = state.clone();
    if let Err(e) = game.try_apply(&mut next, mv) {
        ctx.fail(&format!("legal move '{text}' was refused: {}", e.reason));
    }
    let mut unchecked = state.clone();
    game.apply_unchecked(&mut unchecked, mv);
    ctx.ensure(
        unchecked == next,
        &format!("apply_unchecked and try_apply agree on '{text}'"),
    );
}

fn check_rejected<G: FullGame>(game: &G, state: &G::State, mv: &G::Move, ctx: &Ctx) {
    let mut copy = state.clone();
    ctx.ensure(
        game.try_apply(&mut copy, mv).is_err(),
        &format!(
            "move '{}' is not in the legal list but was accepted",
            game.format_move(mv)
        ),
    );
    ctx.ensure(&copy == state, "a rejected move leaves the state unchanged");
}

/// Texts that are not quite moves, made from the texts of real moves.
fn malformed_texts(samples: &[String]) -> Vec<String> {
    let mut texts: Vec<String> = [
        "",
        " ",
        "\0",
        "-",
        "--",
        "é",
        "🙂",
        "\u{202e}",
        "0",
        "-1",
        "99999999999999999999",
        "a",
        "a-",
        "-a1",
        "z9",
        "move",
        "mark",
        "return",
        "skip",
        "pass",
        "end",
        "move 0,0",
        "mark ,",
        "mark 1,",
        "1,2,3",
        "a1-",
        "a1-a1",
        "a1-z99",
    ]
    .iter()
    .map(|t| t.to_string())
    .collect();
    for t in samples {
        let chars: Vec<char> = t.chars().collect();
        for cut in 0..chars.len() {
            texts.push(chars[..cut].iter().collect());
            texts.push(chars[cut..].iter().collect());
        }
        texts.push(t.to_uppercase());
        texts.push(format!("{t}x"));
        texts.push(format!("x{t}"));
        texts.push(format!("{t} {t}"));
        texts.push(format!("{t}é"));
        texts.push(t.replace(' ', "  "));
        texts.push(t.replace(' ', ""));
        for digit in ["0", "9", "-1", "99999999999"] {
            texts.push(t.replace(|c: char| c.is_ascii_digit(), digit));
        }
        texts.push(
            t.chars()
                .map(|c| if c.is_ascii_alphabetic() { 'z' } else { c })
                .collect(),
        );
    }
    texts
}

fn check_malformed<G: FullGame>(game: &G, state: &G::State, samples: &[String], ctx: &Ctx) {
    for text in malformed_texts(samples) {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if let Ok(mv) = game.parse_move(state, &text) {
                let mut copy = state.clone();
                if game.try_apply(&mut copy, &mv).is_err() && &copy != state {
                    return Err(());
                }
            }
            Ok(())
        }));
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(())) => ctx.fail(&format!(
                "the refused move read from {text:?} changed the state"
            )),
            Err(_) => ctx.fail(&format!("reading or applying {text:?} panicked")),
        }
    }
}

fn check_serialization<G: FullGame>(game: &G, state: &G::State, ctx: &Ctx) {
    // The state's JSON is a display model: written the same way every time,
    // and an object, as scripts expect.
    let json = game.state_json(state);
    ctx.ensure(json.is_object(), "the state's JSON is an object");
    ctx.ensure(
        game.state_json(state) == json,
        "the state's JSON is the same every time it is written",
    );
}

fn check_view<G: FullGame>(
    game: &G,
    state: &G::State,
    player: Player,
    rng: &mut crate::GameRng,
    ctx: &Ctx,
) {
    let view = game.view(state, player);
    match serde_json::to_value(&view) {
        Ok(value) => match serde_json::from_value::<G::View>(value) {
            Ok(back) => ctx.ensure(back == view, "view serialization round-trips"),
            Err(e) => ctx.fail(&format!("view does not deserialize: {e}")),
        },
        Err(e) => ctx.fail(&format!("view is not a JSON value: {e}")),
    }
    if G::HIDDEN_INFORMATION || ctx.ply.is_multiple_of(7) {
        let drawn = game.determinize(&view, rng);
        ctx.ensure(
            game.view(&drawn, player) == view,
            "a determinized state gives the player the same view",
        );
        if !G::HIDDEN_INFORMATION {
            ctx.ensure(
                &drawn == state,
                "with perfect information the view is the state",
            );
        }
    }
}

fn check_record<G: FullGame>(game: &G, session: &Session<G>, seed: u64) {
    let record = session.record();
    let json = record.to_json();
    let back = crate::GameRecord::from_json(&json)
        .unwrap_or_else(|e| panic!("{} record (seed {seed}) does not read back: {e}", G::ID));
    assert_eq!(
        back,
        record,
        "{} record JSON round-trips (seed {seed})",
        G::ID
    );
    let replayed = Session::from_record(game.clone(), &back)
        .unwrap_or_else(|e| panic!("{} record (seed {seed}) does not replay: {e}", G::ID));
    assert!(
        replayed.state() == session.state(),
        "{} replaying the record gives the same final state (seed {seed})",
        G::ID
    );
}
