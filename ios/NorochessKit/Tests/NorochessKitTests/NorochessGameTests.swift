import XCTest
@testable import NorochessKit

final class NorochessGameTests: XCTestCase {
    func testANorochessGameWithAClockRunsIntoOvertimeAndEndsDrawnAfterMove60() throws {
        let game = try newGame(.norochess)
        let clock = try ClockHandle(control: .norochess(baseMs: 600_000, incrementMs: 5_000, regularMoves: 48, overtimeMs: 15_000))
        var seen: Set<String> = [positionKey(try game.snapshot().positionText)]
        var now: UInt64 = 0
        try clock.start(side: .white, nowMs: now)
        var sawOvertime = false
        while try game.outcome() == nil {
            let before = try game.snapshot()
            if before.moveNumber == 46 && before.turn == .white {
                XCTAssertEqual(before.regularMoves, 48)
                XCTAssertEqual(before.regularMovesLeft, 3)
                XCTAssertEqual(before.scores, Scores(white: 0, black: 0))
            }
            if before.moveNumber == 52 && before.turn == .black {
                XCTAssertEqual(before.overtime?.moveNumber, 52)
                XCTAssertEqual(before.overtime?.lastMove, 60)
                sawOvertime = true
            }
            try playQuietMove(game, &seen)
            now += 1_000
            _ = try clock.press(nowMs: now)
            if before.moveNumber == 48 && before.turn == .black {
                XCTAssertNil(try game.outcome())
                let state = try clock.state(nowMs: now)
                XCTAssertEqual(state.whiteMs, 792_000)
                XCTAssertEqual(state.blackMs, 792_000)
            }
        }
        XCTAssertTrue(sawOvertime)
        let end = try game.snapshot()
        let outcome = try XCTUnwrap(end.outcome)
        XCTAssertEqual(outcome.reason, .overtimeExhausted)
        XCTAssertNil(outcome.winner)
        XCTAssertEqual(outcome.scores, Scores(white: 0, black: 0))
        XCTAssertEqual(end.plyCount, 120)
        XCTAssertEqual(try clock.state(nowMs: now).whiteMs, 792_000 + 12 * 14_000)
        XCTAssertEqual(try clock.state(nowMs: now).blackMoves, 60)

        try game.setTag(name: "White", value: "Ada")
        let record = try game.toRecord()
        XCTAssertTrue(record.contains("[Variant \"norochess\"]"))
        XCTAssertTrue(record.contains("[Termination \"overtime exhausted\"]"))
        let again = try GameHandle.fromRecord(record: record, defaultSetup: nil)
        XCTAssertEqual(try again.sanMoves(), try game.sanMoves())
        XCTAssertEqual(try again.outcome(), outcome)
        XCTAssertEqual(try again.tag(name: "White"), "Ada")
        XCTAssertEqual(try game.longMoves().count, 120)

        XCTAssertEqual(try game.snapshotAt(ply: 96).overtime?.moveNumber, 49)
        XCTAssertTrue(try game.undo())
        XCTAssertNil(try game.outcome())
        XCTAssertTrue(try game.snapshot().canRedo)
        XCTAssertTrue(try game.redo())
        XCTAssertFalse(try game.snapshot().canRedo)
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
        let game = try GameHandle(setup: GameSetup(variant: .norochess960, zone: nil, blockage: nil, startNumber: 0))
        XCTAssertTrue(try game.snapshot().positionText.hasPrefix("bbqnnrkr/"))
        XCTAssertEqual(try game.setup().startNumber, 0)
        XCTAssertTrue(try game.toRecord().contains("[Start \"0\"]"))
    }
}
