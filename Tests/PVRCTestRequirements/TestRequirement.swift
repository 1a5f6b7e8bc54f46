import Foundation
import XCTest

/// What a test needs from outside the package: a system tool (zstd, ninja, nginx, Chromium, python3)
/// or the image corpus.
///
/// When it is missing, the test throws ``missing(_:)``. On a developer's machine that skips the test
/// and says why on standard error as well as in XCTest's skip line. Under CI (`CI=true` in the
/// environment, as `.ci/run` sets it), where `tools/install-deps.sh --test` installs every tool, it
/// fails the test instead, so a check that did not run never passes unseen.
public enum TestRequirement {
    /// Whether this is a CI run: the environment sets `CI` to `true`.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true" }

    /// The error a test throws when `reason` (what is missing, and what installs it) keeps it from
    /// running: an `XCTSkip` on a developer's machine, a failure under CI.
    public static func missing(_ reason: String) -> Error {
        guard !isCI else { return MissingUnderCI(reason: reason) }
        return notRun(reason)
    }

    /// The error a test throws for a check that is never run by CI because what it needs cannot be
    /// installed from a package (`reason` says what and how to run it by hand): an `XCTSkip`, also
    /// under CI, announced on standard error.
    public static func notRun(_ reason: String) -> Error {
        FileHandle.standardError.write(Data("warning: check not run: \(reason)\n".utf8))
        return XCTSkip("not run: \(reason)")
    }

    /// The first of `paths` that is an executable file.
    /// - Throws: ``missing(_:)`` naming `package`, the Debian package that installs the tool.
    public static func tool(_ paths: [String], package: String) throws -> URL {
        guard let path = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw missing("\(paths[0]) is not installed (Debian package \(package); tools/install-deps.sh --test)")
        }
        return URL(fileURLWithPath: path)
    }

    /// The image corpus: the folder `PVRC_CORPUS` names, else `shared/corpus` in the folder that
    /// holds the repository.
    public static let corpusFolder: URL = {
        if let folder = ProcessInfo.processInfo.environment["PVRC_CORPUS"] { return URL(fileURLWithPath: folder) }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    /// The corpus file `name` (relative to ``corpusFolder``).
    /// - Throws: ``missing(_:)`` naming the path when the file is absent.
    public static func corpusFile(_ name: String) throws -> URL {
        let url = corpusFolder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw missing("corpus image \(url.path) is absent (set PVRC_CORPUS to the corpus folder)")
        }
        return url
    }
}

/// A requirement missing under CI: fails the test that needed it.
private struct MissingUnderCI: Error, CustomStringConvertible {
    /// What is missing and what installs it.
    let reason: String

    var description: String { "\(reason); CI (CI=true) runs every check, so this is a failure" }
}
