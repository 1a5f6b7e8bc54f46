import ImageFiles
import Imaging
import XCTest

/// JPEG input through libjpeg-turbo: the fixtures decode close to the pattern they were made from, the
/// type comes from the content, and bad input gives one-line typed errors.
final class JPEGDecodeTests: XCTestCase {
    func testFixturesDecodeCloseToTheirSource() throws {
        for name in ImageFixture.jpegNames {
            let fixture = try ImageFixture.load(name)
            let image = try ImageFile.read(from: ImageFixture.url(name, "jpg"))
            XCTAssertEqual(image.width, fixture.width, name)
            XCTAssertEqual(image.height, fixture.height, name)
            let differences = zip(image.pixels, fixture.rgba).map { abs(Int($0) - Int($1)) }
            let mean = Double(differences.reduce(0, +)) / Double(differences.count)
            XCTAssertLessThanOrEqual(differences.max() ?? 0, 8, name)
            XCTAssertLessThan(mean, 1.5, name)
            XCTAssertFalse(image.hasTransparency, name)
        }
    }

    func testGreyIsReplicated() throws {
        let image = try JPEGCodec.decode(try ImageFixture.bytes("jpeg-grey", "jpg"), file: "g.jpg")
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            XCTAssertEqual(image.pixels[i], image.pixels[i + 1])
            XCTAssertEqual(image.pixels[i], image.pixels[i + 2])
        }
    }

    func testTypeComesFromContentNotName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let misnamed = directory.appendingPathComponent("photo.png")
        try Data(try ImageFixture.bytes("jpeg-rgb", "jpg")).write(to: misnamed)
        XCTAssertEqual(ImageFileFormat.detect(try ImageFixture.bytes("jpeg-rgb", "jpg")), .jpeg)
        XCTAssertEqual(try ImageFile.read(from: misnamed).width, 16)
        XCTAssertEqual(ImageFileFormat.detect(try PNGFixture.pngBytes("rgb8")), .png)
        XCTAssertEqual(ImageFileFormat.detect(try ImageFixture.bytes("tga-grey8", "tga")), .tga)
    }

    func testTruncatedAndCorruptFilesAreErrors() throws {
        let bytes = try ImageFixture.bytes("jpeg-rgb", "jpg")
        for keep in [3, 40, bytes.count / 2, bytes.count - 2] {
            XCTAssertThrowsError(try ImageFile.decode(Array(bytes.prefix(keep)), file: "cut.jpg")) { error in
                guard case ImageFileError.invalidImage(file: "cut.jpg", format: "JPEG", reason: _) = error else {
                    return XCTFail("cut to \(keep): \(error)")
                }
                XCTAssertFalse(String(describing: error).contains("\n"))
            }
        }
    }

    func testOversizedFrameIsRefusedBeforeDecoding() throws {
        var bytes = try ImageFixture.bytes("jpeg-rgb", "jpg")
        // The baseline frame header: FF C0, length (2), precision (1), height (2), width (2).
        let sof = try XCTUnwrap((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = 0x4E
        bytes[sof + 6] = 0x20  // height 20000
        XCTAssertThrowsError(try JPEGCodec.decode(bytes, file: "big.jpg")) { error in
            guard case ImageFileError.tooLarge(file: "big.jpg", reason: let reason) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.contains("16x20000"), reason)
        }
    }

    func testMissingFileNamesIt() {
        XCTAssertThrowsError(try ImageFile.read(from: URL(fileURLWithPath: "no-such-dir/x.jpg"))) { error in
            guard case ImageFileError.io(file: "no-such-dir/x.jpg", reason: _) = error else {
                return XCTFail("\(error)")
            }
        }
    }
}
