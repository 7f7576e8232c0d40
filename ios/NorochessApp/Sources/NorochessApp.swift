import NorochessKit
import SwiftUI

@main
struct NorochessApp: App {
    init() {
        // Installs the core's os_log backend once; later calls only change the level.
        #if DEBUG
        setLogLevel(level: .debug)
        #else
        setLogLevel(level: .warn)
        #endif
    }

    var body: some Scene {
        WindowGroup {
            GameView(viewModel: GameViewModel(setup: GameSetup(variant: .norochess, zone: nil, blockage: nil, startNumber: nil)))
        }
    }
}
