import NorochessKit
import SwiftUI

extension Color {
    /// A colour the model chose (explicit: the same in light and dark mode).
    init(_ rgb: RGB) {
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, opacity: rgb.alpha)
    }
}
