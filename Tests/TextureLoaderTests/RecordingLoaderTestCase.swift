import PVRCTestSupport
import TextureLoader
import XCTest

/// The set-up the loader tests share: fresh texture fixtures and a loader thread whose uploader records
/// every call, shut down after each test.
class RecordingLoaderTestCase: XCTestCase {
    /// Texture files written for the test.
    var fixtures: TextureFixtures!
    /// The loader's GL thread, with an uploader that records what it is asked to do.
    var glThread: ResourceThread<RecordingUploader>!

    override func setUpWithError() throws {
        fixtures = try TextureFixtures()
        glThread = ResourceThread { RecordingUploader() }
    }

    override func tearDown() async throws {
        await glThread.shutdown()
        fixtures = nil
    }

    /// A loader on ``glThread`` whose every file read first passes `gate`, so a test can hold reads.
    func gatedLoader(
        _ gate: Gate, configuration: TextureLoaderConfiguration = TextureLoaderConfiguration()
    ) -> TextureLoader<RecordingUploader> {
        TextureLoader(
            glThread: glThread, configuration: configuration,
            read: { url in
                gate.pass()
                return try TextureContent.read(from: url)
            })
    }

    /// What the uploader has recorded so far.
    func report() async throws -> RecordingUploader.Report {
        try await glThread.perform { $0.report }
    }
}
