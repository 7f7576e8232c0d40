// A stand-in for the UIKit calls of NorochessApp (scripts/check-ios-app.sh
// type-checks the app against it on Linux); signatures as Apple's.
@MainActor
open class UIFeedbackGenerator {
    public init() {}
}

@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle { case light, medium, heavy, soft, rigid }
    public init(style: FeedbackStyle) {}
    open func impactOccurred() {}
    open func impactOccurred(intensity: Double) {}
}

@MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType { case success, warning, error }
    override public init() {}
    open func notificationOccurred(_ notificationType: FeedbackType) {}
}

public enum UIAccessibility {
    public struct Notification: Equatable {
        public static let announcement = Notification(), layoutChanged = Notification(), screenChanged = Notification()
    }
    public static func post(notification: Notification, argument: Any?) {}
}

@MainActor
open class UIApplication {
    public static let shared = UIApplication()
    open var isIdleTimerDisabled = false
}
