import Foundation
import Observation

/// The screens of the app, as the navigation stack holds them.
public enum Route: String, Hashable, Codable, Sendable {
    case game
    case newComputerGame
    case newFriendGame
    case puzzles
    case puzzle
    case games
    case stats
    case settings
    case rules
    /// A game's review in points.
    case review
    /// The analysis board.
    case analysis
    /// The position editor.
    case editor
    /// The puzzle composer.
    case composer
}

/// The app: the library (in Application Support), the settings, Home's
/// entries and the navigation, restored at launch. One per app; the views
/// get the screen models from it.
@MainActor
@Observable
public final class AppModel {
    public let library: LibraryHandle
    public let time: TimeSource
    /// Sounds and haptics (held here for the app's life; screens hold it weakly).
    @ObservationIgnored public let feedback: FeedbackPlayer?
    /// The navigation stack (the view binds it).
    public var path: [Route] = [] {
        didSet { pathChanged(from: oldValue) }
    }
    /// The settings (also the defaults of new games).
    public private(set) var settings: Settings
    /// Home's "Continue": the unfinished game, if any.
    public private(set) var continueGame: GameSummary?
    /// A notice to show once: its message and an id of its own, so that
    /// dismissing it names which one goes.
    public struct Notice: Identifiable, Equatable, Sendable {
        public let id: Int
        public let message: String
    }

    /// Notices to show once after opening (a recovered database, an import),
    /// the first one on screen; `dismissNotice(_:)` takes it away.
    public private(set) var notices: [Notice] = []
    @ObservationIgnored private var lastNoticeID = 0

    /// The notice on screen, if any.
    public var currentNotice: Notice? { notices.first }

    /// The player dismissed `notice` (the one the alert showed): it goes,
    /// and the next (if any) is shown. Dismissing the same notice again
    /// does nothing: an alert may report one OK twice (its button and its
    /// binding), and a plain "remove the first" took the next notice too.
    public func dismissNotice(_ notice: Notice) {
        notices.removeAll { $0.id == notice.id }
    }

    /// Queues `messages` behind the notices already waiting.
    func addNotices(_ messages: [String]) {
        for message in messages {
            lastNoticeID += 1
            notices.append(Notice(id: lastNoticeID, message: message))
        }
    }

    /// The game screen's model while it is open.
    public private(set) var game: GameModel?
    /// The phone must not lock by itself: a game is on screen and going on
    /// (`GameModel.keepsScreenAwake`). The app sets
    /// `UIApplication.shared.isIdleTimerDisabled` to this, so leaving the
    /// game or its end gives the idle timer back.
    public var keepsScreenAwake: Bool { game?.keepsScreenAwake ?? false }
    public private(set) var newGame: NewGameModel?
    public private(set) var puzzles: PuzzleListModel?
    public private(set) var puzzle: PuzzleModel?
    public private(set) var games: GamesListModel?
    public private(set) var stats: StatsModel?
    public private(set) var settingsModel: SettingsModel?
    public private(set) var rules: RulesModel?
    public private(set) var review: ReviewModel?
    public private(set) var analysis: AnalysisModel?
    public private(set) var editor: EditorModel?
    public private(set) var composer: ComposerModel?
    /// An error to show over the screen on top (a game, review or position that could not be opened).
    public var error: String?

    @ObservationIgnored private let launchFile: URL?

    /// Opens the library in `folder` (the app passes `defaultLibraryFolder()`)
    /// and restores the screen that was open when the app was last left.
    public init(folder: URL, time: TimeSource = SystemTime(), feedback: FeedbackPlayer? = nil) throws {
        library = try LibraryHandle.open(folderPath: folder.path)
        launchFile = folder.appendingPathComponent("launch.json")
        self.time = time
        self.feedback = feedback
        settings = try library.settings()
        addNotices(library.notices().map(\.message))
        reloadHome()
        restore()
    }

    /// A library in memory (previews, tests): nothing is kept.
    public init(inMemory time: TimeSource, feedback: FeedbackPlayer? = nil) throws {
        library = try LibraryHandle.inMemory()
        launchFile = nil
        self.time = time
        self.feedback = feedback
        settings = try library.settings()
        reloadHome()
    }

    // MARK: - Home

    public var continueText: String? { continueGame?.description }

    /// Home's Continue.
    public func continueCurrent() {
        do {
            guard let session = try library.current(nowMs: time.nowMs()) else {
                reloadHome()
                return
            }
            open(session)
        } catch {
            self.error = describe(error)
        }
    }

    /// Home's "Play the computer" and "Pass and play": the form.
    public func showNewGame(_ opponent: NewGameModel.Opponent) {
        newGame = NewGameModel(opponent: opponent, settings: settings)
        path = [opponent == .computer ? .newComputerGame : .newFriendGame]
    }

    /// The editor's "Play from here": the form, playing on from its
    /// checked position.
    public func showNewGame(_ opponent: NewGameModel.Opponent, from editor: EditorModel) {
        guard let position = editor.checkedPosition() else { return }
        newGame = NewGameModel(opponent: opponent, settings: settings, setup: editor.view.setup, position: position)
        path = path + [opponent == .computer ? .newComputerGame : .newFriendGame]
    }

    /// The form's Start.
    public func start(_ form: NewGameModel, seed: UInt64 = UInt64.random(in: 1...UInt64.max)) {
        do {
            let session = try GameSessionHandle(game: form.newGame(seed: seed), library: library)
            open(session, replacing: true)
        } catch {
            self.error = describe(error)
        }
    }

    /// Opens a session on the game screen.
    public func open(_ session: GameSessionHandle, replacing: Bool = false, review: Bool = false) {
        game?.leave()
        let model = GameModel(session: session, settings: settings, time: time, feedback: feedback)
        if review { model.reviewStart() }
        game = model
        path = replacing || path.isEmpty ? [.game] : path + [.game]
    }

    public func showPuzzles() {
        do {
            puzzles = try PuzzleListModel(library: library)
            path = [.puzzles]
        } catch {
            self.error = describe(error)
        }
    }

    /// Opens puzzle `id` (from the list or the daily puzzle); "Next" keeps
    /// to `choice` (the list's tier and theme), or without one to the
    /// puzzle's own tier.
    public func openPuzzle(_ id: String, choice: PuzzleFilterChoice? = nil) {
        do {
            puzzle = try PuzzleModel(puzzleId: id, library: library, settings: settings, feedback: feedback, choice: choice)
            myPuzzleLine = nil
            path = path.contains(.puzzles) ? [.puzzles, .puzzle] : [.puzzle]
        } catch {
            self.error = describe(error)
        }
    }

    /// The list's "Solve": the first puzzle of its tier and theme not yet
    /// solved cleanly, as the app layer picks it, with "Next" keeping to
    /// that choice. When there is none the list says why.
    public func openChosenPuzzle(from list: PuzzleListModel) {
        guard let first = list.firstOfChoice() else { return }
        do {
            puzzle = try PuzzleModel(run: first.run, library: library, settings: settings, feedback: feedback,
                                     choice: list.choice, choiceNotice: first.notice)
            myPuzzleLine = nil
            path = path.contains(.puzzles) ? [.puzzles, .puzzle] : [.puzzle]
        } catch {
            self.error = describe(error)
        }
    }

    /// Opens a puzzle of My puzzles from its line, solved as a built-in one
    /// (`PuzzleRun.fromLine`: attempts recorded by its id).
    public func openMyPuzzle(line: String) {
        do {
            let run = try PuzzleRun.fromLine(line: line, library: library)
            puzzle = try PuzzleModel(run: run, library: library, settings: settings, feedback: feedback)
            myPuzzleLine = line
            path = path.contains(.puzzles) ? [.puzzles, .puzzle] : [.puzzle]
        } catch {
            self.error = describe(error)
        }
    }

    /// The line of the My puzzle on screen (restored at launch by it).
    @ObservationIgnored private var myPuzzleLine: String?

    // MARK: - Review, analysis, editor, composer

    /// The review in points of game `gameId` (from Games or its result sheet).
    public func openReview(_ gameId: Int64) {
        do {
            review?.leave()
            review = try ReviewModel(library: library, gameId: gameId, time: time, settings: settings)
            path = path + [.review]
        } catch {
            self.error = describe(error)
        }
    }

    /// The analysis board at `ply` moves into game `gameId` (its last
    /// position when `nil`).
    public func openAnalysis(_ gameId: Int64, ply: UInt32? = nil) {
        do {
            // The game's own orientation (the person's side against the computer).
            let game = try library.load(gameId: gameId, nowMs: time.nowMs()).snapshot(nowMs: time.nowMs())
            analysis?.leave()
            analysis = try AnalysisModel(library: library, gameId: gameId, ply: ply ?? game.plyCount, time: time,
                                         settings: settings, bottom: game.bottom)
            path = path + [.analysis]
        } catch {
            self.error = describe(error)
        }
    }

    /// The analysis board at a checked position of `game` (the editor's, a review's).
    public func openAnalysis(game: String, position: String) {
        do {
            analysis?.leave()
            analysis = try AnalysisModel(game: game, position: position, settings: settings)
            path = path + [.analysis]
        } catch {
            self.error = describe(error)
        }
    }

    /// The position editor: the start of Norochess, or a position to edit.
    public func openEditor(game: String = "norochess", position: String? = nil) {
        do {
            editor = try EditorModel(game: game, position: position, settings: settings)
            path = path + [.editor]
        } catch {
            self.error = describe(error)
        }
    }

    /// The composer from a checked position of `game`.
    public func openComposer(game: String, position: String) {
        composer?.leave()
        composer = ComposerModel(game: game, position: position, library: library)
        path = path + [.composer]
    }

    /// The game's result sheet: "Review in points" closes the sheet and
    /// opens the review of the saved game.
    public func reviewInPoints(_ game: GameModel) {
        guard let id = game.snapshot.gameId else { return }
        game.isResultPresented = false
        openReview(id)
    }

    /// The game screen's Analyse: the position shown (the one reviewed, or
    /// the live one) on the analysis board; the game goes on unchanged.
    public func analyse(_ game: GameModel) {
        guard let id = game.snapshot.gameId else { return }
        _ = game.session.saveNow(nowMs: time.nowMs())
        openAnalysis(id, ply: game.snapshot.reviewing ?? game.snapshot.plyCount)
    }

    /// The editor's Analyse: its checked position on the analysis board.
    public func analyse(_ editor: EditorModel) {
        guard let position = editor.checkedPosition() else { return }
        openAnalysis(game: editor.gameId, position: position)
    }

    /// The editor's Compose: its checked position in the composer.
    public func compose(_ editor: EditorModel) {
        guard let position = editor.checkedPosition() else { return }
        openComposer(game: editor.gameId, position: position)
    }

    public func showGames() {
        games = GamesListModel(library: library)
        path = [.games]
    }

    /// Opens a saved game from the list: to continue, or to replay from the start.
    public func openSaved(_ id: Int64) {
        do {
            let session = try library.load(gameId: id, nowMs: time.nowMs())
            let finished = session.snapshot(nowMs: time.nowMs()).result != nil
            open(session, review: finished)
        } catch {
            self.error = describe(error)
        }
    }

    public func showStats() {
        stats = StatsModel(library: library)
        path = [.stats]
    }

    public func showSettings() {
        settingsModel = SettingsModel(library: library) { [weak self] new in self?.settingsChanged(new) }
        path = path.last == .game ? path + [.settings] : [.settings]
    }

    /// The Rules screen, the page of the game `gameId` first.
    public func showRules(_ gameId: String? = nil) {
        rules = RulesModel(selected: gameId)
        path = path + [.rules]
    }

    private func settingsChanged(_ new: Settings) {
        settings = new
        game?.apply(settings: new)
        puzzle?.apply(settings: new)
        review?.apply(settings: new)
        analysis?.apply(settings: new)
        editor?.apply(settings: new)
    }

    /// The app went to the background (`true`) or came back.
    public func setBackground(_ background: Bool) {
        game?.setBackground(background)
        if background { saveLaunchState() }
    }

    // MARK: - Navigation and restore

    private func pathChanged(from old: [Route]) {
        if old.contains(.game), !path.contains(.game) {
            game?.leave()
            game = nil
            reloadHome()
        }
        if old.contains(.puzzle), !path.contains(.puzzle) {
            puzzle?.leave()
            puzzle = nil
            myPuzzleLine = nil
            puzzles?.reload()
        }
        if old.contains(.review), !path.contains(.review) {
            review?.leave()
            review = nil
            games?.reload()
        }
        if old.contains(.analysis), !path.contains(.analysis) {
            analysis?.leave()
            analysis = nil
        }
        if old.contains(.editor), !path.contains(.editor) { editor = nil }
        if old.contains(.composer), !path.contains(.composer) {
            composer?.leave()
            composer = nil
            puzzles?.reload()
        }
        saveLaunchState()
    }

    /// The game screen asked for Home (its result sheet's Home button).
    public func gameWantsHome() {
        path = []
    }

    public func reloadHome() {
        continueGame = (try? library.list(filter: GameFilter(finished: false, variant: nil, opponent: nil), limit: 1))?.first
    }

    private struct LaunchState: Codable {
        var screen: Route?
        var puzzleId: String?
        /// A My puzzle is restored from its line (it is not in the pack).
        var puzzleLine: String?
    }

    private func saveLaunchState() {
        guard let launchFile else { return }
        let onPuzzle = path.last == .puzzle
        let state = LaunchState(screen: path.last, puzzleId: onPuzzle ? puzzle?.info.id : nil,
                                puzzleLine: onPuzzle ? myPuzzleLine.flatMap { $0.hasPrefix((puzzle?.info.id ?? "") + "|") ? $0 : nil } : nil)
        try? JSONEncoder().encode(state).write(to: launchFile, options: .atomic)
    }

    /// At launch: the game screen with the unfinished game if it was open,
    /// the puzzle that was open, or a list screen.
    private func restore() {
        guard let launchFile, let data = try? Data(contentsOf: launchFile),
              let state = try? JSONDecoder().decode(LaunchState.self, from: data),
              let screen = state.screen else { return }
        switch screen {
        case .game: continueCurrent()
        case .puzzle:
            if let line = state.puzzleLine {
                openMyPuzzle(line: line)
            } else if let id = state.puzzleId {
                openPuzzle(id)
            }
        case .puzzles: showPuzzles()
        case .games: showGames()
        case .stats: showStats()
        case .settings: showSettings()
        // Screens opened from another (a game, the editor) start from it again.
        case .rules, .newComputerGame, .newFriendGame, .review, .analysis, .editor, .composer: break
        }
    }
}
