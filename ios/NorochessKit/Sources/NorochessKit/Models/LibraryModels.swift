import Foundation
import Observation

/// Formats a saved game's date for lists (`30 Nov 2026, 14:05`).
func dateText(_ seconds: Int64) -> String {
    let formatter = DateFormatter()
    formatter.dateStyle = .medium
    formatter.timeStyle = .short
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
}

/// The games list: finished and unfinished games with date, opponent,
/// result and score; open one to continue or replay it; share its record.
@MainActor
@Observable
public final class GamesListModel {
    public struct Row: Identifiable, Equatable {
        public let id: Int64
        /// `Ram chess · vs the computer (level 4), you played white`.
        public let title: String
        /// `White wins 38–33 · higher score after move 48` or `Unfinished, move 12, 5–3`.
        public let result: String
        public let date: String
        public let isFinished: Bool
        public let accessibilityLabel: String
    }

    public enum Filter: String, CaseIterable, Identifiable, Sendable {
        case all, unfinished, finished
        public var id: String { rawValue }
        public var title: String {
            switch self {
            case .all: return tr("All")
            case .unfinished: return tr("Unfinished")
            case .finished: return tr("Finished")
            }
        }
    }

    public let library: LibraryHandle
    public var filter: Filter = .all {
        didSet { reload() }
    }
    public private(set) var rows: [Row] = []
    public private(set) var error: String?
    public init(library: LibraryHandle) {
        self.library = library
        reload()
    }

    public var isEmpty: Bool { rows.isEmpty }
    public var emptyText: String { tr("No games yet") }

    public func reload() {
        let finished: Bool? = filter == .all ? nil : filter == .finished
        do {
            rows = try library.list(filter: GameFilter(finished: finished, variant: nil, opponent: nil), limit: 500)
                .map(row)
            error = nil
        } catch {
            self.error = describe(error)
        }
    }

    /// A row as the app layer writes it: `game.title` and `game.resultLine`
    /// (the winner's score first, why it ended); the date in the device's format.
    private func row(_ game: GameSummary) -> Row {
        let date = dateText(game.updatedAt)
        return Row(id: game.id, title: game.title, result: game.resultLine, date: date, isFinished: game.finished,
                   accessibilityLabel: tr("%@, %@, %@", game.title, game.resultLine, date))
    }

    /// The record to share (PGN-style text).
    public func shareText(_ id: Int64) -> String? {
        do {
            return try library.record(gameId: id)
        } catch {
            self.error = describe(error)
            return nil
        }
    }

    public func delete(_ id: Int64) {
        do {
            try library.delete(gameId: id)
            reload()
        } catch {
            self.error = describe(error)
        }
    }
}

/// Statistics: per game and computer level, wins/draws/losses and the
/// score differential; best win; puzzle progress.
@MainActor
@Observable
public final class StatsModel {
    public struct Row: Identifiable, Equatable {
        public let id: String
        /// `Norochess · level 4` or `Ram chess · pass and play`.
        public let title: String
        /// `W 3 · D 1 · L 2`.
        public let record: String
        /// `+17` (own minus the opponent's final points, summed).
        public let differential: String
        public let accessibilityLabel: String
    }

    public let library: LibraryHandle
    public private(set) var rows: [Row] = []
    public private(set) var totalText = ""
    public private(set) var bestWinText: String?
    public private(set) var worstLossText: String?
    public private(set) var puzzleText = ""
    /// `Puzzle rating 1512 ± 87`.
    public private(set) var puzzleRatingText = ""
    /// The player's rating after each of the latest attempts, oldest first
    /// (a chart's points).
    public private(set) var ratingHistory: [RatingPoint] = []
    /// `Rating history: 1512 → 1563` (after the oldest and the latest of
    /// `ratingHistory`), or nil before any attempt.
    public private(set) var ratingHistoryText: String?
    /// The reviews' summary: `Reviewed 4 games against the computer: your
    /// accuracy 81%, …` (the app layer's `reviewStats().text`).
    public private(set) var reviewText = ""
    /// The player's review accuracy, 0–100, once a game is reviewed.
    public private(set) var reviewAccuracy: Double?
    public private(set) var error: String?

    public init(library: LibraryHandle) {
        self.library = library
        reload()
    }

    public var isEmpty: Bool { rows.isEmpty }

    public func reload() {
        var names: [String: String] = ["all": tr("All games")]
        for info in NorochessKit.variants() { names[info.id] = info.name }
        do {
            let stats = try library.stats()
            rows = stats.rows.map { r in
                let game = names[r.variant] ?? r.variant
                let who = r.level.map { tr("level %@", "\($0)") } ?? tr("pass and play")
                let title = tr("%@ · %@", game, who)
                let record = tr("W %@ · D %@ · L %@", "\(r.wins)", "\(r.draws)", "\(r.losses)")
                let diff = r.scoreDifferential > 0 ? "+\(r.scoreDifferential)" : "\(r.scoreDifferential)"
                return Row(id: "\(r.variant)-\(r.level.map { "\($0)" } ?? "friend")", title: title, record: record,
                           differential: diff,
                           accessibilityLabel: tr("%@: %@ wins, %@ draws, %@ losses, score differential %@",
                                                  title, "\(r.wins)", "\(r.draws)", "\(r.losses)", diff))
            }
            let c = stats.againstComputer
            totalText = tr("Against the computer: %@ games, W %@ · D %@ · L %@", "\(c.games)", "\(c.wins)", "\(c.draws)", "\(c.losses)")
            bestWinText = stats.bestWin.map { tr("Best win: %@", $0.description) }
            worstLossText = stats.worstLoss.map { tr("Worst loss: %@", $0.description) }
            let p = stats.puzzles
            puzzleText = tr("Puzzles: %@ solved of %@ tried, %@ cleanly; streak %@ (best %@)",
                            "\(p.solved)", "\(p.attempted)", "\(p.solvedCleanly)", "\(p.streak)", "\(p.bestStreak)")
            puzzleRatingText = tr("Puzzle rating %@ ± %@", "\(p.rating)", "\(p.deviation)")
            ratingHistory = p.ratingHistory
            if let first = p.ratingHistory.first, let last = p.ratingHistory.last {
                ratingHistoryText = tr("Rating history: %@ → %@", "\(first.rating)", "\(last.rating)")
            } else {
                ratingHistoryText = nil
            }
            let reviews = try library.reviewStats()
            reviewText = reviews.text
            reviewAccuracy = reviews.gamesReviewed > 0 ? reviews.yourAccuracy : nil
            error = nil
        } catch {
            self.error = describe(error)
        }
    }
}

/// Settings: board colours, piece style, coordinates, legal-move dots,
/// pass-and-play board, confirm resign, sounds, haptics, hints, takeback,
/// default level and clock, name. Every change is saved at once.
@MainActor
@Observable
public final class SettingsModel {
    public let library: LibraryHandle
    /// The settings as stored.
    public private(set) var settings: Settings
    public private(set) var error: String?
    public let themes = BoardTheme.all
    public let presets: [TimeControlPreset] = timeControlPresets()
    @ObservationIgnored private let onChange: (Settings) -> Void

    public init(library: LibraryHandle, onChange: @escaping (Settings) -> Void = { _ in }) {
        self.library = library
        self.onChange = onChange
        settings = (try? library.settings()) ?? defaultSettings()
    }

    /// Changes one setting and saves.
    public func update(_ change: (inout Settings) -> Void) {
        var next = settings
        change(&next)
        do {
            // Only the keys this change touched are written: another
            // window's changes to other keys stay.
            settings = try library.updateSettings(before: settings, after: next)
            error = nil
            onChange(settings)
        } catch {
            self.error = describe(error)
        }
    }

    public func setTheme(_ id: String) { update { $0.boardTheme = id } }
    public func setPieceStyle(_ style: PieceStyle) { update { $0.pieceStyle = style } }
    public func setCoordinates(_ on: Bool) { update { $0.coordinates = on } }
    public func setLegalDots(_ on: Bool) { update { $0.legalDots = on } }
    public func setPassAndPlayBoard(_ mode: BoardMode) { update { $0.passAndPlayBoard = mode } }
    public func setConfirmResign(_ on: Bool) { update { $0.confirmResign = on } }
    /// Ask before a move that would lose by repetition (Norochess).
    public func setConfirmRepetition(_ on: Bool) { update { $0.confirmRepetition = on } }
    public func setSounds(_ on: Bool) { update { $0.sounds = on } }
    public func setHaptics(_ on: Bool) { update { $0.haptics = on } }
    public func setHints(_ on: Bool) { update { $0.hints = on } }
    public func setTakeback(_ on: Bool) { update { $0.takeback = on } }
    /// Practice mode: against the computer, each of the person's moves
    /// marked with the points it cost (the app layer judges them).
    public func setPractice(_ on: Bool) { update { $0.practice = on } }
    /// The computer's levels the default can take (the app layer's).
    public let levels: [Int] = computerLevels().map(Int.init)
    public func setDefaultLevel(_ level: Int) {
        guard levels.contains(level) else { return }
        update { $0.defaultLevel = UInt8(level) }
    }
    /// `nil`: untimed; else an index into `presets`.
    public func setDefaultClock(_ index: Int?) { update { $0.defaultClock = index.map { presets[$0].control } } }
    public func setPlayerName(_ name: String) { update { $0.playerName = name } }

    /// The index of the default clock in `presets`.
    public var defaultClockIndex: Int? {
        settings.defaultClock.flatMap { clock in presets.firstIndex { $0.control == clock } }
    }

    public var pieceStyleChoices: [Choice<PieceStyle>] { [Choice(.classic, tr("Figures")), Choice(.letters, tr("Letters"))] }

    public var boardModeChoices: [Choice<BoardMode>] {
        [Choice(.autoFlip, tr("Turn the board after each move")), Choice(.faceToFace, tr("Face to face")),
         Choice(.fixed, tr("White at the bottom"))]
    }
}

/// The rules: every game of the core's menu with its rule page from the
/// core (the rule book of `docs/rules/`), so a new game needs no change here
/// and the terminal and Android show the same words.
@MainActor
@Observable
public final class RulesModel {
    public struct Page: Identifiable, Equatable {
        /// The game's id (`ram`).
        public let id: String
        public let name: String
        /// What the game is, in one paragraph.
        public let summary: String
        /// The page's sections (heading, paragraphs, lists, tables).
        public let sections: [RuleSection]
    }

    public let pages: [Page]
    /// The id of the game whose page comes first (opened from a game).
    public var selected: String?

    public init(selected: String? = nil) {
        self.selected = selected
        // A page the core cannot give (never for a game of its own menu) is
        // left out rather than failing the screen.
        pages = NorochessKit.variants().compactMap { info in
            guard let page = try? rulePage(gameId: info.id) else { return nil }
            return Page(id: info.id, name: page.title, summary: page.summary,
                        sections: page.sections)
        }
    }

    public var page: Page? { pages.first { $0.id == selected } }

    /// The pages in the order shown: the selected game's first (opened from a game).
    public var orderedPages: [Page] {
        guard let page else { return pages }
        return [page] + pages.filter { $0.id != page.id }
    }
}
