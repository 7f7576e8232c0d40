//! The transposition table: a fixed-size array allocated once, sized by the
//! caller in megabytes (phones want it small).

use crate::moves::Move;

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

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    packed_move: u32,
    value: i32,
    depth: i16,
    /// Bound in the low 2 bits, generation above.
    flags: u8,
}

/// A probe hit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub(crate) best_move: Option<Move>,
    pub(crate) value: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
}

/// A hash table of search results.
pub(crate) struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least a few thousand entries).
    pub(crate) fn new(megabytes: usize) -> Self {
        let count = (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Entry>()).max(1024);
        TranspositionTable {
            entries: vec![Entry::default(); count],
            generation: 0,
        }
    }

    /// Size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
        self.generation = 0;
    }

    /// Thousandths of the table holding results of the current search,
    /// estimated from its first thousand entries (UCI `hashfull`).
    pub(crate) fn permille_used(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(1000)];
        let used = sample
            .iter()
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
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// Looks `key` up.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let entry = self.entries.get(self.index(key))?;
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
        })
    }

    /// Stores a result, replacing an entry of an older search or a shallower one.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        best_move: Option<Move>,
        value: i32,
        depth: i32,
        bound: Bound,
    ) {
        let index = self.index(key);
        let generation = self.generation;
        let Some(entry) = self.entries.get_mut(index) else {
            return;
        };
        let old_generation = entry.flags >> 2;
        if entry.key == key || old_generation != generation || depth >= i32::from(entry.depth) - 2 {
            let keep_move = entry.key == key && best_move.is_none();
            let bound_bits = match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            };
            *entry = Entry {
                key,
                packed_move: if keep_move {
                    entry.packed_move
                } else {
                    best_move.map_or(0, Move::pack)
                },
                value,
                depth: depth.clamp(-100, 1000) as i16,
                flags: bound_bits | (generation << 2),
            };
        }
    }
}
