//! The transposition table: a fixed-size array allocated once, sized by the
//! caller in megabytes (phones want it small), and shared by the threads of
//! a Lazy SMP search.
//!
//! Sharing without locks or `unsafe`: an entry is three 64-bit atomic words
//! (the same 24 bytes as a plain entry, so a table of a given size holds as
//! many entries as before), written and read with relaxed ordering. The
//! first word holds the key xor-ed with the two data words (Hyatt and
//! Mann's lockless hashing): when two threads write the same entry at once
//! and a reader sees words of both, the key it decodes no longer matches
//! its own and the torn entry reads as a miss. A torn entry can thus only
//! be lost, never believed. Relaxed atomic loads and stores compile to plain
//! moves on x86-64 and ARM64, so one thread pays nothing for this.

use crate::moves::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact value.
    Exact,
    /// The true value is at least this (a beta cut-off).
    Lower,
    /// The true value is at most this (no move raised alpha).
    Upper,
}

impl Bound {
    /// What a search in the window (`alpha`, `beta`) that returned
    /// `value` proved about the true value.
    pub(crate) fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value >= beta {
            Bound::Lower
        } else if value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One entry, decoded from its three words.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    packed_move: u32,
    value: i32,
    depth: i16,
    /// Bound in the low 2 bits, generation above.
    flags: u8,
    /// The position's static evaluation, [`NO_STATIC_EVAL`] when not stored.
    static_eval: i32,
}

impl Entry {
    /// The two data words: the move and the value; the depth, the flags
    /// and the static evaluation.
    #[inline]
    fn data(&self) -> (u64, u64) {
        let first = u64::from(self.packed_move) | (u64::from(self.value as u32) << 32);
        let second = u64::from(self.depth as u16)
            | (u64::from(self.flags) << 16)
            | (u64::from(self.static_eval as u32) << 24);
        (first, second)
    }

    #[inline]
    fn from_words(check: u64, first: u64, second: u64) -> Entry {
        Entry {
            key: check ^ first ^ second,
            packed_move: first as u32,
            value: (first >> 32) as u32 as i32,
            depth: second as u16 as i16,
            flags: (second >> 16) as u8,
            static_eval: (second >> 24) as u32 as i32,
        }
    }
}

/// An entry as stored: the key xor-ed with the data, then the data.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    first: AtomicU64,
    second: AtomicU64,
}

impl Slot {
    /// The entry as one thread reads it (a torn entry decodes to a wrong key).
    #[inline]
    fn load(&self) -> Entry {
        let check = self.check.load(Ordering::Relaxed);
        let first = self.first.load(Ordering::Relaxed);
        let second = self.second.load(Ordering::Relaxed);
        Entry::from_words(check, first, second)
    }

    #[inline]
    fn save(&self, entry: &Entry) {
        let (first, second) = entry.data();
        self.check
            .store(entry.key ^ first ^ second, Ordering::Relaxed);
        self.first.store(first, Ordering::Relaxed);
        self.second.store(second, Ordering::Relaxed);
    }
}

/// A probe hit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub(crate) best_move: Option<Move>,
    pub(crate) value: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
    /// The static evaluation of the position, if the storing search had one
    /// (it saves evaluating the position again).
    pub(crate) static_eval: Option<i32>,
}

/// How an entry without a static evaluation stores it: no evaluation comes
/// near the bottom of the `i32` range.
const NO_STATIC_EVAL: i32 = i32::MIN;

/// A hash table of search results, shared by reference between the
/// threads of one search (probe and store take `&self`).
pub(crate) struct TranspositionTable {
    slots: Vec<Slot>,
    generation: u8,
}

/// The size of an entry as the table is sized: 24 bytes, as the plain
/// entry of earlier versions, so a given size holds the same entries.
const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least a few thousand entries).
    /// Aborts if the memory cannot be had: for sizes chosen by the program.
    pub(crate) fn new(megabytes: usize) -> Self {
        let count = Self::entries(megabytes);
        let mut slots = Vec::with_capacity(count);
        slots.resize_with(count, Slot::default);
        TranspositionTable {
            slots,
            generation: 0,
        }
    }

    /// A table of about `megabytes` MB, or `None` when the memory cannot
    /// be reserved (a size a user chose, which must not abort the program).
    pub(crate) fn try_new(megabytes: usize) -> Option<Self> {
        let count = Self::entries(megabytes);
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).ok()?;
        slots.resize_with(count, Slot::default);
        Some(TranspositionTable {
            slots,
            generation: 0,
        })
    }

    fn entries(megabytes: usize) -> usize {
        (megabytes.max(1).saturating_mul(1024 * 1024) / ENTRY_BYTES).max(1024)
    }

    /// Size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot = Slot::default();
        }
        self.generation = 0;
    }

    /// Thousandths of the table holding results of the current search,
    /// estimated from its first thousand entries (UCI `hashfull`).
    pub(crate) fn permille_used(&self) -> u32 {
        let sample = &self.slots[..self.slots.len().min(1000)];
        let used = sample
            .iter()
            .map(Slot::load)
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == self.generation)
            .count();
        (used * 1000 / sample.len().max(1)) as u32
    }

    /// Marks the start of a new search so older entries are replaced first.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1) & 0x3f;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// Looks `key` up.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let entry = self.slots.get(self.index(key))?.load();
        if entry.key != key {
            return None;
        }
        let bound = match entry.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Hit {
            best_move: Move::unpack(entry.packed_move),
            value: entry.value,
            depth: i32::from(entry.depth),
            bound,
            static_eval: (entry.static_eval != NO_STATIC_EVAL).then_some(entry.static_eval),
        })
    }

    /// Stores a result, replacing an entry of an older search or a shallower one.
    /// The entry keeps the move and the static evaluation it held for the same
    /// key when the new result brings none.
    #[inline]
    pub(crate) fn store(
        &self,
        key: u64,
        best_move: Option<Move>,
        value: i32,
        depth: i32,
        bound: Bound,
        static_eval: Option<i32>,
    ) {
        let index = self.index(key);
        let generation = self.generation;
        let Some(slot) = self.slots.get(index) else {
            return;
        };
        let entry = slot.load();
        let old_generation = entry.flags >> 2;
        let same_key = entry.key == key;
        if same_key || old_generation != generation || depth >= i32::from(entry.depth) - 2 {
            let keep_move = same_key && best_move.is_none();
            let bound_bits = match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            };
            slot.save(&Entry {
                key,
                packed_move: if keep_move {
                    entry.packed_move
                } else {
                    best_move.map_or(0, Move::pack)
                },
                value,
                depth: depth.clamp(-100, 1000) as i16,
                flags: bound_bits | (generation << 2),
                static_eval: match static_eval {
                    Some(eval) => eval,
                    None if same_key => entry.static_eval,
                    None => NO_STATIC_EVAL,
                },
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_a_torn_entry_is_a_miss() {
        let mut tt = TranspositionTable::new(1);
        // A fresh table replaces only entries it can beat: start a search.
        tt.new_search();
        assert_eq!(ENTRY_BYTES, 24);
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, None, -123_456, -7, Bound::Upper, Some(-1_234));
        let hit = tt.probe(key).expect("stored");
        assert_eq!(
            (hit.value, hit.depth, hit.bound, hit.static_eval),
            (-123_456, -7, Bound::Upper, Some(-1_234))
        );
        assert_eq!(hit.best_move, None);
        assert!(tt.probe(key ^ 1).is_none());
        // A writer of another key that got as far as its first word.
        let slot = &tt.slots[tt.index(key)];
        let other = Entry {
            key: key ^ 0xff00,
            value: 5,
            depth: 9,
            flags: 1,
            static_eval: NO_STATIC_EVAL,
            ..Entry::default()
        };
        let (first, second) = other.data();
        slot.check
            .store(other.key ^ first ^ second, Ordering::Relaxed);
        assert!(
            tt.probe(key).is_none(),
            "torn: the old key no longer matches"
        );
        assert!(
            tt.probe(other.key).is_none(),
            "torn: the new key does not match yet"
        );
    }

    #[test]
    fn an_evaluation_is_kept_for_its_key_only() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, None, -123_456, -7, Bound::Upper, Some(-1_234));
        // A result without an evaluation keeps the one stored for its key.
        tt.store(key, None, 77, -6, Bound::Lower, None);
        let hit = tt.probe(key).expect("stored");
        assert_eq!((hit.value, hit.static_eval), (77, Some(-1_234)));
        // Another key's entry in the same slot brings no evaluation of its own.
        let other_key = key ^ 0x10;
        assert_eq!(tt.index(other_key), tt.index(key), "the same slot");
        tt.store(other_key, None, 1, 50, Bound::Exact, None);
        let hit = tt
            .probe(other_key)
            .expect("stored over the shallower entry");
        assert_eq!(hit.static_eval, None);
        assert!(tt.probe(key).is_none(), "replaced");
    }
}
