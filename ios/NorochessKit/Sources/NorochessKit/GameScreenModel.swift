import Foundation

/// The promotion picker: the move waiting for a choice and the pieces the rules allow.
public struct PromotionPicker: Equatable {
    public let from: String
    public let to: String
    public let choices: [PieceKind]
    /// Ram and Frontal chess: the choices are lost pieces coming back.
    public let isResurrection: Bool
}

/// Everything the game screen shows, derived from the core's `GameSnapshot`
/// and the screen's own selection state. Views draw this and nothing else.
public struct GameScreenState: Equatable {
    public var snapshot: GameSnapshot
    /// The selected square, if a piece is selected.
    public var selected: String? = nil
    /// Where the selected piece can go (dots on the board).
    public var targets: [String] = []
    /// Open while the player chooses a promotion or resurrection piece.
    public var promotionPicker: PromotionPicker? = nil
    /// A one-off message about the last move (a dethronement is announced, not picked).
    public var announcement: String? = nil
    /// The last error to show briefly.
    public var error: String? = nil

    /// Score bar: `19 – 15` in the Norochess family, else `nil`.
    public var scoreText: String? { GameTexts.scoreText(snapshot) }
    /// Score bar: `Move 31 / 48`, or `Overtime 52 / 60`; `nil` outside the Norochess family.
    public var moveCounterText: String? { GameTexts.moveCounterText(snapshot) }
    /// Whether the overtime badge is shown.
    public var isOvertime: Bool { snapshot.overtime != nil }
    /// The last three regular moves before move 48 are visibly marked.
    public var isFinalRegularMoves: Bool {
        guard snapshot.overtime == nil, let left = snapshot.regularMovesLeft else { return false }
        return (1...3).contains(left)
    }
    /// The result dialog's text once the game has ended.
    public var resultText: String? { snapshot.outcome.map { GameTexts.resultText($0, snapshot) } }
    /// `White to move`, or the result headline once over.
    public var statusText: String {
        snapshot.outcome.map(GameTexts.headline) ?? "\(GameTexts.sideName(snapshot.turn)) to move"
    }
}

/// The game screen's logic: selection, tap-tap moves, the promotion picker,
/// takeback, review texts and the engine's answers. Plain Swift on top of the
/// bindings (the SwiftUI app wraps it in an `ObservableObject`), tested with
/// XCTest on Linux too. Call it from one thread (the main actor); run engine
/// searches elsewhere and hand their `SearchOutcome` to `applyEngineMove`.
public final class GameScreenModel {
    public let game: GameHandle
    public private(set) var state: GameScreenState
    /// Called after every change of `state`.
    public var onChange: ((GameScreenState) -> Void)?

    public init(game: GameHandle) throws {
        self.game = game
        self.state = GameScreenState(snapshot: try game.snapshot())
    }

    private func publish(_ new: GameScreenState) {
        state = new
        onChange?(new)
    }

    private func refresh(announcement: String? = nil) throws {
        publish(GameScreenState(snapshot: try game.snapshot(), announcement: announcement))
    }

    private func show(_ error: Error) {
        var new = state
        new.promotionPicker = nil
        new.selected = nil
        new.targets = []
        new.error = (error as? NorochessError)?.message ?? "\(error)"
        publish(new)
    }

    /// A tap on the square named `square` (`e4`): select, reselect, deselect or move.
    public func tap(_ square: String) {
        guard state.snapshot.outcome == nil, state.promotionPicker == nil else { return }
        if let selected = state.selected {
            if square == selected {
                var new = state
                new.selected = nil
                new.targets = []
                new.error = nil
                publish(new)
            } else if state.targets.contains(square) {
                move(from: selected, to: square)
            } else {
                select(square)
            }
        } else {
            select(square)
        }
    }

    /// A tap by board coordinates (file and rank from 0), as a board view reports it.
    public func tap(file: Int, rank: Int) {
        tap(GameScreenModel.squareName(file: file, rank: rank))
    }

    private func select(_ square: String) {
        let snapshot = state.snapshot
        let own = snapshot.pieces.contains { $0.square == square && $0.piece.side == snapshot.turn }
        var new = state
        new.error = nil
        do {
            let targets = own ? try game.legalTargets(from: square) : []
            new.selected = targets.isEmpty ? nil : square
            new.targets = targets
            publish(new)
        } catch {
            show(error)
        }
    }

    private func move(from: String, to: String) {
        do {
            let offer = try game.promotionChoices(from: from, to: to)
            if offer.choices.count > 1 {
                var new = state
                new.promotionPicker = PromotionPicker(
                    from: from, to: to, choices: offer.choices, isResurrection: offer.isResurrection)
                new.error = nil
                publish(new)
                return
            }
            play { try self.game.play(from: from, to: to, promotion: offer.choices.first) }
        } catch {
            show(error)
        }
    }

    /// The player picked `kind` in the promotion picker.
    public func choosePromotion(_ kind: PieceKind) {
        guard let picker = state.promotionPicker else { return }
        play { try self.game.play(from: picker.from, to: picker.to, promotion: kind) }
    }

    /// The player closed the promotion picker without choosing.
    public func cancelPromotion() {
        var new = state
        new.promotionPicker = nil
        new.selected = nil
        new.targets = []
        publish(new)
    }

    /// Plays a move typed or pasted as text (any notation). Returns whether it was played.
    @discardableResult
    public func playText(_ text: String) -> Bool {
        play { try self.game.playText(text: text) }
    }

    @discardableResult
    private func play(_ action: () throws -> MoveInfo) -> Bool {
        do {
            let move = try action()
            try refresh(announcement: GameTexts.announcement(move))
            return true
        } catch {
            show(error)
            return false
        }
    }

    /// Plays the engine's answer if it still fits the game (no takeback while
    /// it was thinking). Returns whether it was played.
    @discardableResult
    public func applyEngineMove(_ outcome: SearchOutcome) -> Bool {
        guard let move = outcome.bestMove, outcome.plyCount == state.snapshot.plyCount else {
            var new = state
            new.error = "The engine's answer is out of date"
            publish(new)
            return false
        }
        return play { try self.game.playText(text: move.uci) }
    }

    /// Takes back `plies` moves (2 against the computer: your move and its reply).
    public func takeBack(_ plies: Int = 1) {
        do {
            for _ in 0..<plies { _ = try game.undo() }
            try refresh()
        } catch {
            show(error)
        }
    }

    /// Replays a move taken back.
    public func redo() {
        do {
            _ = try game.redo()
            try refresh()
        } catch {
            show(error)
        }
    }

    /// `side` resigns (after the app's confirmation).
    public func resign(_ side: Side) {
        do {
            _ = try game.resign(side: side)
            try refresh()
        } catch {
            show(error)
        }
    }

    /// The draw offer was accepted.
    public func agreeDraw() {
        do {
            _ = try game.agreeDraw()
            try refresh()
        } catch {
            show(error)
        }
    }

    /// The clock reported `side`'s flag fall.
    public func flagFall(_ side: Side) {
        do {
            _ = try game.flagFall(side: side)
            try refresh()
        } catch {
            show(error)
        }
    }

    /// The move list in SAN with move numbers: `1. e4 e5`, `2. Nf3 …`.
    public func moveListText() throws -> [String] {
        GameTexts.numberedMoves(try game.sanMoves(), state.snapshot)
    }

    /// `e4` for file 4 and rank 3 (both from 0), on either board size.
    public static func squareName(file: Int, rank: Int) -> String {
        let letter = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(file)))
        return "\(letter)\(rank + 1)"
    }
}

/// The texts of the game screen.
public enum GameTexts {
    public static func sideName(_ side: Side) -> String { side == .white ? "White" : "Black" }

    /// `19 – 15`.
    public static func scoreText(_ snapshot: GameSnapshot) -> String? {
        snapshot.scores.map { "\($0.white) – \($0.black)" }
    }

    /// `Move 31 / 48` or `Overtime 52 / 60`.
    public static func moveCounterText(_ snapshot: GameSnapshot) -> String? {
        if let overtime = snapshot.overtime {
            return "Overtime \(overtime.moveNumber) / \(overtime.lastMove)"
        }
        guard let regular = snapshot.regularMoves else { return nil }
        return "Move \(snapshot.moveNumber) / \(regular)"
    }

    /// `White wins 38–33`, `Draw 20–20`, `Black wins`.
    public static func headline(_ outcome: GameOutcome) -> String {
        let who = outcome.winner.map { "\(sideName($0)) wins" } ?? "Draw"
        guard let scores = outcome.scores else { return who }
        return "\(who) \(scores.white)–\(scores.black)"
    }

    /// The result dialog: `White wins 38–33 — higher score after move 48`.
    public static func resultText(_ outcome: GameOutcome, _ snapshot: GameSnapshot) -> String {
        let loser = outcome.winner.map { $0 == .white ? "Black" : "White" } ?? ""
        // After Black's move the counter has moved on to the next move.
        let lastMove = snapshot.turn == .white ? snapshot.moveNumber - 1 : snapshot.moveNumber
        let reason: String
        switch outcome.reason {
        case .noPiecesLeft: reason = "\(loser) has no pieces left"
        case .repetitionLoss: reason = "\(loser) repeated the position a third time"
        case .blocked: reason = outcome.winner == nil ? "no legal move, scores level" : "no legal move, higher score"
        case .moveLimit: reason = "higher score after move \(lastMove)"
        case .overtimeExhausted: reason = "scores level after move \(lastMove)"
        case .checkmate: reason = "checkmate"
        case .stalemate: reason = "stalemate"
        case .repetition: reason = "threefold repetition"
        case .fiftyMoves: reason = "fifty-move rule"
        case .insufficientMaterial: reason = "insufficient material"
        case .resignation: reason = "\(loser) resigned"
        case .agreement: reason = "draw agreed"
        case .timeForfeit: reason = "\(loser) ran out of time"
        case .timeoutVsInsufficientMaterial: reason = "time ran out, but no win was possible"
        }
        return "\(headline(outcome)) — \(reason)"
    }

    /// What the screen announces after a move, if anything.
    public static func announcement(_ move: MoveInfo) -> String? {
        switch move.kind {
        case .dethronement: return "Dethronement: the pawn and the queen leave the board"
        case .ram: return "Ram: both pawns leave the board"
        case .swap: return "Swap: the pawns change places"
        default: return nil
        }
    }

    /// `1. e4 e5`, … with `1… e5` when the game began with Black to move.
    public static func numberedMoves(_ san: [String], _ snapshot: GameSnapshot) -> [String] {
        let currentIndex = (Int(snapshot.moveNumber) - 1) * 2 + (snapshot.turn == .black ? 1 : 0)
        let startIndex = currentIndex - san.count
        var rows: [String] = []
        for (i, move) in san.enumerated() {
            let index = startIndex + i
            let number = index / 2 + 1
            if index % 2 == 0 {
                rows.append("\(number). \(move)")
            } else if i == 0 {
                rows.append("\(number)… \(move)")
            } else {
                rows[rows.count - 1] += " \(move)"
            }
        }
        return rows
    }

    /// The hint line: `Hint: Nf3 (+0.35)`.
    public static func hintText(_ hint: Hint) -> String {
        guard let score = hint.score else { return "Hint: \(hint.suggested.san)" }
        return "Hint: \(hint.suggested.san) (\(score.text))"
    }
}
