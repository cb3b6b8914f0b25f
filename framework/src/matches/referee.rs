//! What a protocol server needs besides the calls of the seats: asking
//! who a client would act for without acting, and the referee's undo of a
//! given number of moves.

use super::events::MatchEvent;
use super::{Client, Match, MatchError, UndoOutcome};
use crate::Player;

impl Match {
    /// The player `client` would play for now, or why it may not play
    /// ([`Match::play`]'s refusals: a spectator, the game over, another
    /// player's turn naming only whose turn it is). Nothing changes; for a
    /// front end that must refuse a request off the client's turn (a list
    /// of legal moves, an agent's suggestion) before computing anything.
    pub fn acting_for(&self, client: Client) -> Result<Player, MatchError> {
        self.actor(client, "play a move")
    }

    /// The referee takes back exactly `plies` moves (a resignation or an
    /// agreed draw counting as one), all or nothing, at once and across any
    /// move: the referee sees everything, so nothing can be probed. Seats
    /// ask with [`Match::request_undo`]; any other client is refused with
    /// [`MatchError::NotAllowed`]. Fewer moves than `plies` (or `plies` 0)
    /// is [`MatchError::UndoRefused`], saying how many there are. A pending
    /// undo request or draw offer lapses.
    pub fn undo_plies(&mut self, client: Client, plies: usize) -> Result<UndoOutcome, MatchError> {
        self.check_client(client)?;
        if client != Client::Referee {
            return Err(MatchError::NotAllowed(
                "only the referee takes back a given number of moves; a seat asks to take \
                 its last move back"
                    .into(),
            ));
        }
        let ended = self.ended_by_players;
        let available = self.plies.len() + usize::from(ended);
        if plies == 0 || plies > available {
            return Err(MatchError::UndoRefused(match available {
                0 => "no move to take back".to_string(),
                n => format!("only {n} moves to take back, not {plies}; nothing was taken back"),
            }));
        }
        if let Err(n) = self.session.undo_many(plies) {
            return Err(MatchError::UndoRefused(format!(
                "only {n} moves to take back, not {plies}; nothing was taken back"
            )));
        }
        self.lapse_offers();
        let moves = plies - usize::from(ended);
        self.plies.truncate(self.plies.len() - moves);
        self.ended_by_players = false;
        self.epoch += 1;
        self.push_event(MatchEvent::Undone {
            plies,
            moves_played: self.session.num_moves(),
        });
        Ok(UndoOutcome::Done { plies })
    }
}
