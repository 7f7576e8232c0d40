import Foundation

/// The player's choice of puzzles on a screen, a tier and a theme, held as
/// the app layer's `PuzzleFilter` and forwarded to it (docs/puzzles.md,
/// "Choosing puzzles"). The app layer reads the filter (an unknown theme is
/// refused by name), says it in words, offers the themes a tier holds with
/// their counts and picks the next puzzle; nothing here decides which
/// puzzles fit.
public struct PuzzleFilterChoice: Equatable {
    /// One line of the theme picker: "Any theme", or a theme the tier holds.
    public struct ThemeItem: Identifiable, Equatable {
        /// The tagger's id (`discovered-attack`); nil for "Any theme".
        public let theme: String?
        /// `Discovered attack (21)`, `Any theme`.
        public let label: String
        /// What the theme means (docs/puzzles.md, "Themes"); nil for "Any theme".
        public let meaning: String?
        public var id: String { theme ?? "" }
    }

    /// What `next(after:library:)` found.
    public enum Next {
        /// The puzzle to open, with the app layer's sentence when every
        /// puzzle of the choice is already solved cleanly (so they come
        /// round again).
        case puzzle(PuzzleRun, notice: String?)
        /// The pack has no puzzle of the choice: the app layer's sentence.
        case none(String)
    }

    /// The choice as the app layer takes it.
    public private(set) var filter: PuzzleFilter
    /// The choice in the app layer's words: `easy fork puzzles`.
    public private(set) var text: String
    /// The theme picker: "Any theme", then the themes of the tier in the
    /// app layer's order, each with how many puzzles of the tier have it.
    public private(set) var items: [ThemeItem]

    /// The choice of `filter`, read by the app layer; its error (an unknown
    /// theme, named) is thrown.
    public init(_ filter: PuzzleFilter) throws {
        self.filter = filter
        text = try puzzleFilterText(filter: filter)
        items = Self.items(try puzzleThemeChoices(tier: filter.tier))
    }

    /// The theme picked (`nil`: any theme). An unknown theme is thrown with
    /// the app layer's words and the choice stays as it was.
    public mutating func chooseTheme(_ theme: String?) throws {
        let chosen = PuzzleFilter(tier: filter.tier, theme: theme)
        let words = try puzzleFilterText(filter: chosen)
        (filter, text) = (chosen, words)
    }

    /// The tier picked (`nil`: every tier): the picker then offers that
    /// tier's themes. What the new tier does to the theme is the app
    /// layer's (`puzzleFilterWithTier`): kept when the pack has puzzles of
    /// it in that tier, else dropped (any theme), so the picker always
    /// shows its selection among its lines. On an error the choice stays
    /// as it was.
    public mutating func chooseTier(_ tier: PuzzleDifficulty?) throws {
        let chosen = try puzzleFilterWithTier(filter: filter, tier: tier)
        let offered = try puzzleThemeChoices(tier: chosen.tier)
        let words = try puzzleFilterText(filter: chosen)
        (filter, text, items) = (chosen, words, Self.items(offered))
    }

    /// The built-in puzzles of the choice, in pack order, as the app layer
    /// narrows the pack (`chosenBuiltinPuzzles`): the list's rows.
    public func puzzles() throws -> [PuzzleInfo] {
        try chosenBuiltinPuzzles(filter: filter)
    }

    /// What the chosen theme means, nil for any theme.
    public var meaning: String? {
        items.first { $0.theme != nil && $0.theme == filter.theme }?.meaning
    }

    /// The next puzzle of the choice after `currentId` (from the top of the
    /// pack when nil), as the app layer picks it, opened as a run.
    public func next(after currentId: String?, library: LibraryHandle) throws -> Next {
        guard let next = try nextPuzzle(library: library, filter: filter, currentId: currentId) else {
            return .none(try puzzleFilterNoneText(filter: filter))
        }
        let run = try PuzzleRun(puzzleId: next.puzzle.id, library: library)
        let notice = next.allSolvedCleanly ? try puzzleFilterAllSolvedText(filter: filter) : nil
        return .puzzle(run, notice: notice)
    }

    private static func items(_ offered: [PuzzleThemeChoice]) -> [ThemeItem] {
        [ThemeItem(theme: nil, label: tr("Any theme"), meaning: nil)]
            + offered.map { ThemeItem(theme: $0.id, label: tr("%@ (%@)", $0.name, "\($0.count)"), meaning: $0.meaning) }
    }
}
