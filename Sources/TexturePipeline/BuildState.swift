import FileIO
import Foundation
import TextureManifest

/// What the last builds into an output folder produced, kept in `OUT/.pvrc-build-state.json`
/// (written atomically): for each output, the key it was built with and enough about the input
/// and output files to tell whether it is up to date without re-reading them.
public struct BuildState: Sendable, Equatable, Codable {
    /// The state file's name inside the output folder.
    public static let fileName = ".pvrc-build-state.json"

    /// One output's record.
    public struct Entry: Sendable, Equatable, Codable {
        /// The source path relative to the source folder.
        public var source: String
        /// The input file's size in bytes when it was hashed.
        public var inputSize: Int
        /// The input file's modification time (seconds since 1970, nanosecond resolution) when hashed.
        public var inputModified: Double
        /// The SHA-256 of the input's bytes.
        public var inputDigest: ContentDigest
        /// The cache key: input digest, effective options and encoder version.
        public var key: ContentDigest
        /// The output file's size in bytes.
        public var outputSize: Int
        /// The output file's modification time when it was written.
        public var outputModified: Double
        /// What the output holds, for reports of later builds that skip it.
        public var summary: TextureSummary
        /// The input file's inode change time when hashed (`nil` in records of older builds).
        public var inputChanged: Double?
        /// The input file's inode number when hashed.
        public var inputInode: UInt64?
        /// The output file's inode change time when it was written.
        public var outputChanged: Double?
        /// The output file's inode number.
        public var outputInode: UInt64?
        /// The SHA-256 of the output file as written: `--prune` deletes a file whose time stamps
        /// moved only while its bytes are still these.
        public var outputDigest: ContentDigest?

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
        public init(
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
    public var version: Int
    /// Records by output path relative to the output folder.
    public var entries: [String: Entry]

    /// An empty state.
    public init() {
        version = 1
        entries = [:]
    }

    /// The state in `folder`, or an empty state when there is none or it cannot be used (a damaged
    /// or foreign state only costs a rebuild).
    ///
    /// - Parameter folder: The output folder.
    /// - Returns: The recorded state.
    public static func load(from folder: URL) -> BuildState {
        guard let bytes = try? FileBytes.read(folder.appendingPathComponent(fileName)),
            let state = try? decoder().decode(BuildState.self, from: Data(bytes)), state.version == 1
        else { return BuildState() }
        return state
    }

    /// Writes the state into `folder` atomically.
    ///
    /// - Parameter folder: The output folder, which must exist.
    /// - Throws: `PipelineError` when the file cannot be written.
    public func save(to folder: URL) throws {
        try JSONFile.write(self, to: folder.appendingPathComponent(Self.fileName))
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
