import Foundation
import Observation

/// Runs a blocking call of the core (the puzzle solver) off the main actor.
///
/// The call runs in a detached task, which has no actor whatever the
/// language mode: a plain `nonisolated async` function runs on the global
/// executor only under Swift 5 and 6.0 semantics, while under Swift 6.2's
/// `NonisolatedNonsendingByDefault` it would run on the caller's actor, the
/// main actor here, and freeze the screen (`@concurrent` states it in 6.2
/// but does not exist in 6.0). The caller awaits the task, and its
/// cancellation is passed on, so the work never outlives the task that
/// asked for it (a blocking call of the core finishes, its answer is dropped).
func offMain<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let work = Task.detached(priority: .userInitiated) { try body() }
    return try await withTaskCancellationHandler {
        try await work.value
    } onCancel: {
        work.cancel()
    }
}

/// The puzzle list: the built-in puzzles of the chosen tier and theme (the
/// app layer narrows the pack), the daily puzzle, progress and streak (from
/// the library).
@MainActor
@Observable
public final class PuzzleListModel {
    public struct Row: Identifiable, Equatable {
        public let id: String
        /// `np1042 · 1450`.
        public let title: String
        /// `White to play and win — move 46, score 30–31`.
        public let objective: String
        public let status: PuzzleAttempt?
        /// SF Symbol of the status: solved cleanly, solved, shown, not tried.
        public let symbol: String
        public let accessibilityLabel: String
    }

    public let library: LibraryHandle
    public var tier: PuzzleDifficulty {
        didSet {
            // The choice first: the rows are the puzzles of the new choice.
            // When it fails the choice and the rows stay, and the error
            // (which a reload would clear) is shown.
            if chooseTier() { reload() }
        }
    }
    /// The tier and theme "Solve" opens, the rows show and the puzzle
    /// screen's "Next" keeps to (the app layer's filter); its theme picker
    /// offers the themes of `tier`.
    public private(set) var choice: PuzzleFilterChoice
    /// What the app layer said when "Solve" found nothing to open.
    public private(set) var choiceNotice: String?
    /// The built-in puzzles of `choice`, in pack order (the app layer's
    /// `chosenBuiltinPuzzles`).
    public private(set) var rows: [Row] = []
    public private(set) var stats: PuzzleStats?
    public private(set) var error: String?
    @ObservationIgnored private let all: [PuzzleInfo]

    /// The list of `tier`, any theme. Throws when the app layer cannot
    /// offer the pack's themes.
    public init(library: LibraryHandle, tier: PuzzleDifficulty = .easy) throws {
        self.library = library
        self.tier = tier
        all = (try? builtinPuzzles()) ?? []
        choice = try PuzzleFilterChoice(PuzzleFilter(tier: tier, theme: nil))
        reload()
    }

    // MARK: - Tier and theme

    /// The theme picked in the list (`nil`: any theme): the rows narrow to
    /// it. An unknown theme is said in the app layer's words and the
    /// choice stays as it was.
    public func chooseTheme(_ theme: String?) {
        do {
            try choice.chooseTheme(theme)
            choiceNotice = nil
            error = nil
            reload()
        } catch {
            self.error = describe(error)
        }
    }

    /// The tier picked: the app layer keeps the theme when the tier has
    /// puzzles of it and drops it otherwise (`PuzzleFilterChoice.chooseTier`).
    /// False, with the error said, when the app layer could not answer.
    private func chooseTier() -> Bool {
        do {
            try choice.chooseTier(tier)
            choiceNotice = nil
            return true
        } catch {
            self.error = describe(error)
            return false
        }
    }

    /// "Solve": `Solve easy fork puzzles`.
    public var solveText: String { tr("Solve %@", choice.text) }

    /// The first puzzle of the choice that is not yet solved cleanly, as the
    /// app layer picks it (`AppModel.openChosenPuzzle`); nil, with the app
    /// layer's sentence or the error in `choiceNotice` or `error`, when
    /// there is none to open.
    func firstOfChoice() -> (run: PuzzleRun, notice: String?)? {
        do {
            switch try choice.next(after: nil, library: library) {
            case let .puzzle(run, notice):
                choiceNotice = nil
                return (run, notice)
            case let .none(text):
                choiceNotice = text
                return nil
            }
        } catch {
            self.error = describe(error)
            return nil
        }
    }

    // MARK: - My puzzles

    /// A puzzle of My puzzles as the list shows it.
    public struct MyRow: Identifiable, Equatable {
        /// Its id (`my-3f2a9c01`).
        public let id: String
        /// `White to play and win — move 48, score 18–20`.
        public let title: String
        /// The app layer's status line: `Composed · solved cleanly`.
        public let status: String
        /// The line it is kept, shared and solved as.
        public let line: String
        public let accessibilityLabel: String
    }

    /// My puzzles, oldest first.
    public private(set) var myRows: [MyRow] = []
    /// My puzzles' lines that can no longer be read, each named.
    public private(set) var unreadable: [String] = []

    /// The line of my puzzle `id` (to solve it with `PuzzleRun.fromLine`).
    public func myPuzzleLine(_ id: String) -> String? { myRows.first { $0.id == id }?.line }

    public func deleteMyPuzzle(_ id: String) {
        do {
            _ = try library.deleteMyPuzzle(id: id)
            reload()
        } catch {
            self.error = describe(error)
        }
    }

    private func reloadMyPuzzles() throws {
        let list = try library.myPuzzles()
        myRows = list.puzzles.map { mine in
            MyRow(id: mine.puzzle.id, title: mine.puzzle.description, status: mine.statusText,
                  line: mine.puzzle.shareText,
                  accessibilityLabel: tr("%@, %@", mine.puzzle.description, mine.statusText))
        }
        unreadable = list.unreadable
    }

    // MARK: - Import by paste

    /// The import sheet is open (the view binds it).
    public var isImportPresented = false
    /// The text pasted to import (one shared puzzle line).
    public var importText = ""
    /// The solver is proving the pasted puzzle again.
    public private(set) var isImporting = false
    /// How the last import went: `Imported: …`, or why it was refused.
    public private(set) var importMessage: String?
    public private(set) var importSucceeded = false
    @ObservationIgnored private var importTask: Task<Void, Never>?

    public var canImport: Bool { !isImporting && !importText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

    /// Opens the import sheet, empty.
    public func showImport() {
        importText = ""
        importMessage = nil
        isImportPresented = true
    }

    /// `No puzzles of your own yet` when My puzzles is empty.
    public var myPuzzlesEmptyText: String? { myRows.isEmpty ? tr("No puzzles of your own yet") : nil }

    /// Proves the pasted puzzle again (`importPuzzle`) and keeps it in My
    /// puzzles as imported.
    public func importPasted() {
        guard canImport else { return }
        let text = importText
        isImporting = true
        importMessage = nil
        importTask = Task { [weak self] in
            let result: Result<ComposedPuzzle, Error>
            do { result = .success(try await importPuzzle(text: text)) } catch { result = .failure(error) }
            self?.imported(result)
        }
    }

    /// Waits for the import in progress (tests).
    public func waitForImport() async {
        if let importTask { await importTask.value }
    }

    private func imported(_ result: Result<ComposedPuzzle, Error>) {
        importTask = nil
        isImporting = false
        switch result {
        case let .success(puzzle):
            do {
                let added = try library.saveMyPuzzle(shareText: puzzle.shareText, origin: .imported)
                importMessage = added ? tr("Imported: %@", puzzle.description) : tr("Already in My puzzles: %@", puzzle.description)
                importSucceeded = true
                importText = ""
            } catch {
                importMessage = describe(error)
                importSucceeded = false
            }
            reload()
        case let .failure(error):
            importMessage = describe(error)
            importSucceeded = false
        }
    }

    public let tiers: [PuzzleDifficulty] = [.easy, .medium, .hard]

    public func tierName(_ tier: PuzzleDifficulty) -> String {
        switch tier {
        case .easy: return tr("Easy")
        case .medium: return tr("Medium")
        case .hard: return tr("Hard")
        }
    }

    /// `Solved 12 of 320 · streak 3 (best 5)`.
    public var progressText: String {
        guard let stats else { return "" }
        return tr("Solved %@ of %@ · streak %@ (best %@)", "\(stats.solved)", "\(all.count)", "\(stats.streak)", "\(stats.bestStreak)")
    }

    /// `Easy: 4 of 120 solved`.
    public func tierProgress(_ tier: PuzzleDifficulty) -> String {
        let id = tier == .easy ? "easy" : tier == .medium ? "medium" : "hard"
        let total = all.filter { $0.difficulty == tier }.count
        let solved = stats?.tiers.first { $0.tier == id }?.solved ?? 0
        return tr("%@: %@ of %@ solved", tierName(tier), "\(solved)", "\(total)")
    }

    /// `Puzzle rating 1512 ± 87` (Glicko-2; 1500 ± 350 before any attempt).
    public var ratingText: String {
        guard let stats else { return "" }
        return tr("Puzzle rating %@ ± %@", "\(stats.rating)", "\(stats.deviation)")
    }

    /// The day's puzzle (the device's calendar day), chosen by the core:
    /// the same all day, among the puzzles nearest the player's rating at
    /// the start of that day.
    public func dailyPuzzleId(on date: Date = Date()) -> String? {
        let day = Calendar.current.dateComponents([.year, .month, .day], from: date)
        guard let year = day.year, let month = day.month, let dayOfMonth = day.day else { return nil }
        // Views call this while drawing: a failure (a pack that cannot be
        // read) hides the daily puzzle rather than changing state here.
        return (try? library.dailyPuzzle(year: Int32(year), month: UInt32(month), day: UInt32(dayOfMonth)))??.id
    }

    public func reload() {
        do {
            stats = try library.puzzleStats()
            rows = try choice.puzzles().map { info in
                let status = try library.puzzleStatus(puzzleId: info.id)
                let symbol: String
                let word: String
                switch status {
                case .clean: (symbol, word) = ("star.fill", tr("solved cleanly"))
                case .solved: (symbol, word) = ("checkmark.circle", tr("solved"))
                case .shown: (symbol, word) = ("eye", tr("solution shown"))
                case .failed: (symbol, word) = ("xmark.circle", tr("not solved"))
                case nil: (symbol, word) = ("circle", tr("not tried"))
                }
                let title = "\(info.id) · \(info.rating)"
                return Row(id: info.id, title: title, objective: info.objectiveText, status: status,
                           symbol: symbol, accessibilityLabel: tr("%@, %@, %@", title, info.objectiveText, word))
            }
            try reloadMyPuzzles()
            error = nil
        } catch {
            self.error = describe(error)
        }
    }
}

/// One puzzle on screen: maps a `PuzzleRun` (one attempt, from the Rust app
/// layer) to the view and forwards taps: the objective, the board oriented
/// for the player, right/wrong feedback, the opponent's answers, hint (piece,
/// then move), retry, the solution step by step, next puzzle. How an attempt
/// counts, when it is recorded, which puzzle is next and the rating are the
/// run's (docs/puzzles.md).
@MainActor
@Observable
public final class PuzzleModel {
    public private(set) var run: PuzzleRun
    public private(set) var info: PuzzleInfo
    public private(set) var board: GameSnapshot
    public private(set) var phase: PuzzlePhase
    /// The selection, its targets and the open picker: the run's board
    /// input (the app layer decides what a touch means).
    public private(set) var input: BoardInputView
    /// Open while a promotion piece is chosen (under-promotion): the run's
    /// picker, with its title and labels.
    public var picker: PiecePicker? { input.picker }
    /// `Correct: Qf5. Black answers Kg8.`, `Wrong: Qf5. Black answers …`.
    public private(set) var feedbackText: String?
    public private(set) var isCorrectFeedback = true
    /// The square a piece hint points at.
    public private(set) var hintedSquare: String?
    public private(set) var hintText: String?
    /// The core is answering (the solver may take a moment).
    public private(set) var isBusy = false
    public private(set) var error: String?
    public private(set) var settings: Settings?
    /// The feedback for VoiceOver to say once.
    public private(set) var spoken: Spoken?
    /// How the attempt ended (recorded by the run), once it has.
    public private(set) var end: AttemptEnd?
    /// The tier and theme "Next" keeps to (the app layer's filter), with
    /// the theme picker's lines for that tier.
    public private(set) var choice: PuzzleFilterChoice
    /// The app layer's sentence about the choice: every puzzle of it solved
    /// cleanly (they come round again), or none in the pack.
    public private(set) var choiceNotice: String?

    @ObservationIgnored private let library: LibraryHandle
    @ObservationIgnored private weak var feedback: FeedbackPlayer?
    @ObservationIgnored private var work: Task<Void, Never>?

    public convenience init(puzzleId: String, library: LibraryHandle, settings: Settings?, feedback: FeedbackPlayer? = nil,
                            choice: PuzzleFilterChoice? = nil) throws {
        try self.init(run: PuzzleRun(puzzleId: puzzleId, library: library), library: library, settings: settings,
                      feedback: feedback, choice: choice)
    }

    /// A puzzle on screen; "Next" keeps to `choice`, or without one to the
    /// puzzle's own tier and any theme. `choiceNotice` is shown with it
    /// (the app layer's sentence that found it). Throws when the app layer
    /// cannot read the choice.
    public init(run: PuzzleRun, library: LibraryHandle, settings: Settings?, feedback: FeedbackPlayer? = nil,
                choice: PuzzleFilterChoice? = nil, choiceNotice: String? = nil) throws {
        self.run = run
        self.library = library
        self.settings = settings
        self.feedback = feedback
        let puzzle = run.puzzle()
        info = puzzle
        board = run.snapshot()
        phase = run.phase()
        end = run.end()
        input = run.input()
        self.choice = try choice ?? PuzzleFilterChoice(PuzzleFilter(tier: puzzle.difficulty, theme: nil))
        self.choiceNotice = choiceNotice
    }

    /// `White to play and win — move 46, score 30–31`.
    public var objectiveText: String { info.objectiveText }
    /// `Black played Rxd4`: the opponent's move that set the puzzle (its
    /// mistake; the board marks it as the last move), nil when the puzzle
    /// starts with the player to move.
    public var opponentMoveText: String? {
        guard let move = info.opponentMove else { return nil }
        return tr("%@ played %@", Names.side(info.player == .white ? .black : .white), move.san)
    }
    public var titleText: String { tr("Puzzle %@", info.id) }
    /// Under the title, what "Next" keeps to: `Next: easy fork puzzles`.
    public var choiceText: String { tr("Next: %@", choice.text) }
    public var scoreText: String? { board.scoreText }
    public var moveText: String { tr("Move %@", "\(board.moveNumber)") }
    public var isSolved: Bool { phase == .solved }
    public var canRetry: Bool { phase == .wrong && !isBusy }
    public var canHint: Bool { phase == .solving && !isBusy }
    public var canShowSolution: Bool { (phase == .solving || phase == .wrong) && !isBusy }

    /// `Puzzle rating 1563 ± 290 (+63)` once the attempt was recorded (the
    /// app layer's text).
    public var ratingText: String? { end?.ratingText }

    /// The board, oriented for the player.
    public var layout: BoardLayout {
        BoardLayout(
            snapshot: board, bottom: info.player, upsideDown: nil,
            marks: .init(selected: input.selected, targets: input.targets, hinted: hintedSquare),
            settings: settings)
    }

    /// A tap on a square: the run selects, deselects, or chooses the move,
    /// which is then played off the main actor. Ignored while the core
    /// answers.
    public func tap(_ square: String) {
        touch { try $0.tap(square: square) }
    }

    public func dragBegan(_ square: String) {
        touch { run in
            try run.dragBegan(square: square)
            return nil
        }
    }

    public func dragEnded(_ square: String?) {
        touch { try $0.dragEnded(square: square) }
    }

    /// The player chose `kind` in the picker.
    public func choosePiece(_ kind: PieceKind) {
        touch { try $0.choosePiece(kind: kind) }
    }

    /// The picker was closed without a choice: the pawn stays.
    public func cancelInput() {
        touch { run in
            try run.cancelInput()
            return nil
        }
    }

    /// Runs one touch on the run's board input; a move it chose is played
    /// (judged off the main actor).
    private func touch(_ body: (PuzzleRun) throws -> MoveInfo?) {
        guard !isBusy else { return }
        do {
            let chosen = try body(run)
            input = run.input()
            if let chosen { play(from: chosen.from, to: chosen.to, promotion: chosen.promotion) }
        } catch {
            self.error = describe(error)
            input = run.input()
        }
    }

    private func play(from: String, to: String, promotion: PieceKind?) {
        let run = run
        perform { try run.play(from: from, to: to, promotion: promotion) } then: { [weak self] answer in
            self?.answered(answer)
        }
    }

    /// Plays a move in any notation (tests, keyboards).
    public func playText(_ text: String) {
        let run = run
        perform { try run.playText(text: text) } then: { [weak self] answer in self?.answered(answer) }
    }

    private func answered(_ answer: PuzzleFeedback) {
        hintedSquare = nil
        hintText = nil
        switch answer {
        case let .correct(played, reply, solved):
            isCorrectFeedback = true
            var text = tr("Correct: %@.", played.san)
            if let reply { text = tr("%@ %@ answers %@.", text, Names.side(info.player == .white ? .black : .white), reply.san) }
            if solved { text = tr("%@ Solved!", text) }
            feedbackText = text
            sound(.correct)
        case let .wrong(played, refutation):
            isCorrectFeedback = false
            let line = refutation.map(\.san).joined(separator: " ")
            feedbackText = tr("Wrong: %@. The answer: %@. Retry?", played.san, line)
            sound(.wrong)
        }
        if let feedbackText { spoken = Spoken(id: (spoken?.id ?? 0) + 1, text: feedbackText) }
    }

    /// After a wrong move: takes it and the refutation back.
    public func retry() {
        let run = run
        perform { try run.retry() } then: { [weak self] _ in
            self?.feedbackText = nil
        }
    }

    /// The piece to move first, then the move.
    public func hint() {
        let run = run
        perform { try run.hint() } then: { [weak self] hint in
            guard let self else { return }
            switch hint {
            case let .piece(square, kind):
                hintedSquare = square
                hintText = tr("Move your %@ on %@.", Names.kind(kind), square)
            case let .move(suggested):
                hintedSquare = suggested.from
                hintText = tr("Play %@.", suggested.san)
            case nil:
                hintText = nil
            }
        }
    }

    /// "Show solution", one step at a time.
    public func showNext() {
        let run = run
        perform { try run.showNext() } then: { [weak self] moves in
            guard let self else { return }
            isCorrectFeedback = true
            feedbackText = moves.isEmpty ? nil : tr("Solution: %@", moves.map(\.san).joined(separator: " "))
        }
    }

    /// The theme "Next" keeps to (`nil`: any theme), among
    /// `choice.items`; an unknown theme is said in the app layer's words
    /// and the choice stays as it was.
    public func chooseTheme(_ theme: String?) {
        do {
            try choice.chooseTheme(theme)
            choiceNotice = nil
            error = nil
        } catch {
            self.error = describe(error)
        }
    }

    /// The next puzzle of the choice (tier and theme), as the app layer
    /// picks it: the first after this one not yet solved cleanly. When the
    /// pack has none, this puzzle stays and the app layer says so.
    public func next() {
        do {
            switch try choice.next(after: info.id, library: library) {
            case let .puzzle(nextRun, notice):
                // Cleared before leaving: a failure to record the attempt left is said.
                error = nil
                leave()
                run = nextRun
                info = nextRun.puzzle()
                feedbackText = nil
                hintText = nil
                hintedSquare = nil
                choiceNotice = notice
                refresh()
            case let .none(text):
                choiceNotice = text
            }
        } catch {
            self.error = describe(error)
        }
    }

    public func apply(settings: Settings) { self.settings = settings }

    /// Leaving the screen (or going to the next puzzle): the run records an
    /// unsolved attempt as shown or failed (an untouched puzzle is not
    /// recorded). A move still being judged is not waited for here: the
    /// run records its attempt itself when it is done.
    public func leave() {
        let run = run
        if let work {
            work.cancel()
            self.work = nil
            isBusy = false
            Task.detached { _ = try? run.leave() }
            return
        }
        do {
            end = try run.leave() ?? end
        } catch {
            self.error = describe(error)
        }
    }

    /// Waits for the core's answer in progress (tests).
    public func waitForAnswer() async {
        if let work { await work.value }
    }

    private func refresh() {
        board = run.snapshot()
        phase = run.phase()
        end = run.end()
        input = run.input()
    }

    /// Runs a blocking call off the main actor in a task this model owns,
    /// then shows its answer (dropped if the player has moved on: the task
    /// is cancelled).
    private func perform<T: Sendable>(_ body: @escaping @Sendable () throws -> T, then: @escaping @MainActor (T) -> Void) {
        guard work == nil else { return }
        isBusy = true
        error = nil
        input = run.input()
        work = Task { [weak self] in
            let result: Result<T, Error>
            do { result = .success(try await offMain(body)) } catch { result = .failure(error) }
            guard let self, !Task.isCancelled else { return }
            self.work = nil
            self.isBusy = false
            switch result {
            case let .success(value): then(value)
            case let .failure(error): self.error = describe(error)
            }
            self.refresh()
        }
    }

    private func sound(_ event: FeedbackEvent) {
        let sound = settings?.sounds ?? true
        let haptic = settings?.haptics ?? true
        if sound || haptic { feedback?.play(event, sound: sound, haptic: haptic) }
    }
}
