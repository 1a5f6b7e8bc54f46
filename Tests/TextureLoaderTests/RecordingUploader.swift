import Foundation
import Glibc
import Imaging
import PVRTC
import PVRTCBenchmarks
import TextureFormats
import TextureLoader

#if canImport(Glibc)
#endif

/// An uploader without GL that records what the loader asks of it: which levels were uploaded,
/// which handles are alive or deleted, and whether every call came from the thread that created it
/// (the GL thread).
final class RecordingUploader: TextureUploading {
    struct Upload: Sendable, Equatable {
        let handle: Int
        let width: Int
        let levels: Range<Int>
        /// 6 for a cube map, 1 for a 2D texture.
        var faceCount = 1
    }

    private let creator = pthread_self()
    /// Time each PVRTC upload takes (a stand-in for a GPU decode pass).
    private let uploadDelay: Duration
    /// When each PVRTC upload started.
    private(set) var uploadStarts: [ContinuousClock.Instant] = []

    init(uploadDelay: Duration = .zero) {
        self.uploadDelay = uploadDelay
    }
    fileprivate(set) var uploads: [Upload] = []
    fileprivate(set) var live: [Int: Int] = [:]
    private(set) var deleted: Set<Int> = []
    private(set) var offThreadCalls = 0
    /// The most bytes the live textures held together (measured after each PVRTC upload).
    private(set) var peakLiveBytes = 0
    /// The slots of every drawn frame.
    fileprivate(set) var frames: [[Int?]] = []
    fileprivate var nextHandle = 0

    func upload(_ texture: TextureContent, levels: Range<Int>) throws -> Int {
        checkThread()
        uploadStarts.append(ContinuousClock.now)
        if uploadDelay > .zero {
            let (seconds, attoseconds) = uploadDelay.components
            usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
        nextHandle += 1
        live[nextHandle] = estimatedGPUBytes(for: texture, levels: levels)
        peakLiveBytes = max(peakLiveBytes, live.values.reduce(0, +))
        uploads.append(
            Upload(
                handle: nextHandle, width: texture.levelSize(levels.lowerBound).width, levels: levels,
                faceCount: texture.faceCount))
        return nextHandle
    }

    func gpuBytes(of handle: Int) -> Int {
        checkThread()
        return live[handle] ?? 0
    }

    /// The stored bytes of `levels`: the PVRTC blocks (of all six faces of a cube map) or the
    /// uncompressed pixels as `glTexImage2D` would take them.
    func estimatedGPUBytes(for texture: TextureContent, levels: Range<Int>) -> Int {
        switch texture {
        case .pvrtc(let texture): return levels.reduce(0) { $0 + texture.levels[$1].byteCount }
        case .pvrtcCubeMap(let cube): return 6 * levels.reduce(0) { $0 + cube.shape.levels[$1].byteCount }
        case .uncompressed(let description):
            return description.faceCount * levels.reduce(0) { $0 + description.glLevelByteCount(level: $1) }
        }
    }

    func delete(_ handle: Int) {
        checkThread()
        if live.removeValue(forKey: handle) != nil {
            deleted.insert(handle)
        }
    }

    /// A snapshot that may leave the GL thread.
    var report: Report {
        Report(
            uploads: uploads, liveBytes: live.values.reduce(0, +), liveHandles: Set(live.keys),
            deleted: deleted, offThreadCalls: offThreadCalls, peakLiveBytes: peakLiveBytes)
    }

    struct Report: Sendable {
        let uploads: [Upload]
        let liveBytes: Int
        let liveHandles: Set<Int>
        let deleted: Set<Int>
        let offThreadCalls: Int
        let peakLiveBytes: Int
    }

    fileprivate func checkThread() {
        if pthread_equal(creator, pthread_self()) == 0 { offThreadCalls += 1 }
    }
}

extension PVRTCImage {
    /// Bytes of this level.
    var byteCount: Int { data.count }
}

extension RecordingUploader: CarouselRendering {
    func upload(_ image: RGBAImage) throws -> Int {
        checkThread()
        nextHandle += 1
        live[nextHandle] = image.pixels.count
        uploads.append(Upload(handle: nextHandle, width: image.width, levels: 0..<1))
        return nextHandle
    }

    func drawFrame(_ textures: [Int?], slotSize: Int) throws {
        checkThread()
        frames.append(textures)
    }
}
