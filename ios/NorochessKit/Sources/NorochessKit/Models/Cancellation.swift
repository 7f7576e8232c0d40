import Foundation

/// UniFFI 0.32's Swift `async` calls do not react to `Task.cancel()` (the
/// generated code awaits the Rust future without a cancellation handler), so
/// the session offers `cancelSearches()`; these wrappers call it when the
/// task is cancelled, and the waiting call returns at once: `computerMove`
/// with `.cancelled` (nothing played), `hint` with `nil`. Every engine call
/// of the models goes through them.
extension GameSessionHandle {
    /// `computerMove(nowMs:)`, stopped by `Task.cancel()`.
    public func computerMoveCancellable(nowMs: UInt64) async throws -> ComputerMove {
        // A task cancelled before it began searches nothing.
        if Task.isCancelled { return .cancelled }
        return try await withTaskCancellationHandler {
            try await computerMove(nowMs: nowMs)
        } onCancel: {
            cancelSearches()
        }
    }

    /// `hint(limits:)`, stopped by `Task.cancel()`.
    public func hintCancellable(limits: SearchLimits) async throws -> SessionHint? {
        if Task.isCancelled { return nil }
        return try await withTaskCancellationHandler {
            try await hint(limits: limits)
        } onCancel: {
            cancelSearches()
        }
    }
}
