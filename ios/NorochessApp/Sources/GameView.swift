import NorochessKit
import SwiftUI

/// The game screen: draws GameModel and forwards gestures. The board sits
/// beside the panels in landscape and on iPad.
struct GameView: View {
    @Bindable var model: GameModel
    let app: AppModel
    @Environment(\.horizontalSizeClass) private var horizontal
    @Environment(\.verticalSizeClass) private var vertical

    var body: some View {
        let wide = horizontal == .regular || vertical == .compact
        let layout = wide ? AnyLayout(HStackLayout(alignment: .top, spacing: 16)) : AnyLayout(VStackLayout(spacing: 8))
        layout {
            VStack(spacing: 4) {
                PlayerPanelView(panel: model.topPanel)
                BoardView(layout: model.board, onTap: { model.tap($0) }, onDragBegan: { model.dragBegan($0) }, onDragEnded: { model.dragEnded($0) })
                PlayerPanelView(panel: model.bottomPanel)
            }
            ScrollView {
                VStack(alignment: .leading, spacing: 8) {
                    ScoreBarView(model: model)
                    StatusView(model: model)
                    MoveListView(model: model)
                    ControlsView(model: model)
                }
            }
        }
        .padding()
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItemGroup(placement: .primaryAction) {
                ShareLink(item: model.shareText()) { Label("Share", systemImage: "square.and.arrow.up") }
                if model.isSaved {
                    Button(action: { app.analyse(model) }) { Label("Analyse", systemImage: "magnifyingglass") }
                }
                Button(action: { app.showRules(model.snapshot.board.setup.game) }) {
                    Label("Rules", systemImage: "book")
                }
            }
        }
        .task { await model.run() }
        .onChange(of: model.wantsHome) { _, home in if home { app.gameWantsHome() } }
        .onChange(of: model.spoken) { _, spoken in
            speak(spoken)
        }
        // The board's questions are cards over the game, not system dialogs, so
        // that face to face they can turn toward the player across the table.
        .overlay {
            if let picker = model.picker {
                PromptCard(title: picker.title, message: nil, upsideDown: model.isPromptUpsideDown) {
                    ForEach(picker.choices) { choice in
                        Button(choice.label) { model.choosePiece(choice.kind) }
                    }
                    Button("Cancel", role: .cancel, action: { model.cancelInput() })
                }
            } else if model.repetitionQuestion != nil {
                PromptCard(title: model.repetitionTitle, message: model.repetitionText, upsideDown: model.isPromptUpsideDown) {
                    Button("Play it anyway", role: .destructive, action: { model.confirmRepetition() })
                    Button("Cancel", role: .cancel, action: { model.cancelInput() })
                }
            } else if model.isResignConfirmationPresented {
                PromptCard(title: model.resignQuestion, message: nil, upsideDown: model.isPromptUpsideDown) {
                    Button("Resign", role: .destructive, action: { model.resign() })
                    Button("Cancel", role: .cancel, action: { model.isResignConfirmationPresented = false })
                }
            }
        }
        .sheet(isPresented: $model.isResultPresented) {
            ResultSheet(model: model, app: app)
                .presentationDetents([.medium])
        }
    }

}

/// A question of the board (the picker, the repetition question, the resign
/// confirmation) as a card over the dimmed game: modal for VoiceOver, and
/// turned round when the player who answers sits across the table.
private struct PromptCard<Actions: View>: View {
    let title: String
    let message: String?
    let upsideDown: Bool
    let actions: Actions

    init(title: String, message: String?, upsideDown: Bool, @ViewBuilder actions: () -> Actions) {
        self.title = title
        self.message = message
        self.upsideDown = upsideDown
        self.actions = actions()
    }

    var body: some View {
        ZStack {
            Color.black.opacity(0.35).ignoresSafeArea()
            VStack(spacing: 12) {
                Text(verbatim: title).font(.headline).multilineTextAlignment(.center)
                if let message { Text(verbatim: message).multilineTextAlignment(.center) }
                actions
            }
            .buttonStyle(.bordered)
            .padding(20)
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16))
            .padding(24)
            .rotationEffect(upsideDown ? .degrees(180) : .zero)
            .accessibilityElement(children: .contain)
            .accessibilityAddTraits(.isModal)
        }
    }
}

private struct PlayerPanelView: View {
    let panel: GameModel.PlayerPanel
    @ScaledMetric(relativeTo: .body) private var capturedSize: CGFloat = 18

    var body: some View {
        HStack {
            Text(verbatim: panel.name).font(.headline).lineLimit(1)
            HStack(spacing: 0) {
                ForEach(Array(panel.captured.enumerated()), id: \.offset) { _, art in
                    PieceView(art: art, letters: false, size: capturedSize)
                }
            }
            if let points = panel.capturedPoints { Text(verbatim: points).font(.caption) }
            Spacer()
            if let clock = panel.clockText {
                Text(verbatim: clock)
                    .font(.title3.monospacedDigit())
                    .padding(.horizontal, 6)
                    .background(RoundedRectangle(cornerRadius: 6).fill(panel.clockRunning ? Color.accentColor.opacity(0.2) : Color.clear))
                    .foregroundStyle(panel.lowTime ? Color.red : Color.primary)
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: panel.accessibilityLabel))
        // Face to face: the model says this panel faces the far player.
        .rotationEffect(panel.isUpsideDown ? .degrees(180) : .zero)
    }
}

private struct ScoreBarView: View {
    let model: GameModel

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            if let score = model.scoreText {
                Text(verbatim: score).font(.largeTitle.bold().monospacedDigit())
            }
            Spacer()
            VStack(alignment: .trailing) {
                if let counter = model.moveCounterText {
                    if model.isOvertime {
                        Text(verbatim: counter).font(.headline).padding(6)
                            .background(Capsule().fill(Color.orange)).foregroundStyle(Color.black)
                    } else {
                        Text(verbatim: counter).font(model.isFinalMoves ? .headline.bold() : .headline)
                            .foregroundStyle(model.isFinalMoves ? Color.red : Color.primary)
                    }
                }
                if let left = model.movesLeftText { Text(verbatim: left).font(.caption) }
            }
            if model.isThinking { ProgressView().padding(.leading, 8) }
        }
        .accessibilityElement(children: .combine)
    }
}

private struct StatusView: View {
    let model: GameModel

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Button(action: { model.showResult() }) {
                Text(verbatim: model.statusText).font(.headline)
            }
            .buttonStyle(.plain)
            if let offer = model.drawOfferText {
                HStack {
                    Text(verbatim: offer)
                    Button("Accept", action: { model.acceptDraw() })
                    Button("Decline", action: { model.declineDraw() })
                }
                .buttonStyle(.bordered)
                // Face to face: turned toward the player who must answer.
                .rotationEffect(model.isDrawOfferUpsideDown ? .degrees(180) : .zero)
            }
            if let hint = model.hintText { Label { Text(verbatim: hint) } icon: { Image(systemName: "lightbulb") } }
            // Practice mode: the mark of the person's last move, the whole sentence for VoiceOver.
            if model.isPracticeJudging {
                HStack {
                    ProgressView()
                    Text("Judging your move…")
                }
            } else if let headline = model.practiceHeadline {
                Label { Text(verbatim: headline) } icon: { Image(systemName: "graduationcap") }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text(verbatim: model.practiceText ?? headline))
            }
            if let note = model.noteText { Text(verbatim: note).foregroundStyle(.secondary) }
            if let problem = model.saveProblem { Text(verbatim: problem).foregroundStyle(Color.red) }
        }
    }
}

private struct MoveListView: View {
    let model: GameModel

    var body: some View {
        ScrollViewReader { proxy in
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHStack(spacing: 8) {
                    ForEach(model.moveItems) { item in
                        Button { model.review(ply: item.id) } label: {
                            Text(verbatim: item.number + " " + item.san + item.mark)
                                .font(.body.monospacedDigit())
                                .fontWeight(item.isCurrent ? .bold : .regular)
                                .underline(item.isCurrent)
                                // Apple's minimum touch target: the whole 44 × 44 pt
                                // answers a tap, not only the glyphs of a short move.
                                .frame(minWidth: 44, minHeight: 44)
                                .contentShape(Rectangle())
                        }
                        .buttonStyle(.plain)
                        .accessibilityLabel(Text(verbatim: item.spoken))
                        .accessibilityAddTraits(item.isCurrent ? .isSelected : [])
                        .id(item.id)
                    }
                }
            }
            .onChange(of: model.currentMoveID) { _, id in
                if let id { withAnimation { proxy.scrollTo(id) } }
            }
        }
        .frame(minHeight: 44)
    }
}

private struct ControlsView: View {
    let model: GameModel
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        // At the accessibility text sizes the buttons stack instead of sharing a row.
        let row = typeSize.isAccessibilitySize ? AnyLayout(VStackLayout(alignment: .leading)) : AnyLayout(HStackLayout())
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Button(action: { model.reviewStart() }) { Image(systemName: "backward.end") }
                    .disabled(!model.canReviewBack).accessibilityLabel("First move")
                Button(action: { model.reviewBack() }) { Image(systemName: "chevron.backward") }
                    .disabled(!model.canReviewBack).accessibilityLabel("Back")
                Button(action: { model.reviewForward() }) { Image(systemName: "chevron.forward") }
                    .disabled(!model.canReviewForward).accessibilityLabel("Forward")
                Button(action: { model.reviewLive() }) { Image(systemName: "forward.end") }
                    .disabled(!model.isReviewing).accessibilityLabel("Back to the game")
                Button(action: { model.flip() }) { Image(systemName: "arrow.up.arrow.down") }
                    .accessibilityLabel("Flip board")
            }
            row {
                Button(action: { model.takeBack() }) { Label("Take back", systemImage: "arrow.uturn.backward") }
                    .disabled(!model.canTakeBack)
                Button(action: { model.askHint() }) { Label("Hint", systemImage: "lightbulb") }
                    .disabled(!model.canHint)
            }
            row {
                if model.canOfferDraw {
                    Button(action: { model.offerDraw() }) { Label("Offer draw", systemImage: "equal.circle") }
                }
                Button(role: .destructive, action: { model.resignTapped() }) { Label("Resign", systemImage: "flag") }
                    .disabled(!model.canResign)
            }
        }
        .buttonStyle(.bordered)
        .labelStyle(.titleAndIcon)
    }
}

private struct ResultSheet: View {
    let model: GameModel
    let app: AppModel

    var body: some View {
        VStack(spacing: 16) {
            Text(verbatim: model.resultTitle ?? "").font(.title.bold())
            Text(verbatim: model.resultReason ?? "").font(.body)
            HStack {
                Button(action: { model.rematch() }) { Label("Rematch", systemImage: "arrow.clockwise") }
                Button(action: { model.reviewFromResult() }) { Label("Review", systemImage: "list.number") }
            }
            if model.isSaved {
                Button(action: { app.reviewInPoints(model) }) {
                    Label("Review in points", systemImage: "chart.xyaxis.line")
                }
            }
            HStack {
                ShareLink(item: model.shareText()) { Label("Share", systemImage: "square.and.arrow.up") }
                Button(action: { model.goHome() }) { Label("Home", systemImage: "house") }
            }
        }
        .buttonStyle(.borderedProminent)
        .padding()
        .accessibilityElement(children: .contain)
    }
}
