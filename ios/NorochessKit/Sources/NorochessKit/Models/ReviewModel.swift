import Foundation
import Observation

/// Passes a running review's reports from the review's thread to the
/// model: each one is posted to the main actor and the thread goes on.
final class ReviewRelay: ReviewListener, @unchecked Sendable {
    private let progress: @Sendable (ReviewProgress) -> Void
    private let saveFailed: @Sendable (String) -> Void

    init(progress: @escaping @Sendable (ReviewProgress) -> Void, saveFailed: @escaping @Sendable (String) -> Void) {
        self.progress = progress
        self.saveFailed = saveFailed
    }

    func onProgress(progress: ReviewProgress) { self.progress(progress) }
    func onSaveFailed(problem: String) { saveFailed(problem) }
}

/// The review graph's geometry: where each evaluated position is drawn in
/// a graph of a given size (the x axis runs from the start to the game's
/// last position, White's advantage up, ±`limit` points at the edges),
/// and which position a tap at some x means. The view draws a SwiftUI
/// `Path` through `location(of:…)` and hands taps to `ply(atX:width:)`.
public struct ReviewGraph: Equatable {
    /// The evaluated positions, in order (the app layer's `GraphPoint`s).
    public let points: [GraphPoint]
    /// The game's last position (the x axis ends there, evaluated or not).
    public let lastPly: UInt32
    /// Points either side of zero at the top and bottom edges
    /// (`reviewGraphLimit()`; every point lies within it).
    public let limit: Double

    public init(points: [GraphPoint], lastPly: UInt32, limit: Double = reviewGraphLimit()) {
        self.points = points
        self.lastPly = lastPly
        self.limit = limit > 0 ? limit : 1
    }

    /// The x of position `ply` in a graph `width` wide.
    public func x(ofPly ply: UInt32, width: Double) -> Double {
        guard lastPly > 0 else { return width / 2 }
        return Double(min(ply, lastPly)) / Double(lastPly) * width
    }

    /// The y of `points` (for White) in a graph `height` high: zero in the
    /// middle, +limit at the top.
    public func y(ofPoints points: Double, height: Double) -> Double {
        let clamped = max(-limit, min(limit, points))
        return (limit - clamped) / (2 * limit) * height
    }

    /// Where `point` is drawn in a graph of `width` × `height`.
    public func location(of point: GraphPoint, width: Double, height: Double) -> (x: Double, y: Double) {
        (x(ofPly: point.reviewPly, width: width), y(ofPoints: point.whitePoints, height: height))
    }

    /// The evaluated position nearest to a tap at `x` in a graph `width`
    /// wide (the earlier one on a tie); `nil` while nothing is evaluated.
    public func ply(atX x: Double, width: Double) -> UInt32? {
        var best: (ply: UInt32, distance: Double)?
        for point in points {
            let distance = abs(self.x(ofPly: point.reviewPly, width: width) - x)
            if best == nil || distance < best!.distance { best = (point.reviewPly, distance) }
        }
        return best?.ply
    }
}

/// The review of one game of the library in points (the app layer's
/// `GameReviewHandle`): a budget chosen from `reviewBudgets()`, the
/// analysis run in a task this model owns (progress as it goes, cancel,
/// resumed next time from what the library kept), and the report: the
/// graph, each move with its mark and text, the moments that decided the
/// game and each side's summary. Tapping the graph, a moment or a move
/// selects a position: the board at that ply and the move that led there.
@MainActor
@Observable
public final class ReviewModel {
    public let gameId: Int64
    /// The budgets offered, quickest first (the app layer's words).
    public let budgetChoices: [ReviewBudgetChoice] = reviewBudgets()
    /// The chosen budget's id (`quick`, `standard`, `deep`).
    public private(set) var budgetId: String
    /// How far the analysis has come (`Analysing: 40 of 97 positions`).
    public private(set) var progress: ReviewProgress
    /// What the review says so far.
    public private(set) var report: ReviewReport
    /// The analysis is running.
    public private(set) var isRunning = false
    /// Why the saved review could not be used (said once, on opening).
    public private(set) var notice: String?
    /// Every save that failed while the review ran, in order: each is said.
    public private(set) var saveProblems: [String] = []
    /// An action that failed (a review that could not run, a position that
    /// could not be shown).
    public private(set) var error: String?
    /// The position shown: 0 is the start, n the position after the n-th move.
    public private(set) var selectedPly: UInt32 = 0
    /// The board at `selectedPly`.
    public private(set) var boardSnapshot: GameSnapshot?
    public private(set) var settings: Settings?

    @ObservationIgnored private var handle: GameReviewHandle
    @ObservationIgnored private let session: GameSessionHandle
    @ObservationIgnored private let library: LibraryHandle
    @ObservationIgnored private let time: TimeSource
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private let bottom: Side

    /// Opens the review of game `gameId` with the budget `budgetId` (the
    /// default choice when `nil`), resumed from what the library kept.
    public init(library: LibraryHandle, gameId: Int64, budgetId: String? = nil, time: TimeSource,
                settings: Settings? = nil) throws {
        self.library = library
        self.gameId = gameId
        self.time = time
        self.settings = settings
        let choices = budgetChoices
        let chosen = choices.first { $0.id == budgetId } ?? choices.first { $0.isDefault } ?? choices[0]
        self.budgetId = chosen.id
        session = try library.load(gameId: gameId, nowMs: time.nowMs())
        bottom = session.snapshot(nowMs: time.nowMs()).bottom
        handle = try GameReviewHandle.open(library: library, gameId: gameId, budget: chosen.budget, nowMs: time.nowMs())
        notice = handle.notice()
        progress = handle.progress()
        report = handle.report()
        graph = ReviewGraph(points: report.graph, lastPly: progress.total > 0 ? progress.total - 1 : 0)
        select(ply: 0)
    }

    // MARK: - The budget and the run

    /// The chosen budget's words.
    public var budget: ReviewBudgetChoice? { budgetChoices.first { $0.id == budgetId } }

    /// The budget can be changed while the review is not running.
    public var canChooseBudget: Bool { !isRunning }
    public var canStart: Bool { !isRunning && !progress.complete }
    public var canCancel: Bool { isRunning }

    /// Chooses the budget for the positions not yet evaluated (those
    /// evaluated keep theirs): the review is opened again with it.
    public func chooseBudget(_ id: String) {
        guard !isRunning, id != budgetId, let choice = budgetChoices.first(where: { $0.id == id }) else { return }
        do {
            handle = try GameReviewHandle.open(library: library, gameId: gameId, budget: choice.budget, nowMs: time.nowMs())
            budgetId = id
            notice = handle.notice()
            refreshReport()
        } catch {
            self.error = describe(error)
        }
    }

    /// Runs the review in a task this model owns: progress after each
    /// position, the library saving as it goes.
    public func start() {
        guard task == nil, !progress.complete else { return }
        let handle = handle
        let relay = ReviewRelay(
            // Weak all the way: a relay still held by the review's thread
            // does not keep a screen that has gone.
            progress: { [weak self] progress in Task { @MainActor in self?.progressArrived(progress) } },
            saveFailed: { [weak self] problem in Task { @MainActor in self?.saveProblems.append(problem) } })
        isRunning = true
        error = nil
        task = Task { [weak self] in
            let result: Result<ReviewProgress, Error>
            do {
                result = .success(try await withTaskCancellationHandler {
                    try await handle.run(listener: relay)
                } onCancel: {
                    handle.cancel()
                })
            } catch {
                result = .failure(error)
            }
            self?.runEnded(result)
        }
    }

    /// Stops the review; what was evaluated is kept and saved, and the next
    /// `start()` (or the next time the review is opened) goes on from there.
    public func cancel() {
        handle.cancel()
        task?.cancel()
    }

    /// Leaving the screen stops the review.
    public func leave() { cancel() }

    /// Waits until the running review has stopped (tests).
    public func waitForRun() async {
        if let task { await task.value }
    }

    private func progressArrived(_ new: ReviewProgress) {
        // Posted reports can arrive after the run has ended: keep the furthest.
        guard new.analysed > progress.analysed else { return }
        refreshReport()
    }

    private func runEnded(_ result: Result<ReviewProgress, Error>) {
        task = nil
        isRunning = false
        if case let .failure(error) = result { self.error = describe(error) }
        refreshReport()
    }

    private func refreshReport() {
        progress = handle.progress()
        report = handle.report()
        graph = ReviewGraph(points: report.graph, lastPly: lastPly)
    }

    // MARK: - The report

    /// The game's last position (the graph's x axis ends there).
    public var lastPly: UInt32 { progress.total > 0 ? progress.total - 1 : 0 }

    /// The graph of the expected score difference.
    public private(set) var graph = ReviewGraph(points: [], lastPly: 0)

    /// Each side's summary line (`White: accuracy 87%, …`), White first.
    public var summaries: [SideSummary] { [report.white, report.black] }

    /// The moments that decided the game, in order.
    public var moments: [Moment] { report.moments }

    /// Every reviewed move, in order.
    public var moves: [MoveReview] { report.moves }

    /// The mark printed after a move (`??`), or nothing.
    public func symbol(_ move: MoveReview) -> String { judgementSymbol(judgement: move.judgement) }

    /// The move list's line for a move: `24…Qd4??`.
    public func moveTitle(_ move: MoveReview) -> String {
        let dots = move.mover == .white ? "." : "…"
        return "\(move.moveNumber)\(dots)\(move.played.san)\(symbol(move))"
    }

    /// The points a move cost, one decimal: `9.0`.
    public func lossText(_ move: MoveReview) -> String { String(format: "%.1f", move.loss) }

    /// VoiceOver's words for a move: `Move 24, Black: queen d4, Blunder`.
    public func moveAccessibilityLabel(_ move: MoveReview) -> String {
        tr("Move %@, %@: %@, %@", "\(move.moveNumber)", Names.side(move.mover), move.played.spoken,
           judgementWord(judgement: move.judgement))
    }

    // MARK: - The selected position

    /// The move that led to the selected position, reviewed (`nil` at the
    /// start or while its positions are not evaluated).
    public var selectedMove: MoveReview? { report.moves.first { $0.reviewPly == selectedPly } }

    /// The selected move's text (`24…Qd4?? Blunder, 9.0 points lost. Best
    /// was Nf6.`), or where the board stands when there is none.
    public var selectedText: String {
        if let move = selectedMove { return move.text }
        if selectedPly == 0 { return tr("The start position") }
        return tr("Move not reviewed yet")
    }

    /// The engine's line from the position before the selected move.
    public var bestLineText: String? {
        guard let line = selectedMove?.bestLine, !line.isEmpty else { return nil }
        return tr("Best line: %@", line.joined(separator: " "))
    }

    /// The board at the selected position.
    public var board: BoardLayout? {
        boardSnapshot.map {
            BoardLayout(snapshot: $0, bottom: bottom, upsideDown: nil, marks: .init(), settings: settings)
        }
    }

    /// Shows the position after `ply` moves (0: the start).
    public func select(ply: UInt32) {
        let ply = min(ply, lastPly)
        do {
            boardSnapshot = try session.snapshotAt(ply: ply)
            selectedPly = ply
            error = nil
        } catch {
            self.error = describe(error)
        }
    }

    /// A tap (or a finger sliding) at `x` on the graph `width` wide selects
    /// the nearest evaluated position.
    public func tapGraph(x: Double, width: Double) {
        if let ply = graph.ply(atX: x, width: width) { select(ply: ply) }
    }

    public func select(_ moment: Moment) { select(ply: moment.reviewPly) }
    public func select(_ move: MoveReview) { select(ply: move.reviewPly) }

    public var canStepBack: Bool { selectedPly > 0 }
    public var canStepForward: Bool { selectedPly < lastPly }
    public func stepBack() { if canStepBack { select(ply: selectedPly - 1) } }
    public func stepForward() { if canStepForward { select(ply: selectedPly + 1) } }

    /// The selected position's text and game, to analyse, edit or compose from.
    public var selectedPosition: (game: String, position: String)? {
        boardSnapshot.map { ($0.setup.game, $0.positionText) }
    }

    /// VoiceOver's words for the graph: where it stands at the selected position.
    public var graphAccessibilityValue: String {
        guard let point = report.graph.first(where: { $0.reviewPly == selectedPly }) else {
            return tr("Position %@, not evaluated yet", "\(selectedPly)")
        }
        return tr("Position %@, White %@ points", "\(selectedPly)", String(format: "%+.1f", point.whitePoints))
    }

    public func apply(settings: Settings) { self.settings = settings }
}
