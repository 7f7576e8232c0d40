import NorochessKit
import SwiftUI

/// The position editor: draws EditorModel (the board with the problems'
/// squares marked, the palette and eraser, the game, start, side to move,
/// move number and scores, the problems in the app layer's words) and
/// forwards taps. Analyse, Compose and Play from here are enabled only
/// when the app layer calls the position playable. (Named apart from the
/// app layer's `EditorView` record.)
struct PositionEditorScreen: View {
    @Bindable var model: EditorModel
    let app: AppModel
    @Environment(\.horizontalSizeClass) private var horizontal
    @Environment(\.verticalSizeClass) private var vertical
    @ScaledMetric(relativeTo: .body) private var paletteSize: CGFloat = 36

    var body: some View {
        let wide = horizontal == .regular || vertical == .compact
        let layout = wide ? AnyLayout(HStackLayout(alignment: .top, spacing: 16)) : AnyLayout(VStackLayout(spacing: 8))
        layout {
            VStack(spacing: 8) {
                BoardView(layout: model.layout, onTap: { model.tap($0) }, onDragBegan: { _ in }, onDragEnded: { _ in })
                palette
            }
            Form {
                gameSection
                positionSection
                Section("Problems") {
                    Text(verbatim: model.verdictText)
                    ForEach(Array(model.problems.enumerated()), id: \.offset) { _, problem in
                        Label { Text(verbatim: problem.text) } icon: { Image(systemName: "exclamationmark.triangle") }
                    }
                    if let error = model.error { Text(verbatim: error).foregroundStyle(Color.red) }
                }
                Section {
                    Button(action: { app.analyse(model) }) { Label("Analyse", systemImage: "magnifyingglass") }
                    Button(action: { app.compose(model) }) { Label("Compose a puzzle", systemImage: "puzzlepiece") }
                    Button(action: { app.showNewGame(.computer, from: model) }) {
                        Label("Play the computer from here", systemImage: "cpu")
                    }
                    Button(action: { app.showNewGame(.friend, from: model) }) {
                        Label("Pass and play from here", systemImage: "person.2")
                    }
                }
                .disabled(!model.isPlayable)
            }
        }
        .padding()
        .navigationTitle("Set up a position")
        .navigationBarTitleDisplayMode(.inline)
    }

    /// The pieces to place, then the eraser; the chosen tool is highlighted.
    private var palette: some View {
        ScrollView(.horizontal) {
            HStack(spacing: 4) {
                ForEach(model.palette, id: \.self) { piece in
                    Button(action: { model.tool = .place(piece) }) {
                        PieceView(art: PieceArt.of(piece), letters: model.layout.lettersStyle, size: paletteSize)
                            .padding(4)
                            .background(model.isChosen(piece) ? Color.accentColor.opacity(0.3) : Color.clear,
                                        in: RoundedRectangle(cornerRadius: 6))
                    }
                    .accessibilityLabel(Text(verbatim: model.paletteLabel(piece)))
                    .accessibilityAddTraits(model.isChosen(piece) ? [.isButton, .isSelected] : .isButton)
                }
                Button(action: { model.tool = .erase }) {
                    Label("Eraser", systemImage: "eraser")
                        .labelStyle(.iconOnly)
                        .padding(4)
                        .background(model.isErasing ? Color.accentColor.opacity(0.3) : Color.clear,
                                    in: RoundedRectangle(cornerRadius: 6))
                }
                .accessibilityAddTraits(model.isErasing ? [.isButton, .isSelected] : .isButton)
            }
        }
    }

    private var gameSection: some View {
        Section("Game") {
            Picker("Game", selection: Binding(get: { model.gameId }, set: { model.chooseGame($0) })) {
                ForEach(model.games, id: \.id) { info in Text(verbatim: info.name).tag(info.id) }
            }
            if let range = model.startNumberRange {
                Stepper(value: $model.startNumber, in: range) {
                    LabeledContent("Start position", value: String(model.startNumber))
                }
            }
            if let start = model.startText { Text(verbatim: start).foregroundStyle(.secondary) }
            Button(action: { model.resetToStart() }) { Label("Set up the start", systemImage: "arrow.counterclockwise") }
            Button(action: { model.clear() }) { Label("Clear the board", systemImage: "trash") }
            Button(action: { model.flip() }) { Label("Flip", systemImage: "arrow.up.arrow.down") }
        }
    }

    private var positionSection: some View {
        Section("Position") {
            Picker("Side to move", selection: Binding(get: { model.view.turn }, set: { model.setTurn($0) })) {
                ForEach(model.sideChoices) { choice in Text(verbatim: choice.name).tag(choice.value) }
            }
            Stepper(value: Binding(get: { Int(model.view.moveNumber) }, set: { model.setMoveNumber($0) }),
                    in: model.moveNumberRange) {
                LabeledContent("Move number", value: String(model.view.moveNumber))
            }
            if model.view.hasScores {
                Stepper(value: Binding(get: { model.score(.white) }, set: { model.setScore(.white, $0) }),
                        in: model.scoreRange) {
                    LabeledContent("White's score", value: String(model.score(.white)))
                }
                Stepper(value: Binding(get: { model.score(.black) }, set: { model.setScore(.black, $0) }),
                        in: model.scoreRange) {
                    LabeledContent("Black's score", value: String(model.score(.black)))
                }
            }
            if model.view.hasCastling {
                ForEach(model.castlingSwitches) { right in
                    Toggle(right.title, isOn: Binding(get: { right.isOn }, set: { model.setCastling(right.id, $0) }))
                }
            }
            if model.view.hasEnPassant {
                Text(verbatim: model.enPassantText)
                HStack {
                    TextField("En passant square", text: $model.enPassantDraft)
                        .onSubmit { model.applyEnPassant() }
                    Button("Set") { model.applyEnPassant() }
                }
            }
            if model.view.hasOpeningRule {
                Toggle("The opening restriction still applies",
                       isOn: Binding(get: { model.view.openingPending }, set: { model.setOpeningPending($0) }))
            }
        }
    }
}
