import Foundation
import XCTest
@testable import NorochessKit

/// Puzzles by theme (issue 30): the list and the puzzle screen hold a tier
/// and a theme and forward them to the app layer, which picks the next
/// puzzle, offers the themes of the tier and says the choice in words.
@MainActor
final class PuzzleThemeChoiceTests: XCTestCase {
    private let tiers: [PuzzleDifficulty] = [.easy, .medium, .hard]
    /// The built-in pack, read once per test.
    private var pack: [PuzzleInfo] = []

    override func setUp() async throws {
        pack = try builtinPuzzles()
    }

    /// The pack's puzzles of `tier` with `theme`, read from the puzzles'
    /// own themes (what the app layer's choice must keep to).
    private func packPuzzles(_ tier: PuzzleDifficulty, _ theme: String) -> [PuzzleInfo] {
        pack.filter { $0.difficulty == tier && inChoice($0, theme) }
    }

    /// Whether `p` belongs to the choice of `theme` (`nil`: any), as
    /// docs/puzzles.md states the rule: it has the theme, and a mate of Ram
    /// or Frontal chess comes only for a theme only those games give.
    private func inChoice(_ p: PuzzleInfo, _ theme: String?) -> Bool {
        let norochess = p.variantId.hasPrefix("norochess")
        guard let theme else { return norochess }
        let royalOnly: Set<String> = ["mate", "ram-chess", "frontal-chess", "resurrection", "dethronement"]
        return p.themes.contains(theme) && (norochess || royalOnly.contains(theme))
    }

    /// A theme the pack has, but not in `tier`: the first that some other
    /// tier offers and `tier` does not.
    private func themeMissing(from tier: PuzzleDifficulty) throws -> String? {
        let offered = Set(try puzzleThemeChoices(tier: tier).map(\.id))
        return try puzzleThemeChoices(tier: nil).first { !offered.contains($0.id) }?.id
    }

    func testTheListsThemeChoiceOpensItsPuzzlesAndNextKeepsToTheTierAndTheTheme() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        app.showPuzzles()
        let list = try XCTUnwrap(app.puzzles, app.error ?? "no list")
        list.tier = .medium
        // The smallest theme of the tier with more than one puzzle, so that
        // Next has somewhere to go and comes round again.
        let smallest = try XCTUnwrap(try puzzleThemeChoices(tier: .medium).filter { $0.count >= 2 }.min { $0.count < $1.count })
        let theme = smallest.id
        XCTAssertTrue(list.choice.items.contains { $0.theme == theme }, "the picker offers \(theme)")
        let expected = packPuzzles(.medium, theme)
        XCTAssertEqual(expected.count, Int(smallest.count), theme)
        list.chooseTheme(theme)
        XCTAssertNil(list.error)
        XCTAssertEqual(list.choice.filter, PuzzleFilter(tier: .medium, theme: theme))
        XCTAssertEqual(list.choice.text, try puzzleFilterText(filter: list.choice.filter))
        XCTAssertEqual(list.solveText, "Solve \(list.choice.text)")
        XCTAssertEqual(list.choice.meaning, try puzzleThemeChoices(tier: .medium).first { $0.id == theme }?.meaning)

        app.openChosenPuzzle(from: list)
        XCTAssertEqual(app.path, [.puzzles, .puzzle])
        let puzzle = try XCTUnwrap(app.puzzle, app.error ?? "no puzzle")
        XCTAssertEqual(puzzle.info.id, expected.first?.id, "the first of the choice in pack order")
        XCTAssertEqual(puzzle.choice, list.choice, "the screen keeps the list's choice")
        XCTAssertEqual(puzzle.choiceText, "Next: \(list.choice.text)")
        XCTAssertNil(puzzle.choiceNotice)

        var seen = [puzzle.info.id]
        for _ in 1..<expected.count {
            puzzle.next()
            XCTAssertNil(puzzle.error)
            XCTAssertEqual(puzzle.info.difficulty, .medium, puzzle.info.id)
            XCTAssertTrue(puzzle.info.themes.contains(theme), "\(puzzle.info.id): \(puzzle.info.themes)")
            XCTAssertEqual(puzzle.phase, .solving)
            seen.append(puzzle.info.id)
        }
        XCTAssertEqual(seen, expected.map(\.id), "every puzzle of the choice, in pack order")
        puzzle.next()
        XCTAssertEqual(puzzle.info.id, expected.first?.id, "round again: none of them is solved cleanly")
        XCTAssertNil(puzzle.choiceNotice)
    }

    func testAThemePickedOnThePuzzleScreenSendsNextToItsPuzzles() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        app.showPuzzles()
        let list = try XCTUnwrap(app.puzzles)
        let first = try XCTUnwrap(list.rows.first)
        app.openPuzzle(first.id)
        let puzzle = try XCTUnwrap(app.puzzle, app.error ?? "no puzzle")
        // Opened by id: Next keeps to the puzzle's own tier, any theme.
        XCTAssertEqual(puzzle.choice.filter, PuzzleFilter(tier: puzzle.info.difficulty, theme: nil))
        XCTAssertEqual(puzzle.choiceText, "Next: \(try puzzleFilterText(filter: puzzle.choice.filter))")
        // A theme the puzzle on screen does not have.
        let item = try XCTUnwrap(puzzle.choice.items.first { $0.theme != nil && !puzzle.info.themes.contains($0.theme!) })
        let theme = try XCTUnwrap(item.theme)
        puzzle.chooseTheme(theme)
        XCTAssertNil(puzzle.error)
        XCTAssertEqual(puzzle.choice.filter.theme, theme)
        XCTAssertEqual(puzzle.info.id, first.id, "picking a theme does not leave the puzzle")
        puzzle.next()
        XCTAssertNil(puzzle.error)
        XCTAssertTrue(puzzle.info.themes.contains(theme), "\(puzzle.info.id): \(puzzle.info.themes)")
        XCTAssertEqual(puzzle.info.difficulty, list.tier)
        XCTAssertEqual(puzzle.info.id, try following(first.id) { $0.difficulty == list.tier && self.inChoice($0, theme) })
        // Any theme again: Next goes to the following puzzle of the tier.
        puzzle.chooseTheme(nil)
        XCTAssertEqual(puzzle.choice.filter, PuzzleFilter(tier: list.tier, theme: nil))
        let before = puzzle.info.id
        puzzle.next()
        XCTAssertEqual(puzzle.info.id, try following(before) { $0.difficulty == list.tier && self.inChoice($0, nil) })
    }

    func testTheThemeChoicesFollowTheTier() async throws {
        let library = try LibraryHandle.inMemory()
        let list = try PuzzleListModel(library: library)
        for tier in tiers {
            list.tier = tier
            let offered = try puzzleThemeChoices(tier: tier)
            XCTAssertFalse(offered.isEmpty, "\(tier)")
            XCTAssertEqual(list.choice.items.first, .init(theme: nil, label: "Any theme", meaning: nil))
            XCTAssertEqual(list.choice.items.dropFirst().map(\.theme), offered.map(\.id), "\(tier): the app layer's order")
            XCTAssertEqual(list.choice.items.dropFirst().map(\.label), offered.map { "\($0.name) (\($0.count))" })
            for choice in offered {
                XCTAssertEqual(Int(choice.count), packPuzzles(tier, choice.id).count, "\(tier) \(choice.id)")
            }
            XCTAssertEqual(list.choice.filter, PuzzleFilter(tier: tier, theme: nil))
        }
        // What a new tier does to the theme is the app layer's rule
        // (puzzleFilterWithTier), applied through the model: a theme the new
        // tier also holds is kept; one it does not hold goes back to any
        // theme, so the picker shows what is chosen.
        let shared = try XCTUnwrap(try puzzleThemeChoices(tier: .easy).map(\.id).first { id in
            try puzzleThemeChoices(tier: .hard).contains { $0.id == id }
        })
        list.tier = .easy
        list.chooseTheme(shared)
        list.tier = .hard
        XCTAssertEqual(list.choice.filter,
                       try puzzleFilterWithTier(filter: PuzzleFilter(tier: .easy, theme: shared), tier: .hard))
        XCTAssertEqual(list.choice.filter, PuzzleFilter(tier: .hard, theme: shared), "kept: hard puzzles have it")
        XCTAssertEqual(list.choice.text, try puzzleFilterText(filter: PuzzleFilter(tier: .hard, theme: shared)))
        XCTAssertTrue(list.choice.items.contains { $0.theme == shared }, "the picker shows the kept theme")
        let easyOnly = try XCTUnwrap(try themeMissing(from: .hard).flatMap { id in
            try puzzleThemeChoices(tier: .easy).contains { $0.id == id } ? id : nil
        }, "the pack has a theme in easy puzzles and none in hard ones")
        list.tier = .easy
        list.chooseTheme(easyOnly)
        XCTAssertEqual(list.choice.filter.theme, easyOnly)
        list.tier = .hard
        XCTAssertEqual(list.choice.filter,
                       try puzzleFilterWithTier(filter: PuzzleFilter(tier: .easy, theme: easyOnly), tier: .hard))
        XCTAssertEqual(list.choice.filter, PuzzleFilter(tier: .hard, theme: nil), "dropped: no hard puzzle has it")
        XCTAssertEqual(list.choice.text, "hard puzzles")
        XCTAssertEqual(list.rows.map(\.id), pack.filter { $0.difficulty == .hard && inChoice($0, nil) }.map(\.id), "every hard puzzle listed")
        XCTAssertNil(list.error)

        // The puzzle screen offers the themes of its puzzle's tier.
        let hard = try XCTUnwrap(pack.first { $0.difficulty == .hard })
        let model = try PuzzleModel(puzzleId: hard.id, library: library, settings: nil)
        XCTAssertEqual(model.choice.items.dropFirst().map(\.theme), try puzzleThemeChoices(tier: .hard).map(\.id))
    }

    func testTheListShowsThePuzzlesOfTheTierAndTheThemeInPackOrder() async throws {
        let library = try LibraryHandle.inMemory()
        let list = try PuzzleListModel(library: library, tier: .medium)
        // Any theme: every puzzle of the tier.
        XCTAssertEqual(list.rows.map(\.id), pack.filter { $0.difficulty == .medium && inChoice($0, nil) }.map(\.id))
        // A theme: the rows narrow to the app layer's chosen puzzles, which
        // are the tier's puzzles with that theme, in pack order.
        // A theme some medium puzzles have and others do not, which hard
        // puzzles have too (so a tier change keeps it).
        let mediumCount = pack.filter { $0.difficulty == .medium && inChoice($0, nil) }.count
        let hardThemes = Set(try puzzleThemeChoices(tier: .hard).map(\.id))
        let theme = try XCTUnwrap(try puzzleThemeChoices(tier: .medium).first {
            Int($0.count) < mediumCount && hardThemes.contains($0.id)
        }, "a theme of some medium puzzles, and of hard ones")
        list.chooseTheme(theme.id)
        XCTAssertNil(list.error)
        XCTAssertEqual(list.rows.map(\.id), try chosenBuiltinPuzzles(filter: list.choice.filter).map(\.id))
        XCTAssertEqual(list.rows.map(\.id), packPuzzles(.medium, theme.id).map(\.id), theme.id)
        XCTAssertEqual(list.rows.count, Int(theme.count), "as many rows as the picker counts")
        XCTAssertLessThan(list.rows.count, mediumCount, "narrowed")
        // A tier that keeps the theme lists its puzzles of it.
        list.tier = .hard
        XCTAssertEqual(list.choice.filter.theme, theme.id)
        XCTAssertEqual(list.rows.map(\.id), packPuzzles(.hard, theme.id).map(\.id))
        // Any theme again: the whole tier.
        list.chooseTheme(nil)
        XCTAssertEqual(list.rows.map(\.id), pack.filter { $0.difficulty == .hard && inChoice($0, nil) }.map(\.id))
        XCTAssertNil(list.error)
    }

    func testAnUnknownThemeIsSaidToThePlayerAndTheChoiceStays() async throws {
        let app = try AppModel(inMemory: ManualTime(0))
        app.showPuzzles()
        let list = try XCTUnwrap(app.puzzles)
        let before = list.choice
        list.chooseTheme("zwischenzug")
        let listError = try XCTUnwrap(list.error)
        XCTAssertTrue(listError.contains("no puzzle theme `zwischenzug`"), listError)
        XCTAssertTrue(listError.contains("fork"), "the known themes are named: \(listError)")
        XCTAssertEqual(list.choice, before)

        app.openPuzzle(try XCTUnwrap(list.rows.first).id)
        let puzzle = try XCTUnwrap(app.puzzle)
        let shown = puzzle.info.id
        puzzle.chooseTheme("zwischenzug")
        let error = try XCTUnwrap(puzzle.error)
        XCTAssertTrue(error.contains("no puzzle theme `zwischenzug`"), error)
        XCTAssertEqual(puzzle.choice.filter.theme, nil)
        XCTAssertEqual(puzzle.info.id, shown)
        // The screen goes on: Next still works, and a good choice clears the error.
        puzzle.next()
        XCTAssertNotEqual(puzzle.info.id, shown)
        puzzle.chooseTheme(try XCTUnwrap(puzzle.choice.items.last?.theme))
        XCTAssertNil(puzzle.error)

        // A choice the app layer cannot read is never made.
        XCTAssertThrowsError(try PuzzleFilterChoice(PuzzleFilter(tier: nil, theme: "zwischenzug"))) { error in
            guard case let NorochessError.InvalidPuzzle(message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("zwischenzug"), message)
        }
    }

    func testTheChoicesSentencesComeFromTheAppLayer() async throws {
        let library = try LibraryHandle.inMemory()
        // None in the pack: the puzzle stays and the app layer says so.
        let absent = try XCTUnwrap(try themeMissing(from: .hard), "a theme no hard puzzle has")
        let empty = try PuzzleFilterChoice(PuzzleFilter(tier: .hard, theme: absent))
        let hard = try XCTUnwrap(pack.first { $0.difficulty == .hard })
        let model = try PuzzleModel(puzzleId: hard.id, library: library, settings: nil, choice: empty)
        XCTAssertEqual(model.choiceText, "Next: \(try puzzleFilterText(filter: empty.filter))")
        model.next()
        XCTAssertNil(model.error)
        XCTAssertEqual(model.info.id, hard.id)
        XCTAssertEqual(model.choiceNotice, try puzzleFilterNoneText(filter: empty.filter))
        XCTAssertEqual(model.choiceNotice, "The pack has no \(empty.text).")

        // The list's Solve with nothing to open: the list says it, no screen opens.
        let app = try AppModel(inMemory: ManualTime(0))
        app.showPuzzles()
        let list = try XCTUnwrap(app.puzzles)
        list.tier = .hard
        list.chooseTheme(absent)
        app.openChosenPuzzle(from: list)
        XCTAssertEqual(app.path, [.puzzles])
        XCTAssertNil(app.puzzle)
        XCTAssertEqual(list.choiceNotice, try puzzleFilterNoneText(filter: list.choice.filter))

        // Every puzzle of the choice solved cleanly: the next comes round
        // again with the app layer's sentence.
        let smallest = try XCTUnwrap(try puzzleThemeChoices(tier: .easy).min { $0.count < $1.count })
        let filter = PuzzleFilter(tier: .easy, theme: smallest.id)
        for info in packPuzzles(.easy, smallest.id) {
            let run = try PuzzleRun(puzzleId: info.id, library: library)
            try solveByTheIntendedLine(run, info)
        }
        let solvedChoice = try PuzzleFilterChoice(filter)
        let any = try XCTUnwrap(pack.first { $0.difficulty == .easy })
        let solving = try PuzzleModel(puzzleId: any.id, library: library, settings: nil, choice: solvedChoice)
        solving.next()
        XCTAssertNil(solving.error)
        XCTAssertTrue(solving.info.themes.contains(smallest.id))
        XCTAssertEqual(solving.choiceNotice, try puzzleFilterAllSolvedText(filter: filter))
        XCTAssertEqual(solving.choiceNotice,
                       "You have solved every one of the \(solvedChoice.text) cleanly; here they come again.")
        // A new choice clears the sentence.
        solving.chooseTheme(nil)
        XCTAssertNil(solving.choiceNotice)
    }

    /// The id of the first puzzle after `id` in pack order, wrapping round,
    /// that `fits` (when none is solved cleanly, the one Next must give).
    private func following(_ id: String, _ fits: (PuzzleInfo) -> Bool) throws -> String? {
        let at = try XCTUnwrap(pack.firstIndex { $0.id == id })
        return (pack[(at + 1)...] + pack[...at]).first(where: fits)?.id
    }
}
