import FileIO
import Foundation
import TextureManifest

/// What the last builds into an output folder produced, kept in `OUT/.pvrc-build-state.json`
/// (written atomically): for each output, the key it was built with and enough about the input
/// and output files to tell whether it is up to date without re-reading them.
package struct BuildState: Sendable, Equatable, Codable {
    /// The state file's name inside the output folder.
    package static let fileName = ".pvrc-build-state.json"

    /// One output's record.
    package struct Entry: Sendable, Equatable, Codable {
        /// The source path relative to the source folder.
        package var source: String
        /// The input file's size in bytes when it was hashed.
        package var inputSize: Int
        /// The input file's modification time (seconds since 1970, nanosecond resolution) when hashed.
        package var inputModified: Double
        /// The SHA-256 of the input's bytes.
        package var inputDigest: ContentDigest
        /// The cache key: input digest, effective options and encoder version.
        package var key: ContentDigest
        /// The output file's size in bytes.
        package var outputSize: Int
        /// The output file's modification time when it was written.
        package var outputModified: Double
        /// What the output holds, for reports of later builds that skip it.
        package var summary: TextureSummary
        /// The input file's inode change time when hashed (`nil` in records of older builds).
        package var inputChanged: Double?
        /// The input file's inode number when hashed.
        package var inputInode: UInt64?
        /// The output file's inode change time when it was written.
        package var outputChanged: Double?
        /// The output file's inode number.
        package var outputInode: UInt64?
        /// The SHA-256 of the output file as written: `--prune` deletes a file whose time stamps
        /// moved only while its bytes are still these.
        package var outputDigest: ContentDigest?

        /// A record.
        ///
        /// - Parameters:
        ///   - source: The source path relative to the source folder.
        ///   - inputSize: The input file's size.
        ///   - inputModified: The input file's modification time.
        ///   - inputDigest: The SHA-256 of the input.
        ///   - key: The cache key.
        ///   - outputSize: The output file's size.
        ///   - outputModified: The output file's modification time.
        ///   - summary: What the output holds.
        ///   - inputChanged: The input file's inode change time.
        ///   - inputInode: The input file's inode number.
        ///   - outputChanged: The output file's inode change time.
        ///   - outputInode: The output file's inode number.
        ///   - outputDigest: The SHA-256 of the output file.
        package init(
            source: String, inputSize: Int, inputModified: Double, inputDigest: ContentDigest, key: ContentDigest,
            outputSize: Int, outputModified: Double, summary: TextureSummary, inputChanged: Double? = nil,
            inputInode: UInt64? = nil, outputChanged: Double? = nil, outputInode: UInt64? = nil,
            outputDigest: ContentDigest? = nil
        ) {
            self.source = source
            self.inputSize = inputSize
            self.inputModified = inputModified
            self.inputDigest = inputDigest
            self.key = key
            self.outputSize = outputSize
            self.outputModified = outputModified
            self.summary = summary
            self.inputChanged = inputChanged
            self.inputInode = inputInode
            self.outputChanged = outputChanged
            self.outputInode = outputInode
            self.outputDigest = outputDigest
        }
    }

    /// The state file's layout version.
    package var version: Int
    /// Records by output path relative to the output folder.
    package var entries: [String: Entry]

    /// An empty state.
    package init() {
        version = 1
        entries = [:]
    }

    /// The state in `folder`, or an empty state when there is none or it cannot be used (a damaged
    /// or foreign state only costs a rebuild).
    ///
    /// - Parameter folder: The output folder.
    /// - Returns: The recorded state.
    package static func load(from folder: URL) -> BuildState {
        guard let bytes = try? FileBytes.read(folder.appendingPathComponent(fileName)),
            let state = try? decoder().decode(BuildState.self, from: Data(bytes)), state.version == 1
        else { return BuildState() }
        return state
    }

    /// Writes the state into `folder` atomically.
    ///
    /// - Parameter folder: The output folder, which must exist.
    /// - Throws: `PipelineError` when the file cannot be written.
    package func save(to folder: URL) throws {
        try JSONFile.write(self, to: folder.appendingPathComponent(Self.fileName))
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
