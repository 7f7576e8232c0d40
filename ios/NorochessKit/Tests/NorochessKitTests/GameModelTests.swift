import Foundation
import XCTest
@testable import NorochessKit

@MainActor
func gameModel(_ game: NewGame, library: LibraryHandle? = nil, settings: Settings? = nil,
               time: ManualTime = ManualTime(0), feedback: RecordingFeedback? = nil) throws -> GameModel {
    GameModel(session: try GameSessionHandle(game: game, library: library), settings: settings, time: time,
              feedback: feedback, seed: 7)
}

@MainActor
extension GameModel {
    /// Plays `san` by tapping its squares, as a person would.
    func tapMove(_ san: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let move = snapshot.board.legalMoves.first(where: { $0.san == san }) else {
            return XCTFail("\(san) is not legal here: \(snapshot.board.legalMoves.map(\.san))", file: file, line: line)
        }
        tap(move.from)
        XCTAssertEqual(input.selected, move.from, file: file, line: line)
        tap(move.to)
    }
}

@MainActor
final class GameModelTests: XCTestCase {
    func testAWholeGameAgainstTheComputerToAResult() async throws {
        let feedback = RecordingFeedback()
        let model = try gameModel(vsComputer(level: 1, colour: .white), feedback: feedback)
        XCTAssertEqual(model.scoreText, "0 – 0")
        XCTAssertEqual(model.moveCounterText, "Move 1 / 48")
        XCTAssertEqual(model.bottomPanel.side, .white)
        XCTAssertEqual(model.topPanel.name, "Computer (level 1)")
        var turns = 0
        while model.snapshot.result == nil {
            turns += 1
            XCTAssertLessThan(turns, 80, "the game should end by move 60")
            if turns > 80 { break }
            // The first legal move in the core's order; a promotion takes the first choice.
            let move = try XCTUnwrap(model.snapshot.board.legalMoves.first)
            model.tap(move.from)
            model.tap(move.to)
            if let picker = model.picker { model.choosePiece(picker.choices[0].kind) }
            XCTAssertNil(model.error)
            await model.waitForComputer()
            XCTAssertFalse(model.computerTaskRunning)
        }
        let result = try XCTUnwrap(model.snapshot.result)
        XCTAssertTrue(model.isResultPresented, "the result sheet opens by itself")
        XCTAssertEqual(model.resultTitle, result.headline())
        XCTAssertNotNil(model.resultReason)
        XCTAssertEqual(feedback.events.last, .gameEnd)
        XCTAssertTrue(feedback.events.contains(.move))
        XCTAssertFalse(model.canResign)
        XCTAssertTrue(model.board.squares.allSatisfy { !$0.isTarget })
        // The sheet can be dismissed and opened again from the status line.
        model.isResultPresented = false
        model.showResult()
        XCTAssertTrue(model.isResultPresented)
        // Review from the sheet starts at the first position.
        model.reviewFromResult()
        XCTAssertFalse(model.isResultPresented)
        XCTAssertEqual(model.snapshot.reviewing, 0)
        XCTAssertTrue(model.shareText().contains("[Result "))
    }

    /// The knights' dance that brings the start position back a third time on Black's 8th ply.
    private let dance = [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8"), ("g1", "f3"), ("g8", "f6"), ("f3", "g1")]

    func testAMoveThatWouldLoseByRepetitionIsAskedAboutFirst() async throws {
        let model = try gameModel(friends(), settings: defaultSettings())
        for (from, to) in dance {
            model.tap(from)
            model.tap(to)
            XCTAssertNil(model.repetitionQuestion, "\(from)-\(to)")
        }
        model.tap("f6")
        model.tap("g8") // the start position a third time: Black would lose
        let question = try XCTUnwrap(model.repetitionQuestion)
        XCTAssertEqual([question.from, question.to], ["f6", "g8"])
        XCTAssertEqual(model.repetitionText, question.text, "the session's words")
        XCTAssertTrue(question.text.contains("third time"), question.text)
        XCTAssertEqual(model.snapshot.plyCount, 7, "nothing played while asking")
        model.tap("e7")
        XCTAssertNotEqual(model.input.selected, "e7", "the board takes no taps while asking")
        XCTAssertNotNil(model.repetitionQuestion)
        model.cancelInput()
        XCTAssertNil(model.repetitionQuestion)
        XCTAssertEqual(model.snapshot.plyCount, 7)
        model.tap("f6")
        model.tap("g8")
        model.confirmRepetition()
        XCTAssertNil(model.repetitionQuestion)
        XCTAssertEqual(model.snapshot.plyCount, 8)
        XCTAssertTrue(model.snapshot.resultText?.hasPrefix("White wins") ?? false, model.snapshot.resultText ?? "no result")
    }

    func testWithTheWarningTurnedOffTheMoveIsPlayedAtOnce() async throws {
        var settings = defaultSettings()
        settings.confirmRepetition = false
        let model = try gameModel(friends(), settings: settings)
        for (from, to) in dance + [("f6", "g8")] {
            model.tap(from)
            model.tap(to)
        }
        XCTAssertNil(model.repetitionQuestion)
        XCTAssertEqual(model.snapshot.plyCount, 8)
        XCTAssertNotNil(model.snapshot.result)
    }

    func testTurningTheWarningOffInTheOpenGameReachesTheSession() async throws {
        var settings = defaultSettings()
        let model = try gameModel(friends(), settings: settings)
        for (from, to) in dance {
            model.tap(from)
            model.tap(to)
        }
        settings.confirmRepetition = false
        model.apply(settings: settings)
        model.tap("f6")
        model.tap("g8")
        XCTAssertNil(model.repetitionQuestion, "the setting changed while the game was open")
        XCTAssertEqual(model.snapshot.plyCount, 8)
    }

    func testResigningWhileTheComputerThinksResignsThePerson() async throws {
        var settings = defaultSettings()
        settings.confirmResign = true
        let model = try gameModel(vsComputer(level: 8, colour: .white), settings: settings)
        model.tapMove("e4")
        XCTAssertTrue(model.computerTaskRunning)
        XCTAssertTrue(model.isThinking)
        model.resignTapped()
        XCTAssertTrue(model.isResignConfirmationPresented, "asks first")
        XCTAssertNil(model.snapshot.result)
        XCTAssertEqual(model.resignQuestion, "Resign this game?")
        model.resign()
        XCTAssertFalse(model.isResignConfirmationPresented)
        XCTAssertEqual(model.snapshot.result?.winner, .black, "the computer wins")
        XCTAssertFalse(model.computerTaskRunning)
        XCTAssertTrue(model.isResultPresented)
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertEqual(model.snapshot.plyCount, 1, "no computer move after the resignation")
    }

    func testATakebackWhileTheComputerThinksLeavesAGameThatGoesOn() async throws {
        let model = try gameModel(vsComputer(level: 8, colour: .white, nodes: 2_000))
        model.tapMove("e4")
        XCTAssertTrue(model.computerTaskRunning)
        XCTAssertTrue(model.canTakeBack)
        model.takeBack()
        XCTAssertEqual(model.snapshot.plyCount, 0)
        XCTAssertFalse(model.computerTaskRunning)
        XCTAssertTrue(model.snapshot.canMove)
        XCTAssertFalse(model.isThinking)
        // Not stuck: the next move gets its answer.
        model.tapMove("d4")
        XCTAssertTrue(model.computerTaskRunning)
        await model.waitForComputer()
        XCTAssertEqual(model.snapshot.plyCount, 2)
        XCTAssertEqual(model.moveItems.map(\.san).first, "d4")
        XCTAssertTrue(model.snapshot.canMove)
        // Takeback against the computer: your move and its reply.
        model.takeBack()
        XCTAssertEqual(model.snapshot.plyCount, 0)
        XCTAssertTrue(model.canRedo)
        model.redo()
        XCTAssertEqual(model.snapshot.plyCount, 2)
    }

    func testLeavingTheScreenEndsItsTasks() async throws {
        let model = try gameModel(vsComputer(level: 8, colour: .black))
        XCTAssertTrue(model.computerTaskRunning, "the computer opens as White")
        try await waitUntilThinking(model.session)
        let left = Date()
        model.leave()
        XCTAssertFalse(model.computerTaskRunning)
        // The search in Rust stops too: nothing is played after the screen went.
        var polls = 0
        while model.session.snapshot(nowMs: 0).thinking && polls < 100 {
            polls += 1
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        XCTAssertFalse(model.session.snapshot(nowMs: 0).thinking)
        XCTAssertLessThan(Date().timeIntervalSince(left), 0.3)
        try await Task.sleep(nanoseconds: 800_000_000)
        XCTAssertEqual(model.session.snapshot(nowMs: 0).plyCount, 0, "level 8 would have moved by now")
        // run() is the view's task: cancelling it ends the loop and the tasks.
        let run = Task { await model.run(tickEveryMs: 10) }
        try await Task.sleep(nanoseconds: 50_000_000)
        run.cancel()
        await run.value
        XCTAssertFalse(model.computerTaskRunning)
    }

    func testSquaresForVoiceOverAndTheirMarks() async throws {
        let model = try gameModel(friends())
        var board = model.board
        XCTAssertEqual(board.rows.count, 8)
        XCTAssertEqual(board.rows[7][6].id, "g1", "White at the bottom")
        XCTAssertEqual(board.square("g1")?.accessibilityLabel, "White knight on g1")
        XCTAssertEqual(board.square("g1")?.accessibilityHint, "Can move to f3, h3")
        XCTAssertEqual(board.square("e4")?.accessibilityLabel, "e4")
        XCTAssertNil(board.square("g8")?.accessibilityHint, "Black does not move now")
        XCTAssertEqual(board.fileLabels.first, "a")
        XCTAssertEqual(board.rankLabels.first, "8")
        model.tap("g1")
        board = model.board
        XCTAssertTrue(board.square("g1")?.isSelected ?? false)
        XCTAssertEqual(model.input.selected, "g1", "the session's selection")
        XCTAssertEqual(Set(model.input.targets), ["f3", "h3"])
        XCTAssertEqual(Set(board.squares.filter(\.isTarget).map(\.id)), ["f3", "h3"])
        XCTAssertEqual(board.square("f3")?.accessibilityLabel, "f3, legal target")
        XCTAssertEqual(board.square("f3")?.accessibilityHint, "Moves the knight here")
        // A tap elsewhere without a move deselects; a tap on the piece again too.
        model.tap("e5")
        XCTAssertNil(model.input.selected)
        model.tap("g1")
        model.tap("g1")
        XCTAssertNil(model.input.selected)
        // A drag that ends off the board or on no target keeps the piece selected.
        model.dragBegan("g1")
        model.dragEnded(nil)
        XCTAssertEqual(model.input.selected, "g1")
        model.dragEnded("g4")
        XCTAssertEqual(model.input.selected, "g1")
        XCTAssertEqual(model.snapshot.plyCount, 0)
        // Drag: from g1 to f3.
        model.dragEnded("f3")
        XCTAssertEqual(model.snapshot.board.lastMove?.san, "Nf3")
        XCTAssertTrue(model.board.square("f3")?.isLastMove ?? false)
        XCTAssertEqual(model.spoken, Spoken(id: 1, text: "White played knight f3"), "VoiceOver hears each move")
        XCTAssertEqual(model.board.squareAt(x: 0.01, y: 0.01), model.board.rows[0][0].id)
    }

    func testPiecesHaveExplicitColoursForDarkMode() async {
        let white = PieceArt.of(Piece(color: .white, role: .pawn))
        let black = PieceArt.of(Piece(color: .black, role: .pawn))
        // The app layer's palette and drawing (Android paints the same), not glyphs of a symbol font.
        let palette = piecePalette()
        XCTAssertEqual(white.fill, RGB(argb: palette.whiteFill))
        XCTAssertEqual(black.fill, RGB(argb: palette.blackFill))
        XCTAssertEqual(black.detail, RGB(argb: palette.blackDetail), "light details on a black body")
        XCTAssertNotEqual(white.fill, black.fill)
        XCTAssertEqual(white.shapes, pieceDrawing(kind: .pawn))
        XCTAssertEqual(white.shapes, black.shapes, "one drawing for both sides")
        XCTAssertNotEqual(PieceArt.of(Piece(color: .white, role: .knight)).shapes, white.shapes)
        XCTAssertEqual(white.fill.alpha, 1)
        XCTAssertEqual(BoardTheme.named("green").id, "green")
        XCTAssertEqual(BoardTheme.named("nonsense").id, "brown")
        XCTAssertEqual(BoardTheme.named("green").light, RGB(argb: boardColours(id: "green").light))
        // Highlights are laid over the square: translucent, so the square's colour shows through.
        let brown = BoardTheme.named("brown")
        XCTAssertLessThan(brown.lastMove.alpha, 1)
        XCTAssertNotEqual(brown.lastMove.over(brown.light), brown.lastMove.over(brown.dark))
    }

    func testPassAndPlayWithAClockToFlagFall() async throws {
        let time = ManualTime(0)
        let model = try gameModel(friends(.suddenDeath(baseMs: 60_000), mode: .autoFlip), time: time)
        XCTAssertEqual(model.bottomPanel.side, .white)
        XCTAssertEqual(model.bottomPanel.clockText, "1:00")
        XCTAssertFalse(model.bottomPanel.clockRunning, "the clock starts at White's first move")
        model.tapMove("e4")
        XCTAssertEqual(model.board.bottom, .black, "auto-flip turns the board to the side to move")
        XCTAssertTrue(model.bottomPanel.clockRunning)
        time.advance(55_000)
        model.tick()
        XCTAssertTrue(model.bottomPanel.lowTime, "Black is low on time")
        XCTAssertEqual(model.bottomPanel.clockText, "0:05.0", "tenths under ten seconds")
        XCTAssertTrue(model.canOfferDraw)
        time.advance(5_000)
        model.tick()
        let result = try XCTUnwrap(model.snapshot.result)
        XCTAssertEqual(result.winner, .white)
        XCTAssertEqual(result.reason, .timeForfeit)
        XCTAssertEqual(model.resultText, "White wins 0–0 — Black ran out of time")
        XCTAssertTrue(model.isResultPresented)
        XCTAssertFalse(model.canTakeBack, "a game lost on time cannot be taken back")
    }

    func testPassAndPlayDrawOffersFaceToFaceAndFlip() async throws {
        let model = try gameModel(friends(mode: .faceToFace))
        XCTAssertEqual(model.board.bottom, .white)
        XCTAssertTrue(model.board.square("e8")?.isUpsideDown ?? false, "Black's pieces face the far player")
        XCTAssertFalse(model.board.square("e1")?.isUpsideDown ?? true)
        model.tapMove("e4")
        XCTAssertEqual(model.board.bottom, .white, "face to face does not turn")
        model.flip()
        XCTAssertEqual(model.board.bottom, .black)
        XCTAssertEqual(model.board.rows[0][0].id, "h1")
        XCTAssertEqual(model.resignQuestion, "Black resigns?")
        model.offerDraw()
        XCTAssertEqual(model.drawOfferText, "Black offers a draw")
        XCTAssertFalse(model.canOfferDraw)
        model.declineDraw()
        XCTAssertNil(model.drawOfferText)
        model.offerDraw()
        model.acceptDraw()
        XCTAssertNil(model.snapshot.result?.winner)
        XCTAssertEqual(model.snapshot.result?.reason, .agreement)
        XCTAssertTrue(model.isResultPresented)
    }

    func testReviewThroughTheMoveList() async throws {
        let model = try gameModel(friends())
        for san in ["e4", "e5", "Nf3", "Nc6"] { model.tapMove(san) }
        XCTAssertEqual(model.moveItems.map(\.number), ["1.", "", "2.", ""])
        XCTAssertEqual(model.moveItems.map(\.spoken).last, "Move 2, Black: knight c6")
        XCTAssertEqual(model.currentMoveID, 4)
        model.review(ply: 2)
        XCTAssertTrue(model.isReviewing)
        XCTAssertEqual(model.snapshot.board.plyCount, 2)
        XCTAssertEqual(model.currentMoveID, 2)
        XCTAssertTrue(model.board.squares.allSatisfy { $0.accessibilityHint == nil }, "no moves in review")
        model.tap("g1")
        XCTAssertNil(model.input.selected, "the board takes no input in review")
        model.reviewBack()
        XCTAssertEqual(model.snapshot.reviewing, 1)
        model.reviewForward()
        XCTAssertEqual(model.snapshot.reviewing, 2)
        model.reviewLive()
        XCTAssertFalse(model.isReviewing)
        model.review(ply: 4)
        XCTAssertFalse(model.isReviewing, "the last move is the live game")
        XCTAssertEqual(model.statusText, "White to move (Ann)")
    }

    func testHintShowsTheMoveAndTheExpectedResult() async throws {
        let model = try gameModel(vsComputer(level: 4, colour: .white))
        XCTAssertTrue(model.canHint)
        model.askHint()
        XCTAssertTrue(model.hintSearching)
        XCTAssertFalse(model.canHint)
        await model.waitForHint()
        XCTAssertFalse(model.hintSearching)
        let hint = try XCTUnwrap(model.hintText)
        XCTAssertTrue(hint.contains("expected") || hint.contains("wins"), hint)
        // A move clears it.
        model.tapMove("e4")
        XCTAssertNil(model.hintText)
        await model.waitForComputer()
    }

    func testRematchSwapsColoursAndKeepsTheScreen() async throws {
        let model = try gameModel(vsComputer(level: 1, colour: .white))
        model.tapMove("e4")
        await model.waitForComputer()
        model.resign()
        XCTAssertNotNil(model.snapshot.result)
        model.rematch()
        XCTAssertNil(model.snapshot.result)
        XCTAssertFalse(model.isResultPresented)
        XCTAssertEqual(model.board.bottom, .black, "the person plays Black now")
        await model.waitForComputer()
        XCTAssertEqual(model.snapshot.plyCount, 1, "the computer opened as White")
        XCTAssertTrue(model.snapshot.canMove)
        model.goHome()
        XCTAssertTrue(model.wantsHome)
        XCTAssertFalse(model.computerTaskRunning)
    }

    func testSoundsAndHapticsFollowTheSettings() async throws {
        var settings = defaultSettings()
        settings.sounds = false
        settings.haptics = false
        let quiet = RecordingFeedback()
        let model = try gameModel(friends(), settings: settings, feedback: quiet)
        model.tapMove("e4")
        XCTAssertTrue(quiet.events.isEmpty)
        settings.haptics = true
        model.apply(settings: settings)
        model.tapMove("d5")
        model.tapMove("exd5")
        XCTAssertEqual(quiet.events, [.move, .capture])
    }

    func testScoreBarMovesLeftAndOvertime() async throws {
        // Move 46 with White to move: three regular moves left are marked.
        let late = try gameModel(friends(position: "4k3/8/8/8/8/8/8/4K2R w - - 0 46 score=10-12"))
        XCTAssertEqual(late.scoreText, "10 – 12")
        XCTAssertEqual(late.moveCounterText, "Move 46 / 48")
        XCTAssertEqual(late.movesLeftText, "3 moves left")
        XCTAssertTrue(late.isFinalMoves)
        XCTAssertFalse(late.isOvertime)
        let overtime = try gameModel(friends(position: "4k3/8/8/8/8/8/8/4K2R w - - 0 52 score=12-12"))
        XCTAssertEqual(overtime.moveCounterText, "Overtime 52 / 60")
        XCTAssertTrue(overtime.isOvertime)
        XCTAssertNil(overtime.movesLeftText)
    }

    func testRamResurrectionThroughThePicker() async throws {
        let model = try gameModel(friends(game: "ram"))
        XCTAssertEqual(model.board.width, 10)
        XCTAssertNil(model.scoreText)
        for san in "c3 i7 d4 h8 f4 e7 a4 j7 Qh4 Qe9 f5 i5 e4 Qe8 f7 d8 g4 g7 c4 c8 d5 ixh4 g6 gxg6 fxe8 d6".split(separator: " ") {
            model.tapMove(String(san))
        }
        XCTAssertEqual(model.snapshot.board.lastMove?.san, "d6")
        // e8-e10 brings back White's only lost piece, the queen: nothing to pick.
        model.tap("e8")
        model.tap("e10")
        XCTAssertNil(model.picker, "one choice: nothing to pick")
        XCTAssertEqual(model.snapshot.board.lastMove?.san, "e10=Q+")
        XCTAssertEqual(model.board.square("f10")?.isCheck, true)
    }

    func testRamPickerOffersOnlyLostPieces() async throws {
        // White has only its king and a pawn left: the pawn may bring back any lost piece but a king.
        let position = "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 20"
        let model = try gameModel(friends(game: "ram", position: position))
        model.tap("a9")
        model.tap("a10")
        let picker = try XCTUnwrap(model.picker, "\(model.error ?? "") \(model.snapshot.board.legalMoves.map(\.san))")
        XCTAssertTrue(picker.isResurrection)
        XCTAssertEqual(picker.title, "Bring back a piece")
        XCTAssertFalse(picker.choices.contains { $0.kind == .king })
        XCTAssertEqual(picker.choices.map(\.kind), [.queen, .rook, .bishop, .knight], "lost pieces, strongest first")
        XCTAssertEqual(picker.choices.map(\.label), ["Queen", "Rook", "Bishop", "Knight"], "Ram chess has no capture points")
        XCTAssertEqual([picker.from, picker.to], ["a9", "a10"])
        XCTAssertEqual(picker.side, .white)
        model.tap("e1")
        XCTAssertNotNil(model.picker, "the board takes no taps while the picker is open")
        model.cancelInput()
        XCTAssertNil(model.picker)
        XCTAssertNil(model.input.selected)
        XCTAssertEqual(model.snapshot.plyCount, 0)
    }

    func testFrontalDethronementIsAnnouncedNotPicked() async throws {
        let model = try gameModel(friends(game: "frontal"))
        for san in ["a3", "e8", "a5", "a8", "a7"] { model.tapMove(san) }
        model.tap("a8")
        model.tap("a7")
        XCTAssertEqual(model.snapshot.board.lastMove?.san, "a~a7")
        XCTAssertEqual(model.noteText, "Swap: the pawns change places")
        model.tap("a8")
        model.tap("a10")
        XCTAssertNil(model.picker, "a dethronement is announced, not picked")
        XCTAssertEqual(model.snapshot.board.lastMove?.kind, .dethrone)
        XCTAssertEqual(model.noteText, "Dethronement: the pawn and the queen leave the board")
        XCTAssertEqual(model.spoken?.text, "White played pawn a10, dethrones the queen. Dethronement: the pawn and the queen leave the board")
        XCTAssertEqual(model.topPanel.captured.count + model.bottomPanel.captured.count, 1)
    }

    func testAPromotionPickerInNorochessOffersFourPieces() async throws {
        let model = try gameModel(friends(position: "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=5-5"))
        model.tap("a7")
        model.tap("a8")
        let picker = try XCTUnwrap(model.picker)
        XCTAssertEqual(picker.choices.map(\.kind), [.queen, .rook, .bishop, .knight])
        XCTAssertEqual(picker.choices.map(\.label), ["Queen (9)", "Rook (5)", "Bishop (3)", "Knight (3)"])
        XCTAssertEqual(picker.choices.map(\.id), picker.choices.map(\.kind), "the views' ForEach identity")
        XCTAssertFalse(picker.isResurrection)
        XCTAssertEqual(picker.title, "Choose a piece")
        model.choosePiece(.knight)
        XCTAssertNil(model.picker)
        XCTAssertEqual(model.snapshot.board.lastMove?.promotion, .knight)
    }

    func testAChessPromotionPickerHasNoPoints() async throws {
        let model = try gameModel(friends(game: "chess", position: "4k3/P7/8/8/8/8/8/4K3 w - - 0 30"))
        model.tap("a7")
        model.tap("a8")
        let picker = try XCTUnwrap(model.picker, model.error ?? "")
        XCTAssertEqual(picker.choices.map(\.label), ["Queen", "Rook", "Bishop", "Knight"])
        model.choosePiece(.queen)
        XCTAssertEqual(model.snapshot.board.lastMove?.promotion, .queen)
        XCTAssertEqual(model.spoken?.text.hasPrefix("White played pawn a8, becomes a queen"), true, model.spoken?.text ?? "")
    }
}
