import XCTest
@testable import NorochessKit

final class VariantsTests: XCTestCase {
    func testEveryGameIsListedWithNameDescriptionAndOptions() throws {
        let all = variants()
        XCTAssertEqual(all.map(\.id), ["norochess", "norochess960", "ram", "frontal", "improved", "crab", "chess"])
        let ram = try XCTUnwrap(all.first { $0.variant == .ram })
        XCTAssertEqual(ram.name, "Ram chess")
        XCTAssertEqual(ram.boardSize, 10)
        XCTAssertTrue(ram.royalKing)
        XCTAssertFalse(ram.description.isEmpty)
        XCTAssertTrue(all[0].hasScores && !all[0].royalKing)
        XCTAssertTrue(all[1].hasStartNumber)
        let improved = try XCTUnwrap(all.first { $0.variant == .improved })
        XCTAssertEqual(improved.options.map(\.id), ["zone", "blockage"])
        XCTAssertEqual(improved.options[0].choices.map(\.id), ["far-half", "beyond-fifth", "seventh"])
        XCTAssertEqual(improved.options[0].choices.map(\.isDefault), [true, false, false])
        XCTAssertFalse(coreVersion().isEmpty)
    }

    func testSavedIdsReadBackIntoASetup() throws {
        let setup = try parseGameSetup(id: "improved", zone: "seventh", blockage: "any")
        XCTAssertEqual(setup.variant, .improved)
        XCTAssertEqual(setup.zone, .seventh)
        XCTAssertEqual(setup.blockage, .anyPiece)
        XCTAssertEqual(try gameSetupIds(setup: setup), ["improved", "seventh", "any"])
    }
}
