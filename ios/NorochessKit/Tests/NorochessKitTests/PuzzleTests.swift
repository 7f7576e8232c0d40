import Foundation
import XCTest
@testable import NorochessKit

/// A known sound puzzle (format 2, no opponent's move): White wins with 1. Qxf5 Bxh2 2. Qxg4.
let puzzleLine =
    "t7|norochess|2r5/2q2p2/3b3r/p4p2/2nk2pp/p7/P1Q1RPPP/4KB1R w - - 0 48 score=13-13|-|win|c2f5 d6h2 f5g4|1829|"

/// A puzzle that starts with the opponent's mistake, as the pack's do: Black's 29...Qd5 leaves
/// the queen to the rook, and White gains 9 points with 30. Rxd5.
let opponentMoveLine =
    "g1|norochess|3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10|d8d5|gain 9 in 1|d1d5|1000|"

/// Plays the player's moves of the intended line, checking each reply against it: a clean solve.
func solveByTheIntendedLine(
    _ session: PuzzleRun, _ puzzle: PuzzleInfo, file: StaticString = #filePath, line: UInt = #line
) throws {
    let moves = puzzle.solution
    for i in stride(from: 0, to: moves.count, by: 2) {
        let move = moves[i]
        // Played by its squares, as a shell does (a 10x10 square like f10 has three characters).
        let board = puzzle.solutionMoves[i]
        XCTAssertEqual(board.uci, move, file: file, line: line)
        let feedback = try session.play(from: board.from, to: board.to, promotion: board.promotion)
        guard case let .correct(played, reply, solved) = feedback else {
            XCTFail("\(puzzle.id): \(move) should be right, got \(feedback)", file: file, line: line)
            return
        }
        XCTAssertEqual(played.uci, move, file: file, line: line)
        let last = i + 1 >= moves.count
        XCTAssertEqual(solved, last, "\(puzzle.id): solved after \(move)", file: file, line: line)
        XCTAssertEqual(reply?.uci, last ? nil : moves[i + 1], "\(puzzle.id): reply to \(move)", file: file, line: line)
    }
    XCTAssertEqual(session.phase(), .solved, file: file, line: line)
    XCTAssertEqual(session.end()?.kind, .clean, file: file, line: line)
}

/// The answer to a move played on another thread (written before `done` is signalled).
final class FeedbackBox: @unchecked Sendable {
    var result: Result<PuzzleFeedback, Error>?
}

final class PuzzleTests: XCTestCase {
    /// Where the runs of a test record their attempts (a new one per test).
    private var library: LibraryHandle!

    override func setUpWithError() throws {
        library = try LibraryHandle.inMemory()
    }

    private func isPuzzle(_ e: NorochessError) -> Bool { if case .InvalidPuzzle = e { return true }; return false }
    private func isMove(_ e: NorochessError) -> Bool { if case .IllegalMove = e { return true }; return false }
    private func isSquare(_ e: NorochessError) -> Bool { if case .InvalidSquare = e { return true }; return false }
    private func isOver(_ e: NorochessError) -> Bool { if case .GameOver = e { return true }; return false }

    func testTheBuiltInPackListsEveryPuzzleOfThePackFileAndEachCanBeSolvedByItsLine() throws {
        let puzzles = try builtinPuzzles()
        // The pack is embedded in the library: compare with the file it comes
        // from when the repository is at hand (not in the Linux test root).
        let packFile = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../../../rust-core/puzzles/pack.txt")
        if let text = try? String(contentsOf: packFile, encoding: .utf8) {
            let lines = text.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            XCTAssertEqual(puzzles.count, lines.count)
            if !lines.isEmpty { XCTAssertFalse(puzzles.isEmpty) }
        }
        XCTAssertEqual(Set(puzzles.map(\.id)).count, puzzles.count, "ids are unique")
        for p in puzzles {
            let tier: PuzzleDifficulty = p.rating < 1300 ? .easy : p.rating < 1700 ? .medium : .hard
            XCTAssertEqual(p.difficulty, tier, p.id)
            XCTAssertEqual(p.difficultyId, "\(tier)")
            // The Norochess family, and (format 3) mates of the two 10x10 games with a royal king.
            XCTAssertTrue(["norochess", "norochess960", "ram", "frontal"].contains(p.variantId), p.variantId)
            XCTAssertEqual(Int(p.playerMoves), (p.solution.count + 1) / 2, p.id)
            XCTAssertEqual(p.solutionSan.count, p.solution.count)
            let sideName = p.player == .white ? "White" : "Black"
            XCTAssertTrue(p.objectiveText.hasPrefix("\(sideName) to play and "), p.objectiveText)
            // Every objective the pack uses is one the app can show.
            switch p.objective {
            case .win: XCTAssertEqual(p.objectiveId, "win")
            case .save: XCTAssertEqual(p.objectiveId, "save")
            case let .winBy(margin): XCTAssertEqual(p.objectiveId, "win-by \(margin)")
            case let .gain(points, moves): XCTAssertEqual(p.objectiveId, "gain \(points) in \(moves)")
            case .lead: XCTFail("\(p.id): a lead is the solver's form, never a puzzle's")
            case let .mate(moves):
                XCTAssertEqual(p.objectiveId, "mate in \(moves)")
                XCTAssertTrue(["ram", "frontal"].contains(p.variantId), "\(p.id): a mate needs a royal king")
                XCTAssertEqual(p.solution.count, 2 * Int(moves) - 1, "\(p.id): the line mates on the last move")
            }
            if p.opponentMove == nil { XCTAssertEqual(p.positionText, p.positionBeforeText, p.id) }
        }
        // The menu's tiers (the app groups the list itself): every tier has puzzles.
        let tiers = Set(puzzles.map(\.difficulty))
        XCTAssertEqual(tiers, [.easy, .medium, .hard])
        for p in puzzles {
            let session = try PuzzleRun(puzzleId: p.id, library: library)
            XCTAssertEqual(session.puzzle(), p)
            // The first snapshot is the player's start, with the opponent's move (if the puzzle
            // has one) as the last move on the board.
            let start = session.snapshot()
            XCTAssertEqual(start.turn, p.player)
            XCTAssertEqual(start.positionText, p.positionText, p.id)
            XCTAssertEqual(start.lastMove, p.opponentMove, p.id)
            XCTAssertEqual(start.plyCount, p.opponentMove == nil ? 0 : 1, p.id)
            try solveByTheIntendedLine(session, p)
        }
    }

    func testAPuzzleLineIsSolvedThroughItsIntendedLine() throws {
        let session = try PuzzleRun.fromLine(line: puzzleLine, library: library)
        let puzzle = session.puzzle()
        XCTAssertEqual(puzzle.id, "t7")
        XCTAssertEqual(puzzle.solution, ["c2f5", "d6h2", "f5g4"])
        XCTAssertEqual(puzzle.solutionSan, ["Qxf5", "Bxh2", "Qxg4"])
        XCTAssertEqual(puzzle.playerMoves, 2)
        XCTAssertEqual(puzzle.objective, .win)
        XCTAssertEqual(puzzle.objectiveId, "win")
        XCTAssertNil(puzzle.opponentMove)
        XCTAssertEqual(puzzle.positionText, puzzle.positionBeforeText)
        XCTAssertEqual(puzzle.difficulty, .hard)
        XCTAssertEqual(puzzle.rating, 1829)
        XCTAssertEqual(session.player(), .white)
        XCTAssertEqual(session.objectiveText(), "White to play and win — move 48, score 13–13")

        let board = session.snapshot()
        XCTAssertEqual(board.moveNumber, 48)
        XCTAssertEqual(board.scores, Scores(white: 13, black: 13))
        XCTAssertEqual(board.turn, .white)
        XCTAssertTrue(board.legalMoves.contains { $0.uci == "c2f5" })
        XCTAssertEqual(session.phase(), .solving)

        try solveByTheIntendedLine(session, puzzle)
        let end = session.snapshot()
        XCTAssertEqual(end.lastMove?.san, "Qxg4")
        XCTAssertEqual(end.plyCount, 3)
        XCTAssertNil(try session.hint())
        XCTAssertTrue(try session.showNext().isEmpty)
    }

    func testAPuzzleStartsAfterTheOpponentsMoveWhichRetryNeverTakesBack() throws {
        let session = try PuzzleRun.fromLine(line: opponentMoveLine, library: library)
        let puzzle = session.puzzle()
        XCTAssertEqual(puzzle.objective, .gain(points: 9, moves: 1))
        XCTAssertEqual(puzzle.objectiveId, "gain 9 in 1")
        XCTAssertEqual(session.objectiveText(), "White to play and gain 9 points in one move — move 30, score 10–10")
        XCTAssertEqual(puzzle.player, .white)
        XCTAssertEqual(puzzle.positionBeforeText, "3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10")
        let opponent = try XCTUnwrap(puzzle.opponentMove)
        XCTAssertEqual(opponent.uci, "d8d5")
        XCTAssertEqual(opponent.san, "Qd5")
        XCTAssertEqual(puzzle.solutionSan, ["Rxd5"])

        let start = session.snapshot()
        XCTAssertEqual(start.positionText, puzzle.positionText)
        XCTAssertEqual(start.turn, .white)
        XCTAssertEqual(start.moveNumber, 30)
        XCTAssertEqual(start.plyCount, 1)
        XCTAssertEqual(start.lastMove, opponent)

        let wrong = try session.playText(text: "h3")
        guard case .wrong = wrong else { return XCTFail("h3 should be wrong, got \(wrong)") }
        XCTAssertTrue(try session.retry())
        XCTAssertEqual(session.snapshot().positionText, puzzle.positionText)
        XCTAssertEqual(session.snapshot().lastMove, opponent)

        let right = try session.play(from: "d1", to: "d5", promotion: nil)
        guard case let .correct(_, reply, solved) = right else { return XCTFail("Rxd5 should be right, got \(right)") }
        XCTAssertNil(reply)
        XCTAssertTrue(solved)
        XCTAssertEqual(session.snapshot().scores, Scores(white: 19, black: 10))
        XCTAssertEqual(session.phase(), .solved)
    }

    func testALineOfTheFirstFormatWithoutAnOpponentsMoveStillStarts() throws {
        let session = try PuzzleRun.fromLine(line: puzzleLine.replacingOccurrences(of: "|-|", with: "|"), library: library)
        XCTAssertNil(session.puzzle().opponentMove)
        XCTAssertEqual(session.snapshot().plyCount, 0)
        XCTAssertEqual(session.puzzle().objective, .win)
    }

    func testAWrongMoveIsRefutedOnTheBoardAndRetryTakesItBack() throws {
        let session = try PuzzleRun.fromLine(line: puzzleLine, library: library)
        // The solver's work belongs off the main thread.
        let box = FeedbackBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try session.playText(text: "h3") }
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        let feedback = try XCTUnwrap(box.result).get()
        guard case let .wrong(played, refutation) = feedback else {
            return XCTFail("h3 should be wrong, got \(feedback)")
        }
        XCTAssertEqual(played.uci, "h2h3")
        XCTAssertFalse(refutation.isEmpty)
        XCTAssertEqual(session.phase(), .wrong)
        let refuted = session.snapshot()
        XCTAssertEqual(refuted.plyCount, 1 + UInt32(refutation.count))
        XCTAssertEqual(refuted.lastMove?.san, refutation.last?.san)
        assertFails("wrong", "retry", matching: isOver) { try session.play(from: "c2", to: "f5", promotion: nil) }
        XCTAssertNil(try session.hint())

        XCTAssertTrue(try session.retry())
        XCTAssertFalse(try session.retry())
        XCTAssertEqual(session.phase(), .solving)
        XCTAssertEqual(session.snapshot().plyCount, 0)
        XCTAssertEqual(session.snapshot().positionText, session.puzzle().positionText)

        let right = try session.play(from: "c2", to: "f5", promotion: nil)
        guard case let .correct(_, reply, _) = right else { return XCTFail("Qxf5 should be right, got \(right)") }
        XCTAssertEqual(reply?.uci, "d6h2")
        _ = try session.playText(text: "Qxg4")
        XCTAssertEqual(session.phase(), .solved)
        XCTAssertEqual(session.end()?.kind, .solved, "a wrong move on the way: solved with help")
    }

    func testHintsShowThePieceThenTheMoveAndShowNextPlaysTheSolution() throws {
        let session = try PuzzleRun.fromLine(line: puzzleLine, library: library)
        XCTAssertEqual(try session.hint(), .piece(square: "c2", kind: .queen))
        let move = try session.hint()
        guard case let .move(suggested)? = move else { return XCTFail("expected the move, got \(String(describing: move))") }
        XCTAssertEqual(suggested.san, "Qxf5")
        XCTAssertEqual(try session.hint(), .move(suggested: suggested))

        XCTAssertEqual(try session.showNext().map(\.san), ["Qxf5", "Bxh2"])
        XCTAssertEqual(session.phase(), .solving)
        XCTAssertEqual(try session.hint(), .piece(square: "f5", kind: .queen))
        XCTAssertEqual(try session.showNext().map(\.san), ["Qxg4"])
        XCTAssertEqual(session.phase(), .solved)
        XCTAssertEqual(session.end()?.kind, .shown)
    }

    func testAnAttemptIsRecordedOnceWhenItEndsUnderItsOwnPuzzle() throws {
        let first = try PuzzleRun.fromLine(line: puzzleLine, library: library)
        try solveByTheIntendedLine(first, first.puzzle())
        XCTAssertNil(try first.leave(), "already recorded when solved")
        XCTAssertEqual(try library.puzzleStatus(puzzleId: "t7"), .clean)
        // A wrong move, then leaving: failed, and the run takes no more moves.
        let second = try PuzzleRun.fromLine(line: opponentMoveLine, library: library)
        guard case .wrong = try second.playText(text: "h3") else { return XCTFail("h3 should be wrong") }
        XCTAssertEqual(try second.leave()?.kind, .failed)
        XCTAssertEqual(second.phase(), .left)
        assertFails("left", matching: isOver) { try second.playText(text: "Rxd5") }
        XCTAssertEqual(try library.puzzleStatus(puzzleId: "g1"), .failed)
        // Only looked at: nothing recorded.
        let third = try PuzzleRun(puzzleId: try XCTUnwrap(builtinPuzzles().first).id, library: library)
        XCTAssertNil(try third.leave())
        XCTAssertNil(try library.puzzleStatus(puzzleId: third.puzzle().id))
        XCTAssertEqual(try library.puzzleStats().attempted, 2)
    }

    func testUnknownPuzzlesAndMalformedLinesFailWithTheirReason() throws {
        assertFails("no puzzle `nope`", "built-in pack", matching: isPuzzle) { try PuzzleRun(puzzleId: "nope", library: library) }
        assertFails("cannot read the puzzle", "expected 8 fields", matching: isPuzzle) {
            try PuzzleRun.fromLine(line: "t7|norochess|win", library: library)
        }
        assertFails("solution move 1 (c2f6)", matching: isPuzzle) {
            try PuzzleRun.fromLine(line: puzzleLine.replacingOccurrences(of: "c2f5 d6h2", with: "c2f6 d6h2"), library: library)
        }
        assertFails("opponent's move (d8e6)", matching: isPuzzle) {
            try PuzzleRun.fromLine(line: opponentMoveLine.replacingOccurrences(of: "|d8d5|", with: "|d8e6|"), library: library)
        }
        assertFails("unknown objective `mate`", matching: isPuzzle) {
            try PuzzleRun.fromLine(line: puzzleLine.replacingOccurrences(of: "|win|", with: "|mate|"), library: library)
        }
        assertFails("not chess", matching: isPuzzle) {
            try PuzzleRun.fromLine(line: puzzleLine.replacingOccurrences(of: "|norochess|", with: "|chess|"), library: library)
        }

        let session = try PuzzleRun.fromLine(line: puzzleLine, library: library)
        assertFails("c2-c8", "cannot go to c8", matching: isMove) { try session.play(from: "c2", to: "c8", promotion: nil) }
        assertFails("`c9`", matching: isSquare) { try session.play(from: "c2", to: "c9", promotion: nil) }
        assertFails("cannot read move", matching: isMove) { try session.playText(text: "hello") }
        XCTAssertEqual(session.phase(), .solving)
        try solveByTheIntendedLine(session, session.puzzle())
        assertFails("puzzle is solved", matching: isOver) { try session.playText(text: "a3") }
    }
}
