import Foundation

extension NorochessError: LocalizedError {
    /// The sentence that says what went wrong (the `detail` every case carries),
    /// for an alert or the log.
    public var message: String {
        switch self {
        case let .InvalidVariant(detail), let .InvalidPosition(detail), let .GameOver(detail),
             let .InvalidPuzzle(detail), let .InvalidArgument(detail), let .Storage(detail),
             let .Internal(detail):
            return detail
        case let .InvalidSquare(_, detail), let .IllegalMove(_, detail), let .Refused(_, detail),
             let .NoSuchGame(_, detail):
            return detail
        case let .PromotionRequired(_, _, detail):
            return detail
        case let .Conflict(_, _, _, detail):
            return detail
        case let .Setting(_, _, _, detail):
            return detail
        }
    }

    public var errorDescription: String? { message }
}

/// The sentence of any error a model shows.
func describe(_ error: Error) -> String {
    (error as? NorochessError)?.message ?? "\(error)"
}
