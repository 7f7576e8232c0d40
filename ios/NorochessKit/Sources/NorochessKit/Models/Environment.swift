import Foundation

/// The monotonic time in milliseconds that the Rust layer's clocks take
/// (`nowMs`). The app uses `SystemTime`; tests use `ManualTime`.
public protocol TimeSource: AnyObject, Sendable {
    func nowMs() -> UInt64
}

/// Milliseconds of `ContinuousClock` (keeps counting while the phone sleeps)
/// since this object was made.
public final class SystemTime: TimeSource {
    private let origin = ContinuousClock.now
    public init() {}
    public func nowMs() -> UInt64 {
        let elapsed = ContinuousClock.now - origin
        let (seconds, attoseconds) = elapsed.components
        return UInt64(max(0, seconds)) * 1000 + UInt64(max(0, attoseconds) / 1_000_000_000_000_000)
    }
}

/// Time that moves only when told to (tests, previews).
public final class ManualTime: TimeSource, @unchecked Sendable {
    private let lock = NSLock()
    private var now: UInt64
    public init(_ start: UInt64 = 1_000) { now = start }
    public func nowMs() -> UInt64 { lock.lock(); defer { lock.unlock() }; return now }
    public func advance(_ ms: UInt64) { lock.lock(); now += ms; lock.unlock() }
}

/// A sentence for VoiceOver to say once (the view posts it as an
/// announcement when `id` changes): the computer's reply, a puzzle's answer.
public struct Spoken: Equatable, Sendable {
    public let id: Int
    public let text: String
}

/// What the game and puzzle screens play a sound or haptic for.
public enum FeedbackEvent: Equatable, Sendable {
    case move
    case capture
    case gameEnd
    case correct
    case wrong
}

/// Plays sounds and haptics; the app's player uses UIKit's feedback
/// generators and system sounds. The models call it only for what the
/// settings allow, and say which of the two is wanted.
@MainActor
public protocol FeedbackPlayer: AnyObject {
    func play(_ event: FeedbackEvent, sound: Bool, haptic: Bool)
}

/// A player that only remembers (tests, previews).
@MainActor
public final class RecordingFeedback: FeedbackPlayer {
    public private(set) var events: [FeedbackEvent] = []
    public init() {}
    public func play(_ event: FeedbackEvent, sound: Bool, haptic: Bool) {
        if sound || haptic { events.append(event) }
    }
}

/// Where the library lives: `Application Support/Norochess` (created if needed).
public func defaultLibraryFolder() throws -> URL {
    let base = try FileManager.default.url(
        for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
    let folder = base.appendingPathComponent("Norochess", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
