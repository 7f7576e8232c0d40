import NorochessKit
import SwiftUI

/// The game screen: draws the view model's state and forwards taps. No game logic here.
struct GameView: View {
    @StateObject var viewModel: GameViewModel

    var body: some View {
        let state = viewModel.state
        VStack(spacing: 12) {
            ScoreBar(state: state, thinking: viewModel.thinking)
            BoardView(state: state) { file, rank in viewModel.tap(file: file, rank: rank) }
            ScrollViewReader { proxy in
                ScrollView(.horizontal, showsIndicators: false) {
                    HStack(spacing: 12) {
                        ForEach(Array(viewModel.moves.enumerated()), id: \.offset) { index, row in
                            Text(row).font(.body.monospacedDigit()).id(index)
                        }
                    }
                }
                .onChange(of: viewModel.moves.count) { count in
                    if count > 0 { withAnimation { proxy.scrollTo(count - 1) } }
                }
            }
            if let hint = viewModel.hint { Text(hint).font(.headline) }
            if let note = state.announcement ?? state.error ?? viewModel.failure {
                Text(note).foregroundStyle(.secondary)
            }
            HStack {
                Button("Take back", action: viewModel.takeBack).disabled(!state.snapshot.canUndo)
                Button("Hint", action: viewModel.askHint).disabled(viewModel.thinking || state.snapshot.outcome != nil)
                Button("Resign", role: .destructive, action: viewModel.resign).disabled(state.snapshot.outcome != nil)
            }
            .buttonStyle(.bordered)
        }
        .padding()
        .confirmationDialog(
            state.promotionPicker?.isResurrection == true ? "Bring back a piece" : "Choose a piece",
            isPresented: .constant(state.promotionPicker != nil), titleVisibility: .visible
        ) {
            ForEach(state.promotionPicker?.choices ?? [], id: \.self) { kind in
                Button(PieceGlyph.name(kind)) { viewModel.choosePromotion(kind) }
            }
            Button("Cancel", role: .cancel, action: viewModel.cancelPromotion)
        }
        .alert(state.resultText ?? "", isPresented: .constant(state.resultText != nil)) {
            Button("Rematch", action: viewModel.rematch)
        }
    }
}

private struct ScoreBar: View {
    let state: GameScreenState
    let thinking: Bool

    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                if let score = state.scoreText { Text(score).font(.system(size: 32, weight: .bold)) }
                Spacer()
                if let counter = state.moveCounterText {
                    if state.isOvertime {
                        Text(counter).padding(6).background(Capsule().fill(Color.orange)).foregroundStyle(.white)
                    } else {
                        Text(counter)
                            .foregroundStyle(state.isFinalRegularMoves ? Color.red : Color.primary)
                            .fontWeight(state.isFinalRegularMoves ? .bold : .regular)
                    }
                }
                if thinking { ProgressView().padding(.leading, 8) }
            }
            Text(state.statusText).font(.headline)
        }
    }
}

private struct BoardView: View {
    let state: GameScreenState
    let onTap: (Int, Int) -> Void

    var body: some View {
        let snapshot = state.snapshot
        let width = Int(snapshot.width)
        let height = Int(snapshot.height)
        let pieces = Dictionary(uniqueKeysWithValues: snapshot.pieces.map { ($0.square, $0.piece) })
        let last: Set<String> = snapshot.lastMove.map { [$0.from, $0.to] } ?? []
        VStack(spacing: 0) {
            ForEach((0..<height).reversed(), id: \.self) { rank in
                HStack(spacing: 0) {
                    ForEach(0..<width, id: \.self) { file in
                        let square = GameScreenModel.squareName(file: file, rank: rank)
                        ZStack {
                            Rectangle().fill(color(square, file: file, rank: rank, last: last))
                            if let piece = pieces[square] {
                                Text(PieceGlyph.glyph(piece)).font(.system(size: width > 8 ? 22 : 28))
                            }
                            if state.targets.contains(square) {
                                Circle().fill(Color.black.opacity(0.35)).frame(width: 10, height: 10)
                            }
                        }
                        .aspectRatio(1, contentMode: .fit)
                        .contentShape(Rectangle())
                        .onTapGesture { onTap(file, rank) }
                        .accessibilityLabel(label(square, pieces[square]))
                    }
                }
            }
        }
    }

    private func color(_ square: String, file: Int, rank: Int, last: Set<String>) -> Color {
        if square == state.selected { return Color(red: 0.96, green: 0.96, blue: 0.41) }
        if square == state.snapshot.checkSquare { return Color(red: 0.9, green: 0.45, blue: 0.45) }
        if last.contains(square) { return Color(red: 0.8, green: 0.82, blue: 0.42) }
        return (file + rank) % 2 == 1 ? Color(red: 0.94, green: 0.85, blue: 0.71) : Color(red: 0.71, green: 0.53, blue: 0.39)
    }

    private func label(_ square: String, _ piece: Piece?) -> String {
        let what = piece.map { "\($0.side == .white ? "white" : "black") \(PieceGlyph.name($0.kind)) on \(square)" } ?? square
        return state.targets.contains(square) ? "\(what), legal target" : what
    }
}

enum PieceGlyph {
    static func glyph(_ piece: Piece) -> String {
        let white = piece.side == .white
        switch piece.kind {
        case .king: return white ? "♔" : "♚"
        case .queen: return white ? "♕" : "♛"
        case .rook: return white ? "♖" : "♜"
        case .bishop: return white ? "♗" : "♝"
        case .knight: return white ? "♘" : "♞"
        case .pawn: return white ? "♙" : "♟"
        }
    }

    static func name(_ kind: PieceKind) -> String {
        switch kind {
        case .king: return "king"
        case .queen: return "queen"
        case .rook: return "rook"
        case .bishop: return "bishop"
        case .knight: return "knight"
        case .pawn: return "pawn"
        }
    }
}
