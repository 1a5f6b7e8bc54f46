import Foundation

/// Keeps the build state while a build runs and writes it to the output folder, at most once a
/// second while textures finish and once more at the end, so a killed build keeps what it finished.
actor StateRecorder {
    private var state: BuildState
    private let folder: URL
    private var lastSave = ContinuousClock.now
    private var dirty = false

    /// A recorder starting from `state`, saving into `folder`.
    init(state: BuildState, folder: URL) {
        self.state = state
        self.folder = folder
    }

    /// Records a finished output.
    func record(_ entry: BuildState.Entry, for output: String) throws {
        state.entries[output] = entry
        try changed()
    }

    /// Forgets a pruned output.
    func remove(_ output: String) throws {
        state.entries[output] = nil
        try changed()
    }

    /// Writes the state if anything changed since the last write.
    func flush() throws {
        guard dirty else { return }
        try state.save(to: folder)
        dirty = false
        lastSave = .now
    }

    private func changed() throws {
        dirty = true
        if ContinuousClock.now - lastSave >= .seconds(1) { try flush() }
    }
}
