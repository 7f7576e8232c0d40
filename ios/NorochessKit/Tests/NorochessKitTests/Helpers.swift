import XCTest
@testable import NorochessKit

/// A pass-and-play session (Ann with White, Bob with Black) without a library.
func friendsSession(_ game: String = "norochess", position: String? = nil, clock: TimeControl? = nil,
                    library: LibraryHandle? = nil) throws -> GameSessionHandle {
    try GameSessionHandle(game: friends(clock, game: game, position: position), library: library)
}

/// The set-up of the game `game` (the core's id) with its default options.
func setup(_ game: String) -> GameSetup {
    GameSetup(game: game)
}

/// The position without its move counters: equal keys are repetitions.
func positionKey(_ text: String) -> String {
    text.split(separator: " ").prefix(4).joined(separator: " ")
}

/// Plays in the pass-and-play `session` the first legal non-capture (in the
/// core's order) that leads to a position not seen before: the score stays
/// level and nothing repeats. A move that would repeat is taken back.
@discardableResult
func playQuietMove(_ session: GameSessionHandle, _ seen: inout Set<String>) throws -> MoveInfo? {
    for move in session.snapshot(nowMs: 0).board.legalMoves where !move.isCapture {
        _ = try session.playText(text: move.uci, nowMs: 0)
        if seen.insert(positionKey(session.snapshot(nowMs: 0).board.positionText)).inserted {
            return move
        }
        _ = try session.takeback(nowMs: 0)
    }
    XCTFail("no quiet move to a new position")
    return nil
}

/// Asserts that `body` throws a NorochessError of the case `matching` whose
/// message contains every one of `words`.
func assertFails<T>(
    _ words: String..., matching: (NorochessError) -> Bool,
    file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> T
) {
    do {
        _ = try body()
        XCTFail("expected an error mentioning \(words)", file: file, line: line)
    } catch let error as NorochessError {
        XCTAssertTrue(matching(error), "unexpected kind: \(error)", file: file, line: line)
        for word in words {
            XCTAssertTrue(error.message.contains(word), "`\(error.message)` should mention `\(word)`", file: file, line: line)
            XCTAssertEqual(error.localizedDescription, error.message, file: file, line: line)
        }
    } catch {
        XCTFail("not a NorochessError: \(error)", file: file, line: line)
    }
}
