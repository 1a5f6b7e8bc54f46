import Foundation
import PVRCTestSupport
import PVRTC
import TextureFormats
import TextureLoader
import XCTest

/// Each way a load fails has its own `TextureLoaderError` case, keeps the error that caused it, and
/// prints the file's path exactly once.
final class LoaderErrorTests: XCTestCase {
    private var fixtures: TextureFixtures!
    private var glThread: ResourceThread<RecordingUploader>!

    override func setUpWithError() throws {
        fixtures = try TextureFixtures(seed: 0xe7)
        glThread = ResourceThread { RecordingUploader() }
    }

    override func tearDown() async throws {
        await glThread.shutdown()
        fixtures = nil
    }

    /// Loads `url` with `loader` (default: the standard reader on the recording uploader) and returns
    /// the loader's error, failing the test if it loads.
    private func loadError<U: TextureUploading>(_ url: URL, with loader: TextureLoader<U>) async -> TextureLoaderError?
    {
        do {
            _ = try await loader.load(url)
            XCTFail("\(url.path) loaded")
            return nil
        } catch {
            guard let error = error as? TextureLoaderError else {
                XCTFail("not a TextureLoaderError: \(error)")
                return nil
            }
            return error
        }
    }

    private func loadError(_ url: URL) async -> TextureLoaderError? {
        await loadError(url, with: TextureLoader(glThread: glThread))
    }

    /// How many times `path` occurs in `text`.
    private func occurrences(of path: String, in text: String) -> Int {
        text.components(separatedBy: path).count - 1
    }

    private func path(_ name: String) -> String {
        TextureKey.canonicalPath(of: fixtures.directory.appendingPathComponent(name))
    }

    func testMissingFileIsFileNotFound() async throws {
        let url = fixtures.directory.appendingPathComponent("absent.pvr")
        let error = await loadError(url)
        XCTAssertEqual(error, .fileNotFound(file: path("absent.pvr")))
        XCTAssertEqual(error?.description, "\(path("absent.pvr")): no such file")
        XCTAssertNil(error?.underlyingError)
    }

    func testDirectoryIsReadFailedWithTheContainerError() async throws {
        let url = fixtures.directory.appendingPathComponent("folder.pvr")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let error = await loadError(url)
        guard case .readFailed(let file, let underlying) = error else {
            return XCTFail("not readFailed: \(String(describing: error))")
        }
        XCTAssertEqual(file, path("folder.pvr"))
        XCTAssertEqual(underlying as? TextureFormatError, .io(file: file, reason: "not a regular file"))
        XCTAssertEqual(occurrences(of: file, in: error?.description ?? ""), 1, error?.description ?? "")
    }

    func testGarbageIsNotATextureAndKeepsTheContainerError() async throws {
        let url = fixtures.directory.appendingPathComponent("garbage.pvr")
        try Data((0..<256).map { UInt8($0 & 0x7f) }).write(to: url)
        let error = await loadError(url)
        let file = path("garbage.pvr")
        XCTAssertEqual(error, .notATexture(file: file, underlying: .unrecognizedContainer(file: file)))
        XCTAssertEqual(error?.underlyingError as? TextureFormatError, .unrecognizedContainer(file: file))
        XCTAssertEqual(error?.description, TextureFormatError.unrecognizedContainer(file: file).description)
        XCTAssertEqual(occurrences(of: file, in: error?.description ?? ""), 1, error?.description ?? "")
    }

    func testTruncatedFileIsNotATexture() async throws {
        let url = try fixtures.write("cut.pvr", size: 32)
        let bytes = try Data(contentsOf: url)
        try bytes.prefix(bytes.count - 100).write(to: url)
        let error = await loadError(url)
        guard case .notATexture(let file, let underlying) = error, case .truncated = underlying else {
            return XCTFail("not notATexture(truncated): \(String(describing: error))")
        }
        XCTAssertEqual(file, path("cut.pvr"))
        XCTAssertEqual(occurrences(of: file, in: error?.description ?? ""), 1, error?.description ?? "")
    }

    func testForeignPixelFormatIsUnsupportedFormat() async throws {
        // A valid PVR v3 file whose pixel format field (bytes 8..<16) says ETC1 (6).
        let url = fixtures.directory.appendingPathComponent("etc.pvr")
        try TextureFile(container: .pvr3, texture: fixtures.randomTexture(size: 16, mipmaps: false)).write(to: url)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes.replaceSubrange(8..<16, with: [6, 0, 0, 0, 0, 0, 0, 0])
        try Data(bytes).write(to: url)
        let error = await loadError(url)
        guard case .unsupportedFormat(let file, let underlying) = error else {
            return XCTFail("not unsupportedFormat: \(String(describing: error))")
        }
        XCTAssertEqual(file, path("etc.pvr"))
        XCTAssertEqual(underlying.file, file)
        XCTAssertEqual(occurrences(of: file, in: error?.description ?? ""), 1, error?.description ?? "")
    }

    func testUploadFailureKeepsTheUploadersError() async throws {
        let url = try fixtures.write("fine.pvr", size: 16)
        let failing = ResourceThread { FailingUploader() }
        let error = await loadError(url, with: TextureLoader(glThread: failing))
        await failing.shutdown()
        let file = path("fine.pvr")
        XCTAssertEqual(error, .uploadFailed(file: file, underlying: FailingUploader.Failure.outOfMemory))
        XCTAssertEqual(error?.underlyingError as? FailingUploader.Failure, .outOfMemory)
        XCTAssertEqual(error?.description, "\(file): upload failed: outOfMemory")
    }

    func testCustomReaderErrorIsReadFailedAndKeepsItsType() async throws {
        struct Refused: Error, Equatable {}
        let url = try fixtures.write("any.pvr", size: 16)
        let error = await loadError(url, with: TextureLoader(glThread: glThread, read: { _ in throw Refused() }))
        guard case .readFailed(let file, let underlying) = error else {
            return XCTFail("not readFailed: \(String(describing: error))")
        }
        XCTAssertEqual(file, path("any.pvr"))
        XCTAssertEqual(underlying as? Refused, Refused())
        XCTAssertEqual(occurrences(of: file, in: error?.description ?? ""), 1, error?.description ?? "")
    }

    func testEqualityComparesTheUnderlyingError() {
        let a = TextureLoaderError.notATexture(file: "a", underlying: .unrecognizedContainer(file: "a"))
        XCTAssertEqual(a, .notATexture(file: "a", underlying: .unrecognizedContainer(file: "a")))
        XCTAssertNotEqual(a, .notATexture(file: "a", underlying: .truncated(file: "a", reason: "header")))
        XCTAssertNotEqual(a, .unsupportedFormat(file: "a", underlying: .unrecognizedContainer(file: "a")))
        XCTAssertNotEqual(
            TextureLoaderError.uploadFailed(file: "a", underlying: FailingUploader.Failure.outOfMemory),
            .uploadFailed(file: "a", underlying: FailingUploader.Failure.lostContext))
    }
}

/// An uploader whose every upload fails.
final class FailingUploader: TextureUploading {
    enum Failure: Error, Equatable {
        case outOfMemory, lostContext
    }

    func upload(_ texture: TextureContent, levels: Range<Int>) throws -> Int { throw Failure.outOfMemory }
    func gpuBytes(of handle: Int) -> Int { 0 }
    func estimatedGPUBytes(for texture: TextureContent, levels: Range<Int>) -> Int { 0 }
    func delete(_ handle: Int) {}
}
