//! The pieces' drawings, described once for every shell: each kind of
//! piece as a few shapes in a square of side 1 (x to the right, y down),
//! and the colours they are painted in. Android's Compose canvas and iOS's
//! SwiftUI canvas both draw from this description, so the two boards
//! cannot drift apart, and the colours are chosen (and their contrast
//! tested) here, not by a theme: a piece reads the same in light and dark
//! mode and on every board theme.

use norochess_core::{Color, Role};

/// One step of an outline, in the unit square.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PathStep {
    /// Starts the outline at a point.
    MoveTo {
        /// Across, 0 (left) to 1 (right).
        x: f32,
        /// Down, 0 (top) to 1 (bottom).
        y: f32,
    },
    /// A straight line to a point.
    LineTo {
        /// Across.
        x: f32,
        /// Down.
        y: f32,
    },
    /// A cubic Bézier curve through two control points to a point.
    CubicTo {
        /// First control point, across.
        x1: f32,
        /// First control point, down.
        y1: f32,
        /// Second control point, across.
        x2: f32,
        /// Second control point, down.
        y2: f32,
        /// End point, across.
        x: f32,
        /// End point, down.
        y: f32,
    },
    /// Closes the outline back to its start.
    Close,
}

/// One shape of a piece. Bodies are filled with the piece's fill colour
/// and outlined with its line colour ([PiecePalette::outline_width]);
/// details are thin strokes and dots in the detail colour.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PieceShape {
    /// A closed outline.
    Body {
        /// Its steps, starting with `MoveTo` and ending with `Close`.
        steps: Vec<PathStep>,
    },
    /// A disc (a pawn's head, a queen's crown balls).
    Disc {
        /// Centre, across.
        x: f32,
        /// Centre, down.
        y: f32,
        /// Radius.
        radius: f32,
    },
    /// A rectangle with round corners (every piece's base).
    RoundedBox {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Width.
        width: f32,
        /// Height.
        height: f32,
        /// Corner radius.
        corner: f32,
    },
    /// A thin line in the detail colour ([PiecePalette::detail_width], round caps).
    DetailLine {
        /// Start, across.
        x1: f32,
        /// Start, down.
        y1: f32,
        /// End, across.
        x2: f32,
        /// End, down.
        y2: f32,
    },
    /// A small filled dot in the detail colour (the knight's eye).
    DetailDot {
        /// Centre, across.
        x: f32,
        /// Centre, down.
        y: f32,
        /// Radius.
        radius: f32,
    },
}

/// The colours and stroke widths pieces are painted with. Colours are
/// `0xAARRGGBB`; widths are fractions of the square's side.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PiecePalette {
    /// A white piece's body.
    pub white_fill: u32,
    /// A white piece's outline and details.
    pub white_line: u32,
    /// A black piece's body.
    pub black_fill: u32,
    /// A black piece's outline.
    pub black_line: u32,
    /// A black piece's details (light, so they show on the dark body).
    pub black_detail: u32,
    /// The outline's width.
    pub outline_width: f32,
    /// The details' width.
    pub detail_width: f32,
}

impl PiecePalette {
    /// (fill, outline, detail) of a piece of `side`.
    pub fn of(&self, side: Color) -> (u32, u32, u32) {
        match side {
            Color::White => (self.white_fill, self.white_line, self.white_line),
            Color::Black => (self.black_fill, self.black_line, self.black_detail),
        }
    }
}

/// The palette every shell paints pieces with.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn piece_palette() -> PiecePalette {
    PiecePalette {
        white_fill: 0xFFFB_FAF5,
        white_line: 0xFF1B_1B1B,
        black_fill: 0xFF2A_2A2A,
        black_line: 0xFF0A_0A0A,
        black_detail: 0xFFE8_E4DA,
        outline_width: 0.035,
        detail_width: 0.025,
    }
}

/// The shapes of a piece of kind `kind`, in drawing order (the base first).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn piece_drawing(kind: Role) -> Vec<PieceShape> {
    let mut shapes = vec![PieceShape::RoundedBox {
        x: 0.2,
        y: 0.8,
        width: 0.6,
        height: 0.1,
        corner: 0.03,
    }];
    match kind {
        Role::Pawn => shapes.extend([
            polygon(&[(0.3, 0.8), (0.42, 0.52), (0.58, 0.52), (0.7, 0.8)]),
            PieceShape::RoundedBox {
                x: 0.34,
                y: 0.47,
                width: 0.32,
                height: 0.08,
                corner: 0.04,
            },
            disc(0.5, 0.35, 0.13),
        ]),
        Role::Rook => shapes.extend([
            polygon(&[(0.3, 0.8), (0.33, 0.4), (0.67, 0.4), (0.7, 0.8)]),
            polygon(&[
                (0.24, 0.4),
                (0.24, 0.17),
                (0.35, 0.17),
                (0.35, 0.25),
                (0.445, 0.25),
                (0.445, 0.17),
                (0.555, 0.17),
                (0.555, 0.25),
                (0.65, 0.25),
                (0.65, 0.17),
                (0.76, 0.17),
                (0.76, 0.4),
            ]),
            line(0.34, 0.5, 0.66, 0.5),
        ]),
        Role::Bishop => shapes.extend([
            polygon(&[(0.34, 0.8), (0.42, 0.62), (0.58, 0.62), (0.66, 0.8)]),
            PieceShape::Body {
                steps: vec![
                    PathStep::MoveTo { x: 0.5, y: 0.17 },
                    cubic(0.74, 0.32, 0.72, 0.56, 0.62, 0.64),
                    PathStep::LineTo { x: 0.38, y: 0.64 },
                    cubic(0.28, 0.56, 0.26, 0.32, 0.5, 0.17),
                    PathStep::Close,
                ],
            },
            disc(0.5, 0.13, 0.05),
            line(0.44, 0.46, 0.58, 0.32),
        ]),
        Role::Knight => shapes.extend([
            PieceShape::Body {
                steps: vec![
                    PathStep::MoveTo { x: 0.28, y: 0.8 },
                    PathStep::LineTo { x: 0.74, y: 0.8 },
                    cubic(0.78, 0.56, 0.76, 0.3, 0.56, 0.18),
                    PathStep::LineTo { x: 0.52, y: 0.1 },
                    PathStep::LineTo { x: 0.46, y: 0.19 },
                    cubic(0.36, 0.24, 0.26, 0.36, 0.18, 0.5),
                    PathStep::LineTo { x: 0.22, y: 0.6 },
                    PathStep::LineTo { x: 0.32, y: 0.56 },
                    PathStep::LineTo { x: 0.44, y: 0.48 },
                    cubic(0.4, 0.6, 0.3, 0.68, 0.28, 0.8),
                    PathStep::Close,
                ],
            },
            PieceShape::DetailDot {
                x: 0.43,
                y: 0.3,
                radius: 0.035,
            },
            line(0.6, 0.26, 0.68, 0.5),
        ]),
        Role::Queen => shapes.extend([
            polygon(&[
                (0.28, 0.8),
                (0.22, 0.3),
                (0.36, 0.56),
                (0.5, 0.24),
                (0.64, 0.56),
                (0.78, 0.3),
                (0.72, 0.8),
            ]),
            disc(0.22, 0.26, 0.05),
            disc(0.5, 0.19, 0.05),
            disc(0.78, 0.26, 0.05),
            line(0.31, 0.7, 0.69, 0.7),
        ]),
        Role::King => shapes.extend([
            polygon(&[
                (0.28, 0.8),
                (0.24, 0.44),
                (0.4, 0.36),
                (0.6, 0.36),
                (0.76, 0.44),
                (0.72, 0.8),
            ]),
            polygon(&[
                (0.46, 0.36),
                (0.46, 0.25),
                (0.39, 0.25),
                (0.39, 0.18),
                (0.46, 0.18),
                (0.46, 0.1),
                (0.54, 0.1),
                (0.54, 0.18),
                (0.61, 0.18),
                (0.61, 0.25),
                (0.54, 0.25),
                (0.54, 0.36),
            ]),
            line(0.31, 0.7, 0.69, 0.7),
            line(0.3, 0.52, 0.7, 0.52),
        ]),
    }
    shapes
}

/// A closed outline through `points`.
fn polygon(points: &[(f32, f32)]) -> PieceShape {
    let mut steps = Vec::with_capacity(points.len() + 1);
    for (i, &(x, y)) in points.iter().enumerate() {
        steps.push(if i == 0 {
            PathStep::MoveTo { x, y }
        } else {
            PathStep::LineTo { x, y }
        });
    }
    steps.push(PathStep::Close);
    PieceShape::Body { steps }
}

fn cubic(x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) -> PathStep {
    PathStep::CubicTo {
        x1,
        y1,
        x2,
        y2,
        x,
        y,
    }
}

fn disc(x: f32, y: f32, radius: f32) -> PieceShape {
    PieceShape::Disc { x, y, radius }
}

fn line(x1: f32, y1: f32, x2: f32, y2: f32) -> PieceShape {
    PieceShape::DetailLine { x1, y1, x2, y2 }
}

/// WCAG's contrast ratio of two `0xAARRGGBB` colours (1 to 21).
pub fn contrast(a: u32, b: u32) -> f64 {
    fn luminance(c: u32) -> f64 {
        let channel = |shift: u32| {
            let v = f64::from((c >> shift) & 0xFF) / 255.0;
            if v <= 0.039_28 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every point a shape touches.
    fn points(shape: &PieceShape) -> Vec<(f32, f32)> {
        match shape {
            PieceShape::Body { steps } => steps
                .iter()
                .flat_map(|s| match *s {
                    PathStep::MoveTo { x, y } | PathStep::LineTo { x, y } => vec![(x, y)],
                    PathStep::CubicTo {
                        x1,
                        y1,
                        x2,
                        y2,
                        x,
                        y,
                    } => vec![(x1, y1), (x2, y2), (x, y)],
                    PathStep::Close => vec![],
                })
                .collect(),
            &PieceShape::Disc { x, y, radius } | &PieceShape::DetailDot { x, y, radius } => {
                vec![(x - radius, y - radius), (x + radius, y + radius)]
            }
            &PieceShape::RoundedBox {
                x,
                y,
                width,
                height,
                ..
            } => vec![(x, y), (x + width, y + height)],
            &PieceShape::DetailLine { x1, y1, x2, y2 } => vec![(x1, y1), (x2, y2)],
        }
    }

    #[test]
    fn every_piece_stays_inside_its_square_with_a_margin_and_starts_on_its_base() {
        for kind in Role::ALL {
            let shapes = piece_drawing(kind);
            assert!(
                matches!(shapes[0], PieceShape::RoundedBox { y, .. } if y == 0.8),
                "{kind:?} starts with the base"
            );
            for shape in &shapes {
                for (x, y) in points(shape) {
                    assert!(
                        (0.05..=0.95).contains(&x) && (0.05..=0.95).contains(&y),
                        "{kind:?}: ({x}, {y}) leaves the square's margin"
                    );
                }
            }
        }
    }

    #[test]
    fn every_outline_is_closed_and_begins_with_a_move() {
        for kind in Role::ALL {
            for shape in piece_drawing(kind) {
                if let PieceShape::Body { steps } = shape {
                    assert!(matches!(steps.first(), Some(PathStep::MoveTo { .. })));
                    assert_eq!(steps.last(), Some(&PathStep::Close), "{kind:?}");
                    assert_eq!(
                        steps
                            .iter()
                            .filter(|s| matches!(s, PathStep::MoveTo { .. }))
                            .count(),
                        1
                    );
                }
            }
        }
    }

    #[test]
    fn the_six_kinds_look_different() {
        let drawings: Vec<_> = Role::ALL.iter().map(|&k| piece_drawing(k)).collect();
        for (i, a) in drawings.iter().enumerate() {
            for b in &drawings[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn pieces_read_on_light_and_dark_squares_and_their_details_on_their_bodies() {
        let p = piece_palette();
        // Every square of every board theme, whatever the system's light or
        // dark mode: pieces never take the theme's colours.
        let squares: Vec<u32> = crate::board_colours::board_themes()
            .iter()
            .flat_map(|t| [t.light, t.dark])
            .collect();
        for side in [Color::White, Color::Black] {
            let (fill, outline, detail) = p.of(side);
            assert!(
                contrast(fill, detail) >= 4.5,
                "{side:?} details on the body"
            );
            for &square in &squares {
                // A piece is found by its outline against the square or its body against it.
                let seen = contrast(outline, square).max(contrast(fill, square));
                assert!(seen >= 3.0, "{side:?} on {square:08X}: {seen:.2}");
            }
        }
        assert!(
            contrast(p.white_fill, p.black_fill) >= 7.0,
            "white and black apart"
        );
        assert!(p.outline_width > p.detail_width && p.detail_width > 0.0);
    }
}
