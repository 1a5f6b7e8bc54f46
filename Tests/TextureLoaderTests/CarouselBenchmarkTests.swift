import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import TextureLoader
import XCTest

final class CarouselBenchmarkTests: XCTestCase {
    private func benchmark(_ fixtures: TextureFixtures, count: Int) throws -> CarouselBenchmark<RecordingUploader> {
        for i in 0..<count {
            try fixtures.write("img\(i).pvr", size: 128)
            try Data([0]).write(to: fixtures.directory.appendingPathComponent("img\(i).png"))
        }
        let items = try CarouselItem.scan(fixtures.directory)
        // A short frame budget keeps the test quick; the scroll logic does not depend on it.
        let configuration = CarouselConfiguration(
            frameBudget: .milliseconds(4), visibleCount: 3, framesPerStep: 3,
            prefetchAhead: 2, slotSize: 64, previewMaxDimension: 16)
        return CarouselBenchmark(
            items: items, configuration: configuration, makeRenderer: { RecordingUploader() },
            decodePNG: { _ in try RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 9, count: 64)) })
    }

    func testScanPairsEachPNGWithItsTexture() throws {
        let fixtures = try TextureFixtures()
        for name in ["a.png", "b.png", "c.png", "d.pvr"] {
            try Data([0]).write(to: fixtures.directory.appendingPathComponent(name))
        }
        try fixtures.write("a.pvr", size: 8)
        try fixtures.write("c.ktx", size: 8)
        let items = try CarouselItem.scan(fixtures.directory)
        XCTAssertEqual(items.map(\.png.lastPathComponent), ["a.png", "c.png"])
        XCTAssertEqual(items.map(\.texture.lastPathComponent), ["a.pvr", "c.ktx"])
        XCTAssertThrowsError(try CarouselItem.scan(fixtures.directory.appendingPathComponent("absent")))
    }

    func testScrollWindow() throws {
        let fixtures = try TextureFixtures()
        let bench = try benchmark(fixtures, count: 5)
        XCTAssertEqual(bench.frameCount, 9)
        XCTAssertEqual(bench.visible(inFrame: 0), 0..<3)
        XCTAssertEqual(bench.visible(inFrame: 2), 0..<3)
        XCTAssertEqual(bench.visible(inFrame: 3), 1..<4)
        XCTAssertEqual(bench.visible(inFrame: 8), 2..<5)
        XCTAssertEqual(bench.visible(inFrame: 100), 2..<5)
    }

    func testOnDemandStrategiesShowEveryImageInTheFrameThatNeedsIt() async throws {
        let fixtures = try TextureFixtures()
        let bench = try benchmark(fixtures, count: 6)
        for strategy in [CarouselStrategy.pngOnDemand, .pvrOnDemand] {
            let report = try await bench.run(strategy)
            XCTAssertEqual(report.frameTimes.count, bench.frameCount)
            XCTAssertEqual(report.framesMissingImage, 0)
            XCTAssertGreaterThan(report.peakGPUBytes, 0)
        }
        // Levels that fit the 64-pixel slot: 64 down to 1 of a 128-pixel chain.
        let perTexture = (1..<8).reduce(0) { $0 + PVRTCImage.byteCount(width: 128 >> $1, height: 128 >> $1) }
        let pvr = try await bench.run(.pvrOnDemand)
        XCTAssertEqual(
            pvr.peakGPUBytes, 4 * perTexture, "three visible plus the one entering before the leaving one is deleted")
    }

    func testLoaderStrategyFillsTheSlotsWithoutLoadingOnTheFrame() async throws {
        let fixtures = try TextureFixtures()
        let bench = try benchmark(fixtures, count: 6)
        let report = try await bench.run(.pvrLoader)
        XCTAssertEqual(report.frameTimes.count, bench.frameCount)
        XCTAssertLessThan(report.framesMissingImage, bench.frameCount, "loaded images reach the screen")
        XCTAssertGreaterThan(report.peakGPUBytes, 0)
    }

    func testPercentilesUseNearestRank() {
        let times = (1...100).map { Duration.milliseconds($0) }
        let report = CarouselReport(
            strategy: .pvrLoader, frameTimes: times.reversed(), frameBudget: .milliseconds(90),
            framesMissingImage: 0, framesShowingPreview: 0, peakGPUBytes: 0)
        XCTAssertEqual(report.percentile(50), .milliseconds(50))
        XCTAssertEqual(report.percentile(99), .milliseconds(99))
        XCTAssertEqual(report.percentile(100), .milliseconds(100))
        XCTAssertEqual(report.framesOverBudget, 10)
    }
}
