import Foundation
import Observation

/// The new-game form of Home, for "Play the computer" and "Pass and play":
/// game and its options, opponent, level, colour, clock, board mode and
/// names. It offers exactly what the core offers (`variants()`,
/// `timeControlPresets()`) and builds the `NewGame` record. Games and
/// option values are the core's ids; no game or option is named here, so a
/// game added to the core's table shows with its options without a change.
@MainActor
@Observable
public final class NewGameModel {
    public enum Opponent: String, CaseIterable, Identifiable, Sendable {
        case computer
        case friend
        public var id: String { rawValue }
        public var title: String { self == .computer ? tr("Play the computer") : tr("Pass and play") }
    }

    /// One option of the chosen game as its picker shows it: the core's id,
    /// name and values (`choices` holds the values' ids and names).
    public struct OptionPicker: Identifiable, Equatable {
        public let id: String
        public let name: String
        public let choices: [Choice<String>]
    }

    public let opponent: Opponent
    /// Every game of the rule book, in menu order.
    public let games: [VariantInfo]
    /// The chosen game's id (`norochess`, `improved`).
    public var game: String
    /// The option values chosen so far: option id → value id (`zone` →
    /// `seventh`). An option of the chosen game missing here, or holding a
    /// value that is not one of its choices, takes the core's default.
    public var optionValues: [String: String] = [:]
    /// A game with numbered starts (Norochess960): random or a number.
    public var randomStart = true
    /// The number picked in the form; `nil`: the game's standard start.
    private var pickedStart: Int?
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

    /// A position set up in the editor to play from ("Play from here"):
    /// the game is fixed to its game and the session starts from it.
    public private(set) var startPosition: (setup: GameSetup, position: String)?

    /// The form for playing on from `position` of the game `setup` (as the
    /// editor checked it).
    public convenience init(opponent: Opponent, settings: Settings?, setup: GameSetup, position: String) {
        self.init(opponent: opponent, settings: settings)
        if games.contains(where: { $0.id == setup.game }) { game = setup.game }
        startPosition = (setup, position)
    }

    /// The game can be chosen (not when playing on from a set-up position).
    public var canChooseGame: Bool { startPosition == nil }
    /// `From a set-up position: …`.
    public var startPositionText: String? { startPosition.map { tr("From the position %@", $0.position) } }

    public init(opponent: Opponent, settings: Settings?) {
        self.opponent = opponent
        games = NorochessKit.variants()
        game = games.first?.id ?? ""
        presets = timeControlPresets()
        if let settings {
            level = Int(settings.defaultLevel)
            boardMode = settings.passAndPlayBoard
            if let clock = settings.defaultClock {
                clockIndex = presets.firstIndex { $0.control == clock }
            }
        }
    }

    /// The computer's levels, weakest first (the app layer's).
    public let levels: [Int] = computerLevels().map(Int.init)

    /// The chosen game's menu entry.
    public var info: VariantInfo { games.first { $0.id == game } ?? games[0] }

    /// The chosen game's options, each with its values, in the core's order.
    public var optionPickers: [OptionPicker] {
        info.options.map { option in
            OptionPicker(id: option.id, name: option.name,
                         choices: option.choices.map { Choice($0.id, $0.name) })
        }
    }

    /// The value of the chosen game's option `option`: the one picked, else
    /// the core's default.
    public func value(of option: String) -> String {
        guard let choices = info.options.first(where: { $0.id == option })?.choices else { return "" }
        if let picked = optionValues[option], choices.contains(where: { $0.id == picked }) { return picked }
        return (choices.first { $0.isDefault } ?? choices.first)?.id ?? ""
    }

    /// Picks `value` (a choice's id) for `option`.
    public func choose(_ value: String, for option: String) {
        optionValues[option] = value
    }

    /// Show the start number controls (the game has numbered starts).
    public var showsStartNumber: Bool { info.startNumbers != nil && startPosition == nil }
    /// The numbers a start may have (Norochess960: from 0 to one less than
    /// `startNumbers`); `nil` for a game with a fixed start.
    public var startNumberRange: ClosedRange<Int>? {
        info.startNumbers.flatMap { count in count > 0 ? 0...(Int(count) - 1) : nil }
    }

    /// The start number the form shows: the one picked, else the game's standard start.
    public var startNumber: Int {
        get { pickedStart ?? info.standardStart.map { Int($0) } ?? startNumberRange?.lowerBound ?? 0 }
        set { pickedStart = newValue }
    }

    public var showsLevelAndColour: Bool { opponent == .computer }
    public var showsBoardModeAndNames: Bool { opponent == .friend }

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

    /// The start number is one the game has (or the start is random).
    public var isValid: Bool {
        guard showsStartNumber, !randomStart else { return true }
        return startNumberRange?.contains(startNumber) ?? false
    }

    /// The record the session is created from.
    public func newGame(seed: UInt64 = UInt64.random(in: 1...UInt64.max)) -> NewGame {
        // Every option of the chosen game with its value, in the core's order.
        let options = info.options.map { OptionSetting(option: $0.id, value: value(of: $0.id)) }
        // A random start is drawn by the session from the seed (the app layer).
        let start = showsStartNumber && !randomStart ? UInt16(exactly: startNumber) : nil
        let setup = startPosition?.setup ?? GameSetup(game: info.id, options: options, startNumber: start)
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
            setup: setup, positionText: startPosition?.position, opponent: opponentChoice,
            clock: clockIndex.map { presets[$0].control },
            boardMode: opponent == .friend ? boardMode : nil, seed: seed, playerName: nil, level8Nodes: nil)
    }
}
