import NorochessKit
import SwiftUI

/// The new-game form: draws NewGameModel's choices.
struct NewGameView: View {
    @Bindable var form: NewGameModel
    let app: AppModel

    var body: some View {
        Form {
            Section("Game") {
                Picker("Game", selection: $form.variant) {
                    ForEach(form.games, id: \.id) { info in
                        Text(verbatim: info.name).tag(info.variant)
                    }
                }
                Text(verbatim: form.info.description).font(.footnote).foregroundStyle(.secondary)
                if form.showsStartNumber {
                    Toggle("Random start position", isOn: $form.randomStart)
                    if !form.randomStart {
                        Stepper(value: $form.startNumber, in: 0...959) {
                            LabeledContent("Start position", value: String(form.startNumber))
                        }
                    }
                }
                if form.showsImprovedOptions {
                    Picker("Zone", selection: $form.zone) {
                        ForEach(form.zoneChoices) { choice in Text(verbatim: choice.name).tag(choice.value) }
                    }
                    Picker("Blockage", selection: $form.blockage) {
                        ForEach(form.blockageChoices) { choice in Text(verbatim: choice.name).tag(choice.value) }
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
}
