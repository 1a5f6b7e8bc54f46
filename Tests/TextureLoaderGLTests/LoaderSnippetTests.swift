import Foundation
import PVRCTestSupport
import PVRTCGL
import TextureFormats
import TextureLoader
import TextureLoaderGL
import XCTest

/// The loader example that docs/library.md ("Loading textures in an engine") and the TextureLoader
/// getting-started article show, compiled and run here on a real GL context: the code between the
/// markers below must be their code block line for line (imports aside), so neither can show code
/// that does not compile.
final class LoaderSnippetTests: XCTestCase {
    private static let begin = "        // snippet begin"
    private static let end = "        // snippet end"

    /// The example as it is written in this file, dedented.
    private func compiledExample() throws -> [String] {
        let text = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: Self.begin))
        let stop = try XCTUnwrap(lines.firstIndex(of: Self.end))
        return lines[(start + 1)..<stop].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }
    }

    /// The lines of the Swift block that follows `heading` in the Markdown file at `path`.
    private func block(in path: String, after heading: String) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: heading), "\(path) has no \(heading)")
        let open = try XCTUnwrap(text.range(of: "```swift\n", range: section.upperBound..<text.endIndex))
        let close = try XCTUnwrap(text.range(of: "```\n", range: open.upperBound..<text.endIndex))
        let lines = String(text[open.upperBound..<close.lowerBound]).components(separatedBy: "\n")
        return Array(lines.dropLast())
    }

    func testGuideAndArticleShowThisCompiledCode() throws {
        let compiled = try compiledExample()
        let ownImports = Set(
            try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
                .filter { $0.hasPrefix("import ") })
        for (path, heading) in [
            ("docs/library.md", "## Loading textures in an engine"),
            ("Sources/TextureLoader/TextureLoader.docc/GettingStarted.md", "## Load and draw"),
        ] {
            let shown = try block(in: path, after: heading)
            let imports = shown.filter { $0.hasPrefix("import ") }
            XCTAssertTrue(Set(imports).isSubset(of: ownImports), "\(path) imports \(imports)")
            let code = Array(shown.drop { $0.hasPrefix("import ") || $0.isEmpty })
            XCTAssertEqual(code, compiled, "\(path) differs from the compiled example in \(#fileID)")
        }
    }

    /// Runs the example in a folder holding the files it names (a 1024² hero for the preview).
    func testExampleRuns() async throws {
        let fixtures = try TextureFixtures(seed: 0x21)
        try fixtures.write("hero.pvr", size: 1024)
        try fixtures.write("ui.pvr", size: 64)
        try fixtures.write("next.pvr", size: 32)
        try fixtures.write("level2.pvr", size: 32)
        let icons = try TextureFile(container: .ktx, texture: fixtures.randomTexture(size: 16)).serialized()
        try Data(icons).write(to: fixtures.directory.appendingPathComponent("icons.bin"))
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(fixtures.directory.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try await example()
    }

    private func example() async throws {
        // snippet begin
        // One GL thread owns the context; the loader actor runs on it (its executor is that thread).
        let gl = ResourceThread { try GLTextureUploader(mode: .decodeOnce) }
        let loader = TextureLoader(
            glThread: gl,
            configuration: TextureLoaderConfiguration(
                totalCostLimit: 64 << 20, maxConcurrentReads: 4, uploadBudgetPerFrame: .milliseconds(4)))

        let hero = URL(fileURLWithPath: "hero.pvr")
        let key = TextureKey(url: hero)
        await loader.pin(key)  // on screen: never evicted
        for try await texture in loader.loadProgressively(hero, previewMaxDimension: 64) {
            print(texture.width, texture.isPreview)  // 64 true, then 1024 false
        }
        let ui = try await loader.load(URL(fileURLWithPath: "ui.pvr"))  // the full texture at once
        let packed = try Data(contentsOf: URL(fileURLWithPath: "icons.bin"))  // bytes from an archive, a download
        let icon = try await loader.load(packed, named: "icon")  // cached under TextureKey(name: "icon")

        await loader.prefetch([URL(fileURLWithPath: "next.pvr")])  // low priority, never evicts pinned
        print(await loader.isPrefetching)  // true until the queue is done
        let level2 = await loader.prefetchAndWait([URL(fileURLWithPath: "level2.pvr")])
        if case .failure(let error) = level2.values.first { print(error) }  // per URL: texture or error

        // Each frame, on the GL thread: the cache's current textures (preview or full), drawn in one job.
        try await loader.withTextures([key, ui.key, icon.key]) { uploader, textures in
            let target = try uploader.context.makeRenderTarget(width: 256, height: 256)
            for case let texture? in textures {
                try uploader.context.draw(texture.handle, into: target)
            }
            uploader.context.delete(target)
        }
        print(await loader.statistics)  // hits, misses, evictions, invalidations, peak bytes
        await loader.unpin(key)
        await loader.shutdown()  // deletes the textures; returns once the context is destroyed
        // snippet end
    }
}
