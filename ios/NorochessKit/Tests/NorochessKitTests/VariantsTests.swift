import XCTest
@testable import NorochessKit

final class VariantsTests: XCTestCase {
    func testEveryGameIsListedWithNameDescriptionAndOptions() throws {
        let all = variants()
        XCTAssertEqual(all.map(\.id), ["norochess", "norochess960", "ram", "frontal", "improved", "crab", "chess"])
        let ram = try XCTUnwrap(all.first { $0.id == "ram" })
        XCTAssertEqual(ram.name, "Ram chess")
        XCTAssertEqual(ram.boardSize, 10)
        XCTAssertTrue(ram.royalKing)
        XCTAssertFalse(ram.description.isEmpty)
        XCTAssertTrue(all[0].hasScores && !all[0].royalKing)
        XCTAssertEqual(all[1].startNumbers, 960)
        XCTAssertEqual(all[1].standardStart, 518)
        XCTAssertNil(ram.startNumbers)
        let improved = try XCTUnwrap(all.first { $0.id == "improved" })
        XCTAssertEqual(improved.options.map(\.id), ["zone", "blockage"])
        XCTAssertEqual(improved.options[0].choices.map(\.id), ["far-half", "beyond-fifth", "seventh"])
        XCTAssertEqual(improved.options[0].choices.map(\.isDefault), [true, false, false])
    }

    func testASetupWithOptionsCrossesTheBoundaryBothWaysAndIsSaved() throws {
        let library = try LibraryHandle.inMemory()
        let improved = GameSetup(game: "improved", options: [OptionSetting(option: "zone", value: "seventh"),
                                                             OptionSetting(option: "blockage", value: "any")])
        var game = friends(game: "improved")
        game.setup = improved
        let session = try GameSessionHandle(game: game, library: library)
        XCTAssertEqual(session.snapshot(nowMs: 0).board.setup, improved)
        _ = try session.playText(text: "e4", nowMs: 0)
        guard case let .saved(gameId, _) = session.snapshot(nowMs: 0).saveState else {
            return XCTFail("not saved: \(session.snapshot(nowMs: 0).saveState)")
        }
        let summary = try library.summary(gameId: gameId)
        XCTAssertEqual(summary.variant, "improved")
        XCTAssertEqual(try library.load(gameId: gameId, nowMs: 0).snapshot(nowMs: 0).board.setup, improved)
        // A Norochess960 start number is kept in the summary's set-up id.
        let n960 = GameSetup(game: "norochess960", startNumber: 7)
        var numberedGame = friends(game: "norochess960")
        numberedGame.setup = n960
        let numbered = try GameSessionHandle(game: numberedGame, library: library)
        _ = try numbered.playText(text: "e3", nowMs: 0)
        guard case let .saved(id, _) = numbered.snapshot(nowMs: 0).saveState else {
            return XCTFail("not saved: \(numbered.snapshot(nowMs: 0).saveState)")
        }
        XCTAssertEqual(try library.summary(gameId: id).setup, "norochess960:7")
        XCTAssertEqual(try library.load(gameId: id, nowMs: 0).snapshot(nowMs: 0).board.setup, n960)
    }
}
