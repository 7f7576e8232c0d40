import NorochessKit
import SwiftUI

/// The new-game form: draws NewGameModel's choices.
struct NewGameView: View {
    @Bindable var form: NewGameModel
    let app: AppModel

    var body: some View {
        Form {
            if let from = form.startPositionText {
                // Playing on from a set-up position: its game, not a choice.
                Section("Game") {
                    Text(verbatim: form.info.name)
                    Text(verbatim: from).font(.footnote).foregroundStyle(.secondary)
                }
            } else {
                gameSection
            }
            if form.showsLevelAndColour {
                Section("Computer") {
                    Picker("Level", selection: $form.level) {
                        ForEach(Array(form.levels), id: \.self) { level in Text(verbatim: form.levelText(level)).tag(level) }
                    }
                    Picker("Your colour", selection: $form.colour) {
                        ForEach(form.colourChoices) { choice in Text(verbatim: choice.name).tag(choice.value) }
                    }
                }
            }
            if form.showsBoardModeAndNames {
                Section("Players") {
                    TextField("White's name", text: $form.whiteName)
                    TextField("Black's name", text: $form.blackName)
                    Picker("Board", selection: $form.boardMode) {
                        ForEach(form.boardModeChoices) { choice in Text(verbatim: choice.name).tag(choice.value) }
                    }
                }
            }
            Section("Clock") {
                Picker("Clock", selection: $form.clockIndex) {
                    Text("No clock").tag(Int?.none)
                    ForEach(form.presets.indices, id: \.self) { index in
                        Text(verbatim: form.presets[index].name).tag(Int?.some(index))
                    }
                }
            }
            Section {
                Button("Start") { app.start(form) }.disabled(!form.isValid)
            }
        }
        .navigationTitle(form.opponent.title)
    }

    /// The game, its start and its options.
    private var gameSection: some View {
        Section("Game") {
            Picker("Game", selection: $form.game) {
                ForEach(form.games, id: \.id) { info in
                    Text(verbatim: info.name).tag(info.id)
                }
            }
            Text(verbatim: form.info.description).font(.footnote).foregroundStyle(.secondary)
            if let range = form.startNumberRange {
                Toggle("Random start position", isOn: $form.randomStart)
                if !form.randomStart {
                    Stepper(value: $form.startNumber, in: range) {
                        LabeledContent("Start position", value: String(form.startNumber))
                    }
                }
            }
            // The chosen game's options as the core lists them (names and values).
            ForEach(form.optionPickers) { picker in
                Picker(picker.name, selection: optionValue(picker.id)) {
                    ForEach(picker.choices) { choice in Text(verbatim: choice.name).tag(choice.value) }
                }
            }
        }
    }

    /// The picker's selection: the value the form holds for `option`.
    private func optionValue(_ option: String) -> Binding<String> {
        Binding(get: { form.value(of: option) }, set: { form.choose($0, for: option) })
    }
}
