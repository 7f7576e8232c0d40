import Foundation
import XCTest
@testable import NorochessKit

/// The fixed puzzle sequence of the Rust test `the_fixed_puzzle_sequence`
/// (app/src/session/puzzle_run/tests.rs), played through the bindings: the
/// same moves must give the same attempt kinds, next puzzles, daily puzzle
/// and rating in every shell.
final class PuzzleRunSequenceTests: XCTestCase {
    private func solve(_ run: PuzzleRun) throws {
        for (i, uci) in run.puzzle().solution.enumerated() where i % 2 == 0 {
            if run.phase() != .solving { break }
            _ = try run.playText(text: uci)
        }
    }

    func testTheFixedSequenceGivesTheAnswersOfTheRustTest() throws {
        let library = try LibraryHandle.inMemory()
        let daily = try library.dailyPuzzle(year: 2026, month: 1, day: 15)?.id
        var opened: [String] = []
        var kinds: [PuzzleAttempt?] = []
        var current: String?
        for step in 0..<5 {
            let id = try XCTUnwrap(try nextPuzzle(library: library, filter: PuzzleFilter(tier: nil, theme: nil), currentId: current)).puzzle.id
            opened.append(id)
            let run = try PuzzleRun(puzzleId: id, library: library)
            switch step {
            case 0:
                try solve(run)
            case 1:
                _ = try run.playText(text: "b5c4")
                XCTAssertTrue(try run.retry())
                try solve(run)
            case 2:
                guard case .piece? = try run.hint() else { return XCTFail("the first hint is the piece") }
                try solve(run)
            case 3:
                while run.phase() == .solving { _ = try run.showNext() }
            default:
                _ = try run.playText(text: "c4e2")
                XCTAssertEqual(run.phase(), .wrong)
                _ = try run.leave()
            }
            kinds.append(run.end()?.kind)
            current = id
        }
        XCTAssertEqual(opened, ["np1001", "np1002", "np1003", "np1004", "np1005"])
        XCTAssertEqual(kinds, [.clean, .solved, .solved, .shown, .failed])
        XCTAssertEqual(try nextPuzzle(library: library, filter: PuzzleFilter(tier: nil, theme: nil), currentId: current)?.puzzle.id, "np1006")
        XCTAssertEqual(try nextPuzzle(library: library, filter: PuzzleFilter(tier: nil, theme: nil), currentId: nil)?.puzzle.id, "np1002")
        XCTAssertEqual(daily, "np7606")
        XCTAssertEqual(try library.dailyPuzzle(year: 2026, month: 1, day: 15)?.id, daily)
        let stats = try library.puzzleStats()
        XCTAssertEqual(stats.rating, 460)
        XCTAssertEqual(stats.streak, 0)
        XCTAssertEqual(stats.bestStreak, 1)
    }
}
