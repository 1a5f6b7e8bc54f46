import Imaging
import XCTest

/// Invalid sizes and buffers are reported as typed `ImagingError`s, never as traps.
final class RGBAImageValidationTests: XCTestCase {
    func assertInvalidDimensions(
        _ body: @autoclosure () throws -> Any, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try body(), message, file: file, line: line) { error in
            guard case .invalidDimensions = error as? ImagingError else {
                return XCTFail("\(message): expected invalidDimensions, got \(error)", file: file, line: line)
            }
        }
    }

    func testRGBAImageRejectsBadSizesAndBuffers() throws {
        assertInvalidDimensions(try RGBAImage(width: 0, height: 4, pixels: []), "zero width")
        assertInvalidDimensions(try RGBAImage(width: 4, height: -1, pixels: []), "negative height")
        XCTAssertThrowsError(try RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15))) { error in
            XCTAssertEqual(error as? ImagingError, .bufferSizeMismatch(expected: 16, actual: 15))
        }
        // Sizes whose byte count overflows Int are a mismatch, not an arithmetic trap.
        XCTAssertThrowsError(try RGBAImage(width: 1, height: Int.max, pixels: [])) { error in
            XCTAssertEqual(error as? ImagingError, .bufferSizeMismatch(expected: Int.max, actual: 0))
        }
        XCTAssertThrowsError(try RGBAImage(width: 1 << 40, height: 1 << 40, pixels: [])) { error in
            XCTAssertEqual(error as? ImagingError, .bufferSizeMismatch(expected: Int.max, actual: 0))
        }
        // Any positive size is fine for RGBA, powers of two or not.
        let image = try RGBAImage(width: 3, height: 5, pixels: [UInt8](repeating: 7, count: 60))
        XCTAssertEqual(image[2, 4].a, 7)
    }
}
