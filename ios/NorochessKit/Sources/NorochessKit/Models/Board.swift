import Foundation

/// A colour as red, green and blue from 0 to 1 (and its opacity): the
/// views turn it into a SwiftUI `Color` without deciding anything (light
/// and dark mode alike).
public struct RGB: Equatable, Hashable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double
    public init(_ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The app layer's `0xAARRGGBB`.
    public init(argb: UInt32) {
        func channel(_ shift: UInt32) -> Double { Double((argb >> shift) & 0xFF) / 255 }
        self.init(channel(16), channel(8), channel(0), alpha: channel(24))
    }

    /// This colour laid over the opaque [under]: what the eye sees.
    public func over(_ under: RGB) -> RGB {
        func mix(_ top: Double, _ bottom: Double) -> Double { top * alpha + bottom * (1 - alpha) }
        return RGB(mix(red, under.red), mix(green, under.green), mix(blue, under.blue))
    }
}

/// The colours of a board (settings: `brown`, `green`, `blue`, `grey`): the
/// app layer's `boardColours`, which the Android app paints with too.
public struct BoardTheme: Equatable, Sendable {
    public let id: String
    public let light: RGB
    public let dark: RGB
    /// Laid over the selected square (translucent).
    public let selected: RGB
    /// Laid over the last move's squares (translucent).
    public let lastMove: RGB
    public let check: RGB
    /// Laid over a hint's squares (translucent).
    public let hinted: RGB
    /// The legal-target dot (translucent black, 3:1 on every square).
    public let dot: RGB

    public static let all: [BoardTheme] = boardThemes().map(BoardTheme.init(colours:))

    init(colours: BoardColours) {
        id = colours.id
        light = RGB(argb: colours.light)
        dark = RGB(argb: colours.dark)
        selected = RGB(argb: colours.selected)
        lastMove = RGB(argb: colours.lastMove)
        check = RGB(argb: colours.checkGlow)
        hinted = RGB(argb: colours.hinted)
        dot = RGB(argb: colours.targetMark)
    }

    /// The theme of a settings id (brown for an unknown one).
    public static func named(_ id: String) -> BoardTheme {
        all.first { $0.id == id } ?? all[0]
    }

    /// The name shown in Settings.
    public var name: String {
        switch id {
        case "green": return tr("Green")
        case "blue": return tr("Blue")
        case "grey": return tr("Grey")
        default: return tr("Brown")
        }
    }
}

/// How a piece is drawn: the app layer's shapes for its kind (in a square
/// of side 1, the same drawing as on Android) in the palette's explicit
/// colours, which do not follow the text colour, so dark mode keeps both
/// sides visible.
public struct PieceArt: Equatable, Sendable {
    /// Bodies filled with [fill] and outlined with [line]; details in [detail].
    public let shapes: [PieceShape]
    /// The letter for the Letters style (`N`).
    public let letter: String
    public let fill: RGB
    public let line: RGB
    public let detail: RGB
    /// The outline's and the details' widths, as fractions of the square's side.
    public let outlineWidth: Double
    public let detailWidth: Double

    private static let palette = piecePalette()
    private static let drawings: [PieceKind: [PieceShape]] = Dictionary(
        uniqueKeysWithValues: [PieceKind.king, .queen, .rook, .bishop, .knight, .pawn].map { ($0, pieceDrawing(kind: $0)) })

    public static func of(_ piece: Piece) -> PieceArt {
        let letter: String
        switch piece.role {
        case .king: letter = "K"
        case .queen: letter = "Q"
        case .rook: letter = "R"
        case .bishop: letter = "B"
        case .knight: letter = "N"
        case .pawn: letter = "P"
        }
        let white = piece.color == .white
        return PieceArt(
            shapes: drawings[piece.role] ?? [], letter: letter,
            fill: RGB(argb: white ? palette.whiteFill : palette.blackFill),
            line: RGB(argb: white ? palette.whiteLine : palette.blackLine),
            detail: RGB(argb: white ? palette.whiteLine : palette.blackDetail),
            outlineWidth: Double(palette.outlineWidth), detailWidth: Double(palette.detailWidth))
    }

    /// The Letters style's ink: the detail colour (light on a black disc, dark on a white one).
    public var letterInk: RGB { detail }
}

/// Names for pieces and sides, translated.
public enum Names {
    public static func side(_ side: Side) -> String { side == .white ? tr("White") : tr("Black") }

    public static func kind(_ kind: PieceKind) -> String {
        switch kind {
        case .king: return tr("king")
        case .queen: return tr("queen")
        case .rook: return tr("rook")
        case .bishop: return tr("bishop")
        case .knight: return tr("knight")
        case .pawn: return tr("pawn")
        }
    }

    /// `White knight`.
    public static func piece(_ piece: Piece) -> String {
        piece.color == .white ? tr("White %@", kind(piece.role)) : tr("Black %@", kind(piece.role))
    }
}

/// A choice of a picker: its value and the name shown.
public struct Choice<Value: Hashable>: Identifiable, Hashable {
    public let value: Value
    public let name: String
    public var id: Value { value }
    public init(_ value: Value, _ name: String) {
        self.value = value
        self.name = name
    }
}

/// One square as the board view draws it and VoiceOver reads it.
public struct BoardSquare: Identifiable, Equatable {
    /// The square's name (`g1`).
    public let id: String
    public let file: Int
    public let rank: Int
    public let isLight: Bool
    public let piece: Piece?
    public let art: PieceArt?
    public let isSelected: Bool
    /// A legal target of the selected piece (a dot, if dots are on).
    public let isTarget: Bool
    public let isLastMove: Bool
    public let isCheck: Bool
    /// Highlighted by a puzzle hint.
    public let isHinted: Bool
    /// Named by a problem of the position editor (marked like a check).
    public let isFlagged: Bool
    /// Face-to-face mode: drawn upside down.
    public let isUpsideDown: Bool
    /// The colour under the piece (the theme's, or a highlight).
    public let colour: RGB
    /// The rank number drawn in this square's top left corner (the left
    /// column only; `nil` elsewhere or when coordinates are off).
    public let rankLabel: String?
    /// The file letter drawn in this square's bottom right corner (the
    /// bottom row only; `nil` elsewhere or when coordinates are off).
    public let fileLabel: String?
    /// The ink of this square's coordinates: the theme's other square
    /// colour (light on a dark square, dark on a light one, as Android
    /// draws them), so a label never has the colour of its own square.
    public let labelInk: RGB
    /// `White knight on g1`, `e4`; `, legal target` when it is one.
    public let accessibilityLabel: String
    /// `Can move to f3, h3` for a piece that may move; `Moves the knight here`
    /// for a legal target.
    public let accessibilityHint: String?
}

/// The board as drawn: rows from the top of the screen, coordinates, marks.
public struct BoardLayout: Equatable {
    public let width: Int
    public let height: Int
    /// Rows from the top of the screen, each from the left.
    public let rows: [[BoardSquare]]
    /// File letters from the left (empty when coordinates are off).
    public let fileLabels: [String]
    /// Rank numbers from the top (empty when coordinates are off).
    public let rankLabels: [String]
    public let showDots: Bool
    public let lettersStyle: Bool
    public let theme: BoardTheme
    /// The side at the bottom.
    public let bottom: Side
    /// The last move's two squares (nil before the first move).
    public let lastMove: MoveSquares?

    /// A move's from and to squares.
    public struct MoveSquares: Equatable, Sendable {
        public let from: String
        public let to: String
    }

    /// A distance on the board in squares: right and down on the screen.
    public struct SquareOffset: Equatable, Sendable {
        public let dx: Double
        public let dy: Double
    }

    /// Where [name] is drawn: its column and row from the top left.
    public func place(_ name: String) -> (column: Int, row: Int)? {
        for (row, squares) in rows.enumerated() {
            if let column = squares.firstIndex(where: { $0.id == name }) { return (column, row) }
        }
        return nil
    }

    /// Where the piece that has just arrived on the last move's target set
    /// out from, relative to that target: an animated move glides it from
    /// there to zero (the computer's move, a review step), on a flipped or
    /// upright board alike.
    public var glide: SquareOffset? {
        guard let move = lastMove, let from = place(move.from), let to = place(move.to) else { return nil }
        return SquareOffset(dx: Double(from.column - to.column), dy: Double(from.row - to.row))
    }

    /// The coordinates' font size as a fraction of a square's side: they
    /// scale with the board, not with Dynamic Type (a large text size would
    /// otherwise cover the pieces; VoiceOver reads the squares' names
    /// instead). The same fraction as the Android board's.
    public static let coordinateSizeFraction = 0.2
    /// The coordinates' inset from the square's corner, as a fraction of its side.
    public static let coordinateInsetFraction = 0.04

    /// The coordinates' font size in points on squares of `cell` points.
    public func coordinateSize(cell: Double) -> Double { cell * Self.coordinateSizeFraction }

    public var squares: [BoardSquare] { rows.flatMap { $0 } }

    public func square(_ name: String) -> BoardSquare? { squares.first { $0.id == name } }

    /// Which square a point of the board falls on (drag input): `x` and `y`
    /// from 0 to 1 across the drawn board, from its top left.
    public func squareAt(x: Double, y: Double) -> String? {
        guard x >= 0, x < 1, y >= 0, y < 1 else { return nil }
        let row = Int(y * Double(height))
        let column = Int(x * Double(width))
        return rows[row][column].id
    }

    public struct Marks {
        public var selected: String?
        public var targets: [String] = []
        public var hinted: String?
        /// Squares a problem names (the position editor).
        public var flagged: Set<String> = []
        public init(selected: String? = nil, targets: [String] = [], hinted: String? = nil,
                    flagged: Set<String> = []) {
            self.selected = selected
            self.targets = targets
            self.hinted = hinted
            self.flagged = flagged
        }
    }

    public init(
        snapshot: GameSnapshot, bottom: Side, upsideDown: Side?, marks: Marks,
        settings: Settings?
    ) {
        self.init(width: Int(snapshot.width), height: Int(snapshot.height), pieces: snapshot.pieces,
                  legalMoves: snapshot.legalMoves, lastMove: snapshot.lastMove, checkSquare: snapshot.checkSquare,
                  bottom: bottom, upsideDown: upsideDown, marks: marks, settings: settings)
    }

    /// A board of pieces without a game around it (the position editor's).
    public init(editor view: EditorView, bottom: Side, marks: Marks, settings: Settings?) {
        self.init(width: Int(view.width), height: Int(view.height), pieces: view.pieces, legalMoves: [],
                  lastMove: nil, checkSquare: nil, bottom: bottom, upsideDown: nil, marks: marks, settings: settings)
    }

    init(
        width: Int, height: Int, pieces placed: [PlacedPiece], legalMoves: [MoveInfo], lastMove move: MoveInfo?,
        checkSquare: String?, bottom: Side, upsideDown: Side?, marks: Marks, settings: Settings?
    ) {
        self.width = width
        self.height = height
        self.bottom = bottom
        let theme = BoardTheme.named(settings?.boardTheme ?? "brown")
        self.theme = theme
        showDots = settings?.legalDots ?? true
        lettersStyle = settings?.pieceStyle == .letters
        let coordinates = settings?.coordinates ?? true
        var pieces: [String: Piece] = [:]
        for placed in placed { pieces[placed.square] = placed.piece }
        let last: Set<String> = move.map { [$0.from, $0.to] } ?? []
        lastMove = move.map { MoveSquares(from: $0.from, to: $0.to) }
        // What each piece of the side that may move can reach (VoiceOver hints).
        var reach: [String: [String]] = [:]
        for move in legalMoves where !(reach[move.from]?.contains(move.to) ?? false) {
            reach[move.from, default: []].append(move.to)
        }
        let selectedPiece = marks.selected.flatMap { pieces[$0] }
        let files = bottom == .white ? Array(0..<width) : Array((0..<width).reversed())
        let ranks = bottom == .white ? Array((0..<height).reversed()) : Array(0..<height)
        let leftFile = files.first
        let bottomRank = ranks.last
        rows = ranks.map { rank in
            files.map { file in
                let name = squareName(file: file, rank: rank)
                let piece = pieces[name]
                let isTarget = marks.targets.contains(name)
                let isSelected = marks.selected == name
                let isCheck = checkSquare == name
                let isHinted = marks.hinted == name
                let isFlagged = marks.flagged.contains(name)
                let isLast = last.contains(name)
                let isLight = (file + rank) % 2 == 1
                let square = isLight ? theme.light : theme.dark
                let overlay: RGB? = isSelected ? theme.selected : isCheck || isFlagged ? theme.check
                    : isHinted ? theme.hinted : isLast ? theme.lastMove : nil
                let colour = overlay?.over(square) ?? square
                var label = piece.map { tr("%@ on %@", Names.piece($0), name) } ?? name
                if isTarget { label = tr("%@, legal target", label) }
                if isFlagged { label = tr("%@, named by a problem", label) }
                var hint: String?
                if isTarget, let moving = selectedPiece {
                    hint = tr("Moves the %@ here", Names.kind(moving.role))
                } else if let targets = reach[name], !targets.isEmpty {
                    hint = tr("Can move to %@", targets.joined(separator: ", "))
                }
                return BoardSquare(
                    id: name, file: file, rank: rank, isLight: isLight, piece: piece,
                    art: piece.map(PieceArt.of), isSelected: isSelected, isTarget: isTarget,
                    isLastMove: isLast, isCheck: isCheck, isHinted: isHinted, isFlagged: isFlagged,
                    isUpsideDown: piece != nil && piece?.color == upsideDown, colour: colour,
                    rankLabel: coordinates && file == leftFile ? "\(rank + 1)" : nil,
                    fileLabel: coordinates && rank == bottomRank ? fileLetter(file) : nil,
                    labelInk: isLight ? theme.dark : theme.light,
                    accessibilityLabel: label, accessibilityHint: hint)
            }
        }
        fileLabels = coordinates ? files.map(fileLetter) : []
        rankLabels = coordinates ? ranks.map { "\($0 + 1)" } : []
    }
}

/// `e4` for file 4 and rank 3 (both from 0), on either board size.
public func squareName(file: Int, rank: Int) -> String {
    "\(fileLetter(file))\(rank + 1)"
}

/// `e` for file 4 (from 0).
func fileLetter(_ file: Int) -> String { String(UnicodeScalar(UInt8(97 + file))) }

/// The promotion (or resurrection) picker is the app layer's `PiecePicker`
/// (`snapshot.input.picker`, `run.input().picker`): its title and each
/// choice's label (`Queen (9)` where captures score, `Queen` in chess) are
/// written in Rust, and so is which pieces it offers.
extension PieceChoice: Identifiable {
    public var id: PieceKind { kind }
}
