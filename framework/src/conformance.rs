//! The conformance kit: seeded random playouts that check, at every step,
//! the contract of [`Game`] that every game must keep. Every game's tests run
//! it (`plateau::conformance::check(&game, &Config::default())`).

use crate::{Game, Player, Session, Status};
use rand::Rng;
use std::collections::HashSet;

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
/// - for hidden information, a determinized state is consistent: its view for
///   the player equals the player's view (two states that differ only in what
///   the player cannot see give identical views);
///
/// and after each game that its record round-trips through JSON and replays
/// to the same final state.
pub fn check<G: Game>(game: &G, config: &Config) {
    let mut pool: Vec<G::Move> = Vec::new();
    let mut pool_set: HashSet<G::Move> = HashSet::new();
    for g in 0..config.games {
        let seed = config.seed.wrapping_add(g as u64);
        let mut rng = crate::rng(seed ^ 0x5eed_c0f0);
        let mut session = Session::new(game.clone(), "conformance", seed);
        let mut moves = Vec::new();
        let mut ply = 0;
        loop {
            let ctx = Ctx {
                id: G::ID,
                seed,
                ply,
            };
            let state = session.state().clone();
            check_serialization(game, &state, &ctx);
            for p in 0..game.num_players() {
                check_view(game, &state, Player(p as u8), &mut rng, &ctx);
            }
            game.legal_moves(&state, &mut moves);
            let status = game.status(&state);
            match &status {
                Status::Over(_) => {
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
            if let Err(e) = session.play(mv) {
                ctx.fail(&format!("the random move was refused: {}", e.reason));
            }
            ply += 1;
        }
        check_record(game, &session, seed);
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

fn check_move_applies<G: Game>(game: &G, state: &G::State, mv: &G::Move, ctx: &Ctx) {
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

fn check_rejected<G: Game>(game: &G, state: &G::State, mv: &G::Move, ctx: &Ctx) {
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

fn check_malformed<G: Game>(game: &G, state: &G::State, samples: &[String], ctx: &Ctx) {
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

fn check_serialization<G: Game>(game: &G, state: &G::State, ctx: &Ctx) {
    // The state's JSON is a display model: written the same way every time,
    // and an object, as scripts expect.
    let json = game.state_json(state);
    ctx.ensure(json.is_object(), "the state's JSON is an object");
    ctx.ensure(
        game.state_json(state) == json,
        "the state's JSON is the same every time it is written",
    );
}

fn check_view<G: Game>(
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

fn check_record<G: Game>(game: &G, session: &Session<G>, seed: u64) {
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
