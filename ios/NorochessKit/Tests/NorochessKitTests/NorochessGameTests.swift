import XCTest
@testable import NorochessKit

final class NorochessGameTests: XCTestCase {
    func testANorochessGameWithAClockRunsIntoOvertimeAndEndsDrawnAfterMove60() throws {
        // Quiet moves are found on a session without a clock (trying a move and
        // taking it back) and played, one second each, on the clock game.
        let finder = try friendsSession("norochess")
        let game = try friendsSession(
            "norochess", clock: .norochess(baseMs: 600_000, incrementMs: 5_000, regularMoves: 48, overtimeMs: 15_000))
        var seen: Set<String> = [positionKey(finder.snapshot(nowMs: 0).board.positionText)]
        var now: UInt64 = 0
        var sawOvertime = false
        while game.snapshot(nowMs: now).result == nil {
            let before = game.snapshot(nowMs: now)
            if before.board.moveNumber == 46 && before.toMove == .white {
                XCTAssertEqual(before.board.regularMoves, 48)
                XCTAssertEqual(before.board.regularMovesLeft, 3)
                XCTAssertEqual(before.board.scores, Scores(white: 0, black: 0))
                XCTAssertEqual(before.moveCounterText, "Move 46 / 48")
            }
            if before.board.moveNumber == 52 && before.toMove == .black {
                XCTAssertEqual(before.board.overtime?.moveNumber, 52)
                XCTAssertEqual(before.board.overtime?.lastMove, 60)
                XCTAssertEqual(before.moveCounterText, "Overtime 52 / 60")
                sawOvertime = true
            }
            let move = try XCTUnwrap(try playQuietMove(finder, &seen))
            now += 1_000
            _ = try game.play(from: move.from, to: move.to, promotion: move.promotion, nowMs: now)
            if before.board.moveNumber == 48 && before.toMove == .black {
                let after = game.snapshot(nowMs: now)
                XCTAssertNil(after.result)
                // 600 s + 48 × (5 s − 1 s); White's first move, which starts the clock, took no time.
                XCTAssertEqual(after.clock?.whiteMs, 793_000)
                XCTAssertEqual(after.clock?.blackMs, 792_000)
            }
        }
        XCTAssertTrue(sawOvertime)
        let end = game.snapshot(nowMs: now)
        let result = try XCTUnwrap(end.result)
        XCTAssertEqual(result.reason, .overtimeExhausted)
        XCTAssertNil(result.winner)
        XCTAssertEqual(result.scores, Scores(white: 0, black: 0))
        XCTAssertEqual(end.plyCount, 120)
        XCTAssertEqual(end.resultText, "Draw 0–0 — scores still equal after move 60")
        XCTAssertEqual(end.clock?.whiteMs, 793_000 + 12 * 14_000)
        XCTAssertEqual(end.clock?.blackMs, 792_000 + 12 * 14_000)
        XCTAssertNil(end.clock?.running)

        let record = game.record(nowMs: now)
        XCTAssertTrue(record.contains("[Variant \"norochess\"]"), record)
        XCTAssertTrue(record.contains("[White \"Ann\"]"), record)
        XCTAssertTrue(record.contains("[Termination \"overtime exhausted\"]"), record)
        XCTAssertEqual(end.moveRows.count, 60)

        XCTAssertEqual(try game.snapshotAt(ply: 96).overtime?.moveNumber, 49)
        XCTAssertEqual(try game.takeback(nowMs: now), 1)
        XCTAssertNil(game.snapshot(nowMs: now).result)
        XCTAssertTrue(game.snapshot(nowMs: now).canRedo)
        XCTAssertEqual(try game.redo(nowMs: now), 1)
        XCTAssertFalse(game.snapshot(nowMs: now).canRedo)
        XCTAssertEqual(game.snapshot(nowMs: now).result?.reason, .overtimeExhausted)
    }

    @MainActor
    func testTheScoreBarAndResultDialogFollowTheRuleBook() async throws {
        let model = try gameModel(friends(position: "4k3/8/8/8/8/8/8/R3K3 b - - 0 48 score=38-33"))
        XCTAssertEqual(model.scoreText, "38 – 33")
        XCTAssertEqual(model.moveCounterText, "Move 48 / 48")
        model.tap("e8")
        XCTAssertEqual(model.input.selected, "e8")
        model.tap("d8")
        XCTAssertEqual(model.snapshot.result?.reason, .moveLimit)
        XCTAssertEqual(model.resultText, "White wins 38–33 — higher score after move 48")
        XCTAssertEqual(model.resultTitle, "White wins 38–33")
        XCTAssertEqual(model.resultReason, "higher score after move 48")
        XCTAssertEqual(model.statusText, "White wins 38–33")
    }

    func testNorochess960GamesStartFromTheirNumber() throws {
        var game = friends(game: "norochess960")
        game.setup = GameSetup(game: "norochess960", startNumber: 0)
        let session = try GameSessionHandle(game: game, library: nil)
        let board = session.snapshot(nowMs: 0).board
        XCTAssertTrue(board.positionText.hasPrefix("bbqnnrkr/"), board.positionText)
        XCTAssertEqual(board.setup.startNumber, 0)
        XCTAssertTrue(session.record(nowMs: 0).contains("[Start \"0\"]"))
    }
}
