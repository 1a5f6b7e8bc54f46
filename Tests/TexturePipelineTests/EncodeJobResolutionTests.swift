import EncodeJobs
import Imaging
import PVRTCSearch
import TextureFormats
import XCTest

/// `EncodeJob(resolving:output:)`: the option table resolves a whole job, the container and the pixel
/// limit included, as `pvrc encode`, `pvrc build` and the plugin's tool build it.
final class EncodeJobResolutionTests: XCTestCase {
    func testTheContainerComesFromFormatThenTheOutputThenLegacyPVR() throws {
        XCTAssertEqual(try EncodeJob(resolving: ["format": .word("ktx")], output: "a.pvr").container, .ktx)
        XCTAssertEqual(try EncodeJob(resolving: [:], output: "a.ktx2").container, .ktx2)
        XCTAssertEqual(try EncodeJob(resolving: [:], output: "dir/a.pvr.ccz").container, .pvrCCZ)
        XCTAssertEqual(try EncodeJob(resolving: [:]).container, .pvr2)
        XCTAssertThrowsError(try EncodeJob(resolving: [:], output: "a.png")) { error in
            XCTAssertEqual(error as? EncodeJobError, .unknownContainer(output: "a.png"))
        }
    }

    func testEveryOptionOfTheTableReachesTheJob() throws {
        let job = try EncodeJob(
            resolving: [
                "quality": .word("fast"), "mipmaps": .flag(true), "max-pixels": .integer(4096), "bpp": .word("2"),
                "flip": .word("y"), "threads": .integer(3),
            ], output: "a.ktx")
        var expected = EncodeOptions(
            quality: .fast, threads: 3, mipmaps: true, flipY: true, format: .pvrtc1_2bpp)
        expected.pixelLimit = PixelLimit(maximumPixels: 4096)
        XCTAssertEqual(job, EncodeJob(options: expected, container: .ktx))
        XCTAssertEqual(try EncodeJob(resolving: [:]), EncodeJob(options: EncodeOptions(), container: .pvr2))
    }

    func testAValueThatDoesNotFitItsOptionIsRefusedNamingIt() {
        XCTAssertThrowsError(try EncodeJob(resolving: ["quality": .word("ultra")])) { error in
            XCTAssertEqual((error as? EncodingOptionError)?.option, "quality")
        }
        XCTAssertThrowsError(try EncodeJob(resolving: ["max-pixels": .integer(0)])) { error in
            XCTAssertEqual((error as? EncodingOptionError)?.option, "max-pixels")
        }
    }

    func testACubeMapNeedsSixFaces() {
        XCTAssertThrowsError(
            try EncodeJob(container: .ktx).encodeCubeMap(fileBytes: [[], []], files: ["a.png", "b.png"])
        ) { error in
            XCTAssertEqual(error as? EncodeJobError, .cubeMapFaceCount(2))
        }
    }
}
