// swift-tools-version:6.0
import PackageDescription

// A game target that ships PVRTC textures: the PVRTCTextures plugin encodes every PNG under
// Sources/TexturedGame/Textures/ into a .pvr resource at build time (options in Textures/pvrc.json).
let package = Package(
    name: "TexturedGame",
    dependencies: [
        .package(name: "pvrc", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "TexturedGame",
            dependencies: [
                .product(name: "PVRTC", package: "pvrc"),
                .product(name: "TextureFormats", package: "pvrc"),
            ],
            exclude: ["Textures"],
            plugins: [.plugin(name: "PVRTCTextures", package: "pvrc")]
        )
    ]
)
