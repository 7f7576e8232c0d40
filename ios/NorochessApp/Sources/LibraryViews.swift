import NorochessKit
import SwiftUI

/// Finished and unfinished games; open one, share its record, delete it.
struct GamesListView: View {
    @Bindable var model: GamesListModel
    let app: AppModel

    var body: some View {
        List {
            Picker("Show", selection: $model.filter) {
                ForEach(GamesListModel.Filter.allCases) { filter in Text(verbatim: filter.title).tag(filter) }
            }
            .pickerStyle(.segmented)
            if model.isEmpty {
                Text(verbatim: model.emptyText).foregroundStyle(.secondary)
            }
            ForEach(model.rows) { row in
                Button { app.openSaved(row.id) } label: {
                    VStack(alignment: .leading) {
                        Text(verbatim: row.title).font(.headline)
                        Text(verbatim: row.result)
                        Text(verbatim: row.date).font(.footnote).foregroundStyle(.secondary)
                    }
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(verbatim: row.accessibilityLabel))
                .accessibilityAddTraits(.isButton)
                .swipeActions {
                    Button("Delete", role: .destructive) { model.delete(row.id) }
                    if let text = model.shareText(row.id) {
                        ShareLink(item: text) { Label("Share", systemImage: "square.and.arrow.up") }
                    }
                }
                .swipeActions(edge: .leading) {
                    Button { app.openReview(row.id) } label: { Label("Review", systemImage: "chart.xyaxis.line") }
                    Button { app.openAnalysis(row.id) } label: { Label("Analyse", systemImage: "magnifyingglass") }
                }
            }
            if let error = model.error { Text(verbatim: error).foregroundStyle(Color.red) }
        }
        .navigationTitle("Games")
        .onAppear(perform: { model.reload() })
    }
}

/// Statistics per game and level, best win, puzzles.
struct StatsView: View {
    let model: StatsModel

    var body: some View {
        List {
            Section {
                Text(verbatim: model.totalText)
                if let best = model.bestWinText { Text(verbatim: best) }
                if let worst = model.worstLossText { Text(verbatim: worst) }
            }
            Section("Games") {
                ForEach(model.rows) { row in
                    HStack {
                        VStack(alignment: .leading) {
                            Text(verbatim: row.title).font(.headline)
                            Text(verbatim: row.record)
                        }
                        Spacer()
                        Text(verbatim: row.differential).font(.title3.monospacedDigit())
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text(verbatim: row.accessibilityLabel))
                }
            }
            Section("Reviews") {
                Text(verbatim: model.reviewText)
            }
            Section("Puzzles") {
                Text(verbatim: model.puzzleText)
                Text(verbatim: model.puzzleRatingText)
                if let history = model.ratingHistoryText { Text(verbatim: history) }
            }
            if let error = model.error { Text(verbatim: error).foregroundStyle(Color.red) }
        }
        .navigationTitle("Statistics")
        .onAppear(perform: { model.reload() })
    }
}

/// Settings: every change is saved by the model at once.
struct SettingsView: View {
    let model: SettingsModel

    var body: some View {
        let s = model.settings
        Form {
            Section("Board") {
                Picker("Colours", selection: Binding(get: { s.boardTheme }, set: { model.setTheme($0) })) {
                    ForEach(model.themes, id: \.id) { theme in Text(verbatim: theme.name).tag(theme.id) }
                }
                Picker("Pieces", selection: Binding(get: { s.pieceStyle }, set: { model.setPieceStyle($0) })) {
                    ForEach(model.pieceStyleChoices) { choice in Text(verbatim: choice.name).tag(choice.value) }
                }
                Toggle("Coordinates", isOn: Binding(get: { s.coordinates }, set: { model.setCoordinates($0) }))
                Toggle("Legal-move dots", isOn: Binding(get: { s.legalDots }, set: { model.setLegalDots($0) }))
                Picker("Pass and play", selection: Binding(get: { s.passAndPlayBoard }, set: { model.setPassAndPlayBoard($0) })) {
                    ForEach(model.boardModeChoices) { choice in Text(verbatim: choice.name).tag(choice.value) }
                }
            }
            Section("Play") {
                Toggle("Confirm resign", isOn: Binding(get: { s.confirmResign }, set: { model.setConfirmResign($0) }))
                Toggle("Ask before a move that loses by repetition",
                       isOn: Binding(get: { s.confirmRepetition }, set: { model.setConfirmRepetition($0) }))
                Toggle("Hints", isOn: Binding(get: { s.hints }, set: { model.setHints($0) }))
                Toggle("Takeback", isOn: Binding(get: { s.takeback }, set: { model.setTakeback($0) }))
                Toggle("Practice mode: mark each of my moves", isOn: Binding(get: { s.practice }, set: { model.setPractice($0) }))
                Stepper(value: Binding(get: { Int(s.defaultLevel) }, set: { model.setDefaultLevel($0) }), in: (model.levels.first ?? 1)...(model.levels.last ?? 1)) {
                    LabeledContent("Default level", value: String(s.defaultLevel))
                }
                Picker("Default clock", selection: Binding(get: { model.defaultClockIndex }, set: { model.setDefaultClock($0) })) {
                    Text("No clock").tag(Int?.none)
                    ForEach(model.presets.indices, id: \.self) { index in
                        Text(verbatim: model.presets[index].name).tag(Int?.some(index))
                    }
                }
                TextField("Your name", text: Binding(get: { s.playerName }, set: { model.setPlayerName($0) }))
            }
            Section("Feedback") {
                Toggle("Sounds", isOn: Binding(get: { s.sounds }, set: { model.setSounds($0) }))
                Toggle("Haptics", isOn: Binding(get: { s.haptics }, set: { model.setHaptics($0) }))
            }
            if let error = model.error { Text(verbatim: error).foregroundStyle(Color.red) }
        }
        .navigationTitle("Settings")
    }
}

/// A page per game, from the core's rule book.
struct RulesView: View {
    @Bindable var model: RulesModel

    var body: some View {
        List(model.orderedPages) { page in
            Section {
                Text(verbatim: page.summary)
                ForEach(Array(page.sections.enumerated()), id: \.offset) { _, section in
                    VStack(alignment: .leading, spacing: 6) {
                        Text(verbatim: section.heading)
                            .font(.headline)
                            .accessibilityAddTraits(.isHeader)
                        ForEach(Array(section.blocks.enumerated()), id: \.offset) { _, block in
                            RuleBlockView(block: block)
                        }
                    }
                }
            } header: {
                Text(verbatim: page.name)
            }
        }
        .navigationTitle("Rules")
    }
}

/// A paragraph, a bullet list or a table of a rule page.
struct RuleBlockView: View {
    let block: RuleBlock

    var body: some View {
        switch block {
        case .paragraph(let text):
            Text(verbatim: text)
        case .bullets(let items):
            VStack(alignment: .leading, spacing: 4) {
                ForEach(Array(items.enumerated()), id: \.offset) { _, item in
                    HStack(alignment: .firstTextBaseline, spacing: 8) {
                        Text(verbatim: "\u{2022}")
                        Text(verbatim: item)
                    }
                }
            }
        case .table(let header, let rows):
            VStack(alignment: .leading, spacing: 2) {
                ForEach(Array(([header] + rows).enumerated()), id: \.offset) { index, cells in
                    HStack {
                        ForEach(Array(cells.enumerated()), id: \.offset) { _, cell in
                            Text(verbatim: cell)
                                .fontWeight(index == 0 ? .semibold : .regular)
                                .frame(maxWidth: .infinity, alignment: .leading)
                        }
                    }
                }
            }
        }
    }
}
