import Dispatch
import EncodeJobs
import FileIO
import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCSearch
import QualityMetrics
import TextureFormats
import TextureManifest

/// Runs a planned batch build: prunes, then builds every texture that is not up to date, at most
/// `jobs` at once within the memory budget, largest first; takes results from the cache where it
/// can and stores new ones there; records each finished texture in the build state as it goes, so a
/// killed build loses only the textures in flight.
///
/// A texture that fails does not stop the others; its previous output (if any) is left untouched,
/// and outputs are only ever replaced whole (temporary file and rename).
public enum TextureBuild {
    /// Runs the build `configuration` describes: finds the source images of its folder or manifest,
    /// decides for each whether it is up to date (input SHA-256, effective settings and
    /// `PVRTCEncoder.version` against the build state recorded in the output folder), and builds
    /// the others.
    ///
    /// - Parameters:
    ///   - configuration: The build.
    ///   - onFinish: Called after each texture that was processed (not the up-to-date ones), from
    ///     any thread, one call at a time.
    /// - Returns: Every texture's result, in source path order.
    /// - Throws: `PipelineError` when the source folder cannot be listed, a manifest value does not
    ///   fit its option, two sources would write the same output, or the output folder or the state
    ///   file cannot be written.
    public static func run(
        _ configuration: BuildConfiguration,
        onFinish: @escaping @Sendable (TextureResult, BuildProgress) -> Void = { _, _ in }
    ) async throws -> BuildSummary {
        try await run(BuildPlan.make(configuration), configuration: configuration, onFinish: onFinish)
    }

    /// Runs `plan` (what `pvrc build` does once it has printed or emitted what it needs of the plan).
    ///
    /// - Parameters:
    ///   - plan: The plan from `BuildPlan.make(_:)` for `configuration`.
    ///   - configuration: The build.
    ///   - onFinish: Called after each texture that was processed (not the up-to-date ones), from
    ///     any thread, one call at a time.
    /// - Returns: Every texture's result, in source path order.
    /// - Throws: `PipelineError` when the output folder or the state file cannot be written.
    package static func run(
        _ plan: BuildPlan, configuration: BuildConfiguration,
        onFinish: @escaping @Sendable (TextureResult, BuildProgress) -> Void = { _, _ in }
    ) async throws -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let folder = configuration.outputFolder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PipelineError(file: FileIOError.name(of: folder), reason: "cannot create the output folder")
        }
        // Found out now rather than after every texture was encoded.
        guard access(folder.path, W_OK | X_OK) == 0 else {
            throw PipelineError(
                file: FileIOError.name(of: folder), reason: "cannot write to the output folder: \(lastErrorText())")
        }
        let recorder = StateRecorder(state: plan.state, folder: folder)
        var notPruned: [String] = []
        var pruned: [String] = []
        if configuration.prune {
            (pruned, notPruned) = try await prune(plan, in: folder, recorder: recorder)
        }
        let cache = configuration.cache.map(GivingUpCache.init)

        var results: [String: TextureResult] = [:]
        var work: [PlannedTexture] = []
        for texture in plan.textures {
            switch texture.action {
            case .upToDate(let entry):
                if plan.state.entries[texture.outputPath] != entry {
                    try await recorder.record(entry, for: texture.outputPath)
                }
                results[texture.source.path] = TextureResult(
                    source: texture.source.path, output: texture.outputPath, outcome: .upToDate,
                    summary: entry.summary, seconds: 0, settings: texture.settings)
            case .fail(let error):
                results[texture.source.path] = TextureResult(
                    source: texture.source.path, output: texture.outputPath, outcome: .failed(error), summary: nil,
                    seconds: 0, settings: texture.settings)
            case .build:
                work.append(texture)
            }
        }
        work.sort {
            $0.estimatedMemory != $1.estimatedMemory
                ? $0.estimatedMemory > $1.estimatedMemory : $0.source.path < $1.source.path
        }

        let gate = JobGate(slots: configuration.jobs, budget: configuration.memoryBudget)
        let totalCost = Double(work.reduce(0) { $0 + max($1.estimatedMemory, 1) })
        var doneCost = 0.0
        var completed = 0
        try await withThrowingTaskGroup(of: (TextureResult, BuildState.Entry?, Int).self) { group in
            for texture in work {
                group.addTask {
                    let cost = texture.estimatedMemory
                    await gate.acquire(cost: cost)
                    let (result, entry) = await execute(texture, configuration: configuration, cache: cache)
                    await gate.release(cost: cost)
                    return (result, entry, max(cost, 1))
                }
            }
            for try await (result, entry, cost) in group {
                if let entry { try await recorder.record(entry, for: result.output) }
                results[result.source] = result
                completed += 1
                doneCost += Double(cost)
                let elapsed = seconds(clock.now - start)
                let remaining = completed < work.count ? elapsed * (totalCost - doneCost) / doneCost : 0
                onFinish(
                    result,
                    BuildProgress(completed: completed, total: work.count, elapsed: elapsed, remaining: remaining))
            }
        }
        try await recorder.flush()
        return BuildSummary(
            results: plan.textures.compactMap { results[$0.source.path] }, pruned: pruned,
            otherShards: plan.otherShards, seconds: seconds(clock.now - start), notPruned: notPruned,
            skipped: plan.skipped)
    }

    /// Deletes the stale outputs ``StaleOutput`` allows and forgets every stale record.
    /// - Returns: The deleted paths, and `path: reason` for each recorded output left in place.
    private static func prune(
        _ plan: BuildPlan, in folder: URL, recorder: StateRecorder
    ) async throws -> (pruned: [String], kept: [String]) {
        var pruned: [String] = []
        var kept: [String] = []
        for path in plan.stale {
            guard let entry = plan.state.entries[path] else { continue }
            switch StaleOutput.verdict(for: path, entry: entry, in: folder) {
            case .delete:
                let url = folder.appendingPathComponent(path)
                guard unlink(url.path) == 0 || errno == ENOENT else {
                    throw PipelineError(
                        file: FileIOError.name(of: url), reason: "cannot delete the stale output: \(lastErrorText())")
                }
                pruned.append(path)
            case .gone:
                break
            case .keep(let reason):
                kept.append("\(path): \(reason)")
            }
            try await recorder.remove(path)
        }
        return (pruned, kept)
    }

    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }

    /// Builds one texture: from the cache if it has a valid entry, else by encoding.
    private static func execute(
        _ texture: PlannedTexture, configuration: BuildConfiguration, cache: GivingUpCache?
    ) async -> (TextureResult, BuildState.Entry?) {
        let clock = ContinuousClock()
        let start = clock.now
        var warnings: [String] = []
        // Build messages name sources relative to the source folder, as the per-texture lines do.
        let name = texture.source.path
        func result(_ outcome: TextureResult.Outcome, _ summary: TextureSummary?) -> TextureResult {
            TextureResult(
                source: texture.source.path, output: texture.outputPath, outcome: outcome, summary: summary,
                seconds: seconds(clock.now - start), warnings: warnings, settings: texture.settings)
        }
        do {
            let job = texture.settings.job
            // Refused or warned exactly as `pvrc encode` does, before anything is read: the job's one check.
            let jobWarnings = try job.check()
            warnings += jobWarnings.map { "\(FileIOError.name(of: texture.output)): \($0)" }
            // A 2D texture's one source, or a cube map's six faces.
            let sources = texture.faces.isEmpty ? [texture.source] : texture.faces
            let inputStamp = InputStamp(of: sources[0].url)
            let inputs = try sources.map(BuildPlan.readInput)
            let input = inputs[0]
            let digest = texture.faces.isEmpty ? ContentDigest(of: input) : BuildPlan.cubeMapDigest(inputs)
            let key = try texture.settings.cacheKey(input: digest)
            try FileManager.default.createDirectory(
                at: texture.output.deletingLastPathComponent(), withIntermediateDirectories: true)
            // As `pvrc encode` does: an output that is (a link to) its own source, or that cannot be
            // written, fails before any work.
            do {
                try OutputDestination.check(texture.output, notOverwriting: sources.map(\.url))
            } catch {
                throw PipelineError(file: error.file, reason: error.reason)
            }

            var outcome = TextureResult.Outcome.built
            var file: TextureFile?
            var bytes: [UInt8] = []
            if let cache {
                // Checked against the most bytes and the size a valid texture of this source can
                // have before anything is fetched or parsed.
                let check = CachedTextureCheck(input: input, settings: texture.settings, faces: sources.count)
                let (entry, problems) = await cache.load(key, limit: check.maximumFileSize) {
                    try check.texture(from: $0, name: "entry \(key.hex)")
                }
                warnings += problems
                if let entry {
                    file = entry.value
                    bytes = entry.bytes
                    outcome = .cached
                }
            }
            var reference: RGBAImage?
            if file == nil {
                let faces = texture.faces.map(\.path)
                let encoded = try await offPool {
                    faces.isEmpty
                        ? try job.encode(fileBytes: input, file: name, checked: jobWarnings)
                        : try job.encodeCubeMap(fileBytes: inputs, files: faces, checked: jobWarnings)
                }
                file = TextureFile(container: encoded.container, texture: encoded.texture)
                bytes = encoded.bytes
                reference = encoded.reference
            }
            guard let file else { throw PipelineError(file: name, reason: "no texture was produced") }
            do {
                try AtomicFileWriter.write(bytes, to: texture.output)
            } catch {
                throw PipelineError(file: error.file, reason: error.reason)
            }
            if case .built = outcome, let cache {
                warnings += await cache.store(bytes, for: key)
            }
            var quality: TextureQuality?
            if configuration.measuresQuality {
                let encoderReference = reference
                quality = try await offPool {
                    let level0 =
                        try encoderReference
                        ?? job.reference(
                            for: ImageFile.decode(
                                input, file: sources[0].path, pixelLimit: job.options.pixelLimit))
                    return try measure(file.texture, against: level0)
                }
            }
            let summary = TextureSummary(
                width: file.texture.width, height: file.texture.height, hasAlpha: file.texture.hasAlpha,
                levels: file.texture.levels.count, bytes: bytes.count, quality: quality)
            var entry: BuildState.Entry?
            if let inputStamp, let outputStamp = InputStamp(of: texture.output) {
                entry = BuildState.Entry(
                    source: texture.source.path, inputSize: inputStamp.size, inputModified: inputStamp.modified,
                    inputDigest: digest, key: key, outputSize: outputStamp.size, outputModified: outputStamp.modified,
                    summary: summary, inputChanged: inputStamp.changed, inputInode: inputStamp.inode,
                    outputChanged: outputStamp.changed, outputInode: outputStamp.inode,
                    outputDigest: ContentDigest(of: bytes))
            }
            return (result(outcome, summary), entry)
        } catch {
            return (result(.failed(error), nil), nil)
        }
    }

    /// Level 0's PSNR (a cube map's first face's) against `reference`, the image the encoder saw
    /// (`EncodeResult.reference`).
    private static func measure(_ texture: PVRTCTexture, against reference: RGBAImage) throws -> TextureQuality {
        let decoded = PVRTCDecoder.decode(texture.levels[0], threads: 1)
        let comparison = try ImageComparison.compare(reference: reference, candidate: decoded)
        return TextureQuality(
            yPSNR: comparison.lumaPSNR, alphaWeightedRGBPSNR: comparison.alphaWeightedRGBPSNR,
            alphaPSNR: comparison.alphaPSNR)
    }

    /// Runs `work` on a Dispatch thread, off the concurrency pool, so long encodes and measurements
    /// do not starve other tasks.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
