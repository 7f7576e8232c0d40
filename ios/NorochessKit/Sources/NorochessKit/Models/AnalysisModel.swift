import Foundation
import Observation

/// Passes the analysis board's lines from the search's thread to the model.
final class LinesRelay: AnalysisListener, @unchecked Sendable {
    private let arrived: @Sendable (LiveLines) -> Void
    init(_ arrived: @escaping @Sendable (LiveLines) -> Void) { self.arrived = arrived }
    func onLines(lines: LiveLines) { arrived(lines) }
}

/// The analysis board (the app layer's `AnalysisBoardHandle`): a position
/// of a game or from the editor, moves played on it by taps, drags or a
/// line's first move as a variation that never changes the game, back and
/// reset, the engine's best lines updating live (limits and line count the
/// app layer's) and, near the end, the solver's exact result. Every change
/// of the position restarts the analysis; an answer for an earlier
/// position is dropped.
@MainActor
@Observable
public final class AnalysisModel {
    /// The board, the variation and where it stands.
    public private(set) var view: AnalysisView
    /// The engine's lines for the position on the board, as they deepen.
    public private(set) var lines: LiveLines?
    /// The solver's exact result, when the end is near and it has answered.
    public private(set) var exact: ExactResult?
    /// The engine is thinking about the position on the board.
    public private(set) var isAnalysing = false
    /// The solver is working on the exact result.
    public private(set) var isSolving = false
    public private(set) var error: String?
    /// The side at the bottom of the board.
    public private(set) var bottom: Side
    public private(set) var settings: Settings?

    @ObservationIgnored private let handle: AnalysisBoardHandle
    /// Which position the running searches belong to.
    @ObservationIgnored private var ticket = 0
    @ObservationIgnored private var analysisTask: Task<Void, Never>?
    @ObservationIgnored private var exactTask: Task<Void, Never>?

    /// The board at `ply` moves into game `gameId` of the library, with
    /// `bottom` at the bottom (the game screen's side; else the side to move).
    public convenience init(library: LibraryHandle, gameId: Int64, ply: UInt32, time: TimeSource,
                            settings: Settings? = nil, bottom: Side? = nil) throws {
        try self.init(handle: AnalysisBoardHandle.ofGame(library: library, gameId: gameId, plies: ply, nowMs: time.nowMs()),
                      settings: settings, bottom: bottom)
    }

    /// The board at a position text of `game` (from the editor).
    public convenience init(game: String, position: String, settings: Settings? = nil) throws {
        try self.init(handle: AnalysisBoardHandle.ofPosition(game: game, position: position), settings: settings)
    }

    init(handle: AnalysisBoardHandle, settings: Settings?, bottom: Side? = nil) {
        self.handle = handle
        self.settings = settings
        let first = handle.view()
        view = first
        self.bottom = bottom ?? first.board.turn
    }

    // MARK: - What the screen draws

    public var layout: BoardLayout {
        BoardLayout(snapshot: view.board, bottom: bottom, upsideDown: nil,
                    marks: .init(selected: view.input.selected, targets: view.input.targets), settings: settings)
    }

    /// Open while a promotion piece is chosen: the board's picker.
    public var picker: PiecePicker? { view.input.picker }
    /// `Move 30, White to play, score 21–19`: where the variation began.
    public var originText: String { view.origin }
    /// Where the board stands now, or the result the variation reached.
    public var statusText: String { view.status }
    /// The variation's moves in SAN.
    public var variationText: String? {
        view.variation.isEmpty ? nil : view.variation.map(\.san).joined(separator: " ")
    }
    public var canGoBack: Bool { !view.variation.isEmpty }

    /// One line of the table as shown: `+1.50  Nf3 Nc6 Bb5` and its depth.
    public struct LineRow: Identifiable, Equatable {
        public let id: Int
        public let score: String
        public let moves: String
        public let depth: String
        /// The line's first move (a tap plays it in the variation).
        public let firstMove: MoveInfo?
        public let accessibilityLabel: String
    }

    public var lineRows: [LineRow] {
        guard let lines else { return [] }
        return lines.lines.enumerated().map { index, line in
            let depth = index < lines.depths.count ? lines.depths[index] : lines.depth
            let moves = line.moves.map(\.san).joined(separator: " ")
            return LineRow(id: index, score: line.score.text, moves: moves, depth: tr("depth %@", "\(depth)"),
                           firstMove: line.moves.first,
                           accessibilityLabel: tr("Line %@: %@, %@, %@", "\(index + 1)", line.score.text,
                                                  line.moves.map(\.spoken).joined(separator: ", "),
                                                  tr("depth %@", "\(depth)")))
        }
    }

    /// `Depth 14 · 1.2 M nodes` while the search runs.
    public var searchText: String? {
        guard let lines else { return isAnalysing ? tr("Analysing…") : nil }
        let state = lines.finished ? tr("done") : tr("analysing")
        return tr("Depth %@ · %@ nodes · %@", "\(lines.depth)", "\(lines.nodes)", state)
    }

    /// The exact result in words, once the solver has answered.
    public var exactText: String? {
        guard let exact else { return isSolving ? tr("Working out the exact result…") : nil }
        if exact.bestMoves.isEmpty { return exact.text }
        return tr("%@ (best: %@)", exact.text, exact.bestMoves.joined(separator: ", "))
    }

    // MARK: - Touches

    public func tap(_ square: String) { touch { try $0.tap(square: square) } }
    public func dragBegan(_ square: String) { touch { try $0.dragBegan(square: square) } }
    public func dragEnded(_ square: String?) { touch { try $0.dragEnded(square: square) } }
    public func choosePiece(_ kind: PieceKind) { touch { try $0.choosePiece(kind: kind) } }
    public func cancelInput() { touch { $0.cancelInput() } }

    /// Plays `text` (any notation the board reads) in the variation.
    public func play(_ text: String) {
        do {
            _ = try handle.play(text: text)
            error = nil
            positionChanged()
        } catch {
            self.error = describe(error)
        }
    }

    /// Plays a line's first move.
    public func play(_ row: LineRow) {
        if let move = row.firstMove { play(move.uci) }
    }

    /// Takes back the variation's last move.
    public func back() {
        if handle.back() { positionChanged() }
    }

    /// Takes back the whole variation.
    public func reset() {
        handle.reset()
        positionChanged()
    }

    public func flip() { bottom = bottom == .white ? .black : .white }

    private func touch(_ body: (AnalysisBoardHandle) throws -> AnalysisView) {
        let before = view.variation
        do {
            view = try body(handle)
            error = nil
        } catch {
            self.error = describe(error)
            view = handle.view()
        }
        if view.variation != before { positionChanged() }
    }

    // MARK: - The searches

    /// The screen's life (`.task { await model.run() }`): analyses the
    /// position, and stops every search when the screen goes.
    public func run() async {
        analyse()
        while !Task.isCancelled { try? await Task.sleep(nanoseconds: 200_000_000) }
        leave()
    }

    /// Starts the analysis of the position on the board (and the exact
    /// solver when the end is near); the searches of an earlier position stop.
    public func analyse() {
        stopSearches()
        ticket += 1
        let ticket = ticket
        let handle = handle
        lines = nil
        exact = nil
        guard view.canAnalyse else { return }
        isAnalysing = true
        let relay = LinesRelay { [weak self] lines in Task { @MainActor in self?.linesArrived(lines, ticket: ticket) } }
        analysisTask = Task { [weak self] in
            let result: Result<LiveLines, Error>
            do {
                result = .success(try await handle.analyse(limits: analysisBoardLimits(reportedCores: UInt32(ProcessInfo.processInfo.activeProcessorCount)),
                                                           lines: analysisBoardLines(),
                                                           listener: relay))
            } catch {
                result = .failure(error)
            }
            self?.analysisEnded(result, ticket: ticket)
        }
        guard view.exactAvailable else { return }
        isSolving = true
        exactTask = Task { [weak self] in
            let result: Result<ExactResult?, Error>
            do { result = .success(try await handle.exact()) } catch { result = .failure(error) }
            self?.exactEnded(result, ticket: ticket)
        }
    }

    /// Leaving the screen: every search stops.
    public func leave() {
        ticket += 1
        stopSearches()
    }

    /// Waits for the running searches to end (tests).
    public func waitForSearches() async {
        if let analysisTask { await analysisTask.value }
        if let exactTask { await exactTask.value }
    }

    private func stopSearches() {
        handle.cancel()
        analysisTask?.cancel()
        exactTask?.cancel()
        analysisTask = nil
        exactTask = nil
        isAnalysing = false
        isSolving = false
    }

    private func positionChanged() {
        view = handle.view()
        analyse()
    }

    private func linesArrived(_ new: LiveLines, ticket: Int) {
        guard ticket == self.ticket, !(lines?.finished ?? false) else { return }
        lines = new
    }

    private func analysisEnded(_ result: Result<LiveLines, Error>, ticket: Int) {
        guard ticket == self.ticket else { return }
        isAnalysing = false
        analysisTask = nil
        switch result {
        case let .success(final): lines = final
        case let .failure(error): self.error = describe(error)
        }
    }

    private func exactEnded(_ result: Result<ExactResult?, Error>, ticket: Int) {
        guard ticket == self.ticket else { return }
        isSolving = false
        exactTask = nil
        switch result {
        case let .success(answer): exact = answer
        case let .failure(error): self.error = describe(error)
        }
    }

    public func apply(settings: Settings) { self.settings = settings }
}
