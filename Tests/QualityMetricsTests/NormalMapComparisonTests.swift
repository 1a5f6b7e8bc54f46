import Foundation
import Imaging
import QualityMetrics
import XCTest

final class NormalMapComparisonTests: XCTestCase {
    private func code(_ v: Double) -> UInt8 { UInt8(((v + 1) * 127.5).rounded()) }

    /// 99 pixels point straight up; one is tilted by 60° about x. Mean 0.6°, p99 (nearest rank 99 of 100) 0°,
    /// max 60° (within the 8-bit quantisation of the stored vector).
    func testKnownAngles() throws {
        let flat = RGBAImage(width: 10, height: 10, fill: (128, 128, 255, 255))
        var tilted = flat
        let angle = 60.0 * Double.pi / 180
        tilted[3, 7] = (128, code(sin(angle)), code(cos(angle)), 255)
        let result = try NormalMapComparison.compare(reference: flat, candidate: tilted)
        XCTAssertEqual(result.maxDegrees, 60, accuracy: 0.5)
        XCTAssertEqual(result.meanDegrees, result.maxDegrees / 100, accuracy: 1e-9)
        XCTAssertEqual(result.p99Degrees, 0, accuracy: 1e-9)
        XCTAssertEqual(try NormalMapComparison.compare(reference: flat, candidate: flat).maxDegrees, 0)
    }

    func testOppositeNormalsAre180DegreesAndSizesMustMatch() throws {
        let up = RGBAImage(width: 2, height: 2, fill: (128, 128, 255, 255))
        let down = RGBAImage(width: 2, height: 2, fill: (128, 128, 0, 255))
        // 128 is +0.004, not 0, so the vectors are almost, not exactly, opposite.
        XCTAssertEqual(try NormalMapComparison.compare(reference: up, candidate: down).p99Degrees, 180, accuracy: 1)
        XCTAssertThrowsError(try NormalMapComparison.compare(reference: up, candidate: RGBAImage(width: 2, height: 1)))
    }
}
