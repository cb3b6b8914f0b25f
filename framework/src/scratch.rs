//! Scratch buffers: one reusable move list per thread and move type, for
//! code that needs a list for a moment (the default
//! [`Game::random_move`](crate::Game::random_move), for example) and should
//! not allocate every time.
//!
//! A buffer holds no meaning between uses: it is cleared before it is lent
//! and nothing reads what a previous use left in it, so it is scratch space,
//! not a cache. A nested use of the same move type on the same thread gets a
//! fresh list instead of the shared one.
//!
//! ```
//! let total: u32 = plateau::scratch::with_moves::<u32, _>(|moves| {
//!     moves.extend([1, 2, 3]);
//!     moves.iter().sum()
//! });
//! assert_eq!(total, 6);
//! // The next use starts from an empty list.
//! plateau::scratch::with_moves::<u32, _>(|moves| assert!(moves.is_empty()));
//! ```

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static BUFFERS: RefCell<HashMap<TypeId, Box<dyn Any>>> = RefCell::new(HashMap::new());
}

/// Lends `f` this thread's empty scratch list for moves of type `M`, and
/// keeps the list's capacity for the next use.
pub fn with_moves<M: 'static, T>(f: impl FnOnce(&mut Vec<M>) -> T) -> T {
    let key = TypeId::of::<M>();
    // The box itself moves in and out of the map, so a use after the first
    // allocates nothing (unless the list must grow).
    let taken: Option<Box<Vec<M>>> = BUFFERS.with(|b| {
        b.borrow_mut()
            .remove(&key)
            .and_then(|boxed| boxed.downcast::<Vec<M>>().ok())
    });
    let mut moves = taken.unwrap_or_default();
    moves.clear();
    let result = f(&mut moves);
    moves.clear();
    BUFFERS.with(|b| {
        b.borrow_mut().insert(key, moves);
    });
    result
}

#[cfg(test)]
mod tests {
    use super::with_moves;

    #[test]
    fn the_list_keeps_its_capacity_and_is_lent_empty() {
        with_moves::<u64, _>(|m| m.extend(0..1000));
        with_moves::<u64, _>(|m| {
            assert!(m.is_empty());
            assert!(m.capacity() >= 1000, "capacity {}", m.capacity());
        });
    }

    #[test]
    fn a_nested_use_gets_its_own_list() {
        with_moves::<u8, _>(|outer| {
            outer.push(1);
            with_moves::<u8, _>(|inner| {
                assert!(inner.is_empty());
                inner.push(2);
            });
            assert_eq!(outer, &[1]);
        });
    }
}
