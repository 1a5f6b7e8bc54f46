import Foundation
import ImageFiles
import PVRCTestSupport
import PVRTCSearch
import TextureFormats
import TextureManifest
import TexturePipeline
import XCTest

final class TextureBuildTests: XCTestCase {
    func testBuildMirrorsTheTreeWithTheEncodersBytes() async throws {
        let fixture = try BuildFixture()
        let summary = try await fixture.build(fixture.configuration())
        XCTAssertEqual(summary.built, 4)
        XCTAssertTrue(summary.failures.isEmpty)
        let outputs = try fixture.outputs()
        XCTAssertEqual(Set(outputs.keys), ["a.pvr", "ui/button.pvr", "ui/icons/star.pvr", "terrain/grass.pvr"])
        for (output, source) in [
            ("a.pvr", "a.png"), ("ui/button.pvr", "ui/button.png"), ("ui/icons/star.pvr", "ui/icons/star.png"),
            ("terrain/grass.pvr", "terrain/grass.png"),
        ] {
            XCTAssertEqual(outputs[output], try fixture.reference(source), output)
        }
    }

    /// Image files of formats pvrc does not read are not built, and the summary lists them.
    func testTheSummaryListsSkippedSources() async throws {
        let fixture = try BuildFixture(images: ["a.png": 8])
        try fixture.writeBytes(Array("BM not read".utf8), to: "ui/old.bmp")
        try fixture.writeBytes(Array("notes".utf8), to: "notes.txt")
        let summary = try await fixture.build(fixture.configuration())
        XCTAssertEqual(summary.built, 1)
        XCTAssertEqual(summary.skipped, ["ui/old.bmp"])
        XCTAssertEqual(Set(try fixture.outputs().keys), ["a.pvr"])
    }

    func testOutputDoesNotDependOnJobsOrThreads() async throws {
        let fixture = try BuildFixture()
        _ = try await fixture.build(
            fixture.configuration(output: "one", options: .init(quality: .fast, threads: 1), jobs: 1))
        _ = try await fixture.build(
            fixture.configuration(output: "many", options: .init(quality: .fast, threads: 4), jobs: 4))
        XCTAssertEqual(try fixture.outputs("one"), try fixture.outputs("many"))
    }

    func testSecondBuildSkipsEverythingAndTouchingReencodesNothing() async throws {
        let fixture = try BuildFixture()
        _ = try await fixture.build(fixture.configuration())
        let again = try await fixture.build(fixture.configuration())
        XCTAssertEqual(again.upToDate, 4)
        XCTAssertEqual(again.built, 0)

        // A new time stamp with the same bytes: hashed again, still up to date.
        let touched = fixture.source.appendingPathComponent("a.png")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: touched.path)
        let afterTouch = try await fixture.build(fixture.configuration())
        XCTAssertEqual(afterTouch.upToDate, 4)

        // New bytes: rebuilt, and only that one.
        try fixture.write(PipelineTestImages.noise(width: 32, height: 32, seed: 99, alpha: .opaque), to: "a.png")
        let afterEdit = try await fixture.build(fixture.configuration())
        XCTAssertEqual(afterEdit.built, 1)
        XCTAssertEqual(afterEdit.upToDate, 3)
        XCTAssertEqual(try fixture.outputs()["a.pvr"], try fixture.reference("a.png"))
        let plan = try BuildPlan.make(fixture.configuration())
        XCTAssertTrue(plan.textures.allSatisfy { if case .upToDate = $0.action { true } else { false } })
    }

    func testChangedOptionsDeletedOutputAndForceRebuild() async throws {
        let fixture = try BuildFixture()
        _ = try await fixture.build(fixture.configuration())
        func reasons(_ configuration: BuildConfiguration) throws -> [String: BuildReason] {
            var reasons: [String: BuildReason] = [:]
            for texture in try BuildPlan.make(configuration).textures {
                if case .build(let reason) = texture.action { reasons[texture.source.path] = reason }
            }
            return reasons
        }
        XCTAssertEqual(try reasons(fixture.configuration(options: .init(quality: .normal, threads: 1))).count, 4)
        XCTAssertEqual(
            Set(try reasons(fixture.configuration(options: .init(quality: .normal, threads: 1))).values),
            [.settingsChanged])
        XCTAssertEqual(
            try reasons(fixture.configuration(options: .init(quality: .fast, threads: 7))), [:],
            "threads do not change outputs")
        try FileManager.default.removeItem(at: fixture.output().appendingPathComponent("ui/button.pvr"))
        XCTAssertEqual(try reasons(fixture.configuration()), ["ui/button.png": .outputChanged])
        XCTAssertEqual(Set(try reasons(fixture.configuration(force: true)).values), [.forced])
        let rebuilt = try await fixture.build(fixture.configuration())
        XCTAssertEqual(rebuilt.built, 1)
        XCTAssertEqual(try fixture.outputs()["ui/button.pvr"], try fixture.reference("ui/button.png"))
    }

    func testAFailingTextureInTheMiddleDoesNotStopTheOthers() async throws {
        let fixture = try BuildFixture(images: ["a.png": 16, "c.png": 16, "e.png": 16])
        try fixture.writeBytes(Array("not a png".utf8), to: "b.png")
        try fixture.write(PipelineTestImages.noise(width: 24, height: 16, seed: 5, alpha: .opaque), to: "d.png")
        let summary = try await fixture.build(fixture.configuration(jobs: 1))
        XCTAssertEqual(summary.built, 3)
        XCTAssertEqual(summary.failures.map(\.source), ["b.png", "d.png"])
        XCTAssertTrue(
            summary.failures[0].failureMessage?.contains("b.png: not a PNG, JPEG or TGA image") ?? false,
            "\(summary.failures[0].failureMessage ?? "")")
        XCTAssertTrue(
            summary.failures[1].failureMessage?.hasPrefix("d.png: ") ?? false,
            "\(summary.failures[1].failureMessage ?? "")")
        XCTAssertEqual(Set(try fixture.outputs().keys), ["a.pvr", "c.pvr", "e.pvr"])
        // Failures are retried, successes are not.
        let again = try await fixture.build(fixture.configuration(jobs: 1))
        XCTAssertEqual(again.upToDate, 3)
        XCTAssertEqual(again.failures.count, 2)
    }

    func testPruneDeletesOutputsWhoseSourceIsGone() async throws {
        let fixture = try BuildFixture()
        _ = try await fixture.build(fixture.configuration())
        try FileManager.default.removeItem(at: fixture.source.appendingPathComponent("ui/icons/star.png"))
        let plan = try BuildPlan.make(fixture.configuration(prune: true))
        XCTAssertEqual(plan.stale, ["ui/icons/star.pvr"])
        let kept = try await fixture.build(fixture.configuration())
        XCTAssertEqual(kept.pruned, [])
        XCTAssertNotNil(try fixture.outputs()["ui/icons/star.pvr"])
        let pruned = try await fixture.build(fixture.configuration(prune: true))
        XCTAssertEqual(pruned.pruned, ["ui/icons/star.pvr"])
        XCTAssertNil(try fixture.outputs()["ui/icons/star.pvr"])
        XCTAssertEqual(try BuildPlan.make(fixture.configuration(prune: true)).stale, [])
    }

    func testManifestOverridesReachTheOutputs() async throws {
        let fixture = try BuildFixture()
        let manifest = BuildManifest(
            sourceFolder: fixture.source, options: OptionOverrides(),
            overrides: [
                .init(
                    match: GlobPattern("terrain/**"), options: try OptionOverrides(["mipmaps": .bool(true)], file: "m")),
                .init(match: GlobPattern("ui/**"), options: try OptionOverrides(["format": .string("ktx")], file: "m")),
            ], name: "m")
        let summary = try await fixture.build(fixture.configuration(manifest: manifest))
        XCTAssertEqual(summary.built, 4)
        let outputs = try fixture.outputs()
        XCTAssertEqual(
            outputs["terrain/grass.pvr"],
            try fixture.reference("terrain/grass.png", options: .init(quality: .fast, threads: 1, mipmaps: true)))
        XCTAssertEqual(outputs["ui/button.ktx"], try fixture.reference("ui/button.png", container: .ktx))
        XCTAssertEqual(outputs["a.pvr"], try fixture.reference("a.png"))
    }

    func testTwoSourcesForOneOutputAreRefused() throws {
        let fixture = try BuildFixture(images: ["a.png": 8, "a.PNG": 8])
        XCTAssertThrowsError(try BuildPlan.make(fixture.configuration())) { error in
            XCTAssertTrue(String(describing: error).contains("writes the same output a.pvr"), "\(error)")
        }
    }
}
