import XCTest
@testable import NorochessKit

final class RamFrontalGameTests: XCTestCase {
    func testARamGameWithARamAndAResurrection() throws {
        let game = try newGame(.ram)
        XCTAssertEqual(try game.snapshot().width, 10)
        XCTAssertNil(try game.snapshot().scores)
        XCTAssertEqual(try game.legalTargets(from: "e2"), ["e3"])
        XCTAssertTrue(try game.legalTargets(from: "c1").isEmpty)

        for san in "c3 i7 d4 h8 f4 e7 a4 j7 Qh4 Qe9 f5 i5 e4 Qe8 f7 d8 g4 g7 c4 c8 d5 ixh4 g6".split(separator: " ") {
            XCTAssertNoThrow(try game.playText(text: String(san)), String(san))
        }
        XCTAssertTrue(try game.legalTargets(from: "g7").contains("g6"))
        _ = try game.play(from: "g7", to: "g6", promotion: nil)
        let afterRam = try game.snapshot()
        XCTAssertEqual(afterRam.lastMove?.kind, .ram)
        XCTAssertEqual(afterRam.lastMove?.san, "gxg6")
        XCTAssertFalse(afterRam.pieces.contains { $0.square == "g6" || $0.square == "g7" })
        XCTAssertEqual(afterRam.capturedByBlack.map(\.kind), [.queen, .pawn])

        _ = try game.playText(text: "fxe8")
        _ = try game.playText(text: "d6")
        let offer = try game.promotionChoices(from: "e8", to: "e10")
        XCTAssertEqual(offer.choices, [.queen])
        XCTAssertTrue(offer.isResurrection)
        XCTAssertFalse(offer.isDethronement)
        assertFails("e8-e10 cannot become a rook: the choices are queen", matching: {
            if case .IllegalMove = $0 { return true } else { return false }
        }) { try game.play(from: "e8", to: "e10", promotion: .rook) }
        _ = try game.play(from: "e8", to: "e10", promotion: nil)
        let end = try game.snapshot()
        XCTAssertEqual(end.lastMove?.san, "e10=Q+")
        XCTAssertEqual(end.lastMove?.promotion, .queen)
        XCTAssertEqual(end.checkSquare, "f10")
        XCTAssertEqual(try game.sanMoves().count, 27)

        _ = try game.resign(side: .black)
        XCTAssertEqual(try game.outcome()?.reason, .resignation)
        XCTAssertEqual(try game.outcome()?.winner, .white)
        let again = try GameHandle.fromRecord(record: try game.toRecord(), defaultSetup: nil)
        XCTAssertEqual(try again.variant(), .ram)
        XCTAssertEqual(try again.sanMoves(), try game.sanMoves())
        XCTAssertEqual(try again.outcome(), try game.outcome())
    }

    func testAFrontalGameWithASwapAndADethronement() throws {
        let game = try newGame(.frontal)
        XCTAssertEqual(try game.legalTargets(from: "e2"), ["e3"])
        for san in ["a3", "e8", "a5", "a8", "a7"] { XCTAssertNoThrow(try game.playText(text: san), san) }
        _ = try game.play(from: "a8", to: "a7", promotion: nil)
        let swap = try XCTUnwrap(try game.snapshot().lastMove)
        XCTAssertEqual(swap.kind, .swap)
        XCTAssertEqual(swap.san, "a~a7")
        XCTAssertFalse(swap.isCapture)
        let sides = Dictionary(uniqueKeysWithValues: try game.snapshot().pieces.map { ($0.square, $0.piece.side) })
        XCTAssertEqual(sides["a8"], .white)
        XCTAssertEqual(sides["a7"], .black)
        let offer = try game.promotionChoices(from: "a8", to: "a10")
        XCTAssertTrue(offer.isDethronement)
        XCTAssertTrue(offer.choices.isEmpty)
        _ = try game.play(from: "a8", to: "a10", promotion: nil)
        let end = try game.snapshot()
        XCTAssertEqual(end.lastMove?.kind, .dethronement)
        XCTAssertEqual(end.lastMove?.san, "a10^")
        XCTAssertEqual(try game.longMoves().last, "a8-a10^")
        XCTAssertFalse(end.pieces.contains { $0.piece.kind == .queen && $0.piece.side == .black })
        XCTAssertFalse(end.pieces.contains { $0.square == "a10" || $0.square == "a8" })
        XCTAssertEqual(end.capturedByWhite.map(\.kind), [.queen])
        XCTAssertEqual(try game.sanMoves(), ["a3", "e8", "a5", "a8", "a7", "a~a7", "a10^"])

        _ = try game.agreeDraw()
        XCTAssertEqual(try game.outcome()?.reason, .agreement)
        // Undo after an agreed draw takes back the agreement only.
        XCTAssertTrue(try game.undo())
        XCTAssertNil(try game.outcome())
        XCTAssertEqual(try game.snapshot().plyCount, 7)
        XCTAssertTrue(try game.undo())
        XCTAssertEqual(try game.snapshot().plyCount, 6)
    }
}
