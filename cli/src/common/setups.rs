//! Setups given on the command line (`--setup PLAYER=FILE|random`,
//! `--red-setup`, `--blue-setup`): each is that player's first move, played
//! as the move text `setup <file text>`, or drawn at random from the seed.
//! Only a player whose next move is a free-form one (a setup) can be given
//! one.

use crate::common::error::{CliError, CliResult};
use crate::common::options::SetupFor;
use plateau::{DynSession, Player, Status};
use std::fs;

/// Where a setup comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupSource {
    /// Drawn at random (seeded).
    Random,
    /// The setup text read from a file (path, text).
    File(String, String),
}

/// The move text of a setup file's text: `setup <text>` (a text that
/// already starts with the word `setup` is kept as it is).
pub fn setup_move_text(text: &str) -> String {
    let text = text.trim();
    let starts_with_word = text
        .strip_prefix("setup")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace));
    if starts_with_word {
        text.to_string()
    } else {
        format!("setup {text}")
    }
}

/// Resolves the `(whose, FILE|random)` pairs of the command line:
/// unknown or repeated players are usage errors, unreadable files errors.
pub fn resolve(
    session: &dyn DynSession,
    entries: &[(SetupFor, String)],
) -> CliResult<Vec<(Player, SetupSource)>> {
    let mut out: Vec<(Player, SetupSource)> = Vec::new();
    for (whose, value) in entries {
        let player = match whose {
            SetupFor::Named(name) => session.find_player(name).ok_or_else(|| {
                CliError::usage(format!(
                    "setup for '{}': {} has no such player; players: {}",
                    plateau::escape_controls(name),
                    session.game_id(),
                    player_names(session)
                ))
            })?,
            SetupFor::Seat(seat, _) if *seat < session.num_players() => Player(*seat as u8),
            SetupFor::Seat(_, option) => {
                return Err(CliError::usage(format!(
                    "{option}: {} has no such player; players: {}",
                    session.game_id(),
                    player_names(session)
                )))
            }
        };
        if out.iter().any(|(p, _)| *p == player) {
            return Err(CliError::usage(format!(
                "two setups given for {}",
                session.player_name(player)
            )));
        }
        let source = if value.eq_ignore_ascii_case("random") {
            SetupSource::Random
        } else {
            let text = fs::read_to_string(value).map_err(|e| CliError::io(value, e))?;
            SetupSource::File(value.clone(), text)
        };
        out.push((player, source));
    }
    Ok(out)
}

/// The player named by a command-line option such as `--as` (any case), or
/// a usage error listing the players.
pub fn find_player(session: &dyn DynSession, name: &str, option: &str) -> CliResult<Player> {
    session.find_player(name).ok_or_else(|| {
        CliError::usage(format!(
            "{option} {}: {} has no such player; players: {}",
            plateau::escape_controls(name),
            session.game_id(),
            player_names(session)
        ))
    })
}

/// The players' names, comma-separated.
pub fn player_names(session: &dyn DynSession) -> String {
    (0..session.num_players())
        .map(|i| session.player_name(Player(i as u8)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Plays the setups, in turn order, as the first moves of `session`.
/// Random setups are drawn from `seed` (see
/// [`secret_seed`](crate::common::seeds::secret_seed)). A setup for a player who does not
/// set up next (their move is not a free-form one, or another player must
/// act first without a setup given) is an error and nothing is played.
pub fn play(
    session: &mut Box<dyn DynSession>,
    entries: &[(SetupFor, String)],
    seed: u64,
) -> CliResult {
    if entries.is_empty() {
        return Ok(());
    }
    let mut pending = resolve(session.as_ref(), entries)?;
    let mut work = session.clone_box();
    let mut rng = setup_rng(seed);
    play_due(&mut work, &mut pending, &mut rng)?;
    if let Some((p, _)) = pending.first() {
        let name = work.player_name(*p);
        let why = match work.status() {
            Status::ToMove(q) => format!("{} is to move first", work.player_name(q)),
            Status::Over(_) => "the game is over".to_string(),
        };
        return Err(CliError::usage(format!(
            "a setup was given for {name}, but {name} does not set up next ({why})"
        )));
    }
    *session = work;
    Ok(())
}

/// Checks that every setup of `pending` is played at its player's turn:
/// playing the given setups, and random ones for the players who set up
/// without one, each player with a setup must reach a setup move, and each
/// given setup must be accepted. The errors are [`play`]'s.
pub fn check_reachable(session: &dyn DynSession, pending: &[(Player, SetupSource)]) -> CliResult {
    let mut work = session.clone_box();
    let mut pending = pending.to_vec();
    let mut rng = setup_rng(0);
    loop {
        play_due(&mut work, &mut pending, &mut rng)?;
        if pending.is_empty() || work.moves_enumerable() {
            break;
        }
        // Another player's setup, not given: any will do.
        let Some(mv) = work.random_move(&mut rng) else {
            break;
        };
        if work.play(&mv).is_err() {
            break;
        }
    }
    if let Some((p, _)) = pending.first() {
        let name = work.player_name(*p);
        return Err(CliError::usage(format!(
            "a setup was given for {name}, but {name} does not set up (the game's setups are over)"
        )));
    }
    Ok(())
}

/// The generator of random setups drawn from `seed`.
pub fn setup_rng(seed: u64) -> plateau::GameRng {
    plateau::rng(seed.wrapping_add(0x5e70))
}

/// Plays, while the player to move has a setup in `pending`, that setup
/// (and takes it out of `pending`); returns how many were played. A setup
/// for a player whose move is not a setup, or that the rules refuse, is an
/// error naming its source, never its text, and leaves `session` as it was
/// after the setups before it.
pub fn play_due(
    session: &mut Box<dyn DynSession>,
    pending: &mut Vec<(Player, SetupSource)>,
    rng: &mut plateau::GameRng,
) -> CliResult<usize> {
    let mut played = 0;
    while let Status::ToMove(p) = session.status() {
        let Some(i) = pending.iter().position(|(q, _)| *q == p) else {
            break;
        };
        let name = session.player_name(p);
        if session.moves_enumerable() {
            return Err(CliError::usage(format!(
                "a setup was given for {name}, but {name}'s next move is not a setup"
            )));
        }
        let (_, source) = pending.remove(i);
        let text = match &source {
            SetupSource::Random => session
                .random_move(rng)
                .ok_or_else(|| CliError::failed(format!("no random setup for {name}")))?,
            SetupSource::File(_, text) => setup_move_text(text),
        };
        session.play(&text).map_err(|e| match &source {
            SetupSource::File(path, _) => CliError::failed(format!("{name}'s setup ({path}): {e}")),
            SetupSource::Random => CliError::failed(format!("{name}'s random setup: {e}")),
        })?;
        played += 1;
    }
    Ok(played)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::demo::Nim;
    use plateau::{Registry, RulesSpec};

    #[test]
    fn setup_text_gets_the_setup_word_once() {
        assert_eq!(setup_move_text("  FB/B8 \n"), "setup FB/B8");
        assert_eq!(setup_move_text("setup FB"), "setup FB");
        assert_eq!(setup_move_text("setupFB"), "setup setupFB");
    }

    #[test]
    fn a_setup_for_a_game_without_setups_is_refused() {
        let mut r = Registry::new();
        r.register::<Nim>();
        let game = r
            .get("nim")
            .unwrap()
            .load(&RulesSpec::default_variant())
            .unwrap();
        let mut session = game.new_session(0);
        let named = |n: &str| (SetupFor::Named(n.into()), "random".to_string());
        let e = play(&mut session, &[named("first")], 0).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("not a setup"), "{e}");
        let e = play(&mut session, &[named("second")], 0).unwrap_err();
        assert!(e.to_string().contains("first is to move first"), "{e}");
        let e = play(&mut session, &[named("red")], 0).unwrap_err();
        assert!(e.to_string().contains("players: first, second"), "{e}");
        // --red-setup is the first seat's, whatever its name.
        let seat = (SetupFor::Seat(0, "--red-setup"), "random".to_string());
        let e = play(&mut session, &[seat], 0).unwrap_err();
        assert!(
            e.to_string().contains("first's next move is not a setup"),
            "{e}"
        );
        let seat = (SetupFor::Seat(2, "--third-setup"), "random".to_string());
        let e = play(&mut session, &[seat], 0).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("--third-setup: nim has no such player"),
            "{e}"
        );
        assert_eq!(session.num_moves(), 0);
    }
}
