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

/// The result of a search on another thread (written before `done` is signalled).
final class ResultBox: @unchecked Sendable {
    var result: Result<SearchOutcome, Error>?
}

final class EngineTests: XCTestCase {
    func testTheEngineAnswersWithinItsTimeLimitAndTheAnswerCanBePlayed() throws {
        let engine = try EngineHandle(hashMb: 16)
        let game = try newGame(.norochess)
        _ = try game.playText(text: "e4")
        let reports = Reports()
        let started = Date()
        let outcome = try engine.bestMove(
            game: game, limits: SearchLimits(depth: nil, nodes: nil, moveTimeMs: 300, clock: nil), listener: reports)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThan(elapsed, 1.5)
        XCTAssertFalse(outcome.wasStopped)
        XCTAssertEqual(outcome.plyCount, 1)
        let best = try XCTUnwrap(outcome.bestMove)
        XCTAssertFalse(reports.all.isEmpty)
        XCTAssertEqual(reports.all.last?.depth, outcome.depth)
        XCTAssertEqual(outcome.lines.first?.moves.first?.san, best.san)

        _ = try game.playText(text: best.uci)
        XCTAssertEqual(try game.snapshot().lastMove?.san, best.san)
    }

    func testASearchOnAnotherThreadIsCancelledWithStop() throws {
        let engine = try EngineHandle(hashMb: 16)
        let game = try newGame(.frontal)
        let reports = Reports()
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let thread = Thread {
            box.result = Result {
                try engine.analyse(
                    game: game, limits: SearchLimits(depth: nil, nodes: nil, moveTimeMs: nil, clock: nil),
                    lines: 2, listener: reports)
            }
            done.signal()
        }
        thread.start()
        XCTAssertTrue(reports.waitForFirst(seconds: 10))
        let stoppedAt = Date()
        engine.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertLessThan(Date().timeIntervalSince(stoppedAt), 1.0)
        let outcome = try XCTUnwrap(box.result).get()
        XCTAssertTrue(outcome.wasStopped)
        XCTAssertNotNil(outcome.bestMove)
        XCTAssertEqual(outcome.lines.count, 2)
    }

    func testHintsLevelsAndProvenResults() throws {
        let engine = try EngineHandle(hashMb: 16)
        let game = try newGame(.chess)
        let hint = try engine.hint(game: game, moveTimeMs: 150)
        XCTAssertFalse(hint.suggested.san.isEmpty)
        XCTAssertNotNil(hint.score)
        for level in UInt8(1)...8 {
            let outcome = try engine.playAtLevel(
                game: game, level: level, seed: 7, limits: SearchLimits(depth: nil, nodes: nil, moveTimeMs: 100, clock: nil))
            XCTAssertNotNil(outcome.bestMove, "level \(level)")
        }
        let end = try GameHandle.fromPosition(setup: setup(.norochess), positionText: "7k/8/8/8/8/8/8/K6R w - - 0 40 score=30-20")
        let outcome = try engine.bestMove(game: end, limits: SearchLimits(depth: 4, nodes: nil, moveTimeMs: nil, clock: nil), listener: nil)
        XCTAssertEqual(outcome.bestMove?.san, "Rxh8")
        let score = try XCTUnwrap(outcome.lines.first?.score)
        XCTAssertEqual(score.kind, .win)
        XCTAssertEqual(score.text, "wins by 12")
        // Two search threads (Lazy SMP) find the same proven result.
        let twoThreads = try engine.bestMove(
            game: end, limits: SearchLimits(depth: 4, nodes: nil, moveTimeMs: nil, clock: nil, threads: 2), listener: nil)
        XCTAssertEqual(twoThreads.bestMove?.san, "Rxh8")
        XCTAssertEqual(twoThreads.lines.first?.score.text, "wins by 12")
    }

    func testAFailingListenerDoesNotBreakTheSearch() throws {
        struct ScreenGone: Error {}
        let engine = try EngineHandle(hashMb: 4)
        let reports = Reports()
        reports.failWith = ScreenGone()
        let outcome = try engine.bestMove(
            game: try newGame(.norochess), limits: SearchLimits(depth: 4, nodes: nil, moveTimeMs: nil, clock: nil), listener: reports)
        XCTAssertNotNil(outcome.bestMove)
        XCTAssertEqual(reports.all.count, 1)
    }
}
