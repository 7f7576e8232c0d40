import NorochessKit
import SwiftUI

/// The puzzle composer: draws ComposerModel (the objective with its
/// numbers, the solver at work, the solution or why there is none) and
/// offers Save to My puzzles and Share (the puzzle's one line of text).
struct ComposerScreen: View {
    @Bindable var model: ComposerModel

    var body: some View {
        Form {
            Section("Objective") {
                Picker("Objective", selection: $model.objectiveId) {
                    ForEach(model.objectives, id: \.id) { choice in Text(verbatim: choice.label).tag(choice.id) }
                }
                if let detail = model.choice?.detail { Text(verbatim: detail).font(.footnote).foregroundStyle(.secondary) }
                if model.asksPoints {
                    Stepper(value: $model.points, in: model.pointsRange) {
                        LabeledContent("Points (N)", value: String(model.points))
                    }
                }
                if model.asksMoves {
                    Stepper(value: $model.moves, in: model.movesRange) {
                        LabeledContent("Moves (M)", value: String(model.moves))
                    }
                }
                if let problem = model.numberProblem { Text(verbatim: problem).foregroundStyle(Color.red) }
                Button(action: { model.prove() }) { Label("Prove it", systemImage: "checkmark.seal") }
                    .disabled(!model.canProve)
                if model.isProving {
                    HStack {
                        ProgressView()
                        Text("The solver is working…")
                    }
                }
            }
            if let description = model.descriptionText {
                Section("Puzzle") {
                    Text(verbatim: description).font(.headline)
                    if let solution = model.solutionText { Text(verbatim: solution) }
                    Button(action: { model.save() }) { Label("Save to My puzzles", systemImage: "tray.and.arrow.down") }
                        .disabled(!model.canSave)
                    if let saved = model.savedText { Text(verbatim: saved).foregroundStyle(.secondary) }
                    if let line = model.shareText {
                        ShareLink(item: line) { Label("Share", systemImage: "square.and.arrow.up") }
                    }
                }
            }
            if let failure = model.failure {
                Section("Not a puzzle") { Text(verbatim: failure) }
            }
            if let error = model.error { Text(verbatim: error).foregroundStyle(Color.red) }
        }
        .navigationTitle("Compose a puzzle")
    }
}
