import NorochessKit
import SwiftUI

/// The puzzle list: tiers and themes, the daily puzzle, progress.
struct PuzzleListView: View {
    @Bindable var model: PuzzleListModel
    let app: AppModel

    var body: some View {
        List {
            Section {
                Text(verbatim: model.progressText)
                Text(verbatim: model.ratingText)
                if let daily = model.dailyPuzzleId() {
                    Button { app.openPuzzle(daily) } label: { Label("Daily puzzle", systemImage: "calendar") }
                }
            }
            Section {
                Picker("Difficulty", selection: $model.tier) {
                    ForEach(model.tiers, id: \.self) { tier in Text(verbatim: model.tierName(tier)).tag(tier) }
                }
                .pickerStyle(.segmented)
                Text(verbatim: model.tierProgress(model.tier)).font(.footnote)
                ThemePicker(choice: model.choice, choose: { model.chooseTheme($0) })
                if let meaning = model.choice.meaning { Text(verbatim: meaning).font(.footnote).foregroundStyle(.secondary) }
                Button { app.openChosenPuzzle(from: model) } label: { Label(model.solveText, systemImage: "play.fill") }
                if let notice = model.choiceNotice { Text(verbatim: notice).foregroundStyle(.secondary) }
            }
            Section("My puzzles") {
                if let empty = model.myPuzzlesEmptyText { Text(verbatim: empty).foregroundStyle(.secondary) }
                ForEach(model.myRows) { row in
                    Button { app.openMyPuzzle(line: row.line) } label: {
                        VStack(alignment: .leading) {
                            Text(verbatim: row.title).font(.headline)
                            Text(verbatim: row.status).font(.footnote).foregroundStyle(.secondary)
                        }
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text(verbatim: row.accessibilityLabel))
                    .accessibilityAddTraits(.isButton)
                    .swipeActions {
                        Button("Delete", role: .destructive) { model.deleteMyPuzzle(row.id) }
                        ShareLink(item: row.line) { Label("Share", systemImage: "square.and.arrow.up") }
                    }
                }
                // A line that can no longer be read is named, never dropped in silence.
                ForEach(model.unreadable, id: \.self) { line in
                    Label { Text(verbatim: line) } icon: { Image(systemName: "exclamationmark.triangle") }
                        .foregroundStyle(Color.red)
                }
                Button { app.openEditor() } label: { Label("Compose a puzzle", systemImage: "square.and.pencil") }
                Button { model.showImport() } label: { Label("Import a puzzle", systemImage: "doc.on.clipboard") }
                if let error = model.error { Text(verbatim: error).foregroundStyle(Color.red) }
            }
            Section {
                ForEach(model.rows) { row in
                    Button { app.openPuzzle(row.id, choice: model.choice) } label: {
                        HStack {
                            Image(systemName: row.symbol)
                            VStack(alignment: .leading) {
                                Text(verbatim: row.title).font(.headline)
                                Text(verbatim: row.objective).font(.footnote).foregroundStyle(.secondary)
                            }
                        }
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text(verbatim: row.accessibilityLabel))
                    .accessibilityAddTraits(.isButton)
                }
            }
        }
        .navigationTitle("Puzzles")
        .onAppear(perform: { model.reload() })
        .sheet(isPresented: $model.isImportPresented) {
            PuzzleImportSheet(model: model)
                .presentationDetents([.medium, .large])
        }
    }
}

/// The theme picker of a choice: "Any theme" and the themes of the chosen
/// tier with their counts (the app layer's); a pick goes to the model.
private struct ThemePicker: View {
    let choice: PuzzleFilterChoice
    let choose: (String?) -> Void

    var body: some View {
        Picker("Theme", selection: Binding(get: { choice.filter.theme }, set: { choose($0) })) {
            ForEach(choice.items) { item in Text(verbatim: item.label).tag(item.theme) }
        }
        .pickerStyle(.menu)
    }
}

/// Import by paste: a shared puzzle line, proven again, kept in My puzzles.
private struct PuzzleImportSheet: View {
    @Bindable var model: PuzzleListModel

    var body: some View {
        Form {
            Section {
                TextField("Paste a puzzle line", text: $model.importText, axis: .vertical)
                    .lineLimit(6)
                Button(action: { model.importPasted() }) { Label("Import", systemImage: "square.and.arrow.down") }
                    .disabled(!model.canImport)
                if model.isImporting {
                    HStack {
                        ProgressView()
                        Text("The solver is checking the puzzle…")
                    }
                }
                if let message = model.importMessage {
                    Text(verbatim: message).foregroundStyle(model.importSucceeded ? Color.green : Color.red)
                }
            }
            Section {
                Button("Done") { model.isImportPresented = false }
            }
        }
    }
}

/// One puzzle: the opponent's move that set it, objective, board, feedback,
/// hint, retry, solution, next; the title says which puzzles Next keeps to,
/// and the theme picker changes it.
struct PuzzleView: View {
    @Bindable var model: PuzzleModel
    let app: AppModel
    @Environment(\.horizontalSizeClass) private var horizontal
    @Environment(\.verticalSizeClass) private var vertical

    var body: some View {
        let wide = horizontal == .regular || vertical == .compact
        let layout = wide ? AnyLayout(HStackLayout(alignment: .top, spacing: 16)) : AnyLayout(VStackLayout(spacing: 8))
        layout {
            BoardView(layout: model.layout, onTap: { model.tap($0) }, onDragBegan: { model.dragBegan($0) }, onDragEnded: { model.dragEnded($0) })
            ScrollView {
                VStack(alignment: .leading, spacing: 8) {
                    if let played = model.opponentMoveText { Text(verbatim: played) }
                    Text(verbatim: model.objectiveText).font(.headline)
                    HStack {
                        Text(verbatim: model.moveText)
                        if let score = model.scoreText { Text(verbatim: score).font(.title2.bold().monospacedDigit()) }
                        if model.isBusy { ProgressView() }
                    }
                    if let feedback = model.feedbackText {
                        Label {
                            Text(verbatim: feedback)
                        } icon: {
                            Image(systemName: model.isCorrectFeedback ? "checkmark.circle.fill" : "xmark.circle.fill")
                                .foregroundStyle(model.isCorrectFeedback ? Color.green : Color.red)
                        }
                    }
                    if let hint = model.hintText { Label { Text(verbatim: hint) } icon: { Image(systemName: "lightbulb") } }
                    if let notice = model.choiceNotice {
                        Label { Text(verbatim: notice) } icon: { Image(systemName: "info.circle") }
                    }
                    if let rating = model.ratingText { Text(verbatim: rating).font(.footnote) }
                    if let error = model.error { Text(verbatim: error).foregroundStyle(.secondary) }
                    HStack {
                        Button(action: { model.hint() }) { Label("Hint", systemImage: "lightbulb") }.disabled(!model.canHint)
                        Button(action: { model.retry() }) { Label("Retry", systemImage: "arrow.uturn.backward") }.disabled(!model.canRetry)
                    }
                    HStack {
                        Button(action: { model.showNext() }) { Label("Show solution", systemImage: "eye") }
                            .disabled(!model.canShowSolution)
                        Button(action: { model.next() }) { Label("Next puzzle", systemImage: "forward") }
                    }
                    // Outside a list a menu picker shows only its value: the
                    // word "Theme" stands beside it.
                    HStack {
                        Text("Theme")
                        ThemePicker(choice: model.choice, choose: { model.chooseTheme($0) })
                    }
                }
                .buttonStyle(.bordered)
            }
        }
        .padding()
        .navigationTitle(model.titleText)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            // The title with the choice Next keeps to under it.
            ToolbarItemGroup(placement: .principal) {
                VStack {
                    Text(verbatim: model.titleText).font(.headline)
                    Text(verbatim: model.choiceText).font(.caption).foregroundStyle(.secondary)
                }
                .accessibilityElement(children: .combine)
                .accessibilityAddTraits(.isHeader)
            }
        }
        .onChange(of: model.spoken) { _, spoken in
            speak(spoken)
        }
        .confirmationDialog(model.picker?.title ?? "", isPresented: pickerShown, titleVisibility: .visible) {
            ForEach(model.picker?.choices ?? []) { choice in
                Button(choice.label) { model.choosePiece(choice.kind) }
            }
            Button("Cancel", role: .cancel, action: { model.cancelInput() })
        }
    }

    private var pickerShown: Binding<Bool> {
        Binding(get: { model.picker != nil }, set: { if !$0, model.picker != nil { model.cancelInput() } })
    }
}
