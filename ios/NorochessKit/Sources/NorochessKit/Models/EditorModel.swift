import Foundation
import Observation

/// The position editor (the app layer's `PositionEditorHandle`): any game
/// of the menu on its board, the palette (`editorPalette()`) to place
/// pieces and an eraser to remove them, clear, the start position (a
/// numbered one in Norochess960), the side to move, the move number and
/// both scores. What is wrong with the position is the app layer's: its
/// problems are listed in its words and their squares marked, and a
/// position leaves the editor (Analyse, Compose, Play from here) only
/// when the app layer calls it playable and hands it over checked.
@MainActor
@Observable
public final class EditorModel {
    /// What a tap on a square does.
    public enum Tool: Hashable {
        /// Puts this piece there (replacing what stood there).
        case place(Piece)
        /// Empties the square.
        case erase
    }

    /// Every game of the menu, in order.
    public let games: [VariantInfo] = NorochessKit.variants()
    /// The pieces offered, White's then Black's (the app layer's palette).
    public let palette: [Piece]
    /// The tool a tap on the board uses.
    public var tool: Tool
    /// Everything the editor draws: pieces, fields, problems.
    public private(set) var view: EditorView
    /// The start number `resetToStart()` sets up in a game with numbered starts.
    public var startNumber: Int
    /// The side at the bottom of the board.
    public private(set) var bottom: Side = .white
    public private(set) var error: String?
    public private(set) var settings: Settings?

    @ObservationIgnored private var handle: PositionEditorHandle

    /// The start of `game`, or the position text `position` of it (a
    /// game's position to edit).
    public init(game: String = "norochess", position: String? = nil, settings: Settings? = nil) throws {
        handle = try position.map { try PositionEditorHandle.ofPosition(game: game, position: $0) }
            ?? PositionEditorHandle.start(game: game, chess960Start: nil)
        view = handle.view()
        let pieces = editorPalette()
        palette = pieces
        tool = .place(pieces.first ?? Piece(color: .white, role: .king))
        startNumber = 0
        self.settings = settings
        startNumber = defaultStartNumber
    }

    // MARK: - What the screen draws

    /// The game being set up.
    public var gameId: String { view.setup.game }
    public var info: VariantInfo? { games.first { $0.id == gameId } }

    public var layout: BoardLayout {
        BoardLayout(editor: view, bottom: bottom, marks: .init(flagged: flaggedSquares), settings: settings)
    }

    /// The squares the problems name, marked on the board.
    public var flaggedSquares: Set<String> { Set(view.problems.flatMap(\.squares)) }

    /// Every reason the position cannot be played, in the app layer's words.
    public var problems: [ProblemView] { view.problems }

    /// Whether the position can be played, in a sentence above the problems.
    public var verdictText: String {
        view.isPlayable ? tr("The position can be played") : tr("The position cannot be played yet")
    }

    /// The position can leave the editor (Analyse, Compose, Play from here).
    public var isPlayable: Bool { view.isPlayable }

    /// Where the tool's piece is drawn in the palette and what VoiceOver says.
    public func paletteLabel(_ piece: Piece) -> String { Names.piece(piece) }
    public var eraserLabel: String { tr("Eraser") }
    public func isChosen(_ piece: Piece) -> Bool { tool == .place(piece) }
    public var isErasing: Bool { tool == .erase }

    /// The numbers a start may have (Norochess960), `nil` for a fixed start.
    public var startNumberRange: ClosedRange<Int>? {
        info?.startNumbers.flatMap { count in count > 0 ? 0...(Int(count) - 1) : nil }
    }

    /// The board is exactly this numbered start: `Start 518`.
    public var startText: String? { view.setup.startNumber.map { tr("Start %@", "\($0)") } }

    public var moveNumberRange: ClosedRange<Int> { 1...max(1, Int(view.lastMove)) }
    /// Scores are UInt16 in the position text; the editor says which are impossible.
    public let scoreRange: ClosedRange<Int> = 0...Int(UInt16.max)

    public var sideChoices: [Choice<Side>] { [Choice(.white, Names.side(.white)), Choice(.black, Names.side(.black))] }

    public func score(_ side: Side) -> Int {
        guard let scores = view.scores else { return 0 }
        return Int(side == .white ? scores.white : scores.black)
    }

    // MARK: - Edits

    /// Chooses the game: its start position.
    public func chooseGame(_ id: String) {
        guard id != gameId else { return }
        do {
            handle = try PositionEditorHandle.start(game: id, chess960Start: nil)
            view = handle.view()
            startNumber = defaultStartNumber
            error = nil
        } catch {
            self.error = describe(error)
        }
    }

    /// A tap on `square` with the tool.
    public func tap(_ square: String) {
        edit {
            switch tool {
            case let .place(piece): return try $0.place(square: square, piece: piece)
            case .erase: return try $0.remove(square: square)
            }
        }
    }

    public func clear() { edit { $0.clear() } }

    /// The game's start (in Norochess960 start `startNumber`).
    public func resetToStart() {
        let number = startNumberRange.map { UInt16(clamping: min(max(startNumber, $0.lowerBound), $0.upperBound)) }
        edit { try $0.resetToStart(chess960Start: number) }
    }

    public func setTurn(_ side: Side) { edit { $0.setTurn(side: side) } }
    public func setMoveNumber(_ number: Int) { edit { $0.setMoveNumber(moveNumber: UInt32(clamping: number)) } }
    public func setScore(_ side: Side, _ score: Int) { edit { $0.setScore(side: side, score: UInt16(clamping: score)) } }
    public func flip() { bottom = bottom == .white ? .black : .white }

    /// One castling right as a switch (games with castling, `view.hasCastling`).
    public struct CastlingSwitch: Identifiable, Equatable {
        public let id: WritableKeyPath<CastlingRights, Bool>
        public let title: String
        public let isOn: Bool
    }

    /// White's and Black's castling rights, king side then queen side.
    public var castlingSwitches: [CastlingSwitch] {
        let rights = view.castling
        return [
            CastlingSwitch(id: \.whiteKingSide, title: tr("White may castle king side"), isOn: rights.whiteKingSide),
            CastlingSwitch(id: \.whiteQueenSide, title: tr("White may castle queen side"), isOn: rights.whiteQueenSide),
            CastlingSwitch(id: \.blackKingSide, title: tr("Black may castle king side"), isOn: rights.blackKingSide),
            CastlingSwitch(id: \.blackQueenSide, title: tr("Black may castle queen side"), isOn: rights.blackQueenSide),
        ]
    }

    /// Allows or forbids one castling move; the editor says when the king
    /// and rook are not where it needs them.
    public func setCastling(_ right: WritableKeyPath<CastlingRights, Bool>, _ allowed: Bool) {
        var rights = view.castling
        rights[keyPath: right] = allowed
        edit { $0.setCastling(castling: rights) }
    }

    /// The en passant square as typed (games with en passant, `view.hasEnPassant`).
    public var enPassantDraft = ""

    /// `En passant square: e6`, or that there is none.
    public var enPassantText: String {
        view.enPassant.map { tr("En passant square: %@", $0) } ?? tr("No en passant square")
    }

    /// Sets the typed en passant square (empty: none); the app layer says
    /// when the square is not one (an error) or not possible here (a problem).
    public func applyEnPassant() {
        let square = enPassantDraft.trimmingCharacters(in: .whitespaces)
        edit { try $0.setEnPassant(square: square.isEmpty ? nil : square) }
        if error == nil { enPassantDraft = "" }
    }

    /// Ram and Frontal chess: the opening restriction still applies
    /// (`view.hasOpeningRule`).
    public func setOpeningPending(_ pending: Bool) { edit { $0.setOpeningPending(pending: pending) } }

    /// The position as the app layer hands it over, checked; `nil` (and
    /// the reasons in `error`) when it cannot be played.
    public func checkedPosition() -> String? {
        do {
            let text = try handle.checkedPosition()
            error = nil
            return text
        } catch {
            self.error = describe(error)
            return nil
        }
    }

    private var defaultStartNumber: Int {
        Int(view.setup.startNumber ?? info?.standardStart ?? 0)
    }

    private func edit(_ body: (PositionEditorHandle) throws -> EditorView) {
        do {
            view = try body(handle)
            error = nil
        } catch {
            self.error = describe(error)
        }
    }

    public func apply(settings: Settings) { self.settings = settings }
}
