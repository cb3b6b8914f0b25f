//! The two-squares rule (S7): a piece may not move more than N times in a row
//! between the same two squares.

/// One side's current series: its last move and how many moves in a row its
/// piece has made between those two squares. (The last move also serves the
/// S8.4 exception.)
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Series {
    /// The cell the side's last move came from (0: no move yet).
    pub from: u8,
    /// The cell it went to.
    pub to: u8,
    /// Moves in the series; 0 once the piece was removed.
    pub count: u8,
}

impl Series {
    /// Records a move of this side (S7.2): moving back between the same two
    /// squares continues the series; any other move starts a new one; a piece
    /// removed in its attack ends it.
    #[inline]
    pub fn record(&mut self, from: u8, to: u8, survived: bool) {
        if self.count > 0 && from == self.to && to == self.from {
            self.count = self.count.saturating_add(1);
        } else {
            self.count = 1;
        }
        self.from = from;
        self.to = to;
        if !survived {
            self.count = 0;
        }
    }

    /// Removes the side's series when its last-moved piece is taken (S7.2).
    #[inline]
    pub fn piece_removed_at(&mut self, cell: u8) {
        if cell == self.to {
            self.count = 0;
        }
    }

    /// The one move the rule forbids this side, as (from, to) cells, if any
    /// (S7.1, S7.3): going back once more when the series has `limit` moves.
    #[inline]
    pub fn forbidden(&self, limit: u8) -> Option<(u8, u8)> {
        (limit > 0 && self.count >= limit).then_some((self.to, self.from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s7_3_series_counts_own_moves_between_two_squares() {
        let mut s = Series::default();
        let (a4, a5, a6) = (40, 52, 64);
        s.record(a4, a5, true);
        s.record(a5, a4, true);
        s.record(a4, a5, true);
        assert_eq!(s.forbidden(3), Some((a5, a4)));
        assert_eq!(s.forbidden(4), None);
        assert_eq!(s.forbidden(0), None);
        // The same piece to a third square starts a new series.
        s.record(a5, a6, true);
        assert_eq!(s.count, 1);
        // A piece removed in its attack ends the series.
        s.record(a6, a5, false);
        assert_eq!(s.count, 0);
        s.record(a5, a6, true);
        assert_eq!(s.count, 1);
    }
}
