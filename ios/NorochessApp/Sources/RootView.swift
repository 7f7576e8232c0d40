import NorochessKit
import SwiftUI
import UIKit

/// The navigation: Home and the screens the AppModel opens.
struct RootView: View {
    @Bindable var app: AppModel

    var body: some View {
        NavigationStack(path: $app.path) {
            HomeView(app: app)
                .navigationDestination(for: Route.self) { route in
                    destination(route)
                }
        }
        // A screen that could not be opened (a game, a review, a position)
        // says why over whichever screen asked for it, not only on Home.
        .alert("Something went wrong", isPresented: errorShown) {
            Button("OK") { app.error = nil }
        } message: {
            Text(verbatim: app.error ?? "")
        }
        // The model says when a game needs the screen awake; leaving it or
        // its end turns the system's idle timer back on.
        .onChange(of: app.keepsScreenAwake, initial: true) { _, awake in
            UIApplication.shared.isIdleTimerDisabled = awake
        }
    }

    private var errorShown: Binding<Bool> {
        Binding(get: { app.error != nil }, set: { if !$0 { app.error = nil } })
    }

    @ViewBuilder
    private func destination(_ route: Route) -> some View {
        switch route {
        case .game:
            if let game = app.game { GameView(model: game, app: app) }
        case .newComputerGame, .newFriendGame:
            if let form = app.newGame { NewGameView(form: form, app: app) }
        case .puzzles:
            if let list = app.puzzles { PuzzleListView(model: list, app: app) }
        case .puzzle:
            if let puzzle = app.puzzle { PuzzleView(model: puzzle, app: app) }
        case .games:
            if let games = app.games { GamesListView(model: games, app: app) }
        case .stats:
            if let stats = app.stats { StatsView(model: stats) }
        case .settings:
            if let settings = app.settingsModel { SettingsView(model: settings) }
        case .rules:
            if let rules = app.rules { RulesView(model: rules) }
        case .review:
            if let review = app.review { ReviewView(model: review, app: app) }
        case .analysis:
            if let analysis = app.analysis { AnalysisBoardScreen(model: analysis) }
        case .editor:
            if let editor = app.editor { PositionEditorScreen(model: editor, app: app) }
        case .composer:
            if let composer = app.composer { ComposerScreen(model: composer) }
        }
    }
}
