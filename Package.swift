// swift-tools-version:6.0
import PackageDescription

// The module map (arrows point down; nothing imports upwards). Modules marked [GL] link EGL/GLES: they
// exist only on Linux and only when the environment does not set `PVRC_GL=0`; everything else builds
// and tests without any GL library (the situation of every macOS user; CI proves it with `PVRC_GL=0`).
//
//   pvrc (executable: argument parsing and printing; `render` and GL benchmarks only with GL)
//     ├─ PVRTCGLBenchmarks [GL] (load and carousel benchmarks on a real context; CLI and tools only)
//     │    └─ PVRTCBenchmarks (timing, carousel driver over any uploader, synthetic images; CLI and tools only)
//     ├─ TexturePipeline (batch builds: incremental state, caches, shards; CLI and tools only) ─ TextureManifest,
//     │                                                                                        COpenSSL
//     ├─ QualityMetrics (PSNR, SSIM, comparison; CLI and tools only)
//     ├─ TextureLoaderGL [GL] (GLTextureUploader: the loader's uploader on a GLES context)
//     │    ├─ PVRTCGL [GL] (EGL + OpenGL ES 3.x, or 2.0 where that is all there is) ─ CEGL, CGLES2
//     │    └─ TextureLoader (loading, GPU cache, prefetch, preview-first against `TextureUploading`; no GL)
//     ├─ EncodeJobs (a whole encode job: option table, image preparation, image file(s) -> texture file or cube map)
//     ├─ PVRTCSearch (the codec: prepared levels to PVRTC words, the iterative search)
//     ├─ ImageFiles (PNG via libpng, JPEG via libjpeg-turbo, TGA via stb_image) ─ CPNGBridge ─ CPNG,
//     │                                                       CTurboJPEG, CTGABridge ─ CSTB
//     ├─ TextureFormats (PVR v2, PVR v3, KTX 1.1, KTX 2, .pvr.ccz/.pvr.gz) ─ CZlib, CZstd
//     ├─ PVRTC (the format and the bit-exact decoder)
//     ├─ Imaging (RGBAImage and image operations)
//     ├─ FileIO (checked reads, atomic writes; package-internal)
//   PVRCTestSupport (test fixtures: hostile files, bomb PNGs, random textures; linked by tests only)

/// True when the GL modules are part of the package: on a Linux host unless `PVRC_GL=0`.
let withGL: Bool = {
    #if os(Linux)
        return Context.environment["PVRC_GL"] != "0"
    #else
        return false
    #endif
}()
/// GL targets and products when GL is on, nothing otherwise.
func ifGL<T>(_ items: [T]) -> [T] { withGL ? items : [] }
/// Source files of a mixed target that need the GL modules: excluded when GL is off.
func glOnly(_ files: [String]) -> [String] { withGL ? [] : files }
/// The edge to GL module `name`. It carries a platform condition as well, so that a target
/// cross-compiled for another platform never pulls GL in.
func gl(_ name: String) -> Target.Dependency { .target(name: name, condition: .when(platforms: [.linux])) }
/// `#if PVRC_GL` in a target that has code paths needing the GL modules.
let glDefine: [SwiftSetting] = ifGL([.define("PVRC_GL", .when(platforms: [.linux]))])

/// The encoder's modules are optimised in debug builds too. SwiftPM builds the `PVRTCTextures`
/// plugin's tool in the consumer's configuration, and a consumer's `swift build` is a debug build: an
/// unoptimised encoder took about 80 times as long as the release CLI. `-O` after SwiftPM's `-Onone`
/// wins. SwiftPM refuses unsafe flags in versioned (remote or registry) dependencies, so a copy in
/// SwiftPM's or Xcode's `checkouts` or the registry's downloads gets none (its debug tool stays
/// unoptimised); a path or local checkout — this repository, `examples/`, a game that depends on pvrc
/// by path — gets them. `PVRC_ONONE=1` turns them off (to step through the encoder in a debugger).
let optimizedInDebug: [SwiftSetting] = {
    let directory = Context.packageDirectory
    let versioned = directory.contains("/checkouts/") || directory.contains("/registry/downloads/")
    guard !versioned, Context.environment["PVRC_ONONE"] != "1" else { return [] }
    return [.unsafeFlags(["-O"], .when(configuration: .debug))]
}()

let package = Package(
    name: "pvrc",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PVRTC", targets: ["PVRTC"]),
        .library(name: "PVRTCSearch", targets: ["PVRTCSearch"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "ImageFiles", targets: ["ImageFiles"]),
        .library(name: "TextureFormats", targets: ["TextureFormats"]),
        .library(name: "TextureLoader", targets: ["TextureLoader"]),
        .library(name: "EncodeJobs", targets: ["EncodeJobs"]),
        .library(name: "QualityMetrics", targets: ["QualityMetrics"]),
        .library(name: "TexturePipeline", targets: ["TexturePipeline", "TextureManifest"]),
        .executable(name: "pvrc", targets: ["pvrc"]),
        .plugin(name: "PVRTCTextures", targets: ["PVRTCTextures"]),
    ]
        + ifGL([
            .library(name: "PVRTCGL", targets: ["PVRTCGL"]),
            .library(name: "TextureLoaderGL", targets: ["TextureLoaderGL"]),
        ]),
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.2.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // Pure Swift (standard library, Dispatch, Foundation only for file access).
        .target(name: "Imaging", swiftSettings: optimizedInDebug),
        .target(name: "PVRTC", dependencies: ["Imaging"], swiftSettings: optimizedInDebug),
        .target(
            name: "PVRTCSearch",
            dependencies: ["PVRTC", "Imaging", .product(name: "Atomics", package: "swift-atomics")],
            swiftSettings: optimizedInDebug
        ),
        .target(name: "FileIO"),
        .target(
            name: "TextureFormats", dependencies: ["PVRTC", "Imaging", "FileIO", "CZlib", "CZstd"],
            swiftSettings: optimizedInDebug),

        // System libraries: module maps and shim headers only.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSTB", pkgConfig: "stb", providers: [.apt(["libstb-dev"])]),
        // zlib for cocos2d's .pvr.ccz and .pvr.gz wrappers (TextureFormats).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Zstandard for KTX 2 supercompression (TextureFormats).
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        // OpenSSL: libcrypto's SHA-256 for content digests and libssl's TLS for https:// build caches
        // (TexturePipeline).
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),

        // libpng's longjmp error handling stays inside this C target; ImageFiles wraps it.
        .target(name: "CPNGBridge", dependencies: ["CPNG"]),
        // stb_image (Debian's libstb) decodes TGA inside this C target; ImageFiles checks the header first.
        .target(name: "CTGABridge", dependencies: ["CSTB"]),
        .target(
            name: "ImageFiles", dependencies: ["CPNGBridge", "CTurboJPEG", "CTGABridge", "Imaging", "FileIO"],
            swiftSettings: optimizedInDebug),
        // Loading, the GPU cache, prefetch and preview-first against `TextureUploading`: no GL.
        .target(name: "TextureLoader", dependencies: ["TextureFormats", "PVRTC", "Imaging", "FileIO"]),
        // One encode job for every front end (image file -> prepared image -> texture file) and the one
        // description of the encoding options; above the codec core, which has no system dependencies.
        .target(
            name: "EncodeJobs",
            dependencies: ["PVRTCSearch", "PVRTC", "Imaging", "ImageFiles", "TextureFormats", "FileIO"],
            swiftSettings: optimizedInDebug
        ),

        // Tools' libraries: never linked by a game that only loads textures.
        .target(name: "QualityMetrics", dependencies: ["Imaging"]),
        // What a batch build encodes and how: manifests, per-glob overrides, effective settings (no crypto, no network).
        .target(
            name: "TextureManifest",
            dependencies: ["PVRTCSearch", "EncodeJobs", "TextureFormats", "FileIO"]
        ),
        // Batch builds (`pvrc build`): discovery, incremental state, caches (http:// and https://), sharding,
        // scheduling, report, ninja.
        .target(
            name: "TexturePipeline",
            dependencies: [
                "TextureManifest", "EncodeJobs", "PVRTC", "PVRTCSearch", "Imaging", "ImageFiles",
                "TextureFormats", "FileIO",
                "QualityMetrics", "COpenSSL",
            ]
        ),
        // Timing and the carousel driver (generic over the renderer): no GL.
        .target(
            name: "PVRTCBenchmarks",
            dependencies: ["PVRTC", "Imaging", "TextureFormats", "TextureLoader"]
        ),
        .executableTarget(
            name: "pvrc",
            dependencies: [
                "PVRTC", "PVRTCSearch", "Imaging", "ImageFiles", "TextureFormats",
                "QualityMetrics", "PVRTCBenchmarks", "FileIO", "TextureManifest", "TexturePipeline", "EncodeJobs",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + ifGL(["TextureLoader", gl("PVRTCGL"), gl("TextureLoaderGL"), gl("PVRTCGLBenchmarks")]),
            exclude: glOnly([
                "RenderCommand.swift", "TranscodeCommand.swift", "BenchLoadCommand.swift", "BenchCarouselCommand.swift",
            ]),
            swiftSettings: glDefine
        ),

        // A consumer of the codec, containers and image files only: the linkage test proves it needs no EGL/GLES.
        .executableTarget(
            name: "CodecConsumer",
            dependencies: ["PVRTC", "PVRTCSearch", "Imaging", "ImageFiles", "TextureFormats"],
            path: "Tests/CodecConsumer"
        ),
        // A consumer of the loader with its own (CPU) uploader: the linkage test proves it needs no EGL/GLES.
        .executableTarget(
            name: "LoaderConsumer",
            dependencies: ["TextureLoader", "PVRTC", "Imaging", "TextureFormats"],
            path: "Tests/LoaderConsumer"
        ),

        // The SwiftPM build-tool plugin: PNGs under a target's Textures/ become .pvr resources, encoded by a
        // GL-free tool (codec, containers, image files, manifests, and the pipeline's content hash and cache).
        .executableTarget(
            name: "PVRTCTextureTool",
            dependencies: [
                "PVRTCSearch", "PVRTC", "TextureFormats", "TextureManifest", "TexturePipeline", "EncodeJobs", "FileIO",
            ],
            swiftSettings: optimizedInDebug
        ),
        .plugin(name: "PVRTCTextures", capability: .buildTool(), dependencies: ["PVRTCTextureTool"]),

        // Fixtures shared by several test targets; never linked by a shipped module (ModuleEdgeTests); no GL.
        .target(
            name: "PVRCTestSupport", dependencies: ["Imaging", "PVRTC", "TextureFormats", "PVRTCBenchmarks"],
            path: "Tests/PVRCTestSupport"
        ),
        // What tests need from outside the package (tools, the image corpus): skipped locally when
        // missing, a failure under CI. Imports XCTest, so test targets only.
        .target(name: "PVRCTestRequirements", path: "Tests/PVRCTestRequirements"),

        .testTarget(
            name: "PVRTCTests", dependencies: ["PVRTC", "Imaging", "ImageFiles", "PVRCTestSupport", "PVRTCBenchmarks"],
            resources: [.copy("Golden"), .copy("PVRTC2Fixtures")]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "PVRTC", "PVRCTestSupport"]),
        .testTarget(
            name: "PVRTCSearchTests",
            dependencies: [
                "PVRTCSearch", "PVRTC", "Imaging", "QualityMetrics", "PVRCTestSupport", "PVRTCBenchmarks", "ImageFiles",
                "TextureFormats", "PVRCTestRequirements",
            ]
        ),
        .testTarget(name: "QualityMetricsTests", dependencies: ["QualityMetrics", "Imaging", "PVRCTestSupport"]),
        .testTarget(name: "FileIOTests", dependencies: ["FileIO", "TextureFormats", "PVRCTestSupport"]),
        .testTarget(
            name: "TextureFormatsTests",
            dependencies: [
                "TextureFormats", "PVRTC", "PVRCTestSupport", "PVRTCBenchmarks", "PVRCTestRequirements", "ImageFiles",
                "Imaging",
            ],
            exclude: ["Fixtures2bpp"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ImageFilesTests",
            dependencies: ["ImageFiles", "Imaging", "PVRCTestSupport", "PVRCTestRequirements"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TexturePipelineTests",
            dependencies: [
                "TexturePipeline", "TextureManifest", "EncodeJobs", "PVRTCSearch", "PVRTC", "Imaging",
                "ImageFiles", "TextureFormats",
                "PVRCTestSupport", "PVRCTestRequirements",
            ]
        ),
        .testTarget(
            name: "EncodeJobsTests",
            dependencies: [
                "EncodeJobs", "PVRTCSearch", "PVRTC", "Imaging", "QualityMetrics", "PVRCTestSupport", "PVRTCBenchmarks",
            ]),
        .testTarget(
            name: "EncodePipelineTests",
            dependencies: ["EncodeJobs", "PVRTCSearch", "PVRTC", "Imaging", "ImageFiles", "PVRCTestRequirements"]),
        // Runs the built executables as subprocesses; depending on them makes `swift test` build them.
        .testTarget(
            name: "CLITests",
            dependencies: [
                "pvrc", "CodecConsumer", "LoaderConsumer", "PVRTCTextureTool", "ImageFiles", "Imaging", "PVRTC",
                "PVRTCSearch", "EncodeJobs", "TextureFormats", "PVRTCBenchmarks", "PVRCTestSupport",
                "PVRCTestRequirements",
            ],
            exclude: glOnly([
                "RenderCommandTests.swift", "TranscodeCommandTests.swift", "BenchCarouselCommandTests.swift",
            ]),
            swiftSettings: glDefine
        ),
        .testTarget(
            name: "TextureLoaderTests",
            dependencies: [
                "TextureLoader", "TextureFormats", "PVRTC", "PVRTCBenchmarks", "PVRCTestSupport", "Imaging",
            ],
            resources: [.copy("Resources")]
        ),
    ]
        + ifGL([
            .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libegl-mesa0"])]),
            .systemLibrary(name: "CGLES2", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
            .target(
                name: "PVRTCGL",
                dependencies: [gl("CEGL"), gl("CGLES2"), "PVRTC", "Imaging", "TextureFormats"]
            ),
            // The loader's uploader on a GLES context (GL code; the loader itself has none).
            .target(
                name: "TextureLoaderGL", dependencies: ["TextureLoader", gl("PVRTCGL"), "PVRTC", "TextureFormats"]),
            // The load benchmark and the carousel's GL renderer: real contexts.
            .target(
                name: "PVRTCGLBenchmarks",
                dependencies: [
                    "PVRTCBenchmarks", gl("PVRTCGL"), gl("TextureLoaderGL"), "TextureLoader", "PVRTC",
                    "Imaging", "TextureFormats",
                ]
            ),
            .testTarget(
                name: "PVRTCGLTests",
                dependencies: [
                    gl("PVRTCGL"), "PVRTC", "Imaging", "ImageFiles", "PVRTCSearch", "PVRCTestSupport",
                    "PVRTCBenchmarks",
                    "PVRCTestRequirements",
                ]
            ),
            .testTarget(
                name: "TextureLoaderGLTests",
                dependencies: [
                    "TextureLoader", gl("TextureLoaderGL"), gl("PVRTCGL"), gl("CEGL"), gl("CGLES2"),
                    gl("PVRTCGLBenchmarks"),
                    "PVRTCBenchmarks", "TextureFormats", "PVRTC", "Imaging", "FileIO", "PVRCTestSupport",
                    // Every library a documentation sample imports, built before the samples are checked.
                    "ImageFiles", "PVRTCSearch", "EncodeJobs",
                ]
            ),
        ])
)

/// `PVRC_TEST_TARGETS="A B …"`: the package declares only those test targets and the targets they
/// depend on, directly or not (with the products made of them and the packages they use). The
/// sanitizer step sets it to the test targets it runs, so its instrumented builds compile nothing
/// those runs do not test (the command line, the build pipeline and its cryptography).
if let testTargets = Context.environment["PVRC_TEST_TARGETS"] {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept = Set(testTargets.split(separator: " ").map(String.init))
    var pending = Array(kept)
    while let name = pending.popLast() {
        for dependency in byName[name]?.dependencies ?? [] {
            switch dependency {
            case .targetItem(let next, _), .byNameItem(let next, _):
                if byName[next] != nil, kept.insert(next).inserted { pending.append(next) }
            default: continue  // a product of another package
            }
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    // Packages whose products no kept target uses (the docc plugin's provides a command, not products).
    let usedPackages = Set(
        package.targets.flatMap(\.dependencies).compactMap { dependency -> String? in
            guard case .productItem(_, let package?, _, _) = dependency else { return nil }
            return package
        })
    package.dependencies.removeAll { dependency in
        guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
        let name = location.split(separator: "/").last.map(String.init) ?? location
        return !usedPackages.contains(name) && name != "swift-docc-plugin"
    }
    package.products.removeAll { product in
        let targets =
            (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets
            ?? (product as? Product.Plugin)?.targets ?? []
        return targets.contains { !kept.contains($0) }
    }
}
