import Foundation
import PVRCTestSupport
import PVRTC
import TextureLoader
import XCTest

/// `ResourceThread.shutdown()` and `TextureLoader.shutdown()` return only after the thread has released its
/// resource and ended, so a program may exit right after them (issue 20: Mesa's and glibc's exit-time
/// destructors raced the context's release and corrupted the heap). The releases here are made slow on
/// purpose: when shutdown returned early (as it once did), they were still running.
final class ShutdownTests: XCTestCase {
    func testShutdownReturnsAfterTheResourceIsReleased() async throws {
        for round in 0..<200 {
            let released = ReleaseFlag()
            let glThread = ResourceThread { SlowlyReleased(flag: released) }
            _ = try await glThread.perform { _ in true }
            await glThread.shutdown()
            XCTAssertTrue(released.isSet, "round \(round): shutdown returned before the resource was released")
            XCTAssertTrue(glThread.hasEnded, "round \(round)")
            if !released.isSet { break }
        }
    }

    func testLoaderShutdownDeletesTexturesThenReleasesTheUploader() async throws {
        let fixtures = try TextureFixtures(seed: 0x5d)
        let url = try fixtures.write("t.pvr", size: 16)
        for round in 0..<100 {
            let released = ReleaseFlag()
            let glThread = ResourceThread { ReleaseRecordingUploader(flag: released) }
            let loader = TextureLoader(glThread: glThread)
            _ = try await loader.load(url)
            await loader.prefetch([url])
            await loader.shutdown()
            XCTAssertTrue(released.isSet, "round \(round): loader shutdown returned before the uploader was released")
            XCTAssertEqual(released.liveAtRelease, 0, "round \(round): textures left undeleted")
            if !released.isSet { break }
        }
    }

    func testShutdownFromSeveralTasksAndAgainReturns() async throws {
        let released = ReleaseFlag()
        let glThread = ResourceThread { SlowlyReleased(flag: released) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { await glThread.shutdown() } }
        }
        XCTAssertTrue(released.isSet)
        await glThread.shutdown()
        XCTAssertTrue(glThread.hasEnded)
        do {
            _ = try await glThread.perform { _ in 1 }
            XCTFail("work ran after shutdown")
        } catch {
            XCTAssertEqual(error as? TextureLoaderError, .glThreadStopped)
        }
    }

    #if os(Linux)
        /// A GL driver keeps per-thread state that a thread-local destructor frees when the thread
        /// ends (Mesa's EGL does); shutdown returns only after such destructors have run.
        func testShutdownReturnsAfterTheThreadsLocalDestructorsRan() async throws {
            for round in 0..<100 {
                let destroyed = ReleaseFlag()
                let glThread = ResourceThread { ThreadLocalState.install(destroyed) }
                _ = try await glThread.perform { _ in true }
                await glThread.shutdown()
                XCTAssertTrue(
                    destroyed.isSet, "round \(round): shutdown returned before the thread-local destructor ran")
                if !destroyed.isSet { break }
            }
        }

        func testThreadIsNamedBeforeTheResourceIsMade() async throws {
            let glThread = ResourceThread(name: "pvrc.loader.thread.name") { ThreadName.current() }
            let seen = try await glThread.perform { $0 }
            await glThread.shutdown()
            XCTAssertEqual(seen, "pvrc.loader.thr", "the kernel keeps 15 bytes of the name")
        }
    #endif
}

/// Set once, on the GL thread, when a resource is released; read by the test afterwards.
final class ReleaseFlag: @unchecked Sendable {
    // @unchecked Sendable: `released` and `live` are guarded by `lock`.
    private let lock = NSLock()
    private var released = false
    private var live = -1

    func set(liveTextures: Int = 0) {
        lock.lock()
        released = true
        live = liveTextures
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return released
    }

    /// The textures still alive when the resource was released.
    var liveAtRelease: Int {
        lock.lock()
        defer { lock.unlock() }
        return live
    }
}

/// A resource whose release takes a while (like destroying a GL context) and then sets its flag.
final class SlowlyReleased {
    private let flag: ReleaseFlag

    init(flag: ReleaseFlag) {
        self.flag = flag
    }

    deinit {
        usleep(2_000)
        flag.set()
    }
}

/// An uploader that counts its live textures and, when released, waits a little and records them.
final class ReleaseRecordingUploader: TextureUploading {
    private let flag: ReleaseFlag
    private var live: Set<Int> = []
    private var next = 0

    init(flag: ReleaseFlag) {
        self.flag = flag
    }

    deinit {
        usleep(2_000)
        flag.set(liveTextures: live.count)
    }

    func upload(_ texture: TextureContent, levels: Range<Int>) throws -> Int {
        next += 1
        live.insert(next)
        return next
    }

    func gpuBytes(of handle: Int) -> Int { 1 }
    func estimatedGPUBytes(for texture: TextureContent, levels: Range<Int>) -> Int { 1 }
    func delete(_ handle: Int) { live.remove(handle) }
}

/// The calling thread's name as the kernel has it.
enum ThreadName {
    static func current() -> String {
        let text = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .newlines)
    }
}

#if os(Linux)
    /// Per-thread state with a destructor that runs when its thread ends, slowly, like a driver's.
    enum ThreadLocalState {
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { value in
                guard let value else { return }
                usleep(2_000)
                Unmanaged<ReleaseFlag>.fromOpaque(value).takeRetainedValue().set()
            }
            return key
        }()

        /// Gives the calling thread state whose destructor sets `flag`.
        static func install(_ flag: ReleaseFlag) {
            pthread_setspecific(key, Unmanaged.passRetained(flag).toOpaque())
        }
    }
#endif
