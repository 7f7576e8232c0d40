import Foundation
import XCTest
@testable import NorochessKit

/// Waits (up to `seconds`, sleeping so the main actor runs what was posted
/// to it) until `condition` holds; false if it never did.
@MainActor
func eventually(_ seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > end { return false }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return true
}

/// A library in a folder of its own for the test.
func temporaryLibrary(_ test: XCTestCase) throws -> LibraryHandle {
    try LibraryHandle.open(folderPath: temporaryFolder(test).path)
}

/// A game against the computer (level 1) in `library`: the person (White)
/// plays `moves`, the computer answers each, then the person resigns.
/// Returns the game's id and its number of moves (plies).
func shortComputerGame(_ library: LibraryHandle, moves: [String] = ["e4", "d4", "Nf3"]) async throws -> (id: Int64, plies: UInt32) {
    let session = try GameSessionHandle(game: vsComputer(level: 1, colour: .white), library: library)
    for move in moves {
        _ = try session.playText(text: move, nowMs: 0)
        let answer = try await session.computerMove(nowMs: 0)
        guard case .played = answer else {
            XCTFail("the computer should answer \(move), got \(answer)")
            break
        }
    }
    _ = try session.resign(by: nil, nowMs: 0)
    let snapshot = session.snapshot(nowMs: 0)
    let id = try XCTUnwrap(snapshot.gameId)
    return (id, snapshot.plyCount)
}

@MainActor
final class ReviewModelTests: XCTestCase {
    func testAShortGameIsReviewedToCompletionAndTheGraphSelectsAPly() async throws {
        let library = try temporaryLibrary(self)
        let (id, plies) = try await shortComputerGame(library)
        XCTAssertEqual(plies, 6)
        let model = try ReviewModel(library: library, gameId: id, budgetId: "quick", time: ManualTime(0))
        XCTAssertEqual(model.budgetChoices.map(\.id), reviewBudgets().map(\.id), "the app layer's budgets")
        XCTAssertEqual(model.budget?.label, "Quick")
        XCTAssertNil(model.notice)
        XCTAssertEqual(model.progress.analysed, 0)
        XCTAssertEqual(model.progress.total, plies + 1)
        XCTAssertTrue(model.canStart)

        model.start()
        XCTAssertTrue(model.isRunning)
        XCTAssertFalse(model.canChooseBudget, "no budget change while it runs")
        await model.waitForRun()
        XCTAssertFalse(model.isRunning)
        XCTAssertNil(model.error)
        XCTAssertEqual(model.saveProblems, [])
        XCTAssertTrue(model.progress.complete, model.progress.text)
        XCTAssertEqual(model.progress.text, "Review complete")
        XCTAssertEqual(model.moves.count, Int(plies))
        XCTAssertEqual(model.graph.points.map(\.reviewPly), Array(0...plies))
        XCTAssertEqual(model.graph.lastPly, plies)
        XCTAssertTrue(model.graph.points.allSatisfy { abs($0.whitePoints) <= reviewGraphLimit() })
        XCTAssertTrue(model.summaries[0].text.hasPrefix("White: accuracy"), model.summaries[0].text)
        XCTAssertTrue(model.summaries[1].text.hasPrefix("Black: accuracy"), model.summaries[1].text)
        XCTAssertEqual(model.moveTitle(model.moves[0]), "1.e4" + model.symbol(model.moves[0]))
        XCTAssertTrue(model.moveAccessibilityLabel(model.moves[0]).hasPrefix("Move 1, White: pawn e4"),
                      model.moveAccessibilityLabel(model.moves[0]))

        // The graph's geometry: White up, zero in the middle, the x axis from the start to the last position.
        let graph = model.graph
        XCTAssertEqual(graph.y(ofPoints: graph.limit, height: 100), 0)
        XCTAssertEqual(graph.y(ofPoints: -graph.limit, height: 100), 100)
        XCTAssertEqual(graph.y(ofPoints: 0, height: 100), 50)
        XCTAssertEqual(graph.x(ofPly: 0, width: 300), 0)
        XCTAssertEqual(graph.x(ofPly: plies, width: 300), 300)
        XCTAssertEqual(graph.ply(atX: -20, width: 300), 0)
        XCTAssertEqual(graph.ply(atX: 400, width: 300), plies)

        // A tap a little right of position 2 selects it: its board and its move's review.
        model.tapGraph(x: graph.x(ofPly: 2, width: 300) + 300 / Double(plies) * 0.4, width: 300)
        XCTAssertEqual(model.selectedPly, 2)
        let move = try XCTUnwrap(model.selectedMove)
        XCTAssertEqual(move.reviewPly, 2)
        XCTAssertEqual(model.selectedText, move.text)
        XCTAssertEqual(model.boardSnapshot?.lastMove?.san, move.played.san, "the board after that move")
        XCTAssertEqual(model.boardSnapshot?.plyCount, 2)
        XCTAssertNotNil(model.board?.square(move.played.to)?.piece)
        XCTAssertTrue(model.graphAccessibilityValue.hasPrefix("Position 2, White "), model.graphAccessibilityValue)
        // A move of the list and the arrows select too.
        model.select(model.moves[4])
        XCTAssertEqual(model.selectedPly, 5)
        model.stepForward()
        XCTAssertEqual(model.selectedPly, 6)
        XCTAssertFalse(model.canStepForward)
        model.stepBack()
        XCTAssertEqual(model.selectedPly, 5)
        model.select(ply: 0)
        XCTAssertNil(model.selectedMove)
        XCTAssertEqual(model.selectedText, "The start position")
        for moment in model.moments {
            model.select(moment)
            XCTAssertEqual(model.selectedPly, moment.reviewPly)
        }
        XCTAssertEqual(model.selectedPosition?.game, "norochess")

        // Statistics: the review's accuracy.
        let stats = StatsModel(library: library)
        XCTAssertNil(stats.error)
        XCTAssertTrue(stats.reviewText.hasPrefix("Reviewed 1 game against the computer: your accuracy"), stats.reviewText)
        XCTAssertNotNil(stats.reviewAccuracy)
        XCTAssertEqual(stats.reviewText, try library.reviewStats().text)
    }

    func testACancelledReviewIsSavedAndResumedWhereItStopped() async throws {
        let library = try temporaryLibrary(self)
        let session = try friendsSession(library: library)
        var seen = Set<String>()
        for _ in 0..<16 { try playQuietMove(session, &seen) }
        let id = try XCTUnwrap(session.snapshot(nowMs: 0).gameId)
        XCTAssertNotNil(try library.load(gameId: id, nowMs: 0), "saved as it went")

        let first = try ReviewModel(library: library, gameId: id, budgetId: "deep", time: ManualTime(0))
        XCTAssertEqual(first.progress.total, 17)
        first.start()
        let started = await eventually { first.progress.analysed >= 2 }
        XCTAssertTrue(started, "progress arrives from the review's thread")
        first.cancel()
        await first.waitForRun()
        XCTAssertFalse(first.isRunning)
        let stoppedAt = first.progress.analysed
        XCTAssertGreaterThanOrEqual(stoppedAt, 2)
        XCTAssertFalse(first.progress.complete, "cancelled before the end (\(first.progress.text))")
        XCTAssertTrue(first.canStart)
        first.leave()

        // Next time: the saved evaluations are there, and the run goes on
        // from them (the rest quickly: the budget applies to what is left).
        let again = try ReviewModel(library: library, gameId: id, budgetId: "quick", time: ManualTime(0))
        XCTAssertNil(again.notice)
        XCTAssertEqual(again.progress.analysed, stoppedAt, "resumed from the saved progress")
        let seenProgress = again.progress.analysed
        again.start()
        await again.waitForRun()
        XCTAssertTrue(again.progress.complete, again.progress.text)
        XCTAssertGreaterThan(again.progress.analysed, seenProgress)
        XCTAssertEqual(again.moves.count, 16)
        XCTAssertEqual(again.saveProblems, [])
        XCTAssertFalse(again.canStart, "nothing left to analyse")
    }

    func testASaveThatFailsIsSaidAndTheReviewGoesOnInMemory() async throws {
        let library = try temporaryLibrary(self)
        let (id, plies) = try await shortComputerGame(library, moves: ["e4", "d4"])
        let model = try ReviewModel(library: library, gameId: id, budgetId: "quick", time: ManualTime(0))
        // The game goes from the library while its review is open: every save fails.
        try library.delete(gameId: id)
        model.start()
        await model.waitForRun()
        XCTAssertTrue(model.progress.complete, "the review goes on in memory")
        XCTAssertEqual(model.moves.count, Int(plies))
        let said = await eventually { !model.saveProblems.isEmpty }
        XCTAssertTrue(said, "the failed save reaches the screen")
        XCTAssertTrue(model.saveProblems.allSatisfy { $0.hasPrefix("The review could not be saved") }, "\(model.saveProblems)")
    }

    func testTheResultSheetOpensTheReviewInPointsAndTheGameScreenTheAnalysisBoard() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        let session = try GameSessionHandle(game: vsComputer(level: 1, colour: .white), library: app.library)
        app.open(session)
        let game = try XCTUnwrap(app.game)
        game.tapMove("e4")
        await game.waitForComputer()
        XCTAssertTrue(game.isSaved, "in the library once a move is played")
        // The game's Analyse: the position on screen, the game unchanged.
        app.analyse(game)
        XCTAssertEqual(app.path, [.game, .analysis])
        XCTAssertEqual(app.analysis?.view.board.plyCount, 2)
        app.path = [.game]
        XCTAssertNil(app.analysis)
        game.resignTapped()
        if game.isResignConfirmationPresented { game.resign() }
        XCTAssertTrue(game.isResultPresented, "\(String(describing: game.snapshot.result)) \(game.error ?? "") \(game.snapshot.statusText)")
        app.reviewInPoints(game)
        XCTAssertFalse(game.isResultPresented, "the sheet closes")
        XCTAssertEqual(app.path, [.game, .review])
        XCTAssertEqual(app.review?.gameId, session.snapshot(nowMs: 0).gameId)
        XCTAssertEqual(app.review?.progress.total, 3)
        // A game without a library has nothing to review.
        let unsaved = try gameModel(friends())
        XCTAssertFalse(unsaved.isSaved)
        app.reviewInPoints(unsaved)
        XCTAssertEqual(app.path, [.game, .review])
    }

    func testTheBudgetCanBeChangedBeforeTheRunAndTheAppOpensTheReview() async throws {
        let folder = try temporaryFolder(self)
        let app = try AppModel(folder: folder, time: ManualTime(0))
        let (id, _) = try await shortComputerGame(app.library, moves: ["e4"])
        app.showGames()
        app.openReview(id)
        XCTAssertEqual(app.path, [.games, .review])
        let review = try XCTUnwrap(app.review)
        XCTAssertEqual(review.budgetId, reviewBudgets().first { $0.isDefault }?.id)
        review.chooseBudget("quick")
        XCTAssertEqual(review.budgetId, "quick")
        review.chooseBudget("no-such-budget")
        XCTAssertEqual(review.budgetId, "quick")
        review.start()
        await review.waitForRun()
        XCTAssertTrue(review.progress.complete)
        // From the review: the selected position on the analysis board.
        review.select(ply: 1)
        app.openAnalysis(id, ply: review.selectedPly)
        XCTAssertEqual(app.path, [.games, .review, .analysis])
        XCTAssertEqual(app.analysis?.view.board.plyCount, 1)
        XCTAssertEqual(app.analysis?.layout.bottom, .white, "the person's side, though Black is to move")
        app.path = [.games]
        XCTAssertNil(app.review, "leaving the screen ends the review")
        XCTAssertNil(app.analysis)
        // A game that is not there: said over the screen that asked, which stays.
        app.openReview(id + 1000)
        XCTAssertEqual(app.path, [.games])
        XCTAssertNotNil(app.error)
        app.error = nil
        app.openAnalysis(id + 1000)
        XCTAssertEqual(app.path, [.games])
        XCTAssertNotNil(app.error)
    }
}
