import Foundation
import XCTest
@testable import NorochessKit

@MainActor
final class AppModelTests: XCTestCase {
    func testTheNewGameFormOffersEveryGameAndOption() async throws {
        let form = NewGameModel(opponent: .computer, settings: defaultSettings())
        XCTAssertEqual(form.games.map(\.id), ["norochess", "norochess960", "ram", "frontal", "improved", "crab", "chess"])
        XCTAssertEqual(form.level, Int(defaultSettings().defaultLevel))
        XCTAssertTrue(form.showsLevelAndColour)
        XCTAssertFalse(form.showsBoardModeAndNames)
        XCTAssertFalse(form.showsStartNumber)
        XCTAssertFalse(form.presets.isEmpty)
        XCTAssertTrue(form.presets.contains { if case .norochess = $0.control { return true } else { return false } },
                      "a scaled Norochess tournament control is on offer")
        form.game = "norochess960"
        XCTAssertTrue(form.showsStartNumber)
        XCTAssertEqual(form.startNumberRange, 0...959)
        XCTAssertEqual(form.startNumber, 518, "the standard start until one is picked")
        form.randomStart = false
        form.startNumber = 960
        XCTAssertFalse(form.isValid)
        form.startNumber = 7
        XCTAssertTrue(form.isValid)
        form.colour = .black
        form.level = 6
        form.clockIndex = 0
        var game = form.newGame(seed: 3)
        XCTAssertEqual(game.setup, GameSetup(game: "norochess960", startNumber: 7))
        XCTAssertEqual(game.opponent, .computer(level: 6, colour: .black))
        XCTAssertEqual(game.clock, form.presets[0].control)
        form.randomStart = true
        game = form.newGame(seed: 1_000)
        XCTAssertNil(game.setup.startNumber, "the session draws the random start from the seed")
        let drawn = try GameSessionHandle(game: game, library: nil).snapshot(nowMs: 0).board.setup.startNumber
        XCTAssertNotNil(drawn)
        XCTAssertEqual(try GameSessionHandle(game: game, library: nil).snapshot(nowMs: 0).board.setup.startNumber, drawn,
                       "the same seed, the same start")
        form.game = "improved"
        XCTAssertFalse(form.showsStartNumber)
        XCTAssertNil(form.startNumberRange)
        XCTAssertEqual(form.optionPickers.map(\.id), ["zone", "blockage"])
        XCTAssertEqual(form.optionPickers.map(\.choices.count), [3, 2])
        XCTAssertFalse(form.optionPickers[0].choices.contains { $0.name.isEmpty }, "each zone has its name from the core")
        XCTAssertEqual(form.value(of: "zone"), "far-half", "the core's default")
        form.choose("seventh", for: "zone")
        XCTAssertEqual(form.optionValues, ["zone": "seventh"])
        game = form.newGame(seed: 1)
        XCTAssertEqual(game.setup, GameSetup(game: "improved", options: [OptionSetting(option: "zone", value: "seventh"),
                                                                         OptionSetting(option: "blockage", value: "enemy")]))
        XCTAssertNil(game.setup.startNumber)
        XCTAssertNoThrow(try GameSessionHandle(game: game, library: nil))
        // A value that is not one of the option's choices counts as the default.
        form.optionValues["blockage"] = "nobody"
        XCTAssertEqual(form.value(of: "blockage"), "enemy")
        // Another game: Improved chess's choices are not sent with it.
        form.game = "chess"
        XCTAssertTrue(form.optionPickers.isEmpty)
        XCTAssertEqual(form.newGame(seed: 1).setup, GameSetup(game: "chess"))

        let friend = NewGameModel(opponent: .friend, settings: nil)
        XCTAssertTrue(friend.showsBoardModeAndNames)
        friend.whiteName = "  Ann "
        let pass = friend.newGame(seed: 1)
        XCTAssertEqual(pass.opponent, .friend(whiteName: "Ann", blackName: "Black"))
        XCTAssertEqual(pass.boardMode, .autoFlip)
        XCTAssertEqual(friend.boardModeText(.faceToFace), "Face to face")
    }

    func testPlayAndRestoreAfterRelaunch() async throws {
        let folder = try temporaryFolder(self)
        let time = ManualTime(0)
        do {
            let app = try AppModel(folder: folder, time: time)
            XCTAssertNil(app.continueGame)
            app.showNewGame(.computer)
            XCTAssertEqual(app.path, [.newComputerGame])
            let form = try XCTUnwrap(app.newGame)
            form.level = 1
            app.start(form, seed: 5)
            XCTAssertEqual(app.path, [.game])
            let game = try XCTUnwrap(app.game)
            game.tapMove("e4")
            await game.waitForComputer()
            XCTAssertEqual(game.snapshot.plyCount, 2)
            // The app is killed with the game on screen.
        }
        let app = try AppModel(folder: folder, time: time)
        XCTAssertEqual(app.path, [.game], "the game screen comes back")
        let game = try XCTUnwrap(app.game)
        XCTAssertEqual(game.snapshot.plyCount, 2)
        XCTAssertEqual(game.snapshot.moves.first?.san, "e4")
        XCTAssertTrue(game.snapshot.canMove)
        // Home: Continue offers it; leaving the screen keeps it.
        app.path = []
        XCTAssertNil(app.game)
        XCTAssertNotNil(app.continueText)
        app.continueCurrent()
        XCTAssertEqual(app.game?.snapshot.plyCount, 2)
    }

    func testSettingsAreSavedAppliedAndKept() async throws {
        let folder = try temporaryFolder(self)
        do {
            let app = try AppModel(folder: folder, time: ManualTime(0))
            app.showNewGame(.friend)
            app.start(try XCTUnwrap(app.newGame))
            app.showSettings()
            XCTAssertEqual(app.path, [.game, .settings])
            let settings = try XCTUnwrap(app.settingsModel)
            XCTAssertEqual(settings.settings.boardTheme, "brown")
            settings.setTheme("blue")
            settings.setSounds(false)
            settings.setDefaultLevel(7)
            settings.setDefaultClock(0)
            settings.setLegalDots(false)
            settings.setConfirmRepetition(false)
            XCTAssertNil(settings.error)
            XCTAssertEqual(app.game?.settings?.confirmRepetition, false, "the open game stops asking")
            XCTAssertEqual(settings.defaultClockIndex, 0)
            XCTAssertEqual(app.settings.boardTheme, "blue")
            XCTAssertEqual(app.game?.board.theme.id, "blue", "the open game redraws with it")
            XCTAssertEqual(app.game?.board.showDots, false)
            app.path = [.game]
        }
        let app = try AppModel(folder: folder, time: ManualTime(0))
        XCTAssertEqual(app.settings.boardTheme, "blue")
        XCTAssertFalse(app.settings.sounds)
        XCTAssertFalse(app.settings.confirmRepetition)
        XCTAssertEqual(app.settings.defaultLevel, 7)
        app.showNewGame(.computer)
        XCTAssertEqual(app.newGame?.level, 7, "new games start from the settings")
        XCTAssertEqual(app.newGame?.clockIndex, 0)
    }

    func testGamesListStatsAndReplay() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        let session = try GameSessionHandle(game: vsComputer(level: 2, colour: .white), library: app.library)
        _ = try session.playText(text: "e4", nowMs: 0)
        _ = try session.resign(by: nil, nowMs: 0)
        let unfinished = try GameSessionHandle(game: friends(), library: app.library)
        _ = try unfinished.playText(text: "d4", nowMs: 0)

        app.showGames()
        let list = try XCTUnwrap(app.games)
        XCTAssertEqual(list.rows.count, 2)
        let lost = try XCTUnwrap(list.rows.first { $0.isFinished })
        // The row's two lines are the app layer's (GameSummary.title, .resultLine).
        XCTAssertEqual(lost.title, "Norochess · vs the computer (level 2), you played white")
        XCTAssertEqual(lost.result, "Black wins 0–0 · resignation")
        XCTAssertEqual(lost.accessibilityLabel, "\(lost.title), \(lost.result), \(lost.date)")
        let open = try XCTUnwrap(list.rows.first { !$0.isFinished })
        XCTAssertEqual(open.title, "Norochess · Ann vs Bob")
        XCTAssertTrue(open.result.hasPrefix("Unfinished, move 1"), open.result)
        list.filter = .finished
        XCTAssertEqual(list.rows.map(\.id), [lost.id])
        XCTAssertTrue(list.shareText(lost.id)?.contains("1. e4") ?? false)

        // A finished game opens at its first position for replay.
        app.openSaved(lost.id)
        let replay = try XCTUnwrap(app.game)
        XCTAssertEqual(replay.snapshot.reviewing, 0)
        XCTAssertFalse(replay.isResultPresented, "a replay does not open on the result sheet")
        XCTAssertEqual(replay.resultTitle, "Black wins 0–0")
        replay.reviewForward()
        XCTAssertEqual(replay.snapshot.board.lastMove?.san, "e4")
        app.path = []

        app.showStats()
        let stats = try XCTUnwrap(app.stats)
        XCTAssertEqual(stats.totalText, "Against the computer: 1 games, W 0 · D 0 · L 1")
        let row = try XCTUnwrap(stats.rows.first { $0.title == "Norochess · level 2" })
        XCTAssertEqual(row.record, "W 0 · D 0 · L 1")
        XCTAssertEqual(row.differential, "0")
        XCTAssertTrue(stats.puzzleText.hasPrefix("Puzzles: 0 solved"))

        list.filter = .all
        list.delete(open.id)
        XCTAssertEqual(list.rows.count, 1)
    }

    func testADamagedLibraryIsMovedAsideAndSaidOnHome() async throws {
        let folder = try temporaryFolder(self)
        try Data("this is not a database".utf8).write(to: folder.appendingPathComponent("norochess.db"))
        let app = try AppModel(folder: folder, time: ManualTime(0))
        XCTAssertEqual(app.notices.count, 1)
        XCTAssertFalse(app.notices[0].message.isEmpty)
        XCTAssertNil(app.continueGame)
        XCTAssertEqual(app.currentNotice, app.notices[0])
        let shown = try XCTUnwrap(app.currentNotice)
        app.dismissNotice(shown)
        XCTAssertNil(app.currentNotice)
        app.dismissNotice(shown)
        XCTAssertTrue(app.notices.isEmpty)
        let moved = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("damaged") }
        XCTAssertEqual(moved.count, 1, "kept, not deleted")
    }

    func testTheBackgroundPausesTheClockAndTheLibraryFolder() async throws {
        let time = ManualTime(0)
        let model = try gameModel(friends(.suddenDeath(baseMs: 60_000)), time: time)
        model.tapMove("e4")
        time.advance(5_000)
        model.setBackground(true)
        time.advance(100_000)
        model.tick()
        XCTAssertNil(model.snapshot.result, "no flag fall while in the background")
        model.setBackground(false)
        time.advance(1_000)
        model.tick()
        XCTAssertEqual(model.bottomPanel.side, .black, "auto-flip: the side to move at the bottom")
        XCTAssertEqual(model.bottomPanel.clockText, "0:54", "Black's clock ran 5 s + 1 s only")
        let folder = try defaultLibraryFolder()
        XCTAssertEqual(folder.lastPathComponent, "Norochess")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path))
        let clock = SystemTime()
        let first = clock.nowMs()
        try await Task.sleep(nanoseconds: 20_000_000)
        XCTAssertGreaterThanOrEqual(clock.nowMs() - first, 15)
    }

    func testRulesHaveThePageOfEveryGameOfTheMenu() async {
        let rules = RulesModel(selected: "ram")
        // Every game of the core's menu, Crab chess included, in its order.
        XCTAssertEqual(rules.pages.map(\.id), variants().map(\.id))
        XCTAssertTrue(rules.pages.contains { $0.id == "crab" })
        XCTAssertEqual(rules.page?.id, "ram")
        XCTAssertEqual(rules.orderedPages.first?.id, "ram")
        XCTAssertEqual(rules.orderedPages.count, rules.pages.count)
        // The core's words: the ram section of Ram chess's page.
        let ram = rules.page?.sections.first { $0.heading == "The ram" }
        XCTAssertNotNil(ram)
        XCTAssertFalse(rules.page?.summary.isEmpty ?? true)
        let norochess = rules.pages.first { $0.id == "norochess" }
        let points = norochess?.sections.first { $0.heading == "Capture points" }?.blocks.first {
            if case .table = $0 { return true } else { return false }
        }
        guard case .table(let header, let rows)? = points else { return XCTFail("no points table") }
        XCTAssertEqual(header, ["Piece taken", "Points"])
        XCTAssertEqual(rows.first, ["Queen", "9"])
    }

    func testLocalisationFillsArguments() async {
        XCTAssertEqual(fill("%@ on %@", ["White knight", "g1"]), "White knight on g1")
        XCTAssertEqual(fill("%2$@ before %1$@", ["a", "b"]), "b before a")
        XCTAssertEqual(fill("100%% sure", []), "100% sure")
        XCTAssertEqual(tr("%@ offers a draw", "White"), "White offers a draw")
    }
}

@MainActor
final class PuzzleModelTests: XCTestCase {
    func testAPuzzleWithAWrongMoveAHintAndTheSolve() async throws {
        let library = try LibraryHandle.inMemory()
        let feedback = RecordingFeedback()
        let model = try PuzzleModel(run: try PuzzleRun.fromLine(line: puzzleLine, library: library), library: library,
                                settings: nil, feedback: feedback)
        XCTAssertEqual(model.objectiveText, "White to play and win — move 48, score 13–13")
        XCTAssertNil(model.opponentMoveText)
        XCTAssertEqual(model.layout.bottom, .white)
        XCTAssertEqual(model.scoreText, "13 – 13")
        // A wrong move: refuted on the board, then retried.
        model.tap("h2")
        model.tap("h3")
        XCTAssertTrue(model.isBusy, "the solver answers off the main actor")
        XCTAssertTrue(model.layout.squares.allSatisfy { !$0.isTarget }, "no input while it answers")
        await model.waitForAnswer()
        XCTAssertEqual(model.phase, .wrong)
        XCTAssertFalse(model.isCorrectFeedback)
        XCTAssertTrue(model.feedbackText?.hasPrefix("Wrong: h3.") ?? false, model.feedbackText ?? "")
        XCTAssertEqual(model.spoken?.text, model.feedbackText, "VoiceOver hears the answer")
        XCTAssertTrue(model.canRetry)
        XCTAssertFalse(model.canHint)
        model.retry()
        await model.waitForAnswer()
        XCTAssertEqual(model.phase, .solving)
        XCTAssertEqual(model.board.plyCount, 0)
        // Hint: the piece, then the move.
        model.hint()
        await model.waitForAnswer()
        XCTAssertEqual(model.hintedSquare, "c2")
        XCTAssertEqual(model.hintText, "Move your queen on c2.")
        XCTAssertTrue(model.layout.square("c2")?.isHinted ?? false)
        model.hint()
        await model.waitForAnswer()
        XCTAssertEqual(model.hintText, "Play Qxf5.")
        // The solve.
        model.tap("c2")
        model.tap("f5")
        await model.waitForAnswer()
        XCTAssertEqual(model.phase, .solving)
        XCTAssertTrue(model.feedbackText?.hasPrefix("Correct: Qxf5. Black answers Bxh2.") ?? false, model.feedbackText ?? "")
        model.playText("Qxg4")
        await model.waitForAnswer()
        XCTAssertTrue(model.isSolved)
        XCTAssertTrue(model.feedbackText?.hasSuffix("Solved!") ?? false)
        XCTAssertEqual(feedback.events, [.wrong, .correct, .correct])
        XCTAssertEqual(try library.puzzleStatus(puzzleId: "t7"), .solved, "solved, not cleanly")
        XCTAssertEqual(try library.puzzleStats().solved, 1)
    }

    func testAPuzzleSaysWhatTheOpponentJustPlayed() async throws {
        let library = try LibraryHandle.inMemory()
        let model = try PuzzleModel(run: try PuzzleRun.fromLine(line: opponentMoveLine, library: library), library: library,
                                settings: nil)
        XCTAssertEqual(model.opponentMoveText, "Black played Qd5")
        XCTAssertEqual(model.objectiveText, "White to play and gain 9 points in one move — move 30, score 10–10")
        XCTAssertEqual(model.board.lastMove?.uci, "d8d5", "the board marks the opponent's move")
        XCTAssertEqual(model.layout.bottom, .white)
        model.playText("h3")
        await model.waitForAnswer()
        XCTAssertEqual(model.phase, .wrong)
        model.retry()
        await model.waitForAnswer()
        XCTAssertEqual(model.board.lastMove?.uci, "d8d5", "retry keeps the opponent's move")
        model.tap("d1")
        model.tap("d5")
        await model.waitForAnswer()
        XCTAssertTrue(model.isSolved)
        XCTAssertEqual(model.scoreText, "19 – 10")
    }

    /// A puzzle whose move is an under-promotion: 30. bxa8=N takes the rook's 5 points.
    private let underPromotionLine =
        "u1|norochess|r3k3/1P6/8/8/8/8/8/4K3 w - - 0 30 score=10-10|-|gain 5 in 1|b7a8n|1000|"

    func testAnUnderPromotionInAPuzzleGoesThroughTheRunsPicker() async throws {
        let library = try LibraryHandle.inMemory()
        let model = try PuzzleModel(run: try PuzzleRun.fromLine(line: underPromotionLine, library: library), library: library,
                                settings: nil)
        model.tap("b7")
        XCTAssertEqual(model.input.selected, "b7", "the run's selection")
        XCTAssertEqual(Set(model.input.targets), ["a8", "b8"])
        XCTAssertTrue(model.layout.square("a8")?.isTarget ?? false)
        model.tap("a8")
        let picker = try XCTUnwrap(model.picker, model.error ?? "no picker")
        XCTAssertEqual(picker.title, "Choose a piece")
        XCTAssertEqual(picker.choices.map(\.label), ["Queen (9)", "Rook (5)", "Bishop (3)", "Knight (3)"])
        XCTAssertFalse(model.isBusy, "nothing is played while the piece is chosen")
        model.cancelInput()
        XCTAssertNil(model.picker)
        XCTAssertNil(model.input.selected)
        XCTAssertEqual(model.board.plyCount, 0)
        model.dragBegan("b7")
        model.dragEnded("a8")
        XCTAssertNotNil(model.picker, "a drag opens the picker too")
        model.choosePiece(.knight)
        XCTAssertNil(model.picker)
        XCTAssertTrue(model.isBusy, "the chosen move is judged off the main actor")
        model.tap("e1")
        XCTAssertNil(model.input.selected, "a touch while the move is judged is ignored")
        await model.waitForAnswer()
        XCTAssertTrue(model.isSolved, model.feedbackText ?? model.error ?? "")
        XCTAssertEqual(model.board.lastMove?.promotion, .knight)
        XCTAssertTrue(model.feedbackText?.hasPrefix("Correct: bxa8=N") ?? false, model.feedbackText ?? "")
    }

    func testShowSolutionStepByStepAndNextPuzzle() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        app.showPuzzles()
        let list = try XCTUnwrap(app.puzzles)
        XCTAssertFalse(list.rows.isEmpty)
        XCTAssertTrue(list.tierProgress(.easy).hasPrefix("Easy: 0 of "), list.tierProgress(.easy))
        let daily = try XCTUnwrap(list.dailyPuzzleId(on: Date(timeIntervalSince1970: 86_400 * 20_000)))
        XCTAssertEqual(daily, list.dailyPuzzleId(on: Date(timeIntervalSince1970: 86_400 * 20_000 + 3_600)))
        let first = list.rows[0]
        XCTAssertEqual(first.symbol, "circle")
        app.openPuzzle(first.id)
        XCTAssertEqual(app.path, [.puzzles, .puzzle])
        let puzzle = try XCTUnwrap(app.puzzle)
        XCTAssertEqual(puzzle.layout.bottom, puzzle.info.player, "oriented for the side to move")
        if let opponent = puzzle.info.opponentMove {
            XCTAssertTrue(puzzle.opponentMoveText?.hasSuffix(" played \(opponent.san)") ?? false, puzzle.opponentMoveText ?? "")
            XCTAssertEqual(puzzle.board.lastMove, opponent)
        } else {
            XCTAssertNil(puzzle.opponentMoveText)
        }
        while !puzzle.isSolved {
            puzzle.showNext()
            await puzzle.waitForAnswer()
            XCTAssertNil(puzzle.error)
            XCTAssertTrue(puzzle.feedbackText?.hasPrefix("Solution: ") ?? false)
        }
        XCTAssertFalse(puzzle.canShowSolution)
        XCTAssertEqual(try app.library.puzzleStatus(puzzleId: first.id), .shown)
        puzzle.next()
        XCTAssertNotEqual(puzzle.info.id, first.id)
        XCTAssertEqual(puzzle.phase, .solving)
        XCTAssertEqual(puzzle.info.difficulty, .easy)
        app.path = [.puzzles]
        XCTAssertNil(app.puzzle)
        XCTAssertEqual(list.rows.first { $0.id == first.id }?.symbol, "eye")
        XCTAssertTrue(list.progressText.hasPrefix("Solved 0 of"), list.progressText)
    }
}
