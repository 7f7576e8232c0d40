import XCTest
@testable import NorochessKit

final class RamFrontalGameTests: XCTestCase {
    func testARamGameWithARamAndAResurrection() throws {
        let game = try newGame(.ram)
        let model = try GameScreenModel(game: game)
        XCTAssertEqual(model.state.snapshot.width, 10)
        XCTAssertNil(model.state.snapshot.scores)
        XCTAssertNil(model.state.scoreText)
        XCTAssertEqual(try game.legalTargets(from: "e2"), ["e3"])
        XCTAssertTrue(try game.legalTargets(from: "c1").isEmpty)

        for san in "c3 i7 d4 h8 f4 e7 a4 j7 Qh4 Qe9 f5 i5 e4 Qe8 f7 d8 g4 g7 c4 c8 d5 ixh4 g6".split(separator: " ") {
            XCTAssertTrue(model.playText(String(san)), "\(san): \(model.state.error ?? "")")
        }
        model.tap("g7")
        XCTAssertTrue(model.state.targets.contains("g6"))
        model.tap("g6")
        let afterRam = model.state.snapshot
        XCTAssertEqual(afterRam.lastMove?.kind, .ram)
        XCTAssertEqual(afterRam.lastMove?.san, "gxg6")
        XCTAssertEqual(model.state.announcement, "Ram: both pawns leave the board")
        XCTAssertFalse(afterRam.pieces.contains { $0.square == "g6" || $0.square == "g7" })
        XCTAssertEqual(afterRam.capturedByBlack.map(\.kind), [.queen, .pawn])

        model.playText("fxe8")
        model.playText("d6")
        let offer = try game.promotionChoices(from: "e8", to: "e10")
        XCTAssertEqual(offer.choices, [.queen])
        XCTAssertTrue(offer.isResurrection)
        XCTAssertFalse(offer.isDethronement)
        assertFails("e8-e10 cannot become a rook: the choices are queen", matching: {
            if case .IllegalMove = $0 { return true } else { return false }
        }) { try game.play(from: "e8", to: "e10", promotion: .rook) }
        model.tap("e8")
        model.tap("e10")
        let end = model.state.snapshot
        XCTAssertNil(model.state.promotionPicker)
        XCTAssertEqual(end.lastMove?.san, "e10=Q+")
        XCTAssertEqual(end.lastMove?.promotion, .queen)
        XCTAssertEqual(end.checkSquare, "f10")
        XCTAssertEqual(try game.sanMoves().count, 27)

        model.resign(.black)
        XCTAssertEqual(model.state.snapshot.outcome?.reason, .resignation)
        XCTAssertEqual(model.state.resultText, "White wins — Black resigned")
        let again = try GameHandle.fromRecord(record: try game.toRecord(), defaultSetup: nil)
        XCTAssertEqual(try again.variant(), .ram)
        XCTAssertEqual(try again.sanMoves(), try game.sanMoves())
        XCTAssertEqual(try again.outcome(), try game.outcome())
    }

    func testAFrontalGameWithASwapAndADethronement() throws {
        let game = try newGame(.frontal)
        let model = try GameScreenModel(game: game)
        XCTAssertEqual(try game.legalTargets(from: "e2"), ["e3"])
        for san in ["a3", "e8", "a5", "a8", "a7"] { XCTAssertTrue(model.playText(san), san) }
        model.tap("a8")
        model.tap("a7")
        let swap = try XCTUnwrap(model.state.snapshot.lastMove)
        XCTAssertEqual(swap.kind, .swap)
        XCTAssertEqual(swap.san, "a~a7")
        XCTAssertFalse(swap.isCapture)
        let sides = Dictionary(uniqueKeysWithValues: model.state.snapshot.pieces.map { ($0.square, $0.piece.side) })
        XCTAssertEqual(sides["a8"], .white)
        XCTAssertEqual(sides["a7"], .black)
        let offer = try game.promotionChoices(from: "a8", to: "a10")
        XCTAssertTrue(offer.isDethronement)
        XCTAssertTrue(offer.choices.isEmpty)
        model.tap("a8")
        model.tap("a10")
        let end = model.state.snapshot
        XCTAssertNil(model.state.promotionPicker)
        XCTAssertEqual(end.lastMove?.kind, .dethronement)
        XCTAssertEqual(end.lastMove?.san, "a10^")
        XCTAssertEqual(try game.longMoves().last, "a8-a10^")
        XCTAssertEqual(model.state.announcement, "Dethronement: the pawn and the queen leave the board")
        XCTAssertFalse(end.pieces.contains { $0.piece.kind == .queen && $0.piece.side == .black })
        XCTAssertFalse(end.pieces.contains { $0.square == "a10" || $0.square == "a8" })
        XCTAssertEqual(end.capturedByWhite.map(\.kind), [.queen])
        XCTAssertEqual(try game.sanMoves(), ["a3", "e8", "a5", "a8", "a7", "a~a7", "a10^"])
        XCTAssertEqual(try model.moveListText(), ["1. a3 e8", "2. a5 a8", "3. a7 a~a7", "4. a10^"])

        model.agreeDraw()
        XCTAssertEqual(model.state.resultText, "Draw — draw agreed")
        // A takeback after an agreed draw takes back the agreement only.
        model.takeBack()
        XCTAssertNil(model.state.snapshot.outcome)
        XCTAssertEqual(model.state.snapshot.plyCount, 7)
        model.takeBack()
        XCTAssertEqual(model.state.snapshot.plyCount, 6)
    }
}
