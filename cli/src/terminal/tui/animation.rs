//! A move shown step by step, frame by frame.

use plateau::board::BoardView;
use std::time::{Duration, Instant};

/// A move shown step by step: the game's intermediate boards, one every
/// [`FRAME_TIME`]; any key skips the rest.
pub(crate) struct Animation {
    /// The boards between the position before and the one after.
    pub frames: Vec<BoardView>,
    /// The frame on the screen.
    pub shown: usize,
    /// When the next frame is due.
    pub next_at: Instant,
}

/// How long each intermediate board of a move is shown.
pub(crate) const FRAME_TIME: Duration = Duration::from_millis(350);

impl Animation {
    /// An animation of these frames, if there are any.
    pub(crate) fn of_frames(frames: Vec<BoardView>) -> Option<Animation> {
        (!frames.is_empty()).then(|| Animation {
            frames,
            shown: 0,
            next_at: Instant::now() + FRAME_TIME,
        })
    }

    /// Moves on to the frame due; false when the animation is over.
    pub(crate) fn tick(&mut self, now: Instant) -> bool {
        while now >= self.next_at {
            self.shown += 1;
            self.next_at += FRAME_TIME;
            if self.shown >= self.frames.len() {
                return false;
            }
        }
        true
    }

    /// Shows the frames of `slot`'s animation due at `now`: true if one
    /// was (the animation is dropped after its last frame).
    pub(crate) fn play_due(slot: &mut Option<Animation>, now: Instant) -> bool {
        match slot {
            Some(animation) if now >= animation.next_at => {
                if !animation.tick(now) {
                    *slot = None;
                }
                true
            }
            _ => false,
        }
    }
}
