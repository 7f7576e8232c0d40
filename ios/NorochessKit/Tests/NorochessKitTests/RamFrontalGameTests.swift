import XCTest
@testable import NorochessKit

/// Ram and Frontal chess through a session: their special moves cross the
/// boundary as `MoveKind`, with resurrection and dethronement choices.
final class RamFrontalGameTests: XCTestCase {
    func testARamGameWithARamAndAResurrection() throws {
        let library = try LibraryHandle.inMemory()
        let game = try friendsSession("ram", library: library)
        XCTAssertEqual(game.snapshot(nowMs: 0).board.width, 10)
        XCTAssertNil(game.snapshot(nowMs: 0).board.scores)
        XCTAssertEqual(try targets(game, "e2"), ["e3"])
        XCTAssertTrue(try targets(game, "c1").isEmpty)

        for san in "c3 i7 d4 h8 f4 e7 a4 j7 Qh4 Qe9 f5 i5 e4 Qe8 f7 d8 g4 g7 c4 c8 d5 ixh4 g6".split(separator: " ") {
            XCTAssertNoThrow(try game.playText(text: String(san), nowMs: 0), String(san))
        }
        XCTAssertTrue(try targets(game, "g7").contains("g6"))
        let ram = try game.play(from: "g7", to: "g6", promotion: nil, nowMs: 0)
        XCTAssertEqual(ram.kind, .ram)
        XCTAssertTrue(ram.isCapture)
        let afterRam = game.snapshot(nowMs: 0)
        XCTAssertEqual(afterRam.board.lastMove?.kind, .ram)
        XCTAssertEqual(afterRam.board.lastMove?.san, "gxg6")
        XCTAssertEqual(afterRam.announcement, "Ram: both pawns leave the board")
        XCTAssertFalse(afterRam.board.pieces.contains { $0.square == "g6" || $0.square == "g7" })
        XCTAssertEqual(afterRam.board.capturedByBlack.map(\.role), [.queen, .pawn])

        _ = try game.playText(text: "fxe8", nowMs: 0)
        _ = try game.playText(text: "d6", nowMs: 0)
        assertFails("e8-e10 cannot become a rook: the choices are queen", matching: {
            if case .IllegalMove = $0 { return true } else { return false }
        }) { try game.play(from: "e8", to: "e10", promotion: .rook, nowMs: 0) }
        _ = try game.play(from: "e8", to: "e10", promotion: nil, nowMs: 0)
        let end = game.snapshot(nowMs: 0)
        XCTAssertEqual(end.board.lastMove?.san, "e10=Q+")
        XCTAssertEqual(end.board.lastMove?.kind, .promotion(.queen))
        XCTAssertEqual(end.board.lastMove?.promotion, .queen)
        XCTAssertEqual(end.board.checkSquare, "f10")
        XCTAssertEqual(end.moves.count, 27)

        _ = try game.resign(by: .black, nowMs: 0)
        XCTAssertEqual(game.snapshot(nowMs: 0).result?.reason, .resignation)
        XCTAssertEqual(game.snapshot(nowMs: 0).result?.winner, .white)
        XCTAssertTrue(game.record(nowMs: 0).contains("[Variant \"ram\"]"))
        // Saved with every move: the library reads the game back.
        guard case let .saved(gameId, _) = game.snapshot(nowMs: 0).saveState else {
            return XCTFail("not saved: \(game.snapshot(nowMs: 0).saveState)")
        }
        let again = try library.load(gameId: gameId, nowMs: 0).snapshot(nowMs: 0)
        XCTAssertEqual(again.board.setup, GameSetup(game: "ram"))
        XCTAssertEqual(again.moves, game.snapshot(nowMs: 0).moves)
        XCTAssertEqual(again.result?.reason, .resignation)
    }

    func testAFrontalGameWithASwapAndADethronement() throws {
        let game = try friendsSession("frontal")
        XCTAssertEqual(try targets(game, "e2"), ["e3"])
        for san in ["a3", "e8", "a5", "a8", "a7"] { XCTAssertNoThrow(try game.playText(text: san, nowMs: 0), san) }
        let swap = try game.play(from: "a8", to: "a7", promotion: nil, nowMs: 0)
        XCTAssertEqual(swap.kind, .swap)
        XCTAssertEqual(swap.san, "a~a7")
        XCTAssertFalse(swap.isCapture)
        XCTAssertEqual(game.snapshot(nowMs: 0).announcement, "Swap: the pawns change places")
        let sides = Dictionary(uniqueKeysWithValues: game.snapshot(nowMs: 0).board.pieces.map { ($0.square, $0.piece.color) })
        XCTAssertEqual(sides["a8"], .white)
        XCTAssertEqual(sides["a7"], .black)
        _ = try game.play(from: "a8", to: "a10", promotion: nil, nowMs: 0)
        let end = game.snapshot(nowMs: 0)
        XCTAssertEqual(end.board.lastMove?.kind, .dethrone)
        XCTAssertEqual(end.board.lastMove?.san, "a10^")
        XCTAssertEqual(end.board.lastMove?.long, "a8-a10^")
        XCTAssertFalse(end.board.pieces.contains { $0.piece.role == .queen && $0.piece.color == .black })
        XCTAssertFalse(end.board.pieces.contains { $0.square == "a10" || $0.square == "a8" })
        XCTAssertEqual(end.board.capturedByWhite.map(\.role), [.queen])
        XCTAssertEqual(end.moves.map(\.san), ["a3", "e8", "a5", "a8", "a7", "a~a7", "a10^"])

        try game.offerDraw(by: nil)
        _ = try game.acceptDraw(nowMs: 0)
        XCTAssertEqual(game.snapshot(nowMs: 0).result?.reason, .agreement)
        // A takeback after an agreed draw takes back the agreement only.
        _ = try game.takeback(nowMs: 0)
        XCTAssertNil(game.snapshot(nowMs: 0).result)
        XCTAssertEqual(game.snapshot(nowMs: 0).plyCount, 7)
        _ = try game.takeback(nowMs: 0)
        XCTAssertEqual(game.snapshot(nowMs: 0).plyCount, 6)
    }

    /// Where the piece on `square` can go, as the board shows it after a tap
    /// (the selection is dropped again).
    private func targets(_ game: GameSessionHandle, _ square: String) throws -> [String] {
        _ = try game.tap(square: square, nowMs: 0)
        defer { game.cancelInput() }
        return game.snapshot(nowMs: 0).input.targets
    }
}
