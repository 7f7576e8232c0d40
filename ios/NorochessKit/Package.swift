// swift-tools-version:5.9
// NorochessKit: the Swift interface of the Norochess core (bindings generated
// by UniFFI from the Rust library) and the app's screen logic.
//
// The Rust library comes in two shapes:
// - on Apple platforms, NorochessFFI.xcframework (static libraries for iOS
//   devices, the iOS simulator and macOS), built by scripts/build-ios.sh;
// - on Linux, where the tests run in CI, the host shared library
//   libnorochess_ffi.so through a system-library module
//   (scripts/test-swift.sh passes its directory with -Xlinker -L).
// The generated sources (Sources/NorochessKit/Generated, Sources/NorochessFFI)
// come from scripts/generate-bindings.sh and are not committed.
import PackageDescription

#if os(Linux)
let ffiTarget: Target = .systemLibrary(name: "NorochessFFI", path: "Sources/NorochessFFI")
#else
let ffiTarget: Target = .binaryTarget(name: "NorochessFFI", path: "NorochessFFI.xcframework")
#endif

let package = Package(
    name: "NorochessKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "NorochessKit", targets: ["NorochessKit"]),
    ],
    targets: [
        ffiTarget,
        .target(name: "NorochessKit", dependencies: ["NorochessFFI"]),
        .testTarget(name: "NorochessKitTests", dependencies: ["NorochessKit"]),
    ]
)
