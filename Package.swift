// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pvrc",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PVRTC", targets: ["PVRTC"]),
        .library(name: "TextureFormats", targets: ["TextureFormats"]),
        .library(name: "PNGIO", targets: ["PNGIO"]),
        .library(name: "PVRTCGL", targets: ["PVRTCGL"]),
        .library(name: "TextureLoader", targets: ["TextureLoader"]),
        .executable(name: "pvrc", targets: ["pvrc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Codec core: standard library only.
        .target(name: "PVRTC"),
        .target(name: "TextureFormats", dependencies: ["PVRTC"]),

        // System libraries: module maps and shim headers only.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libegl-mesa0"])]),
        .systemLibrary(name: "CGLES2", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),

        // libpng's longjmp error handling stays inside this C target; PNGIO wraps it.
        .target(name: "CPNGBridge", dependencies: ["CPNG"]),
        // PNGIO writes files through TextureFormats' AtomicFileWriter (temporary file + rename).
        .target(name: "PNGIO", dependencies: ["CPNGBridge", "PVRTC", "TextureFormats"]),
        .target(name: "PVRTCGL", dependencies: ["CEGL", "CGLES2", "PVRTC", "TextureFormats"]),
        .target(name: "TextureLoader", dependencies: ["PVRTCGL", "TextureFormats", "PVRTC"]),
        .executableTarget(
            name: "pvrc",
            dependencies: [
                "PVRTC", "TextureFormats", "PNGIO", "PVRTCGL", "TextureLoader",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "PVRTCTests", dependencies: ["PVRTC"], resources: [.copy("Golden")]),
        .testTarget(name: "TextureFormatsTests", dependencies: ["TextureFormats", "PVRTC"]),
        .testTarget(name: "PNGIOTests", dependencies: ["PNGIO", "PVRTC"], exclude: ["Fixtures"]),
        .testTarget(name: "EncodePipelineTests", dependencies: ["PVRTC", "PNGIO"]),
        // Runs the built `pvrc` executable as a subprocess; depending on it makes `swift test` build it.
        .testTarget(name: "CLITests", dependencies: ["pvrc", "PNGIO", "PVRTC", "TextureFormats"]),
        .testTarget(name: "PVRTCGLTests", dependencies: ["PVRTCGL", "PVRTC", "PNGIO"]),
        .testTarget(name: "TextureLoaderTests", dependencies: ["TextureLoader", "TextureFormats", "PVRTCGL", "PVRTC", "CGLES2"]),
    ]
)
