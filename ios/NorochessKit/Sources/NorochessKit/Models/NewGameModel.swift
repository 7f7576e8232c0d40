import Foundation
import Observation

/// The new-game form of Home, for "Play the computer" and "Pass and play":
/// game and its options, opponent, level, colour, clock, board mode and
/// names. It offers exactly what the core offers (`variants()`,
/// `timeControlPresets()`) and builds the `NewGame` record.
@MainActor
@Observable
public final class NewGameModel {
    public enum Opponent: String, CaseIterable, Identifiable, Sendable {
        case computer
        case friend
        public var id: String { rawValue }
        public var title: String { self == .computer ? tr("Play the computer") : tr("Pass and play") }
    }

    public let opponent: Opponent
    /// Every game of the rule book, in menu order.
    public let games: [VariantInfo]
    /// The chosen game.
    public var variant: GameVariant = .norochess
    /// Norochess960: a number 0–959 or random.
    public var randomStart = true
    public var startNumber = 518
    /// Improved chess's options (ids of their choices).
    public var zone: Zone = .farHalf
    public var blockage: Blockage = .enemyPiece
    /// Against the computer.
    public var level = 4
    public var colour: ColourChoice = .white
    /// The clock: `nil` untimed, else an index into `presets`.
    public var clockIndex: Int?
    /// Pass and play.
    public var boardMode: BoardMode = .autoFlip
    public var whiteName = ""
    public var blackName = ""

    /// The clocks on offer.
    public let presets: [TimeControlPreset]

    public init(opponent: Opponent, settings: Settings?) {
        self.opponent = opponent
        games = NorochessKit.variants()
        presets = timeControlPresets()
        if let settings {
            level = Int(settings.defaultLevel)
            boardMode = settings.passAndPlayBoard
            if let clock = settings.defaultClock {
                clockIndex = presets.firstIndex { $0.control == clock }
            }
        }
    }

    public var levels: ClosedRange<Int> { 1...8 }

    /// The chosen game's menu entry.
    public var info: VariantInfo { games.first { $0.variant == variant } ?? games[0] }
    /// Show the Norochess960 number controls.
    public var showsStartNumber: Bool { info.hasStartNumber }
    /// Show Improved chess's options.
    public var showsImprovedOptions: Bool { !info.options.isEmpty }
    public var showsLevelAndColour: Bool { opponent == .computer }
    public var showsBoardModeAndNames: Bool { opponent == .friend }

    /// The option values of Improved chess for the pickers (`zone`, `blockage`).
    public var zoneChoices: [Choice<Zone>] {
        let names = info.options.first { $0.id == "zone" }?.choices.map(\.name) ?? []
        let all: [Zone] = [.farHalf, .beyondFifth, .seventh]
        return zip(all, names + Array(repeating: "", count: max(0, all.count - names.count))).map { Choice($0, $1) }
    }

    public var blockageChoices: [Choice<Blockage>] {
        let names = info.options.first { $0.id == "blockage" }?.choices.map(\.name) ?? []
        let all: [Blockage] = [.enemyPiece, .anyPiece]
        return zip(all, names + Array(repeating: "", count: max(0, all.count - names.count))).map { Choice($0, $1) }
    }

    public var colourChoices: [Choice<ColourChoice>] {
        [ColourChoice.white, .black, .random].map { Choice($0, colourText($0)) }
    }

    public var boardModeChoices: [Choice<BoardMode>] {
        [BoardMode.autoFlip, .faceToFace, .fixed].map { Choice($0, boardModeText($0)) }
    }

    public func levelText(_ level: Int) -> String { tr("Level %@", "\(level)") }

    public func colourText(_ colour: ColourChoice) -> String {
        switch colour {
        case .white: return tr("White")
        case .black: return tr("Black")
        case .random: return tr("Random")
        }
    }

    public func boardModeText(_ mode: BoardMode) -> String {
        switch mode {
        case .fixed: return tr("White at the bottom")
        case .autoFlip: return tr("Turn the board after each move")
        case .faceToFace: return tr("Face to face")
        }
    }

    public var clockText: String { clockIndex.map { presets[$0].name } ?? tr("No clock") }

    /// The start number is usable (0–959).
    public var isValid: Bool { !showsStartNumber || randomStart || (0...959).contains(startNumber) }

    /// The record the session is created from.
    public func newGame(seed: UInt64 = UInt64.random(in: 1...UInt64.max)) -> NewGame {
        var setup = GameSetup(variant: variant, zone: nil, blockage: nil, startNumber: nil)
        if showsImprovedOptions {
            setup.zone = zone
            setup.blockage = blockage
        }
        // A random start is drawn by the session from the seed (the app layer).
        if showsStartNumber, !randomStart {
            setup.startNumber = UInt16(startNumber)
        }
        let opponentChoice: OpponentChoice
        switch opponent {
        case .computer:
            opponentChoice = .computer(level: UInt8(level), colour: colour)
        case .friend:
            let white = whiteName.trimmingCharacters(in: .whitespaces)
            let black = blackName.trimmingCharacters(in: .whitespaces)
            opponentChoice = .friend(
                whiteName: white.isEmpty ? tr("White") : white, blackName: black.isEmpty ? tr("Black") : black)
        }
        return NewGame(
            setup: setup, positionText: nil, opponent: opponentChoice,
            clock: clockIndex.map { presets[$0].control },
            boardMode: opponent == .friend ? boardMode : nil, seed: seed, playerName: nil, level8Nodes: nil)
    }
}
