import Foundation
import XCTest
@testable import NorochessKit

// What the iOS screens used to decide (or get wrong) in the views, decided
// by the models and tested here (issue 26): the coordinates' ink and size,
// face to face, the idle timer, the notices, the solver off the main actor.

@MainActor
final class ScreenDecisionsTests: XCTestCase {
    func testCoordinatesAlternateTheirInkAndSitOnTheEdgeSquares() async throws {
        let model = try gameModel(friends())
        let board = model.board
        let theme = board.theme
        // a1 is dark: a light label; a2 and b1 are light: dark labels.
        let a1 = try XCTUnwrap(board.square("a1"))
        XCTAssertFalse(a1.isLight)
        XCTAssertEqual(a1.rankLabel, "1")
        XCTAssertEqual(a1.fileLabel, "a")
        XCTAssertEqual(a1.labelInk, theme.light, "a label on a dark square is drawn in the light colour")
        let a2 = try XCTUnwrap(board.square("a2"))
        XCTAssertEqual(a2.rankLabel, "2")
        XCTAssertNil(a2.fileLabel, "file letters only on the bottom row")
        XCTAssertEqual(a2.labelInk, theme.dark)
        let b1 = try XCTUnwrap(board.square("b1"))
        XCTAssertEqual(b1.fileLabel, "b")
        XCTAssertNil(b1.rankLabel, "rank numbers only in the left column")
        XCTAssertEqual(b1.labelInk, theme.dark)
        XCTAssertNil(board.square("e4")?.rankLabel)
        XCTAssertNil(board.square("e4")?.fileLabel)
        // Every label stands out from its own square.
        let labelled = board.squares.filter { $0.rankLabel != nil || $0.fileLabel != nil }
        XCTAssertEqual(labelled.count, 15, "8 ranks and 8 files, a1 carries both")
        for square in labelled {
            XCTAssertNotEqual(square.labelInk, square.isLight ? theme.light : theme.dark, square.id)
        }
        XCTAssertEqual(board.rows.first?.first?.rankLabel, "8", "the left column, top to bottom")
        XCTAssertEqual(board.rows.last?.map { $0.fileLabel ?? "" }.joined(), "abcdefgh")

        // Turned round: h8 is the bottom left square and carries both.
        model.flip()
        let turned = model.board
        XCTAssertEqual(turned.rows.last?.first?.id, "h8")
        XCTAssertEqual(turned.square("h8")?.rankLabel, "8")
        XCTAssertEqual(turned.square("h8")?.fileLabel, "h")
        XCTAssertNil(turned.square("a1")?.rankLabel)
        XCTAssertEqual(turned.square("h8")?.labelInk, theme.light, "h8 is dark")
    }

    func testCoordinatesScaleWithTheSquareAndCanBeTurnedOff() async throws {
        // Sized to the square (Android's fraction), whatever the text size.
        XCTAssertEqual(BoardLayout.coordinateSizeFraction, 0.2)
        let board = try gameModel(friends()).board
        XCTAssertEqual(board.coordinateSize(cell: 40), 8, accuracy: 1e-9)
        XCTAssertEqual(board.coordinateSize(cell: 100), 20, accuracy: 1e-9)

        var settings = defaultSettings()
        settings.coordinates = false
        settings.boardTheme = "green"
        let plain = try gameModel(friends(), settings: settings).board
        XCTAssertTrue(plain.squares.allSatisfy { $0.rankLabel == nil && $0.fileLabel == nil })
        XCTAssertEqual(plain.square("a1")?.labelInk, BoardTheme.named("green").light, "the theme's colours")
    }

    func testTheLastMoveGlidesFromWhereItSetOutOnAnUprightOrTurnedBoard() async throws {
        let model = try gameModel(friends(mode: .fixed))
        XCTAssertNil(model.board.glide, "nothing to animate before the first move")
        model.tapMove("e4")
        XCTAssertEqual(model.board.lastMove, BoardLayout.MoveSquares(from: "e2", to: "e4"))
        XCTAssertEqual(model.board.glide, BoardLayout.SquareOffset(dx: 0, dy: 2), "from two rows lower")
        model.tapMove("Nf6")
        XCTAssertEqual(model.board.glide, BoardLayout.SquareOffset(dx: 1, dy: -2), "g8 is up and to the right of f6")
        model.flip()
        XCTAssertEqual(model.board.glide, BoardLayout.SquareOffset(dx: -1, dy: 2), "turned round, the other way")
    }

    func testFaceToFaceTurnsTheFarPanelAndTheDrawOfferTowardWhoAnswers() async throws {
        let model = try gameModel(friends(mode: .faceToFace))
        XCTAssertEqual(model.topPanel.side, .black)
        XCTAssertTrue(model.topPanel.isUpsideDown, "Black sits across the table: name, clock and captures face them")
        XCTAssertFalse(model.bottomPanel.isUpsideDown)
        XCTAssertFalse(model.isDrawOfferUpsideDown, "no offer")
        XCTAssertFalse(model.isPromptUpsideDown, "White, at the bottom, is asked")

        model.tapMove("e4")
        XCTAssertTrue(model.isPromptUpsideDown, "Black's picker and resign question face Black across the table")
        model.offerDraw()
        XCTAssertEqual(model.drawOfferText, "Black offers a draw")
        XCTAssertFalse(model.isDrawOfferUpsideDown, "White answers, at the bottom")
        model.declineDraw()
        model.tapMove("e5")
        model.offerDraw()
        XCTAssertEqual(model.drawOfferText, "White offers a draw")
        XCTAssertTrue(model.isDrawOfferUpsideDown, "Black answers, across the table")

        // A board that turns (or stays) is not face to face: nothing is upside down.
        let plain = try gameModel(friends())
        plain.tapMove("e4")
        plain.tapMove("e5")
        plain.offerDraw()
        XCTAssertNotNil(plain.drawOfferText)
        XCTAssertFalse(plain.isDrawOfferUpsideDown)
        XCTAssertFalse(plain.topPanel.isUpsideDown)
        XCTAssertFalse(plain.bottomPanel.isUpsideDown)
    }

    func testTheScreenStaysAwakeOnlyWhileAGameGoesOnOnScreen() async throws {
        var settings = defaultSettings()
        settings.confirmResign = false
        let model = try gameModel(friends(), settings: settings)
        XCTAssertFalse(model.keepsScreenAwake, "not on screen yet")
        let screen = Task { await model.run(tickEveryMs: 5) }
        for _ in 0..<2_000 where !model.keepsScreenAwake {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        XCTAssertTrue(model.keepsScreenAwake, "a game on screen and going on")
        model.resignTapped()
        XCTAssertNotNil(model.snapshot.result)
        XCTAssertFalse(model.keepsScreenAwake, "the game is over: the phone may lock again")
        model.rematch()
        XCTAssertTrue(model.keepsScreenAwake, "the rematch goes on")
        screen.cancel()
        await screen.value
        XCTAssertFalse(model.keepsScreenAwake, "the screen has gone")
    }

    func testTheAppKeepsTheScreenAwakeForTheGameScreenOnly() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        XCTAssertFalse(app.keepsScreenAwake, "Home")
        app.showNewGame(.friend)
        app.start(try XCTUnwrap(app.newGame), seed: 3)
        let game = try XCTUnwrap(app.game)
        XCTAssertFalse(app.keepsScreenAwake, "the screen has not appeared yet")
        let screen = Task { await game.run(tickEveryMs: 5) }
        for _ in 0..<2_000 where !app.keepsScreenAwake {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        XCTAssertTrue(app.keepsScreenAwake)
        app.path = []
        XCTAssertFalse(app.keepsScreenAwake, "back Home: the idle timer is restored")
        screen.cancel()
        await screen.value
    }

    func testOneOKDismissesOneNoticeEvenWhenTheAlertReportsItTwice() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        XCTAssertNil(app.currentNotice)
        app.addNotices(["The library was damaged", "3 games were imported"])
        let first = try XCTUnwrap(app.currentNotice)
        XCTAssertEqual(first.message, "The library was damaged")
        // The alert's OK: its button action and its binding may both report it.
        app.dismissNotice(first)
        app.dismissNotice(first)
        XCTAssertEqual(app.currentNotice?.message, "3 games were imported", "the next notice stays")
        app.dismissNotice(try XCTUnwrap(app.currentNotice))
        XCTAssertNil(app.currentNotice)
        XCTAssertTrue(app.notices.isEmpty)
    }

    func testTheSolverRunsOffTheMainActor() async throws {
        XCTAssertTrue(Thread.isMainThread, "the test itself runs on the main actor")
        let onMain = try await offMain { Thread.isMainThread }
        XCTAssertFalse(onMain, "the core's blocking call must not hold the main thread")
        // Its answer and its errors come back to the caller.
        struct Failed: Error {}
        do {
            _ = try await offMain { () throws -> Int in throw Failed() }
            XCTFail("the error should come back")
        } catch is Failed {}
    }
}
