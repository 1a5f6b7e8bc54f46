import PVRTCGL
import XCTest

/// One GL context for the whole test process, created lazily on the thread that runs the tests.
///
/// XCTest runs the test methods of a process serially on the main thread, so the context is made
/// and used on that one thread (`GLContext` asserts this in debug builds).
enum SharedContext {
    nonisolated(unsafe) private static var context: GLContext?
    nonisolated(unsafe) private static var failure: Error?

    /// The shared context; throws the creation error on every call when no context could be made.
    static func get() throws -> GLContext {
        if let context { return context }
        if let failure { throw failure }
        do {
            let made = try GLContext()
            context = made
            return made
        } catch {
            failure = error
            throw error
        }
    }
}
