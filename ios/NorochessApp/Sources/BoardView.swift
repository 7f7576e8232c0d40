import NorochessKit
import SwiftUI

/// A board as the model lays it out: squares, pieces, marks, coordinates.
/// Taps and drags go back to the model as square names; each square is one
/// VoiceOver element with the model's label and hint.
struct BoardView: View {
    let layout: BoardLayout
    let onTap: (String) -> Void
    let onDragBegan: (String) -> Void
    let onDragEnded: (String?) -> Void

    var body: some View {
        GeometryReader { proxy in
            let side = min(proxy.size.width, proxy.size.height)
            let cell = side / CGFloat(layout.width)
            VStack(spacing: 0) {
                ForEach(Array(layout.rows.enumerated()), id: \.offset) { _, squares in
                    HStack(spacing: 0) {
                        ForEach(squares) { square in
                            SquareView(square: square, layout: layout, cell: cell)
                                .onTapGesture { onTap(square.id) }
                                .accessibilityElement(children: .ignore)
                                .accessibilityLabel(Text(verbatim: square.accessibilityLabel))
                                .accessibilityHint(Text(verbatim: square.accessibilityHint ?? ""))
                                .accessibilityAddTraits(square.isSelected ? [.isButton, .isSelected] : .isButton)
                                .accessibilityAction { onTap(square.id) }
                        }
                    }
                }
            }
            .frame(width: side, height: side)
            .gesture(
                DragGesture(minimumDistance: 8)
                    .onChanged { value in
                        if let square = layout.squareAt(x: value.startLocation.x / side, y: value.startLocation.y / side) {
                            onDragBegan(square)
                        }
                    }
                    .onEnded { value in
                        onDragEnded(layout.squareAt(x: value.location.x / side, y: value.location.y / side))
                    }
            )
        }
        .aspectRatio(CGFloat(layout.width) / CGFloat(layout.height), contentMode: .fit)
    }

}

private struct SquareView: View {
    let square: BoardSquare
    let layout: BoardLayout
    let cell: CGFloat

    var body: some View {
        ZStack {
            Rectangle().fill(Color(square.colour))
            if let art = square.art {
                PieceView(art: art, letters: layout.lettersStyle, size: cell)
                    .rotationEffect(square.isUpsideDown ? .degrees(180) : .zero)
            }
            if square.isTarget && layout.showDots {
                Circle()
                    .fill(Color(layout.theme.dot).opacity(0.35))
                    .frame(width: cell * (square.piece == nil ? 0.3 : 0.9))
            }
            // The model says which squares carry a coordinate, in which ink
            // and at what size (a fraction of the square, not Dynamic Type).
            if let rank = square.rankLabel {
                coordinate(rank, alignment: .topLeading)
            }
            if let file = square.fileLabel {
                coordinate(file, alignment: .bottomTrailing)
            }
        }
        .frame(width: cell, height: cell)
        .contentShape(Rectangle())
    }

    private func coordinate(_ text: String, alignment: Alignment) -> some View {
        Text(verbatim: text)
            .font(.system(size: layout.coordinateSize(cell: cell), weight: .bold))
            .foregroundStyle(Color(square.labelInk))
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment)
            .padding(cell * BoardLayout.coordinateInsetFraction)
            .accessibilityHidden(true)
    }
}

/// A piece in its explicit colours: the filled figure with its outline
/// over it, or a letter in a disc.
struct PieceView: View {
    let art: PieceArt
    let letters: Bool
    let size: CGFloat

    var body: some View {
        if letters {
            Text(verbatim: art.letter)
                .font(.system(size: size * 0.5, weight: .bold))
                .foregroundStyle(Color(art.outlineColour))
                .frame(width: size * 0.8, height: size * 0.8)
                .background(Circle().fill(Color(art.fill)))
                .overlay(Circle().stroke(Color(art.outlineColour), lineWidth: 1))
        } else {
            ZStack {
                Text(verbatim: art.body).foregroundStyle(Color(art.fill))
                Text(verbatim: art.outline).foregroundStyle(Color(art.outlineColour))
            }
            .font(.system(size: size * 0.8))
        }
    }
}
