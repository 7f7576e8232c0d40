import Foundation
import NorochessKit

/// The game screen's SwiftUI view model: publishes `GameScreenModel`'s state
/// and runs the engine off the main thread. All game logic is in the screen
/// model and the Rust core.
@MainActor
final class GameViewModel: ObservableObject {
    @Published private(set) var state: GameScreenState
    @Published private(set) var moves: [String] = []
    @Published private(set) var thinking = false
    @Published private(set) var hint: String?
    @Published private(set) var failure: String?

    private var model: GameScreenModel
    private let engine: EngineHandle
    private let computerSide: Side?
    private let level: UInt8

    init(setup: GameSetup, computerSide: Side? = .black, level: UInt8 = 4) {
        // Creating a game or an engine fails only on invalid arguments, which
        // the menus never produce.
        let game = try! GameHandle(setup: setup)
        model = try! GameScreenModel(game: game)
        engine = try! EngineHandle(hashMb: 16)
        state = model.state
        self.computerSide = computerSide
        self.level = level
        attach()
    }

    private func attach() {
        model.onChange = { [weak self] new in
            guard let self else { return }
            self.state = new
            self.moves = (try? self.model.moveListText()) ?? []
        }
        state = model.state
        moves = (try? model.moveListText()) ?? []
        letComputerMoveIfDue()
    }

    func tap(file: Int, rank: Int) {
        guard !thinking else { return }
        hint = nil
        model.tap(file: file, rank: rank)
        letComputerMoveIfDue()
    }

    func choosePromotion(_ kind: PieceKind) {
        model.choosePromotion(kind)
        letComputerMoveIfDue()
    }

    func cancelPromotion() { model.cancelPromotion() }

    /// Takeback against the computer: your last move and its reply.
    func takeBack() {
        engine.stop()
        model.takeBack(computerSide == nil ? 1 : 2)
    }

    func resign() {
        engine.stop()
        model.resign(state.snapshot.turn)
    }

    func askHint() {
        guard !thinking else { return }
        let game = model.game
        let engine = engine
        runEngine {
            GameTexts.hintText(try engine.hint(game: game, moveTimeMs: 1_000))
        } then: { [weak self] text in
            self?.hint = text
        }
    }

    func rematch() {
        engine.stop()
        try? engine.clear()
        do {
            model = try GameScreenModel(game: GameHandle(setup: state.snapshot.setup))
            attach()
        } catch {
            failure = (error as? NorochessError)?.message ?? "\(error)"
        }
    }

    private func letComputerMoveIfDue() {
        let snapshot = state.snapshot
        guard let computerSide, snapshot.outcome == nil, snapshot.turn == computerSide else { return }
        let game = model.game
        let engine = engine
        let level = level
        runEngine {
            try engine.playAtLevel(
                game: game, level: level, seed: UInt64.random(in: 0...UInt64.max),
                limits: SearchLimits(depth: nil, nodes: nil, moveTimeMs: nil, clock: nil))
        } then: { [weak self] outcome in
            self?.model.applyEngineMove(outcome)
        }
    }

    /// Runs a search on a background thread (searches block their thread),
    /// then hands the result back on the main actor.
    private func runEngine<T: Sendable>(
        _ work: @escaping @Sendable () throws -> T, then: @escaping @MainActor (T) -> Void
    ) {
        thinking = true
        Task.detached(priority: .userInitiated) {
            let result = Result { try work() }
            await MainActor.run {
                self.thinking = false
                switch result {
                case let .success(value): then(value)
                case let .failure(error): self.failure = (error as? NorochessError)?.message ?? "\(error)"
                }
            }
        }
    }
}
