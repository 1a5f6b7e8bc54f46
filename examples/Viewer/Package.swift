// swift-tools-version:6.0
import PackageDescription

// A texture viewer built the way a game is: SDL2 makes the window and its OpenGL ES 3.0 context (2.0 where
// there is no ES 3), pvrc adopts that context, loads `.pvr`/`.ktx`/`.ktx2`/`.pvr.ccz` files through its loader
// on a context shared with it, and draws into SDL's window. `ScreenshotCheck` compares two PNGs pixel for pixel
// (CI: the viewer's 1:1 screenshot against `pvrc decode`), or by PSNR for the lossy transcode mode.
let package = Package(
    name: "Viewer",
    dependencies: [
        .package(name: "pvrc", path: "../..")
    ],
    targets: [
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .executableTarget(
            name: "Viewer",
            dependencies: [
                "CSDL2",
                .product(name: "PVRTCGL", package: "pvrc"),
                .product(name: "TextureLoaderGL", package: "pvrc"),
                .product(name: "TextureLoader", package: "pvrc"),
                .product(name: "TextureFormats", package: "pvrc"),
                .product(name: "PVRTC", package: "pvrc"),
                .product(name: "Imaging", package: "pvrc"),
                .product(name: "ImageFiles", package: "pvrc"),
                .product(name: "QualityMetrics", package: "pvrc"),
            ]
        ),
        .executableTarget(
            name: "ScreenshotCheck",
            dependencies: [
                .product(name: "Imaging", package: "pvrc"),
                .product(name: "ImageFiles", package: "pvrc"),
                .product(name: "QualityMetrics", package: "pvrc"),
            ]
        ),
    ]
)
