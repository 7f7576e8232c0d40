import XCTest
@testable import NorochessKit

/// Every failure reaches Swift as a typed NorochessError with a message a person can act on.
final class ErrorPathsTests: XCTestCase {
    private func isVariant(_ e: NorochessError) -> Bool { if case .InvalidVariant = e { return true }; return false }
    private func isPosition(_ e: NorochessError) -> Bool { if case .InvalidPosition = e { return true }; return false }
    private func isRecord(_ e: NorochessError) -> Bool { if case .InvalidRecord = e { return true }; return false }
    private func isSquare(_ e: NorochessError) -> Bool { if case .InvalidSquare = e { return true }; return false }
    private func isMove(_ e: NorochessError) -> Bool { if case .IllegalMove = e { return true }; return false }
    private func isPromotion(_ e: NorochessError) -> Bool { if case .PromotionRequired = e { return true }; return false }
    private func isOver(_ e: NorochessError) -> Bool { if case .GameOver = e { return true }; return false }
    private func isArgument(_ e: NorochessError) -> Bool { if case .InvalidArgument = e { return true }; return false }
    private func isClock(_ e: NorochessError) -> Bool { if case .Clock = e { return true }; return false }

    func testGamesAndOptions() {
        assertFails("unknown game `xiangqi`", "norochess", matching: isVariant) {
            try parseGameSetup(id: "xiangqi", zone: nil, blockage: nil)
        }
        assertFails("unknown zone `eighth`", "far-half", matching: isVariant) {
            try parseGameSetup(id: "improved", zone: "eighth", blockage: nil)
        }
        assertFails("option zone does not apply to chess", matching: isVariant) {
            try GameHandle(setup: GameSetup(variant: .chess, zone: .seventh, blockage: nil, startNumber: nil))
        }
        assertFails("960", "0 to 959", matching: isVariant) {
            try GameHandle(setup: GameSetup(variant: .norochess960, zone: nil, blockage: nil, startNumber: 960))
        }
        assertFails("only to norochess960", matching: isVariant) {
            try GameHandle(setup: GameSetup(variant: .ram, zone: nil, blockage: nil, startNumber: 3))
        }
    }

    func testPositionsAndRecords() {
        assertFails("empty", matching: isPosition) {
            try GameHandle.fromPosition(setup: setup(.norochess), positionText: "  ")
        }
        assertFails("side-to-move", "`x`", matching: isPosition) {
            try GameHandle.fromPosition(setup: setup(.chess), positionText: "8/8/8/8/8/8/8/K6k x - - 0 1")
        }
        assertFails("move 2.", "Ke3", matching: isRecord) {
            try GameHandle.fromRecord(record: "1. e4 e5 2. Ke3", defaultSetup: nil)
        }
        assertFails("unknown game", matching: isRecord) {
            try GameHandle.fromRecord(record: "[Variant \"xiangqi\"]\n\n1. e4 *", defaultSetup: nil)
        }
    }

    func testMovesAndSquares() throws {
        let game = try newGame(.norochess)
        assertFails("`i9`", "a1 to h8", matching: isSquare) { try game.legalTargets(from: "i9") }
        assertFails("`e0`", matching: isSquare) { try game.play(from: "e0", to: "e4", promotion: nil) }
        assertFails("e2-e5", "cannot go to e5", matching: isMove) { try game.play(from: "e2", to: "e5", promotion: nil) }
        assertFails("e4-e5", "no piece on e4", matching: isMove) { try game.play(from: "e4", to: "e5", promotion: nil) }
        assertFails("black pawn on e7 is not White's", matching: isMove) { try game.play(from: "e7", to: "e5", promotion: nil) }
        assertFails("Nf6", matching: isMove) { try game.playText(text: "Nf6") }
        assertFails("cannot read move", matching: isMove) { try game.playText(text: "hello") }

        let promo = try GameHandle.fromPosition(setup: setup(.norochess), positionText: "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=1-2")
        assertFails("choose one of queen, rook, bishop, knight", matching: isPromotion) {
            try promo.play(from: "a7", to: "a8", promotion: nil)
        }
        assertFails("cannot become a king", matching: isMove) { try promo.play(from: "a7", to: "a8", promotion: .king) }
        _ = try promo.play(from: "a7", to: "a8", promotion: .queen)

        _ = try game.resign(side: .white)
        assertFails("game is over", "Black wins 0-0 (resignation)", matching: isOver) { try game.playText(text: "e4") }
        assertFails("game is over", matching: isOver) { try game.agreeDraw() }
        assertFails("game is over", matching: isOver) { try game.promotionChoices(from: "e2", to: "e4") }
        assertFails("move 5 does not exist", "0 moves", matching: isArgument) { try game.snapshotAt(ply: 5) }
    }

    func testClocksAndEngine() throws {
        assertFails("base time", matching: isArgument) { try ClockHandle(control: .suddenDeath(baseMs: 0)) }
        let clock = try ClockHandle(control: .suddenDeath(baseMs: 10_000))
        assertFails("not been started", matching: isClock) { try clock.press(nowMs: 1) }
        try clock.start(side: .white, nowMs: 0)
        try clock.pause(nowMs: 1_000)
        assertFails("paused", matching: isClock) { try clock.press(nowMs: 2_000) }
        try clock.resume(nowMs: 2_000)
        XCTAssertEqual(try clock.checkFlag(nowMs: 20_000), .white)
        assertFails("White", "time has run out", matching: isClock) { try clock.press(nowMs: 21_000) }

        assertFails("hash size 0 MB", matching: isArgument) { try EngineHandle(hashMb: 0) }
        let engine = try EngineHandle(hashMb: 1)
        let game = try newGame(.norochess)
        let none = SearchLimits(depth: nil, nodes: nil, moveTimeMs: nil, clock: nil)
        assertFails("level 9 does not exist", matching: isArgument) {
            try engine.playAtLevel(game: game, level: 9, seed: 1, limits: none)
        }
        assertFails("0 lines", matching: isArgument) {
            try engine.analyse(game: game, limits: SearchLimits(depth: 1, nodes: nil, moveTimeMs: nil, clock: nil), lines: 0, listener: nil)
        }
        assertFails("above zero", matching: isArgument) {
            try engine.bestMove(game: game, limits: SearchLimits(depth: 0, nodes: nil, moveTimeMs: nil, clock: nil), listener: nil)
        }
        _ = try game.flagFall(side: .black)
        assertFails("White wins 0-0 (time forfeit)", matching: isOver) {
            try engine.bestMove(game: game, limits: SearchLimits(depth: 1, nodes: nil, moveTimeMs: nil, clock: nil), listener: nil)
        }
    }
}
