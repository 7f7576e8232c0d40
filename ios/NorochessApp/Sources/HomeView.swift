import NorochessKit
import SwiftUI

/// Home: Continue, new games, puzzles, games, statistics, settings, rules.
struct HomeView: View {
    @Bindable var app: AppModel

    var body: some View {
        List {
            if let text = app.continueText {
                Section {
                    Button(action: { app.continueCurrent() }) {
                        Label {
                            VStack(alignment: .leading) {
                                Text("Continue")
                                Text(verbatim: text).font(.footnote).foregroundStyle(.secondary)
                            }
                        } icon: {
                            Image(systemName: "play.fill")
                        }
                    }
                }
            }
            Section {
                Button { app.showNewGame(.computer) } label: { Label("Play the computer", systemImage: "cpu") }
                Button { app.showNewGame(.friend) } label: { Label("Pass and play", systemImage: "person.2") }
                Button(action: { app.showPuzzles() }) { Label("Puzzles", systemImage: "puzzlepiece") }
                Button(action: { app.openEditor() }) { Label("Set up a position", systemImage: "square.and.pencil") }
            }
            Section {
                Button(action: { app.showGames() }) { Label("Games", systemImage: "list.bullet.rectangle") }
                Button(action: { app.showStats() }) { Label("Statistics", systemImage: "chart.bar") }
                Button { app.showRules() } label: { Label("Rules", systemImage: "book") }
                Button(action: { app.showSettings() }) { Label("Settings", systemImage: "gearshape") }
            }
        }
        .navigationTitle("Norochess")
        .alert("Norochess", isPresented: noticeShown) {
            // Tapping OK dismisses the alert, which sets noticeShown to false:
            // that is where the notice goes (removing it here too took two).
            Button("OK") {}
        } message: {
            Text(verbatim: app.currentNotice?.message ?? "")
        }
    }

    private var noticeShown: Binding<Bool> {
        // The notice this alert shows, named when it is dismissed: a second
        // "false" for the same OK then removes nothing.
        let shown = app.currentNotice
        return Binding(get: { app.currentNotice != nil }, set: { if !$0, let shown { app.dismissNotice(shown) } })
    }
}
