import NorochessKit
import SwiftUI

/// A board as the model lays it out: squares, pieces, marks, coordinates.
/// Taps and drags go back to the model as square names; each square is one
/// VoiceOver element with the model's label and hint. A dragged piece
/// follows the finger, lifted and a little larger; the last move's piece
/// glides in from where it set out (unless the player dragged it there, or
/// Reduce Motion is on).
struct BoardView: View {
    let layout: BoardLayout
    let onTap: (String) -> Void
    let onDragBegan: (String) -> Void
    let onDragEnded: (String?) -> Void

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// The square a drag began on and where the finger is now (board points).
    @State private var dragged: (square: String, at: CGPoint)?
    /// 1 when the last move's piece is back where it set out, 0 once it has arrived.
    @State private var glide: Double = 0

    var body: some View {
        GeometryReader { proxy in
            let side = min(proxy.size.width, proxy.size.height)
            let cell = side / CGFloat(layout.width)
            ZStack(alignment: .topLeading) {
                VStack(spacing: 0) {
                    ForEach(Array(layout.rows.enumerated()), id: \.offset) { _, squares in
                        HStack(spacing: 0) {
                            ForEach(squares) { square in
                                SquareView(
                                    square: square, layout: layout, cell: cell,
                                    hidesPiece: dragged?.square == square.id,
                                    pieceOffset: offset(of: square.id, cell: cell)
                                )
                                .zIndex(square.id == layout.lastMove?.to ? 1 : 0)
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
                // The dragged piece under the finger, above every square.
                if let dragged, let art = layout.square(dragged.square)?.art {
                    PieceView(art: art, letters: layout.lettersStyle, size: cell * 1.2)
                        .frame(width: cell * 1.2, height: cell * 1.2)
                        .position(x: dragged.at.x, y: dragged.at.y - cell * 0.3)
                        .allowsHitTesting(false)
                        .accessibilityHidden(true)
                }
            }
            .frame(width: side, height: side)
            .gesture(
                DragGesture(minimumDistance: 8)
                    .onChanged { value in
                        if dragged == nil,
                            let square = layout.squareAt(x: value.startLocation.x / side, y: value.startLocation.y / side) {
                            onDragBegan(square)
                            if layout.square(square)?.art != nil { dragged = (square, value.location) }
                        } else if let from = dragged?.square {
                            dragged = (from, value.location)
                        }
                    }
                    .onEnded { value in
                        dragged = nil
                        onDragEnded(layout.squareAt(x: value.location.x / side, y: value.location.y / side))
                    }
            )
            .onChange(of: layout.lastMove) { _, move in
                // A dragged piece is already where the finger let it go.
                guard move != nil, !reduceMotion, dragged == nil else { return }
                glide = 1
                withAnimation(.easeOut(duration: 0.18)) { glide = 0 }
            }
        }
        .aspectRatio(CGFloat(layout.width) / CGFloat(layout.height), contentMode: .fit)
    }

    /// How far the piece on [square] is drawn from its place: only the last move's, while it glides.
    private func offset(of square: String, cell: CGFloat) -> CGSize {
        guard square == layout.lastMove?.to, let from = layout.glide, glide > 0 else { return .zero }
        return CGSize(width: from.dx * cell * glide, height: from.dy * cell * glide)
    }
}

private struct SquareView: View {
    let square: BoardSquare
    let layout: BoardLayout
    let cell: CGFloat
    /// The piece is being dragged: it is drawn under the finger instead.
    let hidesPiece: Bool
    /// Where the piece is drawn from the square's centre (a move gliding in).
    let pieceOffset: CGSize

    var body: some View {
        ZStack {
            Rectangle().fill(Color(square.colour))
            if let art = square.art, !hidesPiece {
                PieceView(art: art, letters: layout.lettersStyle, size: cell)
                    .rotationEffect(square.isUpsideDown ? .degrees(180) : .zero)
                    .offset(pieceOffset)
            }
            if square.isTarget && layout.showDots {
                Circle()
                    .fill(Color(layout.theme.dot))
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

/// A piece in its explicit colours: the app layer's shapes (the Android
/// board's drawing) painted on a canvas, or a letter in a disc.
struct PieceView: View {
    let art: PieceArt
    let letters: Bool
    let size: CGFloat

    var body: some View {
        if letters {
            Text(verbatim: art.letter)
                .font(.system(size: size * 0.45, weight: .bold))
                .foregroundStyle(Color(art.letterInk))
                .frame(width: size * 0.8, height: size * 0.8)
                .background(Circle().fill(Color(art.fill)))
                .overlay(Circle().stroke(Color(art.line), lineWidth: size * 0.035))
        } else {
            Canvas { context, canvas in
                let side = min(canvas.width, canvas.height)
                let outline = StrokeStyle(lineWidth: side * art.outlineWidth, lineCap: .round, lineJoin: .round)
                for shape in art.shapes {
                    let path = PieceView.path(of: shape, side: side)
                    switch shape {
                    case .body, .disc, .roundedBox:
                        context.fill(path, with: .color(Color(art.fill)))
                        context.stroke(path, with: .color(Color(art.line)), style: outline)
                    case .detailLine:
                        context.stroke(path, with: .color(Color(art.detail)),
                                       style: StrokeStyle(lineWidth: side * art.detailWidth, lineCap: .round))
                    case .detailDot:
                        context.fill(path, with: .color(Color(art.detail)))
                    }
                }
            }
            .frame(width: size, height: size)
        }
    }

    /// The shape in a square of side [side] points.
    static func path(of shape: PieceShape, side: CGFloat) -> Path {
        func point(_ x: Float, _ y: Float) -> CGPoint { CGPoint(x: CGFloat(x) * side, y: CGFloat(y) * side) }
        func scaled(_ value: Float) -> CGFloat { CGFloat(value) * side }
        var path = Path()
        switch shape {
        case let .body(steps):
            for step in steps {
                switch step {
                case let .moveTo(x, y): path.move(to: point(x, y))
                case let .lineTo(x, y): path.addLine(to: point(x, y))
                case let .cubicTo(x1, y1, x2, y2, x, y):
                    path.addCurve(to: point(x, y), control1: point(x1, y1), control2: point(x2, y2))
                case .close: path.closeSubpath()
                }
            }
        case let .disc(x, y, radius), let .detailDot(x, y, radius):
            path.addEllipse(in: CGRect(x: scaled(x - radius), y: scaled(y - radius),
                                       width: scaled(radius * 2), height: scaled(radius * 2)))
        case let .roundedBox(x, y, width, height, corner):
            path.addRoundedRect(in: CGRect(x: scaled(x), y: scaled(y), width: scaled(width), height: scaled(height)),
                                cornerSize: CGSize(width: scaled(corner), height: scaled(corner)))
        case let .detailLine(x1, y1, x2, y2):
            path.move(to: point(x1, y1))
            path.addLine(to: point(x2, y2))
        }
        return path
    }
}
