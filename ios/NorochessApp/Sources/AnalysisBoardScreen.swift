import NorochessKit
import SwiftUI

/// The analysis board: draws AnalysisModel (the board with its variation,
/// the engine's live lines, the exact result near the end) and forwards
/// taps, drags and the picker's choice. (Named apart from the app layer's
/// `AnalysisView` record, which the model draws from.)
struct AnalysisBoardScreen: View {
    @Bindable var model: AnalysisModel
    @Environment(\.horizontalSizeClass) private var horizontal
    @Environment(\.verticalSizeClass) private var vertical

    var body: some View {
        let wide = horizontal == .regular || vertical == .compact
        let layout = wide ? AnyLayout(HStackLayout(alignment: .top, spacing: 16)) : AnyLayout(VStackLayout(spacing: 8))
        layout {
            BoardView(layout: model.layout, onTap: { model.tap($0) }, onDragBegan: { model.dragBegan($0) },
                      onDragEnded: { model.dragEnded($0) })
            ScrollView {
                VStack(alignment: .leading, spacing: 8) {
                    Text(verbatim: model.originText).font(.footnote).foregroundStyle(.secondary)
                    Text(verbatim: model.statusText).font(.headline)
                    if let variation = model.variationText { Text(verbatim: variation) }
                    HStack {
                        Button(action: { model.back() }) { Label("Take back", systemImage: "arrow.uturn.backward") }
                            .disabled(!model.canGoBack)
                        Button(action: { model.reset() }) { Label("Back to the game", systemImage: "arrow.counterclockwise") }
                            .disabled(!model.canGoBack)
                        Button(action: { model.flip() }) { Label("Flip", systemImage: "arrow.up.arrow.down") }
                    }
                    .buttonStyle(.bordered)
                    if let search = model.searchText {
                        HStack {
                            if model.isAnalysing { ProgressView() }
                            Text(verbatim: search).font(.footnote)
                        }
                    }
                    ForEach(model.lineRows) { row in
                        Button(action: { model.play(row) }) {
                            VStack(alignment: .leading) {
                                HStack {
                                    Text(verbatim: row.score).font(.headline.monospacedDigit())
                                    Text(verbatim: row.depth).font(.footnote).foregroundStyle(.secondary)
                                }
                                Text(verbatim: row.moves).lineLimit(2)
                            }
                        }
                        .accessibilityElement(children: .ignore)
                        .accessibilityLabel(Text(verbatim: row.accessibilityLabel))
                        .accessibilityHint(Text("Plays the line's first move"))
                        .accessibilityAddTraits(.isButton)
                    }
                    if let exact = model.exactText {
                        Label { Text(verbatim: exact) } icon: { Image(systemName: "checkmark.seal") }
                    }
                    if let error = model.error { Text(verbatim: error).foregroundStyle(Color.red) }
                }
            }
        }
        .padding()
        .navigationTitle("Analysis board")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.run() }
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
