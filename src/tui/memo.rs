//! A one-entry cache that a view fills while it draws from `&self`: the value for the
//! last key asked, rebuilt only when the key changes. The audit screen keeps what a
//! 10,000-atom pair costs to lay out (the word diff, the wrapped properties, the
//! truth-table legend) in memos, so a frame or a key costs what is on screen, not what
//! the pair holds (issue 29, item 10). A memo is not part of the state it sits in: a
//! clone starts empty and two memos always compare equal.

use std::sync::{Arc, Mutex, PoisonError};

/// The value of `make(key)` for the last key asked.
pub struct Memo<K, V> {
    slot: Mutex<Option<(K, Arc<V>)>>,
}

impl<K: PartialEq, V> Memo<K, V> {
    /// The value for `key`: the stored one when it was made for an equal key, else
    /// `make()` (stored for the next call). `make` runs without the memo locked.
    pub fn get(&self, key: K, make: impl FnOnce() -> V) -> Arc<V> {
        if let Some((k, v)) = &*self.slot.lock().unwrap_or_else(PoisonError::into_inner)
            && *k == key
        {
            return Arc::clone(v);
        }
        let value = Arc::new(make());
        *self.slot.lock().unwrap_or_else(PoisonError::into_inner) = Some((key, Arc::clone(&value)));
        value
    }
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo {
            slot: Mutex::new(None),
        }
    }
}

impl<K, V> Clone for Memo<K, V> {
    /// An empty memo: the clone fills its own.
    fn clone(&self) -> Self {
        Memo::default()
    }
}

impl<K, V> PartialEq for Memo<K, V> {
    /// A cache never makes two states differ.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<K, V> std::fmt::Debug for Memo<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn rebuilds_only_when_the_key_changes() {
        let memo: Memo<u16, String> = Memo::default();
        let made = Cell::new(0);
        let make = |s: &str| {
            made.set(made.get() + 1);
            s.to_string()
        };
        assert_eq!(*memo.get(80, || make("a")), "a");
        assert_eq!(*memo.get(80, || make("b")), "a", "same key: kept");
        assert_eq!(made.get(), 1);
        assert_eq!(*memo.get(120, || make("c")), "c");
        assert_eq!(made.get(), 2);
        assert_eq!(
            *memo.clone().get(120, || make("d")),
            "d",
            "a clone starts empty"
        );
        assert_eq!(memo, Memo::default());
    }
}
