import XCTest
@testable import NorochessKit

func newGame(_ variant: GameVariant) throws -> GameHandle {
    try GameHandle(setup: GameSetup(variant: variant, zone: nil, blockage: nil, startNumber: nil))
}

func setup(_ variant: GameVariant) -> GameSetup {
    GameSetup(variant: variant, zone: nil, blockage: nil, startNumber: nil)
}

/// The position without its move counters: equal keys are repetitions.
func positionKey(_ text: String) -> String {
    text.split(separator: " ").prefix(4).joined(separator: " ")
}

/// Plays the first legal non-capture (in the core's order) that leads to a
/// position not seen before: the score stays level and nothing repeats.
@discardableResult
func playQuietMove(_ game: GameHandle, _ seen: inout Set<String>) throws -> String {
    for move in try game.snapshot().legalMoves where !move.isCapture {
        _ = try game.playText(text: move.uci)
        if seen.insert(positionKey(try game.snapshot().positionText)).inserted {
            return move.san
        }
        _ = try game.undo()
    }
    XCTFail("no quiet move to a new position")
    return ""
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
