import Foundation
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Writes textures in every container and reads them back.
final class RoundTripTests: XCTestCase {
    private let shapes: [(width: Int, height: Int, levels: Int?)] = [
        (64, 64, nil), (8, 8, nil), (16, 8, nil), (8, 32, nil), (64, 64, 3), (4, 4, nil), (1, 1, nil), (128, 2, nil),
    ]

    func testAllContainersRoundTripInMemory() throws {
        var rng = SplitMix64(seed: 1)
        for container in TextureContainer.allCases {
            for shape in shapes {
                for hasAlpha in [false, true] {
                    let texture = try TestTextures.random(
                        width: shape.width, height: shape.height, levelCount: shape.levels, hasAlpha: hasAlpha,
                        rng: &rng)
                    let file = TextureFile(container: container, texture: texture)
                    let parsed = try TextureFile.parse(file.serialized(), file: "mem")
                    XCTAssertEqual(parsed, file.readBack, "\(container) \(shape) alpha \(hasAlpha)")
                }
            }
        }
    }

    func testFullChainOf64x64HasSevenLevels() throws {
        var rng = SplitMix64(seed: 2)
        let texture = try TestTextures.random(width: 64, height: 64, hasAlpha: true, rng: &rng)
        XCTAssertEqual(texture.levels.count, 7)
        for container in TextureContainer.allCases {
            let parsed = try TextureFile.parse(
                TextureFile(container: container, texture: texture).serialized(), file: "m")
            XCTAssertEqual(parsed.texture.levels.map(\.width), [64, 32, 16, 8, 4, 2, 1])
            XCTAssertEqual(parsed.texture.levels.map(\.data.count), [2048, 512, 128, 32, 32, 32, 32])
        }
    }

    func testConvertingBetweenContainersKeepsTheTexture() throws {
        var rng = SplitMix64(seed: 3)
        let texture = try TestTextures.random(width: 32, height: 16, hasAlpha: true, rng: &rng)
        var file = TextureFile(container: .ktx, texture: texture)
        for container in [TextureContainer.pvr3, .pvr2, .ktx] {
            file = try TextureFile.parse(file.serialized(), file: "m")
            file.container = container
        }
        XCTAssertEqual(file.texture, texture)
    }

    func testWriteAndReadFiles() throws {
        let directory = try TemporaryDirectory()
        var rng = SplitMix64(seed: 4)
        for container in TextureContainer.allCases {
            let texture = try TestTextures.random(width: 32, height: 32, hasAlpha: container == .pvr2, rng: &rng)
            let path = directory.path + "/t-\(container.rawValue).\(container.fileExtension)"
            let file = TextureFile(container: container, texture: texture)
            try file.write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try TextureFile.read(from: URL(fileURLWithPath: path)), file.readBack)
        }
        XCTAssertEqual(
            try directory.contents().sorted(),
            [
                "t-ktx.ktx", "t-ktx2-zstd.ktx2", "t-ktx2.ktx2", "t-pvr-ccz.pvr.ccz", "t-pvr-gz.pvr.gz", "t-pvr2.pvr",
                "t-pvr3.pvr",
            ])
    }

    func testReadingAMissingFileNamesIt() {
        XCTAssertThrowsError(try TextureFile.read(from: URL(fileURLWithPath: "/nonexistent/dir/x.pvr"))) { error in
            guard case TextureFormatError.io(let file, let reason) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, "/nonexistent/dir/x.pvr")
            XCTAssertTrue(reason.contains("No such file"), reason)
        }
    }
}

extension TextureFile {
    /// What reading this file back gives: KTX 2 has no field for PVRTC's opaque/RGBA distinction, so
    /// its textures come back RGBA; every other container gives the file itself.
    fileprivate var readBack: TextureFile {
        guard container == .ktx2 || container == .ktx2Zstd else { return self }
        var copy = self
        copy.texture.hasAlpha = true
        return copy
    }
}
