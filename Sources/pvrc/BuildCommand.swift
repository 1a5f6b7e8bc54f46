import ArgumentParser
import EncodeJobs
import FileIO
import Foundation
import PVRTC
import PVRTCSearch
import TextureFormats
import TextureManifest
import TexturePipeline

/// `pvrc build SOURCE OUT`: every image under a folder (or a manifest's folder) to textures in a
/// mirrored tree, incrementally, in parallel, optionally through a shared cache and split in shards.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Encode every image under a folder (or a JSON manifest's folder) into a mirrored tree of textures.",
        discussion: """
            SOURCE/a/b.png becomes OUT/a/b.pvr (.ktx with --format ktx). Only textures whose input bytes, \
            effective options or encoder version changed are encoded again; the record is \
            OUT/\(BuildState.fileName). Every encode option applies to all textures; a manifest adds \
            per-glob overrides (see the README). With --cache, results are shared through a folder or an \
            HTTP(S) server speaking the Bazel remote-cache protocol (GET/PUT BASE/cas/SHA256 and BASE/ac/KEY); \
            cache errors only warn. https:// caches verify the server's certificate against the system's \
            trusted certificates (or only --cache-ca-file's); user:token@ in the URL is sent as basic \
            authentication, over http:// only with --cache-allow-http-credentials. --shard I/N builds one \
            of N deterministic parts; a later unsharded build with the same cache assembles OUT without \
            encoding.
            """
    )

    @Argument(help: "The source folder, or a JSON manifest.")
    var source: String

    @Argument(help: "The output folder (mirrors the source tree).")
    var output: String

    @OptionGroup var encoding: EncodingOptionGroup

    @OptionGroup var limits: PixelLimitOptions

    @Flag(help: "Rebuild every texture, up to date or not.")
    var force = false

    @Flag(help: "List what would be built or pruned, and change nothing.")
    var dryRun = false

    @Flag(help: "Delete outputs of earlier builds whose source is gone.")
    var prune = false

    @Option(help: "Textures encoded at once (default: all processors).")
    var jobs: Int?

    @Option(help: "Megabytes of estimated encoder memory running textures may use together (default: half the RAM).")
    var memoryBudget: Int?

    @Option(
        help:
            "Shared cache: a folder, or http[s]://[USER:TOKEN@]HOST[:PORT]/PREFIX (Bazel remote-cache HTTP protocol)."
    )
    var cache: String?

    @Option(
        help: ArgumentHelp(
            "For an https:// cache: trust only the CA certificates in this PEM file (a private cache's own CA).",
            valueName: "file"))
    var cacheCaFile: String?

    @Flag(
        help:
            "Send the credentials of an http:// cache URL although anyone on the network can read them (prefer https://)."
    )
    var cacheAllowHttpCredentials = false

    @Option(help: "Build only part I of N (1 <= I <= N), split by source path hash.")
    var shard: String?

    @Option(help: "Write a JSON report of every texture (sizes, timings, PSNR of level 0) to this file.")
    var report: String?

    @Option(
        help: "Write OUT/build.ninja (one `pvrc encode` edge per texture) instead of building; the value is `ninja`.")
    var emit: String?

    @Flag(help: "Print only failures, warnings and the summary.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let memoryBudget, memoryBudget < 1 { throw ValidationError("--memory-budget must be at least 1") }
        if let emit, emit != "ninja" { throw ValidationError("--emit supports only ninja") }
        if cache == nil && (cacheCaFile != nil || cacheAllowHttpCredentials) {
            throw ValidationError("--cache-ca-file and --cache-allow-http-credentials need --cache")
        }
    }

    func run() async throws {
        try await CommandFailure.reporting { try await build() }
    }

    private func build() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let configuration = try makeConfiguration()
        let plan = try BuildPlan.make(configuration)
        for path in plan.skipped {
            printError("warning: skipped \(path): not a format pvrc reads (PNG, JPEG, TGA)")
        }
        if emit != nil {
            try FileManager.default.createDirectory(at: configuration.outputFolder, withIntermediateDirectories: true)
            let file = try NinjaFile(
                plan: plan, configuration: configuration, source: URL(fileURLWithPath: source),
                manifest: sourceIsManifest, pvrc: Self.executable())
            let url = configuration.outputFolder.appendingPathComponent("build.ninja")
            try file.write(to: url)
            printLine("\(url.relativePath): \(plan.textures.count) textures")
            return
        }
        if dryRun {
            printPlan(plan)
            return
        }
        let toProcess = plan.textures.count { if case .build = $0.action { true } else { false } }
        let display = BuildDisplay(quiet: quiet, total: toProcess)
        let ticker = Task {
            while display.showsBar && !Task.isCancelled {
                display.tick()
                try? await Task.sleep(for: .seconds(1))
            }
        }
        let summary: BuildSummary
        do {
            summary = try await TextureBuild.run(plan, configuration: configuration) { result, progress in
                display.finished(result, progress: progress)
            }
        } catch {
            ticker.cancel()
            await ticker.value
            display.finish()
            throw error
        }
        ticker.cancel()
        await ticker.value
        display.finish()
        if let report {
            try BuildReport(summary).write(to: URL(fileURLWithPath: report))
        }
        printSummary(summary, seconds: clock.now - start)
        if !summary.failures.isEmpty { throw ExitCode.failure }
    }

    private func makeConfiguration() throws -> BuildConfiguration {
        let sourceURL = URL(fileURLWithPath: source)
        let manifest: BuildManifest
        if sourceIsManifest {
            manifest = try BuildManifest.read(from: sourceURL)
        } else {
            manifest = BuildManifest(folder: sourceURL)
        }
        for warning in manifest.warnings {
            printError("warning: \(warning)")
        }
        let memory = memoryBudget.map { $0 << 20 } ?? Int(ProcessInfo.processInfo.physicalMemory / 2)
        let job = try encoding.job(limits: limits)
        return BuildConfiguration(
            manifest: manifest, outputFolder: URL(fileURLWithPath: output),
            settings: TextureSettings(options: job.options, container: job.container), force: force,
            prune: prune, jobs: jobs ?? Parallel.processorCount, memoryBudget: memory,
            cache: try cache.map {
                try BuildCacheLocation.open(
                    $0, certificateAuthorities: cacheCaFile.map { URL(fileURLWithPath: $0) },
                    allowsCredentialsOverHTTP: cacheAllowHttpCredentials)
            },
            shard: try shard.map(Shard.init(parsing:)),
            measuresQuality: report != nil)
    }

    private func printPlan(_ plan: BuildPlan) {
        var toBuild = 0
        var upToDate = 0
        for texture in plan.textures {
            switch texture.action {
            case .build(let reason):
                toBuild += 1
                printLine("build \(texture.source.path) -> \(texture.outputPath) (\(reason.rawValue))")
            case .upToDate:
                upToDate += 1
            case .fail:
                printLine("fail \(texture.source.path)")
            }
        }
        var pruneCount = 0
        if prune {
            let folder = URL(fileURLWithPath: output)
            for path in plan.stale {
                guard let entry = plan.state.entries[path] else { continue }
                switch StaleOutput.verdict(for: path, entry: entry, in: folder) {
                case .delete:
                    pruneCount += 1
                    printLine("prune \(path)")
                case .gone: break
                case .keep(let reason): printLine("keep \(path) (\(reason))")
                }
            }
        }
        print(
            "dry run: \(toBuild) to build, \(upToDate) up to date, \(pruneCount) to prune" + shardNote(plan.otherShards)
        )
    }

    /// The summary line (with the whole command's wall time) and one line per failure.
    private func printSummary(_ summary: BuildSummary, seconds elapsed: Duration) {
        for kept in summary.notPruned {
            printError("warning: not pruned: \(output)/\(kept)")
        }
        for failure in summary.failures {
            printError(message(for: failure))
        }
        var parts = ["\(summary.built) built", "\(summary.cached) from cache", "\(summary.upToDate) up to date"]
        parts.append("\(summary.failures.count) failed")
        if !summary.pruned.isEmpty { parts.append("\(summary.pruned.count) pruned") }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(
            "pvrc build: " + parts.joined(separator: ", ") + shardNote(summary.otherShards)
                + String(format: " (%.2f s)", seconds))
    }

    /// `pvrc: TEXT` on stderr, escaped: build messages carry source names, which may hold control
    /// characters.
    private func printError(_ text: String) {
        FileHandle.standardError.write(Data("pvrc: \(PrintableText.escaped(text))\n".utf8))
    }

    /// One line of the build log on stdout, escaped as ``printError(_:)`` is.
    private func printLine(_ text: String) {
        print(PrintableText.escaped(text))
    }

    private func shardNote(_ others: Int) -> String {
        others > 0 ? ", \(others) in other shards" : ""
    }

    /// The failure line, with the encode options that would help where the library suggests none.
    private func message(for result: TextureResult) -> String {
        if case .failed(let error as EncodingError) = result.outcome {
            return error.commandFailure(file: result.source).description
        }
        if case .failed(let error as EncodeJobError) = result.outcome {
            return error.commandFailure(output: result.output).description
        }
        return result.failureMessage ?? result.source
    }

    /// Whether `SOURCE` is a manifest file (anything but a folder).
    private var sourceIsManifest: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// This `pvrc` executable, for the ninja edges.
    private static func executable() -> URL {
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    }
}
