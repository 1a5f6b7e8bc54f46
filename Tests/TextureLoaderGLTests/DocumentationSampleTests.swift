import Foundation
import XCTest

/// Every Swift sample of README.md and docs/*.md compiles as written, imports included.
///
/// Each ```` ```swift ```` block is a complete program: `swiftc -typecheck` checks it against the
/// modules this build made (the test target depends on every library a sample imports, so
/// `swift test` builds them first). A block that starts with `// swift-tools-version` is a package
/// manifest: it is type-checked against SwiftPM's PackageDescription, and every pvrc product or
/// plugin it names must be declared in Package.swift. Any other word after `swift` on the fence is
/// refused, so no Swift code in the docs goes unchecked.
final class DocumentationSampleTests: XCTestCase {
    /// One fenced Swift block.
    struct Sample {
        /// The Markdown file, relative to the repository root.
        let file: String
        /// The line of the opening fence.
        let line: Int
        /// The fence's info string (`swift`).
        let info: String
        /// The block's text.
        let code: String

        /// Whether the block is a package manifest.
        var isManifest: Bool { code.hasPrefix("// swift-tools-version") }
    }

    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift blocks of the Markdown `text` of `file`.
    static func samples(in text: String, file: String) -> [Sample] {
        var samples: [Sample] = []
        var open: (line: Int, info: String, code: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if let block = open {
                if line.hasPrefix("```") {
                    samples.append(
                        Sample(file: file, line: block.line, info: block.info, code: block.code.joined(separator: "\n"))
                    )
                    open = nil
                } else {
                    open?.code.append(line)
                }
            } else if line.hasPrefix("```swift") {
                open = (index + 1, String(line.dropFirst(3)), [])
            }
        }
        return samples
    }

    /// The Markdown files whose samples are checked: README.md and every docs/*.md.
    private func documentationFiles() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    func testEverySampleCompiles() throws {
        let compiler = try SwiftCompiler()
        var checked = 0
        for file in try documentationFiles() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for sample in Self.samples(in: text, file: file) {
                XCTAssertEqual(sample.info, "swift", "\(file):\(sample.line): unknown kind of Swift sample")
                let problems = try compiler.problems(in: sample, packageManifest: Self.root)
                XCTAssertEqual(problems, "", "\(file):\(sample.line) does not compile as written")
                checked += 1
            }
        }
        // README: the game's manifest and its load-and-draw code; docs/: decode, encode, GL, loader, game
        // context, plugin manifest.
        XCTAssertGreaterThanOrEqual(checked, 8, "too few samples found")
    }

    /// The check fails on a sample that does not compile: a missing import, a wrong argument label,
    /// a manifest naming a product pvrc does not have.
    func testBrokenSamplesAreCaught() throws {
        let compiler = try SwiftCompiler()
        let broken = [
            "import PVRTCGL\n\nlet texture = try TextureFile.read(from: URL(fileURLWithPath: \"t.pvr\"))",
            "import Foundation\nimport PVRTC\n\nlet image = PVRTCDecoder.decode(level: nil)",
            """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Game", dependencies: [.package(path: "../pvrc")],
                targets: [.target(name: "Game", dependencies: [.product(name: "PVRTCLoader", package: "pvrc")])])
            """,
        ]
        for code in broken {
            let sample = Sample(file: "broken.md", line: 1, info: "swift", code: code)
            XCTAssertNotEqual(try compiler.problems(in: sample, packageManifest: Self.root), "", code)
        }
    }
}

/// `swiftc -typecheck` against this build's modules, or against PackageDescription for manifests.
private struct SwiftCompiler {
    let swiftc: URL
    /// Search paths and module maps of the build that ran these tests.
    let moduleArguments: [String]
    /// PackageDescription's module folder in the toolchain.
    let manifestAPI: URL

    init() throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        // The driver takes its mode from its name: run `swiftc` itself, find the toolchain through its link.
        swiftc = try XCTUnwrap(path, "swiftc is not on PATH")
        manifestAPI = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/pm/ManifestAPI")
        let products = try XCTUnwrap(
            [Bundle.main.bundleURL, Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()]
                .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules").path) },
            "no Modules folder beside the test bundle")
        let root = products.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var arguments = ["-I", products.appendingPathComponent("Modules").path]
        var moduleMaps = Self.files(in: products, matching: { $0.hasSuffix(".build") && !$0.hasSuffix("-tool.build") })
            .map { $0.appendingPathComponent("module.modulemap") }
        for sources in [root.appendingPathComponent("Sources")]
            + Self.files(
                in: products.deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("checkouts"), matching: { _ in true }
            )
            .map({ $0.appendingPathComponent("Sources") })
        {
            for target in Self.files(in: sources, matching: { _ in true }) {
                moduleMaps += [
                    target.appendingPathComponent("module.modulemap"),
                    target.appendingPathComponent("include/module.modulemap"),
                ]
                let include = target.appendingPathComponent("include")
                if FileManager.default.fileExists(atPath: include.path) { arguments += ["-I", include.path] }
            }
        }
        for map in moduleMaps where FileManager.default.fileExists(atPath: map.path) {
            arguments += ["-Xcc", "-fmodule-map-file=" + map.path]
        }
        moduleArguments = arguments
    }

    /// The entries of `folder` whose names satisfy `test`.
    private static func files(in folder: URL, matching test: (String) -> Bool) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter(test).sorted().map { folder.appendingPathComponent($0) }
    }

    /// What the compiler (or, for a manifest, the product check against the package manifest in
    /// `package`) reports on `sample`; empty when it compiles.
    func problems(in sample: DocumentationSampleTests.Sample, packageManifest package: URL) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(sample.isManifest ? "Package.swift" : "main.swift")
        try Data(sample.code.utf8).write(to: file)
        var problems = ""
        let arguments: [String]
        if sample.isManifest {
            arguments = [
                "-typecheck", "-swift-version", "6", "-I", manifestAPI.path, "-Xfrontend",
                "-package-description-version",
                "-Xfrontend", "6.0.0", file.path,
            ]
            let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
            let declared = try Self.names(#"\.(?:library|executable|plugin)\(name: "([^"]+)""#, in: manifest)
            for name in try Self.names(#"\.(?:product|plugin)\(name: "([^"]+)", package: "pvrc"\)"#, in: sample.code)
            where !declared.contains(name) {
                problems += "pvrc has no product or plugin \(name)\n"
            }
        } else {
            arguments = ["-typecheck", "-swift-version", "6"] + moduleArguments + [file.path]
        }
        let process = Process()
        process.executableURL = swiftc
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 { problems += printed }
        return problems
    }

    /// The first capture group of every match of `pattern` in `text`.
    private static func names(_ pattern: String, in text: String) throws -> Set<String> {
        let expression = try NSRegularExpression(pattern: pattern)
        return Set(
            expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            })
    }
}

/// A class of this test bundle, to find the bundle.
private final class BundleMarker {}
