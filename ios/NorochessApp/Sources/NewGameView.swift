import NorochessKit
import SwiftUI

/// The new-game form: draws NewGameModel's choices.
struct NewGameView: View {
    @Bindable var form: NewGameModel
    let app: AppModel

    var body: some View {
        Form {
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

    /// The picker's selection: the value the form holds for `option`.
    private func optionValue(_ option: String) -> Binding<String> {
        Binding(get: { form.value(of: option) }, set: { form.choose($0, for: option) })
    }
}
