import XCTest
@testable import NorochessKit

final class GameScreenModelTests: XCTestCase {
    func testSelectReselectDeselectAndTapTapToMove() throws {
        let model = try GameScreenModel(game: try newGame(.norochess))
        var changes = 0
        model.onChange = { _ in changes += 1 }
        model.tap("e4")
        XCTAssertNil(model.state.selected)
        model.tap("e7")
        XCTAssertNil(model.state.selected)
        model.tap(file: 6, rank: 0)
        XCTAssertEqual(model.state.selected, "g1")
        XCTAssertEqual(model.state.targets.sorted(), ["f3", "h3"])
        model.tap("e2")
        XCTAssertEqual(model.state.targets, ["e3", "e4"])
        model.tap("e2")
        XCTAssertNil(model.state.selected)
        model.tap("e2")
        model.tap("e4")
        XCTAssertNil(model.state.selected)
        XCTAssertTrue(model.state.targets.isEmpty)
        XCTAssertEqual(model.state.snapshot.lastMove?.san, "e4")
        XCTAssertEqual(model.state.statusText, "Black to move")
        XCTAssertEqual(model.state.moveCounterText, "Move 1 / 48")
        XCTAssertGreaterThanOrEqual(changes, 7)
    }

    func testThePromotionPickerOffersTheLegalChoices() throws {
        let game = try GameHandle.fromPosition(setup: setup(.norochess), positionText: "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 31 score=19-15")
        let model = try GameScreenModel(game: game)
        XCTAssertEqual(model.state.scoreText, "19 – 15")
        XCTAssertEqual(model.state.moveCounterText, "Move 31 / 48")
        model.tap("a7")
        XCTAssertEqual(model.state.targets, ["a8", "b8"])
        model.tap("b8")
        let picker = try XCTUnwrap(model.state.promotionPicker)
        XCTAssertEqual(picker.choices, [.queen, .rook, .bishop, .knight])
        model.tap("e1")
        XCTAssertNotNil(model.state.promotionPicker)
        model.cancelPromotion()
        XCTAssertNil(model.state.promotionPicker)
        XCTAssertEqual(model.state.snapshot.plyCount, 0)
        model.tap("a7")
        model.tap("b8")
        model.choosePromotion(.knight)
        XCTAssertEqual(model.state.snapshot.lastMove?.san, "axb8=N")
        XCTAssertEqual(model.state.scoreText, "22 – 15")
        XCTAssertEqual(try model.moveListText(), ["31. axb8=N"])
    }

    func testErrorsShowAndTheGameGoesOn() throws {
        let model = try GameScreenModel(game: try newGame(.chess))
        XCTAssertFalse(model.playText("Ke2"))
        XCTAssertTrue(model.state.error?.contains("Ke2") ?? false)
        XCTAssertTrue(model.playText("e4"))
        XCTAssertNil(model.state.error)
        model.takeBack()
        XCTAssertEqual(model.state.snapshot.plyCount, 0)
        model.redo()
        XCTAssertEqual(model.state.snapshot.plyCount, 1)
        XCTAssertEqual(try model.moveListText(), ["1. e4"])
    }

    func testOvertimeBadgeFromAPuzzleLikePosition() throws {
        let game = try GameHandle.fromPosition(setup: setup(.norochess), positionText: "4k3/8/8/8/8/8/8/4K3 w - - 0 52 score=20-20")
        let state = try GameScreenModel(game: game).state
        XCTAssertEqual(state.moveCounterText, "Overtime 52 / 60")
        XCTAssertTrue(state.isOvertime)
        XCTAssertEqual(state.scoreText, "20 – 20")
    }
}
