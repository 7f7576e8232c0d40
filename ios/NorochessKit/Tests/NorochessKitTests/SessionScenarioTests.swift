import Foundation
import XCTest
@testable import NorochessKit

// The app layer's scenarios through the bindings, in Swift (issue 11): the
// same ones the Rust and Kotlin tests run.

func vsComputer(level: UInt8, colour: ColourChoice, seed: UInt64 = 1, nodes: UInt64? = nil,
                game: String = "norochess") -> NewGame {
    NewGame(setup: setup(game), positionText: nil, opponent: .computer(level: level, colour: colour),
            clock: nil, boardMode: nil, seed: seed, playerName: "Ann", level8Nodes: nodes)
}

func friends(_ clock: TimeControl? = nil, game: String = "norochess", position: String? = nil,
             mode: BoardMode? = nil) -> NewGame {
    NewGame(setup: setup(game), positionText: position, opponent: .friend(whiteName: "Ann", blackName: "Bob"),
            clock: clock, boardMode: mode, seed: 1, playerName: nil, level8Nodes: nil)
}

/// A folder of its own for a library, removed at the end of the test.
func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("norochess-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Waits (up to 10 s, for a loaded machine) until the session's search has
/// begun, then 50 ms more: the session shows "thinking" from the request on,
/// a moment before the search thread is registered for `cancelSearches()`
/// (a cancel inside that moment is not seen; see the README).
func waitUntilThinking(_ session: GameSessionHandle, file: StaticString = #filePath, line: UInt = #line) async throws {
    var waited = 0
    while !session.snapshot(nowMs: 0).thinking {
        waited += 1
        if waited > 2_000 { return XCTFail("the search did not begin", file: file, line: line) }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
    try await Task.sleep(nanoseconds: 50_000_000)
}

final class SessionScenarioTests: XCTestCase {
    func testTheComputerAnswersAndATakebackWhileItThinksMakesItStale() async throws {
        // Level 8 thinks by time (about 0.7 s): long enough to take back meanwhile.
        let session = try GameSessionHandle(game: vsComputer(level: 8, colour: .white), library: nil)
        _ = try session.playText(text: "e4", nowMs: 0)
        XCTAssertTrue(session.snapshot(nowMs: 0).computerToMove)
        let search = Task { try await session.computerMove(nowMs: 0) }
        try await waitUntilThinking(session)
        let started = Date()
        XCTAssertEqual(try session.takeback(nowMs: 100), 1)
        let answer = try await search.value
        XCTAssertEqual(answer, .stale, "the answer to the position taken back is dropped")
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "the takeback stopped the search")
        let s = session.snapshot(nowMs: 200)
        XCTAssertEqual(s.plyCount, 0)
        XCTAssertFalse(s.thinking)
        XCTAssertTrue(s.canMove)
        // The game goes on: the person moves again and the computer answers.
        _ = try session.playText(text: "d4", nowMs: 300)
        let fast = try GameSessionHandle(game: vsComputer(level: 2, colour: .white), library: nil)
        _ = try fast.playText(text: "d4", nowMs: 0)
        guard case let .played(played, text) = try await fast.computerMove(nowMs: 0) else {
            return XCTFail("the computer should have moved")
        }
        XCTAssertTrue(text.hasPrefix("1") && text.hasSuffix(played.san), text)
        XCTAssertEqual(fast.snapshot(nowMs: 0).board.lastMove?.uci, played.uci)
    }

    func testResigningWhileTheComputerThinksResignsThePerson() async throws {
        let session = try GameSessionHandle(game: vsComputer(level: 8, colour: .white), library: nil)
        _ = try session.playText(text: "e4", nowMs: 0)
        let search = Task { try await session.computerMove(nowMs: 0) }
        try await waitUntilThinking(session)
        let outcome = try session.resign(by: nil, nowMs: 100)
        XCTAssertEqual(outcome.winner, .black, "the person (White) resigned, not the computer")
        XCTAssertEqual(outcome.reason, .resignation)
        let answer = try await search.value
        XCTAssertEqual(answer, .stale)
        let s = session.snapshot(nowMs: 200)
        XCTAssertEqual(s.plyCount, 1, "no move after the resignation")
        XCTAssertEqual(s.result?.winner, .black)
        XCTAssertTrue(s.resultText?.contains("White resigned") ?? false, s.resultText ?? "")
    }

    func testTheClockGivesBackTheTimeOfMovesTakenBack() throws {
        let fivePlusThree = TimeControl.fischer(baseMs: 300_000, incrementMs: 3_000)
        let session = try GameSessionHandle(game: friends(fivePlusThree), library: nil)
        _ = try session.playText(text: "e4", nowMs: 0)
        _ = try session.playText(text: "e5", nowMs: 20_000)
        _ = try session.playText(text: "Nf3", nowMs: 50_000)
        var clock = try XCTUnwrap(session.snapshot(nowMs: 50_000).clock)
        XCTAssertEqual([clock.whiteMs, clock.blackMs], [276_000, 283_000])
        XCTAssertEqual(try session.takeback(nowMs: 60_000), 1)
        clock = try XCTUnwrap(session.snapshot(nowMs: 60_000).clock)
        XCTAssertEqual([clock.whiteMs, clock.blackMs], [303_000, 283_000])
        XCTAssertEqual(clock.running, .white)
        XCTAssertEqual(session.snapshot(nowMs: 65_000).clock?.whiteMs, 298_000)
        _ = try session.takeback(nowMs: 65_000)
        _ = try session.takeback(nowMs: 65_000)
        clock = try XCTUnwrap(session.snapshot(nowMs: 90_000).clock)
        XCTAssertEqual([clock.whiteMs, clock.blackMs], [300_000, 300_000])
        XCTAssertNil(clock.running)
    }

    func testFlagFallReviewDuringAClockGameAndRematch() throws {
        let session = try GameSessionHandle(game: friends(.fischer(baseMs: 60_000, incrementMs: 0)), library: nil)
        XCTAssertEqual(session.snapshot(nowMs: 0).statusText, "White to move (Ann)")
        _ = try session.playText(text: "e4", nowMs: 1_000)
        _ = try session.playText(text: "e5", nowMs: 6_000)
        XCTAssertEqual(session.snapshot(nowMs: 6_000).clock?.blackText, "0:55")
        // Review pauses the clock.
        try session.review(ply: 1, nowMs: 7_000)
        var s = session.snapshot(nowMs: 50_000)
        XCTAssertEqual(s.reviewing, 1)
        XCTAssertEqual(s.board.plyCount, 1)
        XCTAssertTrue(s.clock?.paused ?? false)
        XCTAssertFalse(s.canMove)
        XCTAssertEqual(s.statusText, "Reviewing move 1 of 2")
        try session.review(ply: nil, nowMs: 50_000)
        XCTAssertEqual(session.snapshot(nowMs: 50_000).clock?.whiteMs, 59_000)
        XCTAssertEqual(session.snapshot(nowMs: 50_000).clock?.running, .white)
        XCTAssertNil(session.tick(nowMs: 100_000))
        let outcome = try XCTUnwrap(session.tick(nowMs: 200_000))
        XCTAssertEqual(outcome.reason, .timeForfeit)
        XCTAssertEqual(outcome.winner, .black)
        s = session.snapshot(nowMs: 200_000)
        XCTAssertEqual(s.resultText, "Black wins 0–0 — White ran out of time")
        XCTAssertThrowsError(try session.takeback(nowMs: 200_000)) { error in
            guard case .Refused(.lostOnTime, _) = error as? NorochessError else { return XCTFail("\(error)") }
        }
        let rematch = try session.rematch(seed: 2)
        s = rematch.snapshot(nowMs: 0)
        XCTAssertEqual([s.white.name, s.black.name], ["Bob", "Ann"])
        XCTAssertNil(s.result)
        XCTAssertEqual(s.clock?.whiteMs, 60_000)
    }

    func testLibrarySavesEveryMoveAndAKilledAppContinues() async throws {
        let folder = try temporaryFolder(self)
        var gameId: Int64 = 0
        do {
            let library = try LibraryHandle.open(folderPath: folder.path)
            let session = try GameSessionHandle(game: vsComputer(level: 1, colour: .white), library: library)
            XCTAssertEqual(session.snapshot(nowMs: 0).saveState, .notSavedYet)
            _ = try session.playText(text: "e4", nowMs: 0)
            guard case let .saved(id, revision1) = session.snapshot(nowMs: 0).saveState else {
                return XCTFail("the move was not saved")
            }
            gameId = id
            guard case .played = try await session.computerMove(nowMs: 0) else { return XCTFail("no computer move") }
            guard case let .saved(_, revision2) = session.snapshot(nowMs: 0).saveState else { return XCTFail() }
            XCTAssertGreaterThan(revision2, revision1, "the computer's move is saved too")
            _ = try session.playText(text: "d4", nowMs: 0)
            // The app is killed here: no save call, the handles just go.
        }
        let library = try LibraryHandle.open(folderPath: folder.path)
        let restored = try XCTUnwrap(try library.current(nowMs: 0))
        let s = restored.snapshot(nowMs: 0)
        XCTAssertEqual(s.gameId, gameId)
        XCTAssertEqual(s.plyCount, 3)
        XCTAssertEqual(s.moves.first?.san, "e4")
        XCTAssertEqual(s.moves.last?.san, "d4")
        XCTAssertTrue(s.computerToMove)
        // It continues where it stopped.
        guard case .played = try await restored.computerMove(nowMs: 0) else { return XCTFail("no computer move") }
        XCTAssertEqual(try library.load(gameId: gameId, nowMs: 0).snapshot(nowMs: 0).plyCount, 4)
        let summary = try library.summary(gameId: gameId)
        XCTAssertEqual(summary.plies, 4)
        XCTAssertFalse(summary.finished)
    }

    func testASecondWriterConflictsInsteadOfOverwriting() throws {
        let folder = try temporaryFolder(self)
        let first = try LibraryHandle.open(folderPath: folder.path)
        let session = try GameSessionHandle(game: friends(), library: first)
        _ = try session.playText(text: "e4", nowMs: 0)
        let id = try XCTUnwrap(session.snapshot(nowMs: 0).gameId)
        // A second window opens the same game and moves first.
        let second = try LibraryHandle.open(folderPath: folder.path)
        let other = try second.load(gameId: id, nowMs: 0)
        _ = try other.playText(text: "e5", nowMs: 0)
        _ = try session.playText(text: "c5", nowMs: 0)
        guard case let .conflict(gameId, detail) = session.snapshot(nowMs: 0).saveState else {
            return XCTFail("expected a conflict, got \(session.snapshot(nowMs: 0).saveState)")
        }
        XCTAssertEqual(gameId, id)
        XCTAssertTrue(detail.contains("another window"), detail)
        // Nothing was overwritten: the library has the second writer's move.
        XCTAssertEqual(try first.load(gameId: id, nowMs: 0).snapshot(nowMs: 0).moves.map(\.san), ["e4", "e5"])
    }

    func testSettingsAreKeptAndRefusedWithTheirFields() throws {
        let folder = try temporaryFolder(self)
        do {
            let library = try LibraryHandle.open(folderPath: folder.path)
            let before = try library.settings()
            var settings = before
            settings.boardTheme = "green"
            settings.sounds = false
            settings.defaultLevel = 6
            let stored = try library.updateSettings(before: before, after: settings)
            XCTAssertEqual(stored.boardTheme, "green")
            XCTAssertFalse(stored.sounds)
            XCTAssertEqual(stored.defaultLevel, 6)
            var pink = stored
            pink.boardTheme = "pink"
            XCTAssertThrowsError(try library.updateSettings(before: stored, after: pink)) { error in
                guard case let .Setting(key, value, _, detail) = error as? NorochessError else { return XCTFail("\(error)") }
                XCTAssertEqual(key, "board-theme")
                XCTAssertEqual(value, "pink")
                XCTAssertFalse(detail.isEmpty)
            }
        }
        let settings = try LibraryHandle.open(folderPath: folder.path).settings()
        XCTAssertEqual(settings.boardTheme, "green")
        XCTAssertFalse(settings.sounds)
        XCTAssertEqual(settings.defaultLevel, 6)
    }

    func testStatsCountFinishedGames() throws {
        let library = try LibraryHandle.inMemory()
        let lost = try GameSessionHandle(game: vsComputer(level: 3, colour: .white), library: library)
        _ = try lost.playText(text: "e4", nowMs: 0)
        _ = try lost.resign(by: nil, nowMs: 0)
        let drawn = try GameSessionHandle(game: friends(), library: library)
        _ = try drawn.playText(text: "e4", nowMs: 0)
        try drawn.offerDraw(by: nil)
        _ = try drawn.acceptDraw(nowMs: 0)
        let stats = try library.stats()
        XCTAssertEqual(stats.againstComputer.games, 1)
        XCTAssertEqual(stats.againstComputer.losses, 1)
        let level3 = try XCTUnwrap(stats.rows.first { $0.level == 3 })
        XCTAssertEqual([level3.wins, level3.draws, level3.losses], [0, 0, 1])
        let friendly = try XCTUnwrap(stats.rows.first { $0.level == nil && $0.variant == "norochess" })
        XCTAssertEqual(friendly.draws, 1)
        XCTAssertEqual(try library.list(filter: GameFilter(finished: true, variant: nil, opponent: nil), limit: 10).count, 2)
    }

    /// UniFFI 0.32's Swift `async` calls do not pass a task's cancellation to
    /// Rust (mozilla/uniffi-rs#2771): `Task.cancel()` around the bare
    /// `computerMove` leaves the search running. `computerMoveCancellable`
    /// calls the session's `cancelSearches()` when the task is cancelled.
    func testTaskCancelStopsTheSearchAndTheNextCallWorks() async throws {
        let session = try GameSessionHandle(game: vsComputer(level: 8, colour: .black), library: nil)
        let search = Task { try await session.computerMoveCancellable(nowMs: 0) }
        try await waitUntilThinking(session)
        let cancelled = Date()
        search.cancel()
        let answer = try await search.value
        XCTAssertEqual(answer, .cancelled)
        XCTAssertLessThan(Date().timeIntervalSince(cancelled), 0.3, "level 8 would think about 0.7 s")
        let s = session.snapshot(nowMs: 0)
        XCTAssertEqual(s.plyCount, 0, "nothing played")
        XCTAssertFalse(s.thinking)
        XCTAssertTrue(s.computerToMove)
        // The next call works.
        guard case .played = try await session.computerMoveCancellable(nowMs: 0) else { return XCTFail("no move") }
        XCTAssertEqual(session.snapshot(nowMs: 0).plyCount, 1)
        // A hint's task too (the person, Black, to move).
        let unlimited = SearchLimits(depth: nil, nodes: nil, moveTimeMs: nil, clock: nil)
        let hint = Task { try await session.hintCancellable(limits: unlimited) }
        try await waitUntilThinking(session)
        hint.cancel()
        let answered = try await hint.value
        XCTAssertNil(answered)
        XCTAssertFalse(session.snapshot(nowMs: 0).thinking)
    }
}
