//! The options a game can take (Improved chess's zone and blockage): the
//! ids saved games and records write, and the labels players read.

/// One value of a game option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OptionValue {
    /// The value's id in saved games, records and on the command line (`far-half`).
    pub id: &'static str,
    /// What a player reads in a picker (`Ranks 5, 6 and 7`).
    pub label: &'static str,
}

/// A game option with its values, the default first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameOption {
    /// The option's id (`zone`, `blockage`).
    pub id: &'static str,
    /// Its name for players (`Zone`, `Blocked by`).
    pub name: &'static str,
    /// Its values in the rule book's order; the first is the default.
    pub values: &'static [OptionValue],
    /// The values as an error message lists them (`enemy or any`).
    pub expected: &'static str,
}

impl GameOption {
    /// The index of the value with id `text`, if there is one.
    pub fn position(&self, text: &str) -> Option<usize> {
        self.values.iter().position(|v| v.id == text)
    }
}

/// Improved chess's zone option.
pub const ZONE: GameOption = GameOption {
    id: "zone",
    name: "Zone",
    values: &[
        OptionValue {
            id: "far-half",
            label: "Ranks 5, 6 and 7",
        },
        OptionValue {
            id: "beyond-fifth",
            label: "Ranks 6 and 7",
        },
        OptionValue {
            id: "seventh",
            label: "Rank 7 only",
        },
    ],
    expected: "far-half, beyond-fifth or seventh",
};

/// Improved chess's blockage option.
pub const BLOCKAGE: GameOption = GameOption {
    id: "blockage",
    name: "Blocked by",
    values: &[
        OptionValue {
            id: "enemy",
            label: "An enemy piece",
        },
        OptionValue {
            id: "any",
            label: "Any piece",
        },
    ],
    expected: "enemy or any",
};

/// Which ranks of Improved chess let a blocked pawn step obliquely. Its
/// values are those of the `zone` option ([`crate::Variant::options`]), in
/// the same order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Zone {
    /// Ranks 5, 6 and 7 (the default).
    #[default]
    FarHalf,
    /// Ranks 6 and 7.
    BeyondFifth,
    /// Rank 7 only.
    Seventh,
}

impl Zone {
    /// All zones, in the order of the rule book.
    pub const ALL: [Zone; 3] = [Zone::FarHalf, Zone::BeyondFifth, Zone::Seventh];

    /// The option value (`far-half`, `beyond-fifth`, `seventh`).
    pub const fn id(self) -> &'static str {
        ZONE.values[self as usize].id
    }

    /// What a player reads (`Ranks 5, 6 and 7`).
    pub const fn label(self) -> &'static str {
        ZONE.values[self as usize].label
    }

    /// Bit `r` set for each relative rank `r` (0 = own back rank) in the zone.
    pub(crate) const fn relative_ranks(self) -> u16 {
        match self {
            Zone::FarHalf => 0b111_0000,
            Zone::BeyondFifth => 0b110_0000,
            Zone::Seventh => 0b100_0000,
        }
    }
}

/// What blocks a pawn in Improved chess, allowing its oblique step. Its
/// values are those of the `blockage` option
/// ([`crate::Variant::options`]), in the same order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Blockage {
    /// An enemy piece or pawn stands in front (the default).
    #[default]
    Enemy,
    /// Any piece or pawn stands in front.
    Any,
}

impl Blockage {
    /// Both blockage rules.
    pub const ALL: [Blockage; 2] = [Blockage::Enemy, Blockage::Any];

    /// The option value (`enemy`, `any`).
    pub const fn id(self) -> &'static str {
        BLOCKAGE.values[self as usize].id
    }

    /// What a player reads (`An enemy piece`).
    pub const fn label(self) -> &'static str {
        BLOCKAGE.values[self as usize].label
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_value_is_its_option_s_value_in_order() {
        let zones: Vec<&str> = Zone::ALL.iter().map(|z| z.id()).collect();
        let listed: Vec<&str> = ZONE.values.iter().map(|v| v.id).collect();
        assert_eq!(zones, listed);
        let blockages: Vec<&str> = Blockage::ALL.iter().map(|b| b.id()).collect();
        let listed: Vec<&str> = BLOCKAGE.values.iter().map(|v| v.id).collect();
        assert_eq!(blockages, listed);
        assert_eq!(Zone::default(), Zone::ALL[0]);
        assert_eq!(Blockage::default(), Blockage::ALL[0]);
    }
}
