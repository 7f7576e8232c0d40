import NorochessKit
import SwiftUI

/// The app: one AppModel for its whole life (made once, never in `body`).
@main
struct NorochessApp: App {
    @State private var app: AppModel?
    @State private var failure: String?
    @Environment(\.scenePhase) private var scenePhase

    init() {
        // Installs the core's os_log backend once; later calls only change the level.
        #if DEBUG
        setLogLevel(level: .debug)
        #else
        setLogLevel(level: .warn)
        #endif
        // The models are main-actor objects; the app starts on the main thread.
        let opened: Result<AppModel, Error> = MainActor.assumeIsolated {
            Result { try AppModel(folder: defaultLibraryFolder(), feedback: SystemFeedback()) }
        }
        switch opened {
        case let .success(app): _app = State(initialValue: app)
        case let .failure(error): _failure = State(initialValue: error.localizedDescription)
        }
    }

    var body: some Scene {
        WindowGroup {
            if let app {
                RootView(app: app)
            } else {
                ContentUnavailableView("The library cannot be opened", systemImage: "exclamationmark.triangle",
                                       description: Text(verbatim: failure ?? ""))
            }
        }
        .onChange(of: scenePhase) { _, phase in
            app?.setBackground(phase != .active)
        }
    }
}
