//! [`Render`]: the state as JSON and text, and boards for full-screen
//! display.

use super::{view_is_state, Game};
use crate::board::BoardView;
use crate::Player;

/// How a game shows its positions: as JSON, as text boards and as
/// [`BoardView`]s for full-screen front ends. Every method has a default;
/// those of [`state_json`](Render::state_json) and
/// [`render_view`](Render::render_view) fit a game of perfect information
/// (see [`perfect_information!`](crate::perfect_information)).
pub trait Render: Game {
    /// The whole state as JSON, for display and scripts (an explicit request:
    /// it shows hidden information). It is a display model written from the
    /// state: nothing reads it back. The default: the state's serialization
    /// when the view is the state (perfect information), else its `Debug`
    /// text as a JSON string.
    fn state_json(&self, state: &Self::State) -> serde_json::Value {
        match view_is_state::<Self::State, Self::View>(state) {
            Some(view) => serde_json::to_value(view).expect("states always serialize"),
            None => serde_json::Value::String(format!("{state:?}")),
        }
    }

    /// The whole state as a text board (an explicit request: it shows hidden
    /// information). The default: [`Render::state_json`], pretty-printed.
    fn render_state(&self, state: &Self::State) -> String {
        let json = self.state_json(state);
        serde_json::to_string_pretty(&json).expect("JSON values always print") + "\n"
    }

    /// A player's view as a text board, from that player's seat. The
    /// default: [`Render::render_state`] when the view is the state
    /// (perfect information), else the view's JSON, pretty-printed.
    fn render_view(&self, view: &Self::View) -> String {
        match view_is_state::<Self::View, Self::State>(view) {
            Some(state) => self.render_state(state),
            None => serde_json::to_string_pretty(view).expect("views always serialize") + "\n",
        }
    }

    /// The text board of [`Render::render_view`] with the last move marked
    /// on the board itself (its squares bracketed or flagged), for a front
    /// end that tells the last move in words of its own: the board need not
    /// say it again. `last` is the last move and its mover, given only when
    /// the view's player may know the move (a public move, or their own);
    /// the marks must show nothing the view does not hold. The default:
    /// [`Render::render_view`], unmarked.
    fn render_view_marked(&self, view: &Self::View, last: Option<(Player, &Self::Move)>) -> String {
        let _ = last;
        self.render_view(view)
    }

    /// The whole state as [`Render::render_state`] draws it, with the last
    /// move and its mover, `last`, marked on the board as
    /// [`Render::render_view_marked`] marks it (an explicit request: it shows
    /// hidden information). The default: [`Render::render_state`], unmarked.
    fn render_state_marked(
        &self,
        state: &Self::State,
        last: Option<(Player, &Self::Move)>,
    ) -> String {
        let _ = last;
        self.render_state(state)
    }

    /// The board as `seat` sees it (`None`: the whole position, an explicit
    /// request that shows hidden information), for full-screen display. It
    /// must show nothing that seat may not know. The default, `None`, makes
    /// front ends show [`Render::render_view`] / [`Render::render_state`].
    fn board_view(&self, _state: &Self::State, _seat: Option<Player>) -> Option<BoardView> {
        None
    }

    /// The board as anyone watching may see it (a spectator): nothing that
    /// is not revealed to both sides, no player's secrets. The default: the
    /// whole position ([`Render::board_view`] with `None`) for a game of
    /// perfect information, `None` (no public board) for a game of hidden
    /// information, which overrides this to have one.
    fn public_board_view(&self, state: &Self::State) -> Option<BoardView> {
        if Self::HIDDEN_INFORMATION {
            None
        } else {
            self.board_view(state, None)
        }
    }

    /// The names of the squares a move touches, as
    /// [`Cell::name`](crate::board::Cell::name) names them: where it starts
    /// first, where it ends last (a Hus pit: one square; a Stratego step:
    /// origin and target). Front ends highlight the last move and select
    /// moves by cursor from it. The default knows none.
    fn move_squares(&self, _mv: &Self::Move) -> Vec<String> {
        Vec::new()
    }
}
