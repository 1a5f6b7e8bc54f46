// swift-tools-version:6.0
import PackageDescription

// The module map (arrows point down; nothing imports upwards):
//
//   pvrc (executable: argument parsing and printing)
//     ├─ PVRTCBenchmarks (timing, test patterns, load and carousel benchmarks; CLI and tools only)
//     ├─ TexturePipeline (batch builds: incremental state, caches, shards; CLI and tools only) ─ TextureManifest
//     ├─ QualityMetrics (PSNR, SSIM, comparison; CLI and tools only)
//     ├─ TextureLoader ─ PVRTCGL (EGL + GLES 2.0) ─ CEGL, CGLES2
//     ├─ TextureEncoding (one encode job: image file -> texture file; the option schema)
//     ├─ PVRTCEncoding (the encoder: pipeline and search stages)
//     ├─ ImageFiles (PNG via libpng, JPEG via libjpeg-turbo, TGA via stb_image) ─ CPNGBridge ─ CPNG,
//     │                                                       CTurboJPEG, CTGABridge ─ CSTB
//     ├─ TextureFormats (PVR v2, PVR v3, KTX 1.1)
//     ├─ PVRTC (the format and the bit-exact decoder)
//     ├─ Imaging (RGBAImage and image operations)
//     └─ FileIO (checked reads, atomic writes; package-internal)
let package = Package(
    name: "pvrc",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PVRTC", targets: ["PVRTC"]),
        .library(name: "PVRTCEncoding", targets: ["PVRTCEncoding"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "ImageFiles", targets: ["ImageFiles"]),
        .library(name: "TextureFormats", targets: ["TextureFormats"]),
        .library(name: "PVRTCGL", targets: ["PVRTCGL"]),
        .library(name: "TextureLoader", targets: ["TextureLoader"]),
        .library(name: "TextureEncoding", targets: ["TextureEncoding"]),
        .library(name: "QualityMetrics", targets: ["QualityMetrics"]),
        .library(name: "TexturePipeline", targets: ["TexturePipeline", "TextureManifest"]),
        .executable(name: "pvrc", targets: ["pvrc"]),
        .plugin(name: "PVRTCTextures", targets: ["PVRTCTextures"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.2.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
    ],
    targets: [
        // Pure Swift (standard library, Dispatch, Foundation only for file access).
        .target(name: "Imaging"),
        .target(name: "PVRTC", dependencies: ["Imaging"]),
        .target(
            name: "PVRTCEncoding",
            dependencies: ["PVRTC", "Imaging", .product(name: "Atomics", package: "swift-atomics")]
        ),
        .target(name: "FileIO"),
        .target(name: "TextureFormats", dependencies: ["PVRTC", "Imaging", "FileIO"]),

        // System libraries: module maps and shim headers only.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libegl-mesa0"])]),
        .systemLibrary(name: "CGLES2", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSTB", pkgConfig: "stb", providers: [.apt(["libstb-dev"])]),

        // libpng's longjmp error handling stays inside this C target; ImageFiles wraps it.
        .target(name: "CPNGBridge", dependencies: ["CPNG"]),
        // stb_image (Debian's libstb) decodes TGA inside this C target; ImageFiles checks the header first.
        .target(name: "CTGABridge", dependencies: ["CSTB"]),
        .target(name: "ImageFiles", dependencies: ["CPNGBridge", "CTurboJPEG", "CTGABridge", "Imaging", "FileIO"]),
        .target(name: "PVRTCGL", dependencies: ["CEGL", "CGLES2", "PVRTC", "Imaging", "TextureFormats"]),
        .target(name: "TextureLoader", dependencies: ["PVRTCGL", "TextureFormats", "PVRTC", "Imaging", "FileIO"]),
        // One encode job for every front end (image file -> prepared image -> texture file) and the one
        // description of the encoding options; above the codec core, which has no system dependencies.
        .target(
            name: "TextureEncoding",
            dependencies: ["PVRTCEncoding", "PVRTC", "Imaging", "ImageFiles", "TextureFormats"]
        ),

        // Tools' libraries: never linked by a game that only loads textures.
        .target(name: "QualityMetrics", dependencies: ["Imaging"]),
        // What a batch build encodes and how: manifests, per-glob overrides, effective settings (no crypto, no network).
        .target(
            name: "TextureManifest",
            dependencies: ["PVRTCEncoding", "TextureEncoding", "ImageFiles", "Imaging", "TextureFormats", "FileIO"]
        ),
        // Batch builds (`pvrc build`): discovery, incremental state, caches, sharding, scheduling, report, ninja.
        .target(
            name: "TexturePipeline",
            dependencies: [
                "TextureManifest", "TextureEncoding", "PVRTC", "PVRTCEncoding", "Imaging", "ImageFiles",
                "TextureFormats", "FileIO",
                "QualityMetrics", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "PVRTCBenchmarks",
            dependencies: [
                "PVRTC", "Imaging", "PVRTCEncoding", "ImageFiles", "TextureFormats", "PVRTCGL", "TextureLoader",
                "CGLES2",
            ]
        ),
        .executableTarget(
            name: "pvrc",
            dependencies: [
                "PVRTC", "PVRTCEncoding", "Imaging", "ImageFiles", "TextureFormats", "PVRTCGL", "TextureLoader",
                "QualityMetrics", "PVRTCBenchmarks", "FileIO", "TextureManifest", "TexturePipeline", "TextureEncoding",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // A consumer of the codec, containers and image files only: the linkage test proves it needs no EGL/GLES.
        .executableTarget(
            name: "CodecConsumer",
            dependencies: ["PVRTC", "PVRTCEncoding", "Imaging", "ImageFiles", "TextureFormats"],
            path: "Tests/CodecConsumer"
        ),

        // The SwiftPM build-tool plugin: PNGs under a target's Textures/ become .pvr resources, encoded by a
        // GL-free tool (codec, containers, image files, manifests only).
        .executableTarget(
            name: "PVRTCTextureTool",
            dependencies: ["PVRTCEncoding", "PVRTC", "TextureFormats", "TextureManifest", "TextureEncoding", "FileIO"]
        ),
        .plugin(name: "PVRTCTextures", capability: .buildTool(), dependencies: ["PVRTCTextureTool"]),

        // Fixtures shared by several test targets.
        .target(name: "PVRCTestSupport", dependencies: ["Imaging", "PVRTCBenchmarks"], path: "Tests/PVRCTestSupport"),

        .testTarget(
            name: "PVRTCTests", dependencies: ["PVRTC", "Imaging", "PVRTCBenchmarks"], resources: [.copy("Golden")]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "PVRTC", "PVRCTestSupport"]),
        .testTarget(
            name: "PVRTCEncodingTests",
            dependencies: ["PVRTCEncoding", "PVRTC", "Imaging", "PVRCTestSupport", "PVRTCBenchmarks"]
        ),
        .testTarget(name: "QualityMetricsTests", dependencies: ["QualityMetrics", "Imaging", "PVRCTestSupport"]),
        .testTarget(name: "FileIOTests", dependencies: ["FileIO", "TextureFormats", "PVRCTestSupport"]),
        .testTarget(
            name: "TextureFormatsTests",
            dependencies: ["TextureFormats", "PVRTC", "PVRTCBenchmarks", "PVRCTestSupport"],
            exclude: ["Fixtures2bpp"]
        ),
        .testTarget(
            name: "ImageFilesTests", dependencies: ["ImageFiles", "Imaging", "PVRCTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "TexturePipelineTests",
            dependencies: [
                "TexturePipeline", "TextureManifest", "TextureEncoding", "PVRTCEncoding", "PVRTC", "Imaging",
                "ImageFiles", "TextureFormats",
                "PVRCTestSupport",
            ]
        ),
        .testTarget(name: "EncodePipelineTests", dependencies: ["PVRTCEncoding", "PVRTC", "Imaging", "ImageFiles"]),
        // Runs the built executables as subprocesses; depending on them makes `swift test` build them.
        .testTarget(
            name: "CLITests",
            dependencies: [
                "pvrc", "CodecConsumer", "PVRTCTextureTool", "ImageFiles", "Imaging", "PVRTC", "PVRTCEncoding",
                "TextureFormats", "PVRTCBenchmarks", "PVRCTestSupport",
            ]
        ),
        .testTarget(
            name: "PVRTCGLTests",
            dependencies: ["PVRTCGL", "PVRTC", "Imaging", "ImageFiles", "PVRTCEncoding", "PVRTCBenchmarks"]
        ),
        .testTarget(
            name: "TextureLoaderTests",
            dependencies: [
                "TextureLoader", "TextureFormats", "PVRTCGL", "PVRTC", "CGLES2", "PVRTCBenchmarks", "Imaging",
                "FileIO",
            ]
        ),
    ]
)
