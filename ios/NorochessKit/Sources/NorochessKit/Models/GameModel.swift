import Foundation
import Observation

/// The game screen: every decision it makes, on top of one
/// `GameSessionHandle` (the app layer's session: policies, clock, review,
/// autosave). The SwiftUI view draws these properties and forwards
/// gestures to these methods; it decides nothing.
///
/// The engine runs through the session's `async` calls in tasks this model
/// owns: `run()` (the view's `.task`) keeps the clock ticking and ends them
/// when the screen goes; a takeback, resignation, rematch or `leave()`
/// cancels them too, and a cancelled task stops its search in Rust
/// (`computerMoveCancellable`). No task outlives the screen.
@MainActor
@Observable
public final class GameModel {
    /// The session shown (a rematch replaces it).
    public private(set) var session: GameSessionHandle
    /// What the session says now.
    public private(set) var snapshot: SessionSnapshot
    /// The hint line once a hint has arrived: `Nf3 (Ng1-f3) — expected result …`.
    public private(set) var hintText: String?
    /// A hint is being searched (the Hint button shows progress).
    public private(set) var hintSearching = false
    /// A short message about the last action that failed.
    public private(set) var error: String?
    /// The result sheet is shown (the view binds it: swiping it away sets it false).
    public var isResultPresented = false
    /// The resignation is waiting for confirmation (the view binds it).
    public var isResignConfirmationPresented = false
    /// The settings the screen draws with (board theme, dots, sounds…).
    public private(set) var settings: Settings?
    /// What VoiceOver should say about the last move: `Black played Nf6`.
    public private(set) var spoken: Spoken?
    /// Set by `goHome()`; the app's navigation pops the screen when it turns true.
    public private(set) var wantsHome = false
    /// The screen is showing: from the start of `run()` (the view's
    /// `.task`) until it ends or `leave()`.
    public private(set) var isOnScreen = false

    /// The phone must not lock by itself now: the game is on screen and
    /// going on (a long think, or a pass-and-play game whose clock the
    /// lock would pause). False once it has a result and after leaving,
    /// so the system's idle timer is restored. The app mirrors this into
    /// `UIApplication.isIdleTimerDisabled` (through `AppModel`).
    public var keepsScreenAwake: Bool { isOnScreen && snapshot.result == nil }

    @ObservationIgnored private let time: TimeSource
    @ObservationIgnored private weak var feedback: FeedbackPlayer?
    @ObservationIgnored private var computerTask: Task<Void, Never>?
    /// Which computer task is current: an answer of an older one is dropped.
    @ObservationIgnored private var computerTicket = 0
    @ObservationIgnored private var hintTicket = 0
    @ObservationIgnored private var hintTask: Task<Void, Never>?
    @ObservationIgnored private var seed: UInt64

    public init(
        session: GameSessionHandle, settings: Settings? = nil, time: TimeSource,
        feedback: FeedbackPlayer? = nil, seed: UInt64 = UInt64.random(in: 1...UInt64.max)
    ) {
        self.session = session
        self.settings = settings
        self.time = time
        self.feedback = feedback
        self.seed = seed
        session.setAskBeforeRepetition(ask: settings?.confirmRepetition ?? true)
        snapshot = session.snapshot(nowMs: time.nowMs())
        // A game that ended before the screen opened (a replay) shows its
        // result in the status line; the sheet opens when a game ends here.
        startComputerIfDue()
    }

    // MARK: - What the screen draws

    /// The selected piece and its targets, the open picker or question:
    /// the session's board input (the app layer decides what a touch means).
    public var input: BoardInputView { snapshot.input }
    /// Open while a promotion or resurrection piece is chosen: the session's
    /// picker, with only the pieces the rules allow, its title and labels.
    public var picker: PiecePicker? { snapshot.input.picker }
    /// A move that would bring about the same position a third time, which
    /// loses at once in the Norochess family (the session decides): waiting
    /// for "play it anyway" or another move.
    public var repetitionQuestion: RepetitionQuestion? { snapshot.input.repetitionQuestion }

    /// The board with its marks, oriented and coloured.
    public var board: BoardLayout {
        BoardLayout(
            snapshot: snapshot.board, bottom: snapshot.bottom, upsideDown: snapshot.upsideDown,
            marks: .init(selected: input.selected, targets: input.targets), settings: settings)
    }

    /// `19 – 15` in the Norochess family.
    public var scoreText: String? { snapshot.scoreText }
    /// `Move 31 / 48` or `Overtime 52 / 60`.
    public var moveCounterText: String? { snapshot.moveCounterText }
    /// The counter as a distinct badge (overtime).
    public var isOvertime: Bool { snapshot.overtime }
    /// The last few regular moves: mark the counter.
    public var isFinalMoves: Bool { snapshot.finalMoves }
    /// `3 moves left`, `last regular move` in the last five regular moves, in the Norochess family.
    public var movesLeftText: String? {
        // The app layer's words, only in the last five regular moves.
        snapshot.movesLeftText
    }
    /// Practice mode's word on the person's last move: `Blunder: 9.0 points
    /// lost` (the app layer's), until the person moves again.
    public var practiceHeadline: String? { snapshot.practice?.headline }
    /// The whole sentence: `24…Qd4?? Blunder, 9.0 points lost. Best was Nf6.`
    public var practiceText: String? { snapshot.practice?.text }
    /// The person's last move is being judged (practice mode).
    public var isPracticeJudging: Bool { snapshot.practiceThinking }
    /// One line under the board: `White to move`, `Computer is thinking…`, the result.
    public var statusText: String { snapshot.statusText }
    /// The thinking indicator: a computer move of this screen is on its way.
    public private(set) var isThinking = false

    /// One side's panel: name, clock, captured pieces with their points.
    public struct PlayerPanel: Equatable {
        public let side: Side
        public let name: String
        public let clockText: String?
        public let clockRunning: Bool
        public let lowTime: Bool
        /// The pieces this side has captured, as drawn.
        public let captured: [PieceArt]
        /// `+12` (their points).
        public let capturedPoints: String?
        public let accessibilityLabel: String
        /// Face-to-face mode: this panel belongs to the player across the
        /// table, so the whole panel (name, clock, captured pieces) is drawn
        /// turned round to face them, as their pieces are.
        public let isUpsideDown: Bool
    }

    /// The panel above the board (the side at the top) and below it.
    public var topPanel: PlayerPanel { panel(snapshot.bottom == .white ? .black : .white) }
    public var bottomPanel: PlayerPanel { panel(snapshot.bottom) }

    private func panel(_ side: Side) -> PlayerPanel {
        let white = side == .white
        let player = white ? snapshot.white : snapshot.black
        let clock = snapshot.clock
        let captured = white ? snapshot.board.capturedByWhite : snapshot.board.capturedByBlack
        let points = white ? snapshot.board.capturedPointsWhite : snapshot.board.capturedPointsBlack
        let clockText = clock.map { white ? $0.whiteText : $0.blackText }
        var label = tr("%@, %@", Names.side(side), player.name)
        if let clockText { label = tr("%@, %@ left", label, clockText) }
        // Points only where captures score (the app layer's `nil` elsewhere).
        if let points { label = tr("%@, captured %@ points", label, "\(points)") }
        return PlayerPanel(
            side: side, name: player.name, clockText: clockText,
            clockRunning: clock?.running == side,
            lowTime: clock.map { white ? $0.whiteLow : $0.blackLow } ?? false,
            captured: captured.map(PieceArt.of),
            capturedPoints: points.flatMap { $0 > 0 ? "+\($0)" : nil },
            accessibilityLabel: label, isUpsideDown: snapshot.upsideDown == side)
    }

    /// One move of the move list.
    public struct MoveItem: Identifiable, Equatable {
        /// The position after this move is `review(ply: id)`.
        public let id: UInt32
        /// `12.` before White's move, `12…` before a first move by Black, else empty.
        public let number: String
        public let san: String
        /// The move in words with its number and side, for VoiceOver (SAN would be read letter by letter).
        public let spoken: String
        /// The move on the board now (scroll to it, underline it).
        public let isCurrent: Bool
        /// Practice mode's mark (`?!`, `?`, `??`), drawn after the SAN; empty where none.
        public let mark: String
    }

    /// The move list, tappable: the current move is the one to scroll to (the app layer says which).
    public var moveItems: [MoveItem] {
        snapshot.moves.enumerated().map { index, move in
            let number: String
            if move.side == .white { number = "\(move.number)." } else if index == 0 { number = "\(move.number)…" } else { number = "" }
            return MoveItem(id: move.reviewPly, number: number, san: move.san, spoken: move.spoken,
                            isCurrent: move.isCurrent, mark: move.mark)
        }
    }

    /// The move to scroll the list to.
    public var currentMoveID: UInt32? { moveItems.first(where: \.isCurrent)?.id }

    public var isReviewing: Bool { snapshot.reviewing != nil }
    public var canReviewBack: Bool { (snapshot.reviewing ?? snapshot.plyCount) > 0 }
    public var canReviewForward: Bool { snapshot.reviewing != nil }
    public var canTakeBack: Bool { snapshot.canTakeback }
    public var canRedo: Bool { snapshot.canRedo }
    public var canHint: Bool { snapshot.canHint && !hintSearching }
    public var canResign: Bool { snapshot.canResign }
    public var canOfferDraw: Bool { snapshot.canOfferDraw && snapshot.drawOffer == nil }
    /// Pass and play: the board can be turned (against the computer too).
    public var canFlip: Bool { true }
    /// The game is in the library: it can be reviewed in points and its
    /// positions analysed (a game without a library cannot).
    public var isSaved: Bool { snapshot.gameId != nil }

    /// A pending draw offer: `White offers a draw`.
    public var drawOfferText: String? {
        snapshot.drawOffer.map { tr("%@ offers a draw", Names.side($0)) }
    }

    /// Face-to-face mode: the draw offer (its text, Accept and Decline) is
    /// drawn turned round, because the player who must answer it, the
    /// offerer's opponent, sits across the table. False without an offer
    /// and on a board that is not face to face.
    public var isDrawOfferUpsideDown: Bool { snapshot.drawAnswerUpsideDown }

    /// Face to face: the side to move sits across the table, so the promotion
    /// picker, the resign confirmation and the repetition question are turned
    /// toward it (the app layer decides; Android turns its dialogs the same way).
    public var isPromptUpsideDown: Bool { snapshot.promptsUpsideDown }

    /// What the last move did (`Dethronement: …`), or the last error.
    public var noteText: String? { error ?? snapshot.announcement }

    /// The repetition question's title (its text is [repetitionText]).
    public var repetitionTitle: String { tr("Repeat the position?") }

    /// The resignation dialog's title.
    public var resignQuestion: String {
        snapshot.passAndPlay ? tr("%@ resigns?", Names.side(snapshot.toMove)) : tr("Resign this game?")
    }

    /// The result sheet: `White wins 38–33`, `higher score after move 48`.
    public var resultTitle: String? { snapshot.result?.headline() }
    public var resultReason: String? { snapshot.result?.reasonText() }
    /// The whole sentence (VoiceOver, share text).
    public var resultText: String? { snapshot.resultText }

    /// The save state as a line, when it needs saying.
    public var saveProblem: String? {
        switch snapshot.saveState {
        case let .failed(detail): return tr("Not saved: %@", detail)
        case let .conflict(_, detail): return detail
        default: return nil
        }
    }

    /// The game's record (PGN-style text) for the share sheet.
    public func shareText() -> String { session.record(nowMs: time.nowMs()) }

    // MARK: - Gestures

    /// A tap on a square: the session selects, deselects, or plays the
    /// move (after the picker or the repetition question, if it needs one).
    public func tap(_ square: String) {
        error = nil
        touch { try $0.tap(square: square, nowMs: $1) }
    }

    /// A drag began on a square.
    public func dragBegan(_ square: String) {
        touch { session, _ in
            try session.dragBegan(square: square)
            return nil
        }
    }

    /// The drag ended on `square` (`nil`: off the board).
    public func dragEnded(_ square: String?) {
        touch { try $0.dragEnded(square: square, nowMs: $1) }
    }

    /// The player chose `kind` in the picker.
    public func choosePiece(_ kind: PieceKind) {
        touch { try $0.choosePiece(kind: kind, nowMs: $1) }
    }

    /// The player plays the move of `repetitionQuestion` anyway.
    public func confirmRepetition() {
        touch { try $0.confirmRepetition(nowMs: $1) }
    }

    /// The picker or the question was closed without a choice, or the
    /// selection dropped: nothing is played.
    public func cancelInput() {
        session.cancelInput()
        refresh()
    }

    /// The text of the repetition question (the session's).
    public var repetitionText: String { repetitionQuestion?.text ?? "" }

    /// Runs one touch on the session's board input and, if it played a
    /// move (saved by the session), announces it and lets the computer answer.
    private func touch(_ body: (GameSessionHandle, UInt64) throws -> MoveInfo?) {
        do {
            let played = try body(session, time.nowMs())
            guard let played else {
                refresh()
                return
            }
            cancelHint()
            refresh()
            announce(played)
            startComputerIfDue()
        } catch {
            show(error)
        }
    }

    /// Takeback (against the computer: back to your last turn, also while it thinks).
    public func takeBack() {
        perform { try $0.takeback(nowMs: $1) }
    }

    /// Replays the moves of the last takeback.
    public func redo() {
        perform { try $0.redo(nowMs: $1) }
    }

    /// The Resign button: asks first if the settings say so.
    public func resignTapped() {
        if settings?.confirmResign ?? true {
            isResignConfirmationPresented = true
        } else {
            resign()
        }
    }

    /// Resigns for the person (against the computer: the person, also while it thinks).
    public func resign() {
        isResignConfirmationPresented = false
        perform { try $0.resign(by: nil, nowMs: $1) }
    }

    /// Pass and play: the side to move offers a draw.
    public func offerDraw() {
        do {
            try session.offerDraw(by: nil)
            refresh()
        } catch {
            show(error)
        }
    }

    public func acceptDraw() {
        perform { try $0.acceptDraw(nowMs: $1) }
    }

    public func declineDraw() {
        do {
            try session.declineDraw()
            refresh()
        } catch {
            show(error)
        }
    }

    /// Turns the board round.
    public func flip() {
        session.flip()
        refresh()
    }

    /// Shows the position after `ply` moves (a tap on the move list).
    public func review(ply: UInt32) {
        reviewChange { try $0.review(ply: ply == $0.snapshot(nowMs: $1).plyCount ? nil : ply, nowMs: $1) }
    }

    public func reviewBack() { reviewChange { try $0.reviewStep(delta: -1, nowMs: $1) } }
    public func reviewForward() { reviewChange { try $0.reviewStep(delta: 1, nowMs: $1) } }
    public func reviewStart() { reviewChange { try $0.review(ply: 0, nowMs: $1) } }
    /// Back to the live game.
    public func reviewLive() { reviewChange { try $0.review(ply: nil, nowMs: $1) } }

    private func reviewChange(_ body: (GameSessionHandle, UInt64) throws -> Void) {
        do {
            try body(session, time.nowMs())
            refresh()
        } catch {
            show(error)
        }
    }

    /// The Hint button: the engine's move and the expected result, searched
    /// for a second in a task this model owns.
    public func askHint() {
        guard canHint, hintTask == nil else { return }
        hintText = nil
        hintSearching = true
        let session = session
        hintTicket += 1
        let ticket = hintTicket
        hintTask = Task { [weak self] in
            let result: Result<SessionHint?, Error>
            do {
                result = .success(try await session.hintCancellable(limits: hintLimits()))
            } catch {
                result = .failure(error)
            }
            self?.hintFinished(result, ticket: ticket)
        }
        refresh()
    }

    private func hintFinished(_ result: Result<SessionHint?, Error>, ticket: Int) {
        guard ticket == hintTicket, hintTask != nil else { return }
        hintTask = nil
        hintSearching = false
        switch result {
        case let .success(hint): hintText = hint?.text
        case let .failure(error): show(error)
        }
        refresh()
    }

    private func cancelHint() {
        hintTicket += 1
        hintTask?.cancel()
        hintTask = nil
        hintSearching = false
        hintText = nil
    }

    /// The result sheet's Review: closes it and shows the first position.
    public func reviewFromResult() {
        isResultPresented = false
        reviewStart()
    }

    /// Shows the result sheet again (the result line under the board is tapped).
    public func showResult() {
        if snapshot.result != nil { isResultPresented = true }
    }

    /// The same game again with colours (or players) swapped.
    public func rematch() {
        do {
            seed &+= 1
            let next = try session.rematch(seed: seed)
            stopTasks()
            session = next
            next.setAskBeforeRepetition(ask: settings?.confirmRepetition ?? true)
            error = nil
            isResultPresented = false
            refresh()
            startComputerIfDue()
        } catch {
            show(error)
        }
    }

    /// Home: ends the screen's tasks, saves, and asks the app to go back.
    public func goHome() {
        isResultPresented = false
        leave()
        wantsHome = true
    }

    /// The settings changed elsewhere (the Settings screen).
    public func apply(settings: Settings) {
        self.settings = settings
        session.setAskBeforeRepetition(ask: settings.confirmRepetition)
        // Takebacks, hints, orientation and practice mode, as the app layer applies them.
        session.applySettings(settings: settings)
        refresh()
    }

    // MARK: - Lifetime

    /// The screen's life (`.task { await model.run() }`): ticks the clock a
    /// few times a second and keeps the computer moving; when the view goes
    /// (the task is cancelled) the searches end and the game is saved.
    public func run(tickEveryMs: UInt64 = 100) async {
        isOnScreen = true
        while !Task.isCancelled {
            tick()
            startComputerIfDue()
            try? await Task.sleep(nanoseconds: tickEveryMs * 1_000_000)
        }
        leave()
    }

    /// Checks the clock now: a flag fall ends the game.
    public func tick() {
        let ended = session.tick(nowMs: time.nowMs())
        // Without a clock nothing changes with time: no redraw ten times a second.
        if snapshot.clock != nil || ended != nil { refresh() }
        if ended != nil {
            stopTasks()
            gameEnded()
        }
    }

    /// The app went to the background or came back: the clock pauses.
    public func setBackground(_ background: Bool) {
        session.setBackground(background: background, nowMs: time.nowMs())
        refresh()
    }

    /// Ends the tasks and saves (leaving the screen).
    public func leave() {
        isOnScreen = false
        stopTasks()
        _ = session.saveNow(nowMs: time.nowMs())
        refresh()
    }

    /// Waits for the computer's move in progress, if any (tests, previews).
    public func waitForComputer() async {
        while let task = computerTask { await task.value }
    }

    /// Waits for the hint in progress, if any.
    public func waitForHint() async {
        if let task = hintTask { await task.value }
    }

    /// Whether a task of this model runs a computer move now.
    public var computerTaskRunning: Bool { computerTask != nil }

    private func setComputerTask(_ task: Task<Void, Never>?) {
        computerTask = task
        isThinking = task != nil
    }

    /// Cancels the running tasks: their searches stop within milliseconds
    /// (`cancelSearches()` through the cancellable calls) and nothing they
    /// would have answered is played or shown.
    public func stopTasks() {
        computerTicket += 1
        computerTask?.cancel()
        setComputerTask(nil)
        cancelHint()
    }

    private func startComputerIfDue() {
        guard computerTask == nil, snapshot.computerToMove, snapshot.result == nil else { return }
        let session = session
        let now = time.nowMs()
        computerTicket += 1
        let ticket = computerTicket
        setComputerTask(Task { [weak self] in
            let result: Result<ComputerMove, Error>
            do {
                result = .success(try await session.computerMoveCancellable(nowMs: now))
            } catch {
                result = .failure(error)
            }
            self?.computerFinished(result, ticket: ticket)
        })
        refresh()
    }

    private func computerFinished(_ result: Result<ComputerMove, Error>, ticket: Int) {
        // A cancelled task (takeback, resignation, rematch, leaving): its
        // answer belongs to no one on screen; the session saw it already.
        guard ticket == computerTicket, computerTask != nil else {
            refresh()
            return
        }
        setComputerTask(nil)
        refresh()
        switch result {
        case let .success(.played(played, _)):
            announce(played)
        case .success(.stale):
            startComputerIfDue()
        case .success(.noMove), .success(.notComputersTurn), .success(.cancelled):
            break
        case let .failure(error):
            show(error)
        }
    }

    // MARK: - Helpers

    private func perform(_ body: (GameSessionHandle, UInt64) throws -> Any) {
        cancelHint()
        let hadResult = snapshot.result != nil
        do {
            _ = try body(session, time.nowMs())
            error = nil
            // The session stops a search the change made stale; this task's answer is dropped.
            if computerTask != nil {
                computerTicket += 1
                computerTask?.cancel()
                setComputerTask(nil)
            }
            refresh()
            if !hadResult, snapshot.result != nil { gameEnded() }
            if hadResult, snapshot.result == nil { isResultPresented = false }
            startComputerIfDue()
        } catch {
            show(error)
        }
    }

    private func refresh() {
        let before = snapshot.result
        snapshot = session.snapshot(nowMs: time.nowMs())
        if before == nil, snapshot.result != nil, !isResultPresented { isResultPresented = true }
    }

    private func announce(_ move: MoveInfo) {
        // The app layer's sentence, in words (VoiceOver reads SAN letter by
        // letter): the move, what it did and the result if it ended the game.
        let text = snapshot.moveAnnouncement ?? move.spoken
        spoken = Spoken(id: (spoken?.id ?? 0) + 1, text: text)
        if snapshot.result != nil {
            gameEnded()
        } else {
            play(move.isCapture ? .capture : .move)
        }
    }

    private func gameEnded() {
        isResultPresented = true
        play(.gameEnd)
    }

    private func play(_ event: FeedbackEvent) {
        let sound = settings?.sounds ?? true
        let haptic = settings?.haptics ?? true
        guard sound || haptic else { return }
        feedback?.play(event, sound: sound, haptic: haptic)
    }

    private func show(_ error: Error) {
        // A failed action drops the selection and closes the picker.
        session.cancelInput()
        self.error = describe(error)
        refresh()
    }
}
