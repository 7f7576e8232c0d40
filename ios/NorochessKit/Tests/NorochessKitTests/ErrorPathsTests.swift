import XCTest
@testable import NorochessKit

/// Every failure reaches Swift as a typed NorochessError with a message a person can act on.
final class ErrorPathsTests: XCTestCase {
    private func isVariant(_ e: NorochessError) -> Bool { if case .InvalidVariant = e { return true }; return false }
    private func isPosition(_ e: NorochessError) -> Bool { if case .InvalidPosition = e { return true }; return false }
    private func isSquare(_ e: NorochessError) -> Bool { if case .InvalidSquare = e { return true }; return false }
    private func isMove(_ e: NorochessError) -> Bool { if case .IllegalMove = e { return true }; return false }
    private func isPromotion(_ e: NorochessError) -> Bool { if case .PromotionRequired = e { return true }; return false }
    private func isOver(_ e: NorochessError) -> Bool { if case .GameOver = e { return true }; return false }
    private func isArgument(_ e: NorochessError) -> Bool { if case .InvalidArgument = e { return true }; return false }

    private func newSession(_ setup: GameSetup, position: String? = nil) throws -> GameSessionHandle {
        var game = friends(position: position)
        game.setup = setup
        return try GameSessionHandle(game: game, library: nil)
    }

    /// Asserts that the async `body` throws a NorochessError of the case
    /// `matching` whose message contains every one of `words`.
    private func assertFailsAsync<T>(
        _ words: String..., matching: (NorochessError) -> Bool,
        file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> T
    ) async {
        do {
            _ = try await body()
            XCTFail("expected an error mentioning \(words)", file: file, line: line)
        } catch let error as NorochessError {
            XCTAssertTrue(matching(error), "unexpected kind: \(error)", file: file, line: line)
            for word in words {
                XCTAssertTrue(error.message.contains(word), "`\(error.message)` should mention `\(word)`", file: file, line: line)
            }
        } catch {
            XCTFail("not a NorochessError: \(error)", file: file, line: line)
        }
    }

    func testGamesAndOptions() {
        assertFails("option zone does not apply to chess", matching: isVariant) {
            try newSession(GameSetup(game: "chess", options: [OptionSetting(option: "zone", value: "seventh")]))
        }
        assertFails("unknown zone `eighth`", matching: isVariant) {
            try newSession(GameSetup(game: "improved", options: [OptionSetting(option: "zone", value: "eighth")]))
        }
        assertFails("unknown game `nine`", matching: isVariant) { try newSession(GameSetup(game: "nine")) }
        assertFails("960", "0 to 959", matching: isVariant) {
            try newSession(GameSetup(game: "norochess960", startNumber: 960))
        }
        assertFails("numbered starts", "ram", matching: isVariant) {
            try newSession(GameSetup(game: "ram", startNumber: 3))
        }
        assertFails("level 9 does not exist", matching: isArgument) {
            try GameSessionHandle(game: vsComputer(level: 9, colour: .white), library: nil)
        }
    }

    func testPositions() {
        assertFails("empty", matching: isPosition) { try newSession(setup("norochess"), position: "  ") }
        assertFails("side-to-move", "`x`", matching: isPosition) {
            try newSession(setup("chess"), position: "8/8/8/8/8/8/8/K6k x - - 0 1")
        }
    }

    func testMovesAndSquares() throws {
        let game = try friendsSession("norochess")
        assertFails("`i9`", "a1 to h8", matching: isSquare) { try game.tap(square: "i9", nowMs: 0) }
        assertFails("`e0`", matching: isSquare) { try game.play(from: "e0", to: "e4", promotion: nil, nowMs: 0) }
        assertFails("e2-e5", "cannot go to e5", matching: isMove) { try game.play(from: "e2", to: "e5", promotion: nil, nowMs: 0) }
        assertFails("e4-e5", "no piece on e4", matching: isMove) { try game.play(from: "e4", to: "e5", promotion: nil, nowMs: 0) }
        assertFails("black pawn on e7 is not White's", matching: isMove) { try game.play(from: "e7", to: "e5", promotion: nil, nowMs: 0) }
        assertFails("Nf6", matching: isMove) { try game.playText(text: "Nf6", nowMs: 0) }
        assertFails("cannot read move", matching: isMove) { try game.playText(text: "hello", nowMs: 0) }

        let promo = try friendsSession("norochess", position: "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=1-2")
        assertFails("choose one of queen, rook, bishop, knight", matching: isPromotion) {
            try promo.play(from: "a7", to: "a8", promotion: nil, nowMs: 0)
        }
        assertFails("cannot become a king", matching: isMove) { try promo.play(from: "a7", to: "a8", promotion: .king, nowMs: 0) }
        XCTAssertEqual(try promo.play(from: "a7", to: "a8", promotion: .queen, nowMs: 0).san, "a8=Q")

        _ = try game.resign(by: .white, nowMs: 0)
        assertFails("game is over", "Black wins 0-0 (resignation)", matching: isOver) { try game.playText(text: "e4", nowMs: 0) }
        assertFails("move 5 does not exist", "0 moves", matching: isArgument) { try game.snapshotAt(ply: 5) }
    }

    func testEngineCalls() async throws {
        let game = try friendsSession("norochess")
        await assertFailsAsync("0 lines", matching: isArgument) {
            try await game.analyse(limits: SearchLimits(depth: 1, nodes: nil, moveTimeMs: nil, clock: nil), lines: 0, listener: nil)
        }
        await assertFailsAsync("above zero", matching: isArgument) {
            try await game.analyse(limits: SearchLimits(depth: 0, nodes: nil, moveTimeMs: nil, clock: nil), lines: 1, listener: nil)
        }
        await assertFailsAsync("above zero", matching: isArgument) {
            try await game.hint(limits: SearchLimits(depth: nil, nodes: 0, moveTimeMs: nil, clock: nil))
        }
        await assertFailsAsync("threads", matching: isArgument) {
            try await game.hint(limits: SearchLimits(depth: 1, nodes: nil, moveTimeMs: nil, clock: nil, threads: 0))
        }
        // Black's flag falls: the game is over and there is nothing to analyse.
        let clocked = try friendsSession("norochess", clock: .suddenDeath(baseMs: 1_000))
        _ = try clocked.playText(text: "e4", nowMs: 0)
        XCTAssertEqual(clocked.tick(nowMs: 5_000)?.winner, .white)
        await assertFailsAsync("White wins 0-0 (time forfeit)", matching: isOver) {
            try await clocked.analyse(limits: SearchLimits(depth: 1, nodes: nil, moveTimeMs: nil, clock: nil), lines: 1, listener: nil)
        }
    }

    func testErrorsCarryTheirDataBesideTheSentence() throws {
        let game = try friendsSession("chess")
        do {
            _ = try game.play(from: "e2", to: "e5", promotion: nil, nowMs: 0)
            XCTFail("e2-e5 was played")
        } catch let NorochessError.IllegalMove(moveText, detail) {
            XCTAssertEqual(moveText, "e2-e5")
            XCTAssertTrue(detail.contains("cannot go to e5"), detail)
        }
        do {
            _ = try game.tap(square: "i9", nowMs: 0)
            XCTFail("i9 was read")
        } catch let NorochessError.InvalidSquare(square, _) {
            XCTAssertEqual(square, "i9")
        }
        let promo = try friendsSession("norochess", position: "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=10-12")
        do {
            _ = try promo.play(from: "a7", to: "a8", promotion: nil, nowMs: 0)
            XCTFail("a promotion without a choice was played")
        } catch let NorochessError.PromotionRequired(moveText, choices, _) {
            XCTAssertEqual(moveText, "a7-a8")
            XCTAssertEqual(choices, [.queen, .rook, .bishop, .knight])
            _ = try promo.tap(square: "a7", nowMs: 0)
            _ = try promo.tap(square: "a8", nowMs: 0)
            XCTAssertEqual(promo.snapshot(nowMs: 0).input.picker?.choices.map(\.kind), choices, "the picker offers the same")
            promo.cancelInput()
        }

        let session = try friendsSession("norochess")
        do {
            _ = try session.takeback(nowMs: 0)
            XCTFail("a takeback with no move")
        } catch let NorochessError.Refused(refusal, detail) {
            XCTAssertEqual(refusal, .nothingToTakeBack)
            XCTAssertTrue(detail.contains("no move to take back"), detail)
        }

        let library = try LibraryHandle.inMemory()
        let before = try library.settings()
        var pink = before
        pink.boardTheme = "pink"
        do {
            _ = try library.updateSettings(before: before, after: pink)
            XCTFail("a pink board was stored")
        } catch let NorochessError.Setting(key, value, suggestion, detail) {
            XCTAssertEqual(key, "board-theme")
            XCTAssertEqual(value, "pink")
            XCTAssertNil(suggestion)
            XCTAssertTrue(detail.contains("pink"), detail)
        }
        var level9 = before
        level9.defaultLevel = 9
        do {
            _ = try library.updateSettings(before: before, after: level9)
            XCTFail("level 9 was stored")
        } catch let NorochessError.Setting(key, value, _, detail) {
            XCTAssertEqual(key, "level")
            XCTAssertEqual(value, "9")
            XCTAssertTrue(detail.contains("1-8"), detail)
        }
        XCTAssertEqual(try library.settings(), before, "nothing was stored")
        do {
            try library.delete(gameId: 42)
            XCTFail("game 42 was deleted")
        } catch let NorochessError.NoSuchGame(gameId, _) {
            XCTAssertEqual(gameId, 42)
        }
    }
}
