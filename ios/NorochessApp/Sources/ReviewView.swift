import NorochessKit
import SwiftUI

/// A game's review in points: draws ReviewModel (budget, progress, the
/// graph, the selected position with its move's review, each side's
/// summary, the moments and the moves) and forwards taps.
struct ReviewView: View {
    @Bindable var model: ReviewModel
    let app: AppModel
    @Environment(\.horizontalSizeClass) private var horizontal
    @Environment(\.verticalSizeClass) private var vertical

    var body: some View {
        let wide = horizontal == .regular || vertical == .compact
        let layout = wide ? AnyLayout(HStackLayout(alignment: .top, spacing: 16)) : AnyLayout(VStackLayout(spacing: 8))
        layout {
            VStack(spacing: 8) {
                if let board = model.board {
                    // The review shows positions; a tap on the board changes nothing.
                    BoardView(layout: board, onTap: { _ in }, onDragBegan: { _ in }, onDragEnded: { _ in })
                }
                HStack {
                    Button(action: { model.stepBack() }) { Label("Previous move", systemImage: "chevron.backward") }
                        .disabled(!model.canStepBack)
                    Button(action: { model.stepForward() }) { Label("Next move", systemImage: "chevron.forward") }
                        .disabled(!model.canStepForward)
                }
                .labelStyle(.iconOnly)
                .buttonStyle(.bordered)
            }
            List {
                ReviewRunSection(model: model)
                Section {
                    ReviewGraphView(model: model)
                    Text(verbatim: model.selectedText)
                    if let line = model.bestLineText { Text(verbatim: line).font(.footnote).foregroundStyle(.secondary) }
                    if let position = model.selectedPosition {
                        Button(action: { app.openAnalysis(model.gameId, ply: model.selectedPly) }) {
                            Label("Analyse this position", systemImage: "magnifyingglass")
                        }
                        Button(action: { app.openEditor(game: position.game, position: position.position) }) {
                            Label("Edit this position", systemImage: "square.and.pencil")
                        }
                        Button(action: { app.openComposer(game: position.game, position: position.position) }) {
                            Label("Compose a puzzle from here", systemImage: "puzzlepiece")
                        }
                    }
                }
                Section("Accuracy") {
                    ForEach(model.summaries, id: \.side) { summary in Text(verbatim: summary.text) }
                }
                if !model.moments.isEmpty {
                    Section("Moments that decided the game") {
                        ForEach(Array(model.moments.enumerated()), id: \.offset) { _, moment in
                            Button(action: { model.select(moment) }) { Text(verbatim: moment.text) }
                        }
                    }
                }
                Section("Moves") {
                    ForEach(model.moves, id: \.reviewPly) { move in
                        Button(action: { model.select(move) }) {
                            HStack {
                                Text(verbatim: model.moveTitle(move)).font(.body.monospacedDigit())
                                Spacer()
                                Text(verbatim: model.lossText(move)).foregroundStyle(.secondary)
                            }
                        }
                        .accessibilityElement(children: .ignore)
                        .accessibilityLabel(Text(verbatim: model.moveAccessibilityLabel(move)))
                        .accessibilityAddTraits(move.reviewPly == model.selectedPly ? [.isButton, .isSelected] : .isButton)
                    }
                }
            }
        }
        .padding()
        .navigationTitle("Review")
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// The budget, the progress, Start and Stop, and what went wrong (the
/// saved review that could not be read, every save that failed).
private struct ReviewRunSection: View {
    let model: ReviewModel

    var body: some View {
        Section {
            Picker("Budget", selection: Binding(get: { model.budgetId }, set: { model.chooseBudget($0) })) {
                ForEach(model.budgetChoices, id: \.id) { choice in Text(verbatim: choice.label).tag(choice.id) }
            }
            .pickerStyle(.segmented)
            .disabled(!model.canChooseBudget)
            if let detail = model.budget?.detail { Text(verbatim: detail).font(.footnote).foregroundStyle(.secondary) }
            HStack {
                Text(verbatim: model.progress.text)
                Spacer()
                if model.isRunning {
                    ProgressView(value: Double(model.progress.analysed), total: Double(max(model.progress.total, 1)))
                        .frame(maxWidth: 120)
                }
            }
            if model.canCancel {
                Button(action: { model.cancel() }) { Label("Stop the review", systemImage: "stop.circle") }
            } else if model.canStart {
                Button(action: { model.start() }) { Label("Review the game", systemImage: "play.circle") }
            }
            if let notice = model.notice { Text(verbatim: notice).foregroundStyle(Color.orange) }
            ForEach(Array(model.saveProblems.enumerated()), id: \.offset) { _, problem in
                Text(verbatim: problem).foregroundStyle(Color.red)
            }
            if let error = model.error { Text(verbatim: error).foregroundStyle(Color.red) }
        }
    }
}

/// The expected score difference over the game, drawn with a Path through
/// the model's geometry: White's advantage up, marked moves as dots, the
/// selected position as a vertical line. A tap (or a finger sliding)
/// selects the nearest position; VoiceOver adjusts it move by move.
struct ReviewGraphView: View {
    let model: ReviewModel
    @ScaledMetric(relativeTo: .body) private var height: CGFloat = 120

    var body: some View {
        GeometryReader { proxy in
            let graph = model.graph
            let width = proxy.size.width
            let high = proxy.size.height
            ZStack(alignment: .topLeading) {
                Rectangle().fill(Color.secondary.opacity(0.08))
                Path { path in
                    let zero = graph.y(ofPoints: 0, height: high)
                    path.move(to: CGPoint(x: 0, y: zero))
                    path.addLine(to: CGPoint(x: width, y: zero))
                }
                .stroke(Color.secondary, lineWidth: 1)
                Path { path in
                    for (index, point) in graph.points.enumerated() {
                        let at = graph.location(of: point, width: width, height: high)
                        if index == 0 {
                            path.move(to: CGPoint(x: at.x, y: at.y))
                        } else {
                            path.addLine(to: CGPoint(x: at.x, y: at.y))
                        }
                    }
                }
                .stroke(Color.primary, lineWidth: 2)
                ForEach(graph.points.filter { $0.judgement != nil }, id: \.reviewPly) { point in
                    let at = graph.location(of: point, width: width, height: high)
                    Circle()
                        .fill(markColour(point.judgement))
                        .frame(width: 8, height: 8)
                        .position(x: at.x, y: at.y)
                }
                Path { path in
                    let x = graph.x(ofPly: model.selectedPly, width: width)
                    path.move(to: CGPoint(x: x, y: 0))
                    path.addLine(to: CGPoint(x: x, y: high))
                }
                .stroke(Color.accentColor, lineWidth: 2)
            }
            .contentShape(Rectangle())
            .gesture(
                DragGesture(minimumDistance: 0)
                    .onChanged { value in model.tapGraph(x: value.location.x, width: width) }
            )
        }
        .frame(height: height)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text("Expected score difference over the game"))
        .accessibilityValue(Text(verbatim: model.graphAccessibilityValue))
        .accessibilityHint(Text("Swipe up or down to move through the game"))
        .accessibilityAdjustableAction { direction in
            switch direction {
            case .increment: model.stepForward()
            case .decrement: model.stepBack()
            @unknown default: break
            }
        }
    }

    /// The dot of a marked move: stronger colours for worse marks.
    private func markColour(_ judgement: Judgement?) -> Color {
        switch judgement {
        case .blunder: return Color.red
        case .mistake: return Color.orange
        default: return Color.yellow
        }
    }
}
