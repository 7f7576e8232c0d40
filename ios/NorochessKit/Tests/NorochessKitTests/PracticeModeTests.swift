import Foundation
import XCTest
@testable import NorochessKit

@MainActor
final class PracticeModeTests: XCTestCase {
    func testPracticeModeMarksThePersonsMovesAndTheSettingReachesTheOpenGame() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        app.showSettings()
        let settings = try XCTUnwrap(app.settingsModel)
        XCTAssertFalse(settings.settings.practice, "off by default")
        settings.setPractice(true)
        XCTAssertTrue(app.settings.practice)
        let session = try GameSessionHandle(game: vsComputer(level: 1, colour: .white), library: app.library)
        app.open(session)
        let game = try XCTUnwrap(app.game)
        XCTAssertNil(game.practiceHeadline)
        game.tapMove("e4")
        await game.waitForComputer()
        XCTAssertFalse(game.isPracticeJudging)
        let practice = try XCTUnwrap(game.snapshot.practice, "the move was judged before the reply")
        XCTAssertEqual(game.practiceHeadline, practice.headline)
        XCTAssertEqual(game.practiceText, practice.text)
        XCTAssertEqual(practice.reviewPly, 1)
        XCTAssertEqual(game.moveItems.first?.mark, practice.symbol)
        XCTAssertEqual(game.moveItems.count, 2)
        // Switched off in the open game: no more marks.
        settings.setPractice(false)
        XCTAssertFalse(game.settings?.practice ?? true)
        game.tapMove("d4")
        await game.waitForComputer()
        XCTAssertNil(game.practiceHeadline)
    }
}
