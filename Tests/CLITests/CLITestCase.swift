import Foundation
import ImageFiles
import Imaging
import PVRTC
import TextureFormats
import XCTest

/// Shared set-up for the CLI tests: a scratch directory and texture files written with the library.
class CLITestCase: XCTestCase {
    /// A fresh directory for this test, removed afterwards.
    private(set) var directory = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// The path of `name` inside the scratch directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The names of the files in the scratch directory, sorted.
    func directoryContents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// A texture with a full mip chain of random blocks (seeded, so runs are reproducible).
    func randomTexture(
        width: Int, height: Int, hasAlpha: Bool, seed: UInt64, format: PVRTCFormat = .pvrtc1_4bpp
    ) throws -> PVRTCTexture {
        var state = seed
        var levels: [PVRTCImage] = []
        var w = width
        var h = height
        for _ in 0..<PVRTCTexture.fullChainLength(width: width, height: height) {
            let data = (0..<format.byteCount(width: w, height: h)).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            levels.append(try PVRTCImage(width: w, height: h, data: data, format: format))
            w = max(w / 2, 1)
            h = max(h / 2, 1)
        }
        return try PVRTCTexture(levels: levels, hasAlpha: hasAlpha)
    }

    /// Writes a soft-alpha test image as `in.png` in the scratch directory and returns its path and
    /// pixels: red and green ramps across and down, blue along the diagonal, and an alpha disc (an
    /// ellipse as wide and as high as the image) that fades out from the centre. `width` and `height`
    /// divide 256, and `width` is a whole multiple of `height`.
    func writeSoftAlphaImage(width: Int, height: Int) throws -> (String, RGBAImage) {
        var image = RGBAImage(width: width, height: height)
        let aspect = (width / height) * (width / height)
        for y in 0..<height {
            for x in 0..<width {
                let r = (x - width / 2) * (x - width / 2) + aspect * (y - height / 2) * (y - height / 2)
                image[x, y] = (
                    UInt8(x * (256 / width)), UInt8(y * (256 / height)), UInt8((x + y) * 2), UInt8(clamping: 1400 - r)
                )
            }
        }
        let file = path("in.png")
        try PNGCodec.write(image, to: URL(fileURLWithPath: file))
        return (file, image)
    }

    /// Writes `texture` in `container` to the scratch directory and returns its path.
    func writeTexture(_ texture: PVRTCTexture, container: TextureContainer, name: String) throws -> String {
        let file = path(name)
        try TextureFile(container: container, texture: texture).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Asserts that a run failed the pvrc way: status 1, nothing on stdout, exactly one line on
    /// stderr that names `file` and contains `problem`.
    func assertFailure(
        _ result: PVRCProcess.Result, naming file: String, problem: String,
        line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 1, line: line)
        XCTAssertEqual(result.standardOutput, "", line: line)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "expected one line, got: \(result.standardError)", line: line)
        XCTAssertTrue(result.standardError.hasSuffix("\n"), line: line)
        XCTAssertTrue(result.standardError.contains(file), "'\(result.standardError)' lacks \(file)", line: line)
        XCTAssertTrue(
            result.standardError.contains(problem), "'\(result.standardError)' lacks '\(problem)'",
            line: line)
    }
}
