//! The parachutists of a tile (Q2.2): the cell and parachutist of a point,
//! and the column and row of a parachutist in its tile, found without a
//! division when `points_per_side` is a power of two (as it is in the
//! standard game), a shift and a mask then doing the work.

/// How points split into cells and parachutists, for one `points_per_side`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Slots {
    /// Parachutists along a side.
    pps: i32,
    /// `log2(pps)`, when `pps` is a power of two.
    shift: Option<u32>,
    /// The column and row of each parachutist in its tile.
    places: [(u8, u8); 16],
}

impl Slots {
    /// One parachutist per tile.
    pub const ONE: Slots = Slots {
        pps: 1,
        shift: Some(0),
        places: [(0, 0); 16],
    };

    /// The splitting for `pps` parachutists along a side (1 to 4).
    pub fn new(pps: u32) -> Slots {
        let pps = pps.clamp(1, 4);
        let mut places = [(0, 0); 16];
        for (slot, place) in places.iter_mut().enumerate() {
            *place = ((slot as u32 % pps) as u8, (slot as u32 / pps) as u8);
        }
        Slots {
            pps: pps as i32,
            shift: pps.is_power_of_two().then(|| pps.trailing_zeros()),
            places,
        }
    }

    /// The cell coordinate of point coordinate `p`, and the point's column
    /// (or row) in that cell.
    #[inline]
    pub fn split(&self, p: i32) -> (i32, i32) {
        match self.shift {
            Some(s) => (p >> s, p & ((1 << s) - 1)),
            None => (p.div_euclid(self.pps), p.rem_euclid(self.pps)),
        }
    }

    /// The cell of point `(px, py)` and its parachutist there.
    #[inline]
    pub fn locate(&self, px: i32, py: i32) -> ((i32, i32), u32) {
        let ((cx, i), (cy, j)) = (self.split(px), self.split(py));
        ((cx, cy), (i + self.pps * j) as u32)
    }

    /// The column and row of parachutist `slot` in its tile.
    #[inline]
    pub fn place(&self, slot: u32) -> (u32, u32) {
        let (i, j) = self.places[(slot & 15) as usize];
        (i as u32, j as u32)
    }

    /// The point of parachutist `slot` of the tile on cell `(x, y)`.
    #[inline]
    pub fn point(&self, x: i32, y: i32, slot: u32) -> (i32, i32) {
        let (i, j) = self.place(slot);
        (
            self.pps.wrapping_mul(x).wrapping_add(i as i32),
            self.pps.wrapping_mul(y).wrapping_add(j as i32),
        )
    }

    /// The entry `k` of a list of every parachutist of every cell, cell by
    /// cell: the cell's place in the list and the parachutist.
    #[inline]
    pub fn split_index(&self, k: u32) -> (u32, u32) {
        let points = (self.pps * self.pps) as u32;
        match self.shift {
            Some(s) => (k >> (2 * s), k & (points - 1)),
            None => (k / points, k % points),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting_matches_the_division() {
        for pps in 1..=4u32 {
            let slots = Slots::new(pps);
            let p = pps as i32;
            for x in -20..20 {
                assert_eq!(slots.split(x), (x.div_euclid(p), x.rem_euclid(p)));
            }
            for slot in 0..pps * pps {
                assert_eq!(slots.place(slot), (slot % pps, slot / pps));
                let (px, py) = slots.point(-3, 5, slot);
                assert_eq!(slots.locate(px, py), ((-3, 5), slot));
            }
            for k in 0..100 {
                assert_eq!(slots.split_index(k), (k / (pps * pps), k % (pps * pps)));
            }
        }
    }
}
