import Foundation
import XCTest
@testable import NorochessKit

/// Collects progress reports from the searching thread.
final class Reports: SearchListener, @unchecked Sendable {
    private let lock = NSLock()
    private var items: [SearchProgress] = []
    private let first = DispatchSemaphore(value: 0)
    var failWith: Error?

    func onProgress(progress: SearchProgress) throws {
        lock.lock()
        items.append(progress)
        let isFirst = items.count == 1
        lock.unlock()
        if isFirst { first.signal() }
        if let failWith { throw failWith }
    }

    var all: [SearchProgress] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    func waitForFirst(seconds: Double) -> Bool {
        first.wait(timeout: .now() + seconds) == .success
    }
}

extension GameSessionHandle {
    /// `analyse`, stopped by `Task.cancel()` as NorochessKit's models stop
    /// their engine calls (UniFFI's Swift `async` calls do not see it).
    func analyseCancellable(limits: SearchLimits, lines: UInt32, listener: SearchListener?) async throws -> SearchOutcome {
        try await withTaskCancellationHandler {
            try await analyse(limits: limits, lines: lines, listener: listener)
        } onCancel: {
            cancelSearches()
        }
    }
}

private func limits(depth: UInt32? = nil, moveTimeMs: UInt64? = nil, threads: UInt32 = 1) -> SearchLimits {
    SearchLimits(depth: depth, nodes: nil, moveTimeMs: moveTimeMs, clock: nil, threads: threads)
}

/// The session's engine calls across the boundary: limits, listeners, scores, cancellation.
final class EngineTests: XCTestCase {
    func testAnAnalysisAnswersWithinItsTimeLimitAndTheAnswerCanBePlayed() async throws {
        let session = try friendsSession("norochess")
        _ = try session.playText(text: "e4", nowMs: 0)
        let reports = Reports()
        let started = Date()
        let outcome = try await session.analyse(limits: limits(moveTimeMs: 300), lines: 1, listener: reports)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
        XCTAssertFalse(outcome.wasStopped)
        XCTAssertEqual(outcome.plyCount, 1)
        let best = try XCTUnwrap(outcome.bestMove)
        XCTAssertFalse(reports.all.isEmpty)
        XCTAssertEqual(reports.all.last?.depth, outcome.depth)
        XCTAssertEqual(outcome.lines.first?.moves.first?.san, best.san)
        XCTAssertEqual(outcome.lines.first?.score.side, .black)

        XCTAssertEqual(try session.playText(text: best.uci, nowMs: 0).san, best.san)
        XCTAssertEqual(session.snapshot(nowMs: 0).board.lastMove?.san, best.san)
    }

    /// Task.cancel() around the analysis (through `cancelSearches()`) ends
    /// it at once with its best so far.
    func testCancellingTheAnalysingTaskStopsItWithItsBestSoFar() async throws {
        let session = try friendsSession("frontal")
        let reports = Reports()
        // No limits: the analysis runs until cancelled.
        let analysis = Task { try await session.analyseCancellable(limits: limits(), lines: 2, listener: reports) }
        let first = await Task.detached { reports.waitForFirst(seconds: 10) }.value
        XCTAssertTrue(first)
        let stoppedAt = Date()
        analysis.cancel()
        let outcome = try await analysis.value
        XCTAssertLessThan(Date().timeIntervalSince(stoppedAt), 1.0)
        XCTAssertTrue(outcome.wasStopped)
        XCTAssertNotNil(outcome.bestMove)
        XCTAssertEqual(outcome.lines.count, 2)
        // The engine is free again: a short analysis answers.
        let next = try await session.analyse(limits: limits(depth: 1), lines: 1, listener: nil)
        XCTAssertFalse(next.wasStopped)
    }

    func testHintsWithLimitsEveryLevelAndProvenResults() async throws {
        let chess = try friendsSession("chess")
        let hint = try await chess.hint(limits: limits(moveTimeMs: 150))
        let suggested = try XCTUnwrap(hint)
        XCTAssertFalse(suggested.suggested.san.isEmpty)
        XCTAssertNotNil(suggested.score)
        XCTAssertTrue(suggested.text.hasPrefix(suggested.suggested.san), suggested.text)
        let twoThreadHint = try await chess.hint(limits: limits(depth: 2, threads: 2))
        XCTAssertNotNil(twoThreadHint)

        for level in UInt8(1)...8 {
            // The computer plays White; level 8 with a node budget to stay quick.
            let session = try GameSessionHandle(
                game: vsComputer(level: level, colour: .black, seed: 7, nodes: 20_000, game: "chess"), library: nil)
            guard case .played = try await session.computerMove(nowMs: 0) else { return XCTFail("level \(level) did not move") }
            XCTAssertEqual(session.snapshot(nowMs: 0).white.name, "Computer (level \(level))")
            XCTAssertEqual(session.snapshot(nowMs: 0).white.computerLevel(), level)
        }

        // Norochess: capturing the last black piece wins at once, by the final margin.
        let end = try friendsSession("norochess", position: "7k/8/8/8/8/8/8/K6R w - - 0 40 score=30-20")
        let outcome = try await end.analyse(limits: limits(depth: 4), lines: 1, listener: nil)
        XCTAssertEqual(outcome.bestMove?.san, "Rxh8")
        let score = try XCTUnwrap(outcome.lines.first?.score)
        XCTAssertEqual(score.kind, .win)
        XCTAssertEqual(score.text, "wins by 12")
        // Two search threads (Lazy SMP) find the same proven result.
        let twoThreads = try await end.analyse(limits: limits(depth: 4, threads: 2), lines: 1, listener: nil)
        XCTAssertEqual(twoThreads.bestMove?.san, "Rxh8")
        XCTAssertEqual(twoThreads.lines.first?.score.text, "wins by 12")
        let proven = try await end.hint(limits: limits(depth: 4))
        XCTAssertEqual(proven?.suggested.san, "Rxh8")
        XCTAssertEqual(proven?.score?.kind, .win)
    }

    func testAFailingListenerDoesNotBreakTheSearch() async throws {
        struct ScreenGone: Error {}
        let reports = Reports()
        reports.failWith = ScreenGone()
        let session = try friendsSession("norochess")
        let outcome = try await session.analyse(limits: limits(depth: 4), lines: 1, listener: reports)
        XCTAssertNotNil(outcome.bestMove)
        XCTAssertEqual(reports.all.count, 1)
    }
}
