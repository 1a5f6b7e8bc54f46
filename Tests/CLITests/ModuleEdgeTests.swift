import Foundation
import XCTest

/// The module graph as Package.swift declares it (read with `swift package dump-package`) against the
/// imports in each module's sources: every module of the package and every external product a module
/// imports is one it declares, and it declares none it does not import; no module that ships links
/// anything under `Tests/`.
final class ModuleEdgeTests: XCTestCase {
    private struct Target {
        let name: String
        let type: String
        let path: String
        let dependencies: Set<String>
        /// Files and folders (relative to ``path``) the target leaves out, e.g. GL-only files without GL.
        let excluded: [String]
    }

    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func targets() throws -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pvrc-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let swift = try XCTUnwrap(
            ["/opt/swift/usr/bin/swift", "/usr/bin/swift"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "the swift driver reads the manifest")
        let result = try PVRCProcess.run(
            executable: URL(fileURLWithPath: swift),
            ["package", "--package-path", Self.root.path, "--scratch-path", scratch.path, "dump-package"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let entries = try XCTUnwrap(json["targets"] as? [[String: Any]])
        return entries.compactMap { entry in
            guard let name = entry["name"] as? String, let type = entry["type"] as? String else { return nil }
            let dependencies = (entry["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            return Target(
                name: name, type: type, path: entry["path"] as? String ?? "Sources/\(name)",
                dependencies: Set(dependencies), excluded: entry["exclude"] as? [String] ?? [])
        }
    }

    /// The modules `target`'s Swift sources import (`nil` for a C target, whose includes are not imports).
    private func imports(of target: Target) throws -> Set<String>? {
        let folder = Self.root.appendingPathComponent(target.path)
        var found: Set<String> = []
        var swiftFiles = 0
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            let relative = String(file.path.dropFirst(folder.path.count + 1))
            guard file.pathExtension == "swift", !target.excluded.contains(where: { relative.hasPrefix($0) }) else {
                continue
            }
            swiftFiles += 1
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count == 2, words[0] == "import" { found.insert(String(words[1])) }
            }
        }
        return swiftFiles == 0 ? nil : found
    }

    func testDeclaredDependenciesAreExactlyTheImports() throws {
        let all = try targets()
        let products = ["ArgumentParser", "Atomics", "Crypto"]
        let known = Set(all.map(\.name) + products)
        var checked = 0
        for target in all where ["regular", "executable"].contains(target.type) {
            guard let imported = try imports(of: target)?.intersection(known) else { continue }
            let declared = target.dependencies.intersection(known)
            XCTAssertEqual(
                imported.subtracting(declared).sorted(), [], "\(target.name) imports modules it does not declare")
            XCTAssertEqual(
                declared.subtracting(imported).sorted(), [], "\(target.name) declares modules it does not import")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 15)
    }

    func testNoShippedModuleLinksTestCode() throws {
        let all = try targets()
        let testCode = Set(all.filter { $0.path.hasPrefix("Tests/") || $0.type == "test" }.map(\.name))
        for target in all where ["regular", "executable"].contains(target.type) && !target.path.hasPrefix("Tests/") {
            XCTAssertEqual(
                target.dependencies.intersection(testCode).sorted(), [], "\(target.name) links test code")
        }
    }
}
