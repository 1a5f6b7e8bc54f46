import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCSearch
import XCTest

/// The async entry point gives the same bytes as the synchronous one, reports progress, and stops
/// with `CancellationError` when its task is cancelled.
final class AsyncEncoderTests: XCTestCase {
    func testAsyncMatchesSync() async throws {
        let image = PipelineTestImages.noise(width: 32, height: 32, seed: 5, alpha: .mixed)
        let levels = MipChain.build(from: image, colorSpace: .srgb)
        let options = PVRTCEncoder.Options(quality: .normal, threads: 2)
        let synchronous = try encodeSynchronously(levels, options: options)
        let asynchronous = try await PVRTCEncoder.encode(levels, options: options, progress: nil)
        XCTAssertEqual(asynchronous, synchronous)
    }

    /// In a synchronous context the synchronous overload is chosen.
    private func encodeSynchronously(_ levels: [RGBAImage], options: PVRTCEncoder.Options) throws -> PVRTCTexture {
        try PVRTCEncoder.encodeSynchronously(levels, options: options)
    }

    func testAsyncReportsProgressToTheEnd() async throws {
        let reports = ProgressRecorder()
        let image = PipelineTestImages.smooth(width: 64, height: 64)
        let levels = MipChain.build(from: image, colorSpace: .srgb)
        _ = try await PVRTCEncoder.encode(levels, options: .init(quality: .fast, threads: 1)) {
            reports.record($0)
        }
        let all = reports.all
        XCTAssertFalse(all.isEmpty)
        XCTAssertEqual(all.last?.fraction, 1)
        XCTAssertEqual(all.last?.completedLevels, 7)
        XCTAssertEqual(all.map(\.completedPixels), all.map(\.completedPixels).sorted(), "progress never goes back")
    }

    /// Cancelled right after its first progress report, an encode ends with `CancellationError`
    /// before its search has reported completion.
    func testCancellationStopsTheSearch() async throws {
        let image = PipelineTestImages.noise(width: 256, height: 256, seed: 9, alpha: .opaque)
        let started = ProgressRecorder()
        let task = Task {
            try await PVRTCEncoder.encode([image], options: .init(quality: .best, threads: 2)) { started.record($0) }
        }
        while started.all.count < 2 { try await Task.sleep(nanoseconds: 1_000_000) }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled encode returned a texture")
        } catch is CancellationError {
            XCTAssertLessThan(started.all.last?.fraction ?? 1, 1, "the search reported completion")
        }
    }

    func testCancelledBeforeStartDoesNoWork() async throws {
        let recorder = ProgressRecorder()
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await PVRTCEncoder.encode(
                [PipelineTestImages.smooth(width: 16, height: 16)], options: .init(quality: .fast)
            ) { recorder.record($0) }
        }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled encode returned a texture")
        } catch is CancellationError {
            XCTAssertTrue(recorder.all.isEmpty)
        }
    }

    func testProgressDescription() {
        let progress = PVRTCEncoder.Progress(completedLevels: 1, levelCount: 9, completedPixels: 7, totalPixels: 8)
        XCTAssertEqual(progress.description, "level 2 of 9, 87.5 %")
    }
}

/// Collects progress reports from the encoding thread.
private final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [PVRTCEncoder.Progress] = []

    func record(_ progress: PVRTCEncoder.Progress) {
        lock.lock()
        reports.append(progress)
        lock.unlock()
    }

    var all: [PVRTCEncoder.Progress] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }
}
