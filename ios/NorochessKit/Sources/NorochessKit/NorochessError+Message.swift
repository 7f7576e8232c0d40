import Foundation

extension NorochessError: LocalizedError {
    /// The sentence that says what went wrong, for an alert or the log.
    public var message: String {
        switch self {
        case let .InvalidVariant(message), let .InvalidPosition(message), let .InvalidSquare(message),
             let .IllegalMove(message), let .PromotionRequired(message), let .GameOver(message),
             let .InvalidRecord(message), let .Clock(message), let .InvalidPuzzle(message),
             let .InvalidProgress(message), let .InvalidArgument(message), let .Internal(message):
            return message
        }
    }

    public var errorDescription: String? { message }
}
