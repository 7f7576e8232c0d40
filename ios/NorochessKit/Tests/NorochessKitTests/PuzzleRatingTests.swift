import Foundation
import XCTest
@testable import NorochessKit

/// The puzzle rating (Glicko-2, kept by the core's library) as the models show it.
@MainActor
final class PuzzleRatingTests: XCTestCase {
    func testSolvingTheDailyPuzzleMovesTheRating() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        app.showPuzzles()
        let list = try XCTUnwrap(app.puzzles)
        XCTAssertEqual(list.ratingText, "Puzzle rating 1500 ± 350")
        let day = try XCTUnwrap(Calendar.current.date(from: DateComponents(year: 2026, month: 11, day: 30, hour: 12)))
        let dailyId = try XCTUnwrap(list.dailyPuzzleId(on: day))
        XCTAssertEqual(dailyId, list.dailyPuzzleId(on: day.addingTimeInterval(3_600)), "the same all day")
        XCTAssertEqual(dailyId, try app.library.dailyPuzzle(year: 2026, month: 11, day: 30)?.id)

        app.openPuzzle(dailyId)
        let puzzle = try XCTUnwrap(app.puzzle)
        XCTAssertNil(puzzle.ratingText)
        // The intended line, the player's moves only.
        for (i, move) in puzzle.info.solution.enumerated() where i % 2 == 0 {
            puzzle.playText(move)
            await puzzle.waitForAnswer()
            XCTAssertNil(puzzle.error)
        }
        XCTAssertTrue(puzzle.isSolved)
        let end = try XCTUnwrap(puzzle.end)
        XCTAssertEqual(end.kind, .clean)
        XCTAssertGreaterThan(end.ratingChange, 0, "a clean solve is a win")
        let text = try XCTUnwrap(puzzle.ratingText)
        XCTAssertTrue(text.hasPrefix("Puzzle rating 1"), text)
        XCTAssertTrue(text.hasSuffix("(+\(end.ratingChange))"), text)

        let stats = try app.library.puzzleStats()
        XCTAssertGreaterThan(stats.rating, 1500)
        XCTAssertEqual(end.ratingAfter, stats.rating)
        XCTAssertLessThan(stats.deviation, 350)
        XCTAssertEqual(stats.ratingHistory.map(\.puzzleId), [dailyId])
        app.path = [.puzzles]
        list.reload()
        XCTAssertEqual(list.ratingText, "Puzzle rating \(stats.rating) ± \(stats.deviation)")

        let statsModel = StatsModel(library: app.library)
        XCTAssertEqual(statsModel.puzzleRatingText, list.ratingText)
        XCTAssertEqual(statsModel.ratingHistory.count, 1)
        XCTAssertEqual(statsModel.ratingHistoryText, "Rating history: \(stats.rating) → \(stats.rating)")
    }
}
