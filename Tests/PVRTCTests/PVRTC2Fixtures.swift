import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import PVRTC
import XCTest

/// The PVRTC2 files written by Imagination's tools and their source images (`PVRTC2Fixtures/README.md`),
/// with the little each test needs: the words of each level, read from the container with explicit header
/// offsets (PVR v3: a 52-byte header, then `metaDataSize` bytes, then the levels largest first; KTX 2: the
/// level index at byte 80), the sources, and PSNR.
enum PVRTC2Fixtures {
    /// One level as stored: its size and its words.
    struct Level {
        let width: Int
        let height: Int
        let data: [UInt8]
    }

    /// The fixture folder.
    static func url(_ name: String) throws -> URL {
        let folder = try XCTUnwrap(
            Bundle.module.url(forResource: "PVRTC2Fixtures", withExtension: nil), "PVRTC2 fixtures missing")
        return folder.appendingPathComponent(name)
    }

    /// The bytes of fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(name))) }

    /// Little-endian unsigned integer of `count` bytes at `offset`.
    static func le(_ bytes: [UInt8], _ offset: Int, _ count: Int = 4) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    /// Every level of a PVR v3 file of one PVRTC2 surface, largest first.
    static func pvrV3Levels(_ name: String, format: PVRTCFormat) throws -> [Level] {
        let file = try bytes(name)
        XCTAssertEqual(le(file, 0), 0x0352_5650, "PVR v3 magic")
        XCTAssertEqual(le(file, 8, 8), format == .pvrtc2_2bpp ? 4 : 5, "PVR v3 pixel format")
        let height = le(file, 24)
        let width = le(file, 28)
        let levelCount = le(file, 44)
        var offset = 52 + le(file, 48)
        var levels: [Level] = []
        for level in 0..<levelCount {
            let w = max(width >> level, 1)
            let h = max(height >> level, 1)
            let count = format.byteCount(width: w, height: h)
            levels.append(Level(width: w, height: h, data: Array(file[offset..<(offset + count)])))
            offset += count
        }
        XCTAssertEqual(offset, file.count, "\(name): the levels fill the file")
        return levels
    }

    /// Level 0 of a KTX 2 file without supercompression.
    static func ktx2Level0(_ name: String, format: PVRTCFormat) throws -> Level {
        let file = try bytes(name)
        XCTAssertEqual(le(file, 12), format == .pvrtc2_2bpp ? 1_000_054_002 : 1_000_054_003, "vkFormat")
        XCTAssertEqual(le(file, 44), 0, "no supercompression")
        let width = le(file, 20)
        let height = le(file, 24)
        let offset = le(file, 80, 8)
        let length = le(file, 88, 8)
        XCTAssertEqual(length, format.byteCount(width: width, height: height))
        return Level(width: width, height: height, data: Array(file[offset..<(offset + length)]))
    }

    /// A source image.
    static func source(_ name: String) throws -> RGBAImage { try PNGCodec.read(from: url(name)) }

    /// `image` halved by 2x2 box averages (rounded), each side at least 1.
    static func halved(_ image: RGBAImage) -> RGBAImage {
        let w = max(image.width / 2, 1)
        let h = max(image.height / 2, 1)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                for k in 0..<4 {
                    var sum = 0
                    var n = 0
                    for sy in (2 * y)..<min(2 * y + 2, image.height) {
                        for sx in (2 * x)..<min(2 * x + 2, image.width) {
                            sum += Int(image.pixels[(sy * image.width + sx) * 4 + k])
                            n += 1
                        }
                    }
                    pixels[(y * w + x) * 4 + k] = UInt8((sum + n / 2) / n)
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: pixels, checked: ())
    }

}

extension PVRTC2Fixtures {
    /// PSNR in dB of the alpha channel alone.
    static func alphaPSNR(_ decoded: [UInt8], _ reference: RGBAImage) -> Double {
        var sum = 0.0
        for i in 0..<(reference.width * reference.height) {
            let d = Double(decoded[4 * i + 3]) - Double(reference.pixels[4 * i + 3])
            sum += d * d
        }
        let mse = sum / Double(reference.width * reference.height)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

extension RGBAImage {
    /// An image from pixels whose count is known to be right.
    init(width: Int, height: Int, pixels: [UInt8], checked: Void) {
        self.init(width: width, height: height)
        self.pixels = pixels
    }
}
