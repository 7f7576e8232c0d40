import Foundation
import Observation

/// The puzzle composer: a checked position (from the editor or a game), an
/// objective from the app layer's list (`composerObjectives()`, with the
/// numbers each asks for and why a number is refused), the exact solver's
/// proof (`composePuzzle`, seconds, in a task this model owns): the
/// solution, or the reason it is not a puzzle (several first moves, none,
/// unsettled). A proven puzzle is saved to My puzzles and shared as its
/// one line of text (`shareText`).
@MainActor
@Observable
public final class ComposerModel {
    /// The game's id and the position text composed from.
    public let game: String
    public let position: String
    /// The objectives offered, in order (the app layer's words).
    public let objectives: [ObjectiveChoice] = composerObjectives()
    /// The chosen objective's id (`win`, `win-by`, `save`, `gain`).
    public var objectiveId: String { didSet { if objectiveId != oldValue { forgetProof() } } }
    /// N, for an objective that asks for points.
    public var points: Int = 1 { didSet { if points != oldValue { forgetProof() } } }
    /// M, for an objective that asks for moves.
    public var moves: Int = 1 { didSet { if moves != oldValue { forgetProof() } } }
    /// The proven puzzle.
    public private(set) var composed: ComposedPuzzle?
    /// Why the position and objective make no puzzle (the solver's reason).
    public private(set) var failure: String?
    /// The solver is working.
    public private(set) var isProving = false
    /// `Saved to My puzzles`, once saved.
    public private(set) var savedText: String?
    /// A save that failed.
    public private(set) var error: String?

    @ObservationIgnored private let library: LibraryHandle
    @ObservationIgnored private var task: Task<Void, Never>?
    /// Which proof is current: one for an objective since changed is dropped.
    @ObservationIgnored private var ticket = 0

    public init(game: String, position: String, library: LibraryHandle) {
        self.game = game
        self.position = position
        self.library = library
        objectiveId = composerObjectives().first?.id ?? "win"
    }

    // MARK: - The objective

    public var choice: ObjectiveChoice? { objectives.first { $0.id == objectiveId } }
    public var asksPoints: Bool { choice?.asksPoints ?? false }
    public var asksMoves: Bool { choice?.asksMoves ?? false }
    /// Why N or M cannot be used (`N must be …`), from the app layer.
    public var numberProblem: String? {
        choice?.problem(points: UInt32(clamping: points), moves: UInt32(clamping: moves))
    }
    /// What the steppers offer; the app layer says which numbers it refuses (`numberProblem`).
    public let pointsRange: ClosedRange<Int> = 0...Int(UInt16.max)
    public let movesRange: ClosedRange<Int> = 0...Int(UInt8.max)
    public var canProve: Bool { !isProving && choice != nil && numberProblem == nil }

    // MARK: - The proof

    /// Asks the solver to prove the puzzle.
    public func prove() {
        guard canProve, let objective = choice?.objective(points: UInt32(clamping: points), moves: UInt32(clamping: moves))
        else { return }
        forgetProof()
        ticket += 1
        let ticket = ticket
        let (game, position) = (game, position)
        isProving = true
        task = Task { [weak self] in
            let result: Result<ComposedPuzzle, Error>
            do {
                result = .success(try await composePuzzle(game: game, position: position, objective: objective))
            } catch {
                result = .failure(error)
            }
            self?.proved(result, ticket: ticket)
        }
    }

    /// Waits for the solver's answer (tests).
    public func waitForProof() async {
        if let task { await task.value }
    }

    private func proved(_ result: Result<ComposedPuzzle, Error>, ticket: Int) {
        guard ticket == self.ticket else { return }
        task = nil
        isProving = false
        switch result {
        case let .success(puzzle): composed = puzzle
        case let .failure(error): failure = describe(error)
        }
    }

    private func forgetProof() {
        ticket += 1
        task = nil
        isProving = false
        composed = nil
        failure = nil
        savedText = nil
    }

    /// `White to play and win — move 48, score 18–20`.
    public var descriptionText: String? { composed?.description }
    /// `Solution: Qxd5 Kg7 …`.
    public var solutionText: String? {
        guard let composed else { return nil }
        return tr("Solution: %@", composed.solution.joined(separator: " "))
    }
    /// The one line another copy of the app imports by paste.
    public var shareText: String? { composed?.shareText }

    // MARK: - My puzzles

    public var canSave: Bool { composed != nil && savedText == nil }

    /// Keeps the proven puzzle in My puzzles.
    public func save() {
        guard let composed else { return }
        do {
            let added = try library.saveMyPuzzle(shareText: composed.shareText, origin: .composed)
            savedText = added ? tr("Saved to My puzzles") : tr("Already in My puzzles")
            error = nil
        } catch {
            self.error = describe(error)
        }
    }

    /// Leaving the screen: a proof still running is not waited for and its
    /// answer is dropped.
    public func leave() {
        ticket += 1
        task = nil
        isProving = false
    }
}
