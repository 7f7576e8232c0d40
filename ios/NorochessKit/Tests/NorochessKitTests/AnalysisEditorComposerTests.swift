import Foundation
import XCTest
@testable import NorochessKit

/// A Norochess position with one answer: White to play at move 48, 36–38
/// behind, wins only by taking the knight (Qxd5, 39–38).
let oneAnswerPosition = "7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=36-38"

/// The same board with scores the missing material can explain (the
/// editor refuses 18–20: White must have taken at least 36 points of
/// Black's pieces, Black 30 of White's), still one answer: Qxd5.
let editorOneAnswerPosition = "7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=40-38"

@MainActor
final class AnalysisModelTests: XCTestCase {
    func testAVariationIsPlayedAndTakenBackTheGameUnchangedAndLinesArrive() async throws {
        let library = try temporaryLibrary(self)
        let session = try friendsSession(library: library)
        for move in ["e4", "e5", "Nf3", "Nc6"] { _ = try session.playText(text: move, nowMs: 0) }
        let id = try XCTUnwrap(session.snapshot(nowMs: 0).gameId)
        let before = try library.load(gameId: id, nowMs: 0).snapshot(nowMs: 0).board.positionText

        let model = try AnalysisModel(library: library, gameId: id, ply: 4, time: ManualTime(0))
        XCTAssertEqual(model.view.board.plyCount, 4)
        XCTAssertTrue(model.originText.hasPrefix("Move 3, White to play"), model.originText)
        XCTAssertNil(model.variationText)
        XCTAssertFalse(model.canGoBack)
        XCTAssertEqual(model.layout.bottom, .white)

        // Lines arrive from the search's thread while it deepens.
        model.analyse()
        XCTAssertTrue(model.isAnalysing)
        let arrived = await eventually { !model.lineRows.isEmpty }
        XCTAssertTrue(arrived, "the engine's lines reach the screen")
        let line = try XCTUnwrap(model.lineRows.first)
        XCTAssertFalse(line.score.isEmpty)
        XCTAssertFalse(line.moves.isEmpty)
        XCTAssertTrue(line.depth.hasPrefix("depth "), line.depth)
        XCTAssertTrue(line.accessibilityLabel.hasPrefix("Line 1: "), line.accessibilityLabel)
        XCTAssertNotNil(model.searchText)

        // A line's first move, then a move by taps: the variation.
        let first = try XCTUnwrap(line.firstMove)
        model.play(line)
        XCTAssertEqual(model.view.variation.map(\.san), [first.san])
        XCTAssertTrue(model.isAnalysing, "the new position is analysed")
        let reply = try XCTUnwrap(model.view.board.legalMoves.first { !$0.isCapture })
        model.tap(reply.from)
        XCTAssertEqual(model.view.input.selected, reply.from)
        XCTAssertTrue(model.layout.square(reply.to)?.isTarget ?? false)
        model.tap(reply.to)
        XCTAssertEqual(model.view.variation.map(\.san), [first.san, reply.san])
        XCTAssertEqual(model.variationText, "\(first.san) \(reply.san)")
        XCTAssertEqual(model.view.board.plyCount, 6)
        model.play("not a move")
        XCTAssertNotNil(model.error, "an unreadable move is said")
        XCTAssertEqual(model.view.variation.count, 2)

        // Back and reset take the variation back; the game is what it was.
        model.back()
        XCTAssertEqual(model.view.variation.map(\.san), [first.san])
        model.reset()
        XCTAssertTrue(model.view.variation.isEmpty)
        XCTAssertEqual(model.view.board.plyCount, 4)
        model.leave()
        XCTAssertFalse(model.isAnalysing)
        await model.waitForSearches()
        let after = try library.load(gameId: id, nowMs: 0).snapshot(nowMs: 0)
        XCTAssertEqual(after.board.positionText, before, "the game is unchanged")
        XCTAssertEqual(after.plyCount, 4)
    }

    func testAPromotionInTheVariationGoesThroughTheBoardsPicker() async throws {
        let model = try AnalysisModel(game: "norochess", position: "7k/4P3/8/8/8/8/8/K7 w - - 0 30 score=20-20")
        XCTAssertNil(model.picker)
        model.tap("e7")
        model.tap("e8")
        let picker = try XCTUnwrap(model.picker, "a promotion with a choice opens the picker")
        XCTAssertTrue(model.view.variation.isEmpty, "nothing played before the choice")
        XCTAssertFalse(picker.title.isEmpty)
        let knight = try XCTUnwrap(picker.choices.first { $0.kind == .knight })
        model.choosePiece(knight.kind)
        XCTAssertNil(model.picker)
        XCTAssertEqual(model.view.variation.first?.promotion, .knight)
        XCTAssertEqual(model.layout.square("e8")?.piece, Piece(color: .white, role: .knight))
        // Flipped: Black at the bottom, the same variation.
        model.flip()
        XCTAssertEqual(model.layout.bottom, .black)
        model.leave()
    }

    func testNearTheEndTheSolversExactResultIsShown() async throws {
        let model = try AnalysisModel(game: "norochess", position: oneAnswerPosition)
        XCTAssertTrue(model.view.exactAvailable)
        model.analyse()
        XCTAssertTrue(model.isSolving)
        let solved = await eventually(60) { model.exact != nil }
        XCTAssertTrue(solved, "the exact result arrives")
        let exact = try XCTUnwrap(model.exact)
        XCTAssertTrue(exact.proven, exact.text)
        XCTAssertEqual(exact.bestMoves, ["Qxd5"])
        XCTAssertTrue(model.exactText?.contains("Qxd5") ?? false, model.exactText ?? "")
        XCTAssertFalse(model.isSolving)
        model.leave()
    }
}

@MainActor
final class EditorModelTests: XCTestCase {
    func testAnImpossiblePositionIsNamedMarkedAndNotComposedALegalOneIs() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        app.showPuzzles()
        app.openEditor()
        let editor = try XCTUnwrap(app.editor)
        XCTAssertEqual(app.path, [.puzzles, .editor])
        XCTAssertEqual(editor.gameId, "norochess")
        XCTAssertTrue(editor.isPlayable, "the start can be played")
        XCTAssertEqual(editor.palette, editorPalette())
        XCTAssertEqual(editor.paletteLabel(editor.palette[0]), "White king")

        // A white pawn on the last rank: the editor's sentence, its square marked.
        editor.tool = .place(Piece(color: .white, role: .pawn))
        editor.tap("e8")
        XCTAssertEqual(editor.layout.square("e8")?.piece, Piece(color: .white, role: .pawn))
        XCTAssertFalse(editor.isPlayable)
        let problem = try XCTUnwrap(editor.problems.first)
        XCTAssertTrue(problem.text.contains("pawn on e8 cannot stand there"), problem.text)
        XCTAssertTrue(editor.flaggedSquares.contains("e8"))
        XCTAssertTrue(editor.layout.square("e8")?.isFlagged ?? false)
        XCTAssertTrue(editor.layout.square("e8")?.accessibilityLabel.hasSuffix("named by a problem") ?? false)
        XCTAssertEqual(editor.verdictText, "The position cannot be played yet")
        // Compose (and Analyse) do not take it: the reason is said instead.
        app.compose(editor)
        XCTAssertEqual(app.path, [.puzzles, .editor])
        XCTAssertNil(app.composer)
        XCTAssertTrue(editor.error?.contains("e8") ?? false, editor.error ?? "")
        app.analyse(editor)
        XCTAssertNil(app.analysis)

        // An empty board is refused too, with its own reasons.
        editor.clear()
        XCTAssertTrue(editor.view.pieces.isEmpty)
        XCTAssertFalse(editor.problems.isEmpty)
        XCTAssertNil(editor.checkedPosition())

        // The one-answer position set up by taps, side, move number and scores: playable.
        editor.tool = .place(Piece(color: .black, role: .king))
        editor.tap("h8")
        editor.tool = .place(Piece(color: .black, role: .knight))
        editor.tap("d5")
        editor.tap("e6")
        editor.tool = .erase
        editor.tap("e6")
        editor.tool = .place(Piece(color: .white, role: .queen))
        editor.tap("d1")
        editor.tool = .place(Piece(color: .white, role: .king))
        editor.tap("h1")
        editor.setTurn(.white)
        editor.setMoveNumber(48)
        editor.setScore(.white, 18)
        editor.setScore(.black, 20)
        XCTAssertEqual(editor.score(.black), 20)
        // 18–20 is less than the board's missing material explains: the editor says so.
        XCTAssertFalse(editor.isPlayable)
        XCTAssertTrue(editor.problems.contains { $0.text.contains("worth at least 36") },
                      editor.problems.map(\.text).joined(separator: " "))
        editor.setScore(.white, 40)
        editor.setScore(.black, 38)
        XCTAssertTrue(editor.isPlayable, editor.problems.map(\.text).joined(separator: " "))
        XCTAssertTrue(editor.flaggedSquares.isEmpty)
        XCTAssertEqual(editor.checkedPosition(), editorOneAnswerPosition)
        app.compose(editor)
        XCTAssertEqual(app.path, [.puzzles, .editor, .composer])
        XCTAssertEqual(app.composer?.position, editorOneAnswerPosition)
        app.path = [.puzzles, .editor]
        app.analyse(editor)
        XCTAssertEqual(app.path, [.puzzles, .editor, .analysis])
        XCTAssertEqual(app.analysis?.view.board.positionText, editorOneAnswerPosition)
        app.path = [.puzzles, .editor]
        // Play from here: the form keeps the position and the session starts from it.
        app.showNewGame(.friend, from: editor)
        let form = try XCTUnwrap(app.newGame)
        XCTAssertFalse(form.canChooseGame)
        XCTAssertEqual(form.newGame(seed: 1).positionText, editorOneAnswerPosition)
        app.start(form, seed: 1)
        XCTAssertEqual(app.game?.snapshot.board.positionText, editorOneAnswerPosition)
    }

    func testNorochess960StartsTheGameChoiceCastlingEnPassantAndTheOpeningRule() async throws {
        let editor = try EditorModel()
        XCTAssertNil(editor.startNumberRange, "Norochess has one start")
        // The game with numbered starts (Norochess960), found by the menu, not by name.
        let numbered = try XCTUnwrap(editor.games.first { $0.startNumbers != nil })
        editor.chooseGame(numbered.id)
        let range = try XCTUnwrap(editor.startNumberRange)
        editor.startNumber = range.upperBound
        editor.resetToStart()
        XCTAssertEqual(editor.view.setup.startNumber, UInt16(range.upperBound))
        XCTAssertEqual(editor.startText, "Start \(range.upperBound)")
        XCTAssertTrue(editor.isPlayable)
        // Castling (chess-like games) and the Ram/Frontal opening restriction, where the game has them.
        var castlingGames = 0
        var openingRuleGames = 0
        var enPassantGames = 0
        for game in editor.games {
            editor.chooseGame(game.id)
            if editor.view.hasCastling {
                castlingGames += 1
                XCTAssertEqual(editor.castlingSwitches.map(\.isOn), [true, true, true, true], "\(game.id)'s start")
                editor.setCastling(\.blackQueenSide, false)
                XCTAssertFalse(editor.view.castling.blackQueenSide)
                XCTAssertTrue(editor.view.castling.whiteKingSide)
                editor.tool = .erase
                editor.tap("h1")
                editor.setCastling(\.blackQueenSide, true)
                XCTAssertFalse(editor.isPlayable, "castling king side without the h1 rook")
                XCTAssertTrue(editor.flaggedSquares.contains("h1"), "\(editor.problems.map(\.text))")
            }
            if editor.view.hasEnPassant {
                enPassantGames += 1
                editor.resetToStart()
                XCTAssertEqual(editor.enPassantText, "No en passant square")
                // White to move: an en passant square on rank 3 is named as a problem, its square marked.
                editor.setTurn(.white)
                editor.enPassantDraft = "e3"
                editor.applyEnPassant()
                XCTAssertEqual(editor.view.enPassant, "e3")
                XCTAssertEqual(editor.enPassantText, "En passant square: e3")
                XCTAssertFalse(editor.isPlayable)
                XCTAssertTrue(editor.flaggedSquares.contains("e3"), "\(editor.problems.map(\.text))")
                editor.enPassantDraft = "z99"
                editor.applyEnPassant()
                XCTAssertNotNil(editor.error, "not a square")
                XCTAssertEqual(editor.enPassantDraft, "z99", "kept to be corrected")
                editor.enPassantDraft = ""
                editor.applyEnPassant()
                XCTAssertNil(editor.view.enPassant)
                XCTAssertNil(editor.error)
            }
            if editor.view.hasOpeningRule {
                openingRuleGames += 1
                let pending = editor.view.openingPending
                editor.setOpeningPending(!pending)
                XCTAssertEqual(editor.view.openingPending, !pending)
            }
        }
        XCTAssertGreaterThan(castlingGames, 0, "a game of the menu has castling")
        XCTAssertGreaterThan(openingRuleGames, 0, "a game of the menu has an opening rule")
        XCTAssertGreaterThan(enPassantGames, 0, "a game of the menu has en passant")
        for game in editor.games {
            editor.chooseGame(game.id)
            XCTAssertEqual(editor.gameId, game.id)
            XCTAssertTrue(editor.isPlayable, "\(game.id)'s start can be played")
            XCTAssertEqual(editor.layout.width, Int(editor.view.width))
        }
    }
}

@MainActor
final class ComposerModelTests: XCTestCase {
    func testTheOneAnswerPuzzleIsProvenSavedSharedImportedBackAndSolved() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        app.showPuzzles()
        app.openComposer(game: "norochess", position: oneAnswerPosition)
        let composer = try XCTUnwrap(app.composer)
        XCTAssertEqual(composer.objectives.map(\.id), composerObjectives().map(\.id))
        XCTAssertEqual(composer.objectiveId, "win")
        XCTAssertFalse(composer.canSave)

        // A number out of range is refused before the solver is asked.
        composer.objectiveId = "win-by"
        composer.points = 0
        XCTAssertNotNil(composer.numberProblem)
        XCTAssertFalse(composer.canProve)
        composer.objectiveId = "win"
        XCTAssertNil(composer.numberProblem)

        composer.prove()
        XCTAssertTrue(composer.isProving)
        await composer.waitForProof()
        XCTAssertFalse(composer.isProving)
        XCTAssertNil(composer.failure)
        let puzzle = try XCTUnwrap(composer.composed)
        XCTAssertEqual(puzzle.solution.first, "Qxd5")
        XCTAssertEqual(composer.solutionText, "Solution: " + puzzle.solution.joined(separator: " "))
        XCTAssertEqual(composer.descriptionText, "White to play and win — move 48, score 36–38")
        let shared = try XCTUnwrap(composer.shareText)
        composer.save()
        XCTAssertEqual(composer.savedText, "Saved to My puzzles")
        XCTAssertFalse(composer.canSave)

        // In My puzzles, with the app layer's status line.
        app.path = [.puzzles]
        let list = try XCTUnwrap(app.puzzles)
        XCTAssertEqual(list.myRows.map(\.id), [puzzle.id])
        XCTAssertEqual(list.myRows.first?.line, shared)
        XCTAssertEqual(list.myRows.first?.status, "Composed · not tried yet")
        XCTAssertEqual(list.unreadable, [])

        // Shared as text and pasted into another copy of the app: the same puzzle.
        let other = try AppModel(inMemory: ManualTime(0))
        other.showPuzzles()
        let otherList = try XCTUnwrap(other.puzzles)
        XCTAssertFalse(otherList.canImport, "nothing pasted yet")
        otherList.importText = shared
        otherList.importPasted()
        XCTAssertTrue(otherList.isImporting)
        await otherList.waitForImport()
        XCTAssertTrue(otherList.importSucceeded, otherList.importMessage ?? "")
        XCTAssertEqual(otherList.importMessage, "Imported: White to play and win — move 48, score 36–38")
        XCTAssertEqual(otherList.myRows.map(\.line), [shared], "the line round-trips")
        XCTAssertEqual(otherList.myRows.first?.status, "Imported · not tried yet")
        // Solved like a built-in puzzle.
        other.openMyPuzzle(line: try XCTUnwrap(otherList.myPuzzleLine(puzzle.id)))
        XCTAssertEqual(other.path, [.puzzles, .puzzle])
        let run = try XCTUnwrap(other.puzzle)
        XCTAssertEqual(run.info.id, puzzle.id)
        run.tap("d1")
        run.tap("d5")
        await run.waitForAnswer()
        XCTAssertTrue(run.isSolved, run.feedbackText ?? "")
        other.path = [.puzzles]
        XCTAssertEqual(otherList.myRows.first?.status, "Imported · solved cleanly")
        // Pasting it again adds nothing; a line that is no puzzle is refused with the reason.
        otherList.importText = shared
        otherList.importPasted()
        await otherList.waitForImport()
        XCTAssertTrue(otherList.importMessage?.hasPrefix("Already in My puzzles") ?? false, otherList.importMessage ?? "")
        otherList.importText = "not a puzzle"
        otherList.importPasted()
        await otherList.waitForImport()
        XCTAssertFalse(otherList.importSucceeded)
        XCTAssertTrue(otherList.importMessage?.contains("not a Norochess puzzle") ?? false, otherList.importMessage ?? "")
        // Deleted.
        otherList.deleteMyPuzzle(puzzle.id)
        XCTAssertTrue(otherList.myRows.isEmpty)
        XCTAssertEqual(otherList.myPuzzlesEmptyText, "No puzzles of your own yet")
    }

    func testAMyPuzzleOnScreenComesBackAfterARelaunch() async throws {
        let folder = try temporaryFolder(self)
        let line: String
        do {
            let app = try AppModel(folder: folder, time: ManualTime(0))
            let composer = ComposerModel(game: "norochess", position: oneAnswerPosition, library: app.library)
            composer.prove()
            await composer.waitForProof()
            line = try XCTUnwrap(composer.shareText)
            composer.save()
            app.showPuzzles()
            app.openMyPuzzle(line: line)
            XCTAssertEqual(app.path, [.puzzles, .puzzle])
            app.setBackground(true)
        }
        let again = try AppModel(folder: folder, time: ManualTime(0))
        XCTAssertEqual(again.path.last, .puzzle)
        XCTAssertEqual(again.puzzle?.info.id, line.split(separator: "|").first.map(String.init))
    }

    func testAnObjectiveThePositionDoesNotMeetGivesTheSolversReason() async throws {
        let composer = ComposerModel(game: "norochess", position: oneAnswerPosition, library: try LibraryHandle.inMemory())
        composer.objectiveId = "win-by"
        composer.points = 5
        XCTAssertTrue(composer.canProve)
        composer.prove()
        await composer.waitForProof()
        XCTAssertNil(composer.composed)
        let reason = try XCTUnwrap(composer.failure)
        XCTAssertFalse(reason.isEmpty)
        XCTAssertNil(composer.shareText)
        // Changing the objective forgets the answer.
        composer.objectiveId = "win"
        XCTAssertNil(composer.failure)
    }
}
