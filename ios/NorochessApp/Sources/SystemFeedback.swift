import AudioToolbox
import NorochessKit
import UIKit

/// Has VoiceOver say a model's sentence once (the computer's reply, a
/// puzzle's answer).
@MainActor
func speak(_ spoken: Spoken?) {
    if let spoken { UIAccessibility.post(notification: .announcement, argument: spoken.text) }
}

/// Sounds and haptics for the models' events (the models ask only for
/// what the settings allow).
@MainActor
final class SystemFeedback: FeedbackPlayer {
    private let impact = UIImpactFeedbackGenerator(style: .light)
    private let notification = UINotificationFeedbackGenerator()

    func play(_ event: FeedbackEvent, sound: Bool, haptic: Bool) {
        if haptic {
            switch event {
            case .move: impact.impactOccurred()
            case .capture: impact.impactOccurred(intensity: 1)
            case .gameEnd, .correct: notification.notificationOccurred(.success)
            case .wrong: notification.notificationOccurred(.error)
            }
        }
        if sound {
            switch event {
            case .move: AudioServicesPlaySystemSound(1104)
            case .capture: AudioServicesPlaySystemSound(1105)
            case .gameEnd, .correct: AudioServicesPlaySystemSound(1025)
            case .wrong: AudioServicesPlaySystemSound(1053)
            }
        }
    }
}
