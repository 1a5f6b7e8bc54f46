import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// PVRTC2 (PVRTC-II) through every container that can hold it: Imaginations's own files read through
/// the one description and decoded close to their sources, pvrc's files written as PVRTexLib writes
/// them, non-power-of-two sizes, cube maps and the wrappers, and PVR v2 (which has no PVRTC2 pixel
/// type) refused.
final class PVRTC2ContainerTests: XCTestCase {
    /// The folder of Imagination's PVRTC2 files and their sources (provenance in its README).
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PVRTCTests/PVRTC2Fixtures")

    private func fixture(_ name: String) throws -> URL {
        let url = fixtures.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw MissingFixture(name: name) }
        return url
    }

    /// Each file, the format and level count its tool wrote, its source and the PSNR floor
    /// (docs/pvrtc2.md gives the measured values).
    private func cases() throws -> [(name: String, format: PVRTCFormat, levels: Int, source: RGBAImage, floor: Double)]
    {
        let testImage = try PNGCodec.read(from: try fixture("test_image.png"))
        let ferris = SourceComparison.linearised(try PNGCodec.read(from: try fixture("ferris_512.png")))
        return [
            ("test_image_pvrtcii4bpp_v3.pvr", .pvrtc2_4bpp, 8, testImage, 28),
            ("test_image_pvrtcii2bpp_v3.pvr", .pvrtc2_2bpp, 8, testImage, 23),
            ("PVRTCII_4bpp.ktx2", .pvrtc2_4bpp, 1, ferris, 34.5),
            ("PVRTCII_2bpp.ktx2", .pvrtc2_2bpp, 1, ferris, 26.3),
        ]
    }

    func testImaginationsFilesAreReadAsPVRTC2AndDecodeCloseToTheirSources() throws {
        for test in try cases() {
            let url = try fixture(test.name)
            let description = try TextureFileDescription.read(from: url)
            XCTAssertEqual(description.pixelFormat.pvrtcFormat, test.format, test.name)
            XCTAssertTrue(description.pixelFormat.name.hasPrefix(test.format.displayName), description.pixelFormat.name)
            XCTAssertEqual(description.levelCount, test.levels, test.name)
            XCTAssertTrue(description.details.contains { $0.contains("not Apple GPUs") }, test.name)
            let texture = try TextureFile.read(from: url).texture
            XCTAssertEqual(texture.format, test.format, test.name)
            XCTAssertEqual(texture.levels.count, test.levels, test.name)
            let decoded = description.orientation.upright(try description.image(level: 0, threads: 2))
            XCTAssertEqual(decoded, description.orientation.upright(PVRTCDecoder.decode(texture.levels[0])), test.name)
            let psnr = SourceComparison.psnr(decoded.pixels, test.source)
            XCTAssertGreaterThan(psnr, test.floor, test.name)
        }
    }

    /// pvrc's KTX 2 header and Data Format Descriptor for PVRTC2 are PVRTexLib's, byte for byte: the
    /// colour model PVRTC2 (165), the texel block of the rate, eight bytes per block, one 64-bit sample.
    func testKTX2IsWrittenAsPVRTexLibWritesIt() throws {
        for name in ["PVRTCII_4bpp.ktx2", "PVRTCII_2bpp.ktx2"] {
            let original = [UInt8](try Data(contentsOf: try fixture(name)))
            let texture = try TextureFile.parse(original, file: name).texture
            let written = TextureFile(container: .ktx2, texture: texture).serialized()
            XCTAssertEqual(Array(written[12..<48]), Array(original[12..<48]), "\(name): header fields")
            func dfd(_ bytes: [UInt8]) -> [UInt8] {
                let offset = Int(bytes[48]) | Int(bytes[49]) << 8
                let length = Int(bytes[52]) | Int(bytes[53]) << 8
                return Array(bytes[offset..<(offset + length)])
            }
            XCTAssertEqual(dfd(written), dfd(original), "\(name): DFD")
            XCTAssertEqual(try TextureFile.parse(written, file: name).texture, texture, name)
        }
    }

    /// Any size, any container that holds PVRTC2, with its metadata; cube maps likewise.
    func testEveryContainerRoundTripsPVRTC2OfAnySize() throws {
        var rng = SplitMix64(seed: 0x9137)
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            for (width, height) in [(100, 60), (1, 1), (13, 200), (64, 64)] {
                var texture = try TestTextures.random(
                    width: width, height: height, hasAlpha: true, format: format, rng: &rng)
                texture.metadata = TextureMetadata(
                    orientation: TextureOrientation(xLeft: false, yUp: true), isPremultiplied: false,
                    colorSpace: .srgb)
                for container in [TextureContainer.pvr3, .ktx, .ktx2, .ktx2Zstd, .pvrCCZ, .pvrGzip] {
                    let label = "\(format) \(width)x\(height) \(container)"
                    let read = try TextureFile.parse(
                        TextureFile(container: container, texture: texture).serialized(), file: label)
                    XCTAssertEqual(read.texture.levels, texture.levels, label)
                    XCTAssertEqual(read.texture.metadata.orientation, texture.metadata.orientation, label)
                    XCTAssertEqual(read.texture.metadata.colorSpace, .srgb, label)
                }
            }
            let faces = try (0..<6).map { _ in
                try TestTextures.random(width: 24, height: 24, hasAlpha: true, format: format, rng: &rng)
            }
            let cube = try PVRTCCubeMap(faces: faces)
            for container in [TextureContainer.pvr3, .ktx, .ktx2, .pvrCCZ] {
                let read = try PVRTCCubeMap.parse(cube.serialized(as: container), file: "cube")
                XCTAssertEqual(read.faces.map(\.levels), faces.map(\.levels), "\(format) cube \(container)")
            }
        }
    }

    func testPVRv2CannotHoldPVRTC2AndWritesNothing() throws {
        var rng = SplitMix64(seed: 2)
        let texture = try TestTextures.random(width: 16, height: 16, hasAlpha: true, format: .pvrtc2_4bpp, rng: &rng)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-\(UUID().uuidString).pvr")
        XCTAssertThrowsError(try TextureFile(container: .pvr2, texture: texture).write(to: url)) {
            guard case TextureFormatError.unsupportedFeature(_, let reason) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.contains("cannot hold PVRTC2 (PVRTC-II) 4bpp"), reason)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        XCTAssertFalse(TextureContainer.pvr2.canHold(.pvrtc2_2bpp))
        XCTAssertTrue(TextureContainer.pvr2.canHold(.pvrtc1_2bpp))
    }
}
