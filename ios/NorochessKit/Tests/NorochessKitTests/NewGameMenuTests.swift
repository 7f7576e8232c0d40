import XCTest
@testable import NorochessKit

/// The new-game menu against the core's table: a game added to the table,
/// with its options, shows in the form and starts without a change in Swift.
/// Nothing here names a game or an option; every expectation comes from
/// `variants()`. (On Linux, XCTest runs a main-actor test only when it is `async`.)
@MainActor
final class NewGameMenuTests: XCTestCase {
    func testTheFormOffersExactlyTheTablesGamesAndOptions() async {
        let table = variants()
        XCTAssertFalse(table.isEmpty)
        let form = NewGameModel(opponent: .friend, settings: nil)
        XCTAssertEqual(form.games.map(\.id), table.map(\.id), "every game of the table, in its order")
        XCTAssertEqual(form.game, table[0].id, "the table's first game is chosen at first")
        for info in table {
            form.game = info.id
            XCTAssertEqual(form.info, info)
            XCTAssertEqual(form.optionPickers.map(\.id), info.options.map(\.id), info.id)
            XCTAssertEqual(form.optionPickers.map(\.name), info.options.map(\.name), info.id)
            for (picker, option) in zip(form.optionPickers, info.options) {
                XCTAssertEqual(picker.choices.map(\.value), option.choices.map(\.id), "\(info.id) \(option.id)")
                XCTAssertEqual(picker.choices.map(\.name), option.choices.map(\.name), "\(info.id) \(option.id)")
                let defaults = option.choices.filter(\.isDefault).map(\.id)
                XCTAssertEqual(defaults.count, 1, "\(info.id) \(option.id) has one default")
                XCTAssertEqual(form.value(of: option.id), defaults.first, "\(info.id) \(option.id) starts at its default")
            }
            XCTAssertEqual(form.showsStartNumber, info.startNumbers != nil, info.id)
            XCTAssertEqual(form.startNumberRange.map { $0.count }, info.startNumbers.map { Int($0) }, info.id)
            if let standard = info.standardStart {
                XCTAssertEqual(form.startNumber, Int(standard), "\(info.id) shows its standard start")
            }
        }
    }

    func testEveryChoiceOfTheMenuStartsASessionThatReportsIt() async throws {
        for info in variants() {
            // The defaults: every option reported with its default value.
            let plain = NewGameModel(opponent: .friend, settings: nil)
            plain.game = info.id
            let defaults = info.options.map { option in
                OptionSetting(option: option.id, value: option.choices.first { $0.isDefault }?.id ?? "")
            }
            let setup = try start(plain).board.setup
            XCTAssertEqual(setup.game, info.id)
            XCTAssertEqual(setup.options, defaults, info.id)
            XCTAssertEqual(setup.startNumber != nil, info.startNumbers != nil,
                           "\(info.id): a numbered start is drawn from the seed, a fixed one has none")

            // Each value of each option, the others at their defaults.
            for option in info.options {
                for choice in option.choices {
                    let form = NewGameModel(opponent: .friend, settings: nil)
                    form.game = info.id
                    form.choose(choice.id, for: option.id)
                    let game = form.newGame(seed: 5)
                    XCTAssertEqual(game.setup.game, info.id)
                    let reported = try start(form).board.setup
                    XCTAssertEqual(reported.game, info.id)
                    XCTAssertEqual(reported.options.map(\.option), info.options.map(\.id),
                                   "\(info.id) reports every option")
                    XCTAssertEqual(reported.options.first { $0.option == option.id }?.value, choice.id,
                                   "\(info.id) \(option.id)=\(choice.id)")
                }
            }

            // Numbered starts: the first, the standard and the last number.
            if let range = plain.startNumberRange {
                let form = NewGameModel(opponent: .friend, settings: nil)
                form.game = info.id
                form.randomStart = false
                var numbers = [range.lowerBound, range.upperBound]
                if let standard = info.standardStart { numbers.append(Int(standard)) }
                for number in numbers {
                    form.startNumber = number
                    XCTAssertTrue(form.isValid)
                    XCTAssertEqual(try start(form).board.setup.startNumber, UInt16(number), "\(info.id) \(number)")
                }
                form.startNumber = range.upperBound + 1
                XCTAssertFalse(form.isValid, "\(info.id): one past the last number")
                form.randomStart = true
                let drawn = try XCTUnwrap(try start(form).board.setup.startNumber)
                XCTAssertTrue(range.contains(Int(drawn)), "\(info.id) draws \(drawn)")
            }
        }
    }

    private func start(_ form: NewGameModel) throws -> SessionSnapshot {
        try GameSessionHandle(game: form.newGame(seed: 5), library: nil).snapshot(nowMs: 0)
    }
}
